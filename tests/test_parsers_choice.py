"""cardshell.parsers.choice and choices: a word (or a word from each of
several sets) among fixed ones, as the sets spell them; anything else is a
UsageError with a clear, bounded message, never another exception; the
parser completes its own words."""

from __future__ import annotations

import sys
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardshell
from cardshell import parsers
from cardshell.completion import candidates
from cardshell.errors import UsageError
from cardshell.shell import Shell

PILES = [str(pile) for pile in range(1, 8)]
SOURCE = parsers.choices(["w", *PILES, "c", "d", "h", "s"], ["f", *PILES])
PILE = parsers.choice("w", *PILES)


@given(st.sampled_from(["w", *PILES]), st.sampled_from([str.upper, str.lower]), st.text(" \t", max_size=3))
def test_a_listed_word_in_any_case_and_spacing_reads_as_the_set_spells_it(word, case, space):
    assert PILE(f"{space}{case(word)}{space}") == word


@given(st.sampled_from(["w", *PILES, "c", "d", "h", "s"]), st.sampled_from(["f", *PILES]))
def test_one_word_from_each_set_reads_as_a_tuple_to_spread_into_a_move(source, target):
    assert SOURCE(f"{source.upper()} {target}") == (source, target)


@given(st.text(max_size=60) | st.lists(st.sampled_from(["w", "f", "1", "9", "x", "W", "ß", "\u00a0"]),
                                       max_size=4).map(" ".join))
def test_any_other_text_is_a_usage_error_with_a_bounded_message(text):
    for parse in (PILE, SOURCE, parsers.choice("Straße", case_sensitive=True)):
        try:
            parse(text)
        except UsageError as exc:
            assert str(exc) and len(str(exc)) < 200
            assert "\n" not in str(exc)


@pytest.mark.parametrize(("parse", "text", "message"), [
    (PILE, "", "expected one of w, 1, 2, 3, 4, 5, 6 or 7, got nothing"),
    (PILE, "w 1", "expected one of w, 1, 2, 3, 4, 5, 6 or 7, got 2 words"),
    (PILE, "8", "'8' is not one of w, 1, 2, 3, 4, 5, 6 or 7"),
    (PILE, "x" * 100, f"'{'x' * 40}'… (100 characters) is not one of w, 1, 2, 3, 4, 5, 6 or 7"),
    (SOURCE, "w", "expected 2 words, got 1"),
    (SOURCE, "f 1", "word 1: 'f' is not one of w, 1, 2, 3, 4, 5, 6, 7, c, d, h or s"),
    (SOURCE, "w w", "word 2: 'w' is not one of f, 1, 2, 3, 4, 5, 6 or 7"),
    (parsers.choice(*(f"card{n}" for n in range(52))), "x",
     "'x' is not one of card0, card1, card2, card3, card4, card5, card6, card7, card8, card9, card10, card11, card12, "
     "card13, card14, card15 ... (52 words)"),
])
def test_the_messages_say_what_was_expected(parse, text, message):
    with pytest.raises(UsageError) as caught:
        parse(text)
    assert caught.value.message == message


def test_case_is_kept_apart_only_when_asked():
    assert parsers.choice("a", "A", case_sensitive=True)("A") == "A"
    with pytest.raises(UsageError):
        parsers.choice("a", case_sensitive=True)("A")


@pytest.mark.parametrize(("words", "message"), [
    ((), "a choice's set of words is empty"),
    (("a b",), "a choice's word must be one word without spaces, got 'a b'"),
    (("",), "a choice's word must be one word without spaces, got ''"),
    (("w", "W"), "a choice's words 'w' and 'W' are the same word"),
])
def test_a_choice_that_could_not_be_typed_is_refused_when_built(words, message):
    with pytest.raises(ValueError) as caught:
        parsers.choice(*words)
    assert str(caught.value) == message
    with pytest.raises(ValueError, match="at least one set"):
        parsers.choices()


def test_a_move_completes_and_rejects_through_its_choice(monkeypatch):
    module = types.ModuleType("choice_plugin")
    module.CARDSHELL_CONTRACT = 2  # type: ignore[attr-defined]

    @cardshell.hookimpl
    def cardshell_games():
        return [cardshell.Game(
            id="moving", title="Moving", summary="moves a card", new=lambda seed, options: (), render=repr,
            immutable=True, moves=(cardshell.Move("m", "move", apply=lambda state, source, target: (source, target),
                                                  parse=SOURCE, complete=SOURCE.complete, usage="m SRC DST"),))]

    module.cardshell_games = cardshell_games  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    shell = Shell.create(plugins=[], extra_modules=[module.__name__], seed=0, autosave=False)
    assert shell.execute("play moving").ok
    assert candidates(shell, "m ")[0] == [*PILES, "c", "d", "h", "s", "w"]
    assert candidates(shell, "m w ")[0] == ["1", "2", "3", "4", "5", "6", "7", "f"]
    reply = shell.execute("m w x")
    assert not reply.ok and reply.error == "word 2: 'x' is not one of f, 1, 2, 3, 4, 5, 6 or 7 (usage: m SRC DST)"
    assert shell.execute("m H 3").ok and shell.execute("show").output == "('h', '3')"
