"""Live events: the registry every event is declared in, and publishing after commit.

Every message has the shape the spec shows: {event, meta, action, table_name, resource_id,
email, status}. Each app declares its events once, in its own `events` module, with `declare`:
the name, a TypedDict for `meta`, what it means and who receives it. That module holds the named
builder (the only code that makes the message) and the publisher that picks the recipients.
`manage.py export_event_types` turns the registry into the SPA's types (events.gen.ts).

`publish` sends a message only after the surrounding transaction commits, so a client never
hears of a change it cannot read yet. This module imports no app but core: apps import it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import weakref
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction

from apps.core.outage import Outage

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

    # The sign-out itself has committed by then; a failed send never fails it (group_send_many).
    transaction.on_commit(
        lambda: group_send_many(groups, {"type": "session.revoked"}, what="session.revoked")
    )


class EmptyMeta(TypedDict):
    """The meta of an event that carries nothing beyond the common fields."""


@dataclass(frozen=True)
class ApiSchema:
    """A meta field typed as one of the API's schema components (the SPA gets
    `components['schemas'][name]` from the OpenAPI types): `Annotated[dict, ApiSchema("Teammate")]`.
    The value must be made by that component's serializer, so the event and the read agree."""

    name: str


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


# Sequence numbers per recipient stream (docs/architecture.md, "Live patches"): every event sent to
# a user's or a workspace's group carries `stream` ("user" / "workspace") and `seq`, the group's
# next number, so a socket that missed one (a gap) knows it must reload what it shows. The counter
# lives in the cache (Redis when configured, shared by every process); it starts at a random
# number so that a flushed or restarted cache does not hand out numbers a client already saw.
SEQUENCE_START_BELOW = 2**40  # well inside a JavaScript number's exact integers
STREAMS = {"user-": "user", "workspace-": "workspace"}


def _sequence_key(group: str) -> str:
    return f"live:seq:{group}"


def next_sequence(group: str) -> int:
    key = _sequence_key(group)
    try:
        return cache.incr(key)
    except ValueError:  # never numbered since the cache (re)started
        cache.add(key, secrets.randbelow(SEQUENCE_START_BELOW), timeout=None)
        return cache.incr(key)


def _stream(group: str) -> str | None:
    return next((name for prefix, name in STREAMS.items() if group.startswith(prefix)), None)


def numbered(group: str, payload: dict[str, str]) -> dict[str, str]:
    """The event's payload for one group, with the group's stream and next sequence number
    spliced into the JSON text that was encoded once for every group."""
    stream = _stream(group)
    if stream is None:
        return payload
    text = payload["text"]
    return {**payload, "text": f'{text[:-1]},"stream":"{stream}","seq":{next_sequence(group)}}}'}


PUBLISH_TIMEOUT_SECONDS = 5
# The write that published has committed either way: while the channel layer (Redis) is out,
# one line says events are being lost, and one that they flow again (not one per group).
_publish_outage = Outage(
    logger,
    "could not publish live events, the channel layer is out; writes go on without them",
    "publishing live events again",
    level=logging.ERROR,
)
# One lock per event loop: hand-offs from one process reach the layer in the order they were made.
_ordered: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()


async def _group_send_all(layer, sends: list[tuple[str, dict]], what: str) -> None:
    """Every (group, payload) send at once; each failure is one log line, never raised."""
    lock = _ordered.setdefault(asyncio.get_running_loop(), asyncio.Lock())
    async with lock:
        try:
            # Redis connections have no socket timeout (config/channel_layers.py): a Redis that
            # stops answering must not hold every later event of this process behind this one.
            async with asyncio.timeout(PUBLISH_TIMEOUT_SECONDS):
                results = await asyncio.gather(
                    *(layer.group_send(group, payload) for group, payload in sends), return_exceptions=True
                )
        except Exception as error:  # the layer could not even start a send, or timed out
            results = [error] * len(sends)
    failed = False
    for (group, _), result in zip(sends, results, strict=True):
        if isinstance(result, BaseException):
            failed = True
            _publish_outage.failed(result, f"first lost: {what} to {group}")
            logger.debug("could not publish %s to %s: %r", what, group, result)
    if not failed:
        _publish_outage.succeeded()


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of the ASGI server whose sync code (a view, a database_sync_to_async
    call) runs in this thread: asgiref records it for async_to_sync. None outside a server."""
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(local, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None


# Set by PublishAfterResponseMiddleware for the length of a request: the sends its writes make
# wait there and leave once the response has been sent (`send_held`).
Held = list[tuple[list[str], dict, str, bool]]
_held: ContextVar[Held | None] = ContextVar("live_events_held", default=None)


@contextlib.contextmanager
def hold_sends() -> Iterator[Held]:
    """Within this block (a request), group_send_many keeps its sends in the yielded list."""
    held: Held = []
    token = _held.set(held)
    try:
        yield held
    finally:
        _held.reset(token)


def send_held(held: Held) -> None:
    for groups, payload, what, sequenced in held:
        group_send_many(groups, payload, what=what, sequenced=sequenced)
    held.clear()


def group_send_many(groups: list[str], payload: dict, *, what: str, sequenced: bool = False) -> None:
    """Send one payload to several groups, the groups at once, without making the caller wait.

    A write calls this after it has committed. During a request the sends wait until its
    response has been sent (PublishAfterResponseMiddleware): a status change to 1,000 sockets
    does not slow down the POST that made it. Inside the server the sends are handed to its
    event loop and the request goes on (its response no longer waits for Redis, nor for the loop
    to deliver the copies to this process's sockets); elsewhere (a management command, a sync
    test) they run to completion before this returns. Either way a failing channel layer is
    never raised, and logged once per outage (apps.core.outage).

    `sequenced`: each group's copy gets the group's next sequence number (`numbered`), taken
    here, as the sends leave, so numbers follow the order in which events reach the layer. A
    number that cannot be taken (the cache is out, as the layer is then) loses the event like a
    failed send: the next one shows the client a gap."""
    held = _held.get()
    if held is not None:
        held.append((groups, payload, what, sequenced))
        return
    layer = get_channel_layer()
    if layer is None or not groups:
        return
    try:
        sends = [(group, numbered(group, payload) if sequenced else payload) for group in groups]
    except Exception as error:
        _publish_outage.failed(error, f"first lost: {what} (no sequence number)")
        logger.debug("could not number %s", what, exc_info=True)
        return
    loop = _server_loop()
    if loop is not None:
        try:
            asyncio.run_coroutine_threadsafe(_group_send_all(layer, sends, what), loop)
            return
        except RuntimeError:  # the loop closed meanwhile (the worker is stopping)
            pass
    try:
        async_to_sync(_group_send_all)(layer, sends, what)
    except Exception as error:
        _publish_outage.failed(error, f"first lost: {what} to {', '.join(groups)}")
        logger.debug("could not publish %s to %s", what, ", ".join(groups), exc_info=True)


def event_payload(message: EventMessage) -> dict[str, str]:
    """The channel-layer payload of a live event: the message as JSON text, encoded once here
    for every socket that receives it (the consumer sends the text as it is)."""
    return {"type": "event.message", "text": json.dumps(message)}


def _send(groups: list[str], message: EventMessage) -> None:
    group_send_many(groups, event_payload(message), what=message["event"], sequenced=True)


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
