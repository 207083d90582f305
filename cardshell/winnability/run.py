"""Solving and playing deals for ``winnability``, and the sweep over them.

Two modes, one function of a deal's seed each, run by the sweep engine
(:mod:`cardshell.sweep`) on one core, ``--jobs J`` processes or a Dask
cluster:

* **thoughtful** (:class:`SolveDeal`): :func:`cardshell.search.solve` of the
  deal's first position, the true state with every face-down card, within
  the per-deal budget: can this deal be won at all?
* **honest** (:class:`PlayDeal`): the deal played from its first position,
  each move the one :func:`cardshell.search.hint` suggests from what the
  player can see (determinization: ``samples`` re-drawn deals solved per
  move, ``nodes`` positions per move in all), until the game ends: what a
  perfect player who cannot see face-down cards achieves.  The player
  enters a position at most :data:`MAX_VISITS` times in a deal (when the
  hint's move would enter one again, it takes the most promising move to a
  position it has entered less often; when there is none, it has lost its
  way: ``no win``); ``unknown`` when the deal's seconds run out or after
  :data:`MAX_MOVES` moves.

A deal's plugin code runs under a time bound (:class:`cardshell.watchdog.TimeBound`:
the deal's seconds plus a margin, charged only for the time spent in the
plugin's code, in this process and in ``--jobs`` pool workers; not in a
Dask worker's threads); a deal whose plugin code overruns it is recorded as
unknown, with one warning naming the plugin, and the sweep goes on.  A
game that declares immutable states but whose code changes a deal's state
(:class:`cardshell.plugincheck.StateGuard`, as in the shell) ends the
sweep with a fault naming the plugin and the move; that deal is not stored
(a search over changed states proves nothing).  Before anything is solved
or read from the table, the first deal's listed moves are played under the
same guard (:func:`check_deal`), so such a plugin is named even when every
deal is in the table.

A deal's first position is ``game.new(seed, defaults)`` with the defaults of
the game's ``play`` options, the deal ``play GAME --seed SEED`` starts, so a
stored line replays through the shell.

Worker processes and Dask workers rebuild the game from its plugins once per
process (:func:`rules_for`, cached; pool workers are not plain forks of the
sweep's process: :func:`cardshell.sweep.pool._context`); the process that
starts the sweep seeds that cache with its own rules (:func:`remember`), so
a sweep on one core builds nothing again.

The rules version (:func:`rules_version`) keys the table: what decides a
deal's answer.  It is the distribution version of the plugin that
registered the game, ``+``, the first 12 hex digits of the SHA-256 of the
game's page as ``help GAME`` shows it at 80 columns (its rules page, e.g.
``plugins/cardshell_aces_up/RULES.md, the player's page``; for a game without one, its summary,
commands and options), ``.``, the fingerprint of the plugin's code
(:func:`code_fingerprint`: every source file of the package that registered
the game).  A changed rules page, a new release of the plugin, or a fix to
its code without a new version (issue 26 item 5) never reuses stale results.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import hashlib
import importlib.machinery
import random
import sys
import time
import types
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

import cardshell.search
from cardshell.errors import CommandError
from cardshell.messages import say
from cardshell.plugincheck import Mutated, StateGuard, mutated
from cardshell.ruleset import RuleSet
from cardshell.search import Budget, hint, solve
from cardshell.sweep import PerDeal, run
from cardshell.sweep.engine import Backend, Progress
from cardshell.watchdog import PluginOvertime, TimeBound, bound_for
from cardshell.winnability.store import DealResult, Key, Store, TableError

__all__ = ["CHECK_SECONDS", "CLAIM_BATCH", "CLAIM_POLL_SECONDS", "CLAIM_SECONDS", "MAX_CHUNK", "MAX_MOVES",
           "GameSpec", "PlayDeal", "SolveDeal", "check_deal", "code_fingerprint", "lease", "play_honestly", "remember",
           "rules_for", "rules_version", "solver_version", "start_state", "sweep"]

#: The most moves of one honestly played deal; beyond it the deal is unknown.
MAX_MOVES = 2000
#: The most times the honest player enters one position (by the game's key)
#: in a deal.  A hint with no clear move may suggest one that changes
#: nothing the game tells apart (Aces Up: a lone card moved to an empty
#: column), and the next hint, with other samples, thinks again: in Aces Up
#: deal 178 the player entered one position 12 times before the moves that
#: went on to win.  A position entered this often is going round in circles
#: (Thumb and Pouch's hint player moved a stack between two columns until
#: the move limit).
MAX_VISITS = 16
#: The most source files :func:`code_fingerprint` reads from one package;
#: past it the fingerprint says so (``...+many``) and stays a function of
#: the first ones, in path order.
MAX_CODE_FILES = 5000
#: Deals per chunk: one.  Each chunk is one transaction of the table, so
#: Ctrl-C or a crash loses at most the deals in flight, and the progress line
#: counts each deal as it ends (issue 27 item 5: with 8 a chunk, ``--deals
#: 100:130`` of Aces Up showed "0/30 deals" for 22 s).  The cost, a
#: transaction and a pool round trip a deal, was 3 % of ``winnability snap
#: --deals 0:400`` (about 0.1 s a deal) and nothing measurable for Thumb and
#: Pouch (seconds a deal).
MAX_CHUNK = 1
#: Deals claimed in one transaction as the backend asks for them (see :func:`sweep`).
CLAIM_BATCH = 32
#: Seconds between two looks at the deals another sweep is solving.
CLAIM_POLL_SECONDS = 0.5
#: The part of a claim's lease that does not depend on the budget, in seconds (see :func:`lease`).
CLAIM_SECONDS = 120.0
#: The time bound of :func:`check_deal`, in seconds of the plugin's code.
CHECK_SECONDS = 10.0


@dataclass(frozen=True)
class GameSpec:
    """How a worker process finds a game: the plugins to load.

    Attributes:
        game (str): the game id.
        plugins (tuple[str, ...]): entry-point names of the plugins that
            registered the game or a command of it.
        modules (tuple[str, ...]): other plugin modules (``--plugin``).
    """

    game: str
    plugins: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()


T = TypeVar("T")

_RULES: dict[GameSpec, RuleSet] = {}


def remember(spec: GameSpec, rules: RuleSet) -> None:
    """Let this process use ``rules`` for ``spec`` (worker processes build their own)."""
    _RULES[spec] = rules


def rules_for(spec: GameSpec) -> RuleSet:
    """The game's rules in this process, loading its plugins the first time.

    Raises:
        CommandError: the plugins do not register the game here (e.g. a Dask
            worker without the plugin installed); the message names each
            plugin that failed to load here and why.
    """
    rules = _RULES.get(spec)
    if rules is None:
        from cardshell.shell import Shell  # in a worker process or a Dask worker, once

        shell = Shell.create(list(spec.plugins), extra_modules=spec.modules)
        if spec.game not in shell.games:
            failed: str = ""
            for failure in shell.failures:
                failed = (say("winnability.plugin-failed-more", failures=failed, failure=failure.describe()) if failed
                          else say("winnability.plugin-failed", failure=failure.describe()))
            raise CommandError(say("winnability.not-installed-here", game=repr(spec.game),
                                   plugins=", ".join(spec.plugins + spec.modules) or say("winnability.no-plugins"),
                                   failures=failed))
        rules = _RULES[spec] = shell.rules(spec.game)
    return rules


def start_state(rules: RuleSet, seed: int) -> Any:
    """The first position of deal ``seed`` for solving it: ``game.new(seed,
    defaults of its options)``, as ``play GAME --seed SEED`` starts it."""
    return _dealt(rules, seed)


def _dealt(rules: RuleSet, seed: int) -> Any:
    """Deal ``seed`` (:func:`start_state`'s position), for checks that solve nothing."""
    game = rules.game
    return game.new(seed, {option.name.replace("-", "_"): option.default for option in game.options})


def rules_version(version: str | None, rules_page: str, code: str = "") -> str:
    """The rules version that keys a game's rows.

    Args:
        version (str | None): the distribution version of the game's plugin
            (None: not from a distribution, shown as ``0``).
        rules_page (str): the game's page (its rules, or its summary,
            commands and options: :func:`cardshell.gamepage.page`).
        code (str): the fingerprint of the plugin's code
            (:func:`code_fingerprint`); "" leaves it out (the key of tables
            written before it counted).

    Returns:
        str: ``VERSION+HASH.CODE``, HASH the first 12 hex digits of the
        SHA-256 of the page in UTF-8 (e.g.
        ``0.1.0+3f2a9c1b7d04.9e8d7c6b5a43``; ``VERSION+HASH`` without code).
    """
    digest = hashlib.sha256(rules_page.encode("utf-8")).hexdigest()[:12]
    return f"{version or 0}+{digest}" + (f".{code}" if code else "")


def code_fingerprint(plugin: Any) -> str:
    """The fingerprint of a game plugin's code, for the rules version.

    The files are the source of the package holding the plugin's module:
    every ``.py`` file (and compiled extension module) under the package's
    folders, subpackages included, sorted by path relative to the package;
    for a module outside a package, its file alone.  Each file counts by
    its relative path and its bytes, so a fix to any of them, with or
    without a new version, changes the fingerprint.  At most
    :data:`MAX_CODE_FILES` files are read.

    Args:
        plugin (Any): the plugin object that registered the game (a module,
            or an object of a class: its class's module counts).

    Returns:
        str: 12 hex digits of the SHA-256 of the files, or ``"nocode"``
        when the plugin has no source file (a module made in memory).
    """
    name = plugin.__name__ if isinstance(plugin, types.ModuleType) else type(plugin).__module__
    module = sys.modules.get(name)
    package = sys.modules.get(getattr(module, "__package__", None) or "") if module is not None else None
    files: list[tuple[str, Path]] = []
    roots = list(getattr(package, "__path__", None) or ())
    if roots:
        suffixes = (".py", *importlib.machinery.EXTENSION_SUFFIXES)
        for root in map(Path, roots):
            files += [(path.relative_to(root).as_posix(), path) for path in root.rglob("*")
                      if path.name.endswith(suffixes) and "__pycache__" not in path.parts and path.is_file()]
    elif file := getattr(module, "__file__", None):
        files = [(Path(file).name, Path(file))]
    if not files:
        return "nocode"
    files.sort()
    digest = hashlib.sha256()
    for relative, path in files[:MAX_CODE_FILES]:
        digest.update(relative.encode("utf-8") + b"\0")
        try:
            content = path.read_bytes()
        except OSError:  # unreadable: its name alone
            content = b""
        digest.update(len(content).to_bytes(8, "big") + content)
    return digest.hexdigest()[:12] + ("+many" if len(files) > MAX_CODE_FILES else "")


def solver_version(module_file: str | None, *, honest: bool = False) -> str:
    """The fingerprint of the search code that solves a game's deals.

    An ``unknown`` result says only that this code ran out of budget, so it
    is reused only by the same code (:class:`cardshell.winnability.store.Key`
    ``solver``); a settled thoughtful result is a proof and is reused
    whatever code found it.  An honest result says what one player did, so
    every honest row is reused only by the same player: with ``honest``,
    the player's code (this module, :func:`play_honestly`) counts too.

    Args:
        module_file (str | None): the file of the game's plugin module: every
            ``.py`` file of its package directory counts (a plugin module
            outside a package: the file alone); None: the host's search only.
        honest (bool): fingerprint the honest player as well.

    Returns:
        str: 12 hex digits of the SHA-256 of :mod:`cardshell.search`'s source
        (and this module's with ``honest``) and those files (names and
        contents, in name order).
    """
    digest = hashlib.sha256()
    files = [Path(cardshell.search.__file__)] + ([Path(__file__)] if honest else [])
    if module_file:
        path = Path(module_file)
        files += sorted(path.parent.glob("*.py")) if (path.parent / "__init__.py").exists() else [path]
    for file in files:
        digest.update(file.name.encode("utf-8") + b"\0")
        try:
            digest.update(file.read_bytes())
        except OSError:  # unreadable: the name alone
            pass
    return digest.hexdigest()[:12]


@dataclass(frozen=True)
class SolveDeal:
    """Thoughtful: solve a deal's true first position (picklable).

    Attributes:
        spec (GameSpec): the game.
        seconds (float): the deal's time limit, in seconds (> 0).
        nodes (int): the most positions to search (>= 1).
    """

    spec: GameSpec
    seconds: float
    nodes: int

    def __call__(self, seed: int) -> DealResult:
        """Solve deal ``seed``; ``won`` with the winning line, ``no win`` or
        ``unknown``, and the plugin's warnings (:func:`carried`).

        Raises:
            PluginFault: the plugin changed the deal's state (see the module's docstring).
        """
        rules = rules_for(self.spec)
        started = time.monotonic()
        state = start_state(rules, seed)
        with carried(rules) as warnings:
            verdict = _bounded(rules, seed, state, _hook(rules, "solver"), self.seconds,
                               lambda: solve(rules, state, Budget(self.seconds, self.nodes)))
        if verdict is None:
            return DealResult("unknown", 0, time.monotonic() - started, (), tuple(warnings))
        return DealResult(verdict.result, verdict.positions, time.monotonic() - started, verdict.line,
                          tuple(warnings))


@dataclass(frozen=True)
class PlayDeal:
    """Honest: play a deal with the hints (picklable).

    Attributes:
        spec (GameSpec): the game.
        seconds (float): the deal's time limit, all its moves together (> 0).
        nodes (int): positions per hint (per move), shared by its samples (>= 1).
        samples (int): re-drawn deals per hint (>= 1).
    """

    spec: GameSpec
    seconds: float
    nodes: int
    samples: int

    def __call__(self, seed: int) -> DealResult:
        """Play deal ``seed`` to its end (see :func:`play_honestly`).

        Raises:
            PluginFault: the plugin changed the deal's state (see the module's docstring).
        """
        rules = rules_for(self.spec)
        started = time.monotonic()
        state = start_state(rules, seed)
        with carried(rules) as warnings:
            played = _bounded(rules, seed, state, _hook(rules, "hint"), self.seconds,
                              lambda: play_honestly(rules, state, seed, seconds=self.seconds, nodes=self.nodes,
                                                    samples=self.samples))
        if played is None:
            return DealResult("unknown", 0, time.monotonic() - started, (), tuple(warnings))
        return dataclasses.replace(played, warnings=tuple(warnings))


def _bounded(rules: RuleSet, seed: int, state: Any, hook: str, seconds: float, work: Callable[[], T]) -> T | None:
    """``work()`` on deal ``seed`` (first position ``state``) under the
    deal's time bound and the state guard.

    Returns:
        T | None: what ``work`` returned; None when the plugin's code used up
        the bound (the deal is unknown; one warning names the plugin).

    Raises:
        PluginFault: the plugin's code changed ``state``, though its game
            declares immutable states (naming the move when one of the
            listed moves of the deal, dealt again, does it).
    """
    guard = StateGuard(state, keep=False)
    not_stored = say("winnability.deal-not-stored", deal=seed)
    try:
        with TimeBound(bound_for(seconds), rules.plugin, hook, seconds):
            return work()
    except PluginOvertime as overtime:
        rules.warn(overtime.hook, say("winnability.overtime", problem=overtime.problem))
        return None
    except Mutated as fault:  # a position the search reached, not the first one
        raise mutated(rules.plugin, rules.game.id, fault.hook, not_stored) from None
    finally:
        if guard.changed():
            raise rules.mutated(_dealt(rules, seed), hook, after=not_stored)


def check_deal(rules: RuleSet, seed: int) -> None:
    """Play each listed move of deal ``seed``'s first position under the
    state guard, before a sweep solves or reads anything.

    Raises:
        PluginFault: a listed move changes the state it is given, though
            the game declares immutable states (nothing was solved or read),
            or the plugin's code took more than :data:`CHECK_SECONDS`.
    """
    state = _dealt(rules, seed)
    guard = StateGuard(state, keep=False)
    with TimeBound(CHECK_SECONDS, rules.plugin, "legal_moves"):
        for line in rules.legal(state):
            try:
                rules.play(state, line)
            except CommandError:
                pass
            if guard.changed():
                raise mutated(rules.plugin, rules.game.id, say("winnability.move", line=repr(line)),
                              say("winnability.nothing-solved"))


@contextlib.contextmanager
def carried(rules: RuleSet) -> Iterator[list[tuple[str, str]]]:
    """Hold the warnings the plugin's answers give while one deal is worked
    on, to go back with its :class:`DealResult` (a worker process has no
    player to tell: :func:`sweep` tells them where the sweep runs).  When
    the deal fails instead (an error, a time bound, Ctrl-C), they are told
    here at once, as before the hold.

    Args:
        rules (RuleSet): the game's rules in this process.

    Yields:
        list[tuple[str, str]]: the ``(hook, line)`` pairs given, filled as
        the block runs.
    """
    held: list[tuple[str, str]] = []
    try:
        with rules.warnings_held() as held:
            yield held
    except BaseException:
        rules.release(held)
        raise


def _hook(rules: RuleSet, own: str) -> str:
    """What runs a deal's plugin code, for a time bound's message: the game's
    own ``solver`` or ``hint`` (``own``) when it has one, else its rules."""
    return own if getattr(rules.game, own) is not None else say("winnability.its-rules")


def play_honestly(rules: RuleSet, state: Any, seed: int, *, seconds: float, nodes: int, samples: int,
                  clock: Callable[[], float] = time.monotonic) -> DealResult:
    """Play from ``state`` to the end, each move the hint's.

    The hint of move k is drawn with ``random.Random("winnability:SEED:k")``,
    so a deal is played the same way in every process.

    Args:
        rules (RuleSet): the game (searchable).
        state (Any): the first position.
        seed (int): the deal's seed (for the hints' generators).
        seconds (float): the time limit of the whole deal, in seconds.
        nodes (int): positions per hint.
        samples (int): determinizations per hint.
        clock (Callable[[], float]): seconds, monotonic.

    Returns:
        DealResult: ``won``/``no win`` by the game's outcome (a position
        with no legal move and no outcome counts as no win, and so does one
        whose every move leads to a position entered :data:`MAX_VISITS`
        times in this deal), ``unknown`` when the time or :data:`MAX_MOVES`
        ran out; the moves played; the positions the hints expanded.

    Memory: the keys of the positions entered, at most :data:`MAX_MOVES` + 1.
    """
    started = clock()
    expanded = 0
    counting = copy.copy(rules)  # the same rules, counting the positions the searches expand
    expand = rules.expand

    def counted(position: Any, **options: Any) -> Any:
        nonlocal expanded
        expanded += 1
        return expand(position, **options)

    counting.expand = counted  # type: ignore[method-assign,assignment]
    line: list[str] = []
    visits: Counter[Hashable] = Counter({rules.key(state): 1})
    while True:
        outcome = rules.outcome(state)
        if outcome is not None:
            result = "won" if outcome.result == "won" else "no win"
            return DealResult(result, expanded, clock() - started, tuple(line))  # type: ignore[arg-type]
        left = seconds - (clock() - started)
        if len(line) >= MAX_MOVES or left <= 0:
            return DealResult("unknown", expanded, clock() - started, tuple(line))
        rng = random.Random(f"winnability:{seed}:{len(line)}")
        move = hint(counting, state, rng=rng, samples=samples, budget=Budget(left, nodes)).move
        after = rules.play(state, move) if move else None
        if after is not None and visits[rules.key(after)] >= MAX_VISITS:
            move, after = _new_ground(rules, state, visits)
        if after is None:
            return DealResult("no win", expanded, clock() - started, tuple(line))
        state = after
        visits[rules.key(state)] += 1
        line.append(move)


def _new_ground(rules: RuleSet, state: Any, visits: Counter[Hashable]) -> tuple[str, Any]:
    """A legal move from ``state`` to one of the least entered positions
    below :data:`MAX_VISITS` (``visits``: times entered, by key), the most
    promising of them by the game's heuristic (ties and games without one:
    the game's order), with that position; ``("", None)`` when there is none."""
    children = [(visits[rules.key(after)], line, after) for line, after in rules.children(state)]
    least = min((count for count, _, _ in children), default=MAX_VISITS)
    if least >= MAX_VISITS:
        return "", None
    fresh = [(line, after) for count, line, after in children if count == least]
    if rules.has_heuristic:
        return max(fresh, key=lambda child: rules.heuristic(child[1]))
    return fresh[0]


def sweep(store: Store, key: Key, deals: range, task: Callable[[int], DealResult], *,
          backend: Backend | None = None, progress: Progress | None = None,
          warn: Callable[[str, str], None] | None = None) -> int:
    """Solve (or play) every deal of ``deals`` the table cannot answer yet.

    Each chunk's results are stored in one transaction as they arrive, in
    deal order (while another process holds the table's lock they wait in
    memory and go with a later write: :meth:`Store.add`); an interruption
    (Ctrl-C, an error) keeps what was stored.

    Deals are claimed :data:`CLAIM_BATCH` at a time as the backend asks for
    them (:meth:`Store.claim`): a deal another live sweep on the same table
    and key is solving is skipped, and once this sweep's own deals are done
    it waits for those (polling every :data:`CLAIM_POLL_SECONDS`) until they
    are stored, or solves them itself when their claims go stale (the other
    sweep ended without storing them).  The wait is bounded: a claim lives
    while its owner runs and stores, and at most :func:`lease` seconds
    without news.

    Args:
        store (Store): the table.
        key (Key): the rows' game, rules version, mode and budget.
        deals (range): consecutive seeds.
        task (Callable[[int], DealResult]): :class:`SolveDeal` or
            :class:`PlayDeal` (picklable).
        backend (Backend | None): where deals run (None: this process).
        progress (Progress | None): the progress line.
        warn (Callable[[str, str], None] | None): ``warn(hook, line)``,
            called for each warning a deal's result carries
            (:attr:`DealResult.warnings`, from any process), in deal order:
            the game's :meth:`RuleSet.warn`, which tells each once.  None:
            they are dropped.

    Returns:
        int: the deals solved (or played) now by this sweep.

    Raises:
        KeyboardInterrupt: on Ctrl-C (what was stored stays).
        CommandError: the backend cannot run.
        TableError: the table cannot be written, or stayed locked by another
            process for its ``busy_seconds`` at the end (the message says
            how many results were not stored).
    """
    solved = 0
    waiting: list[int] = []
    term = lease(key)

    def consume(chunk: Any, results: list[DealResult]) -> None:
        nonlocal solved
        store.add(key, zip(chunk, results))
        solved += len(results)
        if warn is not None:
            for result in results:
                for hook, line in result.warnings:
                    warn(hook, line)

    def claimed(todo: Iterable[int]) -> Iterator[int]:
        source = iter(todo)
        while batch := list(islice(source, CLAIM_BATCH)):
            mine, theirs = store.claim(key, batch, term)
            waiting.extend(theirs)
            yield from mine

    try:
        run(PerDeal(task), claimed(store.todo(key, deals)), consume, backend=backend, progress=progress,
            max_chunk=MAX_CHUNK)
        while waiting:  # deals another sweep was solving: stored by it, or ours once its claims are stale
            time.sleep(CLAIM_POLL_SECONDS)
            left, waiting[:] = list(waiting), []
            run(PerDeal(task), claimed(left), consume, backend=backend, max_chunk=MAX_CHUNK)
    except BaseException as stop:  # Ctrl-C, a signal, an error: store what was solved, then go on stopping
        try:
            if store.flush():
                stop.add_note(store.unstored().message)
        except TableError as problem:
            stop.add_note(problem.message)
        store.release()
        raise
    if store.flush():
        store.release()
        raise store.unstored()
    store.release()
    return solved


def lease(key: Key) -> float:
    """How long a sweep's claims live without news from it, in seconds:
    :data:`CLAIM_SECONDS` plus the time two chunks of :data:`MAX_CHUNK`
    deals may take at the key's budget (the sweep renews its claims at
    every chunk it stores)."""
    return CLAIM_SECONDS + 2 * MAX_CHUNK * key.seconds
