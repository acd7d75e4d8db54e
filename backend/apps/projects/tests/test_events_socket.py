"""End to end through Channels: a membership event reaches the project's members and the removed
user, and nobody else."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from apps.accounts.models import AuthToken
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.projects.models import AccessType
from apps.projects.services import memberships
from apps.projects.tests.factories import ProjectFactory, ProjectMembershipFactory
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
    workspace = WorkspaceFactory()
    owner, member, outsider = (UserFactory(workspace=workspace) for _ in range(3))
    project = ProjectFactory(workspace=workspace)
    ProjectMembershipFactory(project=project, user=owner, access_type_enum=AccessType.OWNER)
    membership = ProjectMembershipFactory(project=project, user=member)
    return owner, member, outsider, membership


async def test_removal_reaches_the_members_and_the_removed_user_only():
    owner, member, outsider, membership = await setup()
    sockets = {
        name: await connect(user)
        for name, user in (("owner", owner), ("member", member), ("outsider", outsider))
    }

    await database_sync_to_async(memberships.project_membership_delete)(actor=owner, membership=membership)

    for name in ("owner", "member"):
        message = await sockets[name].receive_json_from(timeout=3)
        assert message["event"] == "remove_user_from_project"
        assert message["table_name"] == "project_membership" and message["action"] == "delete"
        assert message["resource_id"] == membership.pk and message["email"] == member.email
        assert message["meta"]["user_id"] == member.pk and message["meta"]["actor_id"] == owner.pk
    assert await sockets["outsider"].receive_nothing(timeout=0.5)
    for communicator in sockets.values():
        await communicator.disconnect()
