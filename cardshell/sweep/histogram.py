"""The distribution of a sweep's results, as text (``--plot``) or a PNG.

:func:`text` draws a :class:`Histogram` with ``#`` bars in at most 80
columns; :func:`write_png` draws it with matplotlib, an optional
dependency (``pip install 'cardshell[plot]'``); :func:`trimmed` and
:func:`binned` build the rows from a game's counts.
"""

from __future__ import annotations

import importlib.util
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cardshell.errors import CommandError
from cardshell.messages import HostMessage, say
from cardshell.ownfiles import refusal, replaced

__all__ = [
    "COLUMNS",
    "INSTALL_HINT",
    "MAX_LABEL",
    "Histogram",
    "binned",
    "nice_number",
    "check_png_target",
    "matplotlib_available",
    "text",
    "trimmed",
    "write_png",
]

#: The width the text histogram fits in.
COLUMNS = 80
#: Labels longer than this are cut (with ``~``) so that bars keep some room.
MAX_LABEL = 24
INSTALL_HINT = "pip install 'cardshell[plot]'"


@dataclass(frozen=True)
class Histogram:
    """A distribution to draw.

    Attributes:
        title: what is counted, e.g. ``"Number of uncovered pictures"``.
        rows: (label, count) in display order; counts >= 0.
        unit: what was counted, plural (``"games"``, ``"rounds"``).
    """

    title: str
    rows: tuple[tuple[str, int], ...]
    unit: str = "games"

    @property
    def total(self) -> int:
        """The sum of the counts."""
        return sum(count for _, count in self.rows)


def trimmed(counts: Sequence[int], labels: Sequence[str] | None = None, *,
            descending: bool = False) -> tuple[tuple[str, int], ...]:
    """Rows for counts indexed by outcome, without the empty rows at either end.

    Args:
        counts: ``counts[k]`` results had outcome k.
        labels: the label of each outcome; None for ``str(k)``.
        descending: list the outcomes from the last to the first.

    Returns:
        The rows from the first to the last outcome with a count (inner gaps
        stay); empty if every count is zero.
    """
    labels = [str(k) for k in range(len(counts))] if labels is None else list(labels)
    used = [k for k, count in enumerate(counts) if count]
    if not used:
        return ()
    order = range(used[0], used[-1] + 1)
    rows = tuple((labels[k], counts[k]) for k in order)
    return tuple(reversed(rows)) if descending else rows


def nice_number(at_least: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that is >= ``at_least``: a round bin width."""
    scale = 1
    while True:
        for step in (1, 2, 5):
            if step * scale >= at_least:
                return step * scale
        scale *= 10


def binned(counts: Sequence[int], width: int, max_rows: int = 25) -> tuple[tuple[str, int], ...]:
    """Rows ``"LOW-HIGH"`` (inclusive) for a quantity counted in bins of ``width``.

    ``counts[b]`` results fell in ``[b * width, (b + 1) * width)``.  Empty bins
    at either end are dropped, then the smallest aligned groups of 1, 2, 5,
    10, ... bins giving at most ``max_rows`` rows are merged.
    """
    used = [b for b, count in enumerate(counts) if count]
    if not used:
        return ()
    first, last = used[0], used[-1]
    merge = nice_number(1)
    while (last // merge - first // merge + 1) > max_rows:
        merge = nice_number(merge + 1)
    rows = []
    for start in range(first - first % merge, last + 1, merge):
        stop = start + merge
        low, high = start * width, stop * width - 1
        rows.append((str(low) if low == high else f"{low}-{high}", sum(counts[start:stop])))
    return tuple(rows)


def text(histogram: Histogram, columns: int = COLUMNS) -> HostMessage:
    """The histogram as aligned lines of at most ``columns`` (>= 40) characters (``sweep.histogram``).

    A title line with the total, then per row the label, a ``#`` bar (the
    largest count fills it; any count above zero shows one), the count and its
    share::

        Number of uncovered pictures (5,000 games)
         5 |                                                   6   0.12%
        12 | ################################################# 962  19.24%

    With nothing to draw, the title and a note (``sweep.histogram-empty``).
    """
    total = histogram.total
    heading = _heading(histogram)
    if len(heading.text) > columns:
        heading = say("sweep.histogram-heading-cut", heading=heading.text[:columns])
    if not total:
        return say("sweep.histogram-empty", heading=heading)
    labels = [_cut(label) for label, _ in histogram.rows]
    label_width = max(len(label) for label in labels)
    count_width = max(len(f"{count:,}") for _, count in histogram.rows)
    bar_width = max(columns - (label_width + 3 + 1 + count_width + 1 + 7), 1)
    most = max(count for _, count in histogram.rows)
    lines = []
    for label, (_, count) in zip(labels, histogram.rows):
        length = round(count / most * bar_width)
        if count and not length:
            length = 1
        bar = "#" * length
        lines.append(f"{label:>{label_width}} | {bar:<{bar_width}} {count:>{count_width},} {count / total:>7.2%}")
    return say("sweep.histogram", heading=heading, rows="\n".join(lines))


def _heading(histogram: Histogram) -> HostMessage:
    """The heading of a histogram, its text's and its PNG's: the title, the
    total and the unit (``Number of uncovered pictures (5,000 games)``)."""
    return say("sweep.histogram-heading", title=histogram.title, total=f"{histogram.total:,}", unit=histogram.unit)


def _cut(label: str) -> str:
    return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "~"


def matplotlib_available() -> bool:
    """Whether matplotlib can be imported (without importing it)."""
    try:
        return importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):  # pragma: no cover - broken installs
        return False


def check_png_target(path: str, data_dir: str | os.PathLike[str] | None = None) -> Path:
    """Check, before a sweep runs, that a PNG can be written at ``path``; return it.

    ``data_dir`` is the shell's data directory, whose own files are refused.

    Raises:
        CommandError: matplotlib is missing, the name does not end in ``.png``,
            the folder does not exist or is not writable, or the path is a
            folder or one of cardshell's own files.
    """
    if data_dir is not None and (why := refusal(path, data_dir)) is not None:
        raise CommandError(why)
    if not matplotlib_available():
        raise CommandError(say("sweep.plot-needs-matplotlib", file=path, install=INSTALL_HINT))
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise CommandError(say("sweep.plot-file-not-png", file=repr(path)))
    folder = target.parent
    if not folder.is_dir():
        raise CommandError(say("sweep.no-folder", file=path, folder=repr(str(folder))))
    if target.is_dir():
        raise CommandError(say("sweep.is-folder", file=path))
    if not os.access(folder, os.W_OK):
        raise CommandError(say("sweep.folder-not-writable", file=path, folder=repr(str(folder))))
    return target


def write_png(histogram: Histogram, path: str | os.PathLike[str]) -> Path:
    """Draw the histogram as a bar chart into a PNG file, atomically; return the path.

    Raises:
        CommandError: matplotlib is missing, or the file cannot be written
            (nothing is left behind).
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise CommandError(say("sweep.png-needs-matplotlib", install=INSTALL_HINT)) from None
    target = Path(path)
    labels = [label for label, _ in histogram.rows]
    counts = [count for _, count in histogram.rows]
    figure = Figure(figsize=(8, 4.5), dpi=100, layout="constrained")
    axes = figure.subplots()
    axes.bar(range(len(counts)), counts, color="#4c72b0")
    step = math.ceil(len(labels) / 26) or 1  # label every bar, or every step-th of many
    shown = range(0, len(labels), step)
    crowded = sum(len(labels[index]) + 2 for index in shown) > 70  # about what fits under the bars
    axes.set_xticks(list(shown), [labels[index] for index in shown], rotation=45 if crowded else 0,
                    ha="right" if crowded else "center")
    axes.set_title(str(_heading(histogram)))
    axes.set_ylabel(histogram.unit)
    try:
        with replaced(target, "wb") as stream:
            figure.savefig(stream, format="png")
    except OSError as exc:
        raise CommandError(say("sweep.cannot-write", file=target, reason=exc.strerror or exc)) from None
    return target
