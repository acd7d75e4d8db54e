"""Rules found by review: private personal projects, no membership oracle, task owners and
sections stay inside the project, archived projects' events, and bad numbers answer 400."""

import pytest

from apps.accounts.models import WorkspaceRole
from apps.projects import messages
from apps.projects.models import Project, ProjectMembership, Task
from apps.projects.services.projects import project_personal_ensure

pytestmark = pytest.mark.django_db

P = "/api/projects"
HUGE = 2**70


@pytest.fixture
def admin(world):
    world.outsider.workspace_role = WorkspaceRole.ADMIN
    world.outsider.save()
    return world.clients["outsider"]


def test_admins_do_not_reach_other_peoples_personal_projects(world, admin):
    project_personal_ensure(user=world.member)
    personal = Project.objects.get(personal_user=world.member)
    assert admin.get(f"{P}/project/{personal.pk}/").status_code == 404
    assert admin.patch(f"{P}/project/{personal.pk}/", {"description": "x"}, format="json").status_code == 404
    listed = admin.get(f"{P}/project/", {"all": "true"}).json()
    assert personal.pk not in {row["id"] for row in listed}
    assert world.project.pk in {row["id"] for row in listed}  # shared projects stay manageable
    assert Project.objects.get(pk=personal.pk).description == personal.description


def test_exclude_project_does_not_reveal_the_members_of_a_hidden_project(world):
    outsider = world.clients["outsider"]
    everyone = {u["id"] for u in outsider.get(f"{P}/workspace_users/").json()}
    excluded = {
        u["id"] for u in outsider.get(f"{P}/workspace_users/", {"exclude_project": world.project.pk}).json()
    }
    assert excluded == everyone
    owner_view = world.clients["owner"].get(f"{P}/workspace_users/", {"exclude_project": world.project.pk})
    assert world.member.pk not in {u["id"] for u in owner_view.json()}  # still works for members


def test_a_task_owner_must_be_a_project_member(world, published):
    member = world.clients["member"]
    created = member.post(
        f"{P}/task/",
        {"section": world.section.pk, "title": "t", "owner_user": world.outsider.pk},
        format="json",
    )
    assert created.status_code == 400 and created.json() == {"owner_user": [messages.OWNER_NOT_MEMBER]}
    # A member who does not own the task may not change its owner at all (403); its owner may,
    # but only to a project member (400).
    refused = member.patch(f"{P}/task/{world.task.pk}/", {"owner_user": world.outsider.pk}, format="json")
    assert refused.status_code == 403
    patched = world.clients["owner"].patch(
        f"{P}/task/{world.task.pk}/", {"owner_user": world.outsider.pk}, format="json"
    )
    assert patched.status_code == 400 and patched.json() == {"owner_user": [messages.OWNER_NOT_MEMBER]}
    assert not any(world.outsider.pk in users for _, users, _ in published)
    assert Task.objects.get(pk=world.task.pk).owner_user_id == world.owner.pk


def test_tasks_never_land_in_a_removed_section(world):
    member = world.clients["member"]
    created = member.post(f"{P}/task/", {"section": world.removed_section.pk, "title": "x"}, format="json")
    assert created.status_code == 400 and created.json() == {"section": [messages.SECTION_REMOVED]}
    moved = member.patch(f"{P}/task/{world.task.pk}/", {"section": world.removed_section.pk}, format="json")
    assert moved.status_code == 400
    merged = world.clients["owner"].post(
        f"{P}/section/{world.section.pk}/merge/", {"into_section": world.removed_section.pk}, format="json"
    )
    assert merged.status_code == 200
    assert not Task.objects.filter(section=world.removed_section, archived_yn=False).exists()


def test_an_archived_projects_events_reach_only_its_owners(world, published):
    Project.objects.filter(pk=world.project.pk).update(archived_yn=True)
    created = world.clients["owner"].post(
        f"{P}/task/", {"section": world.section.pk, "title": "x"}, format="json"
    )
    assert created.status_code == 201
    [recipients] = [users for message, users, _ in published if message["event"] == "new_task"]
    assert recipients == [world.owner.pk]


def test_a_member_can_leave_an_archived_project(world):
    Project.objects.filter(pk=world.project.pk).update(archived_yn=True)
    membership = world.member_membership
    response = world.clients["member"].delete(f"{P}/project_memberships/{membership.pk}/")
    assert response.status_code in (200, 204)
    assert not ProjectMembership.objects.filter(pk=membership.pk).exists()


def test_a_new_list_is_never_created_removed(world):
    owner = world.clients["owner"]
    created = owner.post(
        f"{P}/task_list/",
        {"parent_project": world.project.pk, "title": "Ghost", "removed_yn": True},
        format="json",
    )
    assert created.status_code == 201 and created.json()["removed_yn"] is False


@pytest.mark.parametrize(
    "query",
    ["task_ids=%C2%B2", f"task_ids={HUGE}", f"page={10**30}", f"parent_project={HUGE}", "page=0"],
)
def test_bad_numbers_in_task_search_answer_400(world, query):
    response = world.clients["owner"].get(f"{P}/task/?{query}")
    assert response.status_code == 400, (query, response.status_code)


def test_bad_numbers_elsewhere_answer_4xx(world):
    owner = world.clients["owner"]
    assert owner.get(f"{P}/tasks/today/?member_user={HUGE}").status_code == 400
    assert owner.get(f"{P}/workspace_users/?exclude_project={HUGE}").status_code == 400
    body = {"task_list_ids": [HUGE]}
    assert owner.post(f"{P}/task_list/memberships/", body, format="json").status_code == 400
    assert owner.get(f"{P}/section/{world.section.pk}/tasks/?page={10**30}").status_code == 400
