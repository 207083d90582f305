"""The pager (issue 27 item 2): a reply taller than the terminal is paged at
a terminal, as git does (``CARDSHELL_PAGER``, else ``PAGER``, else
``less -R``, else the built-in "-- more --"); never in scripts; off with
``--no-pager`` or an empty ``CARDSHELL_PAGER``.  The decision is tested
without a terminal; two tests drive a real pty with a small screen."""

from __future__ import annotations

import io
import shutil
import sys

import pytest

from cardshell import pager
from cardshell.pager import Pager, choose, needed
from terminal import spawn_cardshell

LESS = "/usr/bin/less"


def no_less(name):
    return None


def has_less(name):
    return LESS if name == "less" else None


@pytest.mark.parametrize(("env", "which", "expected"), [
    ({}, has_less, Pager("command", ("less", "-R"))),
    ({}, no_less, Pager("builtin")),
    ({"PAGER": "most -s"}, has_less, Pager("command", ("most", "-s"))),
    ({"PAGER": "  "}, has_less, Pager("command", ("less", "-R"))),  # an empty PAGER names none
    ({"PAGER": ""}, no_less, Pager("builtin")),
    ({"CARDSHELL_PAGER": "more", "PAGER": "most"}, has_less, Pager("command", ("more",))),
    ({"CARDSHELL_PAGER": "", "PAGER": "most"}, has_less, Pager("off")),  # empty: no pager at all
    ({"CARDSHELL_PAGER": "'unclosed", "PAGER": "most"}, has_less, Pager("command", ("most",))),
])
def test_the_pager_is_chosen_as_git_chooses_it(env, which, expected):
    assert choose(env, which=which) == expected


def test_no_pager_turns_it_off_whatever_the_environment():
    assert choose({"CARDSHELL_PAGER": "less", "PAGER": "less"}, enabled=False, which=has_less) == Pager("off")


def test_only_text_taller_than_the_screen_is_paged():
    """A screen of 24 lines shows 23 lines and the prompt after them."""
    assert not needed("\n".join(["x"] * 23), 24)
    assert needed("\n".join(["x"] * 24), 24)
    assert not needed("one line", 2)


def test_text_that_fits_is_printed_without_the_pager(tmp_path):
    marker = tmp_path / "ran"
    command = Pager("command", (sys.executable, "-c", f"open({str(marker)!r}, 'w')"))
    out = io.StringIO()
    pager.show("short\ntext", command, 24, out)
    assert out.getvalue() == "short\ntext\n"
    assert not marker.exists()


def test_a_tall_text_goes_to_the_pager_command_whole(tmp_path):
    received = tmp_path / "received"
    command = Pager("command", (sys.executable, "-c",
                                f"import sys; open({str(received)!r}, 'w').write(sys.stdin.read())"))
    text = "\n".join(f"line {n}" for n in range(1, 51))
    out = io.StringIO()
    pager.show(text, command, 24, out)
    assert received.read_text() == text + "\n"
    assert out.getvalue() == ""  # the pager showed it, not the shell


def test_a_failing_pager_falls_back_to_the_built_in_one_and_nothing_is_lost():
    command = Pager("command", (sys.executable, "-c", "import sys; sys.exit(3)"))
    text = "\n".join(f"line {n}" for n in range(1, 31))
    out = io.StringIO()
    pager.show(text, command, 24, out, read=lambda prompt: "")
    shown = out.getvalue()
    assert "failed; CARDSHELL_PAGER= turns it off" in shown
    assert all(f"line {n}\n" in shown for n in range(1, 31))


def test_a_pager_that_cannot_start_falls_back_too(tmp_path):
    out = io.StringIO()
    text = "\n".join(f"line {n}" for n in range(1, 31))
    pager.show(text, Pager("command", (str(tmp_path / "no-such-pager"),)), 24, out, read=lambda prompt: "")
    assert "line 30" in out.getvalue()


def test_the_built_in_pager_shows_a_screenful_then_asks():
    asked = []

    def read(prompt):
        asked.append(prompt)
        return "" if len(asked) == 1 else "q"

    out = io.StringIO()
    text = "\n".join(f"line {n}" for n in range(1, 61))
    pager.builtin_pager(text, 10, out, read)
    shown = out.getvalue().splitlines()
    assert shown == [f"line {n}" for n in range(1, 19)]  # two screens of 9 lines, then 'q'
    assert asked == [pager.MORE, pager.MORE]


def test_the_built_in_pager_stops_at_end_of_input():
    def read(prompt):
        raise EOFError

    out = io.StringIO()
    pager.builtin_pager("\n".join(["x"] * 30), 10, out, read)
    assert out.getvalue().count("x") == 9


def test_scripts_never_page(run_cli, tmp_path):
    """Even with a pager named and a tall reply, a script prints the reply."""
    marker = tmp_path / "paged"
    command = f"{sys.executable} -c \"open('{marker}', 'w')\""
    done = run_cli(stdin="help all\n", env={"CARDSHELL_PAGER": command, "LINES": "5"})
    assert done.returncode == 0
    assert "Shell commands:" in done.stdout and "stats" in done.stdout
    assert not marker.exists()


pexpect = pytest.importorskip("pexpect")


def spawn(tmp_path, env_extra, *args, rows=10, columns=60):
    child = spawn_cardshell(tmp_path, "aces-up", *args, rows=rows, columns=columns, env=env_extra,
                            without=[name for name in ("CARDSHELL_PAGER", "PAGER", "COLUMNS", "LINES", "LESS")
                                     if name not in env_extra])
    child.expect_exact("cardshell>")
    return child


def test_a_small_terminal_pages_help_with_the_built_in_pager(tmp_path):
    """No pager named and no 'less' on the PATH: the built-in one, a
    screenful of 9 lines at a time on a 10-line terminal; Enter goes on,
    'q' stops, and the prompt comes back."""
    empty = tmp_path / "bin"
    empty.mkdir()
    child = spawn(tmp_path, {"PATH": str(empty)})
    child.sendline("help all")
    child.expect_exact("Shell commands:")
    child.expect_exact("-- more --")
    child.sendline("")
    child.expect_exact("-- more --")
    child.sendline("q")
    child.expect_exact("cardshell>")
    child.sendline("exit")
    child.expect(pexpect.EOF)


def test_no_pager_prints_everything_at_once(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    child = spawn(tmp_path, {"PATH": str(empty)}, "--no-pager")
    child.sendline("help all")
    child.expect_exact("Type 'help COMMAND' for details.")
    child.expect_exact("cardshell>")
    assert "-- more --" not in child.before
    child.sendline("exit")
    child.expect(pexpect.EOF)


@pytest.mark.skipif(shutil.which("less") is None, reason="less is not installed")
def test_a_small_terminal_pages_help_with_less(tmp_path):
    """'less -R' by default: it waits at the end of the first screen (the
    menu's last line is not shown yet), space shows the next, 'q' quits it
    and the prompt comes back."""
    child = spawn(tmp_path, {}, rows=12)
    child.sendline("help all")
    child.expect_exact("Shell commands:")
    child.expect(pexpect.TIMEOUT, timeout=1)  # what less shows before a key is pressed
    assert "for details." not in child.before  # the menu's last line is not on the first screen
    for _ in range(8):  # less: space shows the next screen, until the menu's end
        child.send(" ")
        if child.expect_exact(["Type 'help COMMAND' for details.", pexpect.TIMEOUT], timeout=2) == 0:
            break
    else:
        pytest.fail("the end of the menu never came")
    child.send("q")
    child.expect_exact("cardshell>")
    child.sendline("exit")
    child.expect(pexpect.EOF)


#: A pager that says where it runs, reads its text, says so and then waits (a
#: player reading): ``PAGER_PID_FILE`` receives its process id.
SLOW_PAGER = """
import os, sys, time
with open(os.environ["PAGER_PID_FILE"], "w") as f:
    f.write(str(os.getpid()))
sys.stdin.read()
print("PAGER-READING", flush=True)
time.sleep(120)
"""


def _running(pid):
    """Whether a process ``pid`` exists (a zombie, ended but not reaped, counts)."""
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(sys.platform == "win32", reason="signals and a pty")
def test_sigint_while_paging_closes_the_pager_before_the_prompt_returns(tmp_path):
    """'kill -INT' to cardshell alone (the pager does not get it) while a
    tall reply is paged: the pager is ended and reaped before the prompt
    comes back, and the shell goes on."""
    import os
    import signal

    script = tmp_path / "slow_pager.py"
    script.write_text(SLOW_PAGER)
    pid_file = tmp_path / "pager.pid"
    child = spawn(tmp_path, {"CARDSHELL_PAGER": f"{sys.executable} {script}", "PAGER_PID_FILE": str(pid_file)})
    child.sendline("help all")
    child.expect_exact("PAGER-READING")
    pager_pid = int(pid_file.read_text())
    assert _running(pager_pid)
    os.kill(child.pid, signal.SIGINT)
    child.expect_exact("cardshell>")
    assert not _running(pager_pid)  # neither running nor a zombie: closed and waited for
    child.sendline("games")
    child.expect_exact("aces-up")
    child.expect_exact("cardshell>")
    child.sendline("exit")
    child.expect(pexpect.EOF)


@pytest.mark.skipif(sys.platform == "win32", reason="signals")
def test_closing_a_pager_that_ignores_sigterm_is_bounded():
    """A pager deaf to SIGTERM is killed once the bound has passed, and reaped."""
    import subprocess

    deaf = subprocess.Popen([sys.executable, "-c", "import signal, sys, time\n"
                             "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                             "print('deaf', flush=True)\ntime.sleep(120)\n"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert deaf.stdout.readline() == "deaf\n"  # its SIGTERM is ignored from here on
        pager.close(deaf, seconds=0.2)
        assert deaf.returncode == -9  # SIGKILL, after SIGTERM did nothing
        assert not _running(deaf.pid)
    finally:
        if deaf.returncode is None:
            deaf.kill()
            deaf.wait()
        deaf.stdout.close()
