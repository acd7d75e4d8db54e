from types import SimpleNamespace

import pytest

from apps.accounts.models import Observation, WorkspaceRole
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.projects.models import AccessType
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
    TaskListMembershipFactory,
)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def team(db, client_for):
    """Ben works; Ada observes him; Tina owns the team page; Adam is an admin; Zoe is a plain
    teammate; Sam is in another workspace (and observes nobody here)."""
    workspace = WorkspaceFactory()
    ben = UserFactory(workspace=workspace, display_name="Ben")
    ada = UserFactory(workspace=workspace, display_name="Ada")
    tina = UserFactory(workspace=workspace, display_name="Tina", team_page_access_granted_yn=True)
    adam = UserFactory(workspace=workspace, display_name="Adam", workspace_role=WorkspaceRole.ADMIN)
    zoe = UserFactory(workspace=workspace, display_name="Zoe")
    sam = UserFactory(display_name="Sam")
    observation = Observation.objects.create(observer=ada, observed_user=ben)
    project = ProjectFactory(workspace=workspace, title="Apollo")
    ProjectMembershipFactory(project=project, user=ben, access_type_enum=AccessType.OWNER)
    task_list = TaskListFactory(parent_project=project, title="Backlog")
    TaskListMembershipFactory(task_list=task_list, user=ben, access_type_enum=AccessType.OWNER)
    section = SectionFactory(task_list=task_list, title="Doing")
    task = TaskFactory(section=section, owner_user=ben, title="Write the spec")
    other_task = TaskFactory(section=section, owner_user=ben, title="Review")
    people = {"ben": ben, "ada": ada, "tina": tina, "adam": adam, "zoe": zoe, "sam": sam}
    return SimpleNamespace(
        workspace=workspace,
        project=project,
        task=task,
        other_task=other_task,
        observation=observation,
        clients={name: client_for(user) for name, user in people.items()},
        **people,
    )
