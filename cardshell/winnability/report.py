"""The report of a winnability run, and the histogram ``--plot`` draws.

:class:`Tally` gathers the rows that answer for a run's deals;
:func:`report` writes, fitted to the screen's width, what the run found in
one sentence (``Thumb and Pouch: 45 of the 48 deals settled can be won (95 %
interval 83-98 %); 2 unknown.``), what the mode means, the deals won, not
won and unknown (the first :data:`LISTED` of each), then a table of
counts, the Wilson interval, bounds and times.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field

from cardshell import layout
from cardshell.assist import MAX_NODES, MAX_SECONDS
from cardshell.layout import Figure
from cardshell.messages import HostMessage, say
from cardshell.render import Laid, Text, laid, text_of
from cardshell.sweep.histogram import Histogram
from cardshell.winnability.stats import bounds, median, wilson_interval
from cardshell.winnability.store import Key, Row

#: The report's line saying what the rules version in a row's key covers
#: (:func:`cardshell.winnability.run.rules_version`).
KEY_COVERS = say("winnability.key-covers")

__all__ = ["HONEST_LINE", "KEY_COVERS", "LISTED", "THOUGHTFUL_LINE", "TIME_BINS", "Tally", "histogram", "report",
           "report_lines", "summary"]
#: How many deals of each kind (won, not won, unknown) the report lists without ``--list``.
LISTED = 20
#: The width of the label column of the report's rows (``  per settled deal ``), in characters.
ROW_LABEL = 19
#: The width the figure after a row's label is right-aligned in, in characters.
ROW_FIGURE = 8
#: What ``--thoughtful`` means, in one line (the report and ``help winnability``).
THOUGHTFUL_LINE = say("winnability.thoughtful")
#: What ``--honest`` means, in one line (the report and ``help winnability``).
HONEST_LINE = say("winnability.honest")

#: The upper edges (seconds) of the histogram's bins of time per deal; the
#: last bin takes everything above the last edge.
TIME_BINS = (0.001, 0.01, 0.1, 1.0, 10.0, 100.0)


@dataclass
class Tally:
    """The counts and times of a run's deals.

    Attributes:
        won, lost, unknown: deals won, with no win, and out of budget.
        times: seconds of each settled deal (8 bytes a deal).
        deals_by_result: the deal numbers of each result, in the order counted
            (8 bytes a deal, at most :data:`cardshell.winnability.args.MAX_DEALS`).
    """

    won: int = 0
    lost: int = 0
    unknown: int = 0
    times: array = field(default_factory=lambda: array("d"))
    deals_by_result: dict[str, array] = field(
        default_factory=lambda: {"won": array("q"), "no win": array("q"), "unknown": array("q")})

    def add(self, row: Row) -> None:
        """Count one deal's row."""
        result = row.outcome.result
        self.deals_by_result.setdefault(result, array("q")).append(row.deal)
        if result == "unknown":
            self.unknown += 1
            return
        if result == "won":
            self.won += 1
        else:
            self.lost += 1
        self.times.append(row.outcome.seconds)

    @property
    def deals(self) -> int:
        """All the deals counted."""
        return self.won + self.lost + self.unknown


def _percent(fraction: float) -> str:
    return f"{100 * fraction:.1f} %"


def _seconds(value: float) -> str:
    if math.isnan(value):
        return "-"
    return f"{value:.3f} s" if value < 10 else f"{value:,.1f} s"


def _budget(key: Key) -> HostMessage:
    if key.mode == "honest":
        return say("winnability.budget-honest", seconds=f"{key.seconds:g}", samples=key.samples,
                   nodes=f"{key.nodes:,}")
    return say("winnability.budget", seconds=f"{key.seconds:g}", nodes=f"{key.nodes:,}")


#: The report's list of each result: the result as stored, and the id of its list's message.
_LISTS = (("won", "winnability.won-list"), ("no win", "winnability.not-won-list"),
          ("unknown", "winnability.unknown-list"))


def _listed(message_id: str, found: array, list_all: bool, width: int) -> Text:
    """One result's list of deals: the first :data:`LISTED` (all with ``list_all``), then how many more."""
    shown = list(found) if list_all else list(found[:LISTED])
    count = f"{len(found):,}"
    lead = say(message_id, count=count, deals="").text  # "Won (12):", a space before the first deal
    wrapped = layout.wrap_list(lead + " ", [str(deal) for deal in shown], width)
    listed = say(message_id, count=count, deals=wrapped[len(lead):])
    if len(shown) < len(found):  # the rest of the sentence, wrapped as words after the list
        return laid(say("winnability.more", listed=listed, more=f"{len(found) - len(shown):,}"), width, "  ")
    return listed


def summary(title: str, key: Key, tally: Tally, *, list_all: bool = False, width: int = 80,
            opponents: bool = False) -> list[Text]:
    """The plain-words head of the report, as messages each wrapped to ``width``.

    ``list_all`` (``--list``) lists every deal, else the first :data:`LISTED`
    of each result; ``opponents``: the game has computer players, whose
    assumed play the thoughtful line names.
    """
    settled = tally.won + tally.lost
    honest = key.mode == "honest"
    if settled:
        low, high = wilson_interval(tally.won, settled)
        if honest:
            message_id = "winnability.summary-honest" if settled != 1 else "winnability.summary-honest-one"
        else:
            message_id = "winnability.summary" if settled != 1 else "winnability.summary-one"
        head = say(message_id, title=title, won=f"{tally.won:,}", settled=f"{settled:,}", low=f"{100 * low:.0f}",
                   high=f"{100 * high:.0f}", unknown=f"{tally.unknown:,}")
    else:
        head = say("winnability.summary-none", title=title, unknown=f"{tally.unknown:,}")
    question = HONEST_LINE if honest else say("winnability.thoughtful-opponents") if opponents else THOUGHTFUL_LINE
    lines: list[Text] = [laid(head, width, "  "), laid(question, width, "  ")]
    for result, message_id in _LISTS:
        found = tally.deals_by_result.get(result, array("q"))
        if found:
            lines.append(_listed(message_id, found, list_all, width))
    if tally.deals:
        lines.append(say("winnability.deal-n", game=key.game))
    return lines


def report(title: str, key: Key, deals: range, tally: Tally, wall: float, reused: int, *,
           list_all: bool = False, width: int = 80, opponents: bool = False) -> str:
    """The report of a run, as one text: the lines of :func:`report_lines`.

    Args:
        wall: the run's wall-clock seconds.
        reused: deals answered from the table, not solved now.
        list_all: list every deal (``--list``).
        width: the screen's width in characters (80 in scripts).
        opponents: the game has computer players (:func:`summary`).

    Returns:
        The lines, none over ``width`` characters but a single word (the
        rules version).
    """
    return "\n".join(text_of(line) for line in report_lines(title, key, deals, tally, wall, reused,
                                                            list_all=list_all, width=width, opponents=opponents))


def report_lines(title: str, key: Key, deals: range, tally: Tally, wall: float, reused: int, *,
                 list_all: bool = False, width: int = 80, opponents: bool = False) -> list[Text]:
    """The report of a run as the host's messages, each wrapped to ``width``; arguments as for :func:`report`."""
    settled = tally.won + tally.lost
    low, high = wilson_interval(tally.won, settled)
    lower, upper = bounds(tally.won, tally.lost, tally.unknown)
    times = sorted(tally.times)
    rate = _percent(tally.won / settled) if settled else "-"
    rows = [
        say("winnability.row-deals", count=f"{tally.deals:,}"),
        say("winnability.row-won", count=f"{tally.won:,}"),
        say("winnability.row-no-win", count=f"{tally.lost:,}"),
        say("winnability.row-unknown", count=f"{tally.unknown:,}"),
        say("winnability.row-winnability", rate=rate, low=_percent(low), high=_percent(high)),
        say("winnability.row-bounds", lower=_percent(lower), upper=_percent(upper)),
        say("winnability.row-wall-time", seconds=_seconds(wall)),
        say("winnability.row-per-deal", median=_seconds(median(times)),
            longest=_seconds(times[-1]) if times else "-"),
        say("winnability.row-from-table", reused=f"{reused:,}", count=f"{tally.deals:,}"),
    ]
    lines = summary(title, key, tally, list_all=list_all, width=width, opponents=opponents)
    lines += [laid(say("winnability.details", game=key.game, mode=key.mode, start=deals.start,
                  stop=deals.stop), width, "  "),
              laid(_budget(key), width, "  "),
              laid(say("winnability.rules-version", version=key.rules_version), width),
              laid(say("winnability.key-covers-line", covers=KEY_COVERS), width, "  ")]
    lines += [Laid(row, Figure(ROW_LABEL, ROW_FIGURE, width, " " * 25)) for row in rows]
    step = next_step(key, deals, tally.unknown) if tally.unknown else None
    if step is not None:
        lines.append(laid(step, width, "  "))
    return lines


def next_step(key: Key, deals: range, unknown: int) -> HostMessage | None:
    """The report's last line when ``unknown`` deals ran out of budget: the same run
    with twice the budget per deal (``--seconds`` and ``--nodes``, each at most
    its limit, :data:`cardshell.assist.MAX_SECONDS` and ``MAX_NODES``), as a
    command to type; None when the budget is at its limits already."""
    seconds, nodes = min(2 * key.seconds, MAX_SECONDS), min(2 * key.nodes, MAX_NODES)
    if seconds <= key.seconds and nodes <= key.nodes:
        return None
    words = ["winnability", key.game, "--deals", f"{deals.start}:{deals.stop}"]
    if key.mode == "honest":
        words += ["--honest", "--samples", str(key.samples)]
    words += ["--seconds", f"{seconds:g}", "--nodes", str(nodes)]
    return say("winnability.next-bigger-budget" if unknown != 1 else "winnability.next-bigger-budget-one",
               count=f"{unknown:,}", command=" ".join(words))


def histogram(tally: Tally) -> Histogram:
    """The time per settled deal in decades (``< 1 ms`` ... ``>= 100 s``), first to last non-empty bin."""
    labels = ["< 1 ms", "1-10 ms", "10-100 ms", "0.1-1 s", "1-10 s", "10-100 s", ">= 100 s"]
    counts = [0] * len(labels)
    for value in tally.times:
        index = next((i for i, edge in enumerate(TIME_BINS) if value < edge), len(TIME_BINS))
        counts[index] += 1
    used = [i for i, count in enumerate(counts) if count]
    rows = tuple((labels[i], counts[i]) for i in range(used[0], used[-1] + 1)) if used else ()
    return Histogram(say("winnability.time-histogram").text, rows, unit=say("winnability.unit").text)
