import pytest

from apps.projects import messages
from apps.projects.models import ProjectMembership, TaskListMembership, UserTask, WorkDayTask
from apps.projects.tests.factories import UserTaskFactory
from apps.work.services import status as work_services

pytestmark = pytest.mark.django_db

P = "/api/projects"


def events(published, name):
    return [(m, users) for m, users, _ in published if m["event"] == name]


def test_members_table_has_roles_status_and_task_counts(world):
    work_services.status_change(user=world.member, status="working")
    UserTaskFactory(task=world.task, user=world.member)
    rows = world.clients["member"].get(f"{P}/project/{world.project.pk}/memberships/").json()
    by_name = {r["user"]["display_name"]: r for r in rows}
    assert by_name["Olga"]["access_type_enum"] == "owner" and by_name["Olga"]["task_count"] == 1
    assert by_name["Milo"]["project_role"] == "Developer"
    assert by_name["Milo"]["user"]["current_status"] == {"status_enum_identifier": "working"}
    assert by_name["Nora"]["task_count"] == 0
    assert by_name["Olga"]["user"]["current_status"] == {"status_enum_identifier": "out_of_office"}


def test_add_member_tells_every_member_including_the_new_one(world, published):
    response = world.clients["owner"].post(
        f"{P}/project_memberships/",
        {
            "project": world.project.pk,
            "user": world.outsider.pk,
            "access_type_enum": "member",
            "project_role": "QA",
        },
    )
    assert response.status_code == 201 and response.json()["user"]["id"] == world.outsider.pk
    [(message, users)] = events(published, "add_user_to_project")
    assert users == sorted([world.owner.pk, world.member.pk, world.newcomer.pk, world.outsider.pk])
    assert message["table_name"] == "project_membership" and message["action"] == "create"
    assert message["meta"]["project_id"] == world.project.pk and message["email"] == world.outsider.email
    again = world.clients["owner"].post(
        f"{P}/project_memberships/", {"project": world.project.pk, "user": world.outsider.pk}
    )
    assert again.json() == {"user": [messages.ALREADY_PROJECT_MEMBER]}
    foreign = world.clients["owner"].post(
        f"{P}/project_memberships/", {"project": world.project.pk, "user": world.stranger.pk}
    )
    assert foreign.json() == {"user": [messages.USER_NOT_IN_WORKSPACE]}


def test_there_is_always_an_owner(world, published):
    owner_membership = ProjectMembership.objects.get(project=world.project, user=world.owner)
    url = f"{P}/project_memberships/{owner_membership.pk}/"
    body = {
        "project": world.project.pk,
        "user": world.owner.pk,
        "access_type_enum": "member",
        "project_role": "",
    }
    assert world.clients["owner"].put(url, body).json() == {"access_type_enum": [messages.LAST_OWNER]}
    assert world.clients["owner"].delete(url).json() == {"detail": messages.LAST_OWNER}
    # With a second owner the first may step down; the role change reaches every member.
    promote = {
        "project": world.project.pk,
        "user": world.member.pk,
        "access_type_enum": "owner",
        "project_role": "",
    }
    assert (
        world.clients["owner"]
        .put(f"{P}/project_memberships/{world.member_membership.pk}/", promote)
        .status_code
        == 200
    )
    assert world.clients["owner"].put(url, body).json()["access_type_enum"] == "member"
    updates = events(published, "update_user_project_role")
    assert len(updates) == 2 and updates[0][0]["action"] == "update"
    assert updates[0][1] == sorted([world.owner.pk, world.member.pk, world.newcomer.pk])


def test_removing_oneself_clears_lists_today_and_the_work_day(world, published):
    work_services.status_change(user=world.member, status="working")  # the member's work day exists
    client = world.clients["member"]
    join = client.post(f"{P}/user_task/", {"task": world.task.pk, "today_yn": True}).json()
    assert WorkDayTask.objects.filter(user=world.member, task=world.task).exists()
    published.clear()
    assert client.delete(f"{P}/project_memberships/{world.member_membership.pk}/").status_code == 204
    assert not TaskListMembership.objects.filter(user=world.member).exists()
    assert not UserTask.objects.get(pk=join["id"]).today_yn
    assert not WorkDayTask.objects.filter(user=world.member).exists()
    [(message, users)] = events(published, "remove_user_from_project")
    # The removed member hears it too: the SPA shows 'Your membership for this project has been removed.'
    assert world.member.pk in users and world.owner.pk in users and world.outsider.pk not in users
    assert message["action"] == "delete" and message["resource_id"] == world.member_membership.pk
    assert message["meta"]["user_id"] == world.member.pk and message["meta"]["actor_id"] == world.member.pk
    [(gone, to)] = events(published, "removed_project_from_workday")
    assert to == [world.member.pk] and gone["meta"]["project_id"] == world.project.pk
    assert client.get(f"{P}/project/{world.project.pk}/").status_code == 404


def test_list_membership_rules_and_events(world, published):
    owner = world.clients["owner"]
    body = {"task_list": world.task_list.pk, "user": world.outsider.pk}
    assert owner.post(f"{P}/task_list_memberships/", body).json() == {"user": [messages.NOT_PROJECT_MEMBER]}
    created = owner.post(f"{P}/task_list_memberships/", {**body, "user": world.newcomer.pk})
    assert created.status_code == 201
    assert created.json()["access_type_enum"] == "member" and created.json()["show_list_in_sidebar_yn"]
    [(message, users)] = events(published, "add_user_to_tasklist")
    assert (
        message["table_name"] == "tasklist_membership"
        and message["meta"]["task_list_id"] == world.task_list.pk
    )
    assert users == sorted([world.owner.pk, world.member.pk, world.newcomer.pk])
    assert owner.delete(f"{P}/task_list_memberships/{created.json()['id']}/").status_code == 204
    [(message, users)] = events(published, "remove_user_from_tasklist")
    assert message["action"] == "delete" and world.newcomer.pk in users


def test_sidebar_toggle_is_the_members_own(world):
    url = f"{P}/task_list_memberships/{world.member_list_membership.pk}/"
    assert world.clients["owner"].patch(url, {"show_list_in_sidebar_yn": False}).json() == {
        "detail": messages.OWN_MEMBERSHIP_ONLY
    }
    assert (
        world.clients["member"]
        .patch(url, {"show_list_in_sidebar_yn": False})
        .json()["show_list_in_sidebar_yn"]
        is False
    )
    rows = world.clients["member"].get(f"{P}/task_lists/?parent_project={world.project.pk}").json()
    assert {r["title"]: r["show_list_in_sidebar_yn"] for r in rows} == {"Backlog": False, "Roadmap": False}
