"""``new-plugin NAME``: write a working, tested plugin distribution to start from.

``cardshell new-plugin demo`` (or ``new-plugin demo`` at the prompt) writes
the folder ``demo/``: a pip-installable distribution whose entry point in the
``cardshell`` group registers a small game written against plugin contract 2
(Nim against the house: immutable states, declarative moves, legal moves), a
golden test (``tests/test_play.cardshell`` with its expected output, written
by running the game), a property test running
:func:`cardshell.contractcheck.check_game` under hypothesis, and a README.
``pip install ./demo && pytest demo`` passes as written.

Bounds: NAME is 1 to 40 lower-case letters, digits and dashes, starting with
a letter; the target folder must not exist (nothing is overwritten).
"""

from __future__ import annotations

import importlib
import io
import re
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import hookimpl
from cardshell.records import Command, CommandContext

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.host import Host

#: The plugin name these commands are registered under.
PLUGIN_NAME = "cardshell.scaffold"

_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")

_PYPROJECT = '''\
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "cardshell-{name}"
version = "0.1.0"
description = "{title}: a game for cardshell"
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["cardshell>={version}"]

[project.optional-dependencies]
test = ["pytest>=7.4", "hypothesis>=6.80"]

# The entry point in the group "cardshell" is what makes cardshell find the game.
[project.entry-points.cardshell]
{name} = "{module}.plugin"

[tool.setuptools]
packages = ["{module}"]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-ra --strict-markers"
# The plugins cardshell's test helpers load: only this one, so that other
# installed games cannot change the expected output of the golden tests.
cardshell_plugins = "{name}"
'''

_RULES = '''\
"""{title}: Nim against the house, as plain data and pure functions.

A pile of stones; the player takes 1, 2 or 3, then the house takes its
share by a fixed rule; whoever takes the last stone wins.  States are
immutable (plugin contract 2): every function returns a new state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardshell import CommandError

#: The most stones one move may take.
MOST = 3


@dataclass(frozen=True)
class State:
    """The pile and who took the last stone.

    Attributes:
        pile (int): stones left.
        winner (str): "" while in play, "you" or "house" at the end.
    """

    pile: int
    winner: str = ""


def new(seed: int) -> State:
    """A pile of 10 to 30 stones, chosen by the seed."""
    return State(pile=random.Random(seed).randint(10, 30))


def check_take(state: State, count: int) -> None:
    """Raise CommandError unless ``take count`` is legal now."""
    if state.winner:
        raise CommandError("The game is over.")
    if not 1 <= count <= min(MOST, state.pile):
        raise CommandError(f"You can take 1 to {{min(MOST, state.pile)}} stones.")


def house_take(pile: int) -> int:
    """The house's rule: leave a multiple of 4 when it can, else take 1."""
    return pile % (MOST + 1) or 1


def take(state: State, count: int) -> State:
    """The player takes ``count`` stones, then the house replies."""
    check_take(state, count)
    pile = state.pile - count
    if pile == 0:
        return State(0, "you")
    pile -= house_take(pile)
    return State(pile, "house" if pile == 0 else "")


def legal_moves(state: State) -> list[str]:
    """The lines a player may type now."""
    if state.winner:
        return []
    return [f"take {{count}}" for count in range(1, min(MOST, state.pile) + 1)]


def render(state: State) -> str:
    """The pile as text."""
    stones = "o" * state.pile
    return f"Pile: {{state.pile}} {{stones}}".rstrip()
'''

_PLUGIN = '''\
"""{title} as a cardshell game: the records of :mod:`.rules` (plugin contract 2)."""

from __future__ import annotations

import cardshell
from cardshell import Game, Move, Outcome, parsers

from {module} import rules

CARDSHELL_CONTRACT = 2


def outcome(state: rules.State) -> Outcome | None:
    """Won when the player took the last stone, lost when the house did."""
    if state.winner == "you":
        return Outcome("won")
    if state.winner == "house":
        return Outcome("lost")
    return None


# Game[rules.State]: a type checker checks new, render, outcome and the moves
# against the one state type (cardshell ships py.typed).
GAME = Game[rules.State](
    id="{name}",
    title="{title}",
    summary="Nim against the house: take the last stone to win.",
    new=lambda seed, options: rules.new(seed),
    render=rules.render,
    outcome=outcome,
    immutable=True,
    legal_moves=rules.legal_moves,
    moves=(
        Move[rules.State]("take", "take 1 to 3 stones; the house replies", apply=rules.take,
                          check=rules.check_take, usage="take N", parse=parsers.integers(1, 1, rules.MOST)),
    ),
)


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register the game."""
    return [GAME]
'''

_TEST = '''\
"""Tests of {title}: the rules, and the plugin contract under hypothesis."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.contractcheck import check_game
from {module} import rules


def test_the_house_leaves_a_multiple_of_four():
    assert rules.take(rules.State(10), 1) == rules.State(8)


def test_taking_the_last_stone_wins():
    assert rules.take(rules.State(3), 3).winner == "you"


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_the_game_keeps_the_plugin_contract(seed):
    check_game("{name}", seed, plugins=["{name}"], extra_lines=["take 3", "take 1"])
'''

_GOLDEN = "# cardshell: --echo\n# A whole game, as a golden test: the expected output is beside this file.\n" \
          "play {name} --seed 4\nmoves\nhint\ntake 9\ntake {first}\n"

_README = '''\
# {title}

A game for [cardshell](https://pypi.org/project/cardshell/), written
against plugin contract 2.

```sh
pip install -e '.[test]'
cardshell            # then: play {name}
pytest               # rules, contract check, golden test
```

`tests/test_play.cardshell` is a golden test: a script whose expected output
is in `tests/test_play.cardshell.out`; after changing the game, rewrite the
expected files with `pytest --cardshell-update-golden` and read the diff.
'''


def write_plugin(name: str, parent: Path) -> Path:
    """Write the distribution ``parent/NAME`` for a new game ``NAME``.

    Args:
        name (str): the game id and entry-point name (see the module's bounds).
        parent (Path): the folder to write it in.

    Returns:
        Path: the new distribution's folder.

    Raises:
        UsageError: a name outside the bounds.
        CommandError: the folder exists already, or cannot be written.
    """
    from cardshell.version import __version__

    if not _NAME.fullmatch(name) or name.endswith("-"):
        raise UsageError("a plugin name is 1 to 40 lower-case letters, digits and dashes, starting with a letter")
    target = parent / name
    if target.exists():
        raise CommandError(f"{target} exists already; choose another name or folder")
    module = "cardshell_" + name.replace("-", "_")
    title = name.replace("-", " ").title()
    fill = {"name": name, "module": module, "title": title, "version": __version__}
    package, tests = target / module, target / "tests"
    try:
        package.mkdir(parents=True)
        tests.mkdir()
        (target / "pyproject.toml").write_text(_PYPROJECT.format(**fill), encoding="utf-8")
        (target / "README.md").write_text(_README.format(**fill), encoding="utf-8")
        (package / "__init__.py").write_text(f'"""{title}: a game for cardshell."""\n', encoding="utf-8")
        (package / "rules.py").write_text(_RULES.format(**fill), encoding="utf-8")
        (package / "plugin.py").write_text(_PLUGIN.format(**fill), encoding="utf-8")
        (tests / f"test_{module}.py").write_text(_TEST.format(**fill), encoding="utf-8")
        sys.path.insert(0, str(target))
        try:  # the golden files: what the game prints, by running it
            rules = importlib.import_module(f"{module}.rules")
            first = rules.legal_moves(rules.new(4))[0].split()[1]
            script = _GOLDEN.format(name=name, first=first)
            golden = tests / "test_play.cardshell"
            golden.write_text(script, encoding="utf-8")
            output, errors, status = _run_golden(script, f"{module}.plugin", golden.name)
        finally:
            sys.path.remove(str(target))
            for loaded in [m for m in sys.modules if m == module or m.startswith(module + ".")]:
                del sys.modules[loaded]
        (tests / "test_play.cardshell.out").write_text(output, encoding="utf-8")
        if errors:
            (tests / "test_play.cardshell.err").write_text(errors, encoding="utf-8")
        if status:
            (tests / "test_play.cardshell.status").write_text(f"{status}\n", encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target


def _run_golden(script: str, module: str, source: str) -> tuple[str, str, int]:
    """Run a golden script as the golden test will (``cardshell.testing``),
    without importing pytest, which a player's cardshell may not have.

    Returns:
        tuple[str, str, int]: standard output, standard error, exit status.
    """
    from cardshell.script import run_script
    from cardshell.shell import Shell

    with tempfile.TemporaryDirectory(prefix="cardshell-new-plugin-") as data:
        shell = Shell.create(plugins=[], seed=0, extra_modules=[module], data_dir=data)
        out, err = io.StringIO(), io.StringIO()
        for failure in shell.failures:
            err.write(f"cardshell: warning: plugin {failure.describe()}\n")
        status = run_script(shell, io.StringIO(script, newline=None).readlines(), source, out, err, echo=True)
    return out.getvalue(), err.getvalue(), status


class ScaffoldCommands:
    """The plugin object registering ``new-plugin``.

    Args:
        shell (Host): the shell (unused; kept for the default plugins' shape).
    """

    def __init__(self, shell: Host) -> None:
        self.shell = shell

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """Register ``new-plugin NAME``."""
        return [Command("new-plugin", "write a new game plugin distribution to start from", self.new_plugin,
                        usage="new-plugin NAME",
                        help="Write the folder NAME in the current directory: a pip-installable\n"
                             "distribution with a small game (contract 2), its entry point, a golden\n"
                             "test and a property test with the contract check.\n"
                             "Then: pip install ./NAME && pytest NAME",
                        parse=_one_name, changes_state=False)]

    def new_plugin(self, ctx: CommandContext, name: str) -> None:
        """``new-plugin NAME``: write the distribution and say what to do next."""
        target = write_plugin(name, Path.cwd())
        ctx.echo(f"Wrote {target}. Next: pip install './{name}[test]' && pytest {name}")


def _one_name(text: str) -> str:
    words = text.split()
    if len(words) != 1:
        raise UsageError("new-plugin takes one name, e.g. 'new-plugin demo'")
    return words[0]
