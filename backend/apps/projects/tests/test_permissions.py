"""Every endpoint of the projects issue, called as owner, member, non-member and a user of
another workspace. Non-members and strangers get 404 (never the data); members get 403 on
owner-only actions."""

import pytest

pytestmark = pytest.mark.django_db

P = "/api/projects"

# name, method, url(w), body(w), owner code, member code
CASES = [
    ("project get", "get", lambda w: f"{P}/project/{w.project.pk}/", None, 200, 200),
    (
        "project edit",
        "patch",
        lambda w: f"{P}/project/{w.project.pk}/",
        lambda w: {"description": "x"},
        200,
        403,
    ),
    (
        "project dismiss banner",
        "patch",
        lambda w: f"{P}/project/{w.project.pk}/",
        lambda w: {"show_get_started_message_yn": False},
        200,
        200,
    ),
    ("project delete (active)", "delete", lambda w: f"{P}/project/{w.project.pk}/", None, 400, 403),
    ("project members", "get", lambda w: f"{P}/project/{w.project.pk}/memberships/", None, 200, 200),
    ("project lists", "get", lambda w: f"{P}/project/{w.project.pk}/task_lists/", None, 200, 200),
    (
        "add project member",
        "post",
        lambda w: f"{P}/project_memberships/",
        lambda w: {"project": w.project.pk, "user": w.outsider.pk, "access_type_enum": "member"},
        201,
        403,
    ),
    (
        "change project role",
        "put",
        lambda w: f"{P}/project_memberships/{w.member_membership.pk}/",
        lambda w: {
            "project": w.project.pk,
            "user": w.member.pk,
            "access_type_enum": "member",
            "project_role": "QA",
        },
        200,
        403,
    ),
    (
        "remove project member (the member themself)",
        "delete",
        lambda w: f"{P}/project_memberships/{w.member_membership.pk}/",
        None,
        204,
        204,
    ),
    (
        "add list member",
        "post",
        lambda w: f"{P}/task_list_memberships/",
        lambda w: {"task_list": w.task_list.pk, "user": w.newcomer.pk},
        201,
        403,
    ),
    (
        "sidebar toggle (the member's own)",
        "patch",
        lambda w: f"{P}/task_list_memberships/{w.member_list_membership.pk}/",
        lambda w: {"show_list_in_sidebar_yn": False},
        403,
        200,
    ),
    (
        "remove list member (the member themself)",
        "delete",
        lambda w: f"{P}/task_list_memberships/{w.member_list_membership.pk}/",
        None,
        204,
        204,
    ),
    ("list get", "get", lambda w: f"{P}/task_list/{w.task_list.pk}/", None, 200, 200),
    (
        "list rename",
        "put",
        lambda w: f"{P}/task_list/{w.task_list.pk}/",
        lambda w: {"title": "Renamed", "parent_project": w.project.pk, "archived_yn": False},
        200,
        403,
    ),
    (
        "list create",
        "post",
        lambda w: f"{P}/task_list/",
        lambda w: {"title": "New list", "parent_project": w.project.pk, "parent_type_enum": "project"},
        201,
        403,
    ),
    ("sections", "get", lambda w: f"{P}/section/?task_list={w.task_list.pk}", None, 200, 200),
    (
        "section create",
        "post",
        lambda w: f"{P}/section/",
        lambda w: {"task_list": w.task_list.pk, "title": "Review"},
        201,
        403,
    ),
    ("section get", "get", lambda w: f"{P}/section/{w.section.pk}/", None, 200, 200),
    (
        "section rename",
        "patch",
        lambda w: f"{P}/section/{w.section.pk}/",
        lambda w: {"title": "Now"},
        200,
        403,
    ),
    ("section delete", "delete", lambda w: f"{P}/section/{w.empty_section.pk}/", None, 204, 403),
    (
        "section move",
        "post",
        lambda w: f"{P}/section/move/",
        lambda w: {
            "task_list": w.task_list.pk,
            "source_index": 0,
            "source_table": "active",
            "destination_index": 1,
            "destination_table": "active",
        },
        200,
        403,
    ),
    (
        "section remove",
        "post",
        lambda w: f"{P}/section/{w.section.pk}/remove/",
        lambda w: {"archive_tasks_confirmed": True},
        200,
        403,
    ),
    ("section restore", "post", lambda w: f"{P}/section/{w.removed_section.pk}/restore/", None, 200, 403),
    ("section archive tasks", "post", lambda w: f"{P}/section/{w.section.pk}/archive_tasks/", None, 200, 200),
    (
        "section unarchive tasks",
        "post",
        lambda w: f"{P}/section/{w.removed_section.pk}/unarchive_tasks/",
        None,
        200,
        200,
    ),
    (
        "section merge",
        "post",
        lambda w: f"{P}/section/{w.removed_section.pk}/merge/",
        lambda w: {"into_section": w.section.pk},
        200,
        403,
    ),
    (
        "section move to list",
        "post",
        lambda w: f"{P}/section/{w.section.pk}/move_to_list/",
        lambda w: {"task_list": w.other_list.pk},
        200,
        403,
    ),
    ("section tasks", "get", lambda w: f"{P}/section/{w.section.pk}/tasks/", None, 200, 200),
    ("task get", "get", lambda w: f"{P}/task/{w.task.pk}/", None, 200, 200),
    (
        "task description",
        "patch",
        lambda w: f"{P}/task/{w.task.pk}/",
        lambda w: {"description": "d"},
        200,
        200,
    ),
    (
        "task create",
        "post",
        lambda w: f"{P}/task/",
        lambda w: {"section": w.section.pk, "title": "T"},
        201,
        201,
    ),
    ("task archive", "post", lambda w: f"{P}/task/{w.task.pk}/archive/", None, 200, 200),
    ("task unarchive", "post", lambda w: f"{P}/task/{w.task.pk}/unarchive/", None, 200, 200),
    (
        "user task create (owner has one: 200)",
        "post",
        lambda w: f"{P}/user_task/",
        lambda w: {"task": w.task.pk, "starred_yn": True},
        200,
        201,
    ),
    ("user task get (owner's)", "get", lambda w: f"{P}/user_task/{w.owner_user_task.pk}/", None, 200, 404),
    (
        "user task flags (owner's)",
        "patch",
        lambda w: f"{P}/user_task/{w.owner_user_task.pk}/",
        lambda w: {"today_yn": False},
        200,
        404,
    ),
]


@pytest.mark.parametrize("role", ["owner", "member", "outsider", "stranger"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_permission_matrix(world, case, role):
    name, method, url, body, owner_code, member_code = case
    expected = {"owner": owner_code, "member": member_code}.get(role, 404)
    client = world.clients[role]
    response = getattr(client, method)(url(world), body(world) if body else None, format="json")
    assert response.status_code == expected, response.content[:300]
    if expected == 404:
        assert world.project.title not in response.content.decode()


def _ids(rows):
    return {row["id"] for row in rows}


@pytest.mark.parametrize("role", ["outsider", "stranger"])
def test_lists_never_show_other_peoples_projects(world, role):
    client = world.clients[role]
    assert world.project.pk not in _ids(client.get(f"{P}/project/").json())
    assert world.task_list.pk not in _ids(client.get(f"{P}/task_lists/").json())
    assert client.get(f"{P}/task/").json()["count"] == 0
    assert client.get(f"{P}/task/?task_ids={world.task.pk}").json()["count"] == 0
    assert client.get(f"{P}/user_task/").json() == []
    assert client.get(f"{P}/tasks/today/").json() == []
    assert client.post(f"{P}/task_list/memberships/", {"task_list_ids": [world.task_list.pk]}).json() == []
    assert client.get(f"{P}/tasks/groups/counts/").json() == {
        "today_count": 0,
        "next_workday_count": 0,
        "starred_count": 0,
    }


def test_workspace_users_stay_in_the_workspace(world):
    names = {u["display_name"] for u in world.clients["stranger"].get(f"{P}/workspace_users/").json()}
    assert names == {"Sam"}
    found = world.clients["owner"].get(f"{P}/workspace_users/?search=ni").json()
    assert [u["display_name"] for u in found] == ["Nina"]
    excluded = world.clients["owner"].get(f"{P}/workspace_users/?exclude_project={world.project.pk}").json()
    assert [u["display_name"] for u in excluded] == ["Nina"]


def test_members_see_their_project_and_lists(world):
    client = world.clients["member"]
    assert world.project.pk in _ids(client.get(f"{P}/project/").json())
    assert world.task_list.pk in _ids(client.get(f"{P}/task_lists/").json())
    rows = client.post(f"{P}/task_list/memberships/", {"task_list_ids": [world.task_list.pk]}).json()
    assert {r["user"]["id"] for r in rows} == {world.owner.pk, world.member.pk}


def test_archived_project_is_hidden_from_members_but_not_owners(world):
    world.project.archived_yn = True
    world.project.save()
    assert world.clients["member"].get(f"{P}/project/{world.project.pk}/").status_code == 404
    assert world.clients["member"].get(f"{P}/task/{world.task.pk}/").status_code == 404
    assert world.clients["owner"].get(f"{P}/project/{world.project.pk}/").status_code == 200


def test_only_archived_projects_are_deleted_by_owners_or_admins(world):
    from apps.projects.models import Project, Task

    url = f"{P}/project/{world.project.pk}/"
    assert world.clients["owner"].delete(url).json() == {"detail": "Only archived projects can be deleted."}
    world.project.archived_yn = True
    world.project.save()
    world.outsider.workspace_role = "ADMIN"
    world.outsider.save()
    assert world.clients["stranger"].delete(url).status_code == 404
    assert world.clients["member"].delete(url).status_code == 404
    assert world.clients["outsider"].delete(url).status_code == 204
    assert not Project.objects.filter(pk=world.project.pk).exists()
    assert not Task.objects.filter(pk=world.task.pk).exists()


def test_malformed_input_answers_400_not_500(world):
    client = world.clients["owner"]
    assert client.get(f"{P}/project/?archived_yn=maybe").status_code == 400
    assert client.get(f"{P}/task/?page=0").status_code == 400
    assert client.get(f"{P}/task/?page_size=abc").status_code == 400
    assert client.get(f"{P}/task/?task_ids=1,x").status_code == 400
    assert client.get(f"{P}/section/").status_code == 400
    assert client.post(f"{P}/section/move/", {"task_list": "x"}).status_code == 400
    assert client.post(f"{P}/project/", {}).json()["title"] == ["Enter the project name"]
    assert client.post(f"{P}/project/", {"title": "X"}).json()["color"] == ["Select the project color"]
    assert (
        client.post(f"{P}/project_memberships/", {"project": world.project.pk, "user": 10**9}).status_code
        == 400
    )
    assert client.get(f"{P}/tasks/yesterday/").status_code == 404
