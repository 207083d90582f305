"""The session's accepted commands, kept as a replayable script.

Every accepted line is recorded, with what a replay needs to be exact made
explicit: a game started without ``--seed`` is recorded as
``play GAME --seed N ...`` and ``new`` as ``new --seed N``, so the recording
reproduces the session whatever the replaying shell's own ``--seed``.
Rejected lines are left out (they print nothing on standard output).

``cardshell --record FILE`` writes the lines to FILE as they are accepted
(flushed each time, so an interrupted session keeps what it did);
``history`` prints them.  Piping the file back into ``cardshell`` prints
the same standard output, byte for byte, with two documented exceptions:
``stats`` shows the statistics database as it is when replayed, and a game
resumed from a save (``load NAME``, or ``play GAME`` resuming an automatic
save, recorded as ``load GAME``) depends on that save being unchanged.
Keys that are not commands (Ctrl-D leaving a game at the interactive
prompt) are not recorded, so neither is the line they print.
"""

from __future__ import annotations

from collections import deque
from typing import TextIO

#: How many lines ``history`` keeps in memory (the most recent ones); the
#: ``--record`` file keeps every line.  Bounds a long script's memory.
KEEP_LINES = 100_000

#: The first line of a recording file (a comment: scripts skip it).
HEADER = "# cardshell recording: pipe this file into 'cardshell' to replay the session\n"


class Recorder:
    """Collects accepted lines, optionally writing them to a file.

    Args:
        stream (TextIO | None): where to write the recording as it grows;
            the header is written at once.

    Attributes:
        lines (deque[str]): the recorded lines, in order: the last
            :data:`KEEP_LINES` of them.
        dropped (int): how many earlier lines are no longer kept in memory.
    """

    def __init__(self, stream: TextIO | None = None, keep: int = KEEP_LINES) -> None:
        self.lines: deque[str] = deque(maxlen=keep)
        self.dropped = 0
        self.stream = stream
        if stream is not None:
            stream.write(HEADER)
            stream.flush()

    def add(self, line: str) -> None:
        """Record one accepted line (already made explicit).

        Args:
            line (str): one stripped command line, without a line end.
        """
        if len(self.lines) == self.lines.maxlen:
            self.dropped += 1
        self.lines.append(line)
        if self.stream is not None:
            self.stream.write(line + "\n")
            self.stream.flush()

    def text(self) -> str:
        """The recording so far, as a script (header included); when earlier
        lines were dropped, a comment line says how many."""
        note = (f"# {self.dropped} earlier lines are not kept in memory "
                f"('cardshell --record FILE' keeps every line)\n") if self.dropped else ""
        return HEADER + note + "".join(line + "\n" for line in self.lines)
