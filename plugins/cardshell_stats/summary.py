"""The figures of a game's results, as PySolFC's per-game statistics plus win streaks.

A perfect win used neither undo nor ``hint``/``solve``; it shows as ``-`` for
a game without undo, where the count says nothing.  A result of a game that
plays itself reached with no move (:func:`plays_itself`) is the deal's: counted
as played, won or lost, never a perfect win or a best time.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

#: The results a game can have, as recorded.
RESULTS = ("won", "lost", "draw")


@dataclass(frozen=True)
class Result:
    """One finished game (or round), as recorded.

    Attributes:
        game: the game id.
        seed: the deal number.
        result: ``"won"``, ``"lost"`` or ``"draw"``.
        score: the game's score, where it has one.
        moves: accepted moves in the game (or round).
        duration: seconds from the start (or the previous round's end) to the end.
        undo_used: whether undo was used.
        interactive: played at a terminal (False: by a script).
        assisted: ``hint`` or ``solve`` answered in the game.
        run: the run of cardshell that recorded it (:data:`cardshell_stats.store.RUN`), None when not known.
    """

    game: str
    seed: int
    result: str
    score: float | None = None
    moves: int = 0
    duration: float = 0.0
    undo_used: bool = False
    interactive: bool = True
    assisted: bool = False
    run: str | None = None


@dataclass(frozen=True)
class Summary:
    """The figures ``stats`` shows for one game (or all games together).

    Attributes:
        played, won, lost, draws: counts (a draw is played, not won).
        current_streak: wins at the end of the series.
        best_streak: the longest run of wins (a loss or a draw ends a run).
        perfect: wins without undo, hint or solve.
        best_time: the shortest won game, seconds; None if no win.
        assisted_wins: wins in which ``hint`` or ``solve`` answered.
        deal_results: results of the deal, not the player's.
    """

    played: int = 0
    won: int = 0
    lost: int = 0
    draws: int = 0
    current_streak: int = 0
    best_streak: int = 0
    perfect: int = 0
    best_time: float | None = None
    assisted_wins: int = 0
    deal_results: int = 0

    @property
    def win_rate(self) -> float | None:
        """won / played, in 0..1; None when nothing was played."""
        return self.won / self.played if self.played else None

    @property
    def by_deal(self) -> bool:
        """Every result is the deal's, so streaks, perfect wins and best time say nothing of the player."""
        return self.played > 0 and self.deal_results == self.played


def plays_itself(game: Any) -> bool:
    """Whether a ``Game`` record (None: not installed) plays itself: legal moves listed, no move declared."""
    return game is not None and getattr(game, "legal_moves", None) is not None and not getattr(game, "moves", ())


def has_decisions(game: Any) -> bool:
    """Whether the player decides anything in a ``Game`` record (None: not installed, taken as yes):
    a game told from a side (``Game.side``, Snap) plays itself once started, so a time is not the player's."""
    return not getattr(game, "side", "")


def summarise(results: Iterable[Result], *, by_deal: bool = False, timed: bool = True) -> Summary:
    """The figures of ``results`` in the order the games finished.

    A best time is a record of the player's: only a win with neither ``hint``
    nor ``solve`` sets it (a ``solve --play`` win is assisted), and a game
    without decisions has none.

    Args:
        results: oldest first.
        by_deal: the game plays itself (:func:`plays_itself`), so its results with no move are the deal's.
        timed: the game has decisions (:func:`has_decisions`): False keeps the best time None.
    """
    played = won = lost = draws = current = best = perfect = assisted = deals = 0
    best_time: float | None = None
    for item in results:
        played += 1
        if by_deal and item.moves == 0:  # the deal's result: counted, never the player's perfect win or time
            deals += 1
            current = current + 1 if item.result == "won" else 0
            best = max(best, current)
            won += item.result == "won"
            lost += item.result == "lost"
            draws += item.result not in ("won", "lost")
            continue
        if item.result == "won":
            won += 1
            current += 1
            best = max(best, current)
            if not item.undo_used and not item.assisted:
                perfect += 1
            if item.assisted:
                assisted += 1
            if timed and not item.assisted and (best_time is None or item.duration < best_time):
                best_time = item.duration
        else:
            current = 0
            if item.result == "lost":
                lost += 1
            else:
                draws += 1
    return Summary(played, won, lost, draws, current, best, perfect, best_time, assisted, deals)


def format_time(seconds: float | None) -> str:
    """``m:ss`` (or ``h:mm:ss``), rounded to the second; ``-`` for None."""
    if seconds is None:
        return "-"
    total = int(round(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_rate(rate: float | None) -> str:
    """A win rate as a whole percentage; ``-`` for None."""
    return "-" if rate is None else f"{round(rate * 100)}%"


def format_perfect(summary: Summary, has_undo: bool) -> str:
    """The perfect wins as shown: the count, or ``-`` for a game without undo or whose results are the deals'."""
    return str(summary.perfect) if has_undo and not summary.by_deal else "-"


def _streak(count: int, summary: Summary) -> str:
    return "-" if summary.by_deal else str(count)


def detail(title: str, summary: Summary, has_undo: bool = True, side: str = "") -> str:
    """The ``stats GAME`` block of ``label: value`` lines.

    Args:
        has_undo: whether the game allows undo (else its perfect wins show as ``-``).
        side: for a game without decisions, the side its results are told from (``Game.side``).
    """
    whose = "Deals" if summary.by_deal else f"{side}" if side else ""
    rows = [
        ("Played", str(summary.played)),
        (f"{whose} won" if whose else "Won", str(summary.won)),
        (f"{whose} lost" if whose else "Lost", str(summary.lost)),
    ]
    if summary.draws:
        rows.append(("Drawn", str(summary.draws)))
    rows += [
        ("Win rate", format_rate(summary.win_rate)),
        ("Current win streak", _streak(summary.current_streak, summary)),
        ("Best win streak", _streak(summary.best_streak, summary)),
        ("Perfect wins", format_perfect(summary, has_undo)),
        ("Best time", format_time(summary.best_time)),
    ]
    if summary.assisted_wins:  # wins with hint or solve: never perfect
        rows.insert(-1, ("Assisted wins", str(summary.assisted_wins)))
    width = max(len(label) for label, _ in rows) + 1
    if summary.by_deal:
        heading = f"{title} statistics (results of the deals: {title} plays itself):"
    elif side:
        heading = f"{title} statistics (from {side}'s side: {title} has no decisions):"
    else:
        heading = f"{title} statistics:"
    return "\n".join([heading] + [f"  {(label + ':').ljust(width)} {value}" for label, value in rows])


HEADERS = ("game", "played", "won", "lost", "win rate", "streak", "best streak", "perfect", "best time")


#: The columns the ``stats`` table leaves out first when it is too wide
#: for the screen, in that order (``stats GAME`` shows every figure).
DROP_ORDER = ("best streak", "perfect", "streak", "best time", "lost", "win rate", "won")


def table(rows: list[tuple[str, Summary]], without_undo: frozenset[str] = frozenset(), width: int = 80,
          sides: dict[str, str] | None = None) -> str:
    """The ``stats`` table, one row per game, no line over ``width`` characters unless a game id is longer.

    Too wide, the columns close to one space, then leave out :data:`DROP_ORDER`, never wrapping a cell.

    Args:
        rows: (game id, figures), in display order.
        without_undo: ids of the games that do not allow undo.
        sides: per game without decisions, the side its results are told from (``Game.side``).
    """
    sides = sides or {}
    cells = [HEADERS] + [
        (f"{gid} (deals)" if s.by_deal else f"{gid} ({sides[gid]})" if gid in sides else gid,
         str(s.played), str(s.won), str(s.lost), format_rate(s.win_rate), _streak(s.current_streak, s),
         _streak(s.best_streak, s), format_perfect(s, gid not in without_undo), format_time(s.best_time))
        for gid, s in rows
    ]
    notes = [f"  {gid} ({side}): won and lost are {side}'s ({gid} has no decisions)"
             for gid, side in sorted(sides.items()) if any(g == gid for g, _ in rows)]
    notes += [f"  {gid} (deals): won and lost are the deals' results ({gid} plays itself)"
              for gid, s in rows if s.by_deal]
    dropped: list[str] = []
    lines: list[str] = []
    for drop in (None, *DROP_ORDER):
        if drop is not None:
            dropped.append(drop)
        keep = [i for i, header in enumerate(HEADERS) if header not in dropped]
        for gap in (2, 1):
            lines = _aligned([[row[i] for i in keep] for row in cells], gap)
            if max(len(line) for line in lines) <= width:
                if dropped:
                    notes.append(f"  (left out at this width: {', '.join(dropped)}; 'stats GAME' shows them)")
                lines += [textwrap.fill(note, width, subsequent_indent="   ", break_long_words=False,
                                        break_on_hyphens=False) for note in notes]
                return "\n".join(lines)
    return "\n".join(lines)


def _aligned(cells: list[list[str]], gap: int) -> list[str]:
    """Rows of cells as lines, indented 2: the first column left-aligned, the others right, ``gap`` apart."""
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    space = " " * gap
    lines = []
    for row in cells:
        first = row[0].ljust(widths[0])
        rest = space.join(cell.rjust(size) for cell, size in zip(row[1:], widths[1:]))
        lines.append(f"  {first}{space}{rest}".rstrip())
    return lines
