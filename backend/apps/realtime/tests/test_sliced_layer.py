"""The pub/sub layer's local delivery: every socket of the group gets the copy, a slice at a time."""

import asyncio

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from apps.realtime import layers
from apps.realtime.layers import PubSubChannelLayer, SlicedLoopLayer, SlicedShardConnection

pytestmark = pytest.mark.asyncio
EVENT = {"type": "event.message", "text": '{"event": "new_status"}'}


def loop_layer(sockets: int) -> SlicedLoopLayer:
    layer = PubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"], prefix="t.")  # never connects here
    local = layer._get_layer()
    for number in range(sockets):
        local.channels[f"t.specific.{number}"] = asyncio.Queue()
    local.groups["t.__group__workspace-1"] = set(local.channels)
    return local


async def test_the_loop_layer_uses_sliced_shards():
    local = loop_layer(0)
    assert isinstance(local, SlicedLoopLayer)
    assert all(isinstance(shard, SlicedShardConnection) for shard in local._shards)


async def test_a_group_message_reaches_every_local_socket_and_the_loop_runs_between_slices(monkeypatch):
    monkeypatch.setattr(layers, "DELIVERY_SLICE", 50)
    local = loop_layer(120)
    filled_when_the_loop_ran: list[int] = []

    def waiting_callback() -> None:  # e.g. the response of the request that published
        filled_when_the_loop_ran.append(sum(not queue.empty() for queue in local.channels.values()))

    asyncio.get_running_loop().call_soon(waiting_callback)
    data = local.channel_layer.serialize(EVENT)
    await local._shards[0].deliver({"channel": b"t.__group__workspace-1", "data": data})

    assert all(queue.get_nowait() == EVENT for queue in local.channels.values())
    assert filled_when_the_loop_ran == [50]  # after the first slice, not after all 120


async def test_a_group_message_is_decoded_once_for_every_local_socket(monkeypatch):
    local = loop_layer(30)
    decoded = []
    deserialize = local.channel_layer.deserialize
    monkeypatch.setattr(
        local.channel_layer, "deserialize", lambda data: decoded.append(data) or deserialize(data)
    )
    await local._shards[0].deliver(
        {"channel": b"t.__group__workspace-1", "data": local.channel_layer.serialize(EVENT)}
    )

    received = [await local.receive(channel) for channel in list(local.channels)]
    assert len(decoded) == 1
    assert all(message == EVENT for message in received)
    assert len({id(message) for message in received}) == 1  # one object, shared read-only


async def test_a_socket_that_closed_meanwhile_is_skipped_and_direct_messages_still_arrive():
    local = loop_layer(3)
    del local.channels["t.specific.1"]  # closed; still listed in the group
    serialize = local.channel_layer.serialize
    await local._shards[0].deliver({"channel": b"t.__group__workspace-1", "data": serialize(EVENT)})
    await local._shards[0].deliver({"channel": "t.specific.2", "data": serialize({"type": "direct"})})
    await local._shards[0].deliver(None)  # get_message's timeout: nothing to do
    assert local.channels["t.specific.0"].qsize() == 1
    assert [await local.receive("t.specific.2") for _ in range(2)] == [EVENT, {"type": "direct"}]


async def test_a_new_channel_needs_no_redis_so_the_consumer_sees_the_outage_in_its_connect():
    layer = PubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"], prefix="t.")  # nothing listens there
    channel = await layer.new_channel()
    assert channel.startswith("t.specific.")
    assert channel in layer._get_layer().channels
    with pytest.raises(RedisConnectionError):  # joining a group needs Redis
        await layer.group_add("workspace-1", channel)


async def test_a_subscription_whose_unsubscribe_failed_is_forgotten_not_renewed_on_reconnect(monkeypatch):
    # A socket that closed while Redis was away: redis-py would subscribe it again on reconnect,
    # and every outage would leave its closed sockets subscribed for the life of the process.
    async def unreachable(self, channel):
        raise RedisConnectionError("Connection reset by peer")

    monkeypatch.setattr(layers.RedisSingleShardConnection, "unsubscribe", unreachable)
    shard = loop_layer(0)._shards[0]
    shard._ensure_redis()  # the client only: nothing connects
    for name in ("t.__group__user-1", "t.specific.abc"):
        shard._subscribed_to.add(name)
        shard._pubsub.channels[name.encode()] = None
    await shard.unsubscribe("t.specific.abc")
    assert shard._subscribed_to == {"t.__group__user-1"}
    assert set(shard._pubsub.channels) == {b"t.__group__user-1"}
