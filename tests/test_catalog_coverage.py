"""The host's words live in the catalog only (cardshell/messages.py): no
module of the host gives a user-facing error, echo or warning a text of its
own.  The scan finds literal strings and f-strings handed to the errors a
player sees, to ``ctx.echo`` and to the lists of warnings and notes."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = ROOT / "cardshell"

#: What a player is shown: the contract's and the host's errors, a command's echo.  (The testing
#: kit's reports, for a plugin's author at pytest, are not a player's: cardshell/golden.py, testing.py.)
CALLS = frozenset({"CommandError", "UsageError", "SaveError", "PluginFault", "RecordError", "OptionError", "echo"})

#: Modules whose words are not yet all in the catalog, by the part of the
#: host they belong to.  Each part removes its modules as it moves their
#: words into the catalog; the list ends empty.
NOT_YET: set[str] = set()


def _literal(node: ast.AST) -> bool:
    """Whether an expression is (or contains, as an operand) text written here."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(node.value.strip())
    if isinstance(node, ast.BinOp):
        return _literal(node.left) or _literal(node.right)
    if isinstance(node, ast.IfExp):
        return _literal(node.body) or _literal(node.orelse)
    return False


def sites(path: Path) -> list[int]:
    """The lines of ``path`` that hand a text of their own to a player."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in CALLS and _literal(node.args[0]):
                found.append(node.lineno)
    return found


def test_the_scan_finds_a_text_written_in_place(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('raise CommandError(f"no game {name!r}")\nctx.echo("Saved.")\nctx.echo(say("x.y"))\n'
                      'raise UsageError(text)\n', encoding="utf-8")
    assert sites(sample) == [1, 2]


def test_no_module_of_the_host_writes_its_own_words():
    offenders = {}
    for path in sorted(HOST.rglob("*.py")):
        name = path.relative_to(HOST).as_posix()
        if name == "messages.py" or name in NOT_YET:
            continue
        lines = sites(path)
        if lines:
            offenders[name] = lines
    assert offenders == {}, "move these texts into cardshell/messages.py and say() them"


def test_the_list_of_modules_not_yet_done_holds_only_modules_with_words_of_their_own():
    done = sorted(name for name in NOT_YET if not (HOST / name).exists() or not sites(HOST / name))
    assert done == [], "remove these from NOT_YET"
