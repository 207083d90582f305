"""The typed records a plugin returns from its hooks.

Registration hooks (see :mod:`cardshell.hookspecs`) return lists of these
small frozen records, the way conda's plugin hooks return
``CondaSubcommand(name, summary, action)``: a :class:`Game` for each game, a
:class:`Command` for each command.  A handler receives a
:class:`CommandContext`.  Nothing here does I/O.

The records are generic over the game's state type ``S``: a plugin that
writes ``Game[MyState](...)``, ``Move[MyState](...)`` and handlers taking
``CommandContext[MyState]`` has its functions checked against one another by
mypy or an editor.  ``S`` defaults to ``Any`` (PEP 696), so plain ``Game``,
``Command`` and ``CommandContext``, as every contract-1 plugin writes them,
mean what they always did.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal

from cardshell.command_records import (  # the records of a command, part of this contract
    Command,
    CommandContext,
    Completer,
    Move,
    Validator,
    spread,
)

if TYPE_CHECKING:  # pragma: no cover - the default is for type checkers only
    from typing_extensions import TypeVar

    #: The type of a game's state (``Any`` when not given).
    S = TypeVar("S", default=Any)
else:  # at run time a TypeVar's default changes nothing: keep start-up lean
    from typing import TypeVar

    S = TypeVar("S")

#: The results a finished game can have.
Result = Literal["won", "lost", "draw"]


@dataclass(frozen=True)
class Outcome:
    """How a game (or one round of it) ended.

    Attributes:
        result (str): ``"won"``, ``"lost"`` or ``"draw"`` (from the player's
            point of view; for a game without a player, such as Snap, the
            game defines whose view, and says so in its summary).
        score (float | None): a score where the game has one (cards left,
            pictures uncovered), else None.
        detail (str): a short human text, e.g. ``"A wins"``.
        duration (float | None): for a game that keeps its own clock, the
            seconds it timed from its start to this ending (Minesweeper: from
            the first unfold to the win, as its ``Win (took 45.2 seconds)``
            says), so that every plugin reports the same time (the
            statistics plugin records it); None (the default) lets the host's
            clock count, from the start of the deal or round to its ending.
    """

    result: Result
    score: float | None = None
    detail: str = ""
    duration: float | None = None


@dataclass(frozen=True)
class Option:
    """One option of ``play GAME [--NAME VALUE ...]``.

    Attributes:
        name (str): the option's name without dashes (``"level"`` gives
            ``--level``); the parsed value is stored under this name with
            dashes turned into underscores.
        help (str): one line shown by ``help play`` and ``games``.
        type (Callable[[str], Any]): converts the typed text (``int``).
        default (Any): the value when the option is not given.
        choices (tuple | None): the allowed values, if a fixed set: the host
            refuses any other (argparse's message) and Tab offers them.
        completions (tuple[str, ...]): values Tab offers after ``--NAME``
            when ``choices`` is None, without the host checking them (the
            game's ``new`` does, with its own message); e.g. Minesweeper's
            level names.  Default: none.
    """

    name: str
    help: str
    type: Callable[[str], Any] = str
    default: Any = None
    choices: tuple[Any, ...] | None = None
    completions: tuple[str, ...] = ()


def _no_outcome(state: Any) -> Outcome | None:
    return None


#: The verdicts of a search (:class:`Verdict`).
SearchResult = Literal["won", "no win", "unknown"]


@dataclass(frozen=True)
class Budget:
    """How much a search may spend (:func:`cardshell.search.solve`, a game's
    own :attr:`Search.solver`).

    Attributes:
        seconds (float): wall-clock limit in seconds (> 0).
        nodes (int): the most positions to expand (>= 1); also bounds the
            transposition table's size.
    """

    seconds: float = 10.0
    nodes: int = 200_000

    def split(self, parts: int) -> Budget:
        """This budget shared evenly by ``parts`` searches (``parts`` >= 1)."""
        return Budget(self.seconds / parts, max(1, self.nodes // parts))


@dataclass(frozen=True)
class Verdict:
    """What a search found (:func:`cardshell.search.solve`, a game's own
    :attr:`Search.solver`).

    Attributes:
        result (str): ``"won"``, ``"no win"`` (a proof: every position
            searched) or ``"unknown"`` (the budget ran out).
        line (tuple[str, ...]): for ``won``, the moves of a winning line as a
            player types them (empty if the start is already won).
        positions (int): the positions expanded (the start included).
        seconds (float): the time the search took, in seconds.
    """

    result: SearchResult
    line: tuple[str, ...] = ()
    positions: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class Search(Generic[S]):
    """The search part of a game (contract 2): how the host's ``solve``,
    ``hint`` and winnability sweeps search it, ``Game(search=Search(...))``.

    Every field is optional; a game with none is searched through its
    :attr:`Game.legal_moves` and its moves' ``check``/``apply``.

    Precedence (who reads what):

    * ``solve`` (and so ``hint``'s samples and thoughtful sweeps) calls
      :attr:`solver` when it is set and reads nothing else here; without it,
      the generic search expands :attr:`successors` (else the legal moves,
      ordered by :attr:`heuristic`), keys positions by :attr:`key` and
      skips those :attr:`prune` proves lost.
    * honest play (``winnability --honest``) and ``hint``'s choice among
      moves read :attr:`key`, :attr:`successors` and :attr:`heuristic`,
      whether or not there is a solver.

    So with a :attr:`solver`, :attr:`prune` is never read: the host says so
    once, at registration, naming the plugin (docs/howto/search.md).

    Attributes:
        key (Callable[[S], Hashable] | None): a canonical hashable form of a
            state (the transposition table), e.g. one that ignores the
            order of interchangeable empty piles; None uses the state itself.
        heuristic (Callable[[S], float] | None): a score of a state, higher
            is more promising (a finite number): search tries the moves
            leading to higher scores first.  None keeps the order of the
            legal moves.
        successors (Callable[[S], Iterable[tuple[str | tuple[str, ...], S]]] | None):
            a faster path for search than listing and re-parsing lines:
            ``successors(state)`` yields ``(move, new_state)`` pairs,
            ``move`` one line as typed or a tuple of lines played in order
            (a macro move, e.g. ``("T 1 3", "D")``), in the order search
            should try them (best first; :attr:`heuristic` is not applied on
            top).  It may leave out moves whose results are also reached
            otherwise (moves that only rearrange interchangeable piles) and,
            where one move is *dominant* (never worse than any other, such
            as an ace to an empty foundation), yield only that one.  Every
            line must be legal in turn, and a state from which a win is
            reachable by legal moves must keep a winning successor: search's
            "no win" claims rest on it.  None: search uses the legal moves
            and the moves' ``check``/``apply``.
        prune (Callable[[S], bool] | None): ``prune(state)`` is True only
            when the state is *proven* lost (no sequence of legal moves wins
            from it), so search need not expand it; a cheap bound, never a
            guess.  None: no pruning.
        solver (Callable[[S, Budget, Callable[[], float]], Verdict] | None):
            the game's own search, used by ``solve`` (and so by ``hint`` and
            winnability sweeps) instead of the generic one:
            ``solver(state, budget, clock)`` gets a state that may show
            every card, a :class:`Budget` (seconds, positions) and the clock
            (seconds), and returns a :class:`Verdict` (``won`` with the
            winning line as typed lines, ``no win``, or ``unknown`` when the
            budget ran out).  The host replays a ``won`` line through the
            rules and rejects it if it does not win, so a solver can be fast
            without being trusted blindly; a ``no win`` must be a proof.
            None: the generic search (with :attr:`successors`, :attr:`key`,
            :attr:`prune`).
    """

    key: Callable[[S], Hashable] | None = None
    heuristic: Callable[[S], float] | None = None
    successors: Callable[[S], Iterable[tuple[str | tuple[str, ...], S]]] | None = None
    prune: Callable[[S], bool] | None = None
    solver: Callable[[S, Budget, Callable[[], float]], Verdict] | None = None

    def unread(self) -> tuple[str, ...]:
        """The fields set here that no part of the host will read (see the
        precedence above): ``("prune",)`` beside a solver, else ``()``."""
        return ("prune",) if self.solver is not None and self.prune is not None else ()


@dataclass(frozen=True)
class Game(Generic[S]):
    """A game a plugin registers through ``cardshell_games``.

    Generic over the state type ``S`` (``Game[AcesUpState]``); see the
    module's docstring.

    The host owns a game's *state* and never looks inside it; the game's
    functions below are the only ones that do.  Every random choice a game
    makes must come from a generator stored in its state and seeded from
    ``seed``, so that a seed replays a game exactly and rollback restores the
    generator.

    Two kinds of state (plugin contract 2 added the second):

    * mutable (``immutable=False``, the default, contract 1): any
      deep-copyable object.  The host deep-copies it before every command and
      keeps the copy only if the command is accepted.
    * immutable (``immutable=True``): frozen dataclasses, tuples and other
      values that are hashable and compare with ``==``; no command ever
      changes a state, a move returns a new one.  The host never copies: the
      old state is the rollback and the undo snapshot, so both cost nothing.
      A game that also lists its :attr:`legal_moves` gets ``moves``, ``hint``,
      ``solve`` and winnability sweeps from the host.

    Attributes:
        id (str): unique id typed after ``play`` (``"aces-up"``): lower-case
            letters, digits and dashes.
        title (str): display name (``"Aces Up"``).
        summary (str): one line for ``games`` and ``help``.
        new (Callable[[int, Mapping[str, Any]], Any]): ``new(seed, options)``
            returns a fresh state.  ``seed`` is an int (may be negative);
            ``options`` maps each :class:`Option` name to its value.  May
            raise :class:`cardshell.errors.CommandError` for options that do
            not fit together (more mines than cells).
        render (Callable[[Any], str]): the plain-text display of a state, shown
            after ``play`` and after every accepted command whose
            :attr:`Command.show_state` is true.  No trailing newline needed.
            A ``cardshell_render`` hookimpl may override it.  It may colour
            its text with SGR sequences (``ESC [ ... m``); any other control
            character is shown escaped (``\\x1b``), as in every text a plugin
            gives (:data:`cardshell.screen.ALLOWED`).
        outcome (Callable[[Any], Outcome | None]): None while the game (or the
            current round) is in play, else how it ended.  The host fires
            ``cardshell_game_over`` each time this goes from None to an
            :class:`Outcome`.
        prompt (Callable[[Any], str] | None): the game's own question for the
            current state (``"Enter the cell (10 mines left): "``), shown in
            the interactive prompt and in ``--echo`` transcripts after the
            game id.  None gives the plain ``GAME> `` prompt.
        options (tuple[Option, ...]): the options ``play`` accepts.
        host_aliases (Mapping[str, str]): the game's own letters for host
            commands, e.g. ``{"h": "help", "q": "quit", "r": "new"}``.
        invalid_input (Callable[[str], str] | None): the message for a line
            the game cannot parse (unknown command, or a parser's
            :class:`cardshell.errors.UsageError`), given the whole line as
            typed (stripped).  None gives the host's standard message.
        case_sensitive (bool): whether command names and aliases must match
            case exactly.  The hand-outs' commands are case-insensitive.
        undo (bool): whether ``undo``/``redo`` are allowed (False where undo
            would reveal hidden cards, as in Blackjack).
        immutable (bool): the game's states are immutable values (see
            above); contract 2.
        moves (tuple[Move, ...]): the game's moves in declarative form,
            registered with the game (contract 2).  A game that lists its
            :attr:`legal_moves` but declares no move plays itself (Pictures,
            Up-and-Down): a player makes no move in it, so its endings are
            the deals' results, not the player's (statistics show no
            streaks, perfect wins or best times for it), and the ending
            offers no ``undo``.
        legal_moves (Callable[[Any], Iterable[str]] | None):
            ``legal_moves(state)``: every move the player could make now, each
            as the exact line the player would type (``"D"``, ``"F 2"``,
            ``"tt 3 5 2"``, ``"a5f"``), in the order the game lists them.
            Every listed line must be accepted and change the state; a line of
            the game's own move grammar that is not listed must be rejected
            (:func:`cardshell.contractcheck.check_game` verifies both).  Needs
            ``immutable``.
        determinize (Callable[[Any, random.Random], Any] | None): for games
            with hidden information: ``determinize(state, rng)`` returns a
            state in which everything the player cannot see (face-down
            cards, the stock's order, unplaced mines) is drawn again at
            random from ``rng``, consistently with what the player has seen.
            It must depend only on what the player sees (and ``rng``): two
            states that differ only in hidden cards give the same result.
            ``hint`` solves such re-drawn states, so hints never read hidden
            cards.  None means the state hides nothing from the player.
        key (Callable[[Any], Hashable] | None): deprecated: :attr:`Search.key`
            as a flat field (see :attr:`search`).
        heuristic (Callable[[Any], float] | None): deprecated:
            :attr:`Search.heuristic` as a flat field (see :attr:`search`).
        hint (Callable[[Any, random.Random], Hint] | None): the game's own
            hint, replacing the host's search-based one (Minesweeper: a
            provably safe cell; Blackjack: basic strategy).  It must use only
            what the player can see; ``rng`` is the hint's seeded generator.
        rules (str): the game's rules page for players (Markdown text,
            lines of at most 78 characters), shown rendered and wrapped to
            the terminal by ``help GAME`` and ``rules``
            (:func:`cardshell.gamepage.render`).  "" means: the file
            ``RULES.md`` in the package of the plugin module that
            registered the game, if there is one.
        successors (Callable[[Any], Iterable[tuple[str | tuple[str, ...], Any]]] | None):
            deprecated: :attr:`Search.successors` as a flat field (see
            :attr:`search`).
        prune (Callable[[Any], bool] | None): deprecated:
            :attr:`Search.prune` as a flat field (see :attr:`search`).
        search (Search | None): the search part of the game in one record
            (:class:`Search`: ``key``, ``heuristic``, ``successors``,
            ``prune``, ``solver``, with their precedence); None: the game
            gives none, and is searched through its :attr:`legal_moves`.
            The flat fields ``key``, ``heuristic``, ``successors``,
            ``prune`` and ``solver`` of this record are the same five in the
            form contract 2 first had: deprecated, served to contracts 1 and
            2 and gone with contract 2 (docs/compatibility.md; the host says
            so at start, under ``plugins`` and with a
            :class:`DeprecationWarning`).  A game gives them in one form
            only: ``search`` and a flat field together refuse the plugin.
            The host reads them once, at registration, into ``search``: a
            registered game's flat fields are None.
        solver (Callable[[S, Budget, Callable[[], float]], Verdict] | None):
            deprecated: :attr:`Search.solver` as a flat field (see
            :attr:`search`).
        side (str): for a game the player makes no decision in (Snap), the
            side whose view its results are told from (``"A"``): statistics
            then read ``A won`` and ``A lost``, not the player's own win or
            loss.  "" (the default): the results are the player's.
    """

    id: str
    title: str
    summary: str
    new: Callable[[int, Mapping[str, Any]], S]
    render: Callable[[S], str]
    outcome: Callable[[S], Outcome | None] = _no_outcome
    prompt: Callable[[S], str] | None = None
    options: tuple[Option, ...] = ()
    host_aliases: Mapping[str, str] = field(default_factory=dict)
    invalid_input: Callable[[str], str] | None = None
    case_sensitive: bool = False
    undo: bool = True
    immutable: bool = False
    moves: tuple[Move[S], ...] = ()
    legal_moves: Callable[[S], Iterable[str]] | None = None
    determinize: Callable[[S, random.Random], S] | None = None
    key: Callable[[S], Hashable] | None = None
    heuristic: Callable[[S], float] | None = None
    hint: Callable[[S, random.Random], Hint] | None = None
    rules: str = ""
    successors: Callable[[S], Iterable[tuple[str | tuple[str, ...], S]]] | None = None
    prune: Callable[[S], bool] | None = None
    solver: Callable[[S, Budget, Callable[[], float]], Verdict] | None = None
    side: str = ""
    search: Search[S] | None = None


@dataclass(frozen=True)
class Hint:
    """A suggested move, as a game's own :attr:`Game.hint` (or the host's
    search) gives it.

    Attributes:
        move (str): the command line to type (``"T 1 3"``, ``"a5"``); "" when
            there is no move to suggest.
        why (str): a short reason shown after the move (``"wins in 17 of 20
            sampled deals"``, ``"provably safe"``); may be "".
    """

    move: str
    why: str = ""


__all__ = ["Command", "CommandContext", "Completer", "Game", "Hint", "Move", "Option", "Outcome",
           "Result", "Validator", "spread"]
