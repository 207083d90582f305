"""The host's help at the table: ``rules``, ``show``, ``moves``, ``hint`` and ``solve``.

A default plugin registered through ``cardshell_commands``, working for any
game from its contract (:mod:`cardshell.ruleset`, :mod:`cardshell.search`).
Plugin code here gets a deep copy of the live state, checked by
:class:`~cardshell.plugincheck.StateGuard`, under a time bound
(:func:`~cardshell.watchdog.bound_for`; :data:`MOVES_SECONDS` for ``moves``).
Budgets are bounded by :data:`MAX_NODES`, :data:`MAX_SECONDS` and
:data:`MAX_SAMPLES`; the defaults count positions, not time, so a script gets
the same answer on any machine.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import dataclasses
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from cardshell import help as helptext
from cardshell import option_values, watchdog
from cardshell.commands.common import find_game, game_page, no_current_game
from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import hookimpl
from cardshell.judged_hint import judge, reason
from cardshell.messages import CATALOG, HostMessage, say
from cardshell.option_values import OptionParser
from cardshell.plugincheck import StateGuard
from cardshell.records import Command, CommandContext
from cardshell.render import Text
from cardshell.search import Budget, Verdict, solve
from cardshell.settings import MAX_PACE, MAX_SAMPLES, PLAY_PACE, autoplay_moves
from cardshell.shortcut import human_verdict
from cardshell.statekind import immutable_states, proven_immutable
from cardshell.watchdog import PluginOvertime, TimeBound, bound_for

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.host import Host
    from cardshell.ruleset import RuleSet
    from cardshell.session import GameSession

T = TypeVar("T")

#: The plugin name these commands are registered under.
PLUGIN_NAME = "cardshell.assist"

#: The largest ``--nodes`` budget (positions); the transposition table holds
#: at most this many keys.
MAX_NODES = 5_000_000
#: The largest ``--seconds`` budget.
MAX_SECONDS = 3600.0

#: Default budgets: ``solve`` (positions, seconds) and ``hint`` (re-drawn
#: deals, positions per move and deal, seconds for the whole hint).  The
#: hint's defaults answer in about a second: 0.9 s median, 2.6 s at p95 of
#: CPU time over 48 positions each of Aces Up and Thumb and Pouch (deals
#: 0..7, six hinted moves each); the seconds only stop a slow game's hint.
SOLVE_NODES, SOLVE_SECONDS = 200_000, 60.0
HINT_NODES, HINT_SECONDS = 1_000, 20.0
#: The time bound, in seconds, of listing and checking the legal moves (``moves``).
MOVES_SECONDS = 10.0


def _count(what: str, low: int, high: int) -> Any:
    def convert(text: str) -> int:
        return option_values.count(text, what, low, high)
    return convert


def _seconds(text: str) -> float:
    return option_values.seconds(text, "--seconds", MAX_SECONDS)


def _parser(prog: str, nodes: int, seconds: float, *, samples: bool = False,
            play: bool = False) -> OptionParser:
    """The options of ``solve`` or ``hint``: ``--samples`` and ``--pace`` default to None,
    the session's settings (:mod:`cardshell.settings`) giving their values."""
    parser = OptionParser(prog=prog, add_help=False)
    parser.add_argument("--seconds", type=_seconds, default=seconds)
    parser.add_argument("--nodes", type=_count("--nodes", 1, MAX_NODES), default=nodes)
    if samples:
        parser.add_argument("--samples", type=_count("--samples", 1, MAX_SAMPLES), default=None)
    if play:
        parser.add_argument("--play", action="store_true")
        parser.add_argument("--pace", type=lambda text: option_values.seconds(text, "--pace", MAX_PACE),
                            default=None)
    return parser


_SOLVE = _parser("solve", SOLVE_NODES, SOLVE_SECONDS, play=True)
_HINT = _parser("hint", HINT_NODES, HINT_SECONDS, samples=True)


def _parse_with(parser: OptionParser) -> Any:
    def parse(text: str) -> argparse.Namespace:
        return parser.parse_words(text.split())
    return parse


def _at_most_one_word(text: str) -> str | None:
    words = text.split()
    if len(words) > 1:
        raise UsageError(say("rules.too-many"))
    return words[0] if words else None


class AssistCommands:
    """The plugin object registering ``rules``, ``show``, ``moves``, ``hint`` and ``solve``.

    Args:
        shell: the shell whose current game the commands look at.
    """

    def __init__(self, shell: Host) -> None:
        self.shell = shell

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """Register the commands (global: they act on the current game)."""
        return [
            Command("rules", "the rules of the current game (or of GAME)", self.rules, usage="rules [GAME]",
                    parse=_at_most_one_word, complete=self._complete_games),
            Command("show", "show the current game again", self.show, aliases=("board",)),
            Command("moves", "list the legal moves now", self.moves),
            Command("hint", "suggest a move, from what you can see", self.hint,
                    usage="hint [OPTIONS]",
                    help=CATALOG["command-help.hint"].text,
                    parse=_parse_with(_HINT), complete=self._complete_options(_HINT)),
            Command("solve", "search for a winning line (sees face-down cards)", self.solve,
                    usage="solve [--play] [OPTIONS]",
                    help="Options: --play, --pace S, --seconds S, --nodes N.\n\n"
                         "Search from the current position for a winning line. The search looks at face-down "
                         "cards (the true deal), so it says whether the deal can be won at all, not what you "
                         "could know. It answers a winning line, 'no win from here' (every position searched) or "
                         f"'unknown' when the budget ran out (default {SOLVE_NODES} positions, {SOLVE_SECONDS:g} "
                         f"seconds).\n\n--play plays the line: at a terminal one move every S seconds (--pace S, "
                         f"default {PLAY_PACE:g}), each board shown ('+' faster, '-' slower, any other key stops); "
                         "in a script every move, each with its board.",
                    parse=_parse_with(_SOLVE), complete=self._complete_options(_SOLVE)),
        ]

    @staticmethod
    def _complete_options(parser: argparse.ArgumentParser) -> Any:
        options = [opt for action in parser._actions for opt in action.option_strings]

        def complete(state: Any, index: int) -> list[str]:
            return options
        return complete

    def _session(self) -> GameSession:
        session = self.shell.table.current
        if session is None:
            raise no_current_game(self.shell.table)
        return session

    def _rules(self, session: GameSession, *, search: bool) -> Any:
        rules = self.shell.registry.rules(session.id)
        if session.game.legal_moves is None:
            raise CommandError(say("moves.cannot-search" if search else "moves.cannot-list", title=session.game.title))
        if search and not rules.searchable:
            raise CommandError(say("moves.not-immutable", title=session.game.title))
        return rules

    def _complete_games(self, state: Any, index: int) -> list[str]:
        return sorted(self.shell.registry.games) if index == 0 else []

    def rules(self, ctx: CommandContext, word: str | None) -> None:
        """``rules [GAME]``: the game's page (rules, commands, options)."""
        if word is None and self.shell.table.current is None:
            raise no_current_game(self.shell.table, rules=True)
        game_id = self._session().id if word is None else find_game(self.shell.registry.games, word).id
        for piece in game_page(self.shell, game_id):
            ctx.echo(piece)

    def show(self, ctx: CommandContext, args: None) -> None:
        """``show``: the current game's display again."""
        session = self._session()
        ctx.echo(self.shell.lifecycle.render(session))

    @staticmethod
    def _on_a_copy(session: GameSession, rules: RuleSet, seconds: float | None, hook: str,
                   work: Callable[[Any], T]) -> T:
        """``work(state)`` within the time bound of ``seconds`` (None: :data:`MOVES_SECONDS`): the
        live state itself when the game declares immutable states and the state's type proves it
        (:func:`cardshell.statekind.proven_immutable`), else a deep copy of it.

        Raises:
            PluginFault: the state given was changed, or ``work`` ran out of time (naming ``hook``).
        """
        live = session.state
        shared = immutable_states(session.game) and proven_immutable(live)  # a value: no copy to work on
        trial = live if shared else copy.deepcopy(live)
        guard = StateGuard(trial) if immutable_states(session.game) else None  # proven: a shallow backup
        held: list[tuple[Text, Text]] = []
        try:
            with rules.warnings_held() as held, TimeBound(
                    MOVES_SECONDS if seconds is None else bound_for(seconds), rules.plugin, hook, seconds):
                result = work(trial)
        finally:
            if guard is not None and guard.changed():
                if shared and dataclasses.is_dataclass(live):  # changed by object.__setattr__: fields put back
                    for field in dataclasses.fields(live):
                        object.__setattr__(live, field.name, getattr(guard.backup, field.name))
                raise rules.mutated(guard.backup, hook)  # the warnings held are moot
            rules.release(held)
        return result

    def _searching(self, ctx: CommandContext, label: Text) -> contextlib.AbstractContextManager[Any]:
        """The front end's spinner while ``label`` runs, at a terminal only."""
        working = self.shell.front_end.working
        if working is None or not ctx.interactive:
            return contextlib.nullcontext()
        return working(label)

    def moves(self, ctx: CommandContext, args: None) -> None:
        """``moves``: the legal moves its rules accept, one line, in the game's order."""
        session = self._session()
        rules = self._rules(session, search=False)
        legal = self._on_a_copy(session, rules, None, "legal_moves", rules.checked_legal)
        ctx.echo(helptext.listed(say("moves.legal", moves=", ".join(legal)), legal,
                                 self.shell.front_end.fit_width) if legal else say("moves.none"))

    def hint(self, ctx: CommandContext, options: argparse.Namespace) -> None:
        """``hint``: one suggested move, from what the player can see (:func:`cardshell.judged_hint.judge`)."""
        session = self._session()
        if session.game.hint is not None:
            rules = self.shell.registry.rules(session.id)
        else:
            rules = self._rules(session, search=True)
        # A fixed generator per position: the same position gives the same hint.
        rng = random.Random(f"hint:{session.seed}:{session.moves}")
        samples = self.shell.settings.samples if options.samples is None else options.samples
        with self._searching(ctx, say("hint.thinking")):
            found = self._on_a_copy(
                session, rules, options.seconds, "hint" if session.game.hint is not None else "its rules",
                lambda state: judge(rules, state, rng=rng, samples=samples, nodes=options.nodes,
                                    seconds=options.seconds))
        session.assisted = True  # an answer, a move or none, is help (cardshell_stats: never "perfect")
        if not found.move:
            ctx.echo(say("hint.none-why", why=found.why) if found.why else say("hint.none"))
            return
        ctx.echo(reason(found))

    def _as_played(self, session: GameSession, rules: RuleSet, verdict: Verdict) -> Verdict:
        """``verdict`` with its winning line as a person plays it
        (:func:`cardshell.shortcut.human_verdict`), its plugin code bounded by
        :data:`MOVES_SECONDS`; the verdict as found when that runs out (the line wins either way)."""
        if verdict.result != "won":
            return verdict
        try:
            return self._on_a_copy(session, rules, None, "its rules",
                                   lambda state: human_verdict(rules, state, verdict))
        except PluginOvertime:
            return verdict

    def solve(self, ctx: CommandContext, options: argparse.Namespace) -> None:
        """``solve``: search the true state for a winning line, shown (and played by
        ``--play``) as a person would play it (:func:`cardshell.shortcut.human_verdict`)."""
        session = self._session()
        rules = self._rules(session, search=True)
        with self._searching(ctx, say("solve.searching")):
            verdict = self._on_a_copy(session, rules, options.seconds,
                                      "solver" if rules.search.solver is not None else "its rules",
                                      lambda state: solve(rules, state, Budget(options.seconds, options.nodes)))
            verdict = self._as_played(session, rules, verdict)
        session.assisted = True  # whatever it found (cardshell_stats: never "perfect")
        seen = say("solve.seen-opponents" if session.game.players is not None else "solve.seen")
        solve_word = self.shell.lifecycle.host_word("solve")
        if verdict.result == "won":
            if not verdict.line:
                ctx.echo(say("solve.already-won"))
                return
            ctx.echo(say("solve.line", moves=helptext.moves(len(verdict.line)),
                         positions=_positions(verdict.positions), seen=seen))
            typed = (_typed(rules, session.state, list(verdict.line)) if self.shell.settings.autoplay
                     else list(verdict.line))
            ctx.echo(helptext.listed(say("solve.moves", moves=", ".join(typed)), typed,
                                     self.shell.front_end.fit_width))
            if len(typed) < len(verdict.line):
                ctx.echo(say("solve.then-safe", count=len(verdict.line) - len(typed)))
            if options.play:
                pace = self.shell.settings.pace if options.pace is None else options.pace
                if ctx.interactive:
                    ctx.echo(say("solve.playing", pace=f"{pace:g}"))
                self.shell.dispatcher.record_as = ""  # the moves are recorded one by one
                for line in verdict.line:
                    ctx.then(line, step=True, pace=pace)
            else:
                ctx.echo(say("solve.play-hint", solve=solve_word))
        elif verdict.result == "no win":
            every = (say("solve.only-position") if verdict.positions == 1
                     else say("solve.all-positions", count=verdict.positions))
            ctx.echo(say("solve.no-win", every=every, seen=seen))
        else:
            ctx.echo(say("solve.unknown", positions=_positions(verdict.positions), seconds=f"{verdict.seconds:.1f}",
                         solve=solve_word, budget=_bigger_budget(verdict, options)))


def _typed(rules: Any, state: Any, line: list[str]) -> list[str]:
    """A winning line as the player types it with ``set autoplay on``: without the moves
    autoplay would play after each typed one (:func:`cardshell.settings.autoplay_moves`,
    as :meth:`cardshell.dispatch.Dispatcher._autoplay` plays them).  The line whole when the
    game declares no safe moves, when autoplay would not replay it exactly, or when
    ``safe`` fails."""
    if rules.search.safe is None:
        return line
    typed: list[str] = []
    index = 0
    try:
        with watchdog.plugin_bound(rules.plugin, "safe"):  # plugin code: bounded in scripts
            while index < len(line):
                typed.append(line[index])
                played, state = autoplay_moves(rules, rules.play(state, line[index]))
                index += 1
                if line[index:index + len(played)] != played:
                    return line
                index += len(played)
    except Exception:  # noqa: BLE001 - a plugin's fault is reported where its moves are played
        return line
    return typed


def _positions(count: int) -> HostMessage:
    """``1 position``, ``200000 positions``."""
    return say("solve.positions-one" if count == 1 else "solve.positions", count=count)


def _bigger_budget(verdict: Verdict, options: argparse.Namespace) -> str:
    """The option giving ``solve`` ten times the budget that ran out, within the bounds."""
    if verdict.positions >= options.nodes:
        return f"--nodes {min(MAX_NODES, options.nodes * 10)}"
    return f"--seconds {min(MAX_SECONDS, options.seconds * 10):g}"

