"""The host's layout (issue 13 item 8): no import cycle among cardshell's
modules (deferred imports included), the host's commands as separate default plugins, and a
test library that plugin authors can import without pytest."""

from __future__ import annotations

import ast
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
