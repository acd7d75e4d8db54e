"""Every list endpoint answers in a fixed number of queries, whatever the number of rows."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

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

pytestmark = pytest.mark.django_db

P = "/api/projects"


def grow(world, n):
    """n more rows of everything the lists show."""
    for _ in range(n):
        project = ProjectFactory(workspace=world.workspace)
        ProjectMembershipFactory(project=project, user=world.owner, access_type_enum=AccessType.OWNER)
        ProjectMembershipFactory(project=world.project, user__workspace=world.workspace)
        task_list = TaskListFactory(parent_project=world.project)
        TaskListMembershipFactory(task_list=task_list, user=world.owner)
        TaskListMembershipFactory(task_list=world.task_list, user__workspace=world.workspace)
        SectionFactory(task_list=world.task_list)
        task = TaskFactory(section=world.section, owner_user=world.owner)
        UserTaskFactory(task=task, user=world.owner, today_yn=True, starred_yn=True, next_shift_yn=True)
        UserTaskFactory(task=task, user=world.member)


def urls(world):
    return [
        ("get", f"{P}/project/", None),
        ("get", f"{P}/project/{world.project.pk}/memberships/", None),
        ("get", f"{P}/project/{world.project.pk}/task_lists/", None),
        ("get", f"{P}/task_lists/", None),
        ("post", f"{P}/task_list/memberships/", {"task_list_ids": [world.task_list.pk]}),
        ("get", f"{P}/section/?task_list={world.task_list.pk}", None),
        ("get", f"{P}/section/{world.section.pk}/tasks/", None),
        ("get", f"{P}/task/", None),
        ("get", f"{P}/user_task/?today_yn=true", None),
        ("get", f"{P}/tasks/today/", None),
        ("get", f"{P}/tasks/starred/?member_user={world.member.pk}", None),
        ("get", f"{P}/tasks/groups/counts/", None),
        ("get", f"{P}/workspace_users/", None),
        ("get", "/api/media/color/", None),
    ]


def measure(world):
    client = world.clients["owner"]
    counts = {}
    for method, url, body in urls(world):
        with CaptureQueriesContext(connection) as queries:
            response = getattr(client, method)(url, body, format="json")
        assert response.status_code == 200, url
        counts[url.split("?")[0]] = len(queries)
    return counts


def test_query_counts_do_not_grow_with_rows(world):
    grow(world, 2)
    world.clients["owner"].get(f"{P}/project/")  # creates Personal Tasks once
    small = measure(world)
    grow(world, 8)
    large = measure(world)
    assert small == large
    print("query counts:", small)


def test_exact_query_counts_of_the_main_screens(world, django_assert_num_queries):
    grow(world, 10)
    client = world.clients["owner"]
    client.get(f"{P}/project/")
    # projects with their counts (and the token); the answer shows Personal Tasks: no lookup
    with django_assert_num_queries(2):
        client.get(f"{P}/project/")
    # section visibility + count + page + user joins + list memberships, and the caller's
    # time on the tasks today: the running interval (none) + today's task time (issue 10)
    with django_assert_num_queries(8):
        client.get(f"{P}/section/{world.section.pk}/tasks/")
    with django_assert_num_queries(2):
        client.get(f"{P}/tasks/groups/counts/")
    # tasks with their project, list and section + user joins + list memberships: the
    # cards' list and section titles come with the tasks; and the caller's time on the tasks today:
    # the running interval (none) + today's task time (issue 10)
    with django_assert_num_queries(6):
        answer = client.get(f"{P}/tasks/today/")
    assert {t["section_title"] for t in answer.json()[0]["tasks"]} == {world.section.title}
