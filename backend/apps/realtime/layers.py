"""channels-redis' pub/sub layer, delivering a group message to this process's sockets in slices.

RedisPubSubChannelLayer receives one copy of a group message per process and puts it into the
queue of every local socket in the group at once: with 500 sockets, 500 consumer tasks become
ready together and whatever the event loop had to do next (the response of the very request that
caused the event) waits behind all of them. This layer hands the copies out `DELIVERY_SLICE`
sockets at a time and lets the loop run in between, so a request waits for one slice at most.
Everything else is channels-redis 4.3's own code (pinned in requirements.txt).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer, RedisSingleShardConnection
from channels_redis.utils import _wrap_close, decode_hosts
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

DELIVERY_SLICE = 50
# The message a consumer gets when this process stopped receiving from Redis (handler: layer_lost).
LAYER_LOST = "layer.lost"


class SlicedShardConnection(RedisSingleShardConnection):
    down = False  # the receiving loop has lost Redis (set and cleared by _do_receiving)

    async def _do_receiving(self) -> None:
        # channels-redis 4.3's loop, with an awaited delivery. When Redis becomes unreachable the
        # events published meanwhile are lost to this process, so its open sockets are told
        # (`layer.lost`: the consumer closes them and the SPA reconnects and reloads), and the
        # outage is logged once, not every second while the loop retries. Once Redis answers
        # again the loop starts afresh (`recover`) instead of letting redis-py mend the old
        # subscription while handshakes subscribe on it at the same time.
        self.down = False
        while True:
            try:
                if self.down:
                    await self.recover()
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
                    await self.deliver(message)
                else:
                    await asyncio.sleep(0.1)
            except (TimeoutError, asyncio.CancelledError, GeneratorExit):
                raise
            except Exception as error:
                if not self.down:
                    self.down = True
                    logger.error("channel layer cannot receive from Redis, closing local sockets: %r", error)
                    self.tell_local_sockets_the_layer_is_lost()
                await asyncio.sleep(1)

    async def recover(self) -> None:
        """Raises while Redis is still away. Otherwise: a new subscription connection (the old
        one died with the outage; redis-py would renew every channel it ever held on it), with
        the channels this process still needs, and the layer is up again."""
        self._ensure_redis()
        await self._redis.ping()
        async with self._lock:
            old, self._pubsub = self._pubsub, self._redis.pubsub()
            with contextlib.suppress(Exception):
                await old.aclose()  # its connection is dropped, never handed out again
            layer = self.channel_layer
            wanted = {
                name
                for name in [*layer.channels, *layer.groups]
                if layer._get_shard(name) is self and (name in layer.channels or layer.groups[name])
            }
            if wanted:
                await self._pubsub.subscribe(*wanted)
            self._subscribed_to = wanted
            self.down = False
        logger.warning("channel layer receives from Redis again (%d channels subscribed)", len(wanted))

    def tell_local_sockets_the_layer_is_lost(self) -> None:
        layer = self.channel_layer
        lost = layer.channel_layer.serialize({"type": LAYER_LOST})
        for queue in list(layer.channels.values()):
            queue.put_nowait(lost)

    async def subscribe(self, channel: str) -> None:
        if self.down:  # recover() subscribes the channels still wanted; fail without waiting
            raise RedisConnectionError("channel layer is not receiving from Redis")
        await super().subscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        # A socket closing while Redis is away: its subscription went with the connection, and
        # channels-redis would log a traceback per socket for the failed UNSUBSCRIBE.
        if self.down:
            self.forget(channel)
            return
        try:
            await super().unsubscribe(channel)
        except (RedisError, OSError):
            self.forget(channel)

    def forget(self, channel: str) -> None:
        """Drop a subscription whose UNSUBSCRIBE failed. redis-py would otherwise keep it and
        subscribe it again when it reconnects: every socket closed during an outage would stay
        subscribed, in this process's memory and in Redis, for the life of the process."""
        self._subscribed_to.discard(channel)
        if self._pubsub is not None:
            for name in (channel, channel.encode()):
                self._pubsub.channels.pop(name, None)
                self._pubsub.pending_unsubscribe_channels.discard(name)

    async def deliver(self, message: dict | None) -> None:
        if message is None:
            return
        name = message["channel"]
        if isinstance(name, bytes):
            name = name.decode()
        layer = self.channel_layer
        if name in layer.channels:
            layer.channels[name].put_nowait(message["data"])
            return
        members = list(layer.groups.get(name, ()))
        if not members:
            return
        # One decoded message for every local socket of the group, not one msgpack decode per
        # socket: consumers only read it (SlicedLoopLayer.receive hands it out as it is).
        decoded = layer.channel_layer.deserialize(message["data"])
        for start in range(0, len(members), DELIVERY_SLICE):
            if start:
                await asyncio.sleep(0)  # let the loop run what is waiting before the next slice
            for channel in members[start : start + DELIVERY_SLICE]:
                queue = layer.channels.get(channel)  # a socket may have closed meanwhile
                if queue is not None:
                    queue.put_nowait(decoded)


class SlicedLoopLayer(RedisPubSubLoopLayer):
    def __init__(self, hosts=None, **kwargs) -> None:
        super().__init__(hosts, **kwargs)
        self._shards = [SlicedShardConnection(host, self) for host in decode_hosts(hosts)]

    async def receive(self, channel: str) -> dict:
        """channels-redis' receive, except that a group message arrives decoded already (one
        decode per process, shared by every socket of the group; see SlicedShardConnection.deliver)."""
        if channel not in self.channels:
            await self._subscribe_to_channel(channel)
        queue = self.channels[channel]
        try:
            message = await queue.get()
        except (asyncio.CancelledError, TimeoutError, GeneratorExit):
            # As channels-redis: the consumer is exiting; drop its channel and its subscription.
            if channel in self.channels:
                del self.channels[channel]
                with contextlib.suppress(Exception):
                    await self._get_shard(channel).unsubscribe(channel)
            raise
        return message if isinstance(message, dict) else self.channel_layer.deserialize(message)

    async def group_add(self, group: str, channel: str) -> None:
        """A socket joining while this process cannot receive from Redis would hear nothing:
        fail like the core layer does, so the consumer refuses the handshake (one log line)."""
        if any(shard.down for shard in self._shards):
            raise RedisConnectionError("channel layer is not receiving from Redis")
        await super().group_add(group, channel)

    async def new_channel(self, prefix: str = "specific.") -> str:
        """A consumer's own channel. Channels calls this before the consumer's connect(): with
        Redis down, channels-redis would raise here, outside the consumer's own error handling.
        Subscribing the channel is best effort (every message of this product goes to groups,
        none to a single channel); the groups joined in connect() need Redis and raise there."""
        channel = f"{self.prefix}{prefix}{uuid.uuid4().hex}"
        self.channels[channel] = asyncio.Queue()
        with contextlib.suppress(RedisError, OSError):
            await self._get_shard(channel).subscribe(channel)
        return channel


class PubSubChannelLayer(RedisPubSubChannelLayer):
    """RedisPubSubChannelLayer with sliced local delivery (settings: CHANNEL_LAYER=pubsub)."""

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        try:
            return self._layers[loop]
        except KeyError:
            layer = SlicedLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
            return layer
