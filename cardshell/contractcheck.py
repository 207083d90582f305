"""The contract check: does a game keep the promises of plugin contract 2?

:func:`check_game` plays one deal through a real shell and fails with an
:class:`AssertionError` naming the seed, the move number and the line when a
promise is broken (docs/howto/testing.md, "the contract check"): the same
seed gives the same deal; every listed legal move is accepted and changes the
state; every other line of the game's grammar (sampled from the lines listed
anywhere in a walk, plus ``extra_lines``) is rejected and changes nothing;
with ``immutable=True`` no command mutates a state and a proven-immutable
state keeps its declared types; equal states hash alike; and the plugin's
search answers have their documented types (:mod:`cardshell.plugincheck`).
A game with :attr:`~cardshell.records.Game.players` declares its seats
consistently, gives the player the turn after every accepted line (the
computer's turns applied by the host), has hashable views, and its
``determinize`` keeps the player's view.  Messages name the plugin that registered the game.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable
from typing import Any

from cardshell.errors import CommandError
from cardshell.plugincheck import PluginFault, StateGuard, checked_hint
from cardshell.shell import Shell
from cardshell.statekind import immutable_states, misfit_of_declaration, proven_immutable


def _shell(plugins: Iterable[str] | None, extra_modules: Iterable[str]) -> Any:
    return Shell.create(plugins=plugins, seed=0, extra_modules=extra_modules, autosave=False)


def check_game(game_id: str, seed: int, *, plugins: Iterable[str] | None = None,
               extra_modules: Iterable[str] = (), steps: int = 200, extra_lines: Iterable[str] = (),
               max_probes: int = 40, walk_seed: int = 0) -> int:
    """Play one deal of a game by its legal moves and check the contract.

    Args:
        game_id: the game's id.
        seed: the deal.
        plugins: plugins to load (None: all installed).
        extra_modules: modules to load as plugins (``--plugin``).
        steps: the most moves to make (>= 0).
        extra_lines: more lines of the game's grammar to try where they are
            not listed as legal.
        max_probes: the most unlisted lines tried per position.
        walk_seed: seeds the choice among the legal moves.

    Returns:
        The number of moves made.

    Raises:
        AssertionError: a broken promise, naming seed, move number and line.
        KeyError: when no game ``game_id`` is registered.
    """
    shell = _shell(plugins, extra_modules)
    game = shell.games[game_id]
    where = f"{game_id} seed {seed}"
    assert game.legal_moves is not None, f"{game_id} does not list its legal moves (Game.legal_moves)"
    first, again = game.new(seed, _defaults(game)), game.new(seed, _defaults(game))
    assert first == again, f"{where}: the same seed gave two different deals"
    rules = shell.rules(game_id)
    plugin = rules.plugin
    immutable = immutable_states(game)
    if immutable:
        try:
            hashes = hash(first), hash(again)
        except TypeError as exc:
            raise AssertionError(f"{where}: plugin {plugin!r} declares immutable states, but its state "
                                 f"is not hashable ({exc})") from None
        assert hashes[0] == hashes[1], f"{where}: equal states with different hashes"
    # The grammar sample: lines legal somewhere in a walk of another deal.
    pool = dict.fromkeys(extra_lines)
    other = shell.games[game_id].new(seed + 1, _defaults(game))
    walker = random.Random(walk_seed)
    for _ in range(min(steps, 100)):
        legal = rules.legal(other)
        if not legal or rules.outcome(other) is not None:
            break
        pool.update(dict.fromkeys(legal))
        other = _play(rules, other, walker.choice(legal), f"{game_id} seed {seed + 1}")
    if game.players is not None:
        _seats(game, plugin, where)
    reply = shell.execute(f"play {game_id} --seed {seed}")
    assert reply.ok, f"{where}: play was rejected: {reply.error}"
    session = shell.current
    made = 0
    for number in range(1, steps + 1):
        state = session.state
        guard = StateGuard(state, by_type=False)
        changed = f"(plugin {plugin!r} declares immutable states)" if immutable else ""
        _answers(rules, state, f"{where}, move {number}")
        if game.players is not None:
            _turn(game, rules, state, f"{where}, move {number}")
        assert not guard.changed(), f"{where}, move {number}: the plugin's search functions changed the state {changed}"
        legal = rules.legal(state)
        assert len(set(legal)) == len(legal), f"{where}, move {number}: legal_moves lists a line twice: {legal}"
        pool.update(dict.fromkeys(legal))
        listed = set(legal)
        probes = [line for line in pool if line not in listed]
        walker.shuffle(probes)
        for line in probes[:max_probes]:
            reply = shell.execute(line)
            assert not reply.ok, f"{where}, move {number}: {line!r} is not listed as legal but was accepted"
            assert session.state is state or session.state == state, \
                f"{where}, move {number}: rejected {line!r} changed the state"
            assert not guard.changed(), f"{where}, move {number}: rejected {line!r} mutated the state {changed}"
        for line in legal:
            after = _play(rules, state, line, f"{where}, move {number}")
            assert not guard.changed(), f"{where}, move {number}: {line!r} mutated the state {changed}"
            assert after != state, f"{where}, move {number}: legal {line!r} does not change the state"
            if immutable and proven_immutable(after):
                misfit = misfit_of_declaration(after)
                assert misfit is None, (f"{where}: after {line!r}, {misfit}: plugin {plugin!r} declares the "
                                        f"types of its state's fields, and the host trusts them")
            if immutable:
                assert hash(after) == hash(copy.deepcopy(after)), f"{where}: a state's hash is not by value"
        if not legal or session.outcome is not None:
            break
        line = walker.choice(legal)
        reply = shell.execute(line)
        assert reply.ok, f"{where}, move {number}: legal {line!r} was rejected: {reply.error}"
        assert shell.current is session or shell.current is None, f"{where}: {line!r} switched games"
        assert not guard.changed(), f"{where}, move {number}: {line!r} mutated the old state {changed}"
        made += 1
        if shell.current is None:
            break
    return made


def _play(rules: Any, state: Any, line: str, where: str) -> Any:
    try:
        return rules.play(state, line)
    except CommandError as exc:
        raise AssertionError(f"{where}: plugin {rules.plugin!r}: legal_moves listed {line!r}, which its rules "
                             f"reject: {exc}") from None


def _answers(rules: Any, state: Any, where: str) -> None:
    """Assert the plugin's search answers at one position have their documented types."""
    game = rules.game
    try:
        rules.key(state)
        if rules.has_heuristic:
            for _, after in rules.children(state):
                rules.heuristic(after)
        if rules.uses_successors and immutable_states(game):
            rules.verified_expand(state)
        if game.hint is not None:
            found = checked_hint(rules.plugin, game.hint(copy.deepcopy(state), random.Random(0)))
            if found.move and found.move not in rules.legal(state):
                raise PluginFault(rules.plugin, "hint", f"suggested {found.move!r}, which is not listed as legal")
    except PluginFault as fault:
        raise AssertionError(f"{where}: {fault}") from None


def _seats(game: Any, plugin: str, where: str) -> None:
    """Assert a game's :class:`~cardshell.records.Players` names its seats consistently."""
    players = game.players
    assert game.legal_moves is not None and immutable_states(game), \
        f"{where}: plugin {plugin!r} declares players, which need immutable states and legal_moves"
    seats = players.seats
    assert seats and len(set(seats)) == len(seats) and all(isinstance(s, str) and s for s in seats), \
        f"{where}: Players.seats must be unique non-empty names, got {seats!r}"
    assert players.human in seats, f"{where}: Players.human {players.human!r} is not one of the seats {seats!r}"
    computers = set(seats) - {players.human}
    assert set(players.policies) == computers, \
        f"{where}: Players.policies must give a policy to each computer seat {sorted(computers)}, " \
        f"got {sorted(players.policies)}"


def _turn(game: Any, rules: Any, state: Any, where: str) -> None:
    """Assert, at a position the player sees, that it is the player's turn and the view is kept."""
    players = game.players
    if rules.outcome(state) is not None:
        return
    seat = players.current(state)
    assert seat == players.human, f"{where}: Players.current names {seat!r}, but the host hands the player the turn"
    view = players.view(state, players.human)
    try:
        hash(view)
    except TypeError as exc:
        raise AssertionError(f"{where}: Players.view gave an unhashable value ({exc})") from None
    if game.determinize is not None:
        for sample in range(3):
            drawn = game.determinize(state, random.Random(sample))
            assert players.view(drawn, players.human) == view, \
                f"{where}: determinize (rng seeded {sample}) changed what the player sees"


def _defaults(game: Any) -> dict[str, Any]:
    return {option.name.replace("-", "_"): option.default for option in game.options}
