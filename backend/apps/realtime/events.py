"""The one module that declares and publishes live events.

Every message has the shape the spec shows: {event, meta, action, table_name, resource_id,
email, status}. Services call `publish`; the message leaves only after the surrounding
transaction commits, so a client never hears of a change it cannot read yet.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from enum import StrEnum
from typing import Any, TypedDict

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)


class Event(StrEnum):
    NEW_STATUS = "new_status"
    USER_LEFT_OFFICE = "user_left_office"
    USER_UPDATED = "user_updated"
    USER_LOGIN = "user_login"
    USER_LOGOUT = "user_logout"
    # A teammate's profile (name, avatar, place, role) changed: reload the teammates strip.
    TEAMMATE_UPDATED = "teammate_updated"
    CALENDAR_ENTRIES_SYNCED = "calendar_entries_synced"
    # Projects (spec 02 §4)
    ADD_USER_TO_PROJECT = "add_user_to_project"
    UPDATE_USER_PROJECT_ROLE = "update_user_project_role"
    REMOVE_USER_FROM_PROJECT = "remove_user_from_project"
    ADD_USER_TO_TASKLIST = "add_user_to_tasklist"
    REMOVE_USER_FROM_TASKLIST = "remove_user_from_tasklist"
    NEW_TASK = "new_task"
    NEW_JOIN_TASK_TO_USER = "new_join_task_to_user"
    ADDED_TASK_TO_WORKDAY = "added_task_to_workday"
    REMOVED_TASK_FROM_WORKDAY = "removed_task_from_workday"
    REMOVED_PROJECT_FROM_WORKDAY = "removed_project_from_workday"
    # A list's sections changed (created, renamed, moved, removed, restored, merged, deleted,
    # tasks archived or unarchived): members viewing that list reload its sections.
    SECTIONS_CHANGED = "sections_changed"


class EventMessage(TypedDict):
    event: str
    meta: dict[str, Any]
    action: str
    table_name: str
    resource_id: int | str | None
    email: str
    status: str


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def workspace_group(workspace_id: int) -> str:
    return f"workspace-{workspace_id}"


def token_group(token_digest: str) -> str:
    """The sockets opened with one token (one device), named by the token's stored digest."""
    return "token-" + token_digest[:40]


def revoke_sockets(*, token_digests: Iterable[str] = (), user_ids: Iterable[int] = ()) -> None:
    """After commit, close the sockets of signed-out tokens (or of every device of the users)."""
    groups = [token_group(digest) for digest in token_digests] + [user_group(uid) for uid in user_ids]
    if not groups:
        return

    def send() -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        for group in groups:
            try:
                async_to_sync(layer.group_send)(group, {"type": "session.revoked"})
            except Exception:  # the sign-out itself has committed; never fail it
                logger.exception("could not revoke sockets of %s", group)

    transaction.on_commit(send)


def build_message(
    event: Event,
    *,
    meta: dict[str, Any] | None = None,
    action: str = "",
    table_name: str = "",
    resource_id: int | str | None = None,
    email: str = "",
    status: str = "",
) -> EventMessage:
    return {
        "event": str(event),
        "meta": meta or {},
        "action": action,
        "table_name": table_name,
        "resource_id": resource_id,
        "email": email,
        "status": status,
    }


def _send(groups: list[str], message: EventMessage) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for group in groups:
        try:
            async_to_sync(layer.group_send)(group, {"type": "event.message", "message": message})
        except Exception:  # a dead channel layer must never fail the write that already committed
            logger.exception("could not publish %s to %s", message["event"], group)


def publish(
    message: EventMessage,
    *,
    user_ids: Iterable[int] = (),
    workspace_ids: Iterable[int] = (),
) -> None:
    """Send `message` to the named users and workspaces once the transaction commits."""
    groups = [user_group(uid) for uid in dict.fromkeys(user_ids)]
    groups += [workspace_group(wid) for wid in dict.fromkeys(workspace_ids)]
    if groups:
        transaction.on_commit(lambda: _send(groups, message))


def publish_to_user_and_workspace(message: EventMessage, *, user) -> None:
    """The user's own sockets are in the workspace group too: send once, to the widest group."""
    if user.workspace_id:
        publish(message, workspace_ids=[user.workspace_id])
    else:
        publish(message, user_ids=[user.pk])
