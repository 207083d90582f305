"""The script front end: commands read from a file or piped stdin.

No prompt_toolkit at all (prompt_toolkit issues 502 and 1239): lines are read
plainly.  Blank lines and ``#`` comments are skipped; trailing spaces are
accepted.  A file and stdin are split into lines the same way (universal
newlines, :func:`read_lines`): ``\\n``, ``\\r\\n`` and a lone ``\\r`` each end
a line; a UTF-8 byte order mark before the first line is dropped.  A
line longer than :data:`MAX_LINE_LENGTH` is refused, with its number, and
the run goes on; reading it takes memory bounded by that limit.
With ``echo`` each command is printed after the prompt an interactive
session would show, so the output reads like a transcript.  Every rejected
command is reported on stderr as one ``FILE:LINE: message`` report: the
first line of a multi-line message so prefixed, the others indented by
:data:`CONTINUATION` (so ``grep FILE:`` counts rejected commands).  Ctrl-C stops the script, at the command
it interrupts or between commands.  When stdout or stderr cannot be written
(closed, full, its reader gone) the run stops there, the shell is closed
(autosave), and the status is :data:`EXIT_OUTPUT`.  Everything written
passes :func:`cardshell.screen.printable` (:class:`PrintableStream`): a
control character from a file or a plugin is shown escaped, never sent to
the terminal.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol, TextIO

from cardshell import layout, screen, signals
from cardshell.messages import say
from cardshell.pipes import GuardedStream, OutputFailed
from cardshell.render import Text, laid, message_of, text_of
from cardshell.reply import Reply

if TYPE_CHECKING:  # pragma: no cover - the shell is built above this module (cli, testing)
    from cardshell.shell import Shell

#: The indent of a report's continuation lines (the 2nd, 3rd... line of a message).
CONTINUATION = "  "

#: Exit status: every command was accepted.
EXIT_OK = 0
#: Exit status: at least one command was rejected.
EXIT_REJECTED = 1
#: Exit status: usage error (unknown option, missing file).
EXIT_USAGE = 2
#: Exit status: stdout or stderr could not be written (closed, full, or its
#: reader left, as in ``| head -1``); the run stopped there, after the
#: autosave.  74 is EX_IOERR of BSD's sysexits.h.
EXIT_OUTPUT = 74
#: Exit status: a game could not be saved (the autosave at exit, or
#: ``save``), reported on stderr with its cause; it wins over the others.
#: The same 74 as :data:`EXIT_OUTPUT`: a file could not be written.
EXIT_SAVE_FAILED = EXIT_OUTPUT
#: Exit status: stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = signals.EXIT_INTERRUPTED
#: Exit status: plugin code would not stop and the host gave up on it
#: (:func:`cardshell.signals.give_up`, after the autosave).
EXIT_ABANDONED = signals.EXIT_ABANDONED

#: The longest line a script (or the interactive prompt) accepts, in
#: characters, not counting the line end: 64 Ki characters, far more than
#: any command needs.  A longer line is refused and not run.
MAX_LINE_LENGTH = 65_536


class PrintableStream(GuardedStream):
    """The script front end's stdout or stderr: a :class:`GuardedStream`
    whose every text passes :func:`cardshell.screen.printable` (a reply's
    output arrives already printable, a board with its colours)."""

    def write(self, text: str) -> None:
        """Write text made printable.

        Raises:
            OutputFailed: as :meth:`GuardedStream.write`.
        """
        super().write(screen.printable(text))


#: The byte order mark as a character: dropped at the start of a script.
BOM = "\ufeff"


def read_lines(stream: TextIO, limit: int = MAX_LINE_LENGTH) -> Iterator[str]:
    """The lines of a text stream, in memory bounded by ``limit``.

    Args:
        stream (TextIO): opened with universal newlines (``newline=None``,
            so ``\\n``, ``\\r\\n`` and ``\\r`` end a line alike).
        limit (int): the longest line accepted, in characters.

    Yields:
        str: each line, with its line end, the first without a leading
        byte order mark (U+FEFF, which editors on Windows write at the start
        of a UTF-8 file).  For a line longer than
        ``limit``, only its first ``limit + 1`` characters (no line end),
        as soon as they are read, so that :func:`too_long` recognises it;
        the rest of that line is read in pieces of at most ``limit + 1``
        characters and dropped (``cardshell </dev/zero`` runs in bounded
        memory).  One item per line, so line numbers stay right.
    """
    first = True
    while True:
        line = stream.readline(limit + 1)
        if first and line.startswith(BOM):
            line = line[1:]
            if not line:  # a file holding only the mark
                line = stream.readline(limit + 1)
        first = False
        if not line:
            return
        yield line
        while too_long(line, limit):  # drop the rest of an overlong line
            line = stream.readline(limit + 1)
            if not line or line.endswith("\n"):
                break


def too_long(line: str, limit: int = MAX_LINE_LENGTH) -> bool:
    """Whether a line (its line end not counted) has more than ``limit`` characters."""
    return len(line) > limit and len(line.rstrip("\r\n")) > limit


class ScriptWriter(Protocol):
    """Where a script's results go: the plain text of :class:`PlainWriter`,
    or the JSON lines of :class:`cardshell.porcelain.JsonWriter`.

    Every method may raise :class:`~cardshell.pipes.OutputFailed` when its
    stream cannot be written.
    """

    def before(self, warnings: Sequence[Text]) -> None:
        """Lines before the first command: plugins that failed to load."""

    def echo(self, number: int, prompt: Text, line: str) -> None:
        """``--echo``: the prompt and the command, before its output."""

    def refused(self, number: int, message: Text) -> None:
        """A line refused unread (too long)."""

    def skipped(self, number: int, line: str) -> None:
        """Line ``number``, blank or a ``#`` comment (``line``, stripped), was read and not run."""

    def reply(self, number: int, line: str, reply: Reply) -> None:
        """What line ``number`` (``line``, stripped) produced."""

    def flush(self) -> None:
        """Flush what was written."""

    def closed(self, notes: Sequence[Text]) -> None:
        """What closing the shell said (the games saved), after the last line."""

    def save_failed(self, problems: Sequence[Text]) -> None:
        """Why each game that closing the shell could not save failed (for
        standard error), before :meth:`closed`."""

    def output_failed(self, failure: OutputFailed, where: Text, notes: Sequence[Text]) -> None:
        """A stream failed at ``where``: report it, and ``notes``, where
        something can still be written; never raises."""


class PlainWriter:
    """A script's results as text: command output on ``out``, one
    ``SOURCE:LINE: message`` report per rejected line and per warning on
    ``err`` (:func:`format_report`).

    Args:
        out: standard output; None when it was closed before the start.
        err: standard error; None when closed.
        source: the script's name in reports (a path or ``<stdin>``).
    """

    def __init__(self, out: TextIO | None, err: TextIO | None, source: str) -> None:
        self.out = PrintableStream(out, "stdout")
        self.err = PrintableStream(err, "stderr")
        self.source = source

    def before(self, warnings: Sequence[Text]) -> None:
        for warning in warnings:
            self.err.write(text_of(warning) + "\n")

    def echo(self, number: int, prompt: Text, line: str) -> None:
        self.out.write(text_of(prompt) + line + "\n")

    def refused(self, number: int, message: Text) -> None:
        self.err.write(format_report(self.source, number, message))
        self.err.flush()


    def skipped(self, number: int, line: str) -> None:
        """Nothing: the plain output says nothing of blank and comment lines."""
    def reply(self, number: int, line: str, reply: Reply) -> None:
        if reply.output:  # printable already (a board keeps its colours), and so is a newline: one write
            self.out.write(screen.Printable(reply.output + "\n"))
        self.out.flush()
        for warning in reply.warned:
            self.err.write(format_report(self.source, number, say("script.warning", warning=warning)))
        if not reply.ok:
            self.err.write(format_report(self.source, number, reply.error or ""))
        self.err.flush()

    def flush(self) -> None:
        self.out.flush()
        self.err.flush()

    def save_failed(self, problems: Sequence[Text]) -> None:
        for problem in problems:
            self.err.write(say("script.save-failed", problem=problem).text + "\n")
        self.err.flush()

    def closed(self, notes: Sequence[Text]) -> None:
        try:
            for note in notes:
                self.out.write(text_of(note) + "\n")
            self.out.flush()
        except OutputFailed as failure:
            self._report(failure, [say("script.output-failed-at-end", failure=str(failure)), *notes])
            raise

    def output_failed(self, failure: OutputFailed, where: Text, notes: Sequence[Text]) -> None:
        self._report(failure, [say("script.output-failed", failure=str(failure), where=where), *notes])

    def _report(self, failure: OutputFailed, lines: Sequence[Text]) -> None:
        """Write lines to the stream that did not fail, if it still works."""
        stream = self.out if failure.name == "stderr" else self.err
        try:
            for text in lines:
                stream.write(text_of(text) + "\n")
            stream.flush()
        except OutputFailed:
            pass  # both streams failed: the exit status is all that is left


def run_script(
    shell: Shell,
    lines: Iterable[str],
    source: str,
    out: TextIO | None,
    err: TextIO | None,
    *,
    echo: bool = False,
    stop_on_error: bool = False,
    warnings: Iterable[Text] = (),
    writer: ScriptWriter | None = None,
    first: int = 1,
) -> int:
    """Run every line of a script through the shell.

    Args:
        shell: the shell to run in.
        lines: the script's lines (with or without line ends), e.g.
            :func:`read_lines` of a file.
        source: the name used in error reports (a path or ``<stdin>``).
        out: receives command output; None when stdout was closed before
            the start.
        err: receives ``SOURCE:LINE: message`` reports and warnings; None
            when closed.
        echo: print ``PROMPT COMMAND`` before each command's output.
        stop_on_error: stop at the first rejected command.
        warnings: lines for ``err`` before the first command (plugins that
            failed to load).
        writer: where the results go instead of ``out`` and ``err`` as
            text (:class:`PlainWriter`): the porcelain output
            (:class:`cardshell.porcelain.JsonWriter`), a test's recorder.
        first: the number of the first line in reports (0 when it is the
            command line's ``play GAME`` before the lines of stdin).

    Returns:
        int: :data:`EXIT_OK` if every command was accepted, else
        :data:`EXIT_REJECTED`; :data:`EXIT_INTERRUPTED` when Ctrl-C
        stopped a command (it is reported like a rejected one, and no later
        line is run).  A line over :data:`MAX_LINE_LENGTH` characters is
        rejected unread.  EOF, in or out of a game, ends cleanly; at EOF
        and on ``exit`` the shell is closed (:meth:`Shell.close`: games in
        progress are saved when autosave is on, which for a script it is
        only with ``cardshell --autosave``), and what was saved is printed
        on ``out``.  :data:`EXIT_OUTPUT` when ``out`` or ``err`` failed:
        no later line is run, the shell is closed all the same, and the
        failure, the line it stopped at and what was saved are reported on
        the other stream if it still works.
    """
    if writer is None:
        writer = PlainWriter(out, err, source)
    status = EXIT_OK
    number, ran = 0, False
    try:
        writer.before(list(warnings))
        for number, raw in enumerate(lines, start=first):
            ran = False
            if too_long(raw):
                writer.refused(number, say("script.line-too-long", limit=f"{MAX_LINE_LENGTH:,}"))
                status = EXIT_REJECTED
                if stop_on_error:
                    break
                continue
            text = raw.rstrip("\r\n").strip()
            if not text or text.startswith("#"):
                writer.skipped(number, text)
                continue
            if signals.received() is not None:  # SIGHUP or SIGTERM swallowed on the way (a __del__)
                status = signals.exit_status(signals.received() or 0)
                break
            if echo:
                writer.echo(number, shell.prompt(), text)
            signals.acted()  # a Ctrl-C from now on stops this line, wherever it lands
            reply = shell.execute(text)
            ran = True
            writer.reply(number, text, reply)
            if not reply.ok:
                status = EXIT_REJECTED
            stopped = signals.pending()  # also when plugin code swallowed the signal and returned
            if reply.interrupted or stopped is not None:  # during the command or after it was accepted
                status = EXIT_INTERRUPTED if stopped in (None, signals.SIGINT) else signals.exit_status(stopped)
                break
            if (stop_on_error and not reply.ok) or shell.exiting:
                break
    except OutputFailed as failure:
        where = (say("script.stopped-at", source=source, number=number,
                     when="after" if ran else "before") if number else say("script.stopped-before-first"))
        reported = len(shell.save_failures)
        notes = _fitted(shell, shell.close())
        writer.output_failed(failure, where, [*notes, *(say("script.save-failed", problem=problem)
                                                        for problem in shell.save_failures[reported:])])
        return EXIT_OUTPUT
    reported = len(shell.save_failures)  # a failed 'save' command was reported at its line
    notes = _fitted(shell, shell.close())
    try:
        writer.save_failed(shell.save_failures[reported:])
        writer.closed(notes)
    except OutputFailed:
        return EXIT_OUTPUT
    return EXIT_SAVE_FAILED if shell.save_failures else status


def start_warnings(shell: Shell) -> list[Text]:
    """What a script says on standard error before its first line (the
    ``warnings`` of :func:`run_script`): each plugin refused at start
    (``cli.plugin-failed``), then each note about a plugin (``cli.warning``).

    Args:
        shell (Shell): the shell just made.
    """
    warnings: list[Text] = [say("cli.plugin-failed", failure=failure.describe()) for failure in shell.failures]
    return warnings + [say("cli.warning", note=note) for note in shell.notes]


def format_report(source: str, number: int, message: Text) -> str:
    """One ``FILE:LINE: message`` report, continuation lines indented.

    Args:
        source (str): the script's name (a path or ``<stdin>``).
        number (int): the line number, from 1.
        message (str): the message, possibly of several lines.

    Returns:
        str: ``<stdin>:2: Error in option: F 9\\n  Invalid option.\\n``...,
        each line ending with a newline.
    """
    first, *rest = text_of(message).splitlines() or [""]
    return "".join([say("script.report", source=source, number=number, message=first).text + "\n",
                    *(f"{CONTINUATION}{line}\n" for line in rest)])


def _fitted(shell: Shell, notes: list[Text]) -> list[Text]:
    """The lines :meth:`Shell.close` returned (what was saved), each fitted
    to the shell's screen (:attr:`cardshell.context.FrontEnd.fit_width`;
    unchanged when the output goes to no screen), continuation lines indented."""
    return [fitted(note, shell.front_end.fit_width) for note in notes]


def fitted(text: Text, width: int | None, indent: str = "  ") -> Text:
    """``text`` wrapped to ``width`` (:class:`cardshell.render.Layout`), its
    continuation lines indented; a host message keeps its id and arguments
    (:class:`cardshell.render.Laid`).

    Args:
        text (str): a line, or a :class:`~cardshell.messages.HostMessage`.
        width (int | None): the most characters per line; None: unchanged.
        indent (str): put before each continuation line.
    """
    message = message_of(text)
    if message is not None:
        return laid(message, width, indent)
    return layout.wrap(text_of(text), width, indent)
