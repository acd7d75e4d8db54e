"""The live events of the working-time account (docs/timeaccount.md)."""

from __future__ import annotations

from typing import TypedDict

from apps.realtime.events import declare, publish
from apps.work.selectors import checkout_reader_ids


class TimeAccountMeta(TypedDict):
    user_ids: list[int]
    what: str


TIME_ACCOUNT_CHANGED = declare(
    "time_account_changed",
    meta=TimeAccountMeta,
    description=(
        "a target or balance changed (what: schedule, holiday, adjustment, member, time_off, "
        "time_off_type, rules); user_ids are "
        "the members concerned, empty for a workspace-wide change; read the account again"
    ),
    recipients=(
        "a member's change: the member and everyone who may read their days (observers, team-page "
        "owners, admins); a workspace-wide change (default pattern, holidays): the workspace"
    ),
)


def publish_member_changed(*, user, what: str) -> None:
    message = TIME_ACCOUNT_CHANGED.message(
        TimeAccountMeta(user_ids=[user.pk], what=what), action="update", table_name="time_account"
    )
    publish(message, user_ids=checkout_reader_ids(user=user))


def publish_workspace_changed(*, workspace_id: int, what: str) -> None:
    message = TIME_ACCOUNT_CHANGED.message(
        TimeAccountMeta(user_ids=[], what=what), action="update", table_name="time_account"
    )
    publish(message, workspace_ids=[workspace_id])


class TimeOffMeta(TypedDict):
    request_id: int
    user_id: int
    status: str


TIME_OFF_CHANGED = declare(
    "time_off_changed",
    meta=TimeOffMeta,
    description="a time-off request was made, approved, declined or cancelled; read the requests again",
    recipients=(
        "the member who asked and everyone who decides their time off (admins, their team-page owners)"
    ),
)


def publish_time_off(*, request, user_ids: list[int]) -> None:
    message = TIME_OFF_CHANGED.message(
        TimeOffMeta(request_id=request.pk, user_id=request.user_id, status=request.status),
        action="update",
        table_name="time_off_request",
        resource_id=request.pk,
    )
    publish(message, user_ids=user_ids)
