"""The live events of accounts: signing in and out, and profile changes."""

from __future__ import annotations

from apps.realtime.events import EmptyMeta, declare, publish

USER_LOGIN = declare(
    "user_login",
    meta=EmptyMeta,
    description="the user signed in on a device",
    recipients="the user's own sockets",
)
USER_LOGOUT = declare(
    "user_logout",
    meta=EmptyMeta,
    description="the user signed out on every device",
    recipients="the user's own sockets (which are then closed)",
)
USER_UPDATED = declare(
    "user_updated",
    meta=EmptyMeta,
    description="the user's own profile or invisible mode changed; reload me",
    recipients="the user's own sockets",
)
TEAMMATE_UPDATED = declare(
    "teammate_updated",
    meta=EmptyMeta,
    description="a teammate's profile (name, avatar, place, role) changed; reload the teammates strip",
    recipients="the user's workspace (the user included)",
)


def publish_user_login(*, user) -> None:
    publish(USER_LOGIN.message(EmptyMeta(), email=user.email), user_ids=[user.pk])


def publish_user_logout(*, user) -> None:
    publish(USER_LOGOUT.message(EmptyMeta(), email=user.email), user_ids=[user.pk])


def publish_user_updated(*, user) -> None:
    message = USER_UPDATED.message(EmptyMeta(), table_name="user", resource_id=user.pk, email=user.email)
    publish(message, user_ids=[user.pk])


def publish_teammate_updated(*, user) -> None:
    if not user.workspace_id:
        return
    message = TEAMMATE_UPDATED.message(EmptyMeta(), table_name="user", resource_id=user.pk, email=user.email)
    publish(message, workspace_ids=[user.workspace_id])
