"""The report of a winnability run: plain words first, then the table of
counts, rates and times, and the histogram ``--plot`` draws.

:class:`Tally` gathers the rows that answer for a run's deals
(:meth:`cardshell.winnability.store.Store.usable`); :func:`report` turns it
into text fitted to the screen's width (80 columns in scripts): what the run found in one sentence, what
the mode means in one line, which deals were won, not won and unknown (the
first :data:`LISTED` of each, all with ``--list``; each as ``play --seed``
reads it, without thousands separators), then the details::

    Thumb and Pouch: 45 of the 48 deals settled can be won (95 % interval
      83-98 %); 2 unknown.
    Thoughtful: each deal is solved seeing every card: can it be won at all?
    Won (45): 0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20,
      21 and 25 more ('--list' lists them all)
    Not won (3): 4, 15, 33
    Unknown (2): 40, 41
    Deal N is 'play thumb-and-pouch --seed N'.
    Details: thumb-and-pouch, thoughtful, deals 0:50
      budget: 10 s and 1,000,000 positions per deal
      rules version: 0.1.0+3f2a9c1b7d04.9e8d7c6b5a43
      (plugin version + hash of its rules page . hash of its package's code)
      deals                     50
      won                       45
      no win                     3
      unknown                    2
      winnability           93.8 %   95 % Wilson interval 83.2 % to 97.9 %
      bounds                90.0 % to 94.0 %   unknowns as losses / as wins
      wall time              1.2 s
      time per settled deal  median 0.021 s, max 0.310 s
      from the table          20 of 50 deals
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field

from cardshell import screen
from cardshell.messages import HostText, say
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
        won (int): deals won.
        lost (int): deals with no win.
        unknown (int): deals whose budget ran out.
        times (array): seconds of each settled deal (8 bytes a deal).
        deals_by_result (dict[str, array]): the deal numbers of each result
            (``won``, ``no win``, ``unknown``), in the order counted (8
            bytes a deal; a run has at most
            :data:`cardshell.winnability.args.MAX_DEALS` deals).
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


def _budget(key: Key) -> HostText:
    if key.mode == "honest":
        return say("winnability.budget-honest", seconds=f"{key.seconds:g}", samples=key.samples,
                   nodes=f"{key.nodes:,}")
    return say("winnability.budget", seconds=f"{key.seconds:g}", nodes=f"{key.nodes:,}")


#: The report's list of each result: the result as stored, and the id of its list's message.
_LISTS = (("won", "winnability.won-list"), ("no win", "winnability.not-won-list"),
          ("unknown", "winnability.unknown-list"))


def _listed(message_id: str, found: array, list_all: bool, width: int) -> HostText:
    """The report's list of the deals ``found`` of one result: the first
    :data:`LISTED` (all with ``list_all``), as ``play --seed`` reads them,
    wrapped between numbers (:func:`cardshell.screen.wrap_list`) under the
    first, then how many more there are."""
    shown = list(found) if list_all else list(found[:LISTED])
    count = f"{len(found):,}"
    lead = say(message_id, count=count, deals="")  # "Won (12):", a space before the first deal
    wrapped = screen.wrap_list(f"{lead} ", [str(deal) for deal in shown], width)
    listed = say(message_id, count=count, deals=wrapped[len(lead):])
    if len(shown) < len(found):  # the rest of the sentence, wrapped as words after the list
        return say("winnability.more", listed=listed, more=f"{len(found) - len(shown):,}").laid_out(width, "  ")
    return listed


def summary(title: str, key: Key, tally: Tally, *, list_all: bool = False, width: int = 80) -> list[HostText]:
    """The plain-words head of the report (see the module's docstring).

    Args:
        title (str): the game's title.
        key (Key): the run's key (its game id and mode).
        tally (Tally): the counts and deal numbers.
        list_all (bool): list every deal (``--list``), else the first
            :data:`LISTED` of each kind.
        width (int): the most characters per line.

    Returns:
        list[HostText]: the messages, each one line or, wrapped to
        ``width``, several.
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
    lines = [head.laid_out(width, "  "), (HONEST_LINE if honest else THOUGHTFUL_LINE).laid_out(width, "  ")]
    for result, message_id in _LISTS:
        found = tally.deals_by_result.get(result, array("q"))
        if found:
            lines.append(_listed(message_id, found, list_all, width))
    if tally.deals:
        lines.append(say("winnability.deal-n", game=key.game))
    return lines


def report(title: str, key: Key, deals: range, tally: Tally, wall: float, reused: int, *,
           list_all: bool = False, width: int = 80) -> str:
    """The report of a run (see the module's docstring), as one text: the
    lines of :func:`report_lines`.

    Args:
        title (str): the game's title.
        key (Key): game, rules version, mode and budget.
        deals (range): the run's deals.
        tally (Tally): the counts of the rows answering for them.
        wall (float): the run's wall-clock time, in seconds.
        reused (int): deals answered from the table, not solved now.
        list_all (bool): list every deal (``--list``), see :func:`summary`.
        width (int): the screen's width in characters (80 in scripts).

    Returns:
        str: the lines, none over ``width`` characters but a single word
        (the rules version); a row of the table too wide goes on under its
        note's column, or under the label at a narrow width.
    """
    return "\n".join(report_lines(title, key, deals, tally, wall, reused, list_all=list_all, width=width))


def report_lines(title: str, key: Key, deals: range, tally: Tally, wall: float, reused: int, *,
                 list_all: bool = False, width: int = 80) -> list[HostText]:
    """The report of a run as the host's messages (each one line, or
    several when wrapped to ``width``), in order; arguments as for
    :func:`report`."""
    settled = tally.won + tally.lost
    low, high = wilson_interval(tally.won, settled)
    lower, upper = bounds(tally.won, tally.lost, tally.unknown)
    times = sorted(tally.times)
    rate = f"{_percent(tally.won / settled):>8}" if settled else f"{'-':>8}"
    rows = [
        say("winnability.row-deals", count=f"{tally.deals:>8,}"),
        say("winnability.row-won", count=f"{tally.won:>8,}"),
        say("winnability.row-no-win", count=f"{tally.lost:>8,}"),
        say("winnability.row-unknown", count=f"{tally.unknown:>8,}"),
        say("winnability.row-winnability", rate=rate, low=_percent(low), high=_percent(high)),
        say("winnability.row-bounds", lower=f"{_percent(lower):>8}", upper=_percent(upper)),
        say("winnability.row-wall-time", seconds=f"{_seconds(wall):>8}"),
        say("winnability.row-per-deal", median=f"{_seconds(median(times)):>8}",
            longest=_seconds(times[-1]) if times else "-"),
        say("winnability.row-from-table", reused=f"{reused:>8,}", count=f"{tally.deals:,}"),
    ]
    lines = summary(title, key, tally, list_all=list_all, width=width)
    lines += [say("winnability.details", game=key.game, mode=key.mode, start=deals.start,
                  stop=deals.stop).laid_out(width, "  "),
              _budget(key).laid_out(width, "  "),
              say("winnability.rules-version", version=key.rules_version).laid_out(width),
              say("winnability.key-covers-line", covers=KEY_COVERS).laid_out(width, "  ")]
    lines += [row.laid_out(width, " " * 25) for row in rows]
    return lines


def histogram(tally: Tally) -> Histogram:
    """The time per settled deal in decades (``< 1 ms`` ... ``>= 100 s``).

    Returns:
        Histogram: rows from the first to the last bin with a deal.
    """
    labels = ["< 1 ms", "1-10 ms", "10-100 ms", "0.1-1 s", "1-10 s", "10-100 s", ">= 100 s"]
    counts = [0] * len(labels)
    for value in tally.times:
        index = next((i for i, edge in enumerate(TIME_BINS) if value < edge), len(TIME_BINS))
        counts[index] += 1
    used = [i for i, count in enumerate(counts) if count]
    rows = tuple((labels[i], counts[i]) for i in range(used[0], used[-1] + 1)) if used else ()
    return Histogram(say("winnability.time-histogram"), rows, unit=say("winnability.unit"))
