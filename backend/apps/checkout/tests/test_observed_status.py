"""`current_status` of the observed users in GET /api/accounts/me/observable_users/ (spec 01 §3):
the teammates strip's rule (apps.work.presence), bounded queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Observation
from apps.accounts.serializers import STATUS_CHOICES
from apps.accounts.tests.factories import UserFactory
from apps.work.models import StatusType
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

URL = "/api/accounts/me/observable_users/"


def _statuses(client) -> dict[int, str]:
    rows = client.get(URL).json()
    return {
        row["observed_user"]["id"]: row["observed_user"]["current_status"]["status_enum_identifier"]
        for row in rows
    }


def test_the_choices_are_the_presence_apps():
    assert list(StatusType.choices) == STATUS_CHOICES


def test_observers_see_the_observed_users_status(team, clock):
    ada = team.clients["ada"]
    assert _statuses(ada) == {team.ben.pk: "out_of_office"}
    status_services.status_change(user=team.ben, status="working")
    assert _statuses(ada) == {team.ben.pk: "working"}
    clock.advance(minutes=30)
    status_services.status_change(user=team.ben, status="taking_break")
    assert _statuses(ada) == {team.ben.pk: "taking_break"}
    status_services.leave_office(user=team.ben)
    assert _statuses(ada) == {team.ben.pk: "out_of_office"}


def test_an_invisible_member_shows_out_of_office(team, clock):
    status_services.status_change(user=team.ben, status="working")
    type(team.ben).objects.filter(pk=team.ben.pk).update(allow_invisible_mode=True, invisible_mode_yn=True)
    assert _statuses(team.clients["ada"]) == {team.ben.pk: "out_of_office"}


def test_a_shift_left_open_since_an_earlier_day_is_out_of_office(team, clock):
    status_services.status_change(user=team.ben, status="working")
    clock.advance(days=2)
    assert _statuses(team.clients["ada"]) == {team.ben.pk: "out_of_office"}


def test_the_patch_answers_the_status_too(team, clock):
    status_services.status_change(user=team.ben, status="working")
    answer = team.clients["ada"].patch(f"{URL}{team.observation.pk}/", {"starred_yn": True}, format="json")
    assert answer.json()["observed_user"]["current_status"] == {"status_enum_identifier": "working"}


def test_the_query_count_stays_fixed_as_observed_users_grow(team, clock):
    ada = team.clients["ada"]

    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert ada.get(URL).status_code == 200
        return len(queries)

    status_services.status_change(user=team.ben, status="working")
    few = count()
    for _ in range(4):
        member = UserFactory(workspace=team.workspace)
        Observation.objects.create(observer=team.ada, observed_user=member)
        status_services.status_change(user=member, status="working")
    assert count() == few
    assert set(_statuses(ada).values()) == {"working"}
