"""The sweep's progress line, :class:`cardshell.progress.ProgressLine`,
importable from here too (it lives outside the sweep engine so that the
interactive front end shows ``CommandContext.progress`` with it without
importing the engine).  Set :data:`cardshell.progress.REDRAW_SECONDS`, not
this module's copy, to change how often it redraws."""

from __future__ import annotations

from cardshell.progress import REDRAW_SECONDS, ProgressLine, format_duration

__all__ = ["REDRAW_SECONDS", "ProgressLine", "format_duration"]
