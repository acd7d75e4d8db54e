import pytest

from apps.projects import messages
from apps.projects.models import (
    PERSONAL_PROJECT_COLOR,
    PERSONAL_PROJECT_TITLE,
    Project,
    ProjectColor,
    ProjectMembership,
    TaskList,
    TaskListMembership,
)

pytestmark = pytest.mark.django_db

P = "/api/projects"


def color_id():
    return ProjectColor.objects.get(value="#4CAF50").pk


def test_colours_are_listed_and_created(auth_client):
    palette = auth_client.get("/api/media/color/").json()
    assert len(palette) >= 48 and palette[0].keys() == {"id", "value", "title"}
    created = auth_client.post("/api/media/color/", {"value": "#123456"})
    assert created.status_code == 201 and created.json()["title"] == "#123456"
    assert auth_client.post("/api/media/color/", {"value": "#123456"}).json() == {
        "value": [messages.DUPLICATE_COLOR]
    }
    assert auth_client.post("/api/media/color/", {"value": "red"}).status_code == 400


def test_create_project_makes_the_creator_owner_of_it_and_its_first_list(auth_client):
    response = auth_client.post(
        f"{P}/project/",
        {"title": "  Moon   base ", "color": color_id(), "description": "d", "workspace": 999},
    )
    assert response.status_code == 201
    body = response.json()
    assert (
        body["title"] == "Moon base" and body["hexColor"] == "#4CAF50" and body["access_type_enum"] == "owner"
    )
    assert body["workspace"] == auth_client.user.workspace_id and body["show_get_started_message_yn"]
    project = Project.objects.get(pk=body["id"])
    assert ProjectMembership.objects.get(project=project).access_type_enum == "owner"
    task_list = TaskList.objects.get(parent_project=project)
    assert task_list.title == "Task list 1"
    assert TaskListMembership.objects.get(task_list=task_list).user == auth_client.user


def test_duplicate_project_titles_are_refused_case_insensitively_in_a_workspace(world, client_for):
    owner = world.clients["owner"]
    response = owner.post(f"{P}/project/", {"title": " apollo ", "color": color_id()})
    assert response.status_code == 400 and response.json() == {"title": [messages.DUPLICATE_PROJECT_TITLE]}
    other = owner.post(f"{P}/project/", {"title": "Zeus", "color": color_id()}).json()
    rename = owner.patch(f"{P}/project/{other['id']}/", {"title": "APOLLO"})
    assert rename.json() == {"title": [messages.DUPLICATE_PROJECT_TITLE]}
    # Another workspace may use the same title.
    stranger = world.clients["stranger"].post(f"{P}/project/", {"title": "Apollo", "color": color_id()})
    assert stranger.status_code == 201


def test_duplicate_list_titles_are_refused_within_a_project(world):
    owner = world.clients["owner"]
    body = {"title": "backlog", "parent_project": world.project.pk, "parent_type_enum": "project"}
    assert owner.post(f"{P}/task_list/", body).json() == {"title": [messages.DUPLICATE_TASK_LIST_TITLE]}
    rename = owner.put(f"{P}/task_list/{world.other_list.pk}/", {**body, "title": " BACKLOG "})
    assert rename.json() == {"title": [messages.DUPLICATE_TASK_LIST_TITLE]}
    assert owner.post(f"{P}/task_list/", {**body, "title": ""}).json() == {
        "title": [messages.TASK_LIST_TITLE_REQUIRED]
    }
    created = owner.post(f"{P}/task_list/", {**body, "title": "Ideas"})
    assert created.status_code == 201 and created.json()["show_list_in_sidebar_yn"] is True


def test_archive_and_unarchive_lists_and_projects(world):
    owner = world.clients["owner"]
    url = f"{P}/task_list/{world.other_list.pk}/"
    body = {"title": "Roadmap", "parent_project": world.project.pk, "archived_yn": True}
    assert owner.put(url, body).json()["archived_yn"] is True
    archived = owner.get(f"{P}/project/{world.project.pk}/task_lists/?archived_yn=true").json()
    assert [row["title"] for row in archived] == ["Roadmap"]
    assert owner.patch(url, {"archived_yn": False}).json()["archived_yn"] is False
    project_url = f"{P}/project/{world.project.pk}/"
    assert owner.patch(project_url, {"archived_yn": True}).json()["archived_yn"] is True
    assert [p["title"] for p in owner.get(f"{P}/project/?archived_yn=true").json()] == ["Apollo"]
    assert owner.patch(project_url, {"archived_yn": False}).json()["archived_yn"] is False


def test_project_search_is_on_the_title(world):
    owner = world.clients["owner"]
    assert [p["title"] for p in owner.get(f"{P}/project/?search=pol").json()] == ["Apollo"]
    assert owner.get(f"{P}/project/?search=zzz").json() == []


def test_workspace_admins_can_list_every_project_with_all(world):
    world.outsider.workspace_role = "ADMIN"
    world.outsider.save()
    titles = [p["title"] for p in world.clients["outsider"].get(f"{P}/project/?all=true").json()]
    assert "Apollo" in titles
    # Members asking for all get only theirs.
    titles = [p["title"] for p in world.clients["member"].get(f"{P}/project/?all=true").json()]
    assert titles == ["Apollo", PERSONAL_PROJECT_TITLE]


def test_personal_tasks_project_exists_once_per_user(auth_client):
    auth_client.get(f"{P}/project/")
    rows = auth_client.get(f"{P}/project/").json()
    personal = [p for p in rows if p["personal_yn"]]
    assert len(personal) == 1
    assert (
        personal[0]["title"] == PERSONAL_PROJECT_TITLE and personal[0]["hexColor"] == PERSONAL_PROJECT_COLOR
    )
    url = f"{P}/project/{personal[0]['id']}/"
    assert auth_client.patch(url, {"archived_yn": True}).status_code == 400
    # A user's project may be called Personal Tasks too: the default ones are not compared.
    assert (
        auth_client.post(f"{P}/project/", {"title": "Personal Tasks", "color": color_id()}).status_code == 201
    )


def test_project_overview_lists_are_sorted_with_counts(world):
    rows = world.clients["member"].get(f"{P}/project/{world.project.pk}/task_lists/").json()
    assert [(r["title"], r["task_count"], r["show_list_in_sidebar_yn"]) for r in rows] == [
        ("Backlog", 1, True),
        ("Roadmap", 0, False),  # the member is not in this list
    ]
    assert rows[0]["unread_activity_count"] == 0 and rows[0]["latest_activity"] is not None
    assert rows[1]["membership_id"] is None
