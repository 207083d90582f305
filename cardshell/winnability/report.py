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
import textwrap
from array import array
from dataclasses import dataclass, field

from cardshell import screen
from cardshell.sweep.histogram import Histogram
from cardshell.winnability.stats import bounds, median, wilson_interval
from cardshell.winnability.store import Key, Row

#: The report's line saying what the rules version in a row's key covers
#: (:func:`cardshell.winnability.run.rules_version`).
KEY_COVERS = "(plugin version + hash of its rules page . hash of its package's code)"

__all__ = ["HONEST_LINE", "KEY_COVERS", "LISTED", "THOUGHTFUL_LINE", "TIME_BINS", "Tally", "histogram", "report"]
#: How many deals of each kind (won, not won, unknown) the report lists without ``--list``.
LISTED = 20
#: What ``--thoughtful`` means, in one line (the report and ``help winnability``).
THOUGHTFUL_LINE = "Thoughtful: each deal is solved seeing every card: can it be won at all?"
#: What ``--honest`` means, in one line (the report and ``help winnability``).
HONEST_LINE = ("Honest: each deal is played with the hints, seeing only what a player sees: "
               "how often does good play win?")

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


def _budget(key: Key) -> str:
    if key.mode == "honest":
        return (f"budget: {key.seconds:g} s per deal; {key.samples} samples and {key.nodes:,} positions "
                "per move")
    return f"budget: {key.seconds:g} s and {key.nodes:,} positions per deal"


def summary(title: str, key: Key, tally: Tally, *, list_all: bool = False, width: int = 80) -> list[str]:
    """The plain-words head of the report, at most ``width`` characters a line.

    ``list_all`` (``--list``) lists every deal, else the first :data:`LISTED`
    of each result.
    """
    settled = tally.won + tally.lost
    honest = key.mode == "honest"
    if settled:
        low, high = wilson_interval(tally.won, settled)
        verb = "were won by the honest player" if honest else "can be won"
        head = (f"{title}: {tally.won:,} of the {settled:,} deal{'s' if settled != 1 else ''} settled {verb} "
                f"(95 % interval {100 * low:.0f}-{100 * high:.0f} %); {tally.unknown:,} unknown.")
    else:
        head = (f"{title}: no deal settled; {tally.unknown:,} unknown (a bigger --seconds or --nodes "
                "may settle them).")
    lines = textwrap.wrap(head, width, subsequent_indent="  ")
    lines += textwrap.wrap(HONEST_LINE if honest else THOUGHTFUL_LINE, width, subsequent_indent="  ")
    for label, result in (("Won", "won"), ("Not won", "no win"), ("Unknown", "unknown")):
        found = tally.deals_by_result.get(result, array("q"))
        if not found:
            continue
        shown = list(found) if list_all else list(found[:LISTED])
        deals = [str(deal) for deal in shown]  # as 'play --seed' reads them
        listed = screen.wrap_list(f"{label} ({len(found):,}): ", deals, width)
        if len(shown) < len(found):  # the rest of the sentence, wrapped as words after the list
            listed = screen.wrap(f"{listed} and {len(found) - len(shown):,} more ('--list' lists them all)",
                                 width, "  ")
        lines += listed.split("\n")
    if tally.deals:
        lines.append(f"Deal N is 'play {key.game} --seed N'.")
    return lines


def report(title: str, key: Key, deals: range, tally: Tally, wall: float, reused: int, *,
           list_all: bool = False, width: int = 80) -> str:
    """The report of a run.

    Args:
        wall: the run's wall-clock seconds.
        reused: deals answered from the table, not solved now.
        list_all: list every deal (``--list``).
        width: the screen's width in characters (80 in scripts).

    Returns:
        The lines, none over ``width`` characters but a single word (the
        rules version).
    """
    settled = tally.won + tally.lost
    low, high = wilson_interval(tally.won, settled)
    lower, upper = bounds(tally.won, tally.lost, tally.unknown)
    times = sorted(tally.times)
    rate = f"{_percent(tally.won / settled):>8}" if settled else f"{'-':>8}"
    rows = [
        ("deals", f"{tally.deals:>8,}", ""),
        ("won", f"{tally.won:>8,}", ""),
        ("no win", f"{tally.lost:>8,}", ""),
        ("unknown", f"{tally.unknown:>8,}", ""),
        ("winnability", rate, f"95 % Wilson interval {_percent(low)} to {_percent(high)} of settled"),
        ("bounds", f"{_percent(lower):>8}", f"to {_percent(upper)}: unknowns as losses / as wins"),
        ("wall time", f"{_seconds(wall):>8}", ""),
        ("per settled deal", f"{_seconds(median(times)):>8}",
         f"median; max {_seconds(times[-1]) if times else '-'}"),
        ("from the table", f"{reused:>8,}", f"of {tally.deals:,} deals"),
    ]
    lines = summary(title, key, tally, list_all=list_all, width=width)
    lines += [screen.wrap(f"Details: {key.game}, {key.mode}, deals {deals.start}:{deals.stop}", width, "  "),
              screen.wrap(f"  {_budget(key)}", width, "  "),
              screen.wrap(f"  rules version: {key.rules_version}", width),
              screen.wrap(f"  {KEY_COVERS}", width, "  ")]
    lines += [screen.wrap(f"  {label:<17}{value}  {note}".rstrip(), width, " " * 25) for label, value, note in rows]
    return "\n".join(lines)


def histogram(tally: Tally) -> Histogram:
    """The time per settled deal in decades (``< 1 ms`` ... ``>= 100 s``), first to last non-empty bin."""
    labels = ["< 1 ms", "1-10 ms", "10-100 ms", "0.1-1 s", "1-10 s", "10-100 s", ">= 100 s"]
    counts = [0] * len(labels)
    for value in tally.times:
        index = next((i for i, edge in enumerate(TIME_BINS) if value < edge), len(TIME_BINS))
        counts[index] += 1
    used = [i for i, count in enumerate(counts) if count]
    rows = tuple((labels[i], counts[i]) for i in range(used[0], used[-1] + 1)) if used else ()
    return Histogram("Time per settled deal", rows, unit="deals")
