"""Heartbeats through the real socket (docs/presence.md): a new tab's first heartbeat makes its
member present again to their teammates at once; a tab nobody uses changes nothing; other
workspaces hear nothing."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from apps.accounts.models import AuthToken, User
from apps.accounts.tests.factories import UserFactory
from apps.realtime import hooks
from apps.work import selectors
from config.asgi import application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

HEADERS = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]


async def connect(user):
    key = (await database_sync_to_async(AuthToken.objects.create)(user=user)).key
    communicator = WebsocketCommunicator(
        application, "/ws/work/user_status/", headers=HEADERS, subprotocols=["token", key]
    )
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@database_sync_to_async
def setup():
    ben = UserFactory()
    ada = UserFactory(workspace=ben.workspace)
    # Ben went quiet long ago: teammates see 'last seen'
    User.objects.filter(pk=ben.pk).update(presence_state="away")
    return ben, ada, UserFactory()


async def test_a_new_tab_makes_a_member_present_again_at_its_first_heartbeat(clock):
    hooks.heartbeat.get().written.clear()
    ben, ada, stranger = await setup()
    ada_socket, stranger_socket, ben_tab = await connect(ada), await connect(stranger), await connect(ben)

    await ben_tab.send_json_to({"type": "heartbeat", "active": False})  # open, nobody there
    assert await ben_tab.receive_json_from(timeout=3) == {"type": "heartbeat", "every": 30}
    assert await ada_socket.receive_nothing(timeout=0.3)
    assert await database_sync_to_async(selectors.last_activity)(user_id=ben.pk) is None

    await ben_tab.send_json_to({"type": "heartbeat", "active": True})
    answers = [await ben_tab.receive_json_from(timeout=3) for _ in range(2)]  # its own event too
    assert {"type": "heartbeat", "every": 30} in answers
    message = await ada_socket.receive_json_from(timeout=3)
    assert message["event"] == "presence_changed"
    assert message["meta"]["user"] == ben.pk
    assert message["meta"]["teammate"]["presence"] == "active"
    assert await database_sync_to_async(selectors.last_activity)(user_id=ben.pk) == clock()
    assert await stranger_socket.receive_nothing(timeout=0.5)

    # the next heartbeats of an active member write at most once a minute and send nothing
    clock.advance(seconds=30)
    await ben_tab.send_json_to({"type": "heartbeat", "active": True})
    await ben_tab.receive_json_from(timeout=3)
    assert await database_sync_to_async(selectors.last_activity)(user_id=ben.pk) != clock()
    clock.advance(seconds=30)
    await ben_tab.send_json_to({"type": "heartbeat", "active": True})
    await ben_tab.receive_json_from(timeout=3)
    assert await database_sync_to_async(selectors.last_activity)(user_id=ben.pk) == clock()
    assert await ada_socket.receive_nothing(timeout=0.3)
    for socket in (ada_socket, stranger_socket, ben_tab):
        await socket.disconnect()
