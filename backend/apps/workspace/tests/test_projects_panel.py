"""The Projects panel: search, Active / Archived, by title, counts, pages; archive round trip; delete."""

import pytest

from apps.accounts.models import WorkspaceRole
from apps.accounts.tests.factories import UserFactory
from apps.projects.models import AccessType, Project
from apps.projects.tests.factories import ProjectFactory, ProjectMembershipFactory, TaskListFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada(db):
    return UserFactory(workspace_role=WorkspaceRole.ADMIN)


def test_search_filters_order_counts_and_pages(ada, client_for, django_assert_num_queries):
    client = client_for(ada)
    for title in ("zeta", "Alpha", "beta"):
        project = ProjectFactory(workspace=ada.workspace, title=title)
        ProjectMembershipFactory(project=project, access_type_enum=AccessType.OWNER)
        ProjectMembershipFactory.create_batch(2, project=project)
        TaskListFactory.create_batch(3, parent_project=project)
    ProjectFactory(workspace=ada.workspace, title="Old", archived_yn=True)
    ProjectFactory(title="Other workspace")
    answer = client.get("/api/workspace/projects/").json()
    assert answer["count"] == 3 and [p["title"] for p in answer["results"]] == ["Alpha", "beta", "zeta"]
    assert answer["results"][0]["task_list_count"] == 3 and answer["results"][0]["member_count"] == 2
    assert [
        p["title"] for p in client.get("/api/workspace/projects/?archived_yn=true").json()["results"]
    ] == ["Old"]
    assert [p["title"] for p in client.get("/api/workspace/projects/?search=ET").json()["results"]] == [
        "beta",
        "zeta",
    ]
    second = client.get("/api/workspace/projects/?page_size=2&page=2").json()
    assert second["count"] == 3 and [p["title"] for p in second["results"]] == ["zeta"]
    ProjectFactory.create_batch(5, workspace=ada.workspace)
    with django_assert_num_queries(3):  # count, page (and the token)
        assert client.get("/api/workspace/projects/").status_code == 200


def test_archive_takes_access_away_and_unarchive_restores_it_then_delete(ada, client_for):
    owner = UserFactory(workspace=ada.workspace)
    member = UserFactory(workspace=ada.workspace)
    project = ProjectFactory(workspace=ada.workspace, title="Apollo")
    ProjectMembershipFactory(project=project, user=owner, access_type_enum=AccessType.OWNER)
    ProjectMembershipFactory(project=project, user=member, project_role="Dev")
    admin = client_for(ada)
    member_client = client_for(member)
    assert member_client.get(f"/api/projects/project/{project.pk}/").status_code == 200

    assert admin.patch(f"/api/projects/project/{project.pk}/", {"archived_yn": True}).status_code == 200
    assert member_client.get(f"/api/projects/project/{project.pk}/").status_code == 404
    assert "Apollo" not in [p["title"] for p in member_client.get("/api/projects/project/").json()]
    live = Project.objects.create(workspace=ada.workspace, title="Live", color=project.color)
    assert admin.delete(f"/api/projects/project/{live.pk}/").status_code == 400

    assert admin.patch(f"/api/projects/project/{project.pk}/", {"archived_yn": False}).status_code == 200
    restored = member_client.get(f"/api/projects/project/{project.pk}/memberships/").json()
    assert {(m["user"]["id"], m["access_type_enum"], m["project_role"]) for m in restored} == {
        (owner.pk, "owner", ""),
        (member.pk, "member", "Dev"),
    }

    admin.patch(f"/api/projects/project/{project.pk}/", {"archived_yn": True})
    assert admin.delete(f"/api/projects/project/{project.pk}/").status_code == 204
    assert not Project.objects.filter(pk=project.pk).exists()


def test_members_and_other_workspaces_cannot_use_the_panel(ada, client_for):
    member = UserFactory(workspace=ada.workspace)
    assert client_for(member).get("/api/workspace/projects/").status_code == 403
    stranger_admin = UserFactory(workspace_role=WorkspaceRole.ADMIN)
    project = ProjectFactory(workspace=ada.workspace, archived_yn=True)
    assert client_for(stranger_admin).get("/api/workspace/projects/?archived_yn=true").json()["results"] == []
    assert client_for(stranger_admin).delete(f"/api/projects/project/{project.pk}/").status_code == 404
