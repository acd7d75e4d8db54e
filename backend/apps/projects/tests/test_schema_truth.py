"""What the API sends matches what the OpenAPI schema says it sends."""

import pytest
from drf_spectacular.generators import SchemaGenerator

from apps.accounts.models import User
from apps.projects.models import Task

pytestmark = pytest.mark.django_db

P = "/api/projects"


def _avatars(data):
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "avatar":
                yield value
            else:
                yield from _avatars(value)
    elif isinstance(data, list):
        for item in data:
            yield from _avatars(item)


def test_every_avatar_is_an_absolute_uri(world):
    User.objects.filter(workspace=world.workspace).update(avatar="avatars/1/face.png")
    owner = world.clients["owner"]
    answers = [
        owner.get("/api/accounts/me/"),
        owner.get(f"/api/accounts/get_user_details/{world.member.pk}/"),
        owner.get("/api/accounts/teammates/"),
        owner.get(f"{P}/project/{world.project.pk}/memberships/"),
        owner.get(f"{P}/workspace_users/?exclude_project_id={world.project.pk}"),
        owner.get(f"{P}/task/{world.task.pk}/"),
        owner.post(f"{P}/task_list/memberships/", {"task_list_ids": [world.task_list.pk]}),
    ]
    seen = []
    for answer in answers:
        assert answer.status_code == 200, answer.request
        seen += list(_avatars(answer.json()))
    assert seen and all(value.startswith("http://testserver/media/avatars/") for value in seen), seen


def test_a_task_without_url_says_null(world):
    owner = world.clients["owner"]
    created = owner.post(f"{P}/task/", {"section": world.section.pk, "title": "No link"})
    assert created.status_code == 201 and created.json()["url"] is None
    task_id = created.json()["id"]
    assert owner.patch(f"{P}/task/{task_id}/", {"url": "https://example.org/x"}).json()["url"] == (
        "https://example.org/x"
    )
    assert owner.patch(f"{P}/task/{task_id}/", {"url": ""}).json()["url"] is None
    assert Task.objects.get(pk=task_id).url is None


def _schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def _resolve(schema, ref_or_schema):
    ref = ref_or_schema.get("$ref")
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]] if ref else ref_or_schema


def _documented(schema, path, method, code):
    responses = schema["paths"][path][method]["responses"]
    assert code in responses, f"{method.upper()} {path} does not document {code}"
    return _resolve(schema, responses[code]["content"]["application/json"]["schema"])


def test_error_bodies_match_their_documented_shapes(world, api_client):
    schema = _schema()
    owner, stranger = world.clients["owner"], world.clients["stranger"]
    detail_path = "/api/projects/project/{project_id}/"

    not_archived = owner.delete(f"{P}/project/{world.project.pk}/")
    documented = _documented(schema, detail_path, "delete", "400")
    assert documented["properties"]["detail"]["type"] == "string"
    assert not_archived.status_code == 400 and isinstance(not_archived.json()["detail"], str)

    foreign = stranger.get(f"{P}/project/{world.project.pk}/")
    assert _documented(schema, detail_path, "get", "404")["properties"]["detail"]["type"] == "string"
    assert foreign.status_code == 404 and isinstance(foreign.json()["detail"], str)

    anonymous = api_client.get(f"{P}/project/{world.project.pk}/")
    assert _documented(schema, detail_path, "get", "401")["properties"]["detail"]["type"] == "string"
    assert anonymous.status_code == 401 and isinstance(anonymous.json()["detail"], str)

    member_patch = world.clients["member"].patch(f"{P}/project/{world.project.pk}/", {"title": "X"})
    assert _documented(schema, detail_path, "patch", "403")["properties"]["detail"]["type"] == "string"
    assert member_patch.status_code == 403 and isinstance(member_patch.json()["detail"], str)

    assert "429" in schema["paths"]["/api/accounts/token/"]["post"]["responses"]
    assert "400" in schema["paths"]["/api/projects/project/"]["post"]["responses"]
