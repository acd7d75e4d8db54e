"""Every work and accounts answer that shows another user's status hides an invisible member."""

import pytest

from apps.accounts.tests.factories import UserFactory
from apps.work.services import invisible
from apps.work.services import status as services

pytestmark = pytest.mark.django_db


@pytest.fixture
def ghost_and_mate(client_for):
    ghost = UserFactory(allow_invisible_mode=True)
    mate = UserFactory(workspace=ghost.workspace)
    services.status_change(user=ghost, status="taking_break")
    invisible.invisible_mode_set(user=ghost, enabled=True)
    return ghost, client_for(ghost), client_for(mate)


def test_teammates_strip(ghost_and_mate):
    ghost, own, mate = ghost_and_mate
    row = next(r for r in mate.get("/api/accounts/teammates/").json() if r["user"] == ghost.pk)
    assert (row["status"], row["today_starttime"]) == ("out_of_office", None)
    row = next(r for r in own.get("/api/accounts/teammates/").json() if r["user"] == ghost.pk)
    assert row["status"] == "taking_break"


def test_user_details(ghost_and_mate):
    ghost, own, mate = ghost_and_mate
    seen = mate.get(f"/api/accounts/get_user_details/{ghost.pk}/").json()
    assert seen["current_status"] == {
        "id": None,
        "status_enum_identifier": "out_of_office",
        "start_datetime": None,
        "end_datetime": None,
        "deleted_yn": False,
    }
    mine = own.get(f"/api/accounts/get_user_details/{ghost.pk}/").json()
    assert mine["current_status"]["status_enum_identifier"] == "taking_break"
    assert own.get("/api/accounts/me/").json()["current_status"]["status_enum_identifier"] == "taking_break"
