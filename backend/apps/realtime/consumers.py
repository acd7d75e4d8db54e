import asyncio
import contextlib
import logging

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer, AsyncWebsocketConsumer
from redis.exceptions import RedisError

from apps.core.outage import Outage
from apps.core.parsers import MAX_JSON_DEPTH, nesting_exceeds
from apps.realtime import hooks
from apps.realtime.events import token_group, user_group, workspace_group

TOKEN_SUBPROTOCOL = "token"
UNAUTHENTICATED_CLOSE_CODE = 4401
NOT_FOUND_CLOSE_CODE = 4404
UNSUPPORTED_DATA_CLOSE_CODE = 1003  # RFC 6455: a frame type the endpoint cannot accept
TOO_BIG_CLOSE_CODE = 1009  # RFC 6455: a message too big to process (here: nested too deep)
TRY_AGAIN_LATER_CLOSE_CODE = 1013  # RFC 6455 registry: the server cannot serve it right now
SERVER_ERROR_CLOSE_CODE = 1011
# How long a handshake waits for the channel layer (Redis) before it is refused: long enough
# for a burst of handshakes on a loaded machine (2 s refused some), short of a hung client.
LAYER_TIMEOUT_SECONDS = 5.0
# The channel layer failing: Redis unreachable (redis-py's errors, a socket's, or no answer).
LAYER_ERRORS = (RedisError, OSError, TimeoutError)
# Set in the scope by the token middleware when the database could not be asked (apps.accounts.websocket).
DATABASE_UNAVAILABLE = "database_unavailable"

logger = logging.getLogger(__name__)
# What decode_json answers for a frame nested deeper than the HTTP side's JSON limit.
TOO_DEEP = object()


# One log line per outage of the channel layer (per process), not one per refused socket.
_layer_outage = Outage(
    logger,
    "channel layer unavailable, refusing websocket handshakes until it is back",
    "channel layer available again, accepting websocket handshakes",
)


class NotFoundConsumer(AsyncWebsocketConsumer):
    """Any websocket path without a route: refuse the handshake instead of raising."""

    async def connect(self) -> None:
        await self.close(code=NOT_FOUND_CLOSE_CODE)

    async def layer_lost(self, event) -> None:
        pass  # closed already


class UserStatusConsumer(AsyncJsonWebsocketConsumer):
    """`/ws/work/user_status/`: pushes the user's own and their workspace's events."""

    groups_joined: list[str]

    async def __call__(self, scope, receive, send) -> None:
        try:
            await super().__call__(scope, receive, send)
        except RedisError as error:
            # Redis went away under an open socket (its channel's receive failed): close it
            # cleanly, one log line per outage; the SPA reconnects once the layer is back.
            _layer_outage.failed(error)
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": SERVER_ERROR_CLOSE_CODE})
        except OSError:
            pass  # the client went away (uvicorn's ClientDisconnected): nothing to answer
        finally:
            # However the socket ended (a handler raised, the client vanished without a
            # disconnect message), this channel leaves the user's, token's and workspace's groups:
            # no worker stays subscribed for a socket that is gone.
            with contextlib.suppress(Exception):
                async with asyncio.timeout(LAYER_TIMEOUT_SECONDS):
                    await self.leave_groups()

    async def connect(self) -> None:
        self.groups_joined = []
        if self.scope.get(DATABASE_UNAVAILABLE):
            # The token could not be checked: refuse like a Redis outage, the SPA retries.
            await self.close(code=TRY_AGAIN_LATER_CLOSE_CODE)
            return
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            # Closing before accept rejects the handshake (HTTP 403).
            await self.close(code=UNAUTHENTICATED_CLOSE_CODE)
            return
        self.groups_joined.append(user_group(user.pk))
        if self.scope.get("token_digest"):
            self.groups_joined.append(token_group(self.scope["token_digest"]))
        if user.workspace_id:
            self.groups_joined.append(workspace_group(user.workspace_id))
        try:
            async with asyncio.timeout(LAYER_TIMEOUT_SECONDS):
                await self.join_groups()
        except LAYER_ERRORS as error:
            # Redis is down: refuse the handshake cleanly; the SPA reconnects with back-off.
            _layer_outage.failed(error)
            self.groups_joined = []
            await self.close(code=TRY_AGAIN_LATER_CLOSE_CODE)
            return
        _layer_outage.succeeded()
        subprotocols = self.scope.get("subprotocols") or []
        await self.accept(subprotocol=TOKEN_SUBPROTOCOL if TOKEN_SUBPROTOCOL in subprotocols else None)

    async def dispatch(self, message) -> None:
        """Channels' own dispatch first runs close_old_connections through sync_to_async: a hop
        to the one thread every sync view of this process runs on, for every message of every
        socket (a status change to 500 sockets queued 500 hops ahead of the next request). This
        consumer never uses the database (the token is looked up before it runs), so it skips it."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def join_groups(self) -> None:
        """Join the user, token and workspace groups at once: one wait for Redis, not three.

        Once more on a connection error: after Redis restarts, each pooled connection the layer
        still holds fails once before it is replaced; only a second failure is an outage. Raises
        what the channel layer raises; every group is joined when it returns."""
        for attempt in (1, 2):
            try:
                await asyncio.gather(
                    *(self.channel_layer.group_add(group, self.channel_name) for group in self.groups_joined)
                )
                return
            except LAYER_ERRORS:
                if attempt == 2:
                    raise

    async def disconnect(self, code: int) -> None:
        await self.leave_groups()

    async def leave_groups(self) -> None:
        """Leave every joined group, once (later calls do nothing). Raises the layer's first error."""
        groups = getattr(self, "groups_joined", [])
        self.groups_joined = []
        results = await asyncio.gather(
            *(self.channel_layer.group_discard(group, self.channel_name) for group in groups),
            return_exceptions=True,
        )
        errors = [result for result in results if isinstance(result, Exception)]
        if errors:  # a group the layer lost anyway (Redis down); the socket is closed regardless
            raise errors[0]

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if text_data is None:  # a binary frame: this channel speaks JSON text only
            await self.close(code=UNSUPPORTED_DATA_CLOSE_CODE)
            return
        await super().receive(text_data=text_data, **kwargs)

    async def receive_json(self, content, **kwargs) -> None:
        if content is TOO_DEEP:  # as HTTP refuses such a body (apps.core.parsers): a clean close
            await self.close(code=TOO_BIG_CLOSE_CODE)
            return
        # The channel is server-to-client; a ping keeps proxies from closing an idle socket.
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
        elif isinstance(content, dict) and content.get("type") == "heartbeat":
            await self.heartbeat(active=content.get("active") is True)

    async def heartbeat(self, *, active: bool) -> None:
        """A tab's heartbeat (docs/presence.md): handed to work's presence, answered with the
        interval the tab keeps (the server's setting, so a test server can use seconds)."""
        listener = hooks.heartbeat.get()
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            await listener.heartbeat(user_id=user.pk, active=active)
        await self.send(text_data=f'{{"type":"heartbeat","every":{listener.interval_seconds():g}}}')

    @classmethod
    async def decode_json(cls, text_data):
        """The frame's JSON; None when it is not JSON, TOO_DEEP past the HTTP side's depth limit
        (a frame nested ~1,000 deep makes the decoder itself raise RecursionError)."""
        try:
            content = await super().decode_json(text_data)
        except RecursionError:
            return TOO_DEEP
        except ValueError:
            return None
        return TOO_DEEP if nesting_exceeds(content, MAX_JSON_DEPTH) else content

    async def event_message(self, event) -> None:
        # The publisher encoded the message once (apps.realtime.events.event_payload): every
        # socket sends that text as it is, no JSON encoding per socket.
        text = event.get("text")
        if text is None:  # a payload made elsewhere (a test, an older process during a deploy)
            text = await self.encode_json(event["message"])
        await self.send(text_data=text)

    async def layer_lost(self, event) -> None:
        # The process stopped receiving from Redis (apps/realtime/layers.py): events published
        # meanwhile never reach this socket, so close it; the SPA reconnects and reloads.
        await self.close(code=SERVER_ERROR_CLOSE_CODE)

    async def session_revoked(self, event) -> None:
        # The token was signed out: the SPA reloads `me`, gets 401 and ends the session.
        await self.close(code=UNAUTHENTICATED_CLOSE_CODE)
