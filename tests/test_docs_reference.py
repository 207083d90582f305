"""docs/reference.md cannot drift: its reference section is exactly what
``python -m cardshell.docs`` generates from the docstrings, and every code
block of the Higher or Lower how-to pages (docs/howto/write-a-game.md, then
docs/howto/testing.md) marked ``file=PATH`` is the example plugin's file."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from cardshell import docs

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "reference.md"
#: The pages that build the example plugin, in the order its files are written.
EXAMPLE_PAGES = (ROOT / "docs" / "howto" / "write-a-game.md", ROOT / "docs" / "howto" / "testing.md")
EXAMPLE = ROOT / "examples" / "cardshell-higher-lower"
_BLOCK = re.compile(r"^```\w+ file=(\S+)\n(.*?)^```$", re.M | re.S)


def test_the_reference_is_generated_from_the_current_docstrings():
    text = GUIDE.read_text(encoding="utf-8")
    assert docs.reference() in text, "run: python -m cardshell.docs --write docs/reference.md"
    assert docs.main(["--check", str(GUIDE)]) == 0


def test_the_reference_covers_every_hook_and_record():
    reference = docs.reference()
    for hook in docs.hookspec_functions():
        assert f"### `{hook.__name__}`" in reference
        _, params, returns = docs.split_docstring(inspect.getdoc(hook))
        for name in params:
            assert f"- `{name}`: " in reference
        assert f"Returns: {docs._markdown(returns)}" in reference
    for record in docs.RECORDS:
        assert f"### `cardshell.{record.__name__}`" in reference


def test_check_reports_a_stale_reference(tmp_path, capsys):
    stale = tmp_path / "reference.md"
    stale.write_text(GUIDE.read_text(encoding="utf-8").replace("Register games.", "Register gams."),
                     encoding="utf-8")
    assert docs.main(["--check", str(stale)]) == 1
    assert "out of date" in capsys.readouterr().err
    assert docs.main(["--write", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == GUIDE.read_text(encoding="utf-8")


def test_the_tutorial_code_is_the_example_plugin():
    blocks: dict[str, list[str]] = {}
    for page in EXAMPLE_PAGES:
        for path, body in _BLOCK.findall(page.read_text(encoding="utf-8")):
            blocks.setdefault(path, []).append(body)
    assert {"pyproject.toml", "cardshell_higher_lower/rules.py", "cardshell_higher_lower/plugin.py",
            "tests/test_plugin.py", "tests/test_win.cardshell"} <= set(blocks)
    for path, bodies in blocks.items():
        assert "\n\n".join(bodies) == (EXAMPLE / path).read_text(encoding="utf-8"), path
