"""A solver's winning line as a person plays it (cardshell/shortcut.py): a walk of one card
through empty columns becomes the one move a person plays, a cycle is left out, a shortcut to
a position the key merges with another is taken only where the rest of the line still wins,
the work is bounded, and ``solve`` and ``solve --play`` show and play the shortened line.
Every shortened line is replayed with the game's own functions (not the host's) to a win."""

from __future__ import annotations

import statistics
import sys
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardshell
from cardshell import assist, shortcut
from cardshell.records import Budget, Verdict
from cardshell.search import solve
from cardshell.shell import Shell
from cardshell.shortcut import human_verdict, shortened
from cardshell.testing import game_rules, replays_to_a_win
from cardshell.watchdog import PluginOvertime
from cardshell_aces_up import rules as aces

# -- a small game: one card on a row of columns, won by playing it home from the last ------------------

#: The columns of the slide game.
WIDTH = 5


class Slide:
    """The slide game's rules: ``T x y`` moves the card at most ``reach`` columns (the others
    are empty), ``H`` plays it home from a column of ``home_from``; won when it is home."""

    def __init__(self, reach: int = WIDTH, home_from: tuple[int, ...] = (WIDTH,)) -> None:
        self.reach, self.home_from = reach, home_from

    def slide(self, state: tuple[int, bool], source: int, target: int) -> tuple[int, bool]:
        column, home = state
        if home or source != column or not 0 < abs(target - column) <= self.reach or not 1 <= target <= WIDTH:
            raise cardshell.CommandError("no such move")
        return target, False

    def home(self, state: tuple[int, bool], _: None = None) -> tuple[int, bool]:
        column, home = state
        if home or column not in self.home_from:
            raise cardshell.CommandError("not from this column")
        return column, True

    def legal(self, state: tuple[int, bool]) -> list[str]:
        """The nearest columns first, so a depth-first search walks the card one column at a time."""
        column, home = state
        if home:
            return []
        moves = ["H"] if column in self.home_from else []
        others = sorted((target for target in range(1, WIDTH + 1) if 0 < abs(target - column) <= self.reach),
                        key=lambda target: (abs(target - column), target))
        return moves + [f"T {column} {target}" for target in others]

    def replay(self, line: list[str] | tuple[str, ...]) -> bool:
        """Whether ``line`` wins from the start, played with the game's own functions."""
        state = (1, False)
        for move in line:
            words = move.split()
            state = self.home(state) if words == ["H"] else self.slide(state, int(words[1]), int(words[2]))
        return state[1]


def slide_shell(game: Slide, key=None) -> Shell:
    """A shell with the slide game registered (``key``: its search key, or none)."""
    name = "slide_shortcut_game"
    module = types.ModuleType(name)
    module.CARDSHELL_CONTRACT = 2  # type: ignore[attr-defined]

    def parse_two(text: str) -> tuple[int, int]:
        source, target = text.split()
        return int(source), int(target)

    @cardshell.hookimpl
    def cardshell_games():
        return [cardshell.Game(
            id="slide", title="Slide", summary="a card slides home", new=lambda seed, options: (1, False),
            render=str, immutable=True, legal_moves=game.legal,
            outcome=lambda state: cardshell.Outcome("won") if state[1] else None,
            search=cardshell.Search(key=key),
            moves=(cardshell.Move("T", "slide", apply=game.slide, parse=parse_two),
                   cardshell.Move("H", "home", apply=game.home, parse=lambda text: None)))]

    module.cardshell_games = cardshell_games  # type: ignore[attr-defined]
    sys.modules[name] = module
    try:
        return Shell.create(plugins=[], extra_modules=[name], seed=0, autosave=False)
    finally:
        del sys.modules[name]


def slide_rules(game: Slide | None = None, key=None):
    return slide_shell(game or Slide(), key).rules("slide")


def test_the_search_walks_the_card_and_the_walk_becomes_one_move():
    rules = slide_rules()
    raw = solve(rules, (1, False), Budget(seconds=60, nodes=1_000)).line
    assert raw == ("T 1 2", "T 2 3", "T 3 4", "T 4 5", "H")  # the depth-first search's walk
    short = shortened(rules, (1, False), raw)
    assert short == ("T 1 5", "H")
    assert Slide().replay(raw) and Slide().replay(short)


def test_a_cycle_is_left_out():
    rules = slide_rules()
    line = ("T 1 5", "T 5 2", "T 2 1", "T 1 5", "H")  # back at column 1, then at column 5 again
    assert shortened(rules, (1, False), line) == ("T 1 5", "H")
    # One move out and back, where nothing shorter exists around it: the cycle alone goes.
    assert shortened(rules, (1, False), ("T 1 2", "T 2 1", "T 1 5", "H")) == ("T 1 5", "H")


def test_a_line_already_short_or_not_winning_is_left_as_it_is():
    rules = slide_rules()
    assert shortened(rules, (1, False), ("T 1 5", "H")) == ("T 1 5", "H")
    assert shortened(rules, (1, False), ("T 1 2", "T 2 3")) == ("T 1 2", "T 2 3")  # does not win
    assert shortened(rules, (1, False), ("T 1 2", "T 1 3", "H")) == ("T 1 2", "T 1 3", "H")  # rejected move


def test_a_key_merging_states_gives_a_shortcut_only_where_the_rest_still_wins():
    # One column a move; the key merges columns 2 and 4 (as Aces Up's merges lone cards in free
    # columns): 'T 1 2' and the cycle from column 2 reach column 4's key, but the line goes on
    # with 'T 4 5', no move from column 2.  Nothing is taken.
    game = Slide(reach=1)
    merged = slide_rules(game, key=lambda state: (2 if state[0] == 4 else state[0], state[1]))
    walk = ("T 1 2", "T 2 3", "T 3 4", "T 4 5", "H")
    assert shortened(merged, (1, False), walk) == walk
    # The card may go home from column 4 as well, and the key merges columns 4 and 5: the
    # cycle 'T 4 5' is left out, as the rest ('H') still wins from column 4.
    game = Slide(reach=1, home_from=(4, 5))
    merged = slide_rules(game, key=lambda state: (min(state[0], 4), state[1]))
    short = shortened(merged, (1, False), walk)
    assert short == ("T 1 2", "T 2 3", "T 3 4", "H") and game.replay(short)


def test_the_work_is_bounded_by_the_line_times_its_widest_position(monkeypatch):
    rules = slide_rules()
    played = []
    real = shortcut._Walk.play

    def counted(self, state, move):
        played.append(move)
        return real(self, state, move)

    monkeypatch.setattr(shortcut._Walk, "play", counted)
    line = ("T 1 2", "T 2 3", "T 3 4", "T 4 5", "H")
    assert shortened(rules, (1, False), line) == ("T 1 5", "H")
    widest = max(len(Slide().legal((column, False))) for column in range(1, WIDTH + 1))
    assert 0 < len(played) <= len(line) * widest
    # An allowance spent at once leaves the line as it was (every change is checked first).
    monkeypatch.setattr(shortcut._Walk, "__init__", _no_allowance(shortcut._Walk.__init__))
    assert shortened(rules, (1, False), line) == line


def _no_allowance(init):
    def wrapped(self, rules, moves, positions, allowance):
        init(self, rules, moves, positions, 0)
    return wrapped


def test_a_verdict_other_than_won_and_a_failing_plugin_keep_the_verdict():
    rules = slide_rules()
    unknown = Verdict("unknown", (), 5, 0.1)
    assert human_verdict(rules, (1, False), unknown) is unknown
    won = Verdict("won", ("T 1 2", "T 2 5", "H"), 3, 0.1)
    assert human_verdict(rules, (1, False), won) == Verdict("won", ("T 1 5", "H"), 3, 0.1)
    broken = slide_rules(key=lambda state: [state])  # a key that is not hashable
    assert human_verdict(broken, (1, False), won) is won


def test_solve_shows_and_solve_play_plays_the_shortened_line():
    shell = slide_shell(Slide())
    assert shell.execute("play slide --seed 1").ok
    shown = shell.execute("solve")
    assert shown.ok
    assert "Winning line (2 moves" in shown.output and "T 1 5, H" in shown.output
    played = shell.execute("solve --play")
    assert played.ok
    assert list(shell.recorder.lines)[-2:] == ["T 1 5", "H"]
    assert shell.current.state == (5, True)


def test_solve_shows_the_line_as_found_when_shortening_runs_out_of_time(monkeypatch):
    def overtime(rules, state, verdict):
        raise PluginOvertime("slide", "its rules", "did not return in time")

    monkeypatch.setattr(assist, "human_verdict", overtime)
    shell = slide_shell(Slide())
    assert shell.execute("play slide --seed 1").ok
    shown = shell.execute("solve")
    assert shown.ok and "T 1 2, T 2 3, T 3 4, T 4 5, H" in shown.output


def test_hint_names_the_first_move_of_the_line_solve_shows():
    shell = slide_shell(Slide())
    assert shell.execute("play slide --seed 1").ok
    hint = shell.execute("hint")
    assert hint.ok and hint.output == "Hint: T 1 5 (starts a winning line of 2 moves)"


# -- Aces Up: real deals, their lines with walks put in, and every settled deal ----------------------

def aces_rules():
    return Shell.create(plugins=["aces-up"], seed=0, autosave=False).rules("aces-up")


def aces_replay(state: aces.AcesUpState, line: tuple[str, ...] | list[str]) -> bool:
    """Whether ``line`` wins from ``state``, played with Aces Up's own rule functions."""
    for move in line:
        words = move.split()
        if words[0] == "D":
            state = aces.deal(state)
        elif words[0] == "F":
            state = aces.move_to_foundation(state, int(words[1]))
        else:
            state = aces.move_to_empty_column(state, int(words[1]), int(words[2]))
    return aces.is_won(state)


def with_detours(rules, state: aces.AcesUpState, line: tuple[str, ...]) -> tuple[list[str], int]:
    """``line`` with each ``T x y`` of a lone card (its column then empty) played as a detour:
    the card to column y, back to column x, and to column y again; the line, and how many
    detours were put in."""
    out: list[str] = []
    for move in line:
        if move.startswith("T "):
            _, source, target = move.split()
            if len(state.tableau[int(source) - 1]) == 1:
                out += [move, f"T {target} {source}"]
        out.append(move)
        state = rules.play(state, move)
    return out, (len(out) - len(line)) // 2


def test_an_aces_up_line_with_detours_through_empty_columns_loses_them():
    rules = aces_rules()
    start = rules.game.new(0, {})
    raw = solve(rules, start, Budget(seconds=60, nodes=200_000)).line
    walked, added = with_detours(rules, start, raw)
    assert added >= 3 and aces_replay(start, walked)
    short = shortened(rules, start, walked)
    assert aces_replay(start, short)
    assert short == raw  # every detour left out, and nothing else to take


def test_a_real_aces_up_line_with_a_cycle_loses_it():
    """Deal 28's line moves a lone card to an empty column and straight back: both moves go."""
    rules = aces_rules()
    start = rules.game.new(28, {})
    raw = solve(rules, start, Budget(seconds=60, nodes=200_000)).line
    out_and_back = [index for index in range(len(raw) - 1)
                    if raw[index].startswith("T ") and raw[index + 1].split()[1:] == raw[index].split()[:0:-1]]
    assert out_and_back, "deal 28's line has no out-and-back move any more: pick another deal"
    short = shortened(rules, start, raw)
    assert aces_replay(start, short) and len(short) <= len(raw) - 2 * len(out_and_back)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 60))
def test_on_aces_up_deals_the_line_is_never_longer_and_still_wins(seed):
    rules = aces_rules()
    start = rules.game.new(seed, {})
    verdict = solve(rules, start, Budget(seconds=60, nodes=20_000))
    if verdict.result != "won":
        return
    short = shortened(rules, start, verdict.line)
    assert len(short) <= len(verdict.line)
    assert aces_replay(start, short)


@pytest.mark.parametrize("seeds", [(0, 4, 11)])
def test_the_settled_aces_up_lines_are_already_as_short_as_shortcuts_make_them(seeds):
    """The Aces Up solver joins its steps by the fewest moves (fastsolve._connect): its
    rearrangements of lone cards before a deal (``T 2 1, T 3 2, T 4 3``) move three cards,
    and a shorter one reaches a position only the key merges, whose next deal differs."""
    rules = aces_rules()
    lengths = []
    for seed in seeds:
        start = rules.game.new(seed, {})
        raw = solve(rules, start, Budget(seconds=60, nodes=200_000)).line
        short = shortened(rules, start, raw)
        assert aces_replay(start, short)
        lengths.append((len(raw), len(short)))
    assert all(after <= before for before, after in lengths)
    assert statistics.median(after for _, after in lengths) <= statistics.median(before for before, _ in lengths)


# -- Thumb and Pouch: a card from the waste through one column to another, and autoplay --------------

@pytest.mark.parametrize("seed", [0, 16])
def test_thumb_and_pouch_lines_are_shortened_and_autoplay_still_folds_them(seed):
    """Deal 0's line plays a waste card to one column and on to another ('wt 3, tt 3 7 1'
    where a person plays 'wt 7'); the shortened line still wins by the rules, and with
    autoplay on the moves to type still leave out the same safe moves."""
    rules = Shell.create(plugins=["thumb-and-pouch"], seed=0, autosave=False).rules("thumb-and-pouch")
    start = rules.game.new(seed, {})
    raw = solve(rules, start, Budget(seconds=60, nodes=200_000)).line
    short = shortened(rules, start, raw)
    assert len(short) < len(raw)
    assert replays_to_a_win(game_rules("thumb-and-pouch", plugins=["thumb-and-pouch"]), start, short)
    assert len(raw) - len(assist._typed(rules, start, list(raw))) == len(short) - len(assist._typed(rules, start,
                                                                                                      list(short)))
