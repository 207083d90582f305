"""pytest helpers for plugin authors, importable without pytest.

Run scripts in process (:func:`run_cardshell`), drive a shell line by line
(:func:`new_shell`, :func:`execute_checked`, :func:`completions`), play and
solve a game's states without a shell (:func:`game_rules`,
:func:`random_walk`, :func:`replays_to_a_win`, :func:`check_search`) and run
golden scripts (:func:`run_golden`, :func:`check_golden`).  The fixtures,
golden-file collection and options of the pytest plugin built on it
(:mod:`cardshell.pytest_plugin`, entry point ``pytest11``) are importable
from here too; docs/howto/testing.md describes them.  Importing this module
imports neither pytest nor the shell and never changes the working directory.
"""

from __future__ import annotations

import copy
import io
import os
import random
import sys
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
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
    changed_lines,
    compare,
    exact_item,
    host_wordings,
    item_of,
    items_of,
    numbered,
    parse_header,
    text_diff,
    visible_lines,
    words,
)
from cardshell.messages import CATALOG, HostMessage, say
from cardshell.records import Budget, Outcome, Search, Verdict
from cardshell.render import Text, text_of
from cardshell.reply import GAME, HOST, INPUT, Part, Reply, joined, part
from cardshell.script import CONTINUATION, PlainWriter, format_report, run_script

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.ruleset import RuleSet
    from cardshell.shell import Shell

__all__ = ["CHECK_BUDGET", "DEFAULT_SEED", "GOLDEN_SUFFIX", "HEADER_PREFIX", "LEGEND", "STRICT_OPTION",
           "UPDATE_OPTION", "GameRules", "GoldenCheck", "GoldenError", "GoldenMismatch", "GoldenOptions",
           "ScriptResult", "SearchCheck", "assert_determinize_keeps_view",
           "assert_hint_reads_only_view", "check_golden", "check_search", "completions", "execute_checked",
           "game_rules", "new_shell", "parse_header", "player_view", "random_walk", "replays_to_a_win", "run_cardshell",
           "run_golden", "text_diff", "visible_lines"]

#: The pytest plugin's names, importable from here (see :func:`__getattr__`).
_PLUGIN_NAMES = frozenset({"cardshell_script", "cardshell_shell", "GoldenFile", "GoldenItem", "pytest_addoption",
                           "pytest_collect_file", "pytest_terminal_summary"})


def __getattr__(name: str) -> Any:
    """The pytest plugin's names, imported from :mod:`cardshell.pytest_plugin` on first use.

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

    Assert a game's words with :attr:`game_lines` and the host's with
    :meth:`host` (message id and arguments, docs/messages.md): both survive a
    rewording of host lines; :attr:`output` and :attr:`errors` are the exact text.

    Attributes:
        output: standard output (with ``echo``, prompts and commands too).
        errors: standard error: one ``SOURCE:LINE: message`` per rejected
            command, continuation lines indented by two spaces.
        status: the exit status: 0 if every command was accepted, else 1.
        shell: the shell after the script (``result.shell.current.state``).
        source: the name used in error reports.
        parts: every part printed, as (``"out"`` or ``"err"``, part), in order.
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
        """The messages of the rejected commands (and warnings), without ``SOURCE:LINE: ``.

        One entry per report; a multi-line message's lines are joined with newlines.
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
        """The output's lines without the host's notes (messages of kind ``note``, docs/messages.md)."""
        out = [piece for stream, piece in self.parts if stream == "out"]
        if joined(out) != self.output.removesuffix("\n"):  # fitted to a screen: parts and text differ
            return self.output.splitlines()
        return joined([piece for piece in out if piece.kind != "note"]).splitlines()

    @property
    def game_lines(self) -> list[str]:
        """The lines of standard output the games wrote, in order, without the host's."""
        return [line for stream, piece in self.parts if stream == "out" and piece.origin == GAME
                for line in piece.text.split("\n")]

    @property
    def game_errors(self) -> list[str]:
        """The games' :class:`~cardshell.errors.CommandError` messages, in order."""
        return [str(piece.text) for stream, piece in self.parts
                if stream == "err" and piece.origin == GAME and piece.kind == "error"]

    def host(self, message_id: str) -> list[dict[str, str]]:
        """The arguments of every host message ``message_id`` printed, in order (``[{"result": "won", ...}]``).

        Args:
            message_id: an id of the catalog (docs/messages.md).

        Raises:
            KeyError: ``message_id`` is not in the catalog.
        """
        if message_id not in CATALOG:
            raise KeyError(f"no host message {message_id!r}: see docs/messages.md")
        found = []
        for _, piece in self.parts:
            found += _messages_in(piece.message, message_id)
        return found


def _messages_in(text: object, message_id: str) -> list[dict[str, str]]:
    """The arguments of the messages ``message_id`` in ``text`` or nested in its arguments."""
    if not isinstance(text, HostMessage):
        return []
    found = [text.plain_args()] if text.message_id == message_id else []
    for value in text.args.values():
        found += _messages_in(value, message_id)
    return found


class RecordingWriter(PlainWriter):
    """A :class:`cardshell.script.PlainWriter` that also keeps what it wrote as parts and golden items
    (:class:`cardshell.golden.Item`: one per line group, board or report)."""

    def __init__(self, out: TextIO, err: TextIO, source: str) -> None:
        super().__init__(out, err, source)
        self.parts: list[tuple[str, Part]] = []
        self.out_items: list[Item] = []
        self.err_items: list[Item] = []

    def before(self, warnings: Sequence[Text]) -> None:
        super().before(warnings)
        for warning in warnings:
            piece = part(warning, HOST, "warning")
            self.parts.append(("err", piece))
            self.err_items.append(item_of([piece]))

    def echo(self, number: int, prompt: Text, line: str) -> None:
        super().echo(number, prompt, line)
        group = [part(prompt, HOST, "echo"), Part(line, INPUT, "echo", inline=True)]
        self.parts += [("out", piece) for piece in group]
        self.out_items.append(item_of(group, optional=False, label=f"the echo of line {number}, {line!r}"))

    def refused(self, number: int, message: Text) -> None:
        super().refused(number, message)
        piece = part(message, HOST, "error")
        self.parts.append(("err", piece))
        self.err_items.append(self._report_item(number, [piece], text_of(message), optional=False))

    def reply(self, number: int, line: str, reply: Reply) -> None:
        super().reply(number, line, reply)
        parts = reply.output_as_parts()
        self.parts += [("out", piece) for piece in parts]
        if reply.output:
            text = joined(parts)  # else escaped: compared as printed
            same = text == reply.output or words(text) == words(reply.output)
            self.out_items += items_of(parts) if same else [
                exact_item(reply.output + "\n", f"the output of line {number}, {line!r}")]
        for warning in reply.warned:
            piece = part(say("script.warning", warning=warning), HOST, "warning")
            self.parts.append(("err", part(warning, HOST, "warning")))
            self.err_items.append(self._report_item(number, [piece], piece.text, optional=True))
        if not reply.ok:
            error = reply.error_as_parts()
            self.parts += [("err", piece) for piece in error]
            text = joined(error)
            if text != (reply.error or "") and words(text) != words(reply.error or ""):
                error = [Part(reply.error or "", HOST, "error")]
            self.err_items.append(self._report_item(number, error, reply.error or "", optional=False))

    def closed(self, notes: Sequence[Text]) -> None:
        super().closed(notes)
        for note in notes:
            piece = part(note, HOST, "note")
            self.parts.append(("out", piece))
            self.out_items.append(item_of([piece]))

    def _report_item(self, number: int, parts: list[Part], printed: str, *, optional: bool) -> Item:
        """The golden item of one ``SOURCE:LINE: message`` report of ``parts``
        (printed as ``printed``), the message and the report each in a
        handful of wordings (:func:`cardshell.golden.host_wordings`)."""
        group = item_of(parts, optional=optional)
        text = format_report(self.source, number, printed)
        source = self.source

        def former() -> list[str]:
            found: list[str] = []
            for index, message in enumerate(group.candidates()):
                first, *rest = message[:-1].split("\n")
                tail = "".join(f"{CONTINUATION}{line}\n" for line in rest)
                heads = host_wordings(say("script.report", source=source, number=number, message=first))
                found += [f"{head}\n{tail}" for head in (heads[:2] if index == 0 else heads[:1])]  # its own: once
            return found

        return replace(group, text=text, wordings=(text,), former=former)


def _script_lines(script: str | Path | Iterable[str]) -> list[str]:
    """The lines of a script, split with universal newlines as the CLI reads them."""
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
        interactive: what the plugins' hooks see as ``interactive``; no
            terminal is used either way.
        autosave: save games in progress on close and offer them at the next
            start; None: only when ``interactive``, as the CLI does.

    Returns:
        A shell for ``shell.execute(line)``; plugins that failed are listed
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

    As ``CARDSHELL_LOAD_PLUGINS=PLUGINS cardshell --seed SEED [...]`` with the script on standard input.

    Args:
        script: a text of lines, a file to read, or the lines themselves.
        plugins: the plugins to load (entry-point or distribution names);
            ``[]`` loads none; None loads every installed one.
        seed: the session seed; None draws from the operating system.
        echo: print the prompt and command before each command's output.
        stop_on_error: stop at the first rejected command.
        modules: extra plugin modules or ``.py`` files (``--plugin``).
        disabled: plugin names not to load.
        source: the name in error reports; default: a :class:`Path`'s name, else ``<stdin>``.
        data_dir: the data directory; None makes a new empty temporary one.
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
    """Append ``directory`` to ``sys.path`` if it holds a header's ``--plugin`` module, as ``cd DIR`` would."""
    for module in modules:
        if module.endswith(".py"):
            continue
        top = module.partition(".")[0]
        if ((directory / f"{top}.py").is_file() or (directory / top).is_dir()) and str(directory) not in sys.path:
            sys.path.append(str(directory))


def run_golden(path: Path, *, plugins: Iterable[str] | None = None) -> tuple[ScriptResult, GoldenOptions]:
    """Run a golden script (``test_*.cardshell``) with its header's options and a new empty data directory.

    Args:
        path: the script.
        plugins: the plugins to load when its header names none; None: every installed one.

    Returns:
        What it printed, and its header's options.

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
        problems: each difference found (empty: the test passes).
        host_lines: host lines passed in another release's wording, or missing.
        regressed: the plugins a failing piece names (a warning about one, its
            own text): the plugin regressed, the expected file must not be
            rewritten to record it.
        changed: in strict mode, per stream that differs (``"out"``, ``"err"``),
            the numbers (from 1) of the expected file's lines and of the
            printed lines that differ (:func:`cardshell.golden.changed_lines`).
    """

    result: ScriptResult
    options: GoldenOptions
    problems: list[str]
    host_lines: int = 0
    regressed: list[str] = field(default_factory=list)
    changed: dict[str, tuple[list[int], list[int]]] = field(default_factory=dict)


def check_golden(path: Path, *, plugins: Iterable[str] | None = None, strict: bool = False) -> GoldenCheck:
    """Run a golden script and compare what it printed with its expected files.

    By pieces (:func:`cardshell.golden.compare`): the game's text by its
    words, wherever the host breaks or indents its lines; a board line by
    line; the host's messages in their wording now or a former one, a host
    line about no plugin possibly absent; with ``strict``, every byte, the
    differing lines named.

    Args:
        path: the script (``test_NAME.cardshell``; expected files beside it:
            ``.out``, required; ``.err`` and ``.status``, absent when empty or 0).
        plugins: as :func:`run_golden`.
        strict: compare byte for byte.

    Raises:
        GoldenError: a bad header, or a ``.status`` that holds no integer.
    """
    result, options = run_golden(path, plugins=plugins)
    check = GoldenCheck(result, options, [])
    streams = [("out", "stdout", result.output, result.out_items), ("err", "stderr", result.errors, result.err_items)]
    for kind, name, actual, items in streams:
        expected_path = path.with_name(f"{path.name}.{kind}")
        expected = _read(expected_path)
        if expected is None and kind == "out":
            shown = "\n".join(f"  {line}" for line in visible_lines(actual)) or "  (empty)"
            check.problems.append(f"missing expected output file {expected_path.name}; the actual output was:\n{shown}")
            continue
        expected = expected or ""
        if strict:
            if expected != actual:
                gone, added = check.changed[kind] = changed_lines(expected, actual)
                check.problems.append(f"{name} differs at expected line(s) {numbered(gone)}, printed line(s) "
                                      f"{numbered(added)}:\n{text_diff(expected, actual, expected_path.name, name)}")
            continue
        verdict = compare(expected, items)
        if not verdict.ok:
            check.problems.append(f"{name} differs:\n{text_diff(expected, actual, expected_path.name, name)}\n"
                                  f"the piece that differs: {verdict.problem}")
            if verdict.plugin is not None:
                check.regressed.append(verdict.plugin)
        check.host_lines += verdict.host_lines
    status_path = path.with_name(f"{path.name}.status")
    status_text = _read(status_path)
    try:
        expected_status = int(status_text.strip()) if status_text is not None else 0
    except ValueError:
        raise GoldenError(f"{status_path.name} must hold an integer, got {status_text!r}") from None
    if expected_status != result.status:
        check.problems.append(f"exit status differs: expected {expected_status}, got {result.status}")
    return check


# -- the host's promises, line by line ------------------------------------------
def execute_checked(shell: Any, line: str, *, plugin_bugs_allowed: bool = False) -> Any:
    """Run one line and assert the host's promises: ``execute`` never raises; a rejected
    line has a message and leaves every game, and which one is current, as it was.

    Args:
        shell: a shell from :func:`new_shell`.
        line: one input line, valid or not.
        plugin_bugs_allowed: accept ``internal error in plugin ...``
            rejections (tests of a deliberately broken plugin).

    Returns:
        The :class:`cardshell.shell.Reply`, for game-specific checks.

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
    """What Tab offers at the end of ``text`` in ``shell``, as at the terminal.

    Args:
        shell: a shell from :func:`new_shell`; completion follows its current game.
        text: the line typed so far, up to the cursor (``"tt 2 "``).

    Returns:
        The candidates (each once, in natural order: ``a2`` before ``a10``)
        and the partial word they would replace (``""`` after a space).
    """
    from cardshell.completion import candidates  # imported late: pytest loads this plugin everywhere

    return candidates(shell, text)


# -- a game's rules and its search, without a shell -------------------------------
class GameRules:
    """One game's rules as functions over its states, and the host's search of it; made by :func:`game_rules`.

    A line goes through the same parse, validators and handler as a typed
    one; the states given are never changed.

    Attributes:
        game: the :class:`cardshell.Game` as registered.
    """

    def __init__(self, rules: RuleSet) -> None:
        self._rules = rules
        self.game = rules.game

    @property
    def search(self) -> Search:
        """The search part :meth:`solve` uses."""
        return self._rules.search

    @property
    def warnings(self) -> list[str]:
        """The host's warnings, each once, about plugin answers it left out (a listed move the rules reject ...)."""
        return [text_of(warning) for warning in self._rules.warnings]

    def legal(self, state: Any) -> list[str]:
        """The game's legal moves in ``state``, as the lines a player types, in its order.

        Raises:
            cardshell.CommandError: the game does not list its legal moves.
        """
        return self._rules.legal(state)

    def play(self, state: Any, line: str) -> Any:
        """The state after the move ``line`` from ``state`` (which is left as it was).

        Raises:
            cardshell.CommandError: the line is not a legal move.
        """
        return self._rules.play(state, line)

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended in ``state``, or None while it is in play."""
        return self._rules.outcome(state)

    def solve(self, state: Any, budget: Budget | None = None) -> Verdict:
        """The host's search from ``state``, as ``solve`` runs it on a state that shows every card.

        Args:
            state: the position to search from.
            budget: seconds and positions; None: ``Budget()``.

        Returns:
            ``won`` with its line, ``no win`` or ``unknown`` (the budget ran out).

        Raises:
            cardshell.CommandError: a solver's winning line does not win by the rules.
        """
        from cardshell.search import solve  # imported late: pytest loads this plugin everywhere

        return solve(self._rules, state, Budget() if budget is None else budget)

    def with_search(self, search: Search) -> GameRules:
        """The same rules searched with ``search``; ``Search()`` is the plain search."""
        return GameRules(self._rules.searched_with(search))


def game_rules(game_id: str, *, plugins: Iterable[str] | None = None, modules: Iterable[str] = ()) -> GameRules:
    """The rules of game ``game_id`` as registered by a fresh shell (:func:`new_shell`).

    Args:
        game_id: the game's id (``"aces-up"``).
        plugins, modules: as in :func:`run_cardshell`.

    Raises:
        KeyError: no game ``game_id`` is registered (the message names plugins that failed).
    """
    shell = new_shell(plugins, modules=modules)
    if game_id not in shell.games:
        failed = "; ".join(text_of(failure.describe()) for failure in shell.failures)
        raise KeyError(f"no game {game_id!r} is registered" + (f" (failed: {failed})" if failed else ""))
    return GameRules(shell.rules(game_id))


def random_walk(rules: GameRules, state: Any, seed: int, steps: int) -> Any:
    """The state after at most ``steps`` legal moves from ``state``, chosen by ``random.Random(seed)``.

    The walk stops early where no move is legal or the game is over.
    """
    walker = random.Random(seed)
    for _ in range(steps):
        legal = rules.legal(state)
        if not legal or rules.outcome(state) is not None:
            break
        state = rules.play(state, walker.choice(legal))
    return state


def player_view(game: Any, state: Any) -> Any:
    """What the player sees of ``state``: :attr:`Players.view <cardshell.records.Players.view>`
    for the player's seat where the game declares its players, else the game's
    plain display (``render``), which is exactly what a player is shown."""
    players = game.players
    if players is not None:
        return players.view(state, players.human)
    return game.render(state)


def _walked(rules: GameRules, seed: int, steps: int, options: Mapping[str, Any] | None) -> list[Any]:
    """The positions of one random walk of deal ``seed`` (the game's default options unless given)."""
    game = rules.game
    chosen = {o.name.replace("-", "_"): o.default for o in game.options} | dict(options or {})
    state = game.new(seed, chosen)
    walker = random.Random(seed)
    positions = [state]
    for _ in range(steps):
        legal = rules.legal(state)
        if not legal or rules.outcome(state) is not None:
            break
        state = rules.play(state, walker.choice(legal))
        positions.append(state)
    return positions


def assert_determinize_keeps_view(game_id: str, deals: Iterable[int], *, steps: int = 30, samples: int = 3,
                                  plugins: Iterable[str] | None = None, modules: Iterable[str] = (),
                                  options: Mapping[str, Any] | None = None) -> int:
    """Assert that a game's ``determinize`` never changes what the player sees.

    Along a random walk of each deal (seeded by the deal), every position is
    re-drawn ``samples`` times; each re-drawn state must have the same
    :func:`player_view` as the position, and re-drawing with the same seed
    must give the same state.

    Args:
        game_id: a game with :attr:`~cardshell.records.Game.determinize`.
        deals: the seeds of the deals walked.
        steps: the most moves per walk.
        samples: re-draws per position, with ``random.Random(0 .. samples-1)``.
        plugins, modules: as in :func:`game_rules`.
        options: the game's options (None: its defaults).

    Returns:
        The number of positions checked.

    Raises:
        AssertionError: naming the deal, the move number and the sample.
    """
    rules = game_rules(game_id, plugins=plugins, modules=modules)
    game = rules.game
    assert game.determinize is not None, f"{game_id} hides nothing (Game.determinize is None)"
    checked = 0
    for deal in deals:
        for number, state in enumerate(_walked(rules, deal, steps, options)):
            seen = player_view(game, state)
            for sample in range(samples):
                drawn = game.determinize(state, random.Random(sample))
                assert player_view(game, drawn) == seen, \
                    f"{game_id} deal {deal}, move {number}, sample {sample}: determinize changed the player's view"
                assert drawn == game.determinize(state, random.Random(sample)), \
                    f"{game_id} deal {deal}, move {number}: determinize gave two states for one seed"
            checked += 1
    return checked


def assert_hint_reads_only_view(game_id: str, deals: Iterable[int], *, steps: int = 12, every: int = 4,
                                plugins: Iterable[str] | None = None, modules: Iterable[str] = (),
                                options: Mapping[str, Any] | None = None) -> int:
    """Assert that ``hint`` never reads what the player cannot see: two states
    with the same view give the same hint.

    Along a random walk of each deal, every ``every``-th position and a
    re-drawing of it (:attr:`~cardshell.records.Game.determinize` seeded
    with 1, the same :func:`player_view` with other hidden cards) are each
    put in a fresh shell's game of that deal and asked ``hint``; both
    replies must be the same text.

    Args:
        game_id: a game with :attr:`~cardshell.records.Game.determinize`.
        deals: the seeds of the deals walked.
        steps: the most moves per walk.
        every: ask at every ``every``-th position of the walk (>= 1).
        plugins, modules: as in :func:`game_rules`.
        options: the game's options (None: its defaults).

    Returns:
        The number of position pairs compared.

    Raises:
        AssertionError: naming the deal, the move number and both hints; or
            when no re-drawn state differed from its position (the check
            had nothing to compare: ``determinize`` redraws nothing).
    """
    rules = game_rules(game_id, plugins=plugins, modules=modules)
    game = rules.game
    assert game.determinize is not None, f"{game_id} hides nothing (Game.determinize is None)"
    compared = differed = 0
    for deal in deals:
        for number, state in enumerate(_walked(rules, deal, steps, options)):
            if number % every or rules.outcome(state) is not None:
                continue
            twin = game.determinize(state, random.Random(1))
            assert player_view(game, twin) == player_view(game, state), \
                f"{game_id} deal {deal}, move {number}: determinize changed the player's view"
            differed += twin != state
            hints = [_hint_at(game_id, deal, position, plugins, modules) for position in (state, twin)]
            assert hints[0] == hints[1], (f"{game_id} deal {deal}, move {number}: two states with the same view "
                                          f"got different hints: {hints[0]!r} and {hints[1]!r}")
            compared += 1
    assert differed, f"{game_id}: determinize re-drew no position differently: no hidden card was put to the test"
    return compared


def _hint_at(game_id: str, deal: int, state: Any, plugins: Iterable[str] | None, modules: Iterable[str]) -> str:
    """The text of ``hint`` asked at ``state`` in a fresh shell's game of deal ``deal``."""
    shell = new_shell(plugins, modules=modules, seed=DEFAULT_SEED)
    reply = shell.execute(f"play {game_id} --seed {deal}")
    assert reply.ok, f"play {game_id} --seed {deal} was rejected: {reply.error}"
    session = shell.current
    assert session is not None
    session.state = state
    return shell.execute("hint").output


def replays_to_a_win(rules: GameRules, state: Any, line: Iterable[str]) -> bool:
    """Whether the moves of ``line``, played from ``state`` through the rules, end in a won game.

    Raises:
        cardshell.CommandError: a move of the line is not legal where it is played.
    """
    for move in line:
        state = rules.play(state, move)
    outcome = rules.outcome(state)
    return outcome is not None and outcome.result == "won"


# -- a game's fast paths for search -----------------------------------------------
#: The budget of each search :func:`check_search` makes.
CHECK_BUDGET = Budget(seconds=60.0, nodes=1_000_000)

#: The most positions reachable from a position for :func:`check_search` to
#: check a game's ``key``, ``prune`` and ``safe`` over all of them (a larger
#: space is checked by the comparison of verdicts alone).
EXHAUSTIVE_POSITIONS = 20_000

#: How many moves of a winning line an assertion message quotes.
_QUOTED_MOVES = 8


@dataclass(frozen=True)
class SearchCheck:
    """What :func:`check_search` found at one position.

    Attributes:
        position: ``deal 7`` (a seed) or ``state 2`` (the third of ``states``).
        plain: the verdict of the plain search (without the game's fast paths).
        fast: the verdict of the search with them.
    """

    position: str
    plain: Verdict
    fast: Verdict


def check_search(game_id: str, deals: Iterable[int] = (), *, states: Iterable[Any] = (),
                 options: Mapping[str, Any] | None = None, budget: Budget = CHECK_BUDGET,
                 plugins: Iterable[str] | None = None, modules: Iterable[str] = ()) -> list[SearchCheck]:
    """Assert that a game's fast paths for search give the plain search's verdicts.

    The fast paths (``key``, ``successors``, ``prune``, ``safe``, ``solver``:
    docs/howto/search.md) cannot be verified as the host searches, so each
    position is solved plainly and as registered: both must reach the same
    verdict within ``budget``, with a winning line that replays to a win.
    First, when at most :data:`EXHAUSTIVE_POSITIONS` positions are reachable
    from a position, each of them is checked against the game's ``key``
    (one key only for positions alike for winning), ``prune`` (never a
    position from which a win is reachable) and ``safe`` (never a move from
    a winnable position to a lost one), the failure naming the field.

    Args:
        game_id: the game's id (``"aces-up"``).
        deals: seeds; each deal is ``new(seed, options)``.
        states: positions of your own (a stacked endgame), checked after the deals.
        options: the game's ``play`` options for the deals (default: the defaults).
        budget: the limits of each of the two searches of a position.
        plugins, modules: as in :func:`run_cardshell`.

    Returns:
        One :class:`SearchCheck` per position, deals first.

    Raises:
        AssertionError: at the first position where a promise is broken,
            naming the position and both verdicts; also when the game is not
            registered, has no fast path, or nothing is given to check.
    """
    from cardshell.errors import CommandError  # imported late: pytest loads this plugin everywhere
    from cardshell.plugincheck import PluginFault

    shell = new_shell(plugins, modules=modules)
    if game_id not in shell.games:
        failed = "; ".join(text_of(failure.describe()) for failure in shell.failures)
        raise AssertionError(f"check_search: no game {game_id!r} is registered (games: "
                             f"{', '.join(sorted(shell.games)) or 'none'}{'; ' + failed if failed else ''})")
    fast = GameRules(shell.rules(game_id))
    game, part = fast.game, fast.search
    if not any((part.key, part.successors, part.prune, part.solver, part.safe)):
        raise AssertionError(f"check_search: game {game_id!r} has no fast path to check (key, successors, prune, "
                             f"safe or solver; give them as Game(search=cardshell.Search(...)))")
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
        _declarations(fast, state, min(budget.nodes, EXHAUSTIVE_POSITIONS), where, CommandError)
        slow = _searched(plain, state, budget, where, "the plain search", PluginFault)
        if slow.result == "unknown":
            raise AssertionError(
                f"{where}: the plain search gave no verdict within {budget.nodes} positions and {budget.seconds:g} s "
                f"({slow.positions} positions searched): there is nothing to compare the fast paths with; give "
                f"check_search a larger budget, or a position nearer the end of a game")
        quick = _searched(fast, state, budget, where, "the fast paths", PluginFault)
        if fast.warnings:
            raise AssertionError(f"{where}: {text_of(fast.warnings[0])}")
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


def _declarations(rules: GameRules, state: Any, most: int, where: str, rejected: type[Exception]) -> None:
    """Assert, over every position reachable from ``state`` when there are at
    most ``most``, that the game's declarations keep their promises: a key
    shared only by positions alike for winning (``key``), no position proved
    lost from which a win is reachable (``prune``), no safe move from a
    position from which a win is reachable to one from which none is
    (``safe``).  Whether a win is reachable is found by the rules alone
    (legal moves, outcome), backwards from the won positions; a larger
    space is left to the comparison of verdicts."""
    part = rules.search
    if part.key is None and part.prune is None and part.safe is None:
        return
    index = {state: 0}
    states, edges = [state], [[]]  # type: list[Any], list[list[int]]
    for number, position in enumerate(states):  # grows while walked: a breadth-first walk
        if rules.outcome(position) is not None:
            continue
        for line in rules.legal(position):
            after = rules.play(position, line)
            if after not in index:
                if len(states) >= most:
                    return
                index[after] = len(states)
                states.append(after)
                edges.append([])
            edges[number].append(index[after])
    parents: list[list[int]] = [[] for _ in states]
    for number, targets in enumerate(edges):
        for target in targets:
            parents[target].append(number)
    winnable = [False] * len(states)
    todo = []
    for number, position in enumerate(states):
        outcome = rules.outcome(position)
        if outcome is not None and outcome.result == "won":
            winnable[number] = True
            todo.append(number)
    while todo:
        for parent in parents[todo.pop()]:
            if not winnable[parent]:
                winnable[parent] = True
                todo.append(parent)
    fault = f"{where}, plugin {rules._rules.plugin!r}"
    if part.key is not None:
        first: dict[Any, int] = {}
        for number, position in enumerate(states):
            other = first.setdefault(part.key(position), number)
            if winnable[other] != winnable[number]:
                raise AssertionError(
                    f"{fault}: Search.key gives one key to two positions, one winnable and one not "
                    f"(its key must merge only positions alike for winning):\n{rules.game.render(states[other])}\n"
                    f"and\n{rules.game.render(position)}")
    for number, position in enumerate(states):
        if part.prune is not None and winnable[number] and part.prune(position):
            raise AssertionError(f"{fault}: Search.prune calls lost a position from which a win is reachable:\n"
                                 f"{rules.game.render(position)}")
        move = part.safe(position) if part.safe is not None and rules.outcome(position) is None else None
        if move is None:
            continue
        try:
            after = rules.play(position, move)
        except rejected as exc:
            raise AssertionError(f"{fault}: Search.safe gave {move!r}, which the rules reject ({exc}), at:\n"
                                 f"{rules.game.render(position)}") from None
        if winnable[number] and not winnable[index[after]]:
            raise AssertionError(f"{fault}: Search.safe gave {move!r}, which can hurt: a win is reachable before "
                                 f"it and not after it, from:\n{rules.game.render(position)}")


def _searched(rules: GameRules, state: Any, budget: Budget, where: str, which: str,
              fault: type[Exception]) -> Verdict:
    """The search of one position, a fault of the plugin's answers as an assertion."""
    try:
        return rules.solve(state, budget)
    except fault as exc:
        raise AssertionError(f"{where}, {which}: {exc}") from None


def _told(verdict: Verdict) -> str:
    """A verdict for a message: ``'won' (a line of 12 moves: D, F 1, ...)``."""
    if verdict.result == "won":
        shown = ", ".join(verdict.line[:_QUOTED_MOVES]) + (", ..." if len(verdict.line) > _QUOTED_MOVES else "")
        return f"'won' (a line of {len(verdict.line)} moves: {shown})"
    return f"{verdict.result!r} ({verdict.positions} positions)"


def _replays(rules: GameRules, state: Any, line: tuple[str, ...], where: str, rejected: type[Exception]) -> None:
    """Assert that ``line`` replays from ``state`` to a won game."""
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
