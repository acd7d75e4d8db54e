"""A duplicate-title answer never reveals a project the caller cannot see."""

import pytest

from apps.accounts.models import WorkspaceRole
from apps.projects import messages
from apps.projects.models import ProjectColor

pytestmark = pytest.mark.django_db

P = "/api/projects/project/"


def _color():
    return ProjectColor.objects.get(value="#4CAF50").pk


def test_a_title_used_only_in_a_hidden_project_answers_like_a_fresh_title(world):
    outsider = world.clients["outsider"]  # same workspace, not a member of 'Apollo'
    hidden = outsider.post(P, {"title": "apollo", "color": _color()})
    fresh = outsider.post(P, {"title": "Hermes", "color": _color()})
    assert (hidden.status_code, fresh.status_code) == (201, 201)
    assert hidden.json().keys() == fresh.json().keys()


def test_renaming_to_a_hidden_projects_title_answers_like_a_fresh_title(world):
    outsider = world.clients["outsider"]
    mine = outsider.post(P, {"title": "Hermes", "color": _color()}).json()["id"]
    assert outsider.patch(f"{P}{mine}/", {"title": "Apollo"}).status_code == 200
    assert outsider.patch(f"{P}{mine}/", {"title": "Zeus"}).status_code == 200


def test_titles_stay_unique_among_the_projects_the_caller_sees(world):
    for who in ("owner", "member"):
        response = world.clients[who].post(P, {"title": " APOLLO ", "color": _color()})
        assert response.json() == {"title": [messages.DUPLICATE_PROJECT_TITLE]}


def test_a_workspace_admin_sees_every_shared_project_so_checks_against_all(world, client_for):
    world.outsider.workspace_role = WorkspaceRole.ADMIN
    world.outsider.save()
    response = client_for(world.outsider).post(P, {"title": "Apollo", "color": _color()})
    assert response.json() == {"title": [messages.DUPLICATE_PROJECT_TITLE]}
