"""The statistics plugin's lifecycle hooks and its ``stats`` command.

Each ending (of a game, or of a round in games played in rounds) is one
result; a round's moves and seconds count from the previous round's end, kept
as one mark per game id so memory is bounded by the installed games.  A game's
own ``Outcome.duration`` (seconds) is recorded when it keeps a clock, else the
host's.  A script's ``stats`` counts only the games that script finished
(:data:`cardshell_stats.store.RUN`), so its output never depends on earlier play.
"""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path
from typing import Any

import cardshell
from cardshell.errors import CommandError, UsageError
from cardshell.parsers import quoted
from cardshell.paths import data_dir as default_data_dir
from cardshell_stats import store, summary

CARDSHELL_CONTRACT = 1

#: Per game id: (uid of the game instance, elapsed seconds, moves) at that
#: instance's last ending; a replaced mark counts the next round from the deal.
_MARKS: dict[str, tuple[str, float, int]] = {}


def _data_dir(holder: cardshell.SessionView | cardshell.ShellView | None) -> Path:
    """The data directory the host uses (``--data-dir``), else the default."""
    directory = None if holder is None else holder.data_dir
    return Path(directory) if directory is not None else default_data_dir()


def _since(session: cardshell.SessionView) -> tuple[float, int]:
    """(elapsed seconds, moves) at this game instance's last ending, else (0, 0)."""
    uid, elapsed, moves = _MARKS.get(session.id, ("", 0.0, 0))
    return (elapsed, moves) if uid == session.uid else (0.0, 0)


def _number(value: Any) -> float | None:
    """A finite real number as a float, else None (a plugin's score or duration)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


@cardshell.hookimpl
def cardshell_game_started(session: cardshell.SessionView) -> None:
    """A new deal: its moves and time count from zero."""
    _MARKS[session.id] = (session.uid, 0.0, 0)


@cardshell.hookimpl
def cardshell_game_over(session: cardshell.SessionView, outcome: cardshell.Outcome) -> None:
    """Record the ending of a game or of its round in the database.

    Args:
        session: the game that ended.
        outcome: how it ended; its finite ``duration`` (seconds, >= 0) is the time recorded, else the host's.
    """
    elapsed, moves = session.elapsed, session.moves
    since_elapsed, since_moves = _since(session)
    _MARKS[session.id] = (session.uid, elapsed, moves)
    own = _number(outcome.duration)
    duration = own if own is not None and own >= 0 else elapsed - since_elapsed
    item = summary.Result(
        game=session.id,
        seed=session.seed,
        result=outcome.result,
        score=_number(outcome.score),
        moves=max(0, moves - since_moves),
        duration=min(max(0.0, duration), store.MAX_DURATION),
        undo_used=session.undo_used,
        interactive=session.interactive,
        assisted=session.assisted,
    )
    store.add(_data_dir(session), item)


def _parse(text: str) -> tuple[str | None, bool, bool, bool]:
    """``[GAME] [--all] [--reset] [--yes]`` -> (game, reset, yes, every)."""
    game, reset, yes, every = None, False, False, False
    for word in text.split():
        if word == "--reset":
            reset = True
        elif word == "--yes":
            yes = True
        elif word == "--all":
            every = True
        elif word.startswith("-"):
            raise UsageError(f"unknown option {quoted(word)}")
        elif game is None:
            game = word.lower()
        else:
            raise UsageError("stats takes at most one game")
    if yes and not reset:
        raise UsageError("--yes confirms --reset")
    return game, reset, yes, every


def _others(hidden: int) -> str:
    """The line naming the scripted results the default view leaves out ("" for none)."""
    if not hidden:
        return ""
    return (f"({hidden} result{'s' if hidden != 1 else ''} of scripted games left out: "
            f"'stats --all' counts {'them' if hidden != 1 else 'it'} too.)")


#: What ``stats`` says in a script that has finished no game yet: the words
#: a script with a fresh data directory always saw, so a plugin's tests keep
#: passing (docs/compatibility.md), whatever was played before.
NONE_IN_SCRIPT = "No finished games yet."


def _show(ctx: cardshell.CommandContext, shown: list[summary.Result], game_id: str | None,
          games: dict[str, cardshell.Game], heading: str, empty: str) -> None:
    """Echo the statistics of ``shown``: one game's in detail, or the table of every game's."""
    if game_id is not None:
        game = games.get(game_id)
        title = game.title if game is not None else game_id
        has_undo = game.undo if game is not None else True
        figures = summary.summarise((r for r in shown if r.game == game_id), by_deal=summary.plays_itself(game),
                                    timed=summary.has_decisions(game))
        ctx.echo(summary.detail(title, figures, has_undo, game.side if game is not None else ""))
        return
    if not shown:
        ctx.echo(empty)
        return
    order = sorted({r.game for r in shown})
    rows = [(gid, summary.summarise((r for r in shown if r.game == gid), by_deal=summary.plays_itself(games.get(gid)),
                                    timed=summary.has_decisions(games.get(gid))))
            for gid in order]
    ctx.echo(heading or "Statistics:")
    without_undo = frozenset(gid for gid, game in games.items() if not game.undo)
    sides = {gid: game.side for gid, game in games.items() if game.side}
    ctx.echo(summary.table(rows, without_undo, ctx.shell.width if ctx.shell is not None else 80, sides))


def _damaged(reading: store.Reading, path: Path) -> str:
    """The line naming the rows the figures leave out because they are damaged ("" for none)."""
    if not reading.damaged:
        return ""
    more = reading.damaged - len(reading.named)
    rest = f"; and {more:,} more" if more else ""
    rows = "row" if reading.damaged == 1 else "rows"
    return (f"(warning: {reading.damaged:,} damaged {rows} of {path} left out: {'; '.join(reading.named)}{rest}; "
            "'stats --reset --yes' clears the database.)")


def stats(ctx: cardshell.CommandContext, args: tuple[str | None, bool, bool, bool]) -> None:
    """``stats [GAME] [--all] [--reset [--yes]]``: show (or delete) statistics.

    Counts the games played at a terminal, or in a script only the games it finished (none: it says so);
    ``--all`` every game.

    Raises:
        CommandError: for an unknown game, or a database it cannot read or clear.
    """
    game_id, reset, yes, every = args
    directory = _data_dir(ctx.shell)
    games = dict(ctx.shell.games) if ctx.shell is not None else {}
    try:
        reading = store.read(directory)
    except sqlite3.Error as exc:
        raise CommandError(f"cannot read the statistics in {store.db_path(directory)}: {exc}") from None
    recorded = reading.results
    own = [r for r in recorded if r.run == store.RUN]
    scripted = (ctx.shell.scripted if ctx.shell is not None else not ctx.interactive) and not every and not reset
    if game_id is not None and game_id not in games and all(r.game != game_id for r in (own if scripted else recorded)):
        known = ", ".join(sorted(games)) or "none installed"
        raise CommandError(f"no game {quoted(game_id)}; the games are: {known}")
    damaged = _damaged(reading, store.db_path(directory))
    what = f"the statistics of {game_id}" if game_id else "the statistics of every game"
    if reset:
        count = sum(1 for r in recorded if game_id is None or r.game == game_id)
        if not yes:
            again = f"stats {game_id} --reset --yes" if game_id else "stats --reset --yes"
            ctx.echo(f"This deletes {what} ({count} result{'s' if count != 1 else ''}).\n"
                     f"To confirm, type: {again}")
            return
        try:
            deleted = store.reset(directory, game_id)
        except sqlite3.Error as exc:
            raise CommandError(f"cannot delete the statistics in {store.db_path(directory)}: {exc}") from None
        ctx.echo(f"Deleted {what} ({deleted} result{'s' if deleted != 1 else ''}).")
        return
    if scripted:  # a script's own games: nothing else is counted or mentioned (its damaged rows aside)
        _show(ctx, own, game_id, games, "", NONE_IN_SCRIPT)
        if damaged:
            ctx.echo(damaged)
        return
    shown = recorded if every else [r for r in recorded if r.interactive]
    if game_id is not None:
        game = games.get(game_id)
        title = game.title if game is not None else game_id
        has_undo = game.undo if game is not None else True
        side = game.side if game is not None else ""
        figures = summary.summarise((r for r in shown if r.game == game_id), by_deal=summary.plays_itself(game),
                                    timed=summary.has_decisions(game))
        ctx.echo(summary.detail(title, figures, has_undo, side))
        note = _others(sum(1 for r in recorded if r.game == game_id) - sum(1 for r in shown if r.game == game_id))
        for line in (note, damaged):
            if line:
                ctx.echo(line)
        return
    note = _others(len(recorded) - len(shown))
    if not shown:
        ctx.echo("No finished games yet." if not note else "No finished games played at a terminal yet.")
        for line in (note, damaged):
            if line:
                ctx.echo(line)
        return
    order = sorted({r.game for r in shown})
    rows = [(gid, summary.summarise((r for r in shown if r.game == gid), by_deal=summary.plays_itself(games.get(gid)),
                                    timed=summary.has_decisions(games.get(gid))))
            for gid in order]
    ctx.echo("Statistics (games played at a terminal and by scripts):" if every else "Statistics:")
    without_undo = frozenset(gid for gid, game in games.items() if not game.undo)
    sides = {gid: game.side for gid, game in games.items() if game.side}
    ctx.echo(summary.table(rows, without_undo, ctx.shell.width if ctx.shell is not None else 80, sides))
    for line in (note, damaged):
        if line:
            ctx.echo(line)


@cardshell.hookimpl
def cardshell_commands() -> list[cardshell.Command]:
    """The global ``stats`` command."""
    return [
        cardshell.Command(
            "stats", "show statistics: played, won, win rate, streaks, perfect wins, best time", stats,
            usage="stats [GAME] [--all] [--reset [--yes]]", parse=_parse, show_state=False,
            changes_state=False,
            help="Every finished game is recorded, whatever the game, with how it was played: at a "
                 "terminal or by a script, with or without hint or solve.  At a terminal 'stats' counts "
                 "the games played at a terminal; in a script, only the games that script finished, so its "
                 "output never depends on earlier play; "
                 "'stats --all' counts every recorded game.  A perfect win is a "
                 "win without undo, hint or solve.  A streak is a run of wins (a loss or a draw ends it).  "
                 "A game without decisions (Snap) is counted from one side's view ('A won'); a game "
                 "that plays itself (Pictures, Up-and-Down) counts the deals' results, with no streaks, "
                 "perfect wins or best times.  "
                 "'stats --reset' asks for confirmation: type 'stats --reset --yes' to delete.",
        )
    ]
