"""The interactive front end: a prompt_toolkit REPL, used when stdin is a terminal.

The prompt names the current game; Tab completes (:mod:`cardshell.completion`),
and on an empty line lists the commands valid now and inserts nothing, so
Tab Tab Enter never runs the menu's first entry (``exit``).  History is
kept in the data directory.  A host document taller than the terminal is
paged; a game's own display never is, so the board stays last on screen.
Unless ``--no-autosave``, games in progress are saved on ``exit``, Ctrl-D,
SIGHUP and SIGTERM.  The player is asked before a command abandons a game
with moves.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession, prompt
from prompt_toolkit.application import get_app, run_in_terminal
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.lexers import Lexer
from prompt_toolkit.shortcuts import clear
from prompt_toolkit.styles import Style
from prompt_toolkit.validation import Validator

from cardshell import help as helptext
from cardshell import layout, messages, pager, parsers, saves, screen, signals
from cardshell.completion import CommandCheck, candidates, describe, first_words, natural
from cardshell.context import FrontEnd
from cardshell.history import BoundedHistory
from cardshell.progress import ProgressLine
from cardshell.render import Text, for_terminal, laid, message_of, text_of
from cardshell.reply import Reply
from cardshell.script import EXIT_SAVE_FAILED, MAX_LINE_LENGTH, fitted, too_long
from cardshell.session import GameSession
from cardshell.shell import Shell
from cardshell.statusline import active, close_all, spinner

#: A red-suit card as the built-in games write one: ``10♥``/``Q♦`` (Aces Up,
#: Thumb and Pouch), a Unicode playing-card glyph of hearts or diamonds
#: (U+1F0B1..U+1F0BF with the red joker, U+1F0C1..U+1F0CE: Pictures,
#: Up-and-Down; not U+1F0CF, the black joker) or a
#: Blackjack name (``10-HEART``, ``QUEEN-DIAMOND``).
_RED_CARD = re.compile(r"(?:10|[2-9AJQK])[♥♦]|[\U0001F0B1-\U0001F0BF\U0001F0C1-\U0001F0CE]"
                       r"|\b(?:ACE|KING|QUEEN|JACK|10|[2-9])-(?:HEART|DIAMOND)\b")
_RED, _BOLD_RED, _RESET = "\x1b[31m", "\x1b[1;31m", "\x1b[0m"


class ShellCompleter(Completer):
    """prompt_toolkit completer over :func:`cardshell.completion.candidates`."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        found, partial = candidates(self.shell, text)
        for word in found:
            yield Completion(word, start_position=-len(partial), display_meta=describe(self.shell, text, word))


#: The style class of a first word that can name no command (:class:`CommandLexer`).
UNKNOWN_COMMAND = "class:command.unknown"
#: The prompt's styles: an unknown command in red, as fish shows it (no
#: colour under ``NO_COLOR``, which prompt_toolkit honours).
STYLE = Style.from_dict({"command.unknown": "ansired"})


class CommandLexer(Lexer):
    """Styles the line as it is typed: the first word :data:`UNKNOWN_COMMAND`
    when it can name no command here (:class:`cardshell.completion.CommandCheck`),
    everything else plain."""

    def __init__(self, shell: Shell) -> None:
        self.check = CommandCheck(shell)

    def lex_document(self, document: Document) -> Callable[[int], StyleAndTextTuples]:
        lines = document.lines
        unknown = bool(lines) and self.check.unknown(lines[0])

        def line_fragments(number: int) -> StyleAndTextTuples:
            if number >= len(lines):
                return []
            line = lines[number]
            if number or not unknown:
                return [("", line)] if line else []
            start = len(line) - len(line.lstrip())
            end = start + len(line[start:].split(maxsplit=1)[0])
            return [(style, text) for style, text in (("", line[:start]), (UNKNOWN_COMMAND, line[start:end]),
                                                      ("", line[end:])) if text]

        return line_fragments


def listing(shell: Shell, width: int) -> str:
    """What Tab on an empty line prints: the words offered now, unique, in columns of ``width``."""
    return layout.grid(sorted(set(first_words(shell, with_patterns=False)), key=natural), width)


def key_bindings(shell: Shell) -> KeyBindings:
    """The prompt's own keys: Tab on a blank line prints :func:`listing` instead of opening the menu."""
    bindings = KeyBindings()
    empty = Condition(lambda: not get_app().current_buffer.text.strip())

    @bindings.add("tab", filter=empty)
    def _list_commands(event: KeyPressEvent) -> None:
        text = listing(shell, event.app.output.get_size().columns)
        if text:
            run_in_terminal(lambda: say(text))

    return bindings


def say(text: Text, stream: Any = None, *, colours: bool = False, width: int | None = None) -> None:
    """Print ``text`` and a newline, made printable first (:func:`cardshell.screen.printable`),
    a host message laid out for the screen (:func:`cardshell.render.for_terminal`).

    Every text of this front end goes through here or the pager, so no control
    character from a file or a plugin reaches the terminal.

    Args:
        stream: where to print (``sys.stderr``); None: ``sys.stdout``.
        colours: the text holds this front end's own SGR colours, kept.
        width: the screen's width; None: the terminal's (:func:`cardshell.screen.size`).
    """
    shown = for_terminal(text, screen.size().columns if width is None else width)
    print(screen.printable(shown, colours=colours), file=sys.stdout if stream is None else stream)


def use_colour(stream: Any) -> bool:
    """Colour only on a terminal and only when ``NO_COLOR`` is unset (no-color.org)."""
    return not os.environ.get("NO_COLOR") and hasattr(stream, "isatty") and stream.isatty()


def colourise(text: str) -> str:
    """Wrap each red-suit card of a reply's output in ``ESC[31m`` ... ``ESC[0m``.

    Red cards are ``10♥``, ``Q♦``, the glyph 🂱 and ``10-HEART`` (:data:`_RED_CARD`).
    Called only here, when :func:`use_colour` allows.
    """
    return _RED_CARD.sub(lambda m: f"{_RED}{m.group(0)}{_RESET}", text)


def _progress(iterable: Iterable[Any], total: int | None = None, label: Text = "") -> Iterator[Any]:
    """``CommandContext.progress`` at the terminal: one progress line on stderr, wiped at the end."""

    if total is None and hasattr(iterable, "__len__"):
        total = len(iterable)  # type: ignore[arg-type]
    line = ProgressLine(total, screen.printable(text_of(label or messages.say("terminal.working"))),
                        messages.say("terminal.items"), stream=sys.stderr)
    try:
        for item in iterable:
            yield item
            line.advance(1)
    finally:
        line.close()


def run_interactive(shell: Shell, history_path: Path | None, *, pager: bool = True,
                    first: str | None = None) -> int:
    """Read, run and print until ``exit``, Ctrl-D at the top level, SIGHUP or SIGTERM.

    ``shell`` is made with :func:`front_end`; ``history_path`` None keeps no
    history; ``pager`` False is ``--no-pager``; ``first`` is a line run before
    the first prompt (``cardshell play GAME``).

    Returns:
        0; 128 + the signal number after SIGHUP or SIGTERM (games saved
        first); 74 when a game could not be saved.
    """
    signals.install(rescue=lambda status: _leave(shell, status, abandon=True), culprit=shell.problems.culprit)
    try:
        _read_eval_print(shell, history_path, pager, first)
    except signals.Terminated:  # between two lines: leave as 'exit' would
        pass
    status = _leave(shell, 0)  # from here a signal only changes the exit status
    signum = signals.received()
    return status if signum is None or status == EXIT_SAVE_FAILED else signals.exit_status(signum)


def _leave(shell: Shell, status: int, abandon: bool = False) -> int:
    """Close the shell (abandoning the running command if ``abandon``); ``status``, or 74 if a save failed."""
    if abandon:
        shell.abandon_command()
    reported = len(shell.save_failures)
    signals.say([fitted(note, shell.width) for note in shell.close()])
    for problem in shell.save_failures[reported:]:
        try:
            text = messages.say("script.save-failed", problem=problem)
            print(laid(text, shell.width, "  "), file=sys.stderr)
        except (OSError, ValueError, AttributeError):  # the terminal is gone
            pass
    return EXIT_SAVE_FAILED if shell.save_failures else status


def _read_eval_print(shell: Shell, history_path: Path | None, use_pager: bool = True,
                     first: str | None = None) -> None:
    """The loop of :func:`run_interactive`; returns when the shell should close.

    Up and Down search the history for lines starting with what is typed, and
    the rest of the latest one is suggested after the cursor (fish, IPython).
    """
    chosen = pager.choose(os.environ, enabled=use_pager)
    history, problem = open_history(history_path)
    session: PromptSession[str] = PromptSession(history=history, completer=ShellCompleter(shell),
                                                complete_while_typing=False, validator=LINE_LENGTH,
                                                validate_while_typing=False, key_bindings=key_bindings(shell),
                                                enable_history_search=True, auto_suggest=AutoSuggestFromHistory(),
                                                lexer=CommandLexer(shell), style=STYLE)
    colour = use_colour(sys.stdout)
    say(laid(BANNER, shell.width))
    for failure in shell.failures:
        say(messages.say("terminal.plugin-failed", failure=failure.describe()), sys.stderr)
    for note in shell.notes:
        say(laid(messages.say("terminal.warning", warning=note), shell.width), sys.stderr)
    if problem is not None:
        say(laid(messages.say("terminal.warning", warning=problem), shell.width), sys.stderr)
    for line in offered_saves(shell):
        say(fitted(line, shell.width))
    pending = [first] if first else []
    while not shell.exiting and signals.received() is None:
        try:
            line = pending.pop() if pending else session.prompt(screen.printable(shell.prompt_text()))
        except KeyboardInterrupt:
            continue
        except OSError:  # the terminal is gone (EIO after a hangup): end as 'exit' does, the games saved
            break
        except EOFError:
            left = shell.lifecycle.leave(abandon=False)
            if left is None:
                break
            say(left_line(left))
            continue
        signals.restore_interrupt()
        signals.acted()  # the last line's Ctrl-C was acted on: back at the prompt
        try:
            try:
                with _keys_kept(sys.stdin):
                    reply = shell.execute(line)
            finally:
                close_all()  # no status line outlives its command, however it ended
            if reply.output:
                shown = screen.printable(reply.output)  # a Printable already: a board keeps its colours
                # a game's own display is never paged: shown whole, the terminal scrolls
                pager.show(colourise(shown) if colour else shown, chosen if reply.pageable else pager.Pager("off"),
                           screen.size().lines)
            for warning in reply.warned:
                say(laid(messages.say("terminal.warning", warning=warning), shell.width, "  "), sys.stderr)
            if not reply.ok:
                message = screen.printable(reply.error or "")
                say(f"{_BOLD_RED}{message}{_RESET}" if colour else message, colours=colour)
            elif reply.steps and reply.follow_up:
                with _KeysAtOnce(sys.stdin) as key_within:
                    last = play_steps(shell, reply.follow_up, lambda text: say(
                        colourise(screen.printable(text)) if colour else text, colours=colour), key_within,
                        STEP_SECONDS if reply.pace is None else reply.pace)
                if last:
                    say(fitted(last, shell.width))
        except KeyboardInterrupt:  # Ctrl-C while a reply is shown: stop showing it, go on
            if signals.received() is not None:
                break
            print()


#: Seconds between two steps of ``solve --play`` at a terminal, unless the
#: command asks for another pace (``solve --play --pace S``: ``Reply.pace``).
STEP_SECONDS = 0.5
#: The keys that change the pace of the steps: halve or double the pause,
#: between :data:`FASTEST` and :data:`SLOWEST` seconds.
FASTER, SLOWER = "+=", "-_"
FASTEST, SLOWEST = 0.05, 10.0


def play_steps(shell: Shell, lines: list[str], show: Callable[[str], None],
               key_within: Callable[[float], str], pause: float = STEP_SECONDS) -> Text:
    """Play ``lines``, a command's steps (``solve --play``), at a readable pace.

    Each line runs as if typed after ``pause`` seconds and ``show`` prints it
    with its output.  :data:`FASTER` or :data:`SLOWER` during a pause halves or
    doubles the pause; any other key (``key_within(seconds)`` returns it, or
    ""), Ctrl-C or a rejected line stops the rest.

    Returns:
        The last line to print (moves played and how to go on when stopped);
        "" when every step was played and the game is over.
    """
    total = len(lines)
    for index, line in enumerate(lines):
        try:
            key = key_within(pause)
        except KeyboardInterrupt:  # Ctrl-C is a key too; a terminating signal is not
            if signals.received() is not None:
                raise
            key = "\x03"
        if key and key in FASTER:
            pause = max(pause / 2, FASTEST)
        elif key and key in SLOWER:
            pause = min(pause * 2, SLOWEST)
        elif key:
            return messages.say("terminal.steps-stopped", done=index, total=total,
                                solve=shell.lifecycle.host_word("solve"))
        step: Reply = shell.execute_step(line)
        # printable: a board keeps its colours
        show(screen.compose([messages.say("command.step", line=line).text, step.output], None))
        for warning in step.warned:
            say(laid(messages.say("terminal.warning", warning=warning), shell.width, "  "), sys.stderr)
        if not step.ok:
            return messages.say("terminal.step-rejected", done=index, total=total, line=repr(line),
                                error=step.error)
    current = shell.current
    if current is not None and current.outcome is not None:
        return ""
    return messages.say("terminal.steps-played" if total != 1 else "terminal.steps-played-one", total=total)


@contextlib.contextmanager
def _keys_kept(stream: Any) -> Iterator[None]:
    """While a command runs, keys typed ahead are not echoed but stay unread for the next prompt.

    The terminal's ``ECHO`` is off (Ctrl-C still interrupts) and is put back
    however the block ends, without discarding input; not a terminal: nothing.
    """
    import termios  # POSIX only, like the terminal modes it sets

    try:
        fd = stream.fileno()
        saved = termios.tcgetattr(fd)
    except (AttributeError, ValueError, OSError, termios.error):
        yield
        return
    quiet = list(saved)
    quiet[3] &= ~termios.ECHO  # the local modes
    try:
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except termios.error:
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fd, termios.TCSANOW, saved)


class _KeysAtOnce:
    """While the block runs, keys reach this process at once (cbreak mode); the value is ``key_within``.

    ``key_within(seconds)`` waits for a key with :func:`select.select` and
    returns its first character, "" when none came.  The terminal's mode is put
    back however the block ends; where the input is no terminal it only sleeps.
    """

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.fd = -1
        self.saved: Any = None

    def __enter__(self) -> Callable[[float], str]:
        import termios  # POSIX only, like the terminal modes it sets
        import tty

        try:
            self.fd = self.stream.fileno()
            self.saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)
        except (AttributeError, ValueError, OSError, termios.error):
            self.saved = None
        return self.key_within

    def key_within(self, seconds: float) -> str:
        if self.saved is None:
            time.sleep(seconds)
            return ""
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if ready:
            typed = os.read(self.fd, 1024).decode("utf-8", "replace")
            return typed[:1] or "\x04"  # nothing read: the terminal closed, which stops the steps
        return ""

    def __exit__(self, *exc: Any) -> None:
        if self.saved is not None:
            import termios

            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)


def _spinner(label: Text) -> Any:
    """``FrontEnd.working`` at the terminal: an elapsed-time spinner on stderr, if stderr is one."""
    if not active(sys.stderr):
        return contextlib.nullcontext()
    return spinner(screen.printable(text_of(label)), sys.stderr)


def left_line(session: GameSession) -> Text:
    """What Ctrl-D in a game says: the game's true state and how to go on.

    ``Left Aces Up (still in progress: 'play aces-up' resumes it).``, or for a
    game that ended ``Left Aces Up (over: won; 'play aces-up' deals a new game).``
    """
    if session.outcome is None:
        return messages.say("terminal.left-in-progress", title=session.game.title, game=session.id)
    return messages.say("terminal.left-over", title=session.game.title, result=session.outcome.result,
                        game=session.id)


def front_end() -> FrontEnd:
    """The terminal's settings for a shell: interactive, confirming, with progress line, spinner and paced steps."""
    return FrontEnd(interactive=True, confirm=_confirm, progress=_progress, working=_spinner, pace=True,
                    clear_screen=clear)


def _confirm(question: Text) -> bool:
    """Ask a yes/no question; only ``y`` or ``yes`` is yes (Enter, Ctrl-C and Ctrl-D are no)."""

    try:
        # wrapped between words, so '[y/N]' stays whole; a column kept for the answer
        asked = laid(messages.say("terminal.confirm", question=message_of(question) or text_of(question)),
                     screen.size().columns - 1).text
        answer = prompt(screen.printable(asked if asked.endswith(" ") else f"{asked} "))
    except signals.Terminated:
        raise
    except (KeyboardInterrupt, EOFError):
        return False
    return answer.strip().lower() in ("y", "yes")


#: The first line at a terminal.
BANNER = messages.say("terminal.banner")


#: Refuses a line over :data:`cardshell.script.MAX_LINE_LENGTH` characters
#: when Enter is pressed: the message shows under the prompt, the line stays
#: to be edited (Ctrl-C drops it), and it is neither run nor kept in history.
LINE_LENGTH = Validator.from_callable(
    lambda text: not too_long(text),
    error_message=messages.say("terminal.line-too-long", limit=f"{MAX_LINE_LENGTH:,}").text,
    move_cursor_to_end=True,
)


def open_history(path: Path | None) -> tuple[History, Text | None]:
    """The prompt's history: the file, or this session's only when the file cannot be used.

    Args:
        path: the history file (its directory is created), None for
            ``--no-history``.

    Returns:
        A :class:`cardshell.history.BoundedHistory` on ``path``, or an
        ``InMemoryHistory`` and the reason to show when the file cannot be
        read and appended to (a directory, a FIFO, no permission).  The check
        never blocks (``O_NONBLOCK``, then ``fstat``).
    """
    if path is None:
        return InMemoryHistory(), None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o600)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return InMemoryHistory(), messages.say("terminal.no-history-file", path=path)
        finally:
            os.close(fd)
        with open(path, "ab"), open(path, "rb"):
            pass
    except OSError as exc:
        return InMemoryHistory(), messages.say("terminal.no-history", path=exc.filename or path,
                                               error=exc.strerror or exc)
    return BoundedHistory(path), None


def offered_saves(shell: Shell) -> list[Text]:
    """The lines offering the automatic saves at start and reporting bad saves; none with autosave off."""
    if not shell.persistence.autosave:
        return []
    resumable: list[str] = []
    problems: list[Text] = []
    for key, found in saves.list_saves(shell.data_dir):
        name = saves.plain_name(key)
        if isinstance(found, saves.SaveError):
            problems.append(messages.say("terminal.save-skipped", problem=found.message))
        elif found.game not in shell.games:
            problems.append(messages.say("terminal.save-not-installed", name=parsers.clipped(repr(name)),
                                         game=parsers.clipped(repr(found.game))))
        elif saves.is_automatic(key) and found.log:
            resumable.append(messages.say("terminal.saved-game", name=name, seed=found.seed,
                                          moves=helptext.moves(len(found.log))).text)
    lines = problems
    if resumable:  # the last item with its end: never split
        resumable[-1] = messages.say("terminal.saved-game-last", game=resumable[-1]).text
        lead = messages.say("terminal.saved-games").text
        listed = layout.wrap_list(lead, resumable, shell.width)
        if any(len(line) > shell.width for line in listed.split("\n")):
            # a save and its end wider than what the lead leaves: between words, two spaces in
            listed = layout.wrap(lead + ", ".join(resumable), shell.width, "  ")
        lines.append(listed)
    return lines
