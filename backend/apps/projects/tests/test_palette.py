"""Custom colours belong to one workspace; the built-in palette is shared."""

import pytest

from apps.accounts.tests.factories import UserFactory
from apps.projects import messages
from apps.projects.models import ProjectColor

pytestmark = pytest.mark.django_db

COLORS = "/api/media/color/"


def _values(client):
    return {row["value"] for row in client.get(COLORS).json()}


def test_a_custom_colour_is_seen_by_its_workspace_only(world, client_for):
    owner, stranger = world.clients["owner"], world.clients["stranger"]
    assert owner.post(COLORS, {"value": "#123456"}).status_code == 201
    assert "#123456" in _values(world.clients["outsider"])  # same workspace
    assert "#123456" not in _values(stranger)
    assert {"#F44336", "#0000007F"} <= _values(stranger)  # the built-in palette stays shared


def test_each_workspace_may_add_the_same_value_but_not_twice_nor_a_built_in_one(world):
    owner, stranger = world.clients["owner"], world.clients["stranger"]
    assert owner.post(COLORS, {"value": "#123456"}).status_code == 201
    assert stranger.post(COLORS, {"value": "#123456"}).status_code == 201
    assert owner.post(COLORS, {"value": "#123456"}).json() == {"value": [messages.DUPLICATE_COLOR]}
    assert owner.post(COLORS, {"value": "#f44336"}).json() == {"value": [messages.DUPLICATE_COLOR]}


def test_another_workspaces_colour_cannot_be_used_for_a_project(world):
    custom = world.clients["owner"].post(COLORS, {"value": "#123456"}).json()["id"]
    stranger = world.clients["stranger"]
    response = stranger.post("/api/projects/project/", {"title": "Borrowed", "color": custom})
    assert response.status_code == 400 and "color" in response.json()
    own = world.clients["member"].post("/api/projects/project/", {"title": "Mine", "color": custom})
    assert own.status_code == 201


def test_custom_colours_are_bounded_per_workspace(world, monkeypatch):
    monkeypatch.setattr("apps.projects.services.projects.CUSTOM_COLORS_PER_WORKSPACE", 2)
    owner = world.clients["owner"]
    assert owner.post(COLORS, {"value": "#000001"}).status_code == 201
    assert owner.post(COLORS, {"value": "#000002"}).status_code == 201
    assert owner.post(COLORS, {"value": "#000003"}).json() == {"value": [messages.TOO_MANY_COLORS]}
    assert world.clients["stranger"].post(COLORS, {"value": "#000003"}).status_code == 201


def test_a_user_outside_any_workspace_cannot_add_colours(client_for):
    loner = client_for(UserFactory(workspace=None))
    assert loner.post(COLORS, {"value": "#123456"}).status_code == 403
    assert not ProjectColor.objects.filter(value="#123456").exists()
