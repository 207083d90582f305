"""The host's layout (issue 13 item 8): no import cycle among cardshell's
modules (deferred imports included), the host's commands as separate default plugins, and a
test library that plugin authors can import without pytest."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import cardshell
from cardshell.defaults import DEFAULT_PLUGINS

PACKAGE = Path(cardshell.__file__).resolve().parent

#: Imports that may close a cycle: the testing library gives the pytest plugin's names
#: (cardshell_script, GoldenItem ...) to old imports through its module __getattr__, which
#: runs only when such a name is asked for, never while either module is being imported.
ALLOWED = {("cardshell.testing", "cardshell.pytest_plugin")}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def runtime_imports(path: Path, modules: set[str], *, annotations: bool = False) -> set[str]:
    """The cardshell modules a module imports, at its top or inside its
    functions (deferred imports count: they run too), but not those under
    ``if TYPE_CHECKING:`` (annotations only) unless ``annotations`` is true
    (tests/test_layering.py counts them)."""
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if annotations else {
        id(sub) for node in ast.walk(tree) if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for stmt in node.body for sub in ast.walk(stmt)}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # "from package import submodule" imports the submodule (its package is its parent, not a cycle)
            names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules else node.module
                     for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in modules)
    return found


def test_no_import_cycle_among_the_host_modules():
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {name: {target for target in runtime_imports(path, set(paths)) - {name} if (name, target) not in ALLOWED}
             for name, path in paths.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        stack.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                cycle = stack[stack.index(target):] + [target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target)
        stack.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def test_the_host_commands_are_separate_default_plugins():
    from cardshell.shell import Shell

    shell = Shell.create([])
    names = [info.name for info in shell.plugins]
    assert names == [name for name, _ in DEFAULT_PLUGINS] and len(names) >= 6
    owners = {entry.command.name: entry.plugin for entry in shell.registry.global_scope.entries}
    assert owners["help"] == "cardshell.builtin" and owners["play"] == "cardshell.play"
    assert owners["save"] == "cardshell.saves" and owners["undo"] == "cardshell.undo"


def test_the_testing_library_imports_neither_pytest_nor_the_shell():
    code = "import sys, cardshell.testing; print(sorted(m for m in ('pytest', 'cardshell.shell') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout
    assert out.strip() == "[]"
    source = (PACKAGE / "testing.py").read_text(encoding="utf-8") + (PACKAGE / "pytest_plugin.py").read_text(
        encoding="utf-8")
    assert "chdir" not in source


def test_one_place_reads_whether_a_games_states_are_immutable():
    # cardshell.statekind.immutable_states decides it; everything else asks it.
    readers = sorted(f"{module_name(path)}:{node.lineno}" for path in PACKAGE.rglob("*.py")
                     for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                     if isinstance(node, ast.Attribute) and node.attr == "immutable" and isinstance(node.ctx, ast.Load))
    assert [reader for reader in readers if not reader.startswith("cardshell.statekind:")] == []
    assert len(readers) == 1


def test_one_place_decides_whether_a_state_is_immutable_by_its_type():
    # cardshell.statekind.proven_immutable asks cardshell.immutability's rule; the host asks statekind.
    users = sorted(module_name(path) for path in PACKAGE.rglob("*.py")
                   for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if (isinstance(node, ast.ImportFrom) and node.module == "cardshell.immutability")
                   or (isinstance(node, ast.ImportFrom) and node.module == "cardshell"
                       and any(alias.name == "immutability" for alias in node.names))
                   or (isinstance(node, ast.Import) and any(alias.name == "cardshell.immutability"
                                                            for alias in node.names)))
    assert users == ["cardshell.statekind"]


# -- each plugin folder stands alone, as a stranger's would ---------------------------
ROOT = PACKAGE.parent
#: The built-in plugins and the example plugin: the examples authors copy.
PLUGIN_SOURCES = [*sorted((ROOT / "plugins").glob("*/")), ROOT / "examples" / "cardshell-higher-lower"]
#: The modules docs/compatibility.md makes public, which a plugin and its tests may import
#: (a deprecated one, ``cardshell.montecarlo``, is left out: authors copy the built-in games).
PUBLIC_MODULES = {"cardshell", "cardshell.errors", "cardshell.parsers", "cardshell.cards", "cardshell.rng",
                  "cardshell.sweep", "cardshell.pipes", "cardshell.paths", "cardshell.contractcheck",
                  "cardshell.testing"}
#: The host's test helpers and toy plugins (tests/*.py, tests/plugins/*.py), and the root conftest.
HOST_TEST_MODULES = {path.stem for path in [*(ROOT / "tests").glob("*.py"), *(ROOT / "tests" / "plugins").glob("*.py")]}
HOST_TEST_MODULES |= {"conftest", "tests"}


def imports_in(path: Path) -> list[tuple[int, str, str | None]]:
    """Every import in a file, anywhere in it: ``(line, module, name)``, the
    name None for ``import module``; ``importorskip("m")`` and
    ``import_module("m")`` count as ``import m``."""
    found: list[tuple[int, str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [(node.lineno, node.module, alias.name) for alias in node.names]
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None)) in ("importorskip", "import_module")):
            found.append((node.lineno, node.args[0].value, None))
    return found


def _public_name(module: str, name: str) -> bool:
    """Whether ``from module import name`` takes a public name: a public
    module, or a name of the module's ``__all__`` (its non-underscore names
    without one)."""
    if f"{module}.{name}" in PUBLIC_MODULES:
        return True
    exported = getattr(importlib.import_module(module), "__all__", None)
    return not name.startswith("_") and (exported is None or name in exported)


def stranger_problems(path: Path, own: set[str] = frozenset(), root: Path = ROOT) -> list[str]:
    """What a plugin file (or one of its tests) imports that a stranger's
    plugin could not, by line: a cardshell module or name that is not
    public, or a module of the host's tests (``own``: the modules beside
    it, which may share a name with one of the host's), each named with
    the file's path from ``root``."""
    problems: list[tuple[int, str]] = []
    for line, module, name in imports_in(path):
        top = module.partition(".")[0]
        where = f"{path.relative_to(root)}:{line}"
        if top == "cardshell":
            wanted = f"{module}.{name}" if name and f"{module}.{name}" in PUBLIC_MODULES else module
            if wanted not in PUBLIC_MODULES:
                problems.append((line, f"{where}: {wanted} is not public"))
            elif name and not _public_name(module, name):
                problems.append((line, f"{where}: {module}.{name} is not public"))
        elif top in HOST_TEST_MODULES - own:
            problems.append((line, f"{where}: {module} is the host's tests'"))
    if path.parent.name == "tests":  # a toy plugin of the host's loaded by name (new_shell(modules=[...]))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in HOST_TEST_MODULES - own - {"tests"}:
                problems.append((node.lineno, f"{path.relative_to(root)}:{node.lineno}: loads {node.value!r}, "
                                              "the host's tests'"))
    return [problem for _, problem in sorted(problems)]


def test_the_public_modules_are_the_ones_compatibility_md_lists():
    text = (ROOT / "docs" / "compatibility.md").read_text(encoding="utf-8")
    public = text.partition("## What is public")[2].partition("### Forms served")[0]
    assert [module for module in sorted(PUBLIC_MODULES) if f"`{module}`" not in public] == []


def test_plugins_and_their_tests_use_only_what_is_public():
    problems = []
    for folder in PLUGIN_SOURCES:
        for path in sorted(folder.rglob("*.py")):
            if "build" in path.relative_to(folder).parts:
                continue
            own = {beside.stem for beside in path.parent.glob("*.py")}
            problems += stranger_problems(path, own)
    assert problems == []


def test_the_check_finds_what_a_stranger_could_not_import(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "toy_counter.py").write_text("")  # one of the test's own helpers, named like one of the host's
    sample = tests / "test_sample.py"
    sample.write_text("\n".join([
        "import cardshell.shell", "from cardshell.search import solve", "from cardshell import sweep, Game",
        "from cardshell.sweep import Pool, engine", "from cardshell.testing import new_shell, _script_lines",
        "from source_lines import lines_of", "import toy_counter", "def test():",
        "    pytest.importorskip('cardshell.ruleset')", "    new_shell(modules=['toy_pairs'])", ""]))
    found = stranger_problems(sample, {"toy_counter", "test_sample"}, tmp_path)
    assert found == ["tests/test_sample.py:1: cardshell.shell is not public",
                     "tests/test_sample.py:2: cardshell.search is not public",
                     "tests/test_sample.py:4: cardshell.sweep.engine is not public",
                     "tests/test_sample.py:5: cardshell.testing._script_lines is not public",
                     "tests/test_sample.py:6: source_lines is the host's tests'",
                     "tests/test_sample.py:9: cardshell.ruleset is not public",
                     "tests/test_sample.py:10: loads 'toy_pairs', the host's tests'"]
