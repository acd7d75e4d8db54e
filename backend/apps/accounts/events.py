"""The live events of accounts: signing in and out, and profile changes."""

from __future__ import annotations

from typing import Annotated, TypedDict

from apps.accounts import hooks
from apps.realtime.events import ApiSchema, EmptyMeta, declare, publish

USER_LOGIN = declare(
    "user_login",
    meta=EmptyMeta,
    description="the user signed in on a device",
    recipients="the user's own sockets",
)
USER_LOGOUT = declare(
    "user_logout",
    meta=EmptyMeta,
    description="the user signed out on every device, or a workspace admin deactivated them",
    recipients="the user's own sockets (which are then closed)",
)
USER_UPDATED = declare(
    "user_updated",
    meta=EmptyMeta,
    description="the user's own profile or invisible mode changed; reload me",
    recipients="the user's own sockets",
)


class TeammateMeta(TypedDict):
    """The teammate's row as the strip shows it to the recipient (`pinned_yn` and `is_self`
    false: those are the viewer's), made by the strip's own rendering; None: they left the strip
    (deactivated)."""

    user: int
    teammate: Annotated[dict, ApiSchema("Teammate")] | None


TEAMMATE_RECIPIENTS = (
    "the user's workspace (the user included); while they are invisible, their own sockets get the "
    "row as they see it and every teammate's own sockets the row as others see it"
)
TEAMMATE_UPDATED = declare(
    "teammate_updated",
    meta=TeammateMeta,
    description=(
        "a teammate's row changed without a change of status (profile, schedule, invisible mode, "
        "deactivation); meta.teammate is the row to show"
    ),
    recipients=TEAMMATE_RECIPIENTS,
)


def publish_user_login(*, user) -> None:
    publish(USER_LOGIN.message(EmptyMeta(), email=user.email), user_ids=[user.pk])


def publish_user_logout(*, user) -> None:
    publish(USER_LOGOUT.message(EmptyMeta(), email=user.email), user_ids=[user.pk])


def publish_user_updated(*, user) -> None:
    message = USER_UPDATED.message(EmptyMeta(), table_name="user", resource_id=user.pk, email=user.email)
    publish(message, user_ids=[user.pk])


def teammate_updated_message(*, user, row: dict | None):
    return TEAMMATE_UPDATED.message(
        TeammateMeta(user=user.pk, teammate=row), table_name="user", resource_id=user.pk, email=user.email
    )


def publish_teammate_updated(*, user) -> None:
    """`teammate_updated` with the row each recipient may see: the strip's rows live above
    accounts, so work sends it (`hooks.teammates`)."""
    if user.workspace_id:
        hooks.teammates.get().publish_teammate_updated(user=user)


class NewNotificationMeta(TypedDict):
    notification_id: int
    kind: str
    unread_count: int


class NotificationsReadMeta(TypedDict):
    notification_ids: list[int]
    all: bool
    unread_count: int


NEW_NOTIFICATION = declare(
    "new_notification",
    meta=NewNotificationMeta,
    description="a notification was made for the user; reload the notifications",
    recipients="the notified user's own sockets",
)
NOTIFICATIONS_READ = declare(
    "notifications_read",
    meta=NotificationsReadMeta,
    description="the user marked notifications read (on any device); `all` for mark all as read",
    recipients="the user's own sockets",
)


def publish_new_notification(*, notification, unread_count: int) -> None:
    message = NEW_NOTIFICATION.message(
        NewNotificationMeta(
            notification_id=notification.pk, kind=notification.kind, unread_count=unread_count
        ),
        action="create",
        table_name="notification",
        resource_id=notification.pk,
        email=notification.user.email,
    )
    publish(message, user_ids=[notification.user_id])


def publish_notifications_read(*, user, notification_ids: list[int], all: bool, unread_count: int) -> None:
    message = NOTIFICATIONS_READ.message(
        NotificationsReadMeta(notification_ids=notification_ids, all=all, unread_count=unread_count),
        action="update",
        table_name="notification",
        email=user.email,
    )
    publish(message, user_ids=[user.pk])


class ObservableUserMeta(TypedDict):
    observable_user_id: int
    observed_user_id: int
    shown_yn: bool
    starred_yn: bool


CREATED_OR_UPDATED_OBSERVABLE_USER = declare(
    "created_or_updated_observable_user",
    meta=ObservableUserMeta,
    description="the viewer's observation of a user was made or its flags changed; reload observable users",
    recipients="the observer's own sockets",
)


def publish_observable_user(*, observation, action: str = "update") -> None:
    message = CREATED_OR_UPDATED_OBSERVABLE_USER.message(
        ObservableUserMeta(
            observable_user_id=observation.pk,
            observed_user_id=observation.observed_user_id,
            shown_yn=observation.shown_yn,
            starred_yn=observation.starred_yn,
        ),
        action=action,
        table_name="observation",
        resource_id=observation.pk,
    )
    publish(message, user_ids=[observation.observer_id])
