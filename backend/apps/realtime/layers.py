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
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

DELIVERY_SLICE = 50


class SlicedShardConnection(RedisSingleShardConnection):
    async def _do_receiving(self) -> None:
        # channels-redis 4.3's loop, with an awaited delivery and a one-line log when Redis is
        # unreachable (it retries every second; redis-py re-subscribes once Redis is back).
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
                    await self.deliver(message)
                else:
                    await asyncio.sleep(0.1)
            except (TimeoutError, asyncio.CancelledError, GeneratorExit):
                raise
            except Exception as error:
                logger.error("channel layer cannot receive from Redis: %r", error)
                await asyncio.sleep(1)

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
        for start in range(0, len(members), DELIVERY_SLICE):
            if start:
                await asyncio.sleep(0)  # let the loop run what is waiting before the next slice
            for channel in members[start : start + DELIVERY_SLICE]:
                queue = layer.channels.get(channel)  # a socket may have closed meanwhile
                if queue is not None:
                    queue.put_nowait(message["data"])


class SlicedLoopLayer(RedisPubSubLoopLayer):
    def __init__(self, hosts=None, **kwargs) -> None:
        super().__init__(hosts, **kwargs)
        self._shards = [SlicedShardConnection(host, self) for host in decode_hosts(hosts)]

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
