"""When something happened, as a player reads it: local time, relative day names.

Saves record ISO 8601 UTC instants (:attr:`cardshell.saves.SaveRecord.saved`);
``games`` and ``load`` show them in the local time zone (``TZ``, else the
system's) with :func:`readable`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from cardshell.messages import say
from cardshell.render import Text

__all__ = ["now", "readable"]


def _utc_now() -> datetime:
    return datetime.now(UTC)


#: The current instant, timezone-aware (tests replace it with a fixed clock).
now: Callable[[], datetime] = _utc_now


def readable(stamp: str, current: datetime | None = None) -> Text:
    """An ISO 8601 instant (one without an offset is UTC) in local time to the
    minute: ``today 09:12``, ``yesterday 18:03``, else ``2026-11-20 18:03``
    (``time.today``, ``time.yesterday``, ``time.date``).

    Days count from ``current`` (timezone-aware; None: :data:`now`).  A stamp
    that is not ISO 8601 (a hand-edited save) is returned unchanged; never raises.
    """
    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return stamp
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    local = when.astimezone()
    today = (current or now()).astimezone().date()
    clock = local.strftime("%H:%M")
    if local.date() == today:
        return say("time.today", clock=clock)
    if local.date() == today - timedelta(days=1):
        return say("time.yesterday", clock=clock)
    return say("time.date", date=local.strftime("%Y-%m-%d"), clock=clock)
