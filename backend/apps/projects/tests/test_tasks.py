import pytest

from apps.projects.models import Task, UserTask, WorkDayTask
from apps.projects.tests.factories import TaskFactory, UserTaskFactory
from apps.projects.tests.test_memberships import events
from apps.work.services import status as work_services

pytestmark = pytest.mark.django_db

P = "/api/projects"


def test_create_task_joins_the_owner_and_tells_the_project(world, published):  # noqa: F811
    response = world.clients["member"].post(
        f"{P}/task/", {"section": world.section.pk, "title": "Ship it", "priority": 3, "url": "https://x.org"}
    )
    assert response.status_code == 201
    body = response.json()
    assert (
        body["owner_user"] == world.member.pk
        and body["priority"] == 3
        and body["project"] == world.project.pk
    )
    assert body["join_task_to_user_id"] and body["members"][0]["role_enum"] == "owner"
    [(message, users)] = events(published, "new_task")
    assert users == sorted([world.owner.pk, world.member.pk, world.newcomer.pk])
    assert message["resource_id"] == body["id"] and message["meta"]["section_id"] == world.section.pk
    [(joined, to)] = events(published, "new_join_task_to_user")
    assert to == [world.member.pk] and joined["table_name"] == "user_task"


def test_description_update_and_archive_on_the_server(world):
    client = world.clients["member"]
    url = f"{P}/task/{world.task.pk}/"
    assert client.patch(url, {"description": '""'}).json()["description"] == '""'
    assert client.patch(url, {"priority": 7}).status_code == 400
    assert client.post(f"{url}archive/").json()["archived_yn"] is True
    assert client.get(f"{P}/section/{world.section.pk}/").json()["archived_count"] == 1
    assert client.post(f"{url}unarchive/").json()["archived_yn"] is False


def test_task_search(world):
    TaskFactory(section=world.section, title="Another thing")
    client = world.clients["member"]
    assert client.get(f"{P}/task/?search=spec").json()["count"] == 1
    page = client.get(f"{P}/task/?parent_project={world.project.pk}&page_size=1&page=2").json()
    assert page["count"] == 3 and len(page["results"]) == 1
    ids = client.get(f"{P}/task/?task_ids={world.task.pk}").json()
    assert [t["id"] for t in ids["results"]] == [world.task.pk]


def test_today_links_the_task_to_the_current_work_day(world, published):  # noqa: F811
    client = world.clients["member"]
    # Before entering the office there is no work day: the flag is set, nothing is linked.
    join = client.post(f"{P}/user_task/", {"task": world.task.pk, "today_yn": True})
    assert join.status_code == 201 and join.json()["today_yn"] is True
    assert not WorkDayTask.objects.exists() and not events(published, "added_task_to_workday")
    client.patch(f"{P}/user_task/{join.json()['id']}/", {"today_yn": False})
    work_services.status_change(user=world.member, status="working")
    published.clear()
    client.patch(f"{P}/user_task/{join.json()['id']}/", {"today_yn": True})
    assert WorkDayTask.objects.filter(user=world.member, task=world.task).count() == 1
    [(added, to)] = events(published, "added_task_to_workday")
    assert to == [world.member.pk] and added["meta"]["task_id"] == world.task.pk
    client.post(f"{P}/user_task/{join.json()['id']}/", {"today_yn": False})
    assert not WorkDayTask.objects.exists()
    [(removed, to)] = events(published, "removed_task_from_workday")
    assert to == [world.member.pk]
    assert {m["event"] for m, _, _ in published} >= {"new_join_task_to_user"}


def test_priority_is_accepted_as_the_spec_sends_it(world):
    answer = world.clients["member"].post(
        f"{P}/user_task/", {"task": world.task.pk, "priority": {"value": 2}}, format="json"
    )
    assert answer.json()["priority"] == {"value": 2}


def test_counts_follow_the_flags_and_ignore_archived_and_hidden_tasks(world):
    client = world.clients["owner"]
    assert client.get(f"{P}/tasks/groups/counts/").json() == {
        "today_count": 1,
        "next_workday_count": 0,
        "starred_count": 1,
    }
    second = TaskFactory(section=world.section)
    UserTaskFactory(task=second, user=world.owner, next_shift_yn=True, today_yn=True)
    archived = TaskFactory(section=world.section, archived_yn=True)
    UserTaskFactory(task=archived, user=world.owner, today_yn=True)
    assert client.get(f"{P}/tasks/groups/counts/").json() == {
        "today_count": 2,
        "next_workday_count": 1,
        "starred_count": 1,
    }
    world.project.archived_yn = True  # owners keep access to an archived project...
    world.project.save()
    world.member.save()
    UserTaskFactory(task=second, user=world.member, starred_yn=True)
    # ...members lose it, and their badges drop it.
    assert world.clients["member"].get(f"{P}/tasks/groups/counts/").json()["starred_count"] == 0


def test_personal_pages_group_by_project_with_owner_and_member_filters(world):
    other = TaskFactory(section=world.section, owner_user=world.member, title="Member's")
    UserTaskFactory(task=other, user=world.owner, today_yn=True)
    UserTaskFactory(task=other, user=world.member)
    client = world.clients["owner"]
    groups = client.get(f"{P}/tasks/today/").json()
    assert [g["project"]["title"] for g in groups] == ["Apollo"]
    assert [t["title"] for t in groups[0]["tasks"]] == ["Write the spec", "Member's"]
    assert groups[0]["tasks"][0]["today_yn"] is True
    owned = client.get(f"{P}/tasks/today/?owner_user={world.member.pk}").json()
    assert [t["title"] for t in owned[0]["tasks"]] == ["Member's"]
    joined = client.get(f"{P}/tasks/today/?member_user={world.member.pk}").json()
    assert [t["title"] for t in joined[0]["tasks"]] == ["Member's"]
    assert client.get(f"{P}/tasks/today/?owner_user={world.newcomer.pk}").json() == []
    assert [t["title"] for t in client.get(f"{P}/tasks/starred/").json()[0]["tasks"]] == ["Write the spec"]
    assert client.get(f"{P}/tasks/next_workday/").json() == []
    flagged = client.get(f"{P}/user_task/?today_yn=true").json()
    assert {row["task"] for row in flagged} == {world.task.pk, other.pk}


def test_a_join_belongs_to_its_user(world):
    mine = UserTask.objects.get(user=world.owner, task=world.task)
    assert (
        world.clients["member"].patch(f"{P}/user_task/{mine.pk}/", {"starred_yn": False}).status_code == 404
    )
    assert Task.objects.filter(pk=world.task.pk).exists()
