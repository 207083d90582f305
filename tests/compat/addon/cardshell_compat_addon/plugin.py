"""The cardshell plugin: hooks and commands over games other plugins wrote.

* ``cardshell_render`` shows Pairs (``compat-pairs``) as boxed cards with a
  count of the pairs left; every other game keeps its own display.
* The lifecycle hooks append one line per event to ``compat-addon.journal``
  in the shell's data directory; the global command ``journal`` prints it.
* ``auto`` is a command added to Golf (``compat-golf``, a contract-1 game):
  it plays the lowest playable column until none is left, changing the
  state in place as Golf's own commands do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cardshell
from cardshell_compat_golf import rules as golf
from cardshell_compat_pairs import rules as pairs

#: The plugin contract this plugin is written for.
CARDSHELL_CONTRACT = 2

#: The journal's file name in the data directory.
JOURNAL = "compat-addon.journal"

#: The journal keeps at most this many lines (older ones are dropped).
MAX_LINES = 1000


def journal_path(data_dir: Path | None) -> Path | None:
    """The journal file in ``data_dir``, or None without a data directory."""
    return None if data_dir is None else Path(data_dir) / JOURNAL


def note(session: cardshell.SessionView, text: str) -> None:
    """Append ``text`` to the session's journal (bounded by :data:`MAX_LINES`)."""
    path = journal_path(session.data_dir)
    if path is None:
        return
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    lines = [*lines, text][-MAX_LINES:]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@cardshell.hookimpl
def cardshell_render(game: cardshell.Game, state: Any) -> str | None:
    """Pairs as boxed cards; None (the game's own display) for other games."""
    if game.id != "compat-pairs":
        return None
    boxes = " ".join(f"[{card.text}]" for card in state.row) or "(no cards)"
    count = len(list(pairs.pairs(state)))
    return f"{boxes}\n{len(state.row)} cards, {count} pair{'' if count == 1 else 's'} to remove"


@cardshell.hookimpl
def cardshell_game_started(session: cardshell.SessionView) -> None:
    note(session, f"started {session.id} seed {session.seed}")


@cardshell.hookimpl
def cardshell_command_applied(session: cardshell.SessionView, command: cardshell.Command, line: str) -> None:
    note(session, f"{session.id} move {session.moves}: {line} ({command.name})")


@cardshell.hookimpl
def cardshell_game_over(session: cardshell.SessionView, outcome: cardshell.Outcome) -> None:
    note(session, f"{session.id} over after {session.moves} moves: {outcome.result}, score {outcome.score}")


def do_journal(ctx: cardshell.CommandContext[Any], args: None) -> None:
    """Print the journal (global command)."""
    path = journal_path(ctx.shell.data_dir if ctx.shell is not None else None)
    lines = path.read_text(encoding="utf-8").splitlines() if path is not None and path.exists() else []
    ctx.echo("\n".join(f"journal: {line}" for line in lines) if lines else "journal: empty")


def do_auto(ctx: cardshell.CommandContext[golf.GolfState], args: None) -> None:
    """Handler of ``auto`` in Golf: play the lowest playable column until none.

    Raises:
        cardshell.CommandError: nothing can be played now.
    """
    played = 0
    while golf.result(ctx.state) is None and golf.playable(ctx.state):
        golf.play(ctx.state, golf.playable(ctx.state)[0])
        played += 1
    if not played:
        raise cardshell.CommandError("Nothing to play: draw.")
    ctx.echo(f"Auto played {played} card{'s' if played != 1 else ''}.")


@cardshell.hookimpl
def cardshell_commands() -> list[cardshell.Command]:
    """Register ``journal`` (global) and ``auto`` (for Golf, another plugin's game)."""
    return [
        cardshell.Command("journal", "what the compat add-on saw: games started, moves, endings", do_journal,
                          show_state=False, changes_state=False),
        cardshell.Command[golf.GolfState]("auto", "play every card that fits, lowest column first", do_auto,
                                          game="compat-golf"),
    ]
