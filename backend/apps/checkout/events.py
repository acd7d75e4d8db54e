"""The live events of the checkout."""

from __future__ import annotations

from typing import TypedDict

from apps.realtime.events import declare, publish


class CheckoutReadLogsMeta(TypedDict):
    work_day_ids: list[int]
    user_ids: list[int]


UPDATE_CHECKOUT_READ_LOGS_READ_LOG_MARK_ALL = declare(
    "update_checkout_read_logs_read_log_mark_all",
    meta=CheckoutReadLogsMeta,
    description="the reader marked checkouts as read (work_day_ids of user_ids); update unread marks",
    recipients="the reader's own sockets (so a read on one device clears the others)",
)


class CheckoutStatusMeta(TypedDict):
    user_id: int
    work_date: str
    work_day_id: int


CHECKOUT_STATUS_UPDATED = declare(
    "checkout_status_updated",
    meta=CheckoutStatusMeta,
    description="a day's checkout checks were run or a message dismissed; reload the checkout status",
    recipients="the user and everyone who may read their checkout (observers, team-page owners, admins)",
)


def publish_read_logs(*, reader, work_days) -> None:
    message = UPDATE_CHECKOUT_READ_LOGS_READ_LOG_MARK_ALL.message(
        CheckoutReadLogsMeta(
            work_day_ids=[d.pk for d in work_days], user_ids=sorted({d.user_id for d in work_days})
        ),
        action="create",
        table_name="checkout_read_log",
    )
    publish(message, user_ids=[reader.pk])


def publish_status_updated(*, work_day, reader_ids: list[int]) -> None:
    message = CHECKOUT_STATUS_UPDATED.message(
        CheckoutStatusMeta(
            user_id=work_day.user_id, work_date=work_day.work_date.isoformat(), work_day_id=work_day.pk
        ),
        action="update",
        table_name="checkout_check_status",
        resource_id=work_day.pk,
    )
    publish(message, user_ids=reader_ids)
