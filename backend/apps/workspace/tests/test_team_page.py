"""The team page: the members the viewer observes, their status, today's work and task time."""

import pytest
from django.db import connection

from apps.accounts.models import Observation
from apps.accounts.tests.factories import UserFactory
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada(db):
    return UserFactory(display_name="Ada", team_page_access_granted_yn=True)


def test_only_team_page_owners_see_it(ada, client_for):
    ben = UserFactory(workspace=ada.workspace)
    assert client_for(ben).get("/api/workspace/team_page/").status_code == 403
    assert client_for(ada).get("/api/workspace/team_page/").json() == []


def test_observed_members_with_status_and_time_today(ada, client_for, clock):
    ben = UserFactory(workspace=ada.workspace, display_name="Ben")
    cy = UserFactory(workspace=ada.workspace, display_name="Cy")
    UserFactory(workspace=ada.workspace, display_name="Dee")  # not observed
    for user in (cy, ben):
        Observation.objects.create(observer=ada, observed_user=user)
    status_services.status_change(user=ben, status="working")
    clock.advance(hours=1)
    status_services.status_change(user=ben, status="taking_break")
    clock.advance(minutes=10)
    rows = client_for(ada).get("/api/workspace/team_page/").json()
    assert [(r["observed_user"]["display_name"], r["status"]) for r in rows] == [
        ("Ben", "taking_break"),
        ("Cy", "out_of_office"),
    ]
    assert rows[0]["work_time"] == 3600 and rows[0]["break_time"] == 600 and rows[0]["tasks_time"] == 0
    assert rows[1]["work_time"] == 0


def test_an_invisible_member_shows_as_away(ada, client_for):
    ben = UserFactory(workspace=ada.workspace, allow_invisible_mode=True, invisible_mode_yn=True)
    Observation.objects.create(observer=ada, observed_user=ben)
    status_services.status_change(user=ben, status="working")
    (row,) = client_for(ada).get("/api/workspace/team_page/").json()
    assert row["status"] == "out_of_office" and row["work_time"] == 0


def test_query_count_is_fixed(ada, client_for, django_assert_num_queries):
    def grow(n):
        for _ in range(n):
            user = UserFactory(workspace=ada.workspace)
            Observation.objects.create(observer=ada, observed_user=user)
            status_services.status_change(user=user, status="working")

    client = client_for(ada)
    grow(2)
    with django_assert_num_queries(19):  # 18 + the working-time account's rules
        assert len(client.get("/api/workspace/team_page/").json()) == 2
    grow(8)
    with django_assert_num_queries(19):  # 18 + the working-time account's rules
        assert len(client.get("/api/workspace/team_page/").json()) == 10


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="stamps are PostgreSQL triggers")
def test_a_read_while_no_member_s_time_changed_reads_their_stamps_not_their_worked_time(
    client_for, clock, django_assert_num_queries
):
    ada = UserFactory(display_name="Ada", team_page_access_granted_yn=True)
    client = client_for(ada)
    for _ in range(3):
        user = UserFactory(workspace=ada.workspace)
        Observation.objects.create(observer=ada, observed_user=user)
        status_services.status_change(user=user, status="working")
    first = client.get("/api/workspace/team_page/").json()
    # the 19 above less the worked time's three (recent days, yearly sums, running records),
    # plus one stamp query for all the members (apps/timeaccount/stamps.py)
    with django_assert_num_queries(17):
        assert client.get("/api/workspace/team_page/").json() == first


def test_the_checkout_status_of_the_latest_day(ada, client_for, clock):
    ben = UserFactory(workspace=ada.workspace, display_name="Ben")
    cy = UserFactory(workspace=ada.workspace, display_name="Cy")
    for user in (ben, cy):
        Observation.objects.create(observer=ada, observed_user=user)
    status_services.status_change(user=ben, status="working")
    clock.advance(hours=1)

    def rows():
        answer = client_for(ada).get("/api/workspace/team_page/").json()
        return {r["observed_user"]["display_name"]: r for r in answer}

    first = rows()
    assert first["Ben"]["checkout_status"] == "still_in_office"
    assert first["Ben"]["checkout_date"] == "2026-03-10"
    assert first["Cy"]["checkout_status"] is None and first["Cy"]["checkout_date"] is None
    status_services.leave_office(user=ben)
    # Out of the office today, no checks run yet: today's day status (apps.checkout).
    assert rows()["Ben"]["checkout_status"] == "working_or_plan_to_work"
