"""The statistics of one game's results: pure computations and formatting.

PySolFC's per-game statistics (played, won, lost, "perfect" wins without
undo, best time) plus win streaks, which PySolFC lacks.  Definitions:

* played: every recorded result (won, lost or draw);
* win rate: won / played (draws count as played, not won);
* current streak: the number of wins at the end of the series; best
  streak: the longest run of consecutive wins (a loss or a draw ends a run);
* perfect wins: wins in games where neither undo nor ``hint``/``solve``
  was used (an assisted win is never perfect); shown as ``-``
  for a game without undo (``Game.undo`` false, such as Blackjack and
  Minesweeper), where every win would be "perfect" and the count says nothing;
* best time: the shortest duration of a won game, in seconds;
* a result of the deal: the ending of a game that plays itself (it lists
  its legal moves but declares no move, as Pictures and Up-and-Down do:
  :func:`plays_itself`) reached with no move of the player's.  It counts as
  played, won or lost, but it is the deal's result, not the player's: never
  a perfect win, never a best time, and a game whose results are all the
  deals' shows ``-`` for its streaks, perfect wins and best time.
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
        game (str): the game id.
        seed (int): the deal number.
        result (str): ``"won"``, ``"lost"`` or ``"draw"``.
        score (float | None): the game's score, where it has one.
        moves (int): accepted moves in the game (or round).
        duration (float): seconds from the start (or the previous round's
            end) to the end.
        undo_used (bool): whether undo was used.
        interactive (bool): played at a terminal (False: by a script).
        assisted (bool): ``hint`` or ``solve`` answered in the game.
        run (str | None): the run of cardshell that recorded it
            (:data:`cardshell_stats.store.RUN`), None when not known.
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
        played, won, lost, draws (int): counts.
        current_streak (int): wins at the end of the series.
        best_streak (int): the longest run of wins.
        perfect (int): wins without undo, hint or solve.
        best_time (float | None): the shortest won game, seconds; None if no win.
        assisted_wins (int): wins in which ``hint`` or ``solve`` answered.
        deal_results (int): results of the deal, not the player's (see the
            module's docstring).
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
        """Every result is the deal's (a game that plays itself): the
        streaks, perfect wins and best time say nothing of the player."""
        return self.played > 0 and self.deal_results == self.played


def plays_itself(game: Any) -> bool:
    """Whether a game plays itself: it lists its legal moves (``Game.legal_moves``,
    contract 2) but declares no move (``Game.moves`` empty), so the player
    makes none (Pictures, Up-and-Down).  A game with moves, or of contract 1
    (no legal moves listed), does not.

    Args:
        game (cardshell.Game | None): the game's record; None (not installed): False.
    """
    return game is not None and getattr(game, "legal_moves", None) is not None and not getattr(game, "moves", ())


def summarise(results: Iterable[Result], *, by_deal: bool = False) -> Summary:
    """Compute the figures of a series of results, oldest first.

    Args:
        results (Iterable[Result]): in the order the games finished.
        by_deal (bool): the game plays itself (:func:`plays_itself`): its
            results with no move are the deal's (see the module's docstring).

    Returns:
        Summary: see the module's definitions.
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
            if best_time is None or item.duration < best_time:
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
    """The perfect wins as shown: the count, or ``-`` for a game without
    undo or whose results are the deals'."""
    return str(summary.perfect) if has_undo and not summary.by_deal else "-"


def _streak(count: int, summary: Summary) -> str:
    """A streak as shown: the count, or ``-`` when the results are the deals'."""
    return "-" if summary.by_deal else str(count)


def detail(title: str, summary: Summary, has_undo: bool = True, side: str = "") -> str:
    """The ``stats GAME`` block.

    Args:
        title (str): the game's title.
        summary (Summary): its figures.
        has_undo (bool): whether the game allows undo (else its perfect
            wins show as ``-``).
        side (str): for a game without decisions, the side its results are
            told from (``Game.side``, ``"A"`` for Snap): rows read ``A won``.

    Returns:
        str: several ``label: value`` lines.
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
    """The ``stats`` table: one row per game, fitted to ``width``.

    The columns are two spaces apart; when that is too wide, one space;
    when that is still too wide, columns are left out in :data:`DROP_ORDER`
    order (and a last line names them), so a cell is never wrapped.

    Args:
        rows (list[tuple[str, Summary]]): (game id, figures), in display order.
        without_undo (frozenset[str]): ids of the games that do not allow
            undo (their perfect wins show as ``-``).
        width (int): the screen's width in characters.
        sides (dict[str, str] | None): per game without decisions, the side
            its results are told from (``Game.side``): its row reads
            ``snap (A)`` and a last line says what that means.

    Returns:
        str: a header line and one aligned line per game, no line over
        ``width`` (unless a game id alone is longer).
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
    """Rows of cells as lines: the first column left-aligned, the others
    right-aligned, ``gap`` spaces apart, two spaces before the first."""
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    space = " " * gap
    lines = []
    for row in cells:
        first = row[0].ljust(widths[0])
        rest = space.join(cell.rjust(size) for cell, size in zip(row[1:], widths[1:]))
        lines.append(f"  {first}{space}{rest}".rstrip())
    return lines
