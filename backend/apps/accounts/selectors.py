import datetime as dt

from django.db.models import Exists, OuterRef, Prefetch, Q

from apps.accounts.models import TeammatePin, User
from apps.work import presence, timeutils
from apps.work.models import StatusRecord, WorkShiftSchedule


def workspace_users(*, workspace_id: int | None):
    return User.objects.filter(workspace_id=workspace_id, is_active=True).select_related("workspace")


TEAMMATES_CAP = 500  # one workspace's strip; larger workspaces need paging (not yet)


def teammates(*, viewer) -> list[dict]:
    """Every active member of the viewer's workspace with live presence, in the strip's order.

    Four queries whatever the size: users (with the viewer's pins), their recent status records
    (with shifts) and their coming schedules, plus the caller's token lookup.
    """
    now = timeutils.now()
    recent = (
        StatusRecord.objects.filter(deleted_yn=False)
        .filter(Q(end_datetime__isnull=True) | Q(start_datetime__gte=now - dt.timedelta(hours=50)))
        .select_related("work_shift")
        .order_by("start_datetime")
    )
    coming = WorkShiftSchedule.objects.filter(
        start_datetime__gte=now - dt.timedelta(hours=26), start_datetime__lt=now + dt.timedelta(days=45)
    ).order_by("start_datetime")
    users = (
        workspace_users(workspace_id=viewer.workspace_id)
        .annotate(pinned=Exists(TeammatePin.objects.filter(viewer=viewer, teammate=OuterRef("pk"))))
        .prefetch_related(
            Prefetch("status_records", queryset=recent, to_attr="recent_records"),
            Prefetch("work_shift_schedules", queryset=coming, to_attr="coming_schedules"),
        )
        .order_by("pk")[:TEAMMATES_CAP]
    )
    if viewer.workspace_id is None:
        users = [viewer]
    rows = []
    for user in users:
        is_self = user.pk == viewer.pk
        state = presence.presence(
            records=getattr(user, "recent_records", []),
            schedules=getattr(user, "coming_schedules", []),
            tz_name=user.timezone,
            at=now,
            hidden=user.is_invisible and not is_self,
        )
        pinned = bool(getattr(user, "pinned", False))
        rows.append(
            {
                "user": user.pk,
                "avatar": user.avatar,
                "city": user.city,
                "country": user.country,
                "full_name": user.full_name,
                "display_name": user.display_name,
                "timezone": user.timezone,
                "role": user.what_i_do,
                "has_tracker": bool(user.external_tracker_config_json),
                "pinned_yn": pinned,
                "is_self": is_self,
                **state,
            }
        )
    rows.sort(
        key=lambda r: presence.sort_key(
            is_self=r["is_self"], pinned=r["pinned_yn"], status=r["status"], display_name=r["display_name"]
        )
    )
    return rows
