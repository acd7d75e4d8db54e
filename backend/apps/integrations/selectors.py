"""Reads of the integrations, including the answers to work's hooks (apps/work/hooks.py)."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q

from apps.integrations import providers
from apps.integrations.models import ExternalTimeEntry, SyncKind, SyncState
from apps.work import hooks


def state(*, user, kind: str) -> SyncState | None:
    return SyncState.objects.filter(user=user, kind=kind).first()


def state_payload(row: SyncState | None, *, configured: bool) -> dict:
    return {
        "configured": configured,
        "last_import_at": row.last_success_at if row else None,
        "last_failure_at": row.last_failure_at if row else None,
        "failed": bool(row and row.failed),
        "last_error": row.last_error if row and row.failed else "",
    }


def calendar_state(*, user) -> dict:
    return state_payload(state(user=user, kind=SyncKind.CALENDAR), configured=bool(calendar_url(user)))


def calendar_url(user) -> str:
    config = user.external_calendar_config_json or {}
    url = config.get("url") if isinstance(config, dict) else None
    return url.strip() if isinstance(url, str) else ""


def external_provider(user):
    """The user's stored (external) provider, or None (no configuration, or the built-in one)."""
    provider = providers.for_config(user.external_tracker_config_json)
    return provider if provider is not None and provider.stored else None


def entries_between(*, user, provider_key: str, lo: dt.datetime, hi: dt.datetime):
    return (
        ExternalTimeEntry.objects.filter(user=user, provider=provider_key, start_datetime__lt=hi)
        .filter(Q(end_datetime__isnull=True) | Q(end_datetime__gt=lo))
        .order_by("start_datetime")
    )


def tracked_entries(*, users: list, lo: dt.datetime, hi: dt.datetime) -> dict[int, list[hooks.TrackedSpan]]:
    """The external trackers' spans of those users who have one, in one query."""
    keys = {u.pk: p.key for u in users if (p := external_provider(u)) is not None}
    if not keys:
        return {}
    out: dict[int, list[hooks.TrackedSpan]] = {pk: [] for pk in keys}
    rows = (
        ExternalTimeEntry.objects.filter(user_id__in=keys, start_datetime__lt=hi)
        .filter(Q(end_datetime__isnull=True) | Q(end_datetime__gt=lo))
        .order_by("start_datetime")
        .values_list("user_id", "provider", "start_datetime", "end_datetime", "type_enum")
    )
    for user_id, provider, start, end, kind in rows:
        if keys[user_id] == provider:
            out[user_id].append(hooks.TrackedSpan(start, end, kind))
    return out


class TrackedTime:
    """Work's `hooks.tracked_time` (the worktime summary's tracked time)."""

    def entries(self, *, users: list, lo: dt.datetime, hi: dt.datetime) -> dict[int, list[hooks.TrackedSpan]]:
        return tracked_entries(users=users, lo=lo, hi=hi)


class CalendarState:
    """Work's `hooks.calendar` (the next-workday panel's Reload tooltip)."""

    def state(self, *, user) -> dict:
        return calendar_state(user=user)
