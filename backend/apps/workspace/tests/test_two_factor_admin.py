"""The workspace's two-factor rules (docs/security.md): an admin requires it (members without it
are signed out and set it up at their next sign-in) and resets a member's (recorded in the
member's change log, an email to the member); another workspace's member is a 404."""

import pytest
from django.core import mail
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from apps.accounts import services as account_services
from apps.accounts import two_factor
from apps.accounts.models import AuthToken, WorkspaceRole
from apps.accounts.tests.factories import PASSWORD, UserFactory, WorkspaceFactory
from apps.work.models import ChangeLog

pytestmark = pytest.mark.django_db

SETTINGS_URL = "/api/workspace/settings/"


def turn_on(user) -> None:
    """An authenticator app and recovery codes, as the profile's set-up leaves them."""
    TOTPDevice.objects.create(user=user, name="Authenticator app", confirmed=True)
    static = StaticDevice.objects.create(user=user, name="Recovery codes", confirmed=True)
    static.token_set.create(token="abcdabcdabcdabcd")


@pytest.fixture
def ada(db):
    return UserFactory(display_name="Ada", workspace_role=WorkspaceRole.ADMIN)


@pytest.fixture
def admin_client(ada, client_for):
    return client_for(ada)


def test_an_admin_without_two_factor_cannot_require_it(ada, admin_client):
    answer = admin_client.patch(SETTINGS_URL, {"require_two_factor": True})
    assert answer.status_code == 400
    assert answer.json() == {"require_two_factor": [account_services.TWO_FACTOR_ADMIN_FIRST]}
    ada.workspace.refresh_from_db()
    assert ada.workspace.require_two_factor is False


def test_requiring_it_signs_out_the_members_without_it_and_their_sign_in_asks_to_set_it_up(
    ada, admin_client, client_for, api_client, django_capture_on_commit_callbacks
):
    turn_on(ada)
    ben = UserFactory(workspace=ada.workspace)
    cy = UserFactory(workspace=ada.workspace)
    turn_on(cy)
    ben_client, cy_client = client_for(ben), client_for(cy)
    stranger = UserFactory(workspace=WorkspaceFactory())
    stranger_client = client_for(stranger)
    with django_capture_on_commit_callbacks(execute=True):
        answer = admin_client.patch(SETTINGS_URL, {"require_two_factor": True})
    assert answer.status_code == 200 and answer.json()["require_two_factor"] is True
    assert ben_client.get("/api/accounts/me/").status_code == 401
    assert cy_client.get("/api/accounts/me/").status_code == 200
    assert admin_client.get("/api/accounts/me/").status_code == 200
    assert stranger_client.get("/api/accounts/me/").status_code == 200
    signed = api_client.post("/api/accounts/token/", {"email": ben.email, "password": PASSWORD})
    assert set(signed.json()) == {"two_factor_setup_required", "ticket"}
    assert not AuthToken.objects.filter(user=ben).exists()
    # A member cannot change the setting.
    assert cy_client.patch(SETTINGS_URL, {"require_two_factor": False}).status_code == 403
    assert (
        admin_client.patch(SETTINGS_URL, {"require_two_factor": False}).json()["require_two_factor"] is False
    )


def test_an_admin_resets_a_members_two_factor_logged_and_mailed(
    ada, admin_client, django_capture_on_commit_callbacks
):
    ben = UserFactory(workspace=ada.workspace, display_name="Ben")
    turn_on(ben)
    assert admin_client.get(f"/api/workspace/members/{ben.pk}/").json()["two_factor_enabled"] is True
    with django_capture_on_commit_callbacks(execute=True):
        answer = admin_client.post(f"/api/workspace/members/{ben.pk}/two_factor_reset/")
    assert answer.status_code == 200 and answer.json()["two_factor_enabled"] is False
    assert not two_factor.is_enrolled(ben)
    assert not StaticDevice.objects.filter(user=ben).exists()
    entry = ChangeLog.objects.get(user=ben)
    assert entry.modified_user == ada
    assert entry.changed_value_type_enum == "two_factor_reset" and entry.content_type == "account"
    assert [m.to for m in mail.outbox] == [[ben.email]]
    assert "Ada" in mail.outbox[0].body
    # Nothing left to reset: a clear 400, nothing logged.
    again = admin_client.post(f"/api/workspace/members/{ben.pk}/two_factor_reset/")
    assert again.status_code == 400 and again.json() == {
        "non_field_errors": ["This member has not set up two-factor sign-in."]
    }
    assert ChangeLog.objects.filter(user=ben).count() == 1
    # The member reads it in their change log.
    log = admin_client.get(f"/api/work/change_log/?user={ben.pk}")
    assert log.status_code == 200
    assert log.json()["results"][0]["changed_value_type_enum"] == "two_factor_reset"


def test_another_workspaces_member_is_a_404_and_a_member_gets_403(ada, admin_client, client_for):
    stranger = UserFactory(workspace=WorkspaceFactory())
    turn_on(stranger)
    assert admin_client.post(f"/api/workspace/members/{stranger.pk}/two_factor_reset/").status_code == 404
    assert two_factor.is_enrolled(stranger)
    ben = UserFactory(workspace=ada.workspace)
    turn_on(ada)
    assert client_for(ben).post(f"/api/workspace/members/{ada.pk}/two_factor_reset/").status_code == 403
    assert two_factor.is_enrolled(ada)
    assert not ChangeLog.objects.exists()
