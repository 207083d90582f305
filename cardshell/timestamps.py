"""When something happened, as a player reads it: local time, relative day names.

Saves record the instant they were written as ISO 8601 UTC
(:attr:`cardshell.saves.SaveRecord.saved`, portable between machines and
time zones); listings (``games``, ``load``) show it in the local time zone
(the ``TZ`` environment variable, else the system's) with :func:`readable`:
``today 09:12``, ``yesterday 18:03``, else ``2026-11-20 18:03``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from cardshell.messages import say

__all__ = ["now", "readable"]


def _utc_now() -> datetime:
    return datetime.now(UTC)


#: The current instant, timezone-aware (tests replace it with a fixed clock).
now: Callable[[], datetime] = _utc_now


def readable(stamp: str, current: datetime | None = None) -> str:
    """An ISO 8601 instant as a player reads it, in local time, to the minute.

    Args:
        stamp (str): an ISO 8601 date and time with its offset
            (``2026-11-23T09:12:40+00:00``); one without an offset is taken
            as UTC.
        current (datetime | None): the instant to count days from
            (timezone-aware); None for :data:`now`.

    Returns:
        str: ``today 09:12`` or ``yesterday 18:03`` when the instant's
        local date is today's or yesterday's, else ``2026-11-20 18:03``
        (later dates too: a clock set back): the host messages
        ``time.today``, ``time.yesterday`` and ``time.date``.  A stamp that is not ISO 8601
        (a hand-edited save) is returned unchanged; never raises.
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
