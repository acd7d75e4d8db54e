import pytest

from apps.accounts.tests.factories import UserFactory
from apps.work.services import status as services
from apps.work.services.invisible import INVISIBLE_NOT_ALLOWED

pytestmark = pytest.mark.django_db

URL = "/api/work/invisible_mode/"


def test_members_without_the_right_get_403(auth_client):
    response = auth_client.post(URL, {"enabled": True})
    assert response.status_code == 403 and response.json() == {"detail": INVISIBLE_NOT_ALLOWED}
    assert auth_client.post(URL, {"enabled": False}).status_code == 200
    assert auth_client.post(URL, {"enabled": "maybe"}).status_code == 400


def test_invisible_member_is_recorded_but_looks_out_of_office(client_for):
    ghost = UserFactory(allow_invisible_mode=True, display_name="Ghost")
    mate = UserFactory(workspace=ghost.workspace)
    me, teammate = client_for(ghost), client_for(mate)
    assert me.post(URL, {"enabled": True}).json() == {"invisible_mode_yn": True, "allow_invisible_mode": True}
    me.post("/api/work/create_log_user_status/", {"status_enum_identifier": "working"})
    assert me.get("/api/work/current_user_status/").json()["status_enum_identifier"] == "working"
    own = me.get("/api/accounts/me/").json()
    assert own["invisible_mode_yn"] is True and own["current_status"]["status_enum_identifier"] == "working"
    seen = teammate.get(f"/api/accounts/get_user_details/{ghost.pk}/").json()
    assert seen["current_status"]["status_enum_identifier"] == "out_of_office"
    assert seen["invisible_mode_yn"] is False
    row = next(r for r in teammate.get("/api/accounts/teammates/").json() if r["user"] == ghost.pk)
    assert (row["status"], row["today_starttime"], row["left_the_office_today_yn"]) == (
        "out_of_office",
        None,
        False,
    )
    mine = next(r for r in me.get("/api/accounts/teammates/").json() if r["user"] == ghost.pk)
    assert mine["status"] == "working"


def test_revoking_the_right_makes_the_member_visible_again(client_for):
    ghost = UserFactory(allow_invisible_mode=True)
    client_for(ghost).post(URL, {"enabled": True})
    services.status_change(user=ghost, status="working")
    ghost.allow_invisible_mode = False
    ghost.save()
    mate = client_for(UserFactory(workspace=ghost.workspace))
    row = next(r for r in mate.get("/api/accounts/teammates/").json() if r["user"] == ghost.pk)
    assert row["status"] == "working"
