"""Preferences on the server (docs/calendar.md): the first day of the week (the workspace's
default, a user's override), the 12- or 24-hour clock and durations as hours and minutes or
decimal hours, read with the profile."""

import pytest

from apps.accounts.models import WorkspaceRole
from apps.accounts.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ME = "/api/accounts/me/"
SETTINGS = "/api/workspace/settings/"


def test_defaults_monday_and_24_hours(auth_client):
    body = auth_client.get(ME).json()
    assert (
        body["first_day_of_week"],
        body["workspace_first_day_of_week"],
        body["clock_format"],
        body["duration_format"],
    ) == ("", "monday", "24h", "hm")


def test_user_override_and_clock_are_saved(auth_client):
    answer = auth_client.patch(ME, {"first_day_of_week": "sunday", "clock_format": "12h"}, format="multipart")
    assert answer.status_code == 200
    assert (answer.json()["first_day_of_week"], answer.json()["clock_format"]) == ("sunday", "12h")
    auth_client.user.refresh_from_db()
    assert auth_client.user.first_day_of_week == "sunday"
    # Back to the workspace's default.
    answer = auth_client.patch(ME, {"first_day_of_week": ""}, format="multipart")
    assert answer.json()["first_day_of_week"] == ""


def test_duration_format_is_saved(auth_client):
    answer = auth_client.patch(ME, {"duration_format": "decimal"}, format="multipart")
    assert answer.status_code == 200 and answer.json()["duration_format"] == "decimal"
    auth_client.user.refresh_from_db()
    assert auth_client.user.duration_format == "decimal"
    assert (
        auth_client.patch(ME, {"duration_format": "hm"}, format="multipart").json()["duration_format"] == "hm"
    )


def test_keyboard_shortcuts_switch_off_and_on(auth_client):
    assert auth_client.get(ME).json()["keyboard_shortcuts_yn"] is True
    answer = auth_client.patch(ME, {"keyboard_shortcuts_yn": "false"}, format="multipart")
    assert answer.status_code == 200 and answer.json()["keyboard_shortcuts_yn"] is False
    auth_client.user.refresh_from_db()
    assert auth_client.user.keyboard_shortcuts_yn is False
    answer = auth_client.patch(ME, {"keyboard_shortcuts_yn": True}, format="json")
    assert answer.json()["keyboard_shortcuts_yn"] is True


def test_a_bad_shortcuts_value_is_refused(auth_client):
    answer = auth_client.patch(ME, {"keyboard_shortcuts_yn": "sometimes"}, format="json")
    assert answer.status_code == 400 and "keyboard_shortcuts_yn" in answer.json()
    auth_client.user.refresh_from_db()
    assert auth_client.user.keyboard_shortcuts_yn is True


@pytest.mark.parametrize(
    ("field", "value"),
    [("first_day_of_week", "friday"), ("clock_format", "13h"), ("duration_format", "minutes")],
)
def test_bad_preferences_are_refused_and_nothing_changes(auth_client, field, value):
    answer = auth_client.patch(
        ME, {"clock_format": "12h", "duration_format": "decimal", field: value}, format="multipart"
    )
    assert answer.status_code == 400 and field in answer.json()
    auth_client.user.refresh_from_db()
    assert (
        auth_client.user.first_day_of_week,
        auth_client.user.clock_format,
        auth_client.user.duration_format,
    ) == ("", "24h", "hm")


def test_the_workspace_default_is_an_admins_setting(client_for, auth_client):
    member = auth_client.user
    admin = UserFactory(workspace=member.workspace, workspace_role=WorkspaceRole.ADMIN)
    assert auth_client.patch(SETTINGS, {"first_day_of_week": "sunday"}, format="json").status_code == 403
    answer = client_for(admin).patch(SETTINGS, {"first_day_of_week": "sunday"}, format="json")
    assert answer.status_code == 200 and answer.json()["first_day_of_week"] == "sunday"
    assert (
        client_for(admin).patch(SETTINGS, {"first_day_of_week": "someday"}, format="json").status_code == 400
    )
    assert auth_client.get(ME).json()["workspace_first_day_of_week"] == "sunday"
