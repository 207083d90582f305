"""The script front end: commands read from a file or piped stdin.

No prompt_toolkit at all (prompt_toolkit issues 502 and 1239): lines are read
plainly.  Blank lines and ``#`` comments are skipped; CRLF line ends and
trailing spaces are accepted.  With ``echo`` each command is printed after
the prompt an interactive session would show, so the output reads like a
transcript.  Every rejected command is reported on stderr as
``FILE:LINE: message`` (each line of a multi-line message so prefixed).
Ctrl-C stops the script, at the command it interrupts or between commands.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from cardshell.shell import Shell

#: Exit status: every command was accepted.
EXIT_OK = 0
#: Exit status: at least one command was rejected.
EXIT_REJECTED = 1
#: Exit status: usage error (unknown option, missing file).
EXIT_USAGE = 2
#: Exit status: stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def run_script(
    shell: Shell,
    lines: Iterable[str],
    source: str,
    out: TextIO,
    err: TextIO,
    *,
    echo: bool = False,
    stop_on_error: bool = False,
) -> int:
    """Run every line of a script through the shell.

    Args:
        shell (Shell): the shell to run in.
        lines (Iterable[str]): the script's lines (with or without line ends).
        source (str): the name used in error reports (a path or ``<stdin>``).
        out (TextIO): receives command output.
        err (TextIO): receives ``SOURCE:LINE: message`` reports and warnings.
        echo (bool): print ``PROMPT COMMAND`` before each command's output.
        stop_on_error (bool): stop at the first rejected command.

    Returns:
        int: :data:`EXIT_OK` if every command was accepted, else
        :data:`EXIT_REJECTED`; :data:`EXIT_INTERRUPTED` when Ctrl-C
        stopped a command (it is reported like a rejected one, and no later
        line is run).  EOF, in or out of a game, ends cleanly;
        at EOF and on ``exit`` the shell is closed (:meth:`Shell.close`:
        games in progress are saved when autosave is on, which for a script
        it is only with ``cardshell --autosave``), and what was saved is
        printed on ``out``.
    """
    status = EXIT_OK
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if echo:
            out.write(f"{shell.prompt_text()}{text}\n")
        reply = shell.execute(text)
        if reply.output:
            out.write(reply.output + "\n")
        out.flush()
        for warning in reply.warnings:
            err.write(f"{source}:{number}: warning: {warning}\n")
        if not reply.ok:
            for message_line in (reply.error or "").splitlines() or [""]:
                err.write(f"{source}:{number}: {message_line}\n")
            err.flush()
            status = EXIT_REJECTED
            if reply.interrupted:
                status = EXIT_INTERRUPTED
                break
            if stop_on_error:
                break
        if shell.exiting:
            break
    for note in shell.close():
        out.write(note + "\n")
    out.flush()
    return status
