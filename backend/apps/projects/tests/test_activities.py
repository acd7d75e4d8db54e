"""Activities and unread tracking (docs/activities.md): state rules and who may do what, what
is unread to whom, mark-as-read by each key, the counts, and fixed query counts.

`world` (conftest): owner and member are project and list members; newcomer is a project member
but not in the list; outsider is in the workspace only; stranger is in another workspace."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.tests.factories import UserFactory
from apps.projects import messages
from apps.projects.models import AccessType, Activity, ActivityReadLog
from apps.projects.services import activities as services
from apps.projects.services.time import day_tasks
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
    TaskListMembershipFactory,
    UserTaskFactory,
)

pytestmark = pytest.mark.django_db

A = "/api/activities"
TEXT = [{"section_title": "What I did", "section_text": "Wrote the spec.", "display_title": True}]


def submitted(task, user, text="Done."):
    return services.activity_create(
        user=user, task=task, text_json={"section_title": "", "section_text": text}, submit=True
    )


def draft(task, user, text=""):
    return services.activity_create(
        user=user, task=task, text_json={"section_title": "Notes", "section_text": text}
    )


def tree_task_ids(response) -> set[int]:
    return {
        task["id"]
        for project in response.json()["projects"]
        for task_list in project["lists"]
        for section in task_list["sections"]
        for task in section["tasks"]
    }


# --- writing, states and roles --------------------------------------------------------------------


def test_member_writes_a_draft_in_sections_then_submits(world):
    client = world.clients["member"]
    answer = client.post(f"{A}/activity/", {"task": world.task.pk, "text_json": TEXT}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["state"] == "draft"
    assert body["text_json"] == TEXT
    assert (body["username"], body["can_edit"], body["can_delete"], body["unread"]) == (
        world.member.display_name,
        True,
        True,
        False,
    )
    # Nobody else sees a draft.
    assert world.clients["owner"].get(f"{A}/task/{world.task.pk}/").json() == []
    assert world.clients["owner"].get(f"{A}/activity/{body['id']}/").status_code == 404

    submitted_answer = client.post(f"{A}/activity/{body['id']}/submit/")
    assert submitted_answer.status_code == 200
    assert submitted_answer.json()["state"] == "submitted"
    seen = world.clients["owner"].get(f"{A}/task/{world.task.pk}/").json()
    assert [(a["id"], a["state"], a["unread"], a["can_confirm"]) for a in seen] == [
        (body["id"], "submitted", True, True)
    ]


def test_one_section_is_stored_as_a_list_and_bad_sections_are_refused(world):
    client = world.clients["member"]
    one = client.post(
        f"{A}/activity/",
        {"task": world.task.pk, "text_json": {"section_title": "T", "section_text": "x"}},
        format="json",
    )
    assert one.json()["text_json"] == [{"section_title": "T", "section_text": "x", "display_title": True}]
    for bad in ([], "text", [1], [{"section_title": 5}], [{"display_title": "yes"}]):
        answer = client.post(f"{A}/activity/", {"task": world.task.pk, "text_json": bad}, format="json")
        assert answer.status_code == 400, bad
        assert "text_json" in answer.json()
    empty = client.post(
        f"{A}/activity/",
        {"task": world.task.pk, "text_json": {"section_text": "  "}, "submitted_yn": True},
        format="json",
    )
    assert empty.status_code == 400
    assert empty.json() == {"text_json": [messages.ACTIVITY_EMPTY]}
    assert Activity.objects.count() == 1


def test_a_nul_byte_in_a_section_title_or_text_is_dropped_not_a_500(world):
    client = world.clients["member"]
    section = {"section_title": "What\x00 I did", "section_text": "Sh\x00ipped"}
    answer = client.post(f"{A}/activity/", {"task": world.task.pk, "text_json": [section]}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["text_json"] == [
        {"section_title": "What I did", "section_text": "Shipped", "display_title": True}
    ]
    edited = client.patch(
        f"{A}/activity/{answer.json()['id']}/",
        {"text_json": [{"section_title": "\x00", "section_text": "x"}]},
        format="json",
    )
    assert edited.status_code == 200 and edited.json()["text_json"][0]["section_title"] == ""


def test_only_the_author_edits_and_submits(world):
    activity = draft(world.task, world.member, "x")
    owner = world.clients["owner"]
    # The owner cannot see another person's draft at all.
    assert owner.patch(f"{A}/activity/{activity.pk}/", {"text_json": TEXT}, format="json").status_code == 404
    assert owner.post(f"{A}/activity/{activity.pk}/submit/").status_code == 404
    services.activity_submit(user=world.member, activity=activity)
    answer = owner.patch(f"{A}/activity/{activity.pk}/", {"text_json": TEXT}, format="json")
    assert answer.status_code == 403
    assert answer.json() == {"detail": messages.ACTIVITY_ONLY_AUTHOR}
    again = world.clients["member"].post(f"{A}/activity/{activity.pk}/submit/")
    assert again.status_code == 400
    assert again.json() == {"detail": messages.ACTIVITY_ALREADY_SUBMITTED}
    # The author may still edit a submitted activity.
    edited = world.clients["member"].patch(f"{A}/activity/{activity.pk}/", {"text_json": TEXT}, format="json")
    assert edited.status_code == 200
    assert edited.json()["text_json"] == TEXT


def test_confirm_by_task_owner_or_project_owner_only(world):
    other_task = TaskFactory(section=world.section, owner_user=world.member)
    mine = submitted(other_task, world.newcomer)
    newcomer_task = TaskFactory(section=world.section, owner_user=world.newcomer)
    theirs = submitted(newcomer_task, world.member)
    # newcomer is neither the owner of other_task nor a project owner: 403.
    refused = world.clients["member"].post(f"{A}/activity/{theirs.pk}/confirm/")
    assert refused.status_code == 403
    assert refused.json() == {"detail": messages.ACTIVITY_ONLY_CONFIRMERS}
    # The task owner (member) confirms on their task.
    assert world.clients["member"].post(f"{A}/activity/{mine.pk}/confirm/").json()["state"] == "confirmed"
    # A project owner confirms on any task.
    answer = world.clients["owner"].post(f"{A}/activity/{theirs.pk}/confirm/")
    assert answer.status_code == 200
    assert answer.json()["confirmed_by"] == world.owner.pk
    twice = world.clients["owner"].post(f"{A}/activity/{theirs.pk}/confirm/")
    assert twice.status_code == 400
    assert twice.json() == {"detail": messages.ACTIVITY_ALREADY_CONFIRMED}


def test_a_draft_cannot_be_confirmed(world):
    activity = draft(world.task, world.owner, "x")
    answer = world.clients["owner"].post(f"{A}/activity/{activity.pk}/confirm/")
    assert answer.status_code == 400
    assert answer.json() == {"detail": messages.ACTIVITY_NOT_SUBMITTED}


def test_confirmed_is_frozen_for_the_author_but_a_project_owner_may_delete(world):
    activity = submitted(world.task, world.member)
    services.activity_confirm(user=world.owner, activity=activity)
    member = world.clients["member"]
    assert member.patch(f"{A}/activity/{activity.pk}/", {"text_json": TEXT}, format="json").status_code == 400
    answer = member.delete(f"{A}/activity/{activity.pk}/")
    assert answer.status_code == 400
    assert answer.json() == {"detail": messages.ACTIVITY_ALREADY_CONFIRMED}
    assert world.clients["owner"].delete(f"{A}/activity/{activity.pk}/").status_code == 204
    assert Activity.objects.get(pk=activity.pk).deleted_yn
    assert member.get(f"{A}/activity/{activity.pk}/").status_code == 404
    assert member.get(f"{A}/task/{world.task.pk}/").json() == []


def test_delete_by_author_or_project_owner_only(world):
    activity = submitted(world.task, world.owner)
    answer = world.clients["member"].delete(f"{A}/activity/{activity.pk}/")
    assert answer.status_code == 403
    assert answer.json() == {"detail": messages.ACTIVITY_ONLY_DELETERS}
    assert world.clients["owner"].delete(f"{A}/activity/{activity.pk}/").status_code == 204


def test_non_members_and_other_workspace_get_404(world):
    activity = submitted(world.task, world.owner)
    for name in ("outsider", "stranger"):
        client = world.clients[name]
        assert client.get(f"{A}/activity/{activity.pk}/").status_code == 404
        assert client.get(f"{A}/task/{world.task.pk}/").status_code == 404
        assert client.get(f"{A}/task/{world.task.pk}/unread/").status_code == 404
        assert (
            client.post(
                f"{A}/activity/", {"task": world.task.pk, "text_json": TEXT}, format="json"
            ).status_code
            == 404
        )
        assert (
            client.post(f"{A}/mark_as_read/", {"activityId": activity.pk}, format="json").status_code == 404
        )
        assert client.post(f"{A}/mark_as_read/", {"taskId": world.task.pk}, format="json").status_code == 404
        assert (
            client.post(f"{A}/mark_as_read/", {"projectId": world.project.pk}, format="json").status_code
            == 404
        )
    assert not ActivityReadLog.objects.exists()


def test_activity_tab_is_newest_first(world, clock):
    first = submitted(world.task, world.owner, "one")
    clock.advance(minutes=5)
    second = submitted(world.task, world.member, "two")
    clock.advance(minutes=5)
    mine = draft(world.task, world.member, "three")
    rows = world.clients["member"].get(f"{A}/task/{world.task.pk}/").json()
    assert [a["id"] for a in rows] == [mine.pk, second.pk, first.pk]
    assert [a["state"] for a in rows] == ["draft", "submitted", "submitted"]


# --- the auto activity ------------------------------------------------------------------------------


def test_auto_activity_once_per_task_user_and_day_when_flagged_for_today(world, clock):
    day_tasks.user_task_set(user=world.member, task=world.task, flags={"today_yn": True})
    day_tasks.user_task_set(user=world.member, task=world.task, flags={"today_yn": False})
    day_tasks.user_task_set(user=world.member, task=world.task, flags={"today_yn": True})
    autos = Activity.objects.filter(created_automatically_yn=True)
    assert autos.count() == 1
    auto = autos.get()
    assert (auto.user, auto.task, auto.submitted_yn, auto.activity_type) == (
        world.member,
        world.task,
        False,
        "auto",
    )
    assert [s["section_title"] for s in auto.text_json] == services.AUTO_ACTIVITY_TEMPLATES["Daily Report"]
    clock.advance(days=1)
    day_tasks.user_task_set(user=world.member, task=world.task, flags={"today_yn": False})
    day_tasks.user_task_set(user=world.member, task=world.task, flags={"today_yn": True})
    assert autos.count() == 2
    # Starring does not make one.
    other = TaskFactory(section=world.section)
    day_tasks.user_task_set(user=world.member, task=other, flags={"starred_yn": True})
    assert not Activity.objects.filter(task=other).exists()


# --- unread -----------------------------------------------------------------------------------------


def test_unread_tree_shape_and_what_it_leaves_out(world, client_for):
    world.clients["newcomer"] = client_for(world.newcomer)
    activity = submitted(world.task, world.owner)
    submitted(world.task, world.owner)
    draft(world.task, world.owner, "draft")
    submitted(world.task, world.member)  # the member's own: never unread to them
    answer = world.clients["member"].get(f"{A}/get_unread_activities_in_projects/")
    assert answer.status_code == 200
    assert answer.json() == {
        "projects": [
            {
                "id": world.project.pk,
                "project_name": "Apollo",
                "lists": [
                    {
                        "id": world.task_list.pk,
                        "list_name": "Backlog",
                        "sections": [
                            {
                                "id": world.section.pk,
                                "section_name": "Doing",
                                "tasks": [
                                    {"id": world.task.pk, "task_name": "Write the spec", "activity_count": 2}
                                ],
                            }
                        ],
                    }
                ],
            }
        ],
        "unread_count": 2,
    }
    # newcomer is in the project but not in the list; outsider and stranger are in neither.
    for name in ("newcomer", "outsider", "stranger"):
        assert world.clients[name].get(f"{A}/get_unread_activities_in_projects/").json() == {
            "projects": [],
            "unread_count": 0,
        }
    assert activity.pk


def test_unread_tree_never_shows_other_projects_lists_or_workspaces(world):
    # A project of the same workspace the member is not in, with a list the member is "in".
    hidden_project = ProjectFactory(workspace=world.workspace)
    ProjectMembershipFactory(project=hidden_project, user=world.owner, access_type_enum=AccessType.OWNER)
    hidden_list = TaskListFactory(parent_project=hidden_project)
    TaskListMembershipFactory(task_list=hidden_list, user=world.member)  # stale list membership
    hidden_task = TaskFactory(section=SectionFactory(task_list=hidden_list))
    submitted(hidden_task, world.owner)
    # A list of the member's project they are not in.
    other_task = TaskFactory(section=SectionFactory(task_list=world.other_list))
    submitted(other_task, world.owner)
    # Another workspace: a stranger's project.
    far = ProjectFactory(workspace=world.stranger.workspace)
    ProjectMembershipFactory(project=far, user=world.stranger, access_type_enum=AccessType.OWNER)
    far_list = TaskListFactory(parent_project=far)
    TaskListMembershipFactory(task_list=far_list, user=world.stranger)
    far_task = TaskFactory(section=SectionFactory(task_list=far_list))
    far_author = UserFactory(workspace=world.stranger.workspace)
    ProjectMembershipFactory(project=far, user=far_author)
    submitted(far_task, far_author)
    # An archived project the member was in.
    archived = ProjectFactory(workspace=world.workspace, archived_yn=True)
    ProjectMembershipFactory(project=archived, user=world.member)
    ProjectMembershipFactory(project=archived, user=world.owner, access_type_enum=AccessType.OWNER)
    archived_list = TaskListFactory(parent_project=archived)
    TaskListMembershipFactory(task_list=archived_list, user=world.member)
    archived_task = TaskFactory(section=SectionFactory(task_list=archived_list))
    submitted(archived_task, world.owner)
    visible = submitted(world.task, world.owner)

    member = world.clients["member"]
    assert tree_task_ids(member.get(f"{A}/get_unread_activities_in_projects/")) == {world.task.pk}
    assert member.get(f"{A}/unread_count/").json() == {"unread_count": 1}
    assert tree_task_ids(world.clients["stranger"].get(f"{A}/get_unread_activities_in_projects/")) == {
        far_task.pk
    }
    # Marking a project the member cannot see: 404, nothing marked.
    assert (
        member.post(f"{A}/mark_as_read/", {"projectId": hidden_project.pk}, format="json").status_code == 404
    )
    assert visible.pk


def test_leaving_the_list_drops_its_unread(world):
    submitted(world.task, world.owner)
    assert world.clients["member"].get(f"{A}/unread_count/").json() == {"unread_count": 1}
    world.member_list_membership.delete()
    assert world.clients["member"].get(f"{A}/unread_count/").json() == {"unread_count": 0}


def test_mark_as_read_by_activity_then_again(world):
    one = submitted(world.task, world.owner)
    two = submitted(world.task, world.owner)
    member = world.clients["member"]
    answer = member.post(f"{A}/mark_as_read/", {"activityId": one.pk}, format="json")
    assert answer.status_code == 201
    assert answer.json() == {"items": [{"activity": one.pk, "task": world.task.pk}], "unread_count": 1}
    again = member.post(f"{A}/mark_as_read/", {"activityId": one.pk}, format="json")
    assert again.status_code == 200
    assert again.json() == {"items": [], "unread_count": 1}
    assert [a["id"] for a in member.get(f"{A}/task/{world.task.pk}/unread/").json()] == [two.pk]


def test_mark_as_read_by_task(world):
    other_task = TaskFactory(section=world.section)
    one = submitted(world.task, world.owner)
    two = submitted(world.task, world.owner)
    kept = submitted(other_task, world.owner)
    answer = world.clients["member"].post(f"{A}/mark_as_read/", {"taskId": world.task.pk}, format="json")
    assert answer.status_code == 201
    assert sorted(i["activity"] for i in answer.json()["items"]) == sorted([one.pk, two.pk])
    assert answer.json()["unread_count"] == 1
    assert tree_task_ids(world.clients["member"].get(f"{A}/get_unread_activities_in_projects/")) == {
        other_task.pk
    }
    assert kept.pk


def test_mark_as_read_by_project(world):
    second_list_task = TaskFactory(section=SectionFactory(task_list=world.other_list))
    TaskListMembershipFactory(task_list=world.other_list, user=world.member)
    submitted(world.task, world.owner)
    submitted(second_list_task, world.owner)
    answer = world.clients["member"].post(
        f"{A}/mark_as_read/", {"projectId": world.project.pk}, format="json"
    )
    assert answer.status_code == 201
    assert {i["task"] for i in answer.json()["items"]} == {world.task.pk, second_list_task.pk}
    assert answer.json()["unread_count"] == 0
    # The owner's own activities were never unread to them; the reads are the member's alone.
    assert ActivityReadLog.objects.filter(user=world.owner).count() == 0
    empty = world.clients["member"].post(f"{A}/mark_as_read/", {"projectId": world.project.pk}, format="json")
    assert empty.status_code == 200


def test_mark_as_read_needs_exactly_one_key(world):
    member = world.clients["member"]
    for body in ({}, {"taskId": world.task.pk, "projectId": world.project.pk}, {"taskId": "x"}):
        assert member.post(f"{A}/mark_as_read/", body, format="json").status_code == 400
    assert member.post(f"{A}/mark_as_read/", {}, format="json").json() == {
        "non_field_errors": [messages.ACTIVITY_MARK_ONE_KEY]
    }


# --- counts -----------------------------------------------------------------------------------------


def test_task_and_list_counts(world):
    submitted(world.task, world.owner)
    submitted(world.task, world.owner)
    services.activity_delete(user=world.owner, activity=submitted(world.task, world.owner))
    draft(world.task, world.member, "mine")
    submitted(world.task, world.member)
    member = world.clients["member"]
    task = member.get(f"/api/projects/task/{world.task.pk}/").json()
    assert (task["activity_count"], task["unread_activities_count"], task["draft_activities_count"]) == (
        3,
        2,
        1,
    )
    owner_view = world.clients["owner"].get(f"/api/projects/task/{world.task.pk}/").json()
    assert (owner_view["unread_activities_count"], owner_view["draft_activities_count"]) == (1, 0)
    lists = member.get(f"/api/projects/project/{world.project.pk}/task_lists/").json()
    by_id = {row["id"]: row["unread_activity_count"] for row in lists}
    assert by_id[world.task_list.pk] == 2
    assert by_id[world.other_list.pk] == 0
    section = member.get(f"/api/projects/section/{world.section.pk}/tasks/").json()["results"]
    assert [t["unread_activities_count"] for t in section if t["id"] == world.task.pk] == [2]
    UserTaskFactory(task=world.task, user=world.member, today_yn=True)
    today = member.get("/api/projects/tasks/today/").json()
    assert today[0]["tasks"][0]["unread_activities_count"] == 2


# --- query counts -----------------------------------------------------------------------------------


def grow(world, n):
    for _ in range(n):
        task_list = TaskListFactory(parent_project=world.project)
        TaskListMembershipFactory(task_list=task_list, user=world.member)
        task = TaskFactory(section=SectionFactory(task_list=task_list), owner_user=world.owner)
        UserTaskFactory(task=task, user=world.member, today_yn=True)
        submitted(task, world.owner)
        submitted(task, world.newcomer)
        project = ProjectFactory(workspace=world.workspace)
        ProjectMembershipFactory(project=project, user=world.member)
        ProjectMembershipFactory(project=project, user=world.owner, access_type_enum=AccessType.OWNER)
        other_list = TaskListFactory(parent_project=project)
        TaskListMembershipFactory(task_list=other_list, user=world.member)
        submitted(TaskFactory(section=SectionFactory(task_list=other_list)), world.owner)


def measure(world) -> dict[str, int]:
    client = world.clients["member"]
    urls = [
        f"{A}/get_unread_activities_in_projects/",
        f"{A}/unread_count/",
        f"{A}/task/{world.task.pk}/",
        f"{A}/task/{world.task.pk}/unread/",
        f"/api/projects/project/{world.project.pk}/task_lists/",
        "/api/projects/tasks/today/",
        f"/api/projects/section/{world.section.pk}/tasks/",
        "/api/notifications/",
    ]
    counts = {}
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, url
        counts[url] = len(queries)
    return counts


def test_query_counts_do_not_grow_with_activities(world):
    submitted(world.task, world.owner)
    grow(world, 1)
    small = measure(world)
    grow(world, 6)
    for _ in range(5):
        submitted(world.task, world.owner)
    assert measure(world) == small


def test_exact_query_counts_of_the_unread_tree(world, django_assert_num_queries):
    grow(world, 3)
    client = world.clients["member"]
    # tree + count (the token is a cache hit from here on: the first call read it)
    client.get(f"{A}/unread_count/")
    with django_assert_num_queries(3):
        answer = client.get(f"{A}/get_unread_activities_in_projects/")
    assert len(tree_task_ids(answer)) == 6
    with django_assert_num_queries(2):
        client.get(f"{A}/unread_count/")
