"""``new-plugin NAME``: write a working, tested plugin distribution to start from.

The folder ``NAME/`` is a pip-installable distribution of a small contract-2
game (Golf, as docs/tutorial.md walks through it), its rules page
(``RULES.md``, shipped as package data), its tests and a golden
test recorded by running it, from the templates in
``cardshell/templates/new-plugin`` filled by :class:`string.Template`.  A
name already used by a distribution, package, entry point or game is
refused, and the files appear all at once or not at all.  NAME is 1 to 40
lower-case letters, digits and dashes, starting with a letter.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Collection, Iterator
from importlib import resources
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING

from cardshell.discovery import installed_metadata
from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import hookimpl
from cardshell.messages import HostMessage, say
from cardshell.records import Command, CommandContext
from cardshell.render import Text
from cardshell.version import __version__

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.host import Host

#: The plugin name these commands are registered under.
PLUGIN_NAME = "cardshell.scaffold"

#: The entry-point group cardshell finds plugins in.
GROUP = "cardshell"

#: The deal the generated golden test plays (its first legal move is a ``take``).
GOLDEN_SEED = 2

_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")
#: Where the templates of a new plugin's files are, in cardshell's package
#: data (:class:`string.Template` text: ``$name``, ``$title``, ``$module``,
#: ``$dist``, ``$version``).
TEMPLATES = ("templates", "new-plugin")

#: Each file of a new plugin: its template, and where it goes in the
#: distribution's folder (``$module`` is the import package).
FILES = (
    ("pyproject.toml.tmpl", "pyproject.toml"),
    ("README.md.tmpl", "README.md"),
    ("RULES.md.tmpl", "$module/RULES.md"),
    ("__init__.py.tmpl", "$module/__init__.py"),
    ("rules.py.tmpl", "$module/rules.py"),
    ("plugin.py.tmpl", "$module/plugin.py"),
    ("test_game.py.tmpl", "tests/test_$module.py"),
)

#: The golden script's template, filled once the game is written (``$first``:
#: its first legal move on deal ``$seed``), and where it goes.
GOLDEN = ("test_play.cardshell.tmpl", "tests/test_play.cardshell")


def template(name: str) -> Template:
    """The template ``name`` (one of :data:`FILES` or :data:`GOLDEN`) from cardshell's package data.

    Raises:
        FileNotFoundError: no such template (an installation without its package data).
    """
    folder = resources.files("cardshell")
    for part in TEMPLATES:
        folder = folder / part
    return Template((folder / name).read_text(encoding="utf-8"))


def names(name: str) -> dict[str, str]:
    """What plugin NAME (``"my-game"``) is called in each place: ``name``, ``dist``
    (``cardshell-my-game``), ``module`` (``cardshell_my_game``), ``title``
    (``My Game``); :class:`UsageError` for a name outside the bounds.
    """
    if not _NAME.fullmatch(name) or name.endswith("-"):
        raise UsageError(say("new-plugin.bad-name"))
    return {"name": name, "dist": f"cardshell-{name}", "module": "cardshell_" + name.replace("-", "_"),
            "title": name.replace("-", " ").title()}


def taken(name: str, games: Collection[str] = ()) -> list[HostMessage]:
    """One phrase per installed distribution, importable package, ``cardshell``
    entry point or game in ``games`` already using a name NAME would install;
    found without importing anything.
    """
    called = names(name)
    found: list[HostMessage] = []
    metadata = installed_metadata()
    for dist_name in dict.fromkeys([called["dist"], name]):
        with contextlib.suppress(metadata.PackageNotFoundError):
            dist = metadata.distribution(dist_name)
            found.append(say("new-plugin.distribution-installed", dist=repr(dist.metadata["Name"]),
                             version=dist.version))
    for module in dict.fromkeys([called["module"], name.replace("-", "_")]):
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):  # a module whose import system fails to look
            spec = None
        if spec is not None:
            found.append(say("new-plugin.package-installed" if spec.submodule_search_locations is not None
                             else "new-plugin.module-installed", module=repr(module), where=_where(module, spec)))
    for entry in metadata.entry_points(group=GROUP):
        if entry.name == name:
            owner = entry.dist.metadata["Name"] if entry.dist is not None else say("new-plugin.unknown-owner")
            found.append(say("new-plugin.entry-point-installed", name=repr(name), group=repr(GROUP), owner=owner))
    if name in games:
        found.append(say("new-plugin.game-registered", name=repr(name)))
    return list(dict.fromkeys(found))


def _where(module: str, spec: importlib.machinery.ModuleSpec) -> Text:
    owners = installed_metadata().packages_distributions().get(module, [])
    if "cardshell" in owners:
        return say("new-plugin.where-cardshell") if module == "cardshell" else say("new-plugin.where-built-in")
    if owners:
        return say("new-plugin.where-distribution", dists=", ".join(sorted(owners)))
    if spec.origin in (None, "built-in", "frozen"):
        return say("new-plugin.where-python")
    path = Path(spec.origin or "").resolve()
    if path.is_relative_to(Path(os.__file__).resolve().parent) and "site-packages" not in path.parts:
        return say("new-plugin.where-stdlib")
    return str(path.parent if path.name == "__init__.py" else path)


def write_plugin(name: str, parent: Path, *, games: Collection[str] = ()) -> Path:
    """Write the distribution ``parent/NAME`` for a new game ``NAME``, all or
    nothing; ``games`` are the ids already registered.  Returns its folder.

    Raises:
        UsageError: a name outside the bounds.
        CommandError: the name is taken (saying by what), the folder exists, or
            it cannot be written (nothing is left behind).
    """
    fill = dict(names(name), version=__version__)
    clashes = taken(name, games)
    if clashes:
        listed = clashes[0]
        for clash in clashes[1:]:
            listed = say("new-plugin.clashes", clashes=listed, clash=clash)
        raise CommandError(say("new-plugin.taken", name=repr(name), clashes=listed))
    target = parent / name
    if target.exists():
        raise CommandError(say("new-plugin.exists", folder=target))
    try:
        with _staging(parent, name) as staging:
            _write_files(staging, fill)
            os.rename(staging, target)  # one step: the folder appears complete or not at all
    except OSError as exc:
        raise CommandError(say("new-plugin.cannot-write", folder=target, reason=exc.strerror or exc)) from None
    return target


@contextlib.contextmanager
def _staging(parent: Path, name: str) -> Iterator[Path]:
    """A new temporary folder in ``parent``, removed on the way out unless it was renamed."""
    staging = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=".new-plugin", dir=parent))
    try:
        mask = os.umask(0o022)
        os.umask(mask)
        staging.chmod(0o777 & ~mask)
        yield staging
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # gone already after the rename


def _write_files(root: Path, fill: dict[str, str]) -> None:
    """Write every file of the distribution under ``root``, then its golden files."""
    module = fill["module"]
    for name, where in FILES:
        path = root / Template(where).substitute(fill)
        path.parent.mkdir(exist_ok=True)
        path.write_text(template(name).substitute(fill), encoding="utf-8")
    sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    try:
        rules = importlib.import_module(f"{module}.rules")
        first = rules.legal_moves(rules.new(GOLDEN_SEED))[0]
        script = template(GOLDEN[0]).substitute(fill, first=first, seed=str(GOLDEN_SEED))
        golden = root / GOLDEN[1]
        golden.write_text(script, encoding="utf-8")
        output, errors, status = _run_golden(script, f"{module}.plugin", golden.name, root)
    finally:
        sys.path.remove(str(root))
        for loaded in [m for m in sys.modules if m == module or m.startswith(module + ".")]:
            del sys.modules[loaded]
    (golden.parent / f"{golden.name}.out").write_text(output, encoding="utf-8")
    if errors:
        (golden.parent / f"{golden.name}.err").write_text(errors, encoding="utf-8")
    if status:
        (golden.parent / f"{golden.name}.status").write_text(f"{status}\n", encoding="utf-8")


def _run_golden(script: str, module: str, source: str, root: Path) -> tuple[str, str, int]:
    """Run a golden script as its test will, in a fresh interpreter with only this
    plugin: (stdout, stderr, exit status); :class:`CommandError` past :data:`GOLDEN_SECONDS`.
    """
    with tempfile.TemporaryDirectory(prefix="cardshell-new-plugin-") as data:
        folder = Path(data) / "tests"
        folder.mkdir()
        (folder / source).write_text(script, encoding="utf-8")
        env = {**os.environ, "CARDSHELL_LOAD_PLUGINS": "", "CARDSHELL_DATA_DIR": data,
               "CARDSHELL_CACHE_DIR": data, "PYTHONPATH": os.pathsep.join(
                   filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
        try:
            done = subprocess.run([sys.executable, "-m", "cardshell", "--echo", "--seed", "0", "--plugin", module,
                                   source], cwd=folder, env=env, capture_output=True, text=True,
                                  timeout=GOLDEN_SECONDS, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise CommandError(say("new-plugin.too-slow", seconds=GOLDEN_SECONDS)) from None
    return done.stdout, done.stderr, done.returncode


#: The most seconds the new game's first run (its golden output) may take.
GOLDEN_SECONDS = 60


def next_steps(target: Path, name: str, python: str | None = None) -> HostMessage:
    """What to type next (``new-plugin.next-steps``), with ``python`` (default
    ``sys.executable``): an editable install, the game, its tests; paths
    relative to the current directory where below it.
    """
    python = shlex.quote(python or sys.executable or "python3")
    try:
        shown = "./" + target.relative_to(Path.cwd()).as_posix()
    except ValueError:
        shown = str(target)
    return say("new-plugin.next-steps", python=python, install=shlex.quote(shown + "[test]"), name=name,
               folder=shlex.quote(shown))


class ScaffoldCommands:
    """The plugin object registering ``new-plugin``; ``shell`` knows the games a new name must not clash with."""

    def __init__(self, shell: Host) -> None:
        self.shell = shell

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """Register ``new-plugin NAME``."""
        return [Command("new-plugin", "write a new game plugin distribution to start from", self.new_plugin,
                        usage="new-plugin NAME",
                        help="Write the folder NAME in the current directory: a pip-installable\n"
                             "distribution with a small card game (plugin contract 2), its entry\n"
                             "point, its tests and a golden test (docs/tutorial.md walks through it).\n"
                             "A NAME already used by a distribution, package, entry point or game is\n"
                             "refused. Then: python -m pip install -e './NAME[test]' && python -m pytest NAME",
                        parse=_one_name, changes_state=False)]

    def new_plugin(self, ctx: CommandContext, name: str) -> None:
        """``new-plugin NAME``: write the distribution and say what to do next."""
        games = list(self.shell.registry.listing())
        target = write_plugin(name, Path.cwd(), games=games)
        called = names(name)
        ctx.echo(say("new-plugin.wrote", folder=target, name=repr(name), dist=called["dist"], module=called["module"],
                     next=next_steps(target, name)))


def _one_name(text: str) -> str:
    words = text.split()
    if len(words) != 1:
        raise UsageError(say("new-plugin.one-name"))
    return words[0]
