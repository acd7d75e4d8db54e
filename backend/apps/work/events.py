"""The live events of work: presence (entering, breaks, leaving) and the calendar.

Presence news carry the member's teammates-strip row (`meta.teammate`, rendered as the strip's read
renders it: `teammate_row`), so screens patch that one row instead of reloading the strip. Each
recipient gets the row as they may see it: a visible member's news go to their workspace (the row as
everyone sees it); an invisible member's news go only to their own sockets (their real row), and
their teammates, who see them out of the office, get nothing unless what they see changed (invisible
mode switched, a profile change: the hidden row, to each teammate's own sockets).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from apps.accounts.events import TEAMMATE_RECIPIENTS, TeammateMeta, teammate_updated_message
from apps.accounts.models import User
from apps.core import timeutils
from apps.realtime.events import EmptyMeta, EventMessage, declare, publish
from apps.work import presence
from apps.work.models import StatusType
from apps.work.selectors import checkout_reader_ids
from apps.work.serializers import teammate_rows_data

NEW_STATUS = declare(
    "new_status",
    meta=TeammateMeta,
    description=(
        "the user entered the office or switched between working and taking a break; meta.teammate is "
        "their strip row"
    ),
    recipients=TEAMMATE_RECIPIENTS.split(";")[0]
    + "; only the user's own sockets while they are invisible; only their teammates' own sockets when "
    "they switch invisible mode off",
)
USER_LEFT_OFFICE = declare(
    "user_left_office",
    meta=TeammateMeta,
    description=(
        "the user left the office (or a forgotten shift was closed at midnight); meta.teammate is their "
        "strip row"
    ),
    recipients=TEAMMATE_RECIPIENTS.split(";")[0]
    + "; only the user's own sockets while they are invisible; only their teammates' own sockets when "
    "they switch invisible mode on",
)
PRESENCE_CHANGED = declare(
    "presence_changed",
    meta=TeammateMeta,
    description=(
        "the member became active, idle or away (docs/presence.md: a tab's heartbeats, or none for "
        "the idle time); meta.teammate is their strip row (presence, presence_since)"
    ),
    recipients="the user's workspace (the user included); only the user's own sockets while they are "
    "invisible (their teammates get nothing); no other workspace",
)
CALENDAR_ENTRIES_SYNCED = declare(
    "calendar_entries_synced",
    meta=EmptyMeta,
    description="the user's scheduled sessions changed; reload the calendar",
    recipients="the user's own sockets",
)

Row = dict | None
Build = Callable[[Row], EventMessage]


def teammate_row(*, user, seen_by_self: bool) -> Row:
    """`user`'s row of the teammates strip as the strip's read renders it (`pinned_yn` and
    `is_self` false: the SPA keeps its own), as they see it themselves or as any other member
    does (invisible mode). None when they are not in the strip (deactivated). Two queries."""
    if not (user.is_active and user.workspace_id):
        return None
    rows = presence.member_rows(
        workspace_id=None, viewer=user if seen_by_self else None, users=[user], now=timeutils.now()
    )
    return teammate_rows_data(rows)[0]


def new_status_message(*, user, record_id: int | None, status: str, row: Row):
    return NEW_STATUS.message(
        TeammateMeta(user=user.pk, teammate=row),
        action="create",
        table_name="status_record",
        resource_id=record_id,
        email=user.email,
        status=status,
    )


def left_office_message(*, user, row: Row):
    return USER_LEFT_OFFICE.message(
        TeammateMeta(user=user.pk, teammate=row),
        table_name="status_record",
        email=user.email,
        status=StatusType.OUT_OF_OFFICE.value,
    )


def _teammate_ids(user) -> list[int]:
    return list(
        User.objects.filter(workspace_id=user.workspace_id).exclude(pk=user.pk).values_list("pk", flat=True)
    )


def _publish_presence(build: Build, *, user, teammates_see_it: bool) -> None:
    """A visible member: one message to the workspace, the row as everyone sees it. An invisible
    one: their own row to their own sockets; and, when `teammates_see_it`, the row as others see
    it to each teammate's own sockets (the workspace group would reach the member's sockets too)."""
    if not user.workspace_id:
        publish(build(teammate_row(user=user, seen_by_self=True)), user_ids=[user.pk])
    elif not user.is_invisible:
        publish(build(teammate_row(user=user, seen_by_self=False)), workspace_ids=[user.workspace_id])
    else:
        publish(build(teammate_row(user=user, seen_by_self=True)), user_ids=[user.pk])
        if teammates_see_it:
            publish_to_teammates(build(teammate_row(user=user, seen_by_self=False)), user=user)


def publish_new_status(*, user, record) -> None:
    def build(row: Row):
        return new_status_message(
            user=user, record_id=record.pk, status=record.status_enum_identifier, row=row
        )

    _publish_presence(build, user=user, teammates_see_it=False)


def publish_left_office(*, user) -> None:
    _publish_presence(lambda row: left_office_message(user=user, row=row), user=user, teammates_see_it=False)


def publish_presence_changed(*, user) -> None:
    """Active, idle or away: what teammates see of the member changed (an invisible member's only
    to themselves: teammates see nothing new)."""
    _publish_presence(
        lambda row: PRESENCE_CHANGED.message(
            TeammateMeta(user=user.pk, teammate=row), action="update", table_name="user", email=user.email
        ),
        user=user,
        teammates_see_it=False,
    )


def publish_teammate_updated(*, user) -> None:
    """The member's row changed without a change of status (profile, schedule, deactivation)."""
    _publish_presence(
        lambda row: teammate_updated_message(user=user, row=row), user=user, teammates_see_it=True
    )


def publish_invisible_switched(*, user, record) -> None:
    """Invisible mode switched: teammates see the member leave (or enter) the office, or, out of
    the office, their day's times hidden (or shown). Their own row does not change."""
    row = teammate_row(user=user, seen_by_self=False)
    if record is None:
        message = teammate_updated_message(user=user, row=row)
    elif user.is_invisible:
        message = left_office_message(user=user, row=row)
    else:
        message = new_status_message(
            user=user, record_id=record.pk, status=record.status_enum_identifier, row=row
        )
    publish_to_teammates(message, user=user)


def publish_to_teammates(message, *, user) -> None:
    """Only the others: the user's own client must not hear "you left the office" and reset itself."""
    if not user.workspace_id:
        return
    publish(message, user_ids=_teammate_ids(user))


def publish_calendar_entries_synced(*, user) -> None:
    """The user's own calendar reloads; teammates' strips show the new next workday (its row)."""
    message = CALENDAR_ENTRIES_SYNCED.message(EmptyMeta(), table_name="work_shift_schedule", email=user.email)
    publish(message, user_ids=[user.pk])
    publish_teammate_updated(user=user)


class CheckoutUpdatedMeta(TypedDict):
    work_day_id: int
    user_id: int
    work_date: str


CHECKOUT_UPDATED = declare(
    "checkout_updated",
    meta=CheckoutUpdatedMeta,
    description="a checkout note changed; readers of that checkout reload it",
    recipients="the user and everyone who may read their checkout (observers, team-page owners, admins)",
)


def publish_checkout_updated(*, work_day, user) -> None:

    message = CHECKOUT_UPDATED.message(
        CheckoutUpdatedMeta(
            work_day_id=work_day.pk, user_id=user.pk, work_date=work_day.work_date.isoformat()
        ),
        action="update",
        table_name="work_day",
        resource_id=work_day.pk,
        email=user.email,
    )
    publish(message, user_ids=checkout_reader_ids(user=user))


# --- closing the week (issue 28, docs/closing.md) ---------------------------------------------------


APPROVAL_RECIPIENTS = (
    "the member and the people who answer for them (the workspace's admins and the member's team-page owners)"
)


class PeriodMeta(TypedDict):
    period_id: int
    user_id: int
    start_date: str
    end_date: str
    state: str
    reason: str


PERIOD_CHANGED = declare(
    "period_changed",
    meta=PeriodMeta,
    description=(
        "a member's period was submitted, approved, rejected or reopened (meta.state is the new state, "
        "meta.reason the approver's or admin's reason); reload the periods and approvals shown"
    ),
    recipients=APPROVAL_RECIPIENTS,
)


class DaysLockedMeta(TypedDict):
    through: str
    user_ids: list[int]


DAYS_LOCKED = declare(
    "days_locked",
    meta=DaysLockedMeta,
    description="an admin closed every day up to meta.through for meta.user_ids; reload the locks shown",
    recipients="each member whose days were locked, and the admin who locked them",
)


def publish_period_changed(*, period, recipient_ids: list[int]) -> None:
    message = PERIOD_CHANGED.message(
        PeriodMeta(
            period_id=period.pk,
            user_id=period.user_id,
            start_date=period.start_date.isoformat(),
            end_date=period.end_date.isoformat(),
            state=period.state,
            reason=period.reason,
        ),
        action="update",
        table_name="work_period",
        resource_id=period.pk,
    )
    publish(message, user_ids=recipient_ids)


def publish_days_locked(*, through, user_ids: list[int], admin) -> None:
    message = DAYS_LOCKED.message(
        DaysLockedMeta(through=through.isoformat(), user_ids=user_ids),
        action="update",
        table_name="user",
    )
    publish(message, user_ids=[*user_ids, admin.pk])


class CorrectionMeta(TypedDict):
    correction_id: int
    user_id: int
    work_date: str
    state: str


CORRECTION_CHANGED = declare(
    "correction_changed",
    meta=CorrectionMeta,
    description="a correction of a closed day was asked for, accepted or declined; reload the corrections",
    recipients=APPROVAL_RECIPIENTS,
)


def publish_correction_changed(*, correction, recipient_ids: list[int]) -> None:
    message = CORRECTION_CHANGED.message(
        CorrectionMeta(
            correction_id=correction.pk,
            user_id=correction.user_id,
            work_date=correction.work_date.isoformat(),
            state=correction.state,
        ),
        action="update",
        table_name="correction_request",
        resource_id=correction.pk,
    )
    publish(message, user_ids=recipient_ids)


# --- the shift guardian (issue 32, docs/guardian.md) -------------------------------------------------


class ShiftPromptMeta(TypedDict):
    prompt_id: int
    state: str


SHIFT_PROMPT_CHANGED = declare(
    "shift_prompt_changed",
    meta=ShiftPromptMeta,
    description=(
        "the shift guardian asked 'Still working?', proposed or applied the end of the shift, or the "
        "question was answered (meta.state is the prompt's new state); read the pending prompt again"
    ),
    recipients="the member's own sockets only (every tab and device of theirs); nobody else",
)


def publish_shift_prompt_changed(*, prompt) -> None:
    message = SHIFT_PROMPT_CHANGED.message(
        ShiftPromptMeta(prompt_id=prompt.pk, state=prompt.state),
        action="update",
        table_name="shift_prompt",
        resource_id=prompt.pk,
    )
    publish(message, user_ids=[prompt.user_id])
