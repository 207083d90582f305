"""The host's words about saves, replays, options, recordings and its own
files come from the catalog (cardshell/messages.py): each text these parts
build, in an error, a note, a reason or a fragment, is a host message that
keeps its id and arguments, and reads exactly as it did."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

import pytest

from cardshell import option_values, ownfiles, saves, timestamps
from cardshell.messages import HostMessage
from cardshell.recording import HEADER, Recorder
from cardshell.reply import HOST
from cardshell.shell import Shell


def make_shell(tmp_path, autosave=True):
    return Shell.create(plugins=["aces-up"], seed=3, extra_modules=["toy_counter"], data_dir=tmp_path / "data",
                        autosave=autosave)


def said(text, message_id):
    """``text`` is the host message ``message_id``."""
    assert isinstance(text, HostMessage), f"{text!r} is not a host message"
    assert text.message_id == message_id
    return text


def write_save(tmp_path, name, text):
    path = saves.save_path(tmp_path / "data", name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def counter_save(**changes):
    record = saves.SaveRecord(game="counter", seed=4, options={"start": 0}, log=["inc 1"], uid="u1")
    return json.loads(record.to_json()) | changes


@pytest.mark.parametrize("content, message_id, text", [
    ("{", "save.damaged-json", "save 'x' is damaged (not valid JSON; truncated?)"),
    ("[1]", "save.foreign", "save 'x' is not a cardshell save"),
    (json.dumps(counter_save(version=2)), "save.version",
     "save 'x' has format version 2; this cardshell reads version 1"),
    (json.dumps(counter_save(seed=10**4000)), "save.damaged-seed",
     "save 'x' is damaged (field 'seed' is not a whole number of at most 4,000 digits)"),
    (json.dumps(counter_save(log=[1])), "save.damaged-field", "save 'x' is damaged (field 'log' is missing or wrong)"),
    ('{"format": "cardshell-save", "version": 1, "elapsed": NaN}', "save.damaged-constant",
     "save 'x' is damaged (NaN is not a JSON number)"),
])  # fmt: skip
def test_a_save_that_cannot_be_read_is_refused_by_a_host_message(tmp_path, content, message_id, text):
    write_save(tmp_path, "x", content)
    error = saves.inspect(tmp_path / "data", "x").error
    assert error is not None
    assert said(error.message, message_id).text == text


def test_load_of_a_missing_save_answers_with_the_host_message_and_its_arguments(tmp_path):
    reply = make_shell(tmp_path).execute("load nosuch")
    first = reply.error_as_parts()[0]
    assert (first.origin, first.message_id, dict(first.args)) == (HOST, "save.not-found", {"name": "'nosuch'"})
    assert reply.error == "no save named 'nosuch'"


def test_a_log_that_does_not_replay_nests_the_reason_in_the_refusal(tmp_path):
    write_save(tmp_path, "x", json.dumps(counter_save(log=["inc 1", "inc -5"])))
    reply = make_shell(tmp_path).execute("load x")
    error = said(reply.error_as_parts()[0].message, "save.cannot-resume")
    said(error.args["error"], "replay.move-rejected")
    assert str(error).startswith("save 'x' cannot be resumed: move 2 ('inc -5') was rejected: ")


def test_a_saved_option_play_would_not_give_is_refused_by_a_host_message(tmp_path):
    write_save(tmp_path, "x", json.dumps(counter_save(options={"start": "7x"})))
    error = said(make_shell(tmp_path).execute("load x").error_as_parts()[0].message, "save.cannot-resume")
    said(error.args["error"], "option.saved-unreadable")
    assert str(error).startswith("save 'x' cannot be resumed: option --start holds '7x': ")


def test_the_lines_said_at_exit_are_host_messages_naming_the_game(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 4")
    shell.execute("inc 2")
    note = said(shell.close()[0], "save.autosaved")
    assert note.text == "Saved Counter (seed 4, 1 move): 'play counter' resumes it."
    said(note.args["what"], "save.game")


def test_a_game_saved_under_another_name_says_why_by_a_host_message(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 5")
    shell.execute("inc 1")
    write_save(tmp_path, "counter", json.dumps(counter_save()))  # another cardshell's, meanwhile
    note = said(shell.close()[0], "save.autosaved-renamed")
    said(note.args["reason"], "save.reason-saved")
    assert note.text == ("Saved Counter (seed 5, 1 move) as 'counter-2' (another cardshell saved 'counter' meanwhile): "
                    "'load counter-2' resumes it.")


def test_an_unreadable_save_moved_aside_is_a_host_warning(tmp_path):
    write_save(tmp_path, "counter", "{")
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 5")
    shell.execute("inc 1")
    warning = said(shell.close()[0], "save.moved-aside")
    said(warning.args["error"], "save.damaged-json")
    assert warning.text.startswith("warning: save 'counter' is damaged (not valid JSON; truncated?); this cardshell "
                              "does not overwrite it: it was moved aside as 'counter.unreadable-")


@pytest.mark.parametrize("read, message_id, text", [
    (lambda: option_values.count("x", "--nodes", 1, 1000), "option.not-in-range",
     "--nodes must be a whole number from 1 to 1,000, got 'x'"),
    (lambda: option_values.count("5000", "--nodes", 1, 1000), "option.out-of-range",
     "--nodes must be from 1 to 1,000, got 5,000"),
    (lambda: option_values.count("-" + "9" * 50, "--nodes", -5, 1000), "option.too-low-digits",
     "--nodes must be at least -5, got a number of 50 digits"),
    (lambda: option_values.seed("1" * 4001), "option.seed-digits",
     "--seed must be a whole number of at most 4,000 digits"),
    (lambda: option_values.seconds("0", "--seconds", 60), "option.seconds",
     "--seconds must be a number of seconds above 0 and at most 60, got '0'"),
    (lambda: option_values.OptionParser(add_help=False).parse_words(["3"]), "option.unexpected",
     "unexpected argument '3'"),
])  # fmt: skip
def test_a_value_the_option_readers_refuse_is_a_host_message(read, message_id, text):
    with pytest.raises(option_values.UsageError) as caught:
        read()
    assert said(caught.value.said, message_id).text == text


def test_a_mistyped_option_nests_its_did_you_mean():
    parser = option_values.OptionParser(add_help=False)
    parser.add_argument("--seed")
    with pytest.raises(option_values.UsageError) as caught:
        parser.parse_words(["--sed", "3"])
    message = said(caught.value.said, "option.unknown")
    said(message.args["suggestion"], "option.did-you-mean")
    assert message.text == "unknown option '--sed' (did you mean '--seed'?)"


def test_a_recording_that_stops_says_so_by_a_host_message():
    class Full:
        name = "rec.txt"

        def write(self, text):
            if not text.startswith("#"):
                raise OSError(28, "No space left on device")

        def flush(self):
            pass

    warning = said(Recorder(Full()).add("games"), "recording.stopped")
    assert warning.text == ("the recording rec.txt stopped after 0 lines (No space left on device); this line and "
                            "later ones are not in it ('history' still lists them); the game goes on")
    assert HEADER == "# cardshell recording: pipe this file into 'cardshell' to replay the session\n"


def test_a_refused_file_names_cardshells_own_file_by_host_messages(tmp_path):
    target = tmp_path / "stats.sqlite3-wal"
    message = said(ownfiles.refusal(target, tmp_path), "file.refused-own")
    said(message.args["what"], "file.journal")
    assert message.text == (f"will not write {target}: it is the statistics database's journal ({target}), and "
                       "cardshell never writes over its own files")


@pytest.fixture
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("stamp, message_id, args", [
    ("2026-11-23T11:05:00+00:00", "time.today", {"clock": "11:05"}),
    ("2026-11-22T18:03:00+00:00", "time.yesterday", {"clock": "18:03"}),
    ("2026-11-20T18:03:00+00:00", "time.date", {"date": "2026-11-20", "clock": "18:03"}),
])  # fmt: skip
def test_when_a_save_was_written_reads_as_a_host_message(utc, stamp, message_id, args):
    now = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
    assert said(timestamps.readable(stamp, now), message_id).plain_args() == args


def test_a_save_for_a_huge_game_name_is_echoed_cut(tmp_path):
    """A crafted save naming a game of 100,000 characters: its refusal and the list of saves quote it cut."""
    write_save(tmp_path, "big", json.dumps(counter_save(game="Z" * 100_000)))
    shell = make_shell(tmp_path, autosave=False)
    refused = shell.execute("load big")
    assert not refused.ok and "(100002 characters)" in refused.error and len(refused.error) < 300
    listed = shell.execute("saves")
    assert listed.ok and "(100002 characters)" in listed.output and len(listed.output) < 1000
