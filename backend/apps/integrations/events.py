"""The live events of the integrations (calendar_entries_synced is work's: it names the schedules)."""

from __future__ import annotations

import datetime as dt
from typing import TypedDict

from apps.realtime.events import declare, publish


class TimeEntriesSyncedMeta(TypedDict):
    from_date: str
    to_date: str


TIME_ENTRIES_SYNCED = declare(
    "time_entries_synced",
    meta=TimeEntriesSyncedMeta,
    description="entries copied from the user's external time tracker changed; reload tracked time",
    recipients="the user's own sockets",
)


def publish_time_entries_synced(*, user, from_date: dt.date, to_date: dt.date) -> None:
    message = TIME_ENTRIES_SYNCED.message(
        TimeEntriesSyncedMeta(from_date=from_date.isoformat(), to_date=to_date.isoformat()),
        table_name="time_tracked_externally",
        email=user.email,
    )
    publish(message, user_ids=[user.pk])
