"""The sweep's progress line, :class:`cardshell.progress.ProgressLine`, importable from here too.

Set :data:`cardshell.progress.REDRAW_SECONDS`, not this module's copy, to
change how often it redraws.
"""

from __future__ import annotations

from cardshell.progress import REDRAW_SECONDS, ProgressLine, format_duration

__all__ = ["REDRAW_SECONDS", "ProgressLine", "format_duration"]
