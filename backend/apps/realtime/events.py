"""Live events: the registry every event is declared in, and publishing after commit.

Every message has the shape the spec shows: {event, meta, action, table_name, resource_id,
email, status}. Each app declares its events once, in its own `events` module, with `declare`:
the name, a TypedDict for `meta`, what it means and who receives it. That module holds the named
builder (the only code that makes the message) and the publisher that picks the recipients.
`manage.py export_event_types` turns the registry into the SPA's types (events.gen.ts).

`publish` sends a message only after the surrounding transaction commits, so a client never
hears of a change it cannot read yet. This module imports no app: apps import it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction

logger = logging.getLogger(__name__)


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


class EmptyMeta(TypedDict):
    """The meta of an event that carries nothing beyond the common fields."""


M = TypeVar("M")


@dataclass(frozen=True)
class EventType(Generic[M]):
    """One live event: its wire name, the TypedDict of its meta, what it means, who receives it."""

    name: str
    meta: type
    description: str
    recipients: str

    def message(
        self,
        meta: M,
        *,
        action: str = "",
        table_name: str = "",
        resource_id: int | str | None = None,
        email: str = "",
        status: str = "",
    ) -> EventMessage:
        return {
            "event": self.name,
            "meta": dict(meta),
            "action": action,
            "table_name": table_name,
            "resource_id": resource_id,
            "email": email,
            "status": status,
        }


_REGISTRY: dict[str, EventType] = {}


def declare(name: str, *, meta: type[M], description: str, recipients: str) -> EventType[M]:
    """Register an event once; its app's `events` module is imported when the app is ready."""
    if name in _REGISTRY:
        raise ImproperlyConfigured(f"live event {name!r} is declared twice")
    if not (description and recipients):
        raise ImproperlyConfigured(f"live event {name!r} needs a description and its recipients")
    event = EventType(name=name, meta=meta, description=description, recipients=recipients)
    _REGISTRY[name] = event
    return event


def registry() -> list[EventType]:
    """Every declared event, in declaration order (the order apps become ready)."""
    return list(_REGISTRY.values())


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
