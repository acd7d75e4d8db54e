"""Presence events end to end through the ASGI app: the user, their workspace, and nobody else."""

import pytest
from channels.db import database_sync_to_async

from apps.accounts.tests.factories import WorkspaceFactory, connect, make_user
from apps.work.services import invisible
from apps.work.services import status as services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_status_event_reaches_user_and_workspace_but_not_other_workspaces():
    workspace = await database_sync_to_async(WorkspaceFactory)()
    user, key = await make_user(workspace)
    teammate, teammate_key = await make_user(workspace)
    stranger, stranger_key = await make_user()

    own, connected, subprotocol = await connect(key)
    assert connected and subprotocol == "token"
    mate, _, _ = await connect(teammate_key)
    other, _, _ = await connect(stranger_key)

    await database_sync_to_async(services.status_change)(user=user, status="working")

    message = await own.receive_json_from(timeout=3)
    teammate_row = message["meta"]["teammate"]
    assert (teammate_row["user"], teammate_row["status"]) == (user.pk, "working")
    assert message == {
        "event": "new_status",
        "meta": {"user": user.pk, "teammate": teammate_row},
        "action": "create",
        "table_name": "status_record",
        "resource_id": message["resource_id"],
        "email": user.email,
        "status": "working",
        "stream": "workspace",
        "seq": message["seq"],
    }
    mates = await mate.receive_json_from(timeout=3)
    assert mates["email"] == user.email and mates["seq"] == message["seq"]  # one workspace stream
    assert await other.receive_nothing(timeout=0.5)

    await database_sync_to_async(services.leave_office)(user=user)
    left = await own.receive_json_from(timeout=3)
    assert left["event"] == "user_left_office" and left["email"] == user.email
    assert (left["stream"], left["seq"]) == ("workspace", message["seq"] + 1)  # the next number
    assert await other.receive_nothing(timeout=0.3)
    for communicator in (own, mate, other):
        await communicator.disconnect()


async def test_events_reach_the_users_other_sockets_and_skip_invisible_members():
    workspace = await database_sync_to_async(WorkspaceFactory)()
    user, key = await make_user(workspace)
    _, teammate_key = await make_user(workspace)
    _, stranger_key = await make_user()
    tab_one, _, _ = await connect(key)
    tab_two, _, _ = await connect(key)
    mate, _, _ = await connect(teammate_key)
    other, _, _ = await connect(stranger_key)

    await database_sync_to_async(services.status_change)(user=user, status="taking_break")
    for socket in (tab_one, tab_two, mate):
        message = await socket.receive_json_from(timeout=3)
        assert (message["event"], message["email"], message["status"]) == (
            "new_status",
            user.email,
            "taking_break",
        )
    assert await other.receive_nothing(timeout=0.3)

    # Invisible: the switch looks like leaving to teammates; later news stay with the user.
    user.allow_invisible_mode = True
    await database_sync_to_async(user.save)()
    await database_sync_to_async(invisible.invisible_mode_set)(user=user, enabled=True)
    assert (await mate.receive_json_from(timeout=3))["event"] == "user_left_office"
    for socket in (tab_one, tab_two):
        assert (await socket.receive_json_from(timeout=3))["event"] == "user_updated"
        assert await socket.receive_nothing(timeout=0.2)  # never "you left the office"
    await database_sync_to_async(services.status_change)(user=user, status="working")
    for socket in (tab_one, tab_two):
        assert (await socket.receive_json_from(timeout=3))["status"] == "working"
    await database_sync_to_async(services.leave_office)(user=user)
    for socket in (tab_one, tab_two):
        assert (await socket.receive_json_from(timeout=3))["event"] == "user_left_office"
    assert await mate.receive_nothing(timeout=0.3)
    assert await other.receive_nothing(timeout=0.1)
    for socket in (tab_one, tab_two, mate, other):
        await socket.disconnect()


@pytest.mark.parametrize("how", ["service", "plain_save"])
async def test_deactivating_a_user_closes_their_sockets_at_once(how):
    from apps.accounts import services as account_services

    workspace = await database_sync_to_async(WorkspaceFactory)()
    user, key = await make_user(workspace)
    teammate, teammate_key = await make_user(workspace)
    own, connected, _ = await connect(key)
    mate, _, _ = await connect(teammate_key)
    assert connected

    def deactivate():
        if how == "service":
            account_services.user_deactivate(user=user)
        else:
            user.is_active = False
            user.save()

    await database_sync_to_async(deactivate)()
    # The tab is told it was signed out, then its socket closes (4401).
    assert (await own.receive_json_from(timeout=3))["event"] == "user_logout"
    assert await own.receive_output(timeout=3) == {"type": "websocket.close", "code": 4401}
    # the closed socket hears nothing more of the workspace, and the old token cannot reconnect
    await database_sync_to_async(services.status_change)(user=teammate, status="working")
    assert (await mate.receive_json_from(timeout=3))["event"] == "new_status"
    _, reconnected, _ = await connect(key)
    assert not reconnected
    await mate.disconnect()
