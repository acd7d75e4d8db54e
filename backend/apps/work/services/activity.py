"""Writes of real presence (docs/presence.md): a member's activity and the transitions teammates see.

Three states, stored on the user row (`presence_state`, `presence_since`) so the teammates strip
reads them with the member (no query of its own) and its read stamp `s:<workspace>` renews with a
transition (accounts' user trigger), never with a heartbeat:
- active since `presence_since`: some tab or device was used within the workspace's idle time;
- idle since `presence_since` (the last activity): no activity for the idle time
  (`Workspace.presence_idle_minutes`, default 10): teammates see 'Working · idle 12m';
- away since `presence_since` (the last activity): idle for PRESENCE_AWAY_AFTER_IDLE_SECONDS more:
  teammates see 'last seen …' instead of the status.
The instant of the last activity itself is `MemberActivity.last_active_at` (written by heartbeats,
at most once per PRESENCE_WRITE_SECONDS per process; `selectors.last_activity` reads it).
Each transition publishes `presence_changed` (work.events) with the member's strip row.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import transaction

from apps.accounts.models import User
from apps.core import timeutils
from apps.work import events
from apps.work.models import MemberActivity

ACTIVE, IDLE, AWAY = "active", "idle", "away"
STATES = (ACTIVE, IDLE, AWAY)
MIN_IDLE_MINUTES, MAX_IDLE_MINUTES = 2, 240


def idle_after(workspace) -> dt.timedelta:
    """How long without activity makes a member idle (the e2e server overrides it in seconds)."""
    if settings.PRESENCE_IDLE_SECONDS is not None:
        return dt.timedelta(seconds=settings.PRESENCE_IDLE_SECONDS)
    minutes = workspace.presence_idle_minutes if workspace is not None else 10
    return dt.timedelta(minutes=minutes)


def away_after(workspace) -> dt.timedelta:
    return idle_after(workspace) + dt.timedelta(seconds=settings.PRESENCE_AWAY_AFTER_IDLE_SECONDS)


def mark_active(*, user_id: int, at: dt.datetime | None = None) -> bool:
    """The member used a tab or device at `at` (now): their last activity, and, when they were not
    active, the transition to active with its event. True when it was a transition."""
    at = at or timeutils.now()
    with transaction.atomic():
        MemberActivity.objects.bulk_create(
            [MemberActivity(user_id=user_id, last_active_at=at)],
            update_conflicts=True,
            unique_fields=["user"],
            update_fields=["last_active_at"],
        )
        changed = (
            User.objects.filter(pk=user_id, is_active=True)
            .exclude(presence_state=ACTIVE)
            .update(presence_state=ACTIVE, presence_since=at)
        )
        if changed:
            events.publish_presence_changed(user=User.objects.select_related("workspace").get(pk=user_id))
    return bool(changed)


def _shortest_idle() -> dt.timedelta:
    if settings.PRESENCE_IDLE_SECONDS is not None:
        return dt.timedelta(seconds=settings.PRESENCE_IDLE_SECONDS)
    return dt.timedelta(minutes=MIN_IDLE_MINUTES)


def sweep(*, at: dt.datetime | None = None) -> int:
    """Active members quiet for their workspace's idle time become idle, idle ones quiet past the
    away time become away; each with its event. Returns how many changed. Reads only members who
    have been quiet at least the shortest idle time (index: the activity's primary key per user)."""
    at = at or timeutils.now()
    quiet = (
        User.objects.filter(
            presence_state__in=(ACTIVE, IDLE), activity__last_active_at__lte=at - _shortest_idle()
        )
        .select_related("workspace", "activity")
        .order_by("pk")
    )
    changed = 0
    for user in quiet:
        last = user.activity.last_active_at
        if user.presence_state == ACTIVE and last <= at - idle_after(user.workspace):
            changed += _settle(user, was=ACTIVE, state=IDLE, cutoff=at - idle_after(user.workspace))
        elif user.presence_state == IDLE and last <= at - away_after(user.workspace):
            changed += _settle(user, was=IDLE, state=AWAY, cutoff=at - away_after(user.workspace))
    return changed


def _settle(user, *, was: str, state: str, cutoff: dt.datetime) -> int:
    """The transition, unless a heartbeat made the member active again meanwhile: the activity row
    is read again under its lock (every heartbeat's write takes it), so a write that committed
    after the sweep's read wins; the user row's UPDATE checks the state it changes."""
    with transaction.atomic():
        since = (
            MemberActivity.objects.select_for_update()
            .filter(user_id=user.pk)
            .values_list("last_active_at", flat=True)
            .first()
        )
        if since is None or since > cutoff:
            return 0
        done = User.objects.filter(pk=user.pk, presence_state=was).update(
            presence_state=state, presence_since=since
        )
        if done:
            user.presence_state, user.presence_since = state, since
            events.publish_presence_changed(user=user)
    return done
