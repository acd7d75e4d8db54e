"""The live events of work: presence (entering, breaks, leaving) and the calendar.

Presence news go to the user's workspace, so teammates' strips follow; an invisible member's
news go only to their own sockets (teammates see them out of the office, see presence.py).
"""

from __future__ import annotations

from typing import TypedDict

from apps.accounts.models import User
from apps.realtime.events import EmptyMeta, declare, publish, publish_to_user_and_workspace
from apps.work.models import StatusType
from apps.work.selectors import checkout_reader_ids

PRESENCE_RECIPIENTS = (
    "the user's workspace (the user included); only the user's own sockets while they are invisible"
)

NEW_STATUS = declare(
    "new_status",
    meta=EmptyMeta,
    description="the user entered the office or switched between working and taking a break",
    recipients=PRESENCE_RECIPIENTS + "; only their teammates when they switch invisible mode off",
)
USER_LEFT_OFFICE = declare(
    "user_left_office",
    meta=EmptyMeta,
    description="the user left the office (or a forgotten shift was closed at midnight)",
    recipients=PRESENCE_RECIPIENTS + "; only their teammates when they switch invisible mode on",
)
CALENDAR_ENTRIES_SYNCED = declare(
    "calendar_entries_synced",
    meta=EmptyMeta,
    description="the user's scheduled sessions changed; reload the calendar",
    recipients="the user's own sockets",
)


def new_status_message(*, user, record_id: int | None, status: str):
    return NEW_STATUS.message(
        EmptyMeta(),
        action="create",
        table_name="status_record",
        resource_id=record_id,
        email=user.email,
        status=status,
    )


def left_office_message(*, user):
    return USER_LEFT_OFFICE.message(
        EmptyMeta(), table_name="status_record", email=user.email, status=StatusType.OUT_OF_OFFICE.value
    )


def _publish_presence(message, *, user) -> None:
    if user.is_invisible:
        publish(message, user_ids=[user.pk])
    else:
        publish_to_user_and_workspace(message, user=user)


def publish_new_status(*, user, record) -> None:
    _publish_presence(
        new_status_message(user=user, record_id=record.pk, status=record.status_enum_identifier), user=user
    )


def publish_left_office(*, user) -> None:
    _publish_presence(left_office_message(user=user), user=user)


def publish_to_teammates(message, *, user) -> None:
    """Only the others: the user's own client must not hear "you left the office" and reset itself."""
    if not user.workspace_id:
        return
    teammates = User.objects.filter(workspace_id=user.workspace_id).exclude(pk=user.pk)
    publish(message, user_ids=list(teammates.values_list("pk", flat=True)))


def publish_calendar_entries_synced(*, user) -> None:
    message = CALENDAR_ENTRIES_SYNCED.message(EmptyMeta(), table_name="work_shift_schedule", email=user.email)
    publish(message, user_ids=[user.pk])


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
