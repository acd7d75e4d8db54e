"""What the project screens show of another user's status: the same rule as the teammates strip
(apps.work.presence): today's open record, a night shift still running, and an invisible member
out of the office to everyone but themselves."""

import datetime as dt

import pytest

from apps.projects.models import AccessType
from apps.projects.tests.factories import UserTaskFactory
from apps.work.services import invisible
from apps.work.services import status as work_services

pytestmark = pytest.mark.django_db

P = "/api/projects"
UTC = dt.UTC


def member_status(client, world, user) -> str:
    rows = client.get(f"{P}/project/{world.project.pk}/memberships/").json()
    [row] = [r for r in rows if r["user"]["id"] == user.pk]
    return row["user"]["current_status"]["status_enum_identifier"]


def make_invisible(user):
    user.allow_invisible_mode = True
    user.save()
    invisible.invisible_mode_set(user=user, enabled=True)


def test_an_invisible_member_is_out_of_the_office_in_the_member_list(world, clock):
    work_services.status_change(user=world.member, status="working")
    owner = world.clients["owner"]
    assert member_status(owner, world, world.member) == "working"
    make_invisible(world.member)
    assert member_status(owner, world, world.member) == "out_of_office"
    # ...but not to themselves
    assert member_status(world.clients["member"], world, world.member) == "working"


def test_the_membership_answers_of_writes_hide_an_invisible_member_too(world, clock):
    work_services.status_change(user=world.member, status="working")
    make_invisible(world.member)
    owner = world.clients["owner"]
    response = owner.put(
        f"{P}/project_memberships/{world.member_membership.pk}/",
        {"access_type_enum": AccessType.MEMBER, "project_role": "Tester"},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["user"]["current_status"] == {"status_enum_identifier": "out_of_office"}


def test_a_night_shift_since_yesterday_shows_as_working_like_in_the_strip(world, clock):
    world.member.timezone = "UTC"
    world.member.save()
    clock.set(dt.datetime(2026, 3, 10, 22, tzinfo=UTC))
    work_services.status_change(user=world.member, status="working")
    clock.set(dt.datetime(2026, 3, 11, 2, tzinfo=UTC))  # past midnight, not settled yet
    owner = world.clients["owner"]
    assert member_status(owner, world, world.member) == "working"
    strip = owner.get("/api/accounts/teammates/").json()
    assert next(r for r in strip if r["user"] == world.member.pk)["status"] == "working"


def test_a_shift_forgotten_days_ago_shows_out_of_the_office(world, clock):
    clock.set(dt.datetime(2026, 3, 7, 9, tzinfo=UTC))
    work_services.status_change(user=world.member, status="working")
    clock.set(dt.datetime(2026, 3, 10, 9, tzinfo=UTC))
    assert member_status(world.clients["owner"], world, world.member) == "out_of_office"


def test_workspace_users_and_task_members_show_no_status_at_all(world, clock):
    """They list people, never their presence: nothing there can give an invisible member away."""
    work_services.status_change(user=world.member, status="working")
    make_invisible(world.member)
    UserTaskFactory(task=world.task, user=world.member)
    owner = world.clients["owner"]
    users = owner.get(f"{P}/workspace_users/").json()
    member = next(u for u in users if u["id"] == world.member.pk)
    assert set(member) == {"id", "avatar", "full_name", "display_name"}
    task = owner.get(f"{P}/task/{world.task.pk}/").json()
    member = next(m for m in task["members"] if m["id"] == world.member.pk)
    assert set(member) == {"id", "avatar", "full_name", "display_name", "role_enum"}
