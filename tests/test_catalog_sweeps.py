"""The host's words about sweeps, winnability and the scaffold come from the
catalog: each error, note and report line is a host message with its id and
arguments, and reads as it always read."""

from __future__ import annotations

from array import array

import pytest

from cardshell import scaffold
from cardshell.errors import UsageError
from cardshell.messages import HostMessage
from cardshell.render import message_of
from cardshell.sweep import histogram as histograms
from cardshell.sweep.backends import resolve_jobs
from cardshell.sweep.grammar import Grammar, split_address
from cardshell.winnability import args as winnability_args
from cardshell.winnability.report import Tally, report_lines
from cardshell.winnability.store import Key


def _refusal(call, *args):
    with pytest.raises(UsageError) as caught:
        call(*args)
    return caught.value.said


@pytest.mark.parametrize(("text", "message_id", "wording"), [
    ("", "sweep.needs-n", "simulate needs the number of rounds N"),
    ("10 --bogus", "sweep.unknown-option", "unknown option '--bogus'"),
    ("10 --jobs", "sweep.needs-value", "--jobs needs a value"),
    ("10 20 30", "sweep.too-many-numbers", "too many numbers: '20 30'"),
    ("10 --jobs 2 --scheduler tcp://h:1", "sweep.jobs-and-scheduler",
     "--jobs and --scheduler cannot be combined: on a cluster its workers do the work"),
])
def test_a_simulate_line_is_refused_by_id_in_its_wording(text, message_id, wording):
    message = _refusal(Grammar(unit="rounds").parse, text)
    assert isinstance(message, HostMessage) and message.message_id == message_id
    assert message.text == wording


def test_a_scheduler_address_is_refused_by_id_with_what_gave_it():
    message = _refusal(split_address, "http://h:1", "--scheduler")
    assert message.message_id == "sweep.address-not-tcp"
    assert message.args["where"] == "--scheduler" and message.args["address"] == "'http://h:1'"
    assert message.text.startswith("--scheduler: 'http://h:1' is not a TCP address; ")


def test_more_jobs_than_cores_is_a_note_in_one_or_many_cores():
    assert resolve_jobs(8, 1)[1].message_id == "sweep.jobs-capped-one"
    note = resolve_jobs(8, 2)[1]
    assert note.message_id == "sweep.jobs-capped"
    assert note.text == "note: --jobs 8 is more than the 2 usable cores; using 2"


def test_a_histogram_is_one_message_with_its_heading_nested():
    drawn = histograms.text(histograms.Histogram("Pictures uncovered", (("0", 3), ("1", 1)), unit="games"))
    assert drawn.message_id == "sweep.histogram"
    assert drawn.args["heading"].message_id == "sweep.histogram-heading"
    assert drawn.text.splitlines()[0] == "Pictures uncovered (4 games)"
    empty = histograms.text(histograms.Histogram("Pictures uncovered", (), unit="games"))
    assert empty.message_id == "sweep.histogram-empty"
    assert empty.text == "Pictures uncovered (0 games)\n(nothing to draw)"


def test_a_deals_range_is_refused_by_id():
    message = _refusal(winnability_args.parse_deals, "5:5")
    assert message.message_id == "winnability.deals-empty"
    assert message.text == "--deals 5:5 is empty: A must be below B (the deals are A to B-1)"


def test_each_line_of_the_winnability_report_is_a_host_message():
    tally = Tally(won=2, lost=1, unknown=0, times=array("d", [0.5, 1.0, 2.0]),
                  deals_by_result={"won": array("q", [0, 2]), "no win": array("q", [1]), "unknown": array("q")})
    key = Key("aces-up", "1+abc", "thoughtful", 10.0, 1000, 0, "s1")
    laid_out = report_lines("Aces Up", key, range(0, 3), tally, 3.5, 0, width=80)
    lines = [message_of(line) for line in laid_out]
    assert all(isinstance(line, HostMessage) for line in lines)
    ids = [line.id for line in lines]
    assert ids[:5] == ["winnability.summary", "winnability.thoughtful", "winnability.won-list",
                       "winnability.not-won-list", "winnability.deal-n"]
    assert lines[0].text == ("Aces Up: 2 of the 3 deals settled can be won (95 % interval "
                        f"{lines[0].args['low']}-{lines[0].args['high']} %); 0 unknown.")
    assert lines[2].text == "Won (2): 0, 2"
    assert "winnability.row-winnability" in ids


def test_a_plugin_name_is_refused_by_id():
    message = _refusal(scaffold.names, "9lives")
    assert message.message_id == "new-plugin.bad-name"
    assert message.text == "a plugin name is 1 to 40 lower-case letters, digits and dashes, starting with a letter"
