"""The ``cardshell`` command line: options, front-end choice, exit status."""

from __future__ import annotations

import argparse
import errno
import itertools
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, TextIO

from cardshell import layout, screen, signals, watchdog
from cardshell.context import FrontEnd
from cardshell.dispatch import asks_for_help
from cardshell.errors import UsageError
from cardshell.messages import say
from cardshell.option_values import seed
from cardshell.ownfiles import refusal
from cardshell.parsers import clipped
from cardshell.paths import DATA_DIR_ENV, data_dir, history_file
from cardshell.pipes import OutputFailed, reserve_standard_descriptors
from cardshell.porcelain import SCHEMA_VERSION, SCHEMAS, JsonWriter
from cardshell.recording import RecordFile
from cardshell.render import Text, message_of, text_of
from cardshell.script import (
    EXIT_ABANDONED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_REJECTED,
    EXIT_SAVE_FAILED,
    EXIT_USAGE,
    MAX_LINE_LENGTH,
    fitted,
    read_lines,
    run_script,
    start_warnings,
)
from cardshell.shell import Shell
from cardshell.version import __version__

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.capture import Capture

EPILOG = f"""\
With no FILE and a terminal on stdin, cardshell starts the interactive shell.
With FILE, or with stdin not a terminal, it runs the commands as a script
(blank lines and # comments skipped) with no terminal UI.  If FILE is not a
file but a shell command (e.g. 'cardshell plugins', 'cardshell winnability
aces-up --deals 0:50', quoted as one argument or not), that command is run;
'cardshell play GAME' starts the interactive shell in that game at a
terminal, and in a script plays it with the lines of stdin.
Lines end at LF, CRLF or a lone CR, in a file and on stdin alike; a line
longer than {MAX_LINE_LENGTH:,} characters is refused (FILE:LINE: ...) and the
script goes on.

Saves: at a terminal, games in progress are saved in the data directory on
'exit' and Ctrl-D and offered next time ('play GAME' resumes).  Scripts do
not autosave nor resume automatic saves unless --autosave is given, so that a
piped script always prints the same thing; 'save' and 'load' always work.

exit status:
  {EXIT_OK}  every command was accepted
  {EXIT_REJECTED}  some command was rejected (reported on stderr as FILE:LINE: message)
  {EXIT_USAGE}  usage error: unknown option, missing file
  {EXIT_OUTPUT}  stdout or stderr could not be written (closed, full, or its reader
      left, as in '| head -1'): the script stopped there, after the autosave;
      also when a game could not be saved (at exit or by 'save'; the cause is
      on stderr): this status then wins over the others
  {EXIT_ABANDONED}  plugin code would not stop (it swallowed the time bound's stops):
      the games in progress were saved as before its command, and the run ended
  {EXIT_INTERRUPTED}  interrupted by Ctrl-C (a script stops at the command it was
      running; with --autosave, after saving the games in progress); a second
      Ctrl-C ends plugin code that swallowed the first the same way
  129, 143  ended by SIGHUP or SIGTERM (128 + the signal) at a terminal or in a
      script with --autosave, after saving the games in progress as 'exit' does;
      plugin code that swallows the signal is given up on after
      CARDSHELL_SIGNAL_GRACE seconds

environment:
  {DATA_DIR_ENV}  where history, saves and statistics are kept (default: the
      user data dir)
  CARDSHELL_LOAD_PLUGINS  comma list of plugins to load ("" loads none)
  CARDSHELL_DISABLE_PLUGINS  comma list of plugins not to load
  CARDSHELL_TRACEBACK=1  as --traceback
  CARDSHELL_TRACE_PLUGINS=1  print every plugin hook call and its result on stderr
  CARDSHELL_CACHE_DIR  where the plugin index is kept (default: the user cache
      dir); a start imports a plugin only when it is needed, from this index
  CARDSHELL_PLUGIN_SECONDS  in scripts, the bound of each call into plugin code
      (a move, a board, a hook, an import; default 60)
  CARDSHELL_SIGNAL_GRACE  seconds plugin code has to stop after SIGHUP or SIGTERM
      before it is given up on (default 3)
  CARDSHELL_PAGER  the pager for screens taller than the terminal (default:
      $PAGER, else 'less -R', else a built-in one); empty: no pager
  COLUMNS, LINES  the screen's size where the terminal's is unknown (scripts:
      80 columns)
  NO_COLOR  disable colour
"""


def _help_width() -> int:
    """The width argparse gives help, as :func:`shutil.get_terminal_size` finds
    the columns (``COLUMNS``, else standard output's terminal, else 80), less 2."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter with the epilog's blocks each filled to the terminal's
    width: prose as a paragraph, headings as they are, list entries with their
    continuation lines indented by six, no word broken.
    """

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        # argparse makes a formatter for every option added; its own width lookup imports shutil
        # (and three compression libraries) at every start: the same width, found without it.
        super().__init__(prog, indent_increment, max_help_position, _help_width() if width is None else width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        blocks: list[tuple[str, list[str]]] = []  # (kind, lines): "prose", "heading", "entry" or "blank"
        for line in text.splitlines():
            if not line.strip():
                blocks.append(("blank", []))
            elif line.startswith("      ") and blocks and blocks[-1][0] == "entry":
                blocks[-1][1].append(line.strip())
            elif line.startswith("  "):
                blocks.append(("entry", [line.strip()]))
            elif line.endswith(":"):
                blocks.append(("heading", [line]))
            elif blocks and blocks[-1][0] == "prose":
                blocks[-1][1].append(line)
            else:
                blocks.append(("prose", [line]))
        out: list[str] = []
        for kind, lines in blocks:
            if kind == "blank":
                out.append("")
            elif kind == "heading":
                out.append(indent + lines[0])
            else:
                lead = indent + ("  " if kind == "entry" else "")
                more = indent + ("      " if kind == "entry" else "")
                out.extend(layout.paragraph(" ".join(lines), width + len(indent), lead, more))
        return "\n".join(out)


def _seed(word: str) -> int:
    """``--seed N``, read as ``play --seed`` reads it (:func:`cardshell.option_values.seed`)."""

    try:
        return seed(word, say("cli.seed-name"))
    except UsageError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def _schema(word: str) -> int:
    """``--jsonl=N``: one of the porcelain schemas served (:data:`cardshell.porcelain.SCHEMAS`).

    Raises:
        argparse.ArgumentTypeError: N is not a schema served.
    """
    if word.strip().isdigit() and int(word) in SCHEMAS:
        return int(word)
    raise argparse.ArgumentTypeError(say("cli.jsonl-schema", given=clipped(word),
                                         served=", ".join(map(str, SCHEMAS))).text)


class _Schema(argparse.Action):
    """``--jsonl`` (schema :data:`cardshell.porcelain.SCHEMA_VERSION`) or ``--jsonl=N``: only the
    attached form takes a value, so ``cardshell --jsonl moves.txt`` still reads the file."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, SCHEMA_VERSION)


def _attached_schema(argv: Sequence[str]) -> tuple[list[str], int | None]:
    """``argv`` with ``--jsonl=N`` as a bare ``--jsonl``, and N (None when not given).

    Raises:
        argparse.ArgumentTypeError: N is not a schema served.
    """
    words: list[str] = []
    schema: int | None = None
    for word in argv:
        if word == "--":
            words.extend(argv[len(words):])
            break
        if word.startswith("--jsonl="):
            schema = _schema(word.partition("=")[2])
            word = "--jsonl"
        words.append(word)
    return words, schema


def _record_file(word: str) -> str:
    """``--record FILE``: a file name, never the empty one (which would record nothing, silently)."""
    if not word:
        raise argparse.ArgumentTypeError(say("cli.empty-file-name"))
    return word


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cardshell``; an option may be abbreviated to a unique prefix."""
    parser = argparse.ArgumentParser(
        prog="cardshell",
        description="A terminal shell that hosts games as plugins.",
        epilog=EPILOG,
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("script", nargs="?", metavar="FILE",
                        help="a script of commands to run ('-' for stdin), or a shell command")
    parser.add_argument("words", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--seed", type=_seed, metavar="N",
                        help="session seed: games started without --seed get reproducible seeds")
    parser.add_argument("--jsonl", nargs=0, action=_Schema, default=None,
                        help="porcelain output for programs: run as a script and write one JSON object per "
                             "line of output on stdout, with its origin and, for the host's words, a stable "
                             f"message id; --jsonl=N pins schema N (served: {', '.join(map(str, SCHEMAS))}; "
                             f"bare --jsonl: {SCHEMA_VERSION}; docs/porcelain.md)")
    parser.add_argument("--echo", action="store_true",
                        help="in scripts, print each prompt and command like a transcript")
    parser.add_argument("--stop-on-error", action="store_true",
                        help="in scripts, stop at the first rejected command")
    parser.add_argument("--data-dir", metavar="DIR", help=f"data directory (overrides ${DATA_DIR_ENV})")
    parser.add_argument("--no-history", action="store_true", help="do not read or write the history file")
    parser.add_argument("--no-pager", action="store_true",
                        help="at a terminal, never page a reply taller than the screen")
    parser.add_argument("--autosave", action=argparse.BooleanOptionalAction, default=None,
                        help="save games in progress on exit/EOF and resume them with 'play GAME' "
                             "(default: on at a terminal, off for scripts)")
    parser.add_argument("--record", metavar="FILE", type=_record_file,
                        help="write the accepted commands to FILE as a script that replays the session")
    parser.add_argument("--plugin", action="append", default=[], metavar="MODULE",
                        help="also load this importable module as a plugin for this session")
    parser.add_argument("--disable-plugin", action="append", default=[], metavar="NAME",
                        help="do not load the plugin NAME (entry point or distribution name)")
    parser.add_argument("--traceback", action="store_true", default=None,
                        help="print the traceback of a plugin's error on stderr (a one-line report "
                             "naming the plugin, file and line is always given)")
    return parser


#: Porcelain schema 2's writer while :func:`main` runs with ``--jsonl=2`` (usage errors and start-up
#: failures become its records, :func:`_error`); None otherwise.
_PORCELAIN: list[JsonWriter] = []


def main(argv: Sequence[str] | None = None) -> int:
    """Run cardshell with ``argv`` (without the program name; None reads
    ``sys.argv``); the exit status (see :data:`EPILOG`).

    With ``--jsonl=2`` and later schemas, descriptors 1 and 2 are captured
    (:class:`cardshell.capture.Capture`) from the start, so that every byte
    on standard output is a record: usage errors, ``--help``, start-up
    failures and what plugin code writes included, ending with the
    ``exit`` record.
    """
    reserve_standard_descriptors()  # after '>&-', no file we open may become descriptor 1
    parser = build_parser()
    try:
        words, schema = _attached_schema(list(sys.argv[1:] if argv is None else argv))
    except argparse.ArgumentTypeError as exc:
        parser.error(f"argument --jsonl: {exc}")
    capture, porcelain = _porcelain(schema)
    try:
        try:
            status = _main(parser, words, schema)
        except SystemExit as exc:  # argparse: a usage error (2), --help or --version (0)
            if porcelain is None:
                raise
            porcelain.drained(origin="host")
            status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_USAGE)
        if porcelain is not None and not porcelain.ended:
            status = _ended(porcelain, status)
        return status
    finally:
        if capture is not None:
            _PORCELAIN.clear()
            capture.stop()


def _porcelain(schema: int | None) -> tuple[Capture | None, JsonWriter | None]:
    """For porcelain schema 2 and later: the capture of descriptors 1 and 2, started, and the
    writer of the records; ``(None, None)`` for the plain output and schema 1, or when the
    capture cannot be made (no anonymous file: then schema 2's records are written uncaptured)."""
    if schema is None or schema < 2:
        return None, None
    from cardshell.capture import Capture

    try:
        capture = Capture().start()
    except OSError:
        return None, None
    writer = JsonWriter(capture.stream, capture.error_stream, schema, capture=capture)
    _PORCELAIN.append(writer)
    return capture, writer


def _main(parser: argparse.ArgumentParser, words: list[str], schema: int | None) -> int:
    """:func:`main` after ``--jsonl=N`` was read: the options, the script, the front end."""
    hidden = namespace_problem(sys.modules.get("cardshell"))
    if hidden is not None:
        _error(hidden)
        return EXIT_USAGE
    args = parser.parse_args(words)
    if schema is not None:
        args.jsonl = schema
    stdin_is_tty = sys.stdin is not None and sys.stdin.isatty()
    script = args.script
    handle = None
    source = "<stdin>"
    if script is not None and script != "-" and not os.path.isdir(script):
        try:  # read line by line as the script runs: a huge file never sits in memory
            handle = open(script, encoding="utf-8", errors="replace", newline=None)  # noqa: SIM115
            source = script
        except FileNotFoundError:
            handle = None
        except OSError as exc:
            if exc.errno == errno.ENAMETOOLONG:  # no file can have such a name: the words are a command
                handle = None
            else:
                _error(say("cli.cannot-read", script=clipped(script), error=exc.strerror or exc))
                return EXIT_USAGE
    # 'cardshell play GAME' at a terminal starts the interactive shell in that game
    words = ([] if script is None else script.split()) + list(args.words)
    starts_game = handle is None and words[:1] == ["play"] and not asks_for_help(" ".join(words[1:]))
    try:
        return _with_record(args, script, handle, source,
                            stdin_is_tty and (script is None or starts_game) and not args.jsonl)
    finally:
        signals.uninstall()
        watchdog.bound_plugin_calls(None)
        if handle is not None:
            handle.close()


def _with_record(args: argparse.Namespace, script: str | None, handle: TextIO | None, source: str,
                 interactive: bool) -> int:
    """Run with the ``--record`` file open (never the script being read, never one of cardshell's own files).

    When even its header cannot be written nothing runs and the status is
    :data:`EXIT_USAGE`; when it fills later, a run that would exit
    :data:`EXIT_OK` exits :data:`EXIT_OUTPUT`.
    """
    record = None
    if args.record is not None and _same_file(args.record, handle if handle is not None else sys.stdin):
        _error(say("cli.record-is-script", file=args.record))
        return EXIT_USAGE
    if args.record is not None:
        why = refusal(args.record, data_dir(args.data_dir))
        if why is not None:
            _error(say("cli.record-refused", why=why))
            return EXIT_USAGE
        try:
            record = RecordFile.create(args.record)
        except OSError as exc:
            _error(say("cli.cannot-write-record", file=args.record, error=exc.strerror or exc))
            return EXIT_USAGE
    try:
        status = _run(args, script, handle, source, interactive, record)
    finally:
        if record is not None:
            record.close()
    return status


def _run(args: argparse.Namespace, script: str | None, handle: TextIO | None, source: str,
         interactive: bool, record: RecordFile | None) -> int:
    """Create the shell and run the front end; :data:`EXIT_OUTPUT` instead of
    :data:`EXIT_OK` when the recording stopped.
    """

    if not interactive:  # no one to press Ctrl-C: plugin code that loops is stopped, naming the plugin
        watchdog.bound_plugin_calls(watchdog.plugin_seconds())
    shell = Shell.create(seed=args.seed, disabled=args.disable_plugin, extra_modules=args.plugin,
                         data_dir=args.data_dir, autosave=args.autosave, record=record, tracebacks=args.traceback,
                         deferred=True, front_end=_settings(interactive))
    status = _front_end(args, script, handle, source, interactive, shell)
    if status == EXIT_OK and shell.recorder.failure is not None:
        return EXIT_OUTPUT
    return status


def _settings(interactive: bool) -> FrontEnd:
    """The front end's settings: the terminal's, or a script's, fitted to the
    screen when its output goes to one (``COLUMNS`` set or a terminal).
    """
    if interactive:
        from cardshell.interactive import front_end  # prompt_toolkit only for a terminal

        return front_end()
    shown = os.environ.get("COLUMNS") or _is_tty(sys.stdout)
    return FrontEnd(columns=screen.size().columns if shown else None)


def _front_end(args: argparse.Namespace, script: str | None, handle: TextIO | None, source: str,
               interactive: bool, shell: Shell) -> int:
    lines: Iterable[str] | None = None if handle is None else read_lines(handle)
    first = 1
    if script is not None and script != "-" and handle is None:
        # 'cardshell play aces-up' and 'cardshell "play aces-up"' (one quoted argument) are one line.
        command = " ".join([script, *args.words])
        name = script.split(maxsplit=1)[0] if script.strip() else script
        if shell.registry.command(name) is None:
            _error(say("cli.is-a-directory" if os.path.isdir(script) else "cli.no-such-file", script=script))
            return EXIT_USAGE

        if asks_for_help(" ".join(args.words)):  # 'cardshell winnability --help' is 'help winnability'
            command = f"help {name}"
        elif script == "winnability":  # a usage error (bad option, unknown game) exits 2, nothing run
            from cardshell.winnability.command import usage_problem

            usage = usage_problem(shell, " ".join(args.words))
            if usage is not None:
                _error(usage)
                return EXIT_USAGE
        lines, source = [command], "<command line>"
        shell.front_end.one_command = True  # a person asking (cardshell stats), not a script
        if name == "play" and not command.startswith("help "):
            if interactive:
                from cardshell.interactive import run_interactive  # prompt_toolkit only for a terminal

                return run_interactive(shell, None if args.no_history else history_file(shell.data_dir),
                                       pager=not args.no_pager, first=command)
            # in a script, the game is played with the rest of stdin (the command line is its line 0)
            lines, source, first = itertools.chain([command], _stdin_lines(eager=bool(args.jsonl))), "<stdin>", 0
            shell.front_end.one_command = False
    elif args.words:
        _error(say("cli.unexpected-arguments", script=script, words=" ".join(args.words)))
        return EXIT_USAGE
    if interactive:
        from cardshell.interactive import run_interactive  # prompt_toolkit only for a terminal

        return run_interactive(shell, None if args.no_history else history_file(shell.data_dir),
                               pager=not args.no_pager)
    if lines is None:
        lines = _stdin_lines(eager=bool(args.jsonl))
    warnings = start_warnings(shell)

    writer = _writer(args, shell)
    # SIGHUP and SIGTERM: handled (autosave, then 129/143) only with --autosave or porcelain schema 2
    # (whose last record is always the exit); otherwise they keep their default action, but a sweep
    # stops its workers, says what it kept, and exits 129/143.
    terminating = shell.persistence.autosave or (writer is not None and writer.capture is not None)
    signals.install(terminating=terminating, rescue=rescue(shell, writer), culprit=shell.problems.culprit)
    if not terminating:
        signals.end_sweeps_cleanly()
    try:
        status = run_script(shell, lines, source, sys.stdout, sys.stderr,
                            echo=args.echo, stop_on_error=args.stop_on_error, warnings=warnings, writer=writer,
                            first=first)
    except KeyboardInterrupt:  # Ctrl-C or a signal between two commands: the script did not close the shell
        status = leave(shell, EXIT_INTERRUPTED, writer)
    signum = signals.received()
    if signum is not None and status != EXIT_SAVE_FAILED:
        status = signals.exit_status(signum)
    return _ended(writer, status)


def _writer(args: argparse.Namespace, shell: Shell) -> JsonWriter | None:
    """The porcelain writer of a script run with ``--jsonl`` (None: the plain output): schema 2's,
    made at the start (:func:`main`), told which plugins bring games and whose game is played."""
    if not args.jsonl:
        return None
    writer = _PORCELAIN[-1] if _PORCELAIN else JsonWriter(sys.stdout, sys.stderr, args.jsonl)

    def playing() -> str | None:
        current = shell.current
        return None if current is None else shell.registry.game_plugins.get(current.id)

    writer.plugin = playing
    writer.games = shell.registry.game_plugin_names
    return writer


def leave(shell: Shell, status: int, writer: JsonWriter | None = None) -> int:
    """Close ``shell`` after a signal or Ctrl-C, printing the autosave's notes and
    failed saves without ever failing (as records of ``writer`` when given);
    ``status``, or :data:`EXIT_SAVE_FAILED` when a save failed in this session.
    """
    reported = len(shell.save_failures)
    notes = [fitted(note, shell.front_end.fit_width) for note in shell.close()]
    failures = shell.save_failures[reported:]
    if writer is None:
        signals.say(notes)
        for problem in failures:
            _stderr_line(say("script.save-failed", problem=problem))
    else:
        with signals.deferred():
            try:
                writer.save_failed(failures)
                writer.closed(notes)
            except OutputFailed:
                pass  # the exit status tells what is left to tell
    return EXIT_SAVE_FAILED if shell.save_failures else status


def rescue(shell: Shell, writer: JsonWriter | None) -> signals.Rescue:
    """What the signal handlers run before ending the process
    (:func:`cardshell.signals.give_up`): abandon the running command, :func:`leave`,
    and the porcelain output's exit status.
    """
    def run(status: int) -> int:
        shell.abandon_command()
        return _ended(writer, leave(shell, status, writer))

    return run


def _ended(writer: JsonWriter | None, status: int) -> int:
    """The status of a script run, written last by ``--jsonl``; :data:`EXIT_OUTPUT` when it cannot be written."""
    if writer is not None and status != EXIT_OUTPUT:
        try:
            writer.exit(status)
        except OutputFailed:
            return EXIT_OUTPUT
    return status


def namespace_problem(package: object) -> Text | None:
    """Why cardshell cannot run when ``package`` (the ``cardshell`` module as
    imported) is a namespace package, or None.

    A folder named ``cardshell`` without ``__init__.py`` first on the path (a
    checkout's root, with ``python -m cardshell`` run from its parent) makes
    every plugin fail with "cannot import name ... (unknown location)"; the
    message names the folder and what to do.
    """
    if package is None or getattr(package, "__file__", None) is not None:
        return None
    folders = ", ".join(str(folder) for folder in getattr(package, "__path__", []))
    return say("cli.namespace-package", folders=folders or say("cli.unknown-folder"))


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def _stdin_lines(*, eager: bool = False) -> Iterable[str]:
    """Standard input as script lines (:func:`cardshell.script.read_lines`), never raising for what it holds.

    Universal newlines as a script file; undecodable bytes become U+FFFD, so
    the line is rejected with its number; none when stdin is closed (``<&-``).
    ``eager`` (the porcelain, whose client waits for each answer): a line
    ended by a lone CR is given at once (:func:`cardshell.rawlines.eager_lines`).
    """
    stdin = sys.stdin
    if stdin is None:
        return []
    own = _own_stdin(stdin)
    if own is not None:
        if eager:
            from cardshell.rawlines import eager_lines

            return _kept(own, eager_lines(own.fileno(), MAX_LINE_LENGTH))
        return read_lines(own)
    reconfigure = getattr(stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace", newline=None)
    return read_lines(stdin)


def _kept(stream: TextIO, lines: Iterator[str]) -> Iterator[str]:
    """``lines``, read from ``stream``'s descriptor, with ``stream`` kept open while they are read."""
    with stream:
        yield from lines


def _own_stdin(stdin: TextIO) -> TextIO | None:
    """A new stream on a copy of stdin's descriptor, descriptor 0 pointed at
    ``os.devnull`` so plugin code never consumes the script's lines; None
    (nothing changed) when that cannot be done.
    """
    try:
        if stdin.fileno() != 0:
            return None
        copy = os.dup(0)
    except (OSError, ValueError, AttributeError):
        return None
    try:
        devnull = os.open(os.devnull, os.O_RDONLY)
        try:
            os.dup2(devnull, 0)
        finally:
            os.close(devnull)
    except OSError:
        os.close(copy)
        return None
    return open(copy, encoding=stdin.encoding or "utf-8", errors="replace", newline=None)  # noqa: SIM115


def _stderr_line(text: Text) -> None:
    """One line on stderr, if it is open, made printable."""
    if sys.stderr is not None:
        try:
            print(screen.printable(text_of(text)), file=sys.stderr)
        except (OSError, ValueError):
            pass


def _error(message: Text) -> None:
    """A usage problem on stderr, if it is open (never on stdout), made printable; with
    porcelain schema 2, also an ``error`` record."""
    problem = say("cli.problem", problem=message_of(message) or text_of(message))
    stream = sys.stderr
    if _PORCELAIN:
        writer = _PORCELAIN[-1]
        try:
            writer.problem(problem)
        except OutputFailed:
            pass
        stream = writer.err.stream if writer.capture is not None else stream
    if stream is not None:
        try:
            print(screen.printable(problem.text), file=stream)
            stream.flush()
        except (OSError, ValueError):
            pass


def _same_file(path: str, stream: TextIO | None) -> bool:
    try:
        return stream is not None and os.path.samestat(os.stat(path), os.fstat(stream.fileno()))
    except (OSError, ValueError, AttributeError):  # no such file yet; no file descriptor
        return False


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
