"""``winnability GAME``: how often a game's deals can be won, over many deals.

A default plugin of the host (:data:`cardshell.registry.HOST_PLUGINS`), so
the command is in ``help``, in completion and on the command line
(``cardshell winnability GAME``).  Any installed game that lists its legal
moves over immutable states can be swept.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardshell import gamepage, layout
from cardshell.commands.common import find_game, game_commands
from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import hookimpl
from cardshell.messages import HostMessage, say
from cardshell.ownfiles import refusal
from cardshell.records import Command, CommandContext
from cardshell.registry import HOST_PLUGINS
from cardshell.render import Text, add_note
from cardshell.sweep import ENV_SCHEDULER, ProgressLine, choose_backend
from cardshell.sweep import histogram as histograms
from cardshell.winnability import args as grammar
from cardshell.winnability.report import HONEST_LINE, LISTED, THOUGHTFUL_LINE, Tally, histogram, report_lines
from cardshell.winnability.run import (
    MAX_VISITS,
    GameSpec,
    PlayDeal,
    SolveDeal,
    check_deal,
    code_fingerprint,
    remember,
    rules_version,
    solver_version,
    sweep,
)
from cardshell.winnability.store import BUSY_SECONDS, FILE_NAME, Key, Store, TableError

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.host import Host

__all__ = ["HELP", "PLUGIN_NAME", "WinnabilityCommands", "usage_problem"]

#: The plugin name the command is registered under.
PLUGIN_NAME = "cardshell.winnability"

HELP = "\n\n".join("\n".join(layout.paragraph(paragraph, 78)) for paragraph in (
    f"Options: {grammar.OPTIONS}.",
    "How often can GAME be won? Each deal A..B-1 (--deals A:B, default 0:100, at most "
    f"{grammar.MAX_DEALS:,} deals; deal N is 'play GAME --seed N') is settled as won or no win, "
    "or unknown when its budget runs out.",
    f"{THOUGHTFUL_LINE.text} (--thoughtful, the default: the true deal is solved, face-down cards "
    "included.)",
    f"{HONEST_LINE.text} (--honest: each move is the one 'hint' suggests, from K re-drawn deals per "
    f"move, --samples K, default 10. The player enters a position at most {MAX_VISITS} times; "
    "when every move would enter one once more, it has lost its way: no win.)",
    f"Budget per deal: --seconds S (default {grammar.SECONDS:g}, honest {grammar.HONEST_SECONDS:g}; at most "
    f"{grammar.MAX_SECONDS:g}) and "
    f"--nodes N positions (at most {grammar.MAX_NODES:,}; thoughtful: per deal, default "
    f"{grammar.THOUGHTFUL_NODES:,}; honest: per move and re-drawn deal, default {grammar.HONEST_NODES:,}); "
    f"--samples at most {grammar.MAX_SAMPLES:,}.",
    f"Results are kept in {FILE_NAME} in the data directory, keyed by game, rules version, mode, "
    "deal and budget; the rules version covers what decides a deal: the game plugin's version, its "
    "rules page and its package's code files (a fix without a new version solves again). A deal is "
    "never solved twice (Ctrl-C loses only the deals in flight; the "
    "same command resumes), and a bigger budget retries only the unknown deals (an honest "
    "result answers only for its own budget: another player may play differently). --retry-unknown "
    "solves the unknown deals of this budget again (its seconds are wall-clock time: an idle "
    "machine may settle what a busy one left unknown). --export FILE.csv writes the rows of "
    "the deals (never over one of cardshell's own files; a named pipe only while a process reads it).",
    "The table is checked before anything is solved: a damaged, foreign, read-only or locked one is "
    f"one message. While another process holds its lock, results wait in memory (at the end, up to "
    f"{BUSY_SECONDS:g} s) and none is lost; two sweeps on one table share the deals (each skips those "
    "the other is solving and waits for them at its end).",
    "The report says first, in words, how many of the deals settled can be won, with its 95% "
    "interval, and which deals were won, not won and unknown (the first "
    f"{LISTED} of each; --list lists them all). Then the details: won, no win, unknown; the "
    "winnability (won of settled) with its 95% Wilson interval; the bounds counting unknowns "
    "as losses and as wins; wall time; time per settled deal. --plot adds a histogram of that "
    "time, --plot FILE.png also writes a PNG (pip install 'cardshell[plot]').",
    "--jobs J spreads the deals over J processes (default: every usable core); --scheduler "
    f"tcp://HOST:PORT (or {ENV_SCHEDULER}) runs them on a Dask cluster (pip install "
    "'cardshell[dask]'). Results are the same wherever they run.",
))


class WinnabilityCommands:
    """The plugin registering ``winnability``, over ``shell``'s games and data directory."""

    def __init__(self, shell: Host) -> None:
        self.shell = shell

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """Register ``winnability`` (global, changes no game)."""
        return [Command("winnability", "how often a game's deals can be won (solver sweep)", self.winnability,
                        usage=grammar.USAGE, help=HELP, parse=grammar.parse, complete=self._complete,
                        show_state=False, changes_state=False)]

    def _complete(self, state: Any, index: int) -> list[str]:
        if index == 0:
            return sorted(self.shell.registry.games)
        return ["--deals", "--seconds", "--nodes", "--thoughtful", "--honest", "--samples", "--jobs",
                "--scheduler", "--export", "--plot", "--list", "--retry-unknown"]

    def key_and_spec(self, game_id: str, options: grammar.WinnabilityArgs) -> tuple[Key, GameSpec]:
        """The table key of a run (:func:`cardshell.winnability.run.rules_version`) and how workers find the game."""
        registry = self.shell.registry
        owner = registry.game_plugins[game_id]
        infos = {info.name: info for info in registry.plugins}
        game = registry.games[game_id]
        rules_page = gamepage.rules_text(game, registry.plugin(owner))
        page = gamepage.page(game, game_commands(registry, game_id), rules_page, width=80)
        owner_info = infos.get(owner)
        plugin = registry.plugin(owner)
        version = rules_version(owner_info.version if owner_info else None, page, code_fingerprint(plugin))
        module_file = getattr(plugin, "__file__", None)
        key = Key(game_id, version, options.mode, options.seconds, options.nodes, options.samples,
                  solver_version(module_file, honest=options.mode == "honest"))
        names = [owner] + [entry.plugin for entry in registry.commands(game_id)]
        plugins: list[str] = []
        modules: list[str] = []
        for name in dict.fromkeys(names):
            info = infos.get(name)
            if name in HOST_PLUGINS or info is None:
                continue
            if info.dist is not None:
                plugins.append(name)
            else:
                module = registry.plugin(name)
                modules.append(getattr(module, "__file__", None) or info.module)
        return key, GameSpec(game_id, tuple(plugins), tuple(modules))

    def winnability(self, ctx: CommandContext, options: grammar.WinnabilityArgs) -> None:
        """``winnability GAME ...``: sweep the deals, store them, report.

        Raises:
            CommandError: no such game; the game cannot be searched; the table,
                the CSV or the PNG cannot be written (checked before the sweep
                where possible); the backend cannot run.
            KeyboardInterrupt: Ctrl-C; the deals stored so far stay, and a note
                on the exception (PEP 678) says how many.
        """
        shell = self.shell
        game = find_game(shell.registry.games, options.game)
        rules = shell.registry.rules(game.id)
        if not rules.searchable:
            raise CommandError(say("winnability.no-legal-moves" if game.legal_moves is None
                                   else "winnability.mutable-states", title=game.title))
        check_deal(rules, options.deals.start)
        data_dir = shell.places.data_dir
        png = histograms.check_png_target(options.plot_file, data_dir) if options.plot_file else None
        export = _check_export(options.export, data_dir) if options.export else None
        key, spec = self.key_and_spec(game.id, options)
        remember(spec, rules)
        backend, notes = choose_backend(options.jobs, options.scheduler)
        task: Any = (PlayDeal(spec, options.seconds, options.nodes, options.samples) if options.mode == "honest"
                     else SolveDeal(spec, options.seconds, options.nodes))
        try:
            tally = self._sweep_and_report(ctx, options, game.title, key, task, backend, notes, export, rules.warn)
        except TableError as exc:
            raise CommandError(exc.message) from None
        if options.plot:
            drawn = histogram(tally)
            ctx.echo(histograms.text(drawn))
            if png is not None:
                histograms.write_png(drawn, png)
                ctx.echo(say("sweep.wrote-histogram", file=png))

    def _opponents(self, game_id: str) -> bool:
        """Whether the game plays against computer opponents (``Game.players``): the report names what it assumes."""
        game = self.shell.registry.games.get(game_id)
        return game is not None and game.players is not None

    def _sweep_and_report(self, ctx: CommandContext, options: grammar.WinnabilityArgs, title: str, key: Key,
                          task: Any, backend: Any, notes: list[Text], export: Path | None,
                          warn: Callable[[Text, Text], None]) -> Tally:
        """Open and check the table, sweep, report, export; the run's tally.

        Raises:
            TableError: the table cannot be used (checked before anything is solved).
        """
        with Store.in_directory(self.shell.places.data_dir) as store:
            deals = options.deals
            reused = sum(1 for _ in store.usable(key, deals))  # every stored row of the run decodes
            if options.retry_unknown:  # (a deal settled under another budget stays settled)
                store.forget_unknown(key, deals)
                left = store.count_usable(key, deals)
                retried, reused = reused - left, left
                ctx.echo(say("winnability.retrying" if retried != 1 else "winnability.retrying-one",
                             count=f"{retried:,}"))
            progress = ProgressLine.for_context(ctx, len(deals) - reused, say("winnability.progress-label",
                                                                              game=key.game),
                                                say("winnability.unit"), deal_seconds=options.seconds)
            started = time.monotonic()
            try:
                solved = sweep(store, key, deals, task, backend=backend, progress=progress, warn=warn)
            except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM/SIGHUP (a subclass): keep its type
                stored = store.count_usable(key, deals)
                kept, remain = stored - reused, len(deals) - stored
                add_note(stop, say("winnability.interrupted", kept=_deals(kept), table=store.path,
                                  remain=_deals(remain)))
                raise
            wall = time.monotonic() - started
            tally = Tally()
            for row in store.usable(key, deals):
                tally.add(row)
            for note in notes:
                ctx.echo(note)
            shared = tally.deals - reused - solved
            if shared > 0:
                ctx.echo(say("winnability.shared", count=f"{shared:,}"))
            for line in report_lines(title, key, deals, tally, wall, reused, list_all=options.list_all,
                                     width=self.shell.front_end.width, opponents=self._opponents(key.game)):
                ctx.echo(line)
            if export is not None:
                try:
                    written = Store.export(store.usable(key, deals), export)
                except OSError as exc:
                    raise CommandError(say("sweep.cannot-write", file=export, reason=exc.strerror or exc)) from None
                ctx.echo(say("winnability.exported", count=f"{written:,}", file=export))
        return tally


def usage_problem(shell: Host, text: str) -> Text | None:
    """``winnability: MESSAGE`` if ``text`` does not parse or names no game, else None.

    The command line (``cardshell winnability ...``) exits 2 on it.
    """
    try:
        options = grammar.parse(text)
        find_game(shell.registry.games, options.game)
    except UsageError as exc:
        return say("winnability.usage-problem", problem=exc.said, usage=grammar.USAGE)
    except CommandError as exc:
        return say("winnability.problem", problem=exc.said)
    return None


def _check_export(path: str, data_dir: Path) -> Path:
    """The CSV target, checked before the sweep; CommandError if unusable or one of cardshell's own files."""
    target = Path(path).expanduser()
    why = refusal(target, data_dir)
    if why is not None:
        raise CommandError(why)
    if target.is_dir():
        raise CommandError(say("winnability.export-is-directory", file=path))
    if not target.parent.is_dir():
        raise CommandError(say("winnability.export-no-directory", file=path, directory=repr(str(target.parent))))
    return target


def _deals(count: int) -> HostMessage:
    """``3 deals``, ``1 deal``: a number of deals in words."""
    return say("winnability.deals" if count != 1 else "winnability.deals-one", count=f"{count:,}")
