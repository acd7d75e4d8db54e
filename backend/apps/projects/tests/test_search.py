"""Search (issue 31, apps/projects/search.py): only what the caller may open, ranked, paged, in a
fixed number of queries."""

import pytest
from django.db import connection

from apps.accounts.models import WorkspaceRole
from apps.accounts.tests.factories import UserFactory
from apps.projects import search
from apps.projects.models import AccessType
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
)
from apps.work.services import invisible as invisible_services
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

URL = "/api/projects/search/"


def found(client, q, **params):
    response = client.get(URL, {"q": q, **params})
    assert response.status_code == 200, response.content[:300]
    return [(hit["kind"], hit["title"]) for hit in response.json()["results"]]


def test_finds_projects_lists_tasks_by_title_and_description_and_people(world):
    TaskFactory(section=world.section, title="Deploy", description="Run the spectrometer check")
    hits = found(world.clients["member"], "spec")
    assert ("task", "Write the spec") in hits
    assert ("task", "Deploy") in hits  # by its description
    assert found(world.clients["member"], "apol") == [("project", "Apollo")]
    assert found(world.clients["member"], "backl") == [("task_list", "Backlog")]
    assert ("person", "Olga") in found(world.clients["member"], "olg")


def test_a_task_of_a_project_the_caller_is_not_in_never_appears(world):
    # Same workspace, no membership: not the project, not its lists, not its tasks.
    assert found(world.clients["outsider"], "spec") == []
    assert found(world.clients["outsider"], "apollo") == []
    assert found(world.clients["outsider"], "backlog") == []
    # Another workspace: nothing of it, not even its people.
    assert found(world.clients["stranger"], "spec") == []
    assert found(world.clients["stranger"], "olga") == []
    assert ("person", "Sam") not in found(world.clients["owner"], "sam")


def test_an_invisible_member_is_found_without_any_status(world):
    world.member.allow_invisible_mode = True
    world.member.save(update_fields=["allow_invisible_mode"])
    status_services.status_change(user=world.member, status="working")
    invisible_services.invisible_mode_set(user=world.member, enabled=True)
    response = world.clients["owner"].get(URL, {"q": "milo"})
    [hit] = response.json()["results"]
    assert hit["kind"] == "person" and hit["title"] == "Milo"
    text = response.content.decode()
    for word in ("status", "working", "invisible", "online", "office"):
        assert word not in text


def test_removed_lists_and_sections_hide_their_tasks_archived_things_are_marked(world):
    archived = TaskFactory(section=world.section, title="Archived spec", archived_yn=True)
    removed = TaskListFactory(parent_project=world.project, title="Removed spec list", removed_yn=True)
    TaskFactory(section=SectionFactory(task_list=removed), title="Spec in a removed list")
    hits = world.clients["owner"].get(URL, {"q": "spec"}).json()["results"]
    titles = {hit["title"]: hit for hit in hits}
    assert (
        "Old task" not in titles
        and "Spec in a removed list" not in titles
        and "Removed spec list" not in titles
    )
    assert titles["Archived spec"]["archived"] is True and titles["Archived spec"]["id"] == archived.pk
    assert titles["Write the spec"]["archived"] is False
    spec = titles["Write the spec"]
    assert (spec["project"], spec["project_title"], spec["task_list"], spec["task_list_title"]) == (
        world.project.pk,
        "Apollo",
        world.task_list.pk,
        "Backlog",
    )


def test_an_archived_project_is_found_by_its_owners_only(world):
    world.project.archived_yn = True
    world.project.save(update_fields=["archived_yn"])
    assert found(world.clients["member"], "apollo") == []
    [hit] = world.clients["owner"].get(URL, {"q": "apollo"}).json()["results"]
    assert hit["archived"] is True


def test_deactivated_people_are_found_by_admins_only_and_marked(world):
    UserFactory(workspace=world.workspace, display_name="Gone Gary", is_active=False)
    assert found(world.clients["member"], "gary") == []
    admin = UserFactory(workspace=world.workspace, workspace_role=WorkspaceRole.ADMIN, full_name="Ada Admin")
    from rest_framework.test import APIClient

    from apps.accounts.models import AuthToken

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=admin).key}")
    [hit] = client.get(URL, {"q": "gary"}).json()["results"]
    assert hit["kind"] == "person" and hit["archived"] is True


def test_ranked_exact_then_prefix_then_word_then_inside_then_description(world):
    for title in ("Unplanned", "Plan", "Planning", "The plan b", "Explanation", "Other"):
        TaskFactory(section=world.section, title=title, description="plan" if title == "Other" else "")
    assert [title for _kind, title in found(world.clients["member"], "plan")] == [
        "Plan",
        "Planning",
        "The plan b",
        "Explanation",
        "Unplanned",
        "Other",
    ]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite ranks every match")
def test_many_matches_rank_candidates_exact_and_prefix_first(world, monkeypatch):
    # Past CANDIDATES matches only candidates are ranked: every exact match, CANDIDATES title-prefix
    # matches and CANDIDATES matches of any kind (the first the database reads).
    monkeypatch.setattr(search, "CANDIDATES", 3)
    for n in range(6):
        TaskFactory(section=world.section, title=f"Replanned {n}")
    for title in ("Planning", "Plan", "Plans"):
        TaskFactory(section=world.section, title=title)
    titles = [title for kind, title in found(world.clients["member"], "plan", page_size=50) if kind == "task"]
    assert titles[:3] == ["Plan", "Planning", "Plans"]
    assert len(titles) <= 1 + 3 + 3 < 9  # not every match: the exact, the prefix and 3 read first
    assert all(title.startswith("Replanned") for title in titles[3:])
    monkeypatch.setattr(search, "CANDIDATES", 9)  # as many as match: every one, ranked
    titles = [title for kind, title in found(world.clients["member"], "plan", page_size=50) if kind == "task"]
    assert titles == ["Plan", "Planning", "Plans"] + [f"Replanned {n}" for n in range(6)]


def test_paged_and_filtered_by_kind(world):
    for n in range(7):
        TaskFactory(section=world.section, title=f"Paged {n}")
    client = world.clients["member"]
    first = client.get(URL, {"q": "paged", "page_size": 3}).json()
    assert [hit["title"] for hit in first["results"]] == ["Paged 0", "Paged 1", "Paged 2"]
    assert first["next_page"] == 2
    last = client.get(URL, {"q": "paged", "page_size": 3, "page": 3}).json()
    assert [hit["title"] for hit in last["results"]] == ["Paged 6"] and last["next_page"] is None
    only_people = client.get(URL, {"q": "ol", "kind": "person"}).json()["results"]
    assert {hit["kind"] for hit in only_people} == {"person"}


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"q": "a"}, "q"),
        ({"q": ""}, "q"),
        ({}, "q"),
        ({"q": "x" * 101}, "q"),
        ({"q": "ab", "kind": "task,planet"}, "kind"),
        ({"q": "ab", "page": "0"}, "page"),
        ({"q": "ab", "page_size": "51"}, "page_size"),
        ({"q": "ab", "page": "30", "page_size": "20"}, "page"),
    ],
)
def test_bad_input_is_a_clear_400(world, params, field):
    response = world.clients["member"].get(URL, params)
    assert response.status_code == 400
    assert field in response.json()


def test_query_count_does_not_grow_with_the_workspace(world, django_assert_num_queries):
    client = world.clients["owner"]
    # token, admin check (none: the owner is a plain member of the workspace), then one query per
    # kind; on PostgreSQL the task query's plan setting (apps/core/postgresql/plans.py) besides,
    # in a transaction of its own: here a savepoint of the test's and its release
    expected = 8 if connection.vendor == "postgresql" else 5
    with django_assert_num_queries(expected):
        small = found(client, "spe")
    for n in range(20):
        project = ProjectFactory(workspace=world.workspace, title=f"Spectrum {n}")
        ProjectMembershipFactory(project=project, user=world.owner, access_type_enum=AccessType.OWNER)
        task_list = TaskListFactory(parent_project=project, title=f"Spec list {n}")
        for m in range(3):
            TaskFactory(section=SectionFactory(task_list=task_list), title=f"Spec task {n}.{m}")
        UserFactory(workspace=world.workspace, display_name=f"Spencer {n}")
    with django_assert_num_queries(expected):
        large = found(client, "spe", page_size=50)
    assert len(small) < len(large) == 50
