"""Deactivation by an admin: no sign-in, tokens dead, tabs told, sockets closed at once."""

import pytest
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from apps.accounts.models import AuthToken, WorkspaceRole
from apps.accounts.tests.factories import PASSWORD, UserFactory, WorkspaceFactory, connect, make_user

pytestmark = pytest.mark.django_db


def test_a_deactivated_member_is_signed_out_everywhere_and_cannot_sign_in(
    client_for, api_client, live_events
):
    ada = UserFactory(workspace_role=WorkspaceRole.ADMIN)
    cy = UserFactory(workspace=ada.workspace)
    bystander = UserFactory(workspace=ada.workspace)
    cy_client = client_for(cy)
    assert cy_client.get("/api/accounts/me/").status_code == 200
    with live_events.capture():
        answer = client_for(ada).post(f"/api/workspace/members/{cy.pk}/deactivate/")
    assert answer.status_code == 200 and answer.json()["is_active"] is False
    assert cy_client.get("/api/accounts/me/").status_code == 401
    assert not AuthToken.objects.filter(user=cy).exists()
    assert (
        api_client.post("/api/accounts/token/", {"email": cy.email, "password": PASSWORD}).status_code == 400
    )
    groups, message = live_events.one("user_logout")
    assert message["email"] == cy.email and live_events.reaches(groups, cy)
    assert not live_events.reaches(groups, bystander) and not live_events.reaches(groups, ada)
    # Listed as inactive; reactivated, they sign in again (old tokens stay dead).
    inactive = client_for(ada).get("/api/workspace/members/?status=inactive").json()["results"]
    assert [row["id"] for row in inactive] == [cy.pk]
    assert client_for(ada).post(f"/api/workspace/members/{cy.pk}/reactivate/").json()["is_active"] is True
    assert cy_client.get("/api/accounts/me/").status_code == 401
    assert (
        APIClient().post("/api/accounts/token/", {"email": cy.email, "password": PASSWORD}).status_code == 200
    )


def test_a_member_cannot_deactivate_anyone(client_for):
    ben = UserFactory()
    cy = UserFactory(workspace=ben.workspace)
    assert client_for(ben).post(f"/api/workspace/members/{cy.pk}/deactivate/").status_code == 403
    cy.refresh_from_db()
    assert cy.is_active


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_open_tab_hears_it_was_signed_out_then_its_socket_closes():
    from apps.accounts import members

    workspace = await database_sync_to_async(WorkspaceFactory)()
    ada, _ = await make_user(workspace)
    await database_sync_to_async(lambda: type(ada).objects.filter(pk=ada.pk).update(workspace_role="ADMIN"))()
    cy, cy_key = await make_user(workspace)
    ben, ben_key = await make_user(workspace)
    cy_tab, connected, _ = await connect(cy_key)
    ben_tab, _, _ = await connect(ben_key)
    assert connected

    await database_sync_to_async(members.member_deactivate)(admin=ada, member=cy)

    heard = await cy_tab.receive_json_from(timeout=3)
    assert heard["event"] == "user_logout" and heard["email"] == cy.email
    # teammate_updated may come first to the workspace; the socket then closes with 4401.
    while True:
        output = await cy_tab.receive_output(timeout=3)
        if output["type"] == "websocket.close":
            assert output["code"] == 4401
            break
    _, reconnected, _ = await connect(cy_key)
    assert not reconnected
    while not await ben_tab.receive_nothing(timeout=0.3):
        assert (await ben_tab.receive_json_from(timeout=1))["event"] != "user_logout"
    await ben_tab.disconnect()
