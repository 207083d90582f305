"""The documentation's claims hold (issue 29 item 5): every dotted
``cardshell.`` name the docs cite (README.md, docs/*.md, docs/**/*.md)
imports; every relative link, and its #anchor, leads somewhere; and the
worked example of docs/howto/search.md is exact and gives the figures its
table shows."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path
from typing import Any

import pytest

import cardshell
from cardshell.testing import check_search

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted({ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("docs/**/*.md")})
SEARCH_HOWTO = ROOT / "docs" / "howto" / "search.md"

#: ``cardshell.x.y`` not inside a longer word, path or URL (``cardshell_x``, ``a/cardshell.y`` are not cited names).
_NAME = re.compile(r"(?<![\w./-])cardshell(?:\.[A-Za-z_]\w*)+")
#: A Markdown link's target: ``](target)``.
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6} (.+)$", re.M)
_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
_FENCE = re.compile(r"^```.*?^```$", re.M | re.S)
#: Pages written on another branch of issue 29 (the tutorial, from ``cardshell new-plugin``): links to them
#: are checked once they exist.  Remove an entry when its page lands.
def cited_names() -> list[tuple[str, str]]:
    """Every (page, dotted name) the docs cite, once each."""
    found = {(page.relative_to(ROOT).as_posix(), name) for page in PAGES
             for name in _NAME.findall(page.read_text(encoding="utf-8"))}
    return sorted(found)


def resolve(name: str) -> Any:
    """The object a dotted name denotes: the longest importable module prefix, then attributes.

    Raises:
        ImportError: when no prefix imports; AttributeError: when an attribute is missing.
    """
    parts = name.split(".")
    for split in range(len(parts), 0, -1):
        try:
            target: Any = importlib.import_module(".".join(parts[:split]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[split:]:
            target = getattr(target, attribute)
        return target
    raise ImportError(name)


def test_the_docs_cite_names():
    names = {name for _, name in cited_names()}
    assert {"cardshell.Game", "cardshell.testing.execute_checked", "cardshell.Verdict"} <= names


@pytest.mark.parametrize(("page", "name"), cited_names())
@pytest.mark.filterwarnings("ignore:cardshell.montecarlo is deprecated:DeprecationWarning")  # cited as deprecated
def test_every_cited_cardshell_name_imports(page, name):
    assert resolve(name) is not None, f"{page}: {name}"


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation but ``-`` and ``_`` dropped, spaces as ``-``."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    return {slug(heading) for heading in _HEADING.findall(text)} | set(_ANCHOR.findall(text))


def links() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        text = _FENCE.sub("", page.read_text(encoding="utf-8"))
        found += [(page.relative_to(ROOT).as_posix(), target) for target in _LINK.findall(text)
                  if not re.match(r"[a-z]+:", target)]
    return found


def test_slug_is_githubs():
    assert slug("10. The toolkit: what a plugin may import") == "10-the-toolkit-what-a-plugin-may-import"
    assert slug("### `cardshell.Game`".lstrip("# ")) == "cardshellgame"


@pytest.mark.parametrize(("page", "target"), links())
def test_every_relative_link_leads_somewhere(page, target):
    path, _, anchor = target.partition("#")
    file = ((ROOT / page).parent / path).resolve() if path else ROOT / page
    assert file.exists(), f"{page}: {target}"
    if anchor and file.suffix == ".md":
        assert anchor in anchors(file), f"{page}: {target}"


def test_the_former_sections_of_plugins_md_are_still_anchors():
    # Code, the README and third parties link to docs/plugins.md#...; the index keeps each anchor.
    kept = anchors(ROOT / "docs" / "plugins.md")
    for number in range(1, 11):
        assert any(anchor.startswith(f"{number}-") for anchor in kept), number
    assert {"hook-reference", "record-reference"} <= kept


# -- the worked example of docs/howto/search.md ------------------------------------------------------------
def worked_example() -> dict[str, Any]:
    """The names the page's ``python exec`` block defines."""
    [code] = re.findall(r"^```python exec\n(.*?)^```$", SEARCH_HOWTO.read_text(encoding="utf-8"), re.M | re.S)
    namespace: dict[str, Any] = {}
    exec(compile(code, str(SEARCH_HOWTO), "exec"), namespace)
    return namespace


def snippet(tag: str) -> str:
    """The one code block of docs/howto/search.md fenced as ```python TAG."""
    [code] = re.findall(rf"^```python {tag}\n(.*?)^```$", SEARCH_HOWTO.read_text(encoding="utf-8"), re.M | re.S)
    return code


@pytest.fixture
def registered_as_the_page_says(monkeypatch):
    """Higher or Lower registered with the worked example's fast paths, as the page's
    'Register them with the game' shows (the example plugin itself registers none)."""
    from cardshell_higher_lower import plugin, rules

    example = worked_example()
    [game] = plugin.cardshell_games()
    game = dataclasses.replace(game, heuristic=None, search=cardshell.Search(
        heuristic=rules.heuristic, key=example["search_key"], prune=example["proven_lost"],
        successors=example["successors"]))
    monkeypatch.setattr(plugin, "cardshell_games", cardshell.hookimpl(lambda: [game]))


def test_the_pages_check_of_the_fast_paths_runs_and_passes(registered_as_the_page_says):
    namespace: dict[str, Any] = {}
    exec(compile(snippet("test"), str(SEARCH_HOWTO), "exec"), namespace)
    tests = [value for name, value in namespace.items() if name.startswith("test_")]
    assert len(tests) == 1
    tests[0]()


def test_the_pages_check_fails_for_a_fast_path_that_leaves_out_a_win(registered_as_the_page_says, monkeypatch):
    from cardshell_higher_lower import plugin

    [game] = plugin.cardshell_games()
    lying = dataclasses.replace(game, search=dataclasses.replace(game.search, prune=lambda state: True))
    monkeypatch.setattr(plugin, "cardshell_games", cardshell.hookimpl(lambda: [lying]))
    namespace: dict[str, Any] = {}
    exec(compile(snippet("test"), str(SEARCH_HOWTO), "exec"), namespace)
    with pytest.raises(AssertionError, match=r"Search.prune calls lost a position from which a win is reachable"):
        namespace["test_the_fast_paths_give_the_plain_searchs_verdicts"]()


def test_the_table_of_the_worked_example(registered_as_the_page_says):
    rows = re.findall(r"^\| seed (\d+) \| (\d+) \| ([a-z ]+) \| (\d+) \| (\d+) \|$",
                      SEARCH_HOWTO.read_text(encoding="utf-8"), re.M)
    assert len(rows) == 3
    for seed, target, verdict, slow_positions, fast_positions in rows:
        [checked] = check_search("higher-lower", [int(seed)], options={"target": int(target)},
                                 plugins=["higher-lower"])
        assert (checked.plain.result, checked.fast.result) == (verdict, verdict)
        assert (checked.plain.positions, checked.fast.positions) == (int(slow_positions), int(fast_positions))
