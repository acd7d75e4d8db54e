"""Websockets end to end through the ASGI app: who may connect, and signing out closes sockets."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from apps.accounts import services as account_services
from apps.accounts.models import AuthToken, token_digest
from apps.accounts.tests.factories import HEADERS, WorkspaceFactory, connect, make_user
from apps.realtime.consumers import UserStatusConsumer
from apps.realtime.events import event_payload, token_group, user_group, workspace_group
from config.asgi import application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_unauthenticated_socket_is_rejected():
    communicator, connected, _ = await connect(None)
    assert not connected
    communicator, connected, _ = await connect("0" * 40)
    assert not connected


async def test_foreign_origin_is_rejected():
    user, key = await make_user()
    communicator = WebsocketCommunicator(
        application,
        "/ws/work/user_status/",
        headers=[(b"origin", b"http://evil.example"), (b"host", b"127.0.0.1:8000")],
        subprotocols=["token", key],
    )
    connected, _ = await communicator.connect()
    assert not connected


async def test_unparseable_client_message_does_not_close_the_socket():
    user, key = await make_user()
    communicator, connected, _ = await connect(key)
    assert connected
    await communicator.send_to(text_data="not json{")
    await communicator.send_json_to({"type": "ping"})
    assert await communicator.receive_json_from(timeout=3) == {"type": "pong"}
    await communicator.disconnect()


async def test_signing_out_closes_that_devices_socket_only():
    user, key = await make_user()
    other_key = await database_sync_to_async(lambda: AuthToken.objects.create(user=user).key)()
    signed_out, connected, _ = await connect(key)
    other_device, other_connected, _ = await connect(other_key)
    assert connected and other_connected

    token = await database_sync_to_async(AuthToken.objects.get)(digest=token_digest(key))
    await database_sync_to_async(account_services.sign_out)(token=token)

    closed = await signed_out.receive_output(timeout=3)
    assert closed == {"type": "websocket.close", "code": 4401}
    assert await other_device.receive_nothing(timeout=0.3)
    await other_device.disconnect()


async def test_signing_out_everywhere_closes_every_socket_of_the_user():
    user, key = await make_user(await database_sync_to_async(WorkspaceFactory)())
    teammate, teammate_key = await make_user(user.workspace)
    first, _, _ = await connect(key)
    mate, _, _ = await connect(teammate_key)

    await database_sync_to_async(account_services.sign_out_everywhere)(user=user)

    outputs = [await first.receive_output(timeout=3) for _ in range(2)]
    assert {"type": "websocket.close", "code": 4401} in outputs
    assert await mate.receive_nothing(timeout=0.3)
    await mate.disconnect()


async def test_a_socket_to_an_unknown_path_is_closed_cleanly():
    user, key = await make_user()
    communicator = WebsocketCommunicator(
        application, "/ws/not/a/route/", headers=HEADERS, subprotocols=["token", key]
    )
    connected, code = await communicator.connect()
    assert (connected, code) == (False, 4404)


async def test_a_binary_frame_closes_the_socket_cleanly():
    user, key = await make_user()
    communicator, connected, _ = await connect(key)
    assert connected
    await communicator.send_to(bytes_data=b"\x00\x01binary")
    assert await communicator.receive_output(timeout=3) == {"type": "websocket.close", "code": 1003}


@pytest.fixture
def discarded(monkeypatch):
    """The groups each channel left, recorded on the way to the layer."""
    layer = get_channel_layer()
    left: list[str] = []
    discard = layer.group_discard

    async def recording(group, channel):
        left.append(group)
        await discard(group, channel)

    monkeypatch.setattr(layer, "group_discard", recording)
    return left


@pytest.mark.parametrize("depth", [40, 100_000])
async def test_a_deeply_nested_frame_closes_the_socket_cleanly_and_it_leaves_its_groups(depth, discarded):
    user, key = await make_user()
    communicator, connected, _ = await connect(key)
    assert connected
    await communicator.send_to(text_data="[" * depth + "]" * depth)
    assert await communicator.receive_output(timeout=3) == {"type": "websocket.close", "code": 1009}
    await communicator.disconnect()
    assert user_group(user.pk) in discarded and token_group(token_digest(key)) in discarded


async def test_a_socket_whose_handler_fails_still_leaves_its_groups(monkeypatch, discarded):
    async def failing(self, content, **kwargs):
        raise RuntimeError("a bug in a handler")

    monkeypatch.setattr(UserStatusConsumer, "receive_json", failing)
    user, key = await make_user()
    communicator, connected, _ = await connect(key)
    assert connected
    await communicator.send_json_to({"type": "ping"})
    with pytest.raises(RuntimeError):
        await communicator.receive_output(timeout=3)
    assert user_group(user.pk) in discarded and token_group(token_digest(key)) in discarded


async def test_events_reach_the_socket_without_a_hop_to_the_sync_thread(monkeypatch):
    # Channels' dispatch runs close_old_connections in the one sync thread per message; the
    # status consumer uses no database, so 1,000 sockets must not queue 1,000 hops there.
    hops = []

    async def counted():
        hops.append(1)

    monkeypatch.setattr("channels.consumer.aclose_old_connections", counted)
    user, key = await make_user()
    communicator, connected, _ = await connect(key)
    assert connected
    message = {"event": "user_updated", "meta": {}, "action": "", "table_name": "", "resource_id": None}
    await get_channel_layer().group_send(user_group(user.pk), {"type": "event.message", "message": message})
    assert await communicator.receive_json_from(timeout=3) == message
    assert hops == []
    await communicator.disconnect()


async def test_an_event_reaches_every_socket_as_the_text_the_publisher_encoded_once(monkeypatch):
    async def encoded_per_socket(cls, content):
        raise AssertionError("a socket encoded the event itself")

    monkeypatch.setattr(UserStatusConsumer, "encode_json", classmethod(encoded_per_socket))
    user, key = await make_user(await database_sync_to_async(WorkspaceFactory)())
    teammate, teammate_key = await make_user(user.workspace)
    sockets = [(await connect(key))[0], (await connect(teammate_key))[0]]
    message = {"event": "user_updated", "meta": {"a": 1}, "action": "", "table_name": "", "resource_id": 7}
    payload = event_payload(message)
    await get_channel_layer().group_send(workspace_group(user.workspace_id), payload)
    for socket in sockets:
        assert await socket.receive_from(timeout=3) == payload["text"]
        await socket.disconnect()
    assert json.loads(payload["text"]) == message


class BarrierLayer(InMemoryChannelLayer):
    """An in-memory layer whose group_add returns only once three joins are under way together."""

    async def group_add(self, group, channel):
        self.joining = getattr(self, "joining", 0) + 1
        async with asyncio.timeout(2):  # joined one after the other, the first join never returns
            while self.joining < 3:
                await asyncio.sleep(0.01)
        await super().group_add(group, channel)


async def test_a_socket_joins_its_user_token_and_workspace_groups_at_once():
    user, key = await make_user(await database_sync_to_async(WorkspaceFactory)())
    layers = {"default": {"BACKEND": f"{__name__}.BarrierLayer"}}
    with override_settings(CHANNEL_LAYERS=layers):
        communicator, connected, _ = await connect(key)
        assert connected
        layer = get_channel_layer()
        assert set(layer.groups) == {
            user_group(user.pk),
            workspace_group(user.workspace_id),
            token_group(token_digest(key)),
        }
        await communicator.disconnect()
        assert not any(layer.groups.values())
