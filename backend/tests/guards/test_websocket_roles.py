"""The live channel for the roles of the matrix, through the real ASGI application (config.asgi:
Origin check, token subprotocol, routing): nobody's socket carries another tenant's or another
project's events, a deactivated account's socket closes at once, and every refused or odd
handshake or frame ends cleanly."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.guards.world import (
    ADMIN,
    DEACTIVATED,
    FAST_HASHING,
    MARKER_A,
    MARKER_B,
    MEMBER,
    OTHER_WORKSPACE,
    OUTSIDER,
    OWNER,
    World,
    build_world,
    enter_office,
    sign_in,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

PATH = "/ws/work/user_status/"
HOST = (b"host", b"127.0.0.1:8000")
GOOD_ORIGIN = (b"origin", b"http://127.0.0.1:8000")
SIGNED_IN_ROLES = (OUTSIDER, MEMBER, OWNER, ADMIN, OTHER_WORKSPACE)
# A close that says "this is not for me", not a crash (1011) and not a normal goodbye (1000).
CLEAN_REFUSAL_CODES = {1003, 1007, 1008, 4400}


@pytest.fixture
def world(transactional_db):
    with FAST_HASHING:
        yield build_world()


async def connect(key: str | None, *, path: str = PATH, origin=GOOD_ORIGIN, subprotocols=None):
    headers = [HOST] + ([origin] if origin else [])
    if subprotocols is None:
        subprotocols = ["token", key] if key else []
    communicator = WebsocketCommunicator(application, path, headers=headers, subprotocols=subprotocols)
    connected, _ = await communicator.connect(timeout=3)
    return communicator, connected


async def collect(communicator, expected: set[tuple[str, str]]) -> list[dict]:
    """The messages up to the last expected (event, email) pair, then whatever else arrives
    before the socket goes quiet (events are sent in order, so a leak shows up by then)."""
    messages = []
    while not expected <= {(m["event"], m["email"]) for m in messages}:
        messages.append(await communicator.receive_json_from(timeout=5))
    while not await communicator.receive_nothing(timeout=0.3):
        messages.append(await communicator.receive_json_from(timeout=1))
    return messages


def _enter_office(user, address: str) -> None:
    enter_office(sign_in(user, address))


def _post(world: World, role: str, path: str, body: dict) -> None:
    response = world.client(role).post(path, body, format="json")
    assert response.status_code in (200, 201), response.content


async def test_each_role_receives_its_tenant_and_project_events_and_nothing_else(world):
    sockets = {}
    for role in SIGNED_IN_ROLES:
        sockets[role], connected = await connect(world.tokens[role])
        assert connected, role

    # Workspace B: a presence change and a project event, both in B only.
    await database_sync_to_async(_enter_office)(world.b_colleague, "10.9.1.1")
    await database_sync_to_async(_post)(
        world, OTHER_WORKSPACE, "/api/projects/task/", {"section": world.b_section.pk, "title": "B task"}
    )
    # Workspace A: a project event of the project (members only) and a presence change.
    await database_sync_to_async(_post)(
        world, OWNER, "/api/projects/task/", {"section": world.section.pk, "title": "A task"}
    )
    await database_sync_to_async(_enter_office)(world.colleague, "10.9.1.2")

    b_status = ("new_status", world.b_colleague.email)
    b_task = ("new_task", world.users[OTHER_WORKSPACE].email)
    a_task = ("new_task", world.users[OWNER].email)
    a_status = ("new_status", world.colleague.email)
    expected = {
        OTHER_WORKSPACE: {b_status, b_task},
        MEMBER: {a_task, a_status},
        OWNER: {a_task, a_status},
        OUTSIDER: {a_status},  # the workspace, but not the project
        ADMIN: {a_status},
    }
    received = {role: await collect(sockets[role], expected[role]) for role in SIGNED_IN_ROLES}

    events = {role: {(m["event"], m["email"]) for m in messages} for role, messages in received.items()}
    assert not events[OTHER_WORKSPACE] & {a_task, a_status}
    for role in (OUTSIDER, MEMBER, OWNER, ADMIN):
        assert not events[role] & {b_status, b_task}, role
    for role in (OUTSIDER, ADMIN):
        assert a_task not in events[role], role
    for role, messages in received.items():
        foreign = MARKER_A if role == OTHER_WORKSPACE else MARKER_B
        assert foreign not in json.dumps(messages), (role, messages)
    for socket in sockets.values():
        await socket.disconnect()


async def test_deactivation_closes_the_open_socket_at_once_and_refuses_the_old_token(world):
    from apps.accounts.services import user_deactivate  # comes with the deactivation fix

    socket, connected = await connect(world.tokens[MEMBER])
    assert connected

    await database_sync_to_async(user_deactivate)(user=world.users[MEMBER])

    # The tab first hears it was signed out (user_logout), then its socket closes.
    told = await socket.receive_json_from(timeout=3)
    assert told["event"] == "user_logout" and told["email"] == world.users[MEMBER].email
    closed = await socket.receive_output(timeout=3)
    assert closed["type"] == "websocket.close"
    again, connected = await connect(world.tokens[MEMBER])
    assert not connected


async def test_a_deactivated_accounts_old_token_is_refused(world):
    communicator, connected = await connect(world.tokens[DEACTIVATED])
    assert not connected


@pytest.mark.parametrize(
    "origin",
    [
        (b"origin", b"http://evil.example"),
        (b"origin", b"http://127.0.0.1.evil.example"),
        (b"origin", b"null"),
        None,  # no Origin at all
    ],
)
async def test_a_foreign_or_missing_origin_is_refused_even_with_a_good_token(world, origin):
    communicator, connected = await connect(world.tokens[MEMBER], origin=origin)
    assert not connected


@pytest.mark.parametrize(
    "subprotocols",
    [[], ["token"], ["token", "0" * 40], ["token", ""], ["other", "x"]],
    ids=["no token", "token without key", "wrong key", "empty key", "other subprotocol"],
)
async def test_a_missing_or_wrong_token_is_refused(world, subprotocols):
    communicator, connected = await connect(None, subprotocols=subprotocols)
    assert not connected


async def test_a_socket_to_another_path_is_refused_cleanly(world):
    # Needs the fallback websocket route of the issue-7 fixes: today the router raises.
    communicator, connected = await connect(world.tokens[MEMBER], path="/ws/elsewhere/")
    assert not connected


async def test_a_binary_frame_ends_the_socket_cleanly(world):
    # Needs the binary-frame fix of the issue-7 fixes: today the consumer raises ValueError.
    socket, connected = await connect(world.tokens[MEMBER])
    assert connected
    await socket.send_to(bytes_data=b"\x00\x01binary")
    closed = await socket.receive_output(timeout=3)
    assert closed["type"] == "websocket.close"
    assert closed.get("code") in CLEAN_REFUSAL_CODES, closed
