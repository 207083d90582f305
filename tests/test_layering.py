"""The host's layering (issue 29 item 1): the shell sits on its collaborators,
never the other way round, counting imports made for annotations only.

tests/test_module_layout.py forbids cycles among the imports that run; this
file counts the ``if TYPE_CHECKING:`` imports too, so a collaborator cannot
reach back up to the shell for its types (it declares a ``Protocol`` of what
it needs instead: :class:`cardshell.host.Host`, :class:`cardshell.views.ViewedShell`;
the registry takes the host as a plain ``object``, which it only builds the
default plugins with).
"""

from __future__ import annotations

from cardshell.defaults import DEFAULT_PLUGINS
from test_module_layout import PACKAGE, module_name, runtime_imports

#: The only cycles allowed, each one strongly connected group of modules:
#: the plugin contract's records refer to each other's types (a Command's
#: handler takes a CommandContext, whose ShellView shows the Games and their
#: sessions, whose Game lists its Moves), and the testing library gives the
#: pytest plugin's names to old imports through its module ``__getattr__``.
ALLOWED_GROUPS = [
    {"cardshell.records", "cardshell.command_records", "cardshell.views", "cardshell.session"},
    {"cardshell.testing", "cardshell.pytest_plugin"},
]

#: The shell's collaborators: none of them may import the shell or the host interface.
COLLABORATORS = ["cardshell.gametable", "cardshell.seeds", "cardshell.sessions", "cardshell.dispatch",
                 "cardshell.replay", "cardshell.persistence", "cardshell.registry", "cardshell.views",
                 "cardshell.scopes", "cardshell.session", "cardshell.hookcall", "cardshell.problems",
                 "cardshell.context", "cardshell.endings"]


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def all_imports(name: str) -> set[str]:
    """The cardshell modules a module imports anywhere: at its top, inside
    functions, and under ``if TYPE_CHECKING:``."""
    return runtime_imports(MODULES[name], set(MODULES), annotations=True) - {name}


def strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of two or more modules that import each other (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_import_cycle_counting_annotation_imports():
    graph = {name: all_imports(name) for name in MODULES}
    assert [sorted(group) for group in strongly_connected(graph) if group not in ALLOWED_GROUPS] == []


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert strongly_connected(graph) == [{"a", "b", "c"}]


def test_no_collaborator_imports_the_shell_or_the_host_interface():
    offenders = {name: sorted(all_imports(name) & {"cardshell.shell", "cardshell.host"}) for name in COLLABORATORS}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_the_default_plugins_import_the_host_interface_not_the_shell():
    modules = {target.partition(":")[0] for _, target in DEFAULT_PLUGINS}
    modules |= {name for name in MODULES if name.startswith("cardshell.commands.")}
    offenders = {name: "cardshell.shell" for name in sorted(modules)
                 if "cardshell.shell" in all_imports(name)}
    assert offenders == {}


def test_the_shell_provides_every_member_of_the_host_interface():
    import inspect

    from cardshell.host import Host
    from cardshell.shell import Shell

    declared = set(Host.__annotations__) | {name for name, _ in inspect.getmembers(Host) if not name.startswith("_")}
    shell = Shell.create(plugins=[], seed=0)
    assert sorted(name for name in declared if not hasattr(shell, name)) == []
    # The collaborators by name (no mirror of their methods), each typed as the collaborator.
    assert {"table", "lifecycle", "registry", "dispatcher", "persistence", "front_end", "places"} <= declared
    assert len(declared) <= 12


def test_the_replayer_rebuilds_a_game_below_the_dispatcher_and_the_table():
    # A saved log is folded through the game's rules (RuleSet.run), as the dispatcher runs a typed
    # move: load goes down the layers, never back up into the dispatcher or the current game.
    assert sorted(all_imports("cardshell.replay") & {"cardshell.dispatch", "cardshell.gametable"}) == []
    assert "cardshell.replay" not in all_imports("cardshell.dispatch")
