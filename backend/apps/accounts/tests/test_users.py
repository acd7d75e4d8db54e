import pytest

from apps.accounts.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

EXPECTED_FIELDS = {
    "first_day_of_week",
    "workspace_first_day_of_week",
    "clock_format",
    "duration_format",
    "keyboard_shortcuts_yn",
    "id",
    "avatar",
    "full_name",
    "display_name",
    "email",
    "timezone",
    "country",
    "city",
    "what_i_do",
    "workspace",
    "workspace_name",
    "workspace_role",
    "workspace_user_type",
    "current_status",
    "phone_number",
    "team_page_access_granted_yn",
    "has_beta_version_access_yn",
    "using_beta_version_yn",
    "external_tracker_config_json",
    "has_tracker",
    "features",
    "allow_invisible_mode",
    "invisible_mode_yn",
    "allow_add_manual_shifts",
}


def test_me_returns_every_user_details_field(auth_client):
    body = auth_client.get("/api/accounts/me/").json()
    assert set(body) == EXPECTED_FIELDS
    assert body["workspace_name"] == auth_client.user.workspace.name
    assert body["workspace_role"] == "MEMBER" and body["workspace_user_type"] == "MEMBER"
    assert body["current_status"]["status_enum_identifier"] == "out_of_office"


def test_user_details_of_a_teammate(auth_client):
    teammate = UserFactory(workspace=auth_client.user.workspace)
    response = auth_client.get(f"/api/accounts/get_user_details/{teammate.id}/")
    assert response.status_code == 200
    assert response.json()["email"] == teammate.email


def test_user_details_of_another_workspace_is_404(auth_client):
    stranger = UserFactory()
    response = auth_client.get(f"/api/accounts/get_user_details/{stranger.id}/")
    assert response.status_code == 404
    assert stranger.email not in response.content.decode()


def test_user_details_of_unknown_id_is_404(auth_client):
    assert auth_client.get("/api/accounts/get_user_details/999999/").status_code == 404


def test_feature_flags_come_with_me(auth_client, settings):
    assert auth_client.get("/api/accounts/me/").json()["features"] == {"under_development": True}
    settings.FEATURE_FLAGS = {"under_development": False}
    assert auth_client.get("/api/accounts/me/").json()["features"] == {"under_development": False}
