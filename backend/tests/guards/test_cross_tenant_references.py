"""A signed-in user of workspace A naming workspace B's objects in a query or a body: the answer
refuses (400 / 404) or filters them out, and never carries anything of B."""

import pytest

from tests.guards.world import ADMIN, MARKER_B, OTHER_WORKSPACE, OWNER

B_USER = "b_user"

# `{name}` in a path, and a string value in a body, stand for the id of the world object `name`.
FILTERS = [
    ("GET", "/api/work/work_day/?user={b_user}"),
    ("GET", "/api/work/status_history/?user={b_user}"),
    ("GET", "/api/work/latest_workday/?user={b_user}"),
    ("GET", "/api/work/worktime_summary/?user={b_user}"),
    ("GET", "/api/work/workshiftschedule/?user={b_user}"),
    ("GET", "/api/work/time_tracked_externally/?user={b_user}"),
    ("GET", "/api/projects/workspace_users/?exclude_project={b_project}"),
    ("GET", "/api/projects/task/?parent_project={b_project}&task_ids={b_task}"),
    ("GET", "/api/projects/task_lists/?parent_project={b_project}"),
    ("GET", "/api/projects/section/?task_list={b_list}"),
    ("GET", "/api/projects/user_task/?project_id={b_project}"),
    ("GET", "/api/projects/tasks/today/?owner_user={b_user}&member_user={b_user}"),
    ("POST", "/api/projects/task_list/memberships/"),  # body below: B's list ids
]
FILTER_BODIES = {"/api/projects/task_list/memberships/": {"task_list_ids": ["b_list"]}}
WRITES = [
    ("POST", "/api/projects/project/", {"title": "Borrowed colour", "color": "b_color"}),
    ("POST", "/api/projects/project_memberships/",
     {"project": "project", "user": B_USER, "access_type_enum": "member"}),
    ("POST", "/api/projects/task_list_memberships/",
     {"task_list": "task_list", "user": B_USER, "access_type_enum": "member"}),
    ("POST", "/api/projects/task/", {"section": "b_section", "title": "Into B"}),
    ("POST", "/api/projects/task/", {"section": "section", "title": "For B", "owner_user": B_USER}),
    ("PATCH", "/api/projects/task/{task}/", {"section": "b_section"}),
    ("POST", "/api/projects/user_task/", {"task": "b_task", "starred_yn": True}),
    ("POST", "/api/projects/section/", {"task_list": "b_list", "title": "Into B"}),
    ("POST", "/api/projects/section/{section}/merge/", {"into_section": "b_section"}),
    ("POST", "/api/projects/section/{section}/move_to_list/", {"task_list": "b_list"}),
    ("POST", "/api/projects/task_list/",
     {"title": "Into B", "parent_project": "b_project", "parent_type_enum": "project"}),
    ("POST", "/api/work/work_day/", {"user": B_USER, "work_date": "2020-01-03"}),
    ("POST", "/api/accounts/teammates/{b_user}/pin/", {}),
    ("GET", "/api/accounts/get_user_details/{b_user}/", None),
    ("POST", "/api/activities/activity/", {"task": "b_task", "text_json": {"section_text": "Into B"}}),
    ("POST", "/api/activities/mark_as_read/", {"activityId": "b_activity"}),
    ("POST", "/api/activities/mark_as_read/", {"taskId": "b_task"}),
    ("POST", "/api/activities/mark_as_read/", {"projectId": "b_project"}),
    ("GET", "/api/activities/activity/{b_activity}/", None),
    ("GET", "/api/activities/task/{b_task}/", None),
    ("POST", "/api/activities/activity/{b_activity}/confirm/", {}),
]  # fmt: skip


def _id(world, name: str) -> int:
    return world.users[OTHER_WORKSPACE].pk if name == B_USER else getattr(world, name).pk


def _fill(world, path: str) -> str:
    names = {part.split("}")[0] for part in path.split("{")[1:]}
    return path.format(**{name: _id(world, name) for name in names})


def _body(world, body: dict) -> dict:
    def value(field, raw):
        if isinstance(raw, list):
            return [_id(world, item) for item in raw]
        if isinstance(raw, str) and field not in (
            "title",
            "access_type_enum",
            "parent_type_enum",
            "work_date",
            "text_json",
        ):
            return _id(world, raw)
        return raw

    return {field: value(field, raw) for field, raw in body.items()}


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), FILTERS, ids=[f"{m} {p}" for m, p in FILTERS])
def test_a_filter_naming_another_tenant_finds_nothing(world, method, path):
    body = FILTER_BODIES.get(path)
    response = world.client(OWNER).generic(
        method, _fill(world, path), _json(_body(world, body)) if body else "", "application/json"
    )

    assert response.status_code in (200, 404), response.content[:300]
    assert MARKER_B not in response.content.decode()
    # workspace_users ignores a project it cannot see and lists A's people; the rest find nothing.
    if response.status_code == 200 and "workspace_users" not in path:
        data = response.json()
        assert not (data["results"] if isinstance(data, dict) and "results" in data else data), data


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path", "body"), WRITES, ids=[f"{m} {p} {sorted(b or {})}" for m, p, b in WRITES]
)
def test_a_write_naming_another_tenant_is_refused(world, method, path, body):
    client = world.client(OWNER)
    url = _fill(world, path)
    response = (
        client.get(url)
        if body is None
        else client.generic(method, url, _json(_body(world, body)), "application/json")
    )

    assert response.status_code in (400, 403, 404), response.content[:300]
    assert MARKER_B not in response.content.decode()


def _json(data) -> str:
    import json

    return json.dumps(data)


# The workspace area: an admin of A naming B's member (in a path or a body) is refused, and a
# search for B's names finds nothing.
ADMIN_CALLS = [
    ("GET", "/api/workspace/members/{b_user}/", None),
    ("PATCH", "/api/workspace/members/{b_user}/", {"city": "Porto"}),
    ("POST", "/api/workspace/members/{b_user}/deactivate/", {}),
    ("POST", "/api/workspace/members/{b_user}/reactivate/", {}),
    ("POST", "/api/workspace/members/{b_user}/invite/", {}),
    ("GET", "/api/workspace/members/{b_user}/team_page/", None),
    ("PUT", "/api/workspace/members/{colleague}/team_page/", {"observed_user_ids": [B_USER]}),
    ("POST", "/api/workspace/members/",
     {"email": "new.b@example.org", "workspace_user_type": "MEMBER", "team_page_owner_ids": [B_USER]}),
]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path", "body"), ADMIN_CALLS, ids=[f"{m} {p} {sorted(b or {})}" for m, p, b in ADMIN_CALLS]
)
def test_an_admin_naming_another_tenants_member_is_refused(world, method, path, body):
    client = world.client(ADMIN)
    url = _fill(world, path)
    if body is None:
        response = client.get(url)
    else:
        data = {k: [_id(world, v) for v in raw] if isinstance(raw, list) else raw for k, raw in body.items()}
        response = client.generic(method, url, _json(data), "application/json")

    assert response.status_code in (400, 404), response.content[:300]
    assert MARKER_B not in response.content.decode()
    other = world.users[OTHER_WORKSPACE]
    other.refresh_from_db()
    assert other.is_active and other.city != "Porto"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/workspace/members/", "/api/workspace/projects/"])
def test_an_admin_search_for_another_tenants_names_finds_nothing(world, path):
    searches = ("", "&status=inactive", "&archived_yn=true")
    for extra in searches:
        query = f"?search={MARKER_B}{extra}"
        response = world.client(ADMIN).get(path + query)
        assert response.status_code == 200, response.content[:300]
        assert response.json()["results"] == [] and MARKER_B not in response.content.decode()
