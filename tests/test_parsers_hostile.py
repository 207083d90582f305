"""Argument parsers under hostile text (issue 11 items 13 and 14): whatever
is typed, a parser returns or raises UsageError, never ValueError (``--1``,
``+-1``, integers past Python's 4,300-digit conversion limit); ``play`` and
``new`` refuse an overlong argument text before ``shlex`` sees it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell import parsers
from cardshell.errors import UsageError
from cardshell.shell import Shell

#: More digits than Python converts with int() (sys.get_int_max_str_digits()).
HUGE = "9" * 5000

#: Text that looks like numbers: signs, digits, spaces, and now and then a huge number.
number_like = st.one_of(
    st.from_regex(r"[ +\-0-9]{0,12}", fullmatch=True),
    st.builds(lambda sign, n, tail: f"{sign}{'7' * n}{tail}",
              st.sampled_from(["", "-", "+", "--", "+-", "0"]),
              st.one_of(st.integers(95, 105), st.integers(4295, 4400)),
              st.sampled_from(["", " 1", " x", "f"])),
)
hostile_text = st.one_of(st.text(max_size=40), number_like,
                         st.lists(number_like, max_size=4).map(" ".join))


def _parse_or_usage_error(parse, text):
    try:
        parse(text)
    except UsageError:
        pass


@settings(max_examples=150)
@given(text=hostile_text)
def test_the_shared_parsers_raise_only_usage_errors(text):
    for parse in (parsers.integer, parsers.integers(1), parsers.integers(2, 1, 7),
                  parsers.optional_integer(1, 10, default=1), parsers.no_args, parsers.words,
                  parsers.shell_words, parsers.choice("w", "1", "7"), parsers.choices(["w", "1"], ["f", "-1"])):
        _parse_or_usage_error(parse, text)


@pytest.fixture(scope="module")
def every_parser(tmp_path_factory):
    """(command name, parse) of every command of every installed game and of the host."""
    shell = Shell.create(extra_modules=["toy_counter"], data_dir=tmp_path_factory.mktemp("parsers-data"))
    commands = [entry.command for entry in shell.registry.global_scope.entries]
    for game_id in shell.games:
        commands += shell.game_commands(game_id)
    return [(command.name, command.parse) for command in commands]


@settings(max_examples=100)
@given(text=hostile_text)
def test_every_commands_parser_raises_only_usage_errors(every_parser, text):
    for _name, parse in every_parser:
        _parse_or_usage_error(parse, text)


@settings(max_examples=100)
@given(value=st.integers(-(10**100) + 1, 10**100 - 1))
def test_integer_reads_every_number_of_up_to_100_digits(value):
    assert parsers.integer(str(value)) == value
    assert parsers.integer(f"+{abs(value)}") == abs(value)
    assert parsers.integer(f"000{abs(value)}") == abs(value)


@pytest.mark.parametrize("word", ["--1", "+-1", "-+1", "1_000", "\u0663", "1.0", " 1", "1 ", "", "0x10"])
def test_integer_refuses_what_is_not_a_number(word):
    with pytest.raises(UsageError, match="is not a number"):
        parsers.integer(word)


def test_integer_refuses_more_than_max_digits_with_a_short_message():
    assert parsers.integer("0" * 5000 + "1") == 1  # leading zeros do not count
    with pytest.raises(UsageError) as caught:
        parsers.integer("1" * (parsers.MAX_DIGITS + 1))
    assert caught.value.message == (f"'{'1' * parsers.QUOTE_LENGTH}'… ({parsers.MAX_DIGITS + 1} characters) "
                                    f"has more than {parsers.MAX_DIGITS} digits")


@pytest.fixture
def shell():
    return Shell.create(extra_modules=["toy_counter"], seed=1)


def _hostile_lines(shell, game_id):
    words = [word for command in shell.game_commands(game_id) for word in command.words if word != "crash"]
    words += ["undo", "redo", "simulate", "lines", "step"]
    for word in dict.fromkeys(words):
        for args in ("--1", "+-1", HUGE, "-" + HUGE, f"1 {HUGE}", f"{HUGE} 1", f"{HUGE} {HUGE} 1"):
            yield f"{word} {args}"
            yield f"{word}{args}"


@pytest.mark.parametrize("game_id", ["aces-up", "blackjack", "counter", "minesweeper", "pictures", "snap",
                                     "thumb-and-pouch", "up-and-down"])
def test_no_game_reports_an_internal_error_for_odd_numbers(shell, game_id):
    assert shell.execute(f"play {game_id} --seed 3").ok
    for line in _hostile_lines(shell, game_id):
        if shell.current is None or shell.current.id != game_id:
            assert shell.execute(f"play {game_id} --seed 3").ok
        reply = shell.execute(line)
        assert "internal error" not in (reply.error or ""), (line[:40], reply.error)
        assert "Exceeds the limit" not in (reply.error or "") + reply.output


@pytest.mark.parametrize("line, message", [
    ("undo --1", "'--1' is not a number of moves (1 or more) (usage: undo [N])"),
    ("undo +-1", "'+-1' is not a number of moves (1 or more) (usage: undo [N])"),
    (f"undo {HUGE}", f"'{'9' * parsers.QUOTE_LENGTH}'… (5000 characters) has more than {parsers.MAX_DIGITS} "
                     "digits (usage: undo [N])"),
    (f"inc {HUGE}", f"'{'9' * parsers.QUOTE_LENGTH}'… (5000 characters) has more than {parsers.MAX_DIGITS} "
                    "digits (usage: inc N)"),
    ("inc --1", "'--1' is not a number (usage: inc N)"),
])
def test_clear_usage_errors_in_undo_and_a_game_command(shell, line, message):
    assert shell.execute("play counter --seed 1").ok
    assert shell.execute("inc 1").ok
    reply = shell.execute(line)
    assert (reply.ok, reply.error) == (False, message)
    assert shell.current.state.count == 1 and shell.current.moves == 1  # nothing changed


@pytest.mark.parametrize("command", ["play counter --seed 1 --x ", "new --seed "])
def test_play_and_new_refuse_an_overlong_argument_text_before_splitting(shell, command, monkeypatch):
    assert shell.execute("play counter --seed 1").ok
    calls = []
    monkeypatch.setattr(parsers.shlex, "split", lambda text: calls.append(text) or [])
    line = command + "a" * parsers.MAX_SHELL_WORDS_LENGTH
    reply = shell.execute(line)
    assert not reply.ok and calls == []  # shlex never saw it
    assert f"at most {parsers.MAX_SHELL_WORDS_LENGTH} are accepted" in reply.error
    assert shell.current.id == "counter" and shell.current.seed == 1


def test_play_still_splits_quoted_words(shell):
    reply = shell.execute("play 'counter' --seed '4'")
    assert reply.ok and shell.current.seed == 4
