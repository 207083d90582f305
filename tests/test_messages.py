"""The catalog of the host's messages: every id well formed and documented,
every wording a template of plain named fields, every id the host says in
the catalog, and docs/messages.md generated from it."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

import pytest

from cardshell import docs, messages
from cardshell.messages import CATALOG, HostMessage, Message, fields_of, say
from cardshell.render import Laid, Layout, laid

ROOT = Path(__file__).resolve().parent.parent
ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*)+")


def test_every_id_is_dotted_lower_case_words():
    bad = [message_id for message_id in CATALOG if not ID.fullmatch(message_id)]
    assert bad == []


@pytest.mark.parametrize("message", list(CATALOG.values()), ids=list(CATALOG))
def test_every_message_is_documented_and_its_wordings_are_templates(message):
    assert message.doc.strip(), f"{message.id} has no documentation"
    fields = set(message.fields)
    for former in message.former:
        assert set(fields_of(former)) <= fields, f"{message.id}: a former wording uses a field the message lacks"


def test_the_documentation_page_is_generated_from_the_catalog():
    page = ROOT / "docs" / "messages.md"
    assert docs.main(["--messages", "--check", str(page)]) == 0, (
        "run: python -m cardshell.docs --messages --write docs/messages.md")
    text = page.read_text(encoding="utf-8")
    for message in CATALOG.values():
        assert f"### `{message.id}`" in text and message.doc in text


def test_check_reports_a_stale_page(tmp_path, capsys):
    stale = tmp_path / "messages.md"
    stale.write_text("# old\n", encoding="utf-8")
    assert docs.main(["--messages", "--check", str(stale)]) == 1
    assert "out of date" in capsys.readouterr().err


@pytest.mark.parametrize("template", ["{}", "{0}", "{name!r}", "{name:>5}", "{a.b}", "{"])
def test_a_wording_with_anything_but_plain_named_fields_is_refused(template):
    with pytest.raises(ValueError):
        fields_of(template)


def _said_ids() -> set[str]:
    """Every literal id passed to say() in the host's and the built-in plugins' code."""
    found = set()
    for path in [*(ROOT / "cardshell").rglob("*.py"), *(ROOT / "plugins").rglob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "say"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found


def test_every_id_the_host_says_is_in_the_catalog():
    said = _said_ids()
    assert said, "no say() call found: the scan is broken"
    assert sorted(said - set(CATALOG)) == []


def test_a_host_message_is_its_wording_and_remembers_its_id_and_typed_arguments():
    text = say("game.started", title="Aces Up", seed=7)
    assert text.text == "Aces Up, seed 7." and text.render() == "Aces Up, seed 7."
    assert (text.id, dict(text.args)) == ("game.started", {"title": "Aces Up", "seed": 7})
    assert (text.message_id, text.plain_args()) == ("game.started", {"title": "Aces Up", "seed": "7"})


def test_a_host_message_is_not_a_str_and_refuses_to_become_one_silently():
    text = say("game.started", title="Aces Up", seed=7)
    assert not isinstance(text, str) and text == "Aces Up, seed 7."  # compared with words, by its text
    with pytest.raises(TypeError):
        f"{text}"  # noqa: B018 - the f-string is the test
    with pytest.raises(TypeError):
        f"{text}"
    with pytest.raises(TypeError):
        text + "x"  # type: ignore[operator]
    with pytest.raises(TypeError):
        "x" + text  # type: ignore[operator]
    with pytest.raises(TypeError):
        ", ".join([text])  # type: ignore[list-item]


def test_arguments_stay_typed_and_are_shown_only_in_the_text():
    words = say("parser.choice-missing", words=["w", "1", "2"])
    assert words.args["words"] == ("w", "1", "2") and words.text == "expected one of w, 1, 2, got nothing"
    nested = say("game.over", what="Golf is over", result="won", score=say("game.score", score=3.5), detail="")
    assert nested.args["score"] == say("game.score", score=3.5) and nested.args["score"].args["score"] == 3.5


def test_the_text_is_made_only_when_asked_for(monkeypatch):
    made = []
    original = messages._shown
    monkeypatch.setattr(messages, "_shown", lambda value: made.append(value) or original(value))
    text = say("game.started", title="Aces Up", seed=7)
    assert made == []
    assert text.text == "Aces Up, seed 7." and made
    count = len(made)
    assert text.text == "Aces Up, seed 7." and len(made) == count  # made once, then kept


def test_a_former_wording_renders_on_request(monkeypatch):
    text = say("game.started", title="Snap", seed=3)
    assert text.render(template="{title} dealt with seed {seed}.") == "Snap dealt with seed 3."


def test_a_field_without_a_value_is_an_error():
    with pytest.raises(KeyError):
        say("game.started", title="Aces Up")


def test_wordings_give_every_former_wording_and_those_of_nested_messages(monkeypatch):
    monkeypatch.setitem(CATALOG, "game.score", Message("game.score", "; {score} points", "doc", (", score {score}",)))
    monkeypatch.setitem(CATALOG, "game.over", Message("game.over", "{what} - {result}{score}{detail}", "doc",
                                                       ("{what}: {result}{score}{detail}.", "{what}: {result}.")))
    text = say("game.over", what="Golf is over", result="won", score=say("game.score", score=3), detail="")
    assert text.wordings() == ["Golf is over - won; 3 points", "Golf is over - won, score 3",
                               "Golf is over: won; 3 points.", "Golf is over: won, score 3.", "Golf is over: won."]


def test_a_laid_out_message_lays_out_its_wordings_alike(monkeypatch):
    monkeypatch.setitem(CATALOG, "game.started", Message("game.started", "{title} dealt with seed {seed}.", "doc",
                                                          ("{title}, seed {seed}.",)))
    text = laid(say("game.started", title="A game with a rather long title", seed=123456), 24, "  ")
    assert text.text == "A game with a rather\n  long title dealt with\n  seed 123456."
    assert text.wordings()[1] == "A game with a rather\n  long title, seed\n  123456."


def test_a_host_message_pickles_with_its_id_arguments_and_layout():
    text = laid(say("game.started", title="Snap", seed=3), 10, " ")
    copy = pickle.loads(pickle.dumps(text))
    assert isinstance(copy, Laid) and isinstance(copy.message, HostMessage)
    assert (copy.text, copy.message.id, copy.message.args, copy.layout) == (
        text.text, "game.started", {"title": "Snap", "seed": 3}, Layout(10, " "))


def test_the_ending_does_not_repeat_a_result_the_games_words_named():
    from cardshell.sessions import names_result

    assert names_result("You won! All four foundations are complete.", "won")
    assert names_result("YOU LOST", "lost")
    assert not names_result("*** Dealer wins! ***", "lost")
    assert not names_result("wonderful", "won")
    assert not names_result("", "won")
