"""pytest helpers for plugin authors: the importable library.

Running scripts in process (:func:`run_cardshell`, :class:`ScriptResult`),
shells to drive line by line (:func:`new_shell`) with what Tab would offer
(:func:`completions`), checking the host's promises line by line
(:func:`execute_checked`), a game's rules and the host's search of it
without typing lines (:func:`game_rules`, :class:`GameRules`,
:func:`random_walk`, :func:`replays_to_a_win`), a game's fast paths for
search checked against the plain search (:func:`check_search`), showing
differences (:func:`visible_lines`, :func:`text_diff`) and reading golden scripts
(:func:`parse_header`, :class:`GoldenOptions`; these live in
:mod:`cardshell.golden` and are re-exported here).  This module does not
import pytest or the shell (they are imported when first used) and never
changes the working directory, so any program may use it.

The pytest plugin built on it is :mod:`cardshell.pytest_plugin`, registered
through cardshell's ``pytest11`` entry point: any test suite run in an
environment where cardshell is installed gets it, with nothing to
configure.  Its names (``cardshell_script``, ``GoldenItem`` ...) stay
importable from here, loaded when first used.  It provides:

``cardshell_script`` (fixture)
    ``cardshell_script(script, plugins=..., seed=0, echo=False, ...)`` runs a
    script of commands against a fresh shell, in process, exactly as
    ``cardshell --seed 0 FILE`` would, and returns a :class:`ScriptResult`
    (``output``, ``errors``, ``status``, ``messages``, and the ``shell`` for
    looking at game states).  :func:`run_cardshell` is the same without
    pytest (and without the ini option: its ``plugins`` default is every
    installed plugin).

``cardshell_shell`` (fixture)
    ``cardshell_shell(plugins=..., seed=0, ...)`` builds a fresh shell (see
    :func:`new_shell`) to drive line by line with ``shell.execute(line)`` or
    :func:`execute_checked`, e.g. from hypothesis.

    Both fixtures are session-scoped factories: every call gives a new shell
    with a new empty data directory, so they may be used in a hypothesis
    ``@given`` test (whose health check refuses function-scoped fixtures),
    and each example starts afresh.

Golden tests (collected files)
    Every file named ``test_*.cardshell`` in a directory pytest collects is
    one test: the script is run as above and its standard output, standard
    error and exit status are compared *exactly* with the files beside it:

    ==========================  =============================================
    ``test_NAME.cardshell``     the script (blank lines and ``#`` comments
                                are skipped, as in any cardshell script)
    ``test_NAME.cardshell.out`` the exact standard output (required: a
                                missing one fails the test)
    ``test_NAME.cardshell.err`` the exact standard error (if absent: must be
                                empty)
    ``test_NAME.cardshell.status``  the exit status (if absent: must be 0)
    ==========================  =============================================

    Comment lines ``# cardshell: OPTIONS`` at the top of the script set the
    run's options, with the CLI's spelling: ``--seed N`` (default 0),
    ``--echo`` (the output is a transcript: prompt and command before each
    command's output), ``--stop-on-error``, ``--plugins a,b`` (the plugins
    to load, like ``CARDSHELL_LOAD_PLUGINS``; ``--plugins ""`` loads none),
    ``--plugin MODULE_OR_FILE.py`` (one more plugin, repeatable; a relative
    ``.py`` path is taken from the script's directory) and
    ``--disable-plugin NAME``.  Errors are reported with the script's file
    name (``test_NAME.cardshell:3: message``), so the expected files are
    exactly what ``cardshell --seed N [--echo] test_NAME.cardshell`` prints
    when run in the script's directory (with ``CARDSHELL_LOAD_PLUGINS`` set
    as ``--plugins`` says, and a new empty ``--data-dir``); a failing test
    prints that command.  Each run gets a new empty data directory, so saves
    and statistics never leak between tests or from the player's own.

    A mismatch fails with a unified diff in which invisible characters are
    shown: ``·`` for a trailing space, ``\\t`` for a tab, ``\\r`` for a
    carriage return, ``\\xNN``/``\\uNNNN`` for other unprintable characters,
    and ``[no newline at end]`` after a last line without its newline.

``--cardshell-update-golden`` (command-line option)
    (Re)writes the expected files of the golden tests that run from their
    actual results instead of comparing (``.err`` and ``.status`` are
    written only when not empty / not 0, and removed otherwise).  Never the
    default: review the written files before committing them.

``cardshell_plugins`` (ini option)
    The default plugins (comma list) for the fixture and the golden tests,
    e.g. ``cardshell_plugins = "higher-lower"`` in ``[tool.pytest.ini_options]``;
    unset means every installed plugin (subject to
    ``CARDSHELL_LOAD_PLUGINS``).  Naming your own plugins keeps other
    installed plugins from changing your expected output.
"""

from __future__ import annotations

import copy
import io
import os
import random
import sys
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from cardshell.golden import (  # the golden scripts' part of the kit, importable from here too
    DEFAULT_SEED,
    GOLDEN_SUFFIX,
    HEADER_PREFIX,
    LEGEND,
    STRICT_OPTION,
    UPDATE_OPTION,
    GoldenError,
    GoldenMismatch,
    GoldenOptions,
    Item,
    _read,
    compare,
    exact_item,
    items_of,
    parse_header,
    parts_wordings,
    text_diff,
    visible_lines,
)
from cardshell.messages import CATALOG, HostText, say
from cardshell.records import Budget, Outcome, Search, Verdict
from cardshell.reply import GAME, HOST, INPUT, Part, Reply, joined, part
from cardshell.script import CONTINUATION, PlainWriter, run_script

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.ruleset import RuleSet
    from cardshell.shell import Shell

__all__ = ["CHECK_BUDGET", "DEFAULT_SEED", "GOLDEN_SUFFIX", "HEADER_PREFIX", "LEGEND", "STRICT_OPTION",
           "UPDATE_OPTION", "GameRules", "GoldenCheck", "GoldenError", "GoldenMismatch", "GoldenOptions",
           "ScriptResult", "SearchCheck", "check_golden", "check_search", "completions", "execute_checked",
           "game_rules", "new_shell", "parse_header", "random_walk", "replays_to_a_win", "run_cardshell",
           "run_golden", "text_diff", "visible_lines"]

#: The pytest plugin's names, importable from here (see :func:`__getattr__`).
_PLUGIN_NAMES = frozenset({"cardshell_script", "cardshell_shell", "GoldenFile", "GoldenItem", "pytest_addoption",
                           "pytest_collect_file", "pytest_terminal_summary"})


def __getattr__(name: str) -> Any:
    """The pytest plugin's names (``cardshell_script``, ``GoldenItem`` ...),
    imported from :mod:`cardshell.pytest_plugin` when first asked for, so
    that this library never imports pytest itself.

    Raises:
        AttributeError: for any other name.
    """
    if name in _PLUGIN_NAMES:
        from cardshell import pytest_plugin

        return getattr(pytest_plugin, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- running scripts ----------------------------------------------------------
@dataclass
class ScriptResult:
    """What running a script of commands printed, as the CLI would.

    To assert a game's own words, use :attr:`game_lines`; to assert what
    the host said, use :meth:`host` (its messages by id and arguments,
    docs/messages.md): both stay true when a later release rewords or adds
    a host line.  :attr:`output`, :attr:`lines` and :attr:`messages` hold
    the text exactly as printed, host wording included.

    Attributes:
        output: standard output: every accepted command's output (and,
            with ``echo``, the prompts and commands), each ending with a newline.
        errors: standard error: one ``SOURCE:LINE: message`` report per
            rejected command, further lines of a message indented by two
            spaces (plugin load failures and warnings first, as
            ``cardshell: warning: ...``).
        status: the exit status: 0 if every command was accepted, 1 if
            some command was rejected.
        shell (Shell): the shell after the script, e.g.
            ``result.shell.current.state`` for the current game's state.
        source: the name used in error reports.
        parts: every part printed, as (``"out"`` or ``"err"``, part), in
            order (:class:`cardshell.reply.Part`: its text, origin, and for
            the host's its message id and arguments).
        out_items: standard output as a golden test compares it
            (:func:`cardshell.golden.compare`).
        err_items: standard error likewise.
    """

    output: str
    errors: str
    status: int
    shell: Shell
    source: str = "<stdin>"
    parts: list[tuple[str, Part]] = field(default_factory=list)
    out_items: list[Item] = field(default_factory=list)
    err_items: list[Item] = field(default_factory=list)

    @property
    def messages(self) -> list[str]:
        """The messages of the rejected commands (and warnings), without their ``SOURCE:LINE: ``.

        One entry per report: a multi-line message's indented continuation
        lines are joined back to its first line with newlines
        (``"Error in option: F 9\\nInvalid option.\\n..."``).
        """
        prefix = f"{self.source}:"
        found: list[str] = []
        for line in self.errors.splitlines():
            if line.startswith(prefix):
                _, _, rest = line[len(prefix):].partition(": ")
                found.append(rest)
            elif found and line.startswith("  "):
                found[-1] += "\n" + line[2:]
        return found

    @property
    def lines(self) -> list[str]:
        """The output's lines, without the host's notes: a game's ending and
        the other lines the host adds around a game's output on its own
        (messages of kind ``note``, docs/messages.md), so that a release
        that adds one never moves a game's line.  :attr:`output` holds every
        line as printed; ``result.host("game.ending")`` reads an ending."""
        out = [piece for stream, piece in self.parts if stream == "out"]
        if joined(out) != self.output.removesuffix("\n"):  # fitted to a screen: parts and text differ
            return self.output.splitlines()
        return joined([piece for piece in out if piece.kind != "note"]).splitlines()

    @property
    def game_lines(self) -> list[str]:
        """The lines of standard output the games wrote (their displays and
        what their commands echoed), in order, without any line of the host."""
        return [line for stream, piece in self.parts if stream == "out" and piece.origin == GAME
                for line in piece.text.split("\n")]

    @property
    def game_errors(self) -> list[str]:
        """The messages of rejected commands written by the games (their
        :class:`~cardshell.errors.CommandError` texts), in order."""
        return [str(piece.text) for stream, piece in self.parts
                if stream == "err" and piece.origin == GAME and piece.kind == "error"]

    def host(self, message_id: str) -> list[dict[str, str]]:
        """The arguments of every host message ``message_id`` printed (on
        either stream), in order: ``result.host("game.over")`` ->
        ``[{"what": "Aces Up is over", "result": "won", ...}]``.

        Args:
            message_id: an id of the catalog (docs/messages.md).

        Raises:
            KeyError: ``message_id`` is not in the catalog.
        """
        if message_id not in CATALOG:
            raise KeyError(f"no host message {message_id!r}: see docs/messages.md")
        found = []
        for _, piece in self.parts:
            found += _messages_in(piece.text, message_id)
        return found


def _messages_in(text: str, message_id: str) -> list[dict[str, str]]:
    """The arguments of the host messages ``message_id`` in ``text``, itself
    or nested in its arguments."""
    if not isinstance(text, HostText):
        return []
    found = [text.plain_args()] if text.message_id == message_id else []
    for value in text.args.values():
        found += _messages_in(value, message_id)
    return found


class RecordingWriter(PlainWriter):
    """The script front end's plain text, as :class:`cardshell.script.PlainWriter`
    writes it, and the same results kept as parts and golden items."""

    def __init__(self, out: TextIO, err: TextIO, source: str) -> None:
        super().__init__(out, err, source)
        self.parts: list[tuple[str, Part]] = []
        self.out_items: list[Item] = []
        self.err_items: list[Item] = []

    def before(self, warnings: Sequence[str]) -> None:
        super().before(warnings)
        for warning in warnings:
            self.parts.append(("err", part(warning, HOST, "warning")))
            self.err_items.append(Item(warning + "\n", _wordings(warning, "\n"), True))

    def echo(self, number: int, prompt: str, line: str) -> None:
        super().echo(number, prompt, line)
        self.parts += [("out", part(prompt, HOST, "echo")), ("out", Part(line, INPUT, "echo", inline=True))]
        wordings = tuple(f"{wording}{line}\n" for wording in part(prompt, HOST).wordings())
        self.out_items.append(Item(wordings[0], wordings, False))

    def refused(self, number: int, message: str) -> None:
        super().refused(number, message)
        self.parts.append(("err", part(message, HOST, "error")))
        self.err_items.append(self._report_item(number, [part(message, HOST, "error")], optional=False))

    def reply(self, number: int, line: str, reply: Reply) -> None:
        super().reply(number, line, reply)
        parts = reply.output_as_parts()
        self.parts += [("out", piece) for piece in parts]
        if reply.output:
            self.out_items += items_of(parts) if joined(parts) == reply.output else [exact_item(reply.output + "\n")]
        for warning in reply.warnings:
            piece = part(say("script.warning", warning=warning), HOST, "warning")
            self.parts.append(("err", part(warning, HOST, "warning")))
            self.err_items.append(self._report_item(number, [piece], optional=True))
        if not reply.ok:
            error = reply.error_as_parts()
            self.parts += [("err", piece) for piece in error]
            if joined(error) != (reply.error or ""):
                error = [Part(reply.error or "", HOST, "error")]
            self.err_items.append(self._report_item(number, error, optional=False))

    def closed(self, notes: Sequence[str]) -> None:
        super().closed(notes)
        for note in notes:
            self.parts.append(("out", part(note, HOST, "note")))
            self.out_items.append(Item(note + "\n", _wordings(note, "\n"), True))

    def _report_item(self, number: int, parts: list[Part], *, optional: bool) -> Item:
        """The golden item of one ``SOURCE:LINE: message`` report: the
        message in each of its wordings, inside each wording the report
        itself (``script.report``) has had."""
        wordings: dict[str, None] = {}
        for text in parts_wordings(parts):
            first, *rest = text.splitlines() or [""]
            tail = "".join(f"{CONTINUATION}{line}\n" for line in rest)
            for head in say("script.report", source=self.source, number=number, message=first).wordings():
                wordings.setdefault(f"{head}\n{tail}", None)
        found = tuple(wordings)
        return Item(found[0], found, optional)


def _wordings(text: str, end: str) -> tuple[str, ...]:
    return tuple(wording + end for wording in part(text, HOST).wordings())


def _script_lines(script: str | Path | Iterable[str]) -> list[str]:
    """The lines of a script, split as the CLI reads a file or stdin
    (universal newlines: ``\n``, ``\r\n`` and ``\r`` end a line)."""
    if isinstance(script, Path):
        script = script.read_bytes().decode("utf-8")
    if isinstance(script, str):
        return io.StringIO(script, newline=None).readlines()
    return list(script)


def new_shell(
    plugins: Iterable[str] | None = None,
    *,
    seed: int | None = DEFAULT_SEED,
    modules: Iterable[str] = (),
    disabled: Iterable[str] = (),
    data_dir: str | os.PathLike[str] | None = None,
    interactive: bool = False,
    autosave: bool | None = None,
) -> Shell:
    """A fresh shell for a test, as ``cardshell --seed SEED`` builds it for a script.

    Args:
        plugins, seed, modules, disabled: as in :func:`run_cardshell`.
        data_dir: the data directory; None makes a new empty temporary one.
        interactive: the shell of a person at a terminal rather than a
            script's (what a plugin's hooks see as ``interactive``, e.g.
            statistics that count a terminal's games apart); nothing is
            read from or drawn on a terminal either way.
        autosave: save the games in progress when the shell closes, and
            offer them at the next start; None: as the CLI does, only
            when ``interactive``.

    Returns:
        cardshell.shell.Shell: ready for ``shell.execute(line)``, which
        returns a :class:`cardshell.shell.Reply` (``ok``, ``output``,
        ``error``, ``warnings``); ``shell.current`` is the game being played
        (``state``, ``outcome``, ``moves``).  Plugins that failed are listed
        in ``shell.failures``, never raised.
    """
    from cardshell.shell import Shell  # imported late: pytest loads this plugin everywhere

    if data_dir is None:
        data_dir = tempfile.mkdtemp(prefix="cardshell-test-")
    return Shell.create(plugins=None if plugins is None else list(plugins), seed=seed,
                        disabled=list(disabled), extra_modules=list(modules), data_dir=data_dir,
                        interactive=interactive, autosave=autosave)


def run_cardshell(
    script: str | Path | Iterable[str],
    *,
    plugins: Iterable[str] | None = None,
    seed: int | None = DEFAULT_SEED,
    echo: bool = False,
    stop_on_error: bool = False,
    modules: Iterable[str] = (),
    disabled: Iterable[str] = (),
    source: str | None = None,
    data_dir: str | os.PathLike[str] | None = None,
) -> ScriptResult:
    """Run a script of commands against a fresh shell, in process.

    Equivalent to ``CARDSHELL_LOAD_PLUGINS=PLUGINS cardshell --seed SEED
    [--echo] [--stop-on-error] [--plugin M ...] [--disable-plugin N ...]``
    with the script on standard input (or as FILE for a :class:`Path`).

    Args:
        script (str | Path | Iterable[str]): the commands: a text of lines,
            a file to read, or the lines themselves.
        plugins (Iterable[str] | None): the plugins to load (entry-point or
            distribution names); ``[]`` loads none (the host's commands
            remain); None loads every installed one.
        seed (int | None): the session seed (games started without
            ``--seed`` get seeds drawn from it); None draws from the
            operating system (not reproducible).
        echo (bool): print the prompt and command before each command's output.
        stop_on_error (bool): stop at the first rejected command.
        modules (Iterable[str]): extra plugin modules or ``.py`` files
            (``--plugin``), e.g. a plugin you are developing.
        disabled (Iterable[str]): plugin names not to load.
        source (str | None): the name in error reports; defaults to the
            file's name for a :class:`Path`, else ``<stdin>``.
        data_dir (str | PathLike | None): the data directory (saves,
            statistics); None makes a new empty temporary one, so that a
            test never reads or writes the player's own files.

    Returns:
        ScriptResult: output, errors, exit status and the shell.
    """

    if source is None:
        source = script.name if isinstance(script, Path) else "<stdin>"
    lines = _script_lines(script)
    shell = new_shell(plugins, seed=seed, modules=modules, disabled=disabled, data_dir=data_dir)
    out, err = io.StringIO(), io.StringIO()
    writer = RecordingWriter(out, err, source)
    warnings = [say("cli.plugin-failed", failure=failure.describe()) for failure in shell.failures]  # as cli does
    status = run_script(shell, lines, source, out, err, echo=echo, stop_on_error=stop_on_error, warnings=warnings,
                        writer=writer)
    return ScriptResult(out.getvalue(), err.getvalue(), status, shell, source, writer.parts, writer.out_items,
                        writer.err_items)




# -- golden tests ---------------------------------------------------------------
def _search_beside(directory: Path, modules: Iterable[str]) -> None:
    """Make ``--plugin MODULE`` names of a golden header importable from the
    script's directory, as ``cd DIR && cardshell --plugin MODULE`` finds
    them (the console script searches the current directory), without
    changing the working directory: the directory is appended to
    ``sys.path`` when it holds one of the modules (``MODULE.py`` or a
    package ``MODULE/``).

    Args:
        directory: the golden script's directory.
        modules: the header's ``--plugin`` values (paths of ``.py`` files
            are left to :func:`cardshell.discovery.import_extra`).
    """
    for module in modules:
        if module.endswith(".py"):
            continue
        top = module.partition(".")[0]
        if ((directory / f"{top}.py").is_file() or (directory / top).is_dir()) and str(directory) not in sys.path:
            sys.path.append(str(directory))


def run_golden(path: Path, *, plugins: Iterable[str] | None = None) -> tuple[ScriptResult, GoldenOptions]:
    """Run a golden script (``test_*.cardshell``) as its golden test does:
    its header's options, a new empty data directory.

    Args:
        path: the script.
        plugins: the plugins to load when its header names none (the ini
            option ``cardshell_plugins``); None: every installed one.

    Returns:
        tuple[ScriptResult, GoldenOptions]: what it printed, and its options.

    Raises:
        GoldenError: a bad header.
    """
    lines = _script_lines(path)
    options = parse_header(lines)
    if options.plugins is None and plugins is not None:
        options.plugins = list(plugins)
    modules = [m if not m.endswith(".py") else str(path.parent / m) for m in options.modules or ()]
    _search_beside(path.parent, modules)
    with tempfile.TemporaryDirectory(prefix="cardshell-golden-") as data:
        result = run_cardshell(lines, plugins=options.plugins, seed=options.seed, echo=options.echo,
                               stop_on_error=options.stop_on_error, modules=modules,
                               disabled=options.disabled or (), source=path.name, data_dir=data)
    return result, options


@dataclass
class GoldenCheck:
    """The verdict of one golden test.

    Attributes:
        result: what the script printed.
        options: its header's options.
        problems: each difference found, as a report (empty: the test passes).
        host_lines: host lines of the expected files in a wording of another
            release (or missing from them): they pass, and
            ``--cardshell-update-golden`` would refresh them.
    """

    result: ScriptResult
    options: GoldenOptions
    problems: list[str]
    host_lines: int = 0


def check_golden(path: Path, *, plugins: Iterable[str] | None = None, strict: bool = False) -> GoldenCheck:
    """Run a golden script and compare what it printed with its expected files.

    The game's lines compare exactly and in order; the host's by message id
    and arguments, in any wording the catalog has had for them, and host
    lines missing from the expected files are allowed
    (:func:`cardshell.golden.compare`); with ``strict``, every byte.

    Args:
        path: the script (``test_NAME.cardshell``; expected files beside it:
            ``.out``, required; ``.err`` and ``.status``, absent when empty or 0).
        plugins: as :func:`run_golden`.
        strict: compare byte for byte.

    Raises:
        GoldenError: a bad header, or a ``.status`` that holds no integer.
    """
    result, options = run_golden(path, plugins=plugins)
    problems = []
    host_lines = 0
    streams = [("out", "stdout", result.output, result.out_items), ("err", "stderr", result.errors, result.err_items)]
    for kind, name, actual, items in streams:
        expected_path = path.with_name(f"{path.name}.{kind}")
        expected = _read(expected_path)
        if expected is None and kind == "out":
            shown = "\n".join(f"  {line}" for line in visible_lines(actual)) or "  (empty)"
            problems.append(f"missing expected output file {expected_path.name}; the actual output was:\n{shown}")
            continue
        expected = expected or ""
        if strict:
            if expected != actual:
                problems.append(f"{name} differs:\n{text_diff(expected, actual, expected_path.name, name)}")
            continue
        verdict = compare(expected, items)
        if not verdict.ok:
            problems.append(f"{name} differs:\n{text_diff(expected, actual, expected_path.name, name)}\n"
                            f"first mismatch: {verdict.problem}")
        host_lines += verdict.host_lines
    status_path = path.with_name(f"{path.name}.status")
    status_text = _read(status_path)
    try:
        expected_status = int(status_text.strip()) if status_text is not None else 0
    except ValueError:
        raise GoldenError(f"{status_path.name} must hold an integer, got {status_text!r}") from None
    if expected_status != result.status:
        problems.append(f"exit status differs: expected {expected_status}, got {result.status}")
    return GoldenCheck(result, options, problems, host_lines)


# -- the host's promises, line by line ------------------------------------------
def execute_checked(shell: Any, line: str, *, plugin_bugs_allowed: bool = False) -> Any:
    """Run one line and assert what the host promises every game.

    For property tests (hypothesis) that feed random lines to a game: the
    line never raises out of ``execute``; a rejected line carries a message
    and leaves every game in progress (not only the current one), and which
    game is current, exactly as they were.

    Args:
        shell (cardshell.shell.Shell): the shell to run the line in.
        line (str): one input line, valid or not.
        plugin_bugs_allowed (bool): accept ``internal error in plugin ...``
            rejections (for tests of a deliberately broken plugin); by
            default such a rejection fails the test, since it is a bug in
            the game.

    Returns:
        cardshell.shell.Reply: the reply, for further game-specific checks
        (``ok``, ``output``, ``error``, ``warnings``; see docs/howto/testing.md).

    Raises:
        AssertionError: when a promise is broken.
    """
    states = {gid: copy.deepcopy(session.state) for gid, session in shell.sessions.items()}
    current = shell.current.id if shell.current else None
    reply = shell.execute(line)
    if not reply.ok:
        assert reply.error, f"{line!r} was rejected without a message"
        assert plugin_bugs_allowed or not reply.error.startswith("internal error"), reply.error
        after = {gid: session.state for gid, session in shell.sessions.items()}
        assert after == states, f"rejected line {line!r} changed a game"
        assert (shell.current.id if shell.current else None) == current, f"rejected line {line!r} switched games"
    return reply


# -- completion ------------------------------------------------------------------
def completions(shell: Any, text: str) -> tuple[list[str], str]:
    """What Tab offers at the end of ``text`` in ``shell``, as at the
    terminal: the host's words and the current game's commands, the
    arguments its moves may take now (from its legal moves, or its
    commands' own completers) and option values.

    Args:
        shell (cardshell.shell.Shell): a shell from :func:`new_shell` (its
            current game is where completion looks).
        text: the line typed so far, up to the cursor (``"tt 2 "``).

    Returns:
        tuple[list[str], str]: the candidates (each once, in natural order:
        ``a2`` before ``a10``) and the partial word they would replace
        (``""`` after a space).
    """
    from cardshell.completion import candidates  # imported late: pytest loads this plugin everywhere

    return candidates(shell, text)


# -- a game's rules and its search, without a shell -------------------------------
class GameRules:
    """One game's rules as functions over its states, and the host's search
    of it, for tests that play and solve positions without typing them: a
    property test of a game's own solver, a check of its fast paths against
    the plain search.  Made by :func:`game_rules`.

    A line goes through the same parse, validators and handler (or the
    :class:`~cardshell.Move`'s ``check`` and ``apply``) as a typed one;
    states are never changed (a contract-1 game's handlers change copies).

    Attributes:
        game (cardshell.Game): the game as registered: its search part in
            ``game.search`` (a :class:`~cardshell.Search`, gathered from the
            deprecated flat fields if the plugin gave those).
    """

    def __init__(self, rules: RuleSet) -> None:
        self._rules = rules
        self.game = rules.game

    @property
    def search(self) -> Search:
        """The search part :meth:`solve` uses (the game's own, or the one
        given to :meth:`with_search`)."""
        return self._rules.search

    @property
    def warnings(self) -> list[str]:
        """What the host told of the plugin's answers it left out while
        these rules were used (a listed move its rules reject, a
        ``successors`` child they do not produce: ``plugin 'golf':
        successors gave 'take 9', which its rules reject; searched without
        successors``), each once."""
        return list(self._rules.warnings)

    def legal(self, state: Any) -> list[str]:
        """The game's legal moves in ``state``, as the lines a player types, in its order.

        Raises:
            cardshell.CommandError: the game does not list its legal moves.
        """
        return self._rules.legal(state)

    def play(self, state: Any, line: str) -> Any:
        """The state after the move ``line`` from ``state`` (which is left as it was).

        Raises:
            cardshell.CommandError: (a :class:`~cardshell.UsageError` for a
                line that does not parse) the line is not a legal move.
        """
        return self._rules.play(state, line)

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended in ``state``, or None while it is in play."""
        return self._rules.outcome(state)

    def solve(self, state: Any, budget: Budget | None = None) -> Verdict:
        """The host's search from ``state``, as ``solve`` runs it on a state
        that shows every card: the game's own :attr:`Search.solver
        <cardshell.Search.solver>` when it has one, else the generic
        depth-first search through :attr:`~cardshell.Search.successors` (or
        the legal moves, by :attr:`~cardshell.Search.heuristic`), keyed by
        :attr:`~cardshell.Search.key` and cut by
        :attr:`~cardshell.Search.prune`.

        Args:
            state: the position to search from.
            budget: seconds and positions; None: ``Budget()`` (10 seconds,
                200,000 positions).

        Returns:
            cardshell.Verdict: ``won`` with its line, ``no win`` (every
            position searched) or ``unknown`` (the budget ran out).

        Raises:
            cardshell.CommandError: a solver's ``won`` line does not win
                when replayed through the rules.
        """
        from cardshell.search import solve  # imported late: pytest loads this plugin everywhere

        return solve(self._rules, state, Budget() if budget is None else budget)

    def with_search(self, search: Search) -> GameRules:
        """The same rules searched with ``search`` instead of the game's own
        search part: ``Search()`` is the plain search (every legal line, the
        whole state as its key), to check a game's fast paths or its solver
        against."""
        return GameRules(self._rules.searched_with(search))


def game_rules(game_id: str, *, plugins: Iterable[str] | None = None, modules: Iterable[str] = ()) -> GameRules:
    """The rules of game ``game_id`` as registered by a fresh shell (:func:`new_shell`).

    Args:
        game_id: the game's id (``"aces-up"``).
        plugins: the plugins to load, as in :func:`run_cardshell` (None:
            every installed one); ``[game_id]`` is enough for a game whose
            plugin is named like it.
        modules: extra plugin modules or ``.py`` files (``--plugin``).

    Raises:
        KeyError: no game ``game_id`` is registered (a plugin that failed
            is named in the message).
    """
    shell = new_shell(plugins, modules=modules)
    if game_id not in shell.games:
        failed = "; ".join(failure.describe() for failure in shell.failures)
        raise KeyError(f"no game {game_id!r} is registered" + (f" (failed: {failed})" if failed else ""))
    return GameRules(shell.rules(game_id))


def random_walk(rules: GameRules, state: Any, seed: int, steps: int) -> Any:
    """The state after at most ``steps`` legal moves from ``state``, each
    chosen by ``random.Random(seed)`` among :meth:`GameRules.legal`; the
    walk stops early where no move is legal or the game is over.  The same
    arguments give the same state."""
    walker = random.Random(seed)
    for _ in range(steps):
        legal = rules.legal(state)
        if not legal or rules.outcome(state) is not None:
            break
        state = rules.play(state, walker.choice(legal))
    return state


def replays_to_a_win(rules: GameRules, state: Any, line: Iterable[str]) -> bool:
    """Whether the moves of ``line``, played in turn from ``state`` through
    the rules, end in a won game (a solver's winning line, say).

    Raises:
        cardshell.CommandError: a move of the line is not legal where it is played.
    """
    for move in line:
        state = rules.play(state, move)
    outcome = rules.outcome(state)
    return outcome is not None and outcome.result == "won"


# -- a game's fast paths for search -----------------------------------------------
#: The budget of each search :func:`check_search` makes: 60 seconds, a
#: million positions.
CHECK_BUDGET = Budget(seconds=60.0, nodes=1_000_000)

#: How many moves of a winning line an assertion message quotes.
_QUOTED_MOVES = 8


@dataclass(frozen=True)
class SearchCheck:
    """What :func:`check_search` found at one position.

    Attributes:
        position: ``deal 7`` (a seed) or ``state 2`` (the third of ``states``).
        plain: the verdict of the plain search (the game's fast paths left out).
        fast: the verdict of the search with the game's fast paths; its
            winning line, if any, replays to a win through the rules.
    """

    position: str
    plain: Verdict
    fast: Verdict


def check_search(game_id: str, deals: Iterable[int] = (), *, states: Iterable[Any] = (),
                 options: Mapping[str, Any] | None = None, budget: Budget = CHECK_BUDGET,
                 plugins: Iterable[str] | None = None, modules: Iterable[str] = ()) -> list[SearchCheck]:
    """Assert that a game's fast paths for search give the plain search's verdicts.

    The fast paths are the game's ``key``, ``successors``, ``prune`` and
    ``solver`` (given as ``Game(search=cardshell.Search(...))`` or as flat
    ``Game`` fields; docs/howto/search.md).  Each is a promise the host
    cannot verify as it searches (a ``no win`` that leaves out a winning
    line looks like any other), so this solves every position twice with
    the host's search (the engine of ``solve``, ``hint`` and winnability
    sweeps, on the true state): once plain (legal moves and the rules, the
    states themselves as keys, the game's ``heuristic`` kept: it only orders
    moves) and once as the game is registered.  It asserts, for each
    position:

    * the plain search gives a verdict (``won`` or ``no win``) within
      ``budget``: otherwise there is nothing to compare, and the message
      says to give a larger budget or a smaller position;
    * the fast paths give the same verdict, within the same budget;
    * the fast paths' winning line replays, move by move, through the
      rules (each move's ``check`` and ``apply``) to a won game;
    * no fast path answers wrongly on the way (a ``successors`` child its
      rules do not produce, a ``solver`` line they reject: the host's own
      checks, which would otherwise search on without the fast path).

    Args:
        game_id: the game's id (``"aces-up"``).
        deals: seeds; each deal is ``new(seed, options)``.
        states: positions of your own (a stacked endgame), checked after the deals.
        options: the game's ``play`` options for the deals (default: each
            option's default).
        budget: the limits of each of the two searches of a position.
        plugins: the plugins to load (entry-point or distribution names),
            as in :func:`run_cardshell`; None loads every installed one.
        modules: extra plugin modules or ``.py`` files (``--plugin``).

    Returns:
        One :class:`SearchCheck` per position, deals first: the two verdicts,
        e.g. to compare how many positions each search expanded.

    Raises:
        AssertionError: at the first position where a promise is broken,
            naming the game, the position, both verdicts and what to look
            at; also when no game ``game_id`` is registered or it has no
            fast path.
    """
    from cardshell.errors import CommandError  # imported late: pytest loads this plugin everywhere
    from cardshell.plugincheck import PluginFault

    shell = new_shell(plugins, modules=modules)
    if game_id not in shell.games:
        failed = "; ".join(failure.describe() for failure in shell.failures)
        raise AssertionError(f"check_search: no game {game_id!r} is registered (games: "
                             f"{', '.join(sorted(shell.games)) or 'none'}{'; ' + failed if failed else ''})")
    fast = GameRules(shell.rules(game_id))
    game, part = fast.game, fast.search
    if not any((part.key, part.successors, part.prune, part.solver)):
        raise AssertionError(f"check_search: game {game_id!r} has no fast path to check (key, successors, prune "
                             f"or solver; give them as Game(search=cardshell.Search(...)))")
    plain = fast.with_search(Search(heuristic=part.heuristic))
    deals, states = list(deals), list(states)
    if not deals and not states:
        raise AssertionError(f"check_search: no deals and no states of {game_id!r} to check")
    given = {option.name: option.default for option in game.options} | dict(options or {})
    positions = [(f"deal {seed}", lambda seed=seed: game.new(seed, given)) for seed in deals]
    positions += [(f"state {number}", lambda state=state: state) for number, state in enumerate(states)]
    checks = []
    for position, make in positions:
        where = f"check_search {game_id!r}, {position}"
        state = make()
        slow = _searched(plain, state, budget, where, "the plain search", PluginFault)
        if slow.result == "unknown":
            raise AssertionError(
                f"{where}: the plain search gave no verdict within {budget.nodes} positions and {budget.seconds:g} s "
                f"({slow.positions} positions searched): there is nothing to compare the fast paths with; give "
                f"check_search a larger budget, or a position nearer the end of a game")
        quick = _searched(fast, state, budget, where, "the fast paths", PluginFault)
        if fast.warnings:
            raise AssertionError(f"{where}: {fast.warnings[0]}")
        if quick.result != slow.result:
            raise AssertionError(
                f"{where}: the plain search says {_told(slow)}, the fast paths {_told(quick)}: "
                + ("a fast path (key, successors, prune or solver) left out every winning line" if slow.result == "won"
                   else "the fast paths gave no verdict within the budget" if quick.result == "unknown"
                   else "the fast paths' answer disagrees with the rules"))
        if quick.result == "won":
            _replays(plain, state, quick.line, where, CommandError)
        checks.append(SearchCheck(position, slow, quick))
    return checks


def _searched(rules: GameRules, state: Any, budget: Budget, where: str, which: str,
              fault: type[Exception]) -> Verdict:
    """The search of one position, a fault of the plugin's answers as an assertion."""
    try:
        return rules.solve(state, budget)
    except fault as exc:
        raise AssertionError(f"{where}, {which}: {exc}") from None


def _told(verdict: Verdict) -> str:
    """A verdict for a message: ``'won' (a line of 12 moves: D, F 1, ...)``, ``'no win' (40 positions)``."""
    if verdict.result == "won":
        shown = ", ".join(verdict.line[:_QUOTED_MOVES]) + (", ..." if len(verdict.line) > _QUOTED_MOVES else "")
        return f"'won' (a line of {len(verdict.line)} moves: {shown})"
    return f"{verdict.result!r} ({verdict.positions} positions)"


def _replays(rules: GameRules, state: Any, line: tuple[str, ...], where: str, rejected: type[Exception]) -> None:
    """Assert that ``line`` is legal move after move from ``state`` and ends in a won game."""
    for number, move in enumerate(line, 1):
        try:
            state = rules.play(state, move)
        except rejected as exc:
            raise AssertionError(f"{where}: move {number} of the fast paths' winning line, {move!r}, is rejected "
                                 f"by the rules: {exc}") from None
    outcome = rules.outcome(state)
    if outcome is None or outcome.result != "won":
        raise AssertionError(f"{where}: the fast paths' winning line of {len(line)} moves does not end in a won "
                             f"game by the rules (outcome {outcome!r})")
