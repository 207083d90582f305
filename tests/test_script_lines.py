"""How scripts are cut into lines (issue 11 items 12 and 24): a file and
stdin split alike (LF, CRLF and a lone CR each end a line), and a line over
MAX_LINE_LENGTH characters is refused with its number while the script goes
on, reading it in bounded memory; the interactive prompt refuses it too."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.script import EXIT_REJECTED, MAX_LINE_LENGTH, read_lines, run_script, too_long
from cardshell.shell import Shell
from conftest import TOY_PLUGINS

REFUSAL = f"line too long (over {MAX_LINE_LENGTH:,} characters); it was not run"


def _cardshell(*args: str, stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=str(TOY_PLUGINS), CARDSHELL_LOAD_PLUGINS="")
    return subprocess.run([sys.executable, "-m", "cardshell", "--plugin", "toy_counter", *args], input=stdin,
                          capture_output=True, env=env, timeout=60)


# -- item 24: one way of splitting lines ------------------------------------------


@pytest.mark.parametrize("script", [
    b"play counter --seed 1\rinc 1\rinc 1\r",  # classic Mac OS line ends
    b"play counter --seed 1\r\ninc 1\rinc 1\n",  # mixed
])
def test_a_lone_cr_ends_a_line_on_stdin_as_in_a_file(tmp_path, script):
    path = tmp_path / "script.txt"
    path.write_bytes(script)
    from_file = _cardshell(str(path), stdin=b"")
    from_stdin = _cardshell(stdin=script)
    assert from_file.returncode == from_stdin.returncode == 0, from_stdin.stderr
    assert from_stdin.stdout == from_file.stdout
    assert from_stdin.stdout.decode().endswith("count is now 2\n[2]\n")


def test_a_rejected_line_after_lone_crs_has_the_same_number_in_file_and_stdin(tmp_path):
    script = b"play counter --seed 1\rbad\r\ninc 1\n"
    path = tmp_path / "s.txt"
    path.write_bytes(script)
    from_file = _cardshell(str(path), stdin=b"").stderr.decode()
    from_stdin = _cardshell(stdin=script).stderr.decode()
    assert from_stdin.startswith("<stdin>:2: unknown command 'bad'") and from_stdin.count("\n") == 1
    assert from_file == from_stdin.replace("<stdin>", str(path))


line_ends = st.sampled_from(["\n", "\r\n", "\r"])
lines = st.lists(st.tuples(st.text(alphabet="ab \t", max_size=20), line_ends), max_size=12)


@settings(max_examples=100)
@given(lines=lines, last=st.text(alphabet="ab", max_size=12))
def test_read_lines_splits_like_universal_newlines_and_caps_each_line(lines, last):
    limit = 8
    text = "".join(body + end for body, end in lines) + last
    expected = io.StringIO(text, newline=None).readlines()  # Python's universal newlines
    got = list(read_lines(io.StringIO(text, newline=None), limit))
    assert len(got) == len(expected)  # one item per line: line numbers stay right
    for item, line in zip(got, expected):
        if len(line.rstrip("\n")) > limit:
            assert item == line[:limit + 1] and too_long(item, limit)
        else:
            assert item == line and not too_long(item, limit)


# -- item 12: a bound on the length of a line -------------------------------------


def test_an_overlong_line_is_refused_with_its_number_and_the_script_goes_on():
    script = b"play counter --seed 1\n" + b"inc 1" + b" " * MAX_LINE_LENGTH + b"\ninc 2\n"
    result = _cardshell(stdin=script)
    assert result.returncode == EXIT_REJECTED
    assert result.stderr.decode() == f"<stdin>:2: {REFUSAL}\n"
    assert result.stdout.decode().endswith("Counter, seed 1.\n[0]\ncount is now 2\n[2]\n")  # inc 1 was not run


def test_a_line_of_exactly_the_limit_is_run():
    line = "inc 1".ljust(MAX_LINE_LENGTH)
    out, err = io.StringIO(), io.StringIO()
    shell = Shell.create(extra_modules=["toy_counter"])
    status = run_script(shell, ["play counter --seed 1\n", line + "\r\n", line + " "], "s", out, err)
    assert (status, err.getvalue()) == (EXIT_REJECTED, f"s:3: {REFUSAL}\n")
    assert out.getvalue().endswith("count is now 1\n[1]\n")


def test_stop_on_error_stops_at_an_overlong_line():
    out, err = io.StringIO(), io.StringIO()
    shell = Shell.create(extra_modules=["toy_counter"])
    status = run_script(shell, ["play counter --seed 1", "x" * (MAX_LINE_LENGTH + 1), "inc 1"], "s", out, err,
                        stop_on_error=True)
    assert status == EXIT_REJECTED and shell.current.state.count == 0


class _Endless(io.RawIOBase):
    """``size`` bytes of ``x`` with no line end, then ``tail``: read lazily, never held."""

    def __init__(self, size: int, tail: bytes) -> None:
        self.left, self.tail = size, tail

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.left > 0:
            count = min(len(buffer), self.left)
            buffer[:count] = b"x" * count
            self.left -= count
            return count
        count = min(len(buffer), len(self.tail))
        buffer[:count], self.tail = self.tail[:count], self.tail[count:]
        return count


def test_reading_an_overlong_line_takes_memory_bounded_by_the_limit():
    size = 64 * 2**20  # 64 MiB on one line, as from 'cardshell </dev/zero'
    stream = io.TextIOWrapper(io.BufferedReader(_Endless(size, b"\ninc 1\n")), encoding="utf-8",
                              errors="replace", newline=None)
    tracemalloc.start()
    try:
        got = [(len(line), line[:3]) for line in read_lines(stream)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert got == [(MAX_LINE_LENGTH + 1, "xxx"), (6, "inc")]
    assert peak < 20 * MAX_LINE_LENGTH  # about 1 MiB, whatever the line's length


def test_the_command_reads_stdin_in_bounded_memory():
    env = dict(os.environ, PYTHONPATH=str(TOY_PLUGINS), CARDSHELL_LOAD_PLUGINS="")
    argv = [sys.executable, "-m", "cardshell", "--plugin", "toy_counter"]
    baseline = _peak_kib(argv, env, overlong_mib=0)
    peak = _peak_kib(argv, env, overlong_mib=16)
    assert peak - baseline < 8 * 1024  # KiB: the 16 MiB line was never held


def _peak_kib(argv: list[str], env: dict[str, str], overlong_mib: int) -> int:
    """Peak resident memory (KiB, from wait4) of the command reading a script
    whose second line is ``overlong_mib`` MiB long, written piece by piece
    (a child forked from a test holding it all would count it too)."""
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=env)
    process.stdin.write(b"play counter --seed 1\n")
    piece = b"x" * 2**20
    for _ in range(overlong_mib):
        process.stdin.write(piece)
    process.stdin.write(b"\ninc 1\n")
    process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == (EXIT_REJECTED if overlong_mib else 0)
    return usage.ru_maxrss


# -- the interactive prompt --------------------------------------------------------


def test_the_prompt_refuses_an_overlong_line_and_keeps_it_out_of_history(tmp_path, capsys):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from cardshell.interactive import run_interactive

    shell = Shell.create(extra_modules=["toy_counter"], interactive=True, autosave=False, data_dir=tmp_path)
    overlong = "play counter --seed 1" + " " * MAX_LINE_LENGTH  # would be run if accepted
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):

        def type_keys() -> None:  # from a thread: the pasted line is more than a pipe holds
            keys.send_text(f"\x1b[200~{overlong}\x1b[201~\r")  # pasted, then Enter: refused
            keys.send_text("\x03")  # Ctrl-C drops the line
            keys.send_text("games\rexit\r")

        typist = threading.Thread(target=type_keys, daemon=True)
        typist.start()
        assert run_interactive(shell, tmp_path / "history") == 0
        typist.join(timeout=10)
    assert shell.current is None and "counter" not in shell.sessions
    assert "Games:" in capsys.readouterr().out  # the next line was run
    assert (tmp_path / "history").read_text().count("\n+") == 2  # games and exit only


def test_record_refuses_to_overwrite_the_script_file_it_reads(tmp_path):
    # The script is read line by line as it runs, so opening --record on it
    # would truncate it before its first line is read.
    script = tmp_path / "session.txt"
    script.write_text("play counter --seed 1\ninc 1\n")
    result = _cardshell("--record", str(script), str(script), stdin=b"")
    assert result.returncode == 2
    assert result.stderr.decode() == f"cardshell: --record {script} would overwrite the script being read\n"
    assert script.read_text() == "play counter --seed 1\ninc 1\n"


def test_undecodable_bytes_in_a_script_file_reject_only_their_line(tmp_path):
    # A file is read as it runs, like stdin, so a bad byte is found at its
    # line: that line is rejected with its number and the rest runs.
    script = tmp_path / "s.txt"
    script.write_bytes(b"play counter --seed 1\n\xff\xfe\ninc 1\n")
    result = _cardshell(str(script), stdin=b"")
    assert result.returncode == EXIT_REJECTED
    assert result.stderr.decode().startswith(f"{script}:2: unknown command '\ufffd\ufffd'")
    assert result.stdout.decode().endswith("count is now 1\n[1]\n")
