"""Script lines read straight from a descriptor (cardshell/rawlines.py): a line is given as
soon as its line end arrives, a lone CR included, so a program driving ``cardshell --jsonl``
over a pipe is answered before it writes the next line."""

from __future__ import annotations

import os

from cardshell.rawlines import eager_lines


def test_a_line_ended_by_a_lone_cr_is_given_before_the_next_byte_arrives():
    read, write = os.pipe()
    try:
        lines = eager_lines(read, 100)
        os.write(write, b"play aces-up\r")
        assert next(lines) == "play aces-up\n"  # a blocking read here would hang the test
        os.write(write, b"\nD\r\n")  # the LF after that CR is not a second, empty line
        assert next(lines) == "D\n"
        os.write(write, b"\xef\xbb\xbfno mark here\n")  # only the first line's mark is dropped
        assert next(lines) == "\ufeffno mark here\n"
        os.write(write, b"last")
        os.close(write)
        write = -1
        assert list(lines) == ["last"]
    finally:
        os.close(read)
        if write >= 0:
            os.close(write)


def test_a_leading_mark_bad_bytes_and_an_overlong_line(tmp_path):
    path = tmp_path / "script"
    path.write_bytes(b"\xef\xbb\xbfone\n" + b"x" * 25 + b"\nbad \xff byte\n")
    fd = os.open(path, os.O_RDONLY)
    try:
        lines = list(eager_lines(fd, 10))
    finally:
        os.close(fd)
    assert lines == ["one\n", "x" * 11, "bad \ufffd byte\n"]  # the overlong line as its first 11 characters
