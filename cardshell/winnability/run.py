"""Solving and playing deals for ``winnability``, and the sweep over them.

Two modes, each a function of a deal's seed run by :mod:`cardshell.sweep`:

* **thoughtful** (:class:`SolveDeal`): :func:`cardshell.search.solve` of the
  deal's true first position within the budget: can it be won at all?
* **honest** (:class:`PlayDeal`): the deal played move by move with
  :func:`cardshell.judged_hint.judge` (the ``hint`` command's) from what
  the player can see, re-drawn at every decision (determinization): how
  often a player who follows the hint wins.  It assumes no card is seen
  (each decision is made from the player's view); the thoughtful mode
  assumes every card is seen.  The player enters a position at most :data:`MAX_VISITS` times
  and gives up after :data:`MAX_MOVES` moves.

A deal's plugin code runs under a time bound
(:class:`cardshell.watchdog.TimeBound`); a deal that overruns it is
recorded as unknown with one warning.  A game that declares immutable
states but changes one (:class:`cardshell.plugincheck.StateGuard`) ends
the sweep with a fault naming the plugin and the move, and
:func:`check_deal` tries the first deal's moves before anything is solved.

A deal's first position is the one ``play GAME --seed SEED`` starts, so a
stored line replays through the shell.  Workers rebuild the game from its
plugins once per process (:func:`rules_for`).

The rules version (:func:`rules_version`) keys the table: the plugin's
distribution version, a hash of the game's page as ``help GAME`` shows it
(its rules page, e.g. plugins/cardshell_aces_up/RULES.md) and a fingerprint
of the plugin's code, so changed rules or code never reuse stale results.
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
from cardshell.judged_hint import judge
from cardshell.messages import say
from cardshell.plugincheck import Mutated, StateGuard, mutated
from cardshell.render import Text, add_note
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
#: counts each deal as it ends; a transaction and a pool round trip a deal
#: cost about 3 % of a sweep of 0.1 s deals.
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
        game: the game id.
        plugins: entry-point names of the plugins that registered the game or
            a command of it.
        modules: other plugin modules (``--plugin``).
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
        CommandError: the plugins do not register the game here (a Dask worker
            without the plugin installed); names each plugin that failed and why.
    """
    rules = _RULES.get(spec)
    if rules is None:
        from cardshell.shell import Shell  # in a worker process or a Dask worker, once

        shell = Shell.create(list(spec.plugins), extra_modules=spec.modules)
        if spec.game not in shell.games:
            failed: Text = ""
            for failure in shell.failures:
                failed = (say("winnability.plugin-failed-more", failures=failed, failure=failure.describe()) if failed
                          else say("winnability.plugin-failed", failure=failure.describe()))
            raise CommandError(say("winnability.not-installed-here", game=repr(spec.game),
                                   plugins=", ".join(spec.plugins + spec.modules) or say("winnability.no-plugins"),
                                   failures=failed))
        rules = _RULES[spec] = shell.rules(spec.game)
    return rules


def start_state(rules: RuleSet, seed: int) -> Any:
    """Deal ``seed``'s first position, as ``play GAME --seed SEED`` starts it."""
    return _dealt(rules, seed)


def _dealt(rules: RuleSet, seed: int) -> Any:
    game = rules.game
    return game.new(seed, {option.name.replace("-", "_"): option.default for option in game.options})


def rules_version(version: str | None, rules_page: str, code: str = "") -> str:
    """The rules version that keys a game's rows: ``VERSION+HASH.CODE``.

    Args:
        version: the distribution version of the game's plugin (None: ``0``).
        rules_page: the game's page (:func:`cardshell.gamepage.page`).
        code: :func:`code_fingerprint`; "" leaves out ``.CODE``.

    Returns:
        HASH being the first 12 hex digits of the SHA-256 of the page in
        UTF-8, e.g. ``0.1.0+3f2a9c1b7d04.9e8d7c6b5a43``.
    """
    digest = hashlib.sha256(rules_page.encode("utf-8")).hexdigest()[:12]
    return f"{version or 0}+{digest}" + (f".{code}" if code else "")


def code_fingerprint(plugin: Any) -> str:
    """The fingerprint of a game plugin's code: 12 hex digits of SHA-256, or ``"nocode"``.

    Every ``.py`` file (and compiled extension) of the package holding the
    plugin's module (or its class's) counts by relative path and bytes; a
    module outside a package counts alone; at most :data:`MAX_CODE_FILES`.
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
    """The fingerprint of the search code that solves a game's deals: 12 hex digits of SHA-256.

    It covers :mod:`cardshell.search`, every ``.py`` file of ``module_file``'s
    package (None: none) and, with ``honest``, the player's code (this
    module); an ``unknown`` or honest row is reused only by the same code.
    """
    digest = hashlib.sha256()
    files = [Path(cardshell.search.__file__)] + ([Path(__file__), Path(judge.__code__.co_filename)] if honest else [])
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
        spec: the game.
        seconds: the deal's time limit (> 0).
        nodes: the most positions to search (>= 1).
    """

    spec: GameSpec
    seconds: float
    nodes: int

    def __call__(self, seed: int) -> DealResult:
        """Solve deal ``seed``: ``won`` with its line, ``no win`` or ``unknown``.

        Raises:
            PluginFault: the plugin changed the deal's state.
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
        spec: the game.
        seconds: the deal's time limit, all its moves together (> 0).
        nodes: positions per move and re-drawn deal of each hint (>= 1).
        samples: re-drawn deals per hint (>= 1).
    """

    spec: GameSpec
    seconds: float
    nodes: int
    samples: int

    def __call__(self, seed: int) -> DealResult:
        """Play deal ``seed`` to its end (:func:`play_honestly`).

        Raises:
            PluginFault: the plugin changed the deal's state.
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


def _bounded(rules: RuleSet, seed: int, state: Any, hook: Text, seconds: float, work: Callable[[], T]) -> T | None:
    """``work()`` under the deal's time bound and the state guard; None if the bound ran out."""
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
    """Play each listed move of deal ``seed``'s first position under the state guard.

    Raises:
        PluginFault: a listed move changes the state it is given though the
            game declares immutable states, or the plugin's code took more
            than :data:`CHECK_SECONDS`.
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
def carried(rules: RuleSet) -> Iterator[list[tuple[Text, Text]]]:
    """Hold the warnings the plugin gives while one deal is worked on.

    They go back with the deal's :class:`DealResult` (a worker has no player
    to tell); when the deal fails instead they are told at once.

    Yields:
        The ``(hook, line)`` pairs given, filled as the block runs.
    """
    held: list[tuple[Text, Text]] = []
    try:
        with rules.warnings_held() as held:
            yield held
    except BaseException:
        rules.release(held)
        raise


def _hook(rules: RuleSet, own: str) -> Text:
    """The deal's plugin code for a time bound's message: the game's ``own`` hook or its rules."""
    return own if getattr(rules.game, own) is not None else say("winnability.its-rules")


def play_honestly(rules: RuleSet, state: Any, seed: int, *, seconds: float, nodes: int, samples: int,
                  clock: Callable[[], float] = time.monotonic, judged: bool = True) -> DealResult:
    """Play from ``state`` to the end, each move the hint's.

    The hint of move k is drawn with ``random.Random("winnability:SEED:k")``,
    so a deal plays the same in every process; ``seconds`` is the whole deal's
    limit, ``samples`` per hint and ``nodes`` per move and re-drawn deal
    (:func:`cardshell.judged_hint.judge`).  ``judged`` False plays
    :func:`cardshell.search.hint` instead (its ``nodes`` shared by the
    samples), for comparing the two in benchmarks.  Memory: at most
    :data:`MAX_MOVES` + 1 position keys.

    Returns:
        ``won``/``no win`` by the game's outcome (no legal move, or every move
        into a position entered :data:`MAX_VISITS` times, is no win),
        ``unknown`` when time or :data:`MAX_MOVES` ran out; the moves played
        and the positions expanded.
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
        move = (judge(counting, state, rng=rng, samples=samples, nodes=nodes, seconds=left).move if judged
                else hint(counting, state, rng=rng, samples=samples, budget=Budget(left, nodes)).move)
        after = rules.play(state, move) if move else None
        if after is not None and visits[rules.key(after)] >= MAX_VISITS:
            move, after = _new_ground(rules, state, visits)
        if after is None:
            return DealResult("no win", expanded, clock() - started, tuple(line))
        state = after
        visits[rules.key(state)] += 1
        line.append(move)


def _new_ground(rules: RuleSet, state: Any, visits: Counter[Hashable]) -> tuple[str, Any]:
    """A legal move to a least-entered position below :data:`MAX_VISITS`, best by heuristic; ``("", None)`` if none."""
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
          warn: Callable[[Text, Text], None] | None = None) -> int:
    """Solve (or play) every deal of ``deals`` the table cannot answer yet.

    Each chunk's results are stored in one transaction as they arrive, in deal
    order.  Deals are claimed :data:`CLAIM_BATCH` at a time
    (:meth:`Store.claim`); one another live sweep is solving is waited for, or
    solved here once its claim goes stale.  ``task`` is :class:`SolveDeal` or
    :class:`PlayDeal`; ``backend`` None runs here; ``warn(hook, line)`` gets
    each warning a result carries, in deal order (None drops them).

    Returns:
        The deals solved (or played) by this sweep.

    Raises:
        KeyboardInterrupt: on Ctrl-C (what was stored stays).
        CommandError: the backend cannot run.
        TableError: the table cannot be written, or stayed locked at the end.
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
                add_note(stop, store.unstored().message)
        except TableError as problem:
            add_note(stop, problem.message)
        store.release()
        raise
    if store.flush():
        store.release()
        raise store.unstored()
    store.release()
    return solved


def lease(key: Key) -> float:
    """Seconds a sweep's claims live without news: :data:`CLAIM_SECONDS` plus two chunks at the key's budget."""
    return CLAIM_SECONDS + 2 * MAX_CHUNK * key.seconds
