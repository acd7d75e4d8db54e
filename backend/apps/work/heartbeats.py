"""Tabs' heartbeats (docs/presence.md), as realtime's consumer hands them over
(`apps.realtime.hooks.heartbeat`, provided in WorkConfig.ready).

The hot path costs no query most of the time: an active heartbeat writes the member's last
activity at most once per PRESENCE_WRITE_SECONDS per process (a dict of the last write per member),
and a heartbeat of a tab nobody uses writes nothing. A write is one UPDATE on the event loop
(PostgreSQL: apps.core.postgresql.asyncpool), valid only while the member is stored as active; when
they are not (a new tab, back from idle or away), `services.activity.mark_active` makes the
transition and publishes it (on the ORM's thread: rare).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools

from channels.db import database_sync_to_async
from django.conf import settings
from psycopg import sql

from apps.accounts.models import User
from apps.core import outage, timeutils
from apps.core.postgresql import asyncpool
from apps.work.models import MemberActivity
from apps.work.services import activity

WRITE_TIMEOUT_SECONDS = 5.0


@functools.cache
def _refresh_sql() -> sql.Composed:
    """Last activity := now, only while the member is stored as active (else: a transition)."""
    activities, users = MemberActivity._meta, User._meta
    return sql.SQL(
        "UPDATE {activities} a SET {last} = %s FROM {users} u "
        "WHERE a.{member} = %s AND u.{id} = a.{member} AND u.{state} = %s"
    ).format(
        activities=sql.Identifier(activities.db_table),
        last=sql.Identifier(activities.get_field("last_active_at").column),
        users=sql.Identifier(users.db_table),
        member=sql.Identifier(activities.get_field("user").column),
        id=sql.Identifier(users.pk.column),
        state=sql.Identifier(users.get_field("presence_state").column),
    )


class Heartbeats:
    """The provider of realtime's heartbeat hook."""

    def __init__(self) -> None:
        self.written: dict[int, dt.datetime] = {}  # member -> this process's last write

    def interval_seconds(self) -> float:
        return settings.PRESENCE_HEARTBEAT_SECONDS

    async def heartbeat(self, *, user_id: int, active: bool) -> None:
        if not active:
            return  # a tab open with nobody there: nothing changes
        now = timeutils.now()
        last = self.written.get(user_id)
        if last is not None and dt.timedelta(0) <= now - last < dt.timedelta(
            seconds=settings.PRESENCE_WRITE_SECONDS
        ):
            return
        self.written[user_id] = now
        try:
            if not await self._refresh(user_id, now):
                await database_sync_to_async(activity.mark_active)(user_id=user_id, at=now)
        except Exception as error:  # noqa: BLE001 (a heartbeat never fails the socket)
            self.written.pop(user_id, None)
            outage.database.failed(error, "first refused: a heartbeat")
        else:
            outage.database.succeeded()

    async def _refresh(self, user_id: int, now: dt.datetime) -> bool:
        """True when the member was active and their last activity is now written."""
        if not asyncpool.available():
            return False  # SQLite (one process): mark_active does it all
        async with asyncio.timeout(WRITE_TIMEOUT_SECONDS), asyncpool.pool().connection() as conn:
            cursor = await conn.execute(_refresh_sql(), (now, user_id, activity.ACTIVE))
            return cursor.rowcount > 0
