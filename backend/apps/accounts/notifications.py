"""Notifications (spec 01 §3, §7): who is told what is decided by the callers (docs/activities.md,
"Notifications"); this module stores them, reads them and marks them read.

A notification is the user's own: every read and write is filtered by the caller."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Count, Q, QuerySet

from apps.accounts import events
from apps.accounts.models import Notification, User
from apps.core import timeutils

MAX_NOTIFICATIONS = 50
MAX_MARK_IDS = 200


def for_user(user) -> QuerySet[Notification]:
    return Notification.objects.filter(user=user)


def latest(user) -> QuerySet[Notification]:
    """The newest notifications of the user (bounded), with their actor."""
    return for_user(user).select_related("actor").order_by("-datetime", "-id")[:MAX_NOTIFICATIONS]


def unread_count(user) -> int:
    return for_user(user).filter(unread=True).count()


def forget_subjects(*, task_ids: Iterable[int] = (), project_id: int | None = None) -> int:
    """Notifications about deleted tasks (or a deleted project and everything in it) go with
    them: there is nothing left to open. Returns how many went."""
    query = Q(task_id__in=list(task_ids))
    if project_id is not None:
        query |= Q(project_id=project_id)
    deleted, _ = Notification.objects.filter(query).delete()
    return deleted


def notify(
    *,
    user_ids: Iterable[int],
    kind: str,
    text: str,
    actor=None,
    project=None,
    task_list=None,
    task=None,
) -> list[Notification]:
    """One notification per user (the actor is never told of their own act), each published
    to its user's sockets after commit."""
    recipients = sorted({uid for uid in user_ids if actor is None or uid != actor.pk})
    if not recipients:
        return []
    at = timeutils.now()
    made = Notification.objects.bulk_create(
        Notification(
            user_id=uid,
            actor=actor,
            kind=kind,
            text=text[:300],
            datetime=at,
            project_id=project.pk if project is not None else None,
            project_title=project.title if project is not None else "",
            list_id=task_list.pk if task_list is not None else None,
            list_title=task_list.title if task_list is not None else "",
            task_id=task.pk if task is not None else None,
            task_title=task.title if task is not None else "",
        )
        for uid in recipients
    )
    users = User.objects.in_bulk(recipients)
    counts = dict(
        Notification.objects.filter(user_id__in=recipients, unread=True)
        .values_list("user_id")
        .annotate(n=Count("pk"))
        .values_list("user_id", "n")
    )
    for notification in made:
        notification.user = users[notification.user_id]
        events.publish_new_notification(
            notification=notification, unread_count=counts.get(notification.user_id, 0)
        )
    return made


@transaction.atomic
def mark_read(*, user, ids: list[int] | None) -> list[int]:
    """Mark the user's notifications read: these ids, or all of them (`ids` None).
    Ids of other users' notifications are ignored. Returns the ids that changed."""
    rows = for_user(user).filter(unread=True)
    if ids is not None:
        rows = rows.filter(pk__in=ids[:MAX_MARK_IDS])
    changed = list(rows.order_by("pk").values_list("pk", flat=True))
    if changed:
        Notification.objects.filter(pk__in=changed).update(unread=False)
        events.publish_notifications_read(
            user=user, notification_ids=changed, all=ids is None, unread_count=unread_count(user)
        )
    return changed
