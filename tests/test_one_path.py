"""One path from a line to a new state (:meth:`cardshell.ruleset.RuleSet.run`):
a typed move, the search and the replay of a save all parse, validate and
apply through it, and ``load`` rebuilds a game below the dispatcher."""

from __future__ import annotations

import sys
import textwrap

import pytest

from cardshell.errors import CommandError
from cardshell.ruleset import RuleSet
from cardshell.session import GameSession
from cardshell.shell import Shell

#: Adder: the state is a number; ``add N`` (N at most 5) adds N and says so; ``jump``, a command
#: another plugin could have added, tells what its handler sees (and notes in ``SEEN`` the moves of
#: the current game) and adds 100.  Won at 10 or more.
ADDER = textwrap.dedent('''
    import cardshell
    from cardshell import Command, CommandError, Game, Move, Outcome, parsers

    CARDSHELL_CONTRACT = 2

    #: The moves of the current game each 'jump' saw through ctx.shell (None: no shell or no game).
    SEEN = []


    def check(state, n):
        if n > 5:
            raise CommandError("at most 5")


    def jump(ctx, args):
        ctx.echo(f"shell {ctx.shell is not None}, interactive {ctx.interactive}")
        SEEN.append(ctx.shell.current.moves if ctx.shell is not None and ctx.shell.current is not None else None)
        ctx.state = ctx.state + 100


    @cardshell.hookimpl
    def cardshell_games():
        return [Game(
            id="adder", title="Adder", summary="add up to ten", new=lambda seed, options: 0, render=str,
            immutable=True, legal_moves=lambda s: ["add 1", "add 2"] if s < 10 else [],
            outcome=lambda s: Outcome("won", 0.0) if s >= 10 else None,
            moves=(Move("add", "add N", apply=lambda s, n: s + n, check=check, usage="add N",
                        parse=parsers.integers(1, 1, 9), message=lambda before, after: f"{before} -> {after}"),),
        )]


    @cardshell.hookimpl
    def cardshell_commands():
        return [Command("jump", "add 100", jump, game="adder")]
''')


@pytest.fixture
def shell(tmp_path):
    plugin = tmp_path / "adder.py"
    plugin.write_text(ADDER, encoding="utf-8")
    shell = Shell.create(plugins=[], extra_modules=[str(plugin)], seed=0, autosave=False,
                         data_dir=tmp_path / "data")
    assert shell.execute("play adder").ok
    return shell


def test_a_players_line_says_what_the_game_says_and_a_search_line_only_moves(shell):
    rules, host = shell.registry.rules("adder"), shell.dispatcher.host
    state, said = rules.run(3, "add 2", host)
    assert state == 5 and said is not None and said.output == ["3 -> 5"]
    assert rules.run(3, "add 2") == (5, None) and rules.play(3, "add 2") == 5
    state, said = rules.run(3, "jump", host)
    assert state == 103 and said.output == ["shell True, interactive False"]
    assert rules.run(3, "jump")[1].output == ["shell False, interactive False"]
    for run in (lambda line: rules.run(3, line, host), lambda line: rules.play(3, line)):
        with pytest.raises(CommandError, match="at most 5"):
            run("add 7")


@pytest.fixture
def runs(monkeypatch):
    """Every call of RuleSet.run: (line, whether it ran with a host context)."""
    calls: list[tuple[str, bool]] = []
    original = RuleSet.run

    def recorded(self, state, line, host=None, **kwargs):
        calls.append((line, host is not None))
        return original(self, state, line, host, **kwargs)

    monkeypatch.setattr(RuleSet, "run", recorded)
    return calls


def test_a_typed_move_runs_through_the_rules_with_the_host(shell, runs):
    reply = shell.execute("add 2")
    assert reply.ok and reply.output.splitlines() == ["0 -> 2", "2"]
    assert runs == [("add 2", True)]
    assert shell.current.state == 2 and shell.current.log == ["add 2"]


def test_the_search_runs_its_lines_through_the_rules_without_a_host(shell, runs):
    assert shell.execute("add 5").ok and shell.execute("add 4").ok
    runs.clear()
    reply = shell.execute("solve")
    assert reply.ok and reply.output.splitlines()[1] == "add 1", reply.output
    assert runs and {with_host for _, with_host in runs} == {False}


def test_load_folds_the_saved_log_through_the_rules_below_the_dispatcher(shell, runs):
    for line in ("add 2", "jump", "save t1", "quit"):
        assert shell.execute(line).ok, line
    resolved: list[str] = []
    original = shell.dispatcher.resolve
    shell.dispatcher.resolve = lambda line: resolved.append(line) or original(line)
    runs.clear()
    reply = shell.execute("load t1")
    assert reply.ok, reply.error
    assert runs == [("add 2", True), ("jump", True)]  # each logged line once, as a player's
    assert sys.modules["adder"].SEEN == [1, 1]  # typed, then replayed: its handler saw its own game current
    assert resolved == ["load t1"]  # the dispatcher saw the typed line only
    assert shell.current.state == 102 and shell.current.log == ["add 2", "jump"]
    assert [line for _, line in shell.current.undo_stack] == ["add 2", "jump"]
    assert shell.current.outcome is not None and shell.current.outcome.result == "won"


def test_a_saved_move_that_changes_its_state_is_refused_on_load_naming_the_plugin(tmp_path):
    shell = Shell.create(plugins=[], extra_modules=["hostile_mutating"], seed=0, autosave=False,
                         data_dir=tmp_path)
    game = shell.registry.games["mutating-row"]
    logged = GameSession(game=game, seed=0, options={"row": "1,1,2,2"}, state=None, log=["take 1"], moves=1)
    assert shell.persistence.save(logged, "t1")
    reply = shell.execute("load t1")
    assert not reply.ok
    assert reply.error == ("save 't1' cannot be resumed: move 1 ('take 1') was rejected: plugin 'hostile_mutating': "
                           "move 'take 1' changed the state it was given, though game 'mutating-row' declares "
                           "immutable states; the game is left as it was")
    assert shell.current is None and shell.table.sessions == {}
