"""Create a task from the checkout (spec 01 §5): the texts, positions, who may."""

import pytest

from apps.checkout import create_task
from apps.projects.models import AccessType, Task
from apps.projects.services import sections as section_services
from apps.projects.services import tasks as task_services
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
)

URL = "/api/work/checkout/create_task/"


def _body(team, **overrides):
    task_list = team.task.task_list
    body = {
        "project": team.project.pk,
        "task_list": task_list.pk,
        "section": team.task.section_id,
        "position": 1,
        "title": "Plan the launch",
    }
    body.update(overrides)
    return body


def _titles(section_id):
    return list(
        Task.objects.filter(section_id=section_id, archived_yn=False)
        .order_by("position", "id")
        .values_list("title", flat=True)
    )


def _errors(response):
    return [message for messages in response.json().values() for message in messages]


@pytest.mark.parametrize("missing", ["project", "task_list", "section", "position"])
def test_every_field_must_be_chosen(team, missing):
    response = team.clients["ben"].post(URL, _body(team, **{missing: None}), format="json")
    assert response.status_code == 400
    assert _errors(response) == [create_task.ALL_FIELDS]
    assert not Task.objects.filter(title="Plan the launch").exists()


@pytest.mark.parametrize("title", ["", "   ", None])
def test_a_name_is_required(team, title):
    body = _body(team, title=title)
    if title is None:
        del body["title"]
    response = team.clients["ben"].post(URL, body, format="json")
    assert response.status_code == 400
    assert response.json() == {"title": [create_task.NAME_REQUIRED]}


@pytest.mark.parametrize("title", ["Write the spec", "  write THE spec  "])
def test_a_name_of_the_project_is_refused_trimmed_and_in_any_case(team, title):
    other_list = TaskListFactory(parent_project=team.project, title="Ideas")
    other_section = SectionFactory(task_list=other_list, title="Maybe")
    body = _body(team, task_list=other_list.pk, section=other_section.pk, title=title)
    response = team.clients["ben"].post(URL, body, format="json")
    assert response.status_code == 400
    assert response.json() == {"title": [create_task.DUPLICATE_NAME]}
    assert Task.objects.filter(title__iexact="write the spec").count() == 1


def test_the_same_name_in_another_project_is_fine(team):
    other = ProjectFactory(workspace=team.workspace, title="Gemini")
    ProjectMembershipFactory(project=other, user=team.ben, access_type_enum=AccessType.OWNER)
    section = SectionFactory(task_list=TaskListFactory(parent_project=other), title="Todo")
    body = {"project": other.pk, "task_list": section.task_list_id, "section": section.pk, "position": 1}
    response = team.clients["ben"].post(URL, {**body, "title": " Write the spec "}, format="json")
    assert response.status_code == 201
    assert response.json()["title"] == "Write the spec"
    assert response.json()["section"] == section.pk


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        (1, ["Plan the launch", "Write the spec", "Review"]),
        (2, ["Write the spec", "Plan the launch", "Review"]),
        (3, ["Write the spec", "Review", "Plan the launch"]),
    ],
)
def test_the_task_goes_to_the_chosen_position(team, position, expected):
    response = team.clients["ben"].post(URL, _body(team, position=position), format="json")
    assert response.status_code == 201, response.json()
    assert _titles(team.task.section_id) == expected
    listed = team.clients["ben"].get(f"/api/projects/section/{team.task.section_id}/tasks/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert [row["title"] for row in rows] == expected
    assert response.json()["owner_user"] == team.ben.pk


def test_positions_count_open_tasks_only(team):
    archived = TaskFactory(section=team.task.section, owner_user=team.ben, title="Old", archived_yn=True)
    # Archived "Old" sits last; position 3 (after the two open tasks) is still offered.
    response = team.clients["ben"].post(URL, _body(team, position=3), format="json")
    assert response.status_code == 201
    assert _titles(team.task.section_id) == ["Write the spec", "Review", "Plan the launch"]
    archived.refresh_from_db()
    assert archived.archived_yn


def test_a_position_past_n_plus_one_is_refused(team):
    response = team.clients["ben"].post(URL, _body(team, position=4), format="json")
    assert response.status_code == 400
    assert response.json() == {"position": [create_task.position_error(2)]}
    assert _titles(team.task.section_id) == ["Write the spec", "Review"]


def test_a_section_of_another_list_is_refused(team):
    other_list = TaskListFactory(parent_project=team.project, title="Ideas")
    response = team.clients["ben"].post(URL, _body(team, task_list=other_list.pk), format="json")
    assert response.status_code == 400
    assert response.json() == {"section": [create_task.SECTION_OF_LIST]}


def test_a_list_of_another_project_is_refused(team):
    other = ProjectFactory(workspace=team.workspace, title="Gemini")
    ProjectMembershipFactory(project=other, user=team.ben, access_type_enum=AccessType.OWNER)
    response = team.clients["ben"].post(URL, _body(team, project=other.pk), format="json")
    assert response.status_code == 400
    assert response.json() == {"task_list": [create_task.LIST_OF_PROJECT]}


def test_a_project_of_another_workspace_or_not_joined_is_404(team):
    foreign = ProjectFactory(title="Theirs")
    response = team.clients["ben"].post(URL, _body(team, project=foreign.pk), format="json")
    assert response.status_code == 404
    # Zoe is in the workspace but not in the project: she does not see it.
    response = team.clients["zoe"].post(URL, _body(team), format="json")
    assert response.status_code == 404
    response = team.clients["sam"].post(URL, _body(team), format="json")
    assert response.status_code == 404
    assert not Task.objects.filter(title="Plan the launch").exists()


def test_new_tasks_go_last_and_a_moved_task_goes_last_in_its_new_section(team):
    section = team.task.section
    later = task_services.task_create(user=team.ben, section=section, title="Later")
    assert _titles(section.pk)[-1] == "Later"
    done = SectionFactory(task_list=section.task_list, title="Done")
    first = task_services.task_create(user=team.ben, section=done, title="Shipped")
    task_services.task_update(task=later, data={"section": done}, actor=team.ben)
    assert _titles(done.pk) == ["Shipped", "Later"]
    assert first.position < Task.objects.get(pk=later.pk).position


def test_merged_tasks_go_last_in_their_order(team):
    section = team.task.section
    into = SectionFactory(task_list=section.task_list, title="Done")
    task_services.task_create(user=team.ben, section=into, title="Shipped")
    section_services.section_merge(section=section, into=into)
    assert _titles(into.pk) == ["Shipped", "Write the spec", "Review"]
