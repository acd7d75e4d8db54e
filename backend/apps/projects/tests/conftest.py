from types import SimpleNamespace

import pytest

from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.projects.models import AccessType
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
    TaskListMembershipFactory,
    UserTaskFactory,
)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # Each world makes six users; the real hasher's 1M PBKDF2 rounds would dominate the run.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def published(monkeypatch):
    """Every message published through apps.realtime.events, with its recipients."""
    sent = []

    def fake_publish(message, *, user_ids=(), workspace_ids=()):
        sent.append((message, sorted(set(user_ids)), sorted(set(workspace_ids))))

    monkeypatch.setattr("apps.projects.events.publish", fake_publish)
    return sent


@pytest.fixture
def world(db, client_for):
    """One project seen from the four places that matter: owner, member, non-member of the
    same workspace, and a user of another workspace (who owns a project of their own).
    Full names are fixed: search finds people by them, and a random one ("Gary …") made a
    search test fail once in CI."""
    workspace = WorkspaceFactory()
    owner = UserFactory(workspace=workspace, display_name="Olga", full_name="Olga Berg")
    member = UserFactory(workspace=workspace, display_name="Milo", full_name="Milo Quist")
    outsider = UserFactory(workspace=workspace, display_name="Nina", full_name="Nina Vale")
    stranger = UserFactory(display_name="Sam", full_name="Sam Hart")
    project = ProjectFactory(workspace=workspace, title="Apollo")
    ProjectMembershipFactory(project=project, user=owner, access_type_enum=AccessType.OWNER)
    ProjectMembershipFactory(project=project, user=member, project_role="Developer")
    task_list = TaskListFactory(parent_project=project, title="Backlog")
    TaskListMembershipFactory(task_list=task_list, user=owner, access_type_enum=AccessType.OWNER)
    TaskListMembershipFactory(task_list=task_list, user=member)
    newcomer = UserFactory(workspace=workspace, display_name="Nora", full_name="Nora Lind")
    ProjectMembershipFactory(project=project, user=newcomer)
    section = SectionFactory(task_list=task_list, title="Doing")
    empty_section = SectionFactory(task_list=task_list, title="Later")
    removed_section = SectionFactory(task_list=task_list, title="Old", removed_yn=True)
    TaskFactory(section=removed_section, owner_user=owner, archived_yn=True, title="Old task")
    task = TaskFactory(section=section, owner_user=owner, title="Write the spec")
    owner_user_task = UserTaskFactory(
        task=task, user=owner, today_yn=True, starred_yn=True, role_enum="owner"
    )
    other_list = TaskListFactory(parent_project=project, title="Roadmap")
    return SimpleNamespace(
        workspace=workspace,
        owner=owner,
        member=member,
        outsider=outsider,
        stranger=stranger,
        newcomer=newcomer,
        project=project,
        other_list=other_list,
        empty_section=empty_section,
        removed_section=removed_section,
        owner_user_task=owner_user_task,
        member_membership=project.memberships.get(user=member),
        member_list_membership=task_list.memberships.get(user=member),
        task_list=task_list,
        section=section,
        task=task,
        clients={
            "owner": client_for(owner),
            "member": client_for(member),
            "outsider": client_for(outsider),
            "stranger": client_for(stranger),
        },
    )
