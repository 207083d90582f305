"""Script lines read straight from a file descriptor, each given as soon as its line end arrives.

Python's text streams hold back a line ended by a lone ``\\r`` until the
next character shows it is not a ``\\r\\n``; a program driving
``cardshell --jsonl`` over a pipe would wait for an answer that never
comes.  :func:`eager_lines` splits lines as :func:`cardshell.script.read_lines`
does (``\\n``, ``\\r\\n`` and a lone ``\\r`` each end a line; a leading byte
order mark dropped; undecodable bytes become U+FFFD; an overlong line given
as its first ``limit + 1`` characters, its rest dropped), but yields a line
ended by ``\\r`` at once and drops a ``\\n`` that comes right after it.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterator

#: A line end: ``\r\n`` before ``\r`` so that the pair is one line end.
_LINE_END = re.compile(r"\r\n|\r|\n")

#: The most bytes read at once.
CHUNK = 65_536


def eager_lines(fd: int, limit: int) -> Iterator[str]:
    """The lines of descriptor ``fd``, each ending with ``\\n`` except a last one without a line end.

    Args:
        fd (int): an open descriptor, read with ``os.read`` (so a partial
            line is never waited on past its line end); not closed here.
        limit (int): the longest line accepted, in characters.
    """
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    pending, first, after_cr, dropping = "", True, False, False
    while True:
        chunk = os.read(fd, CHUNK)
        text = decoder.decode(chunk, final=not chunk)
        if after_cr and text:
            after_cr = False
            if text.startswith("\n"):
                text = text[1:]
        if first and text:
            first = False
            text = text.removeprefix("\ufeff")
        pending += text
        start = 0
        for match in _LINE_END.finditer(pending):
            if match.group() == "\r" and match.end() == len(pending) and chunk:
                after_cr = True  # a lone CR so far: answered now, a following LF dropped
            line = pending[start:match.start()]
            start = match.end()
            if dropping:
                dropping = False
                continue
            yield line[:limit + 1] if len(line) > limit else line + "\n"  # too long: refused by its length
        pending = pending[start:]
        if not dropping and len(pending) > limit:
            yield pending[:limit + 1]  # too long: cardshell.script.too_long refuses it
            dropping = True
        if dropping:
            pending = ""
        if not chunk:
            if pending:
                yield pending
            return
