"""The script front end: commands read from a file or piped stdin.

No prompt_toolkit at all (prompt_toolkit issues 502 and 1239): lines are read
plainly.  Blank lines and ``#`` comments are skipped; trailing spaces are
accepted.  A file and stdin are split into lines the same way (universal
newlines, :func:`read_lines`): ``\\n``, ``\\r\\n`` and a lone ``\\r`` each end
a line.  A line longer than :data:`MAX_LINE_LENGTH` is refused, with its
number, and the run goes on; reading it takes memory bounded by that limit.
With ``echo`` each command is printed after the prompt an interactive
session would show, so the output reads like a transcript.  Every rejected
command is reported on stderr as one ``FILE:LINE: message`` report: the
first line of a multi-line message so prefixed, the others indented by
:data:`CONTINUATION` (so ``grep FILE:`` counts rejected commands).  Ctrl-C stops the script, at the command
it interrupts or between commands.  When stdout or stderr cannot be written
(closed, full, its reader gone) the run stops there, the shell is closed
(autosave), and the status is :data:`EXIT_OUTPUT`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TextIO

from cardshell import screen
from cardshell.pipes import GuardedStream, OutputFailed
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
#: Exit status: stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130

#: The longest line a script (or the interactive prompt) accepts, in
#: characters, not counting the line end: 64 Ki characters, far more than
#: any command needs.  A longer line is refused and not run.
MAX_LINE_LENGTH = 65_536


def read_lines(stream: TextIO, limit: int = MAX_LINE_LENGTH) -> Iterator[str]:
    """The lines of a text stream, in memory bounded by ``limit``.

    Args:
        stream (TextIO): opened with universal newlines (``newline=None``,
            so ``\\n``, ``\\r\\n`` and ``\\r`` end a line alike).
        limit (int): the longest line accepted, in characters.

    Yields:
        str: each line, with its line end.  For a line longer than
        ``limit``, only its first ``limit + 1`` characters (no line end),
        as soon as they are read, so that :func:`too_long` recognises it;
        the rest of that line is read in pieces of at most ``limit + 1``
        characters and dropped (``cardshell </dev/zero`` runs in bounded
        memory).  One item per line, so line numbers stay right.
    """
    while True:
        line = stream.readline(limit + 1)
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


def run_script(
    shell: Shell,
    lines: Iterable[str],
    source: str,
    out: TextIO | None,
    err: TextIO | None,
    *,
    echo: bool = False,
    stop_on_error: bool = False,
    warnings: Iterable[str] = (),
    first: int = 1,
) -> int:
    """Run every line of a script through the shell.

    Args:
        shell (Shell): the shell to run in.
        lines (Iterable[str]): the script's lines (with or without line
            ends), e.g. :func:`read_lines` of a file.
        source (str): the name used in error reports (a path or ``<stdin>``).
        out (TextIO | None): receives command output; None when stdout was
            closed before the start.
        err (TextIO | None): receives ``SOURCE:LINE: message`` reports and
            warnings; None when closed.
        echo (bool): print ``PROMPT COMMAND`` before each command's output.
        stop_on_error (bool): stop at the first rejected command.
        warnings (Iterable[str]): lines for ``err`` before the first
            command (plugins that failed to load).
        first (int): the number of the first line in reports (0 when it is
            the command line's ``play GAME`` before the lines of stdin).

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
    out_stream, err_stream = GuardedStream(out, "stdout"), GuardedStream(err, "stderr")
    status = EXIT_OK
    number, ran = 0, False
    try:
        for warning in warnings:
            err_stream.write(warning + "\n")
        for number, raw in enumerate(lines, start=first):
            ran = False
            if too_long(raw):
                err_stream.write(f"{source}:{number}: line too long (over {MAX_LINE_LENGTH:,} characters); "
                                 "it was not run\n")
                err_stream.flush()
                status = EXIT_REJECTED
                if stop_on_error:
                    break
                continue
            text = raw.rstrip("\r\n").strip()
            if not text or text.startswith("#"):
                continue
            if echo:
                out_stream.write(f"{shell.prompt_text()}{text}\n")
            reply = shell.execute(text)
            ran = True
            if reply.output:
                out_stream.write(reply.output + "\n")
            out_stream.flush()
            for warning in reply.warnings:
                err_stream.write(format_report(source, number, f"warning: {warning}"))
            if not reply.ok:
                err_stream.write(format_report(source, number, reply.error or ""))
                status = EXIT_REJECTED
                if reply.interrupted:
                    status = EXIT_INTERRUPTED
            err_stream.flush()
            if reply.interrupted or (stop_on_error and not reply.ok) or shell.exiting:
                break
    except OutputFailed as failure:
        where = (f"at {source}:{number}, {'after' if ran else 'before'} running that line" if number
                 else "before the first line")
        report = [f"cardshell: {failure}: the script stopped {where}", *_fitted(shell, shell.close())]
        _report(out_stream if failure.name == "stderr" else err_stream, report)
        return EXIT_OUTPUT
    notes = _fitted(shell, shell.close())
    try:
        for note in notes:
            out_stream.write(note + "\n")
        out_stream.flush()
    except OutputFailed as failure:
        _report(err_stream, [f"cardshell: {failure}: at the end of the script", *notes])
        return EXIT_OUTPUT
    return status


def format_report(source: str, number: int, message: str) -> str:
    """One ``FILE:LINE: message`` report, continuation lines indented.

    Args:
        source (str): the script's name (a path or ``<stdin>``).
        number (int): the line number, from 1.
        message (str): the message, possibly of several lines.

    Returns:
        str: ``<stdin>:2: Error in option: F 9\\n  Invalid option.\\n``...,
        each line ending with a newline.
    """
    first, *rest = message.splitlines() or [""]
    return "".join([f"{source}:{number}: {first}\n", *(f"{CONTINUATION}{line}\n" for line in rest)])


def _report(stream: GuardedStream, lines: list[str]) -> None:
    """Write lines to the stream that still works, if it does."""
    try:
        for line in lines:
            stream.write(line + "\n")
        stream.flush()
    except OutputFailed:
        pass  # both streams failed: the exit status is all that is left


def _fitted(shell: Shell, notes: list[str]) -> list[str]:
    """The lines :meth:`Shell.close` returned (what was saved), each fitted
    to the shell's screen (:attr:`Shell.fit_width`; unchanged when the
    output goes to no screen), continuation lines indented."""
    return [screen.wrap(note, shell.fit_width, "  ") for note in notes]
