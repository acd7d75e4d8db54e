"""Reminders' switches and the emailed switch-off link (issue 32, docs/reminders.md): the link works
once and only for its owner; bad input changes nothing."""

import pytest
from django.core import signing

from apps.accounts import reminders
from apps.accounts.reminders import LINK_INVALID, Reminder
from apps.accounts.serializers_reminders import HOUR_RANGE
from apps.accounts.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SETTINGS = "/api/accounts/me/reminders/"
CHECK = "/api/accounts/reminders/off/check/"
OFF = "/api/accounts/reminders/off/"
ONE_CLICK = "/api/accounts/reminders/one_click/"


def test_settings_read_and_change_only_the_fields_sent(auth_client):
    answer = auth_client.get(SETTINGS)
    assert answer.status_code == 200
    assert answer.json() == {
        "remind_office_start_yn": True,
        "remind_checkout_note_yn": True,
        "remind_tracker_yn": True,
        "remind_closing_yn": True,
        "digest_email_yn": True,
        "digest_hour": 8,
    }
    answer = auth_client.patch(SETTINGS, {"remind_tracker_yn": False, "digest_hour": 7}, format="json")
    assert answer.status_code == 200
    assert answer.json()["remind_tracker_yn"] is False
    user = auth_client.user
    user.refresh_from_db()
    assert (user.remind_tracker_yn, user.digest_hour, user.remind_office_start_yn) == (False, 7, True)
    assert user.reminders_version == 1


@pytest.mark.parametrize(
    "body",
    [
        {"digest_hour": 24},
        {"digest_hour": -1},
        {"digest_hour": "7"},
        {"remind_tracker_yn": "yes"},
        {"digest_email_yn": 0},
    ],
)
def test_bad_settings_answer_400_and_change_nothing(auth_client, body):
    answer = auth_client.patch(SETTINGS, {"remind_office_start_yn": False, **body}, format="json")
    assert answer.status_code == 400
    if "digest_hour" in body:
        assert answer.json()["digest_hour"] == [HOUR_RANGE]
    user = auth_client.user
    user.refresh_from_db()
    assert (user.remind_office_start_yn, user.digest_hour, user.reminders_version) == (True, 8, 0)


def test_the_link_names_its_owner_and_works_once(api_client):
    ben = UserFactory()
    token = reminders.make_token(ben, Reminder.TRACKER)
    answer = api_client.post(CHECK, {"token": token}, format="json")
    assert answer.status_code == 200
    assert answer.json() == {
        "email": ben.email,
        "reminder": "tracker",
        "label": "Tracker still running at the end of the day",
    }
    answer = api_client.post(OFF, {"token": token}, format="json")
    assert answer.status_code == 200
    assert answer.json()["detail"] == (
        "'Tracker still running at the end of the day' is off. "
        "You can switch it on again in Edit Profile > Reminders."
    )
    ben.refresh_from_db()
    assert ben.remind_tracker_yn is False
    assert ben.remind_office_start_yn is True
    again = api_client.post(OFF, {"token": token}, format="json")
    assert again.status_code == 400
    assert again.json()["token"] == [LINK_INVALID]
    # Switched on again in the profile: the old email's link stays spent.
    reminders.reminders_update(user=ben, data={"remind_tracker_yn": True})
    assert api_client.post(OFF, {"token": token}, format="json").status_code == 400
    ben.refresh_from_db()
    assert ben.remind_tracker_yn is True


def test_a_link_switches_off_only_its_owners_reminder_whoever_sends_it(client_for):
    ben, ada = UserFactory(), UserFactory()
    token = reminders.make_token(ben, Reminder.OFFICE_START)
    answer = client_for(ada).post(OFF, {"token": token}, format="json")  # Ada signed in, Ben's link
    assert answer.status_code == 200
    ben.refresh_from_db()
    ada.refresh_from_db()
    assert ben.remind_office_start_yn is False
    assert ada.remind_office_start_yn is True


def test_an_edited_or_foreign_token_is_refused(api_client):
    ben, ada = UserFactory(), UserFactory()
    token = reminders.make_token(ben, Reminder.TRACKER)
    payload, rest = token.split(":", 1)
    forged_payload = signing.dumps({"u": ada.pk, "r": "tracker", "v": 0}, salt=reminders.SALT).split(":", 1)[
        0
    ]
    unsalted = signing.dumps({"u": ada.pk, "r": "tracker", "v": 0})
    unknown = signing.dumps({"u": ada.pk, "r": "everything", "v": 0}, salt=reminders.SALT)
    for bad in (f"{forged_payload}:{rest}", unsalted, unknown, "made-up", token[:-2]):
        answer = api_client.post(OFF, {"token": bad}, format="json")
        assert answer.status_code == 400, bad
    ada.refresh_from_db()
    ben.refresh_from_db()
    assert (ada.remind_tracker_yn, ben.remind_tracker_yn) == (True, True)


def test_one_click_unsubscribe_rfc_8058(api_client):
    ben = UserFactory()
    token = reminders.make_token(ben, Reminder.DIGEST)
    refused = api_client.post(f"{ONE_CLICK}?token={token}", {"List-Unsubscribe": "Yes"}, format="multipart")
    assert refused.status_code == 400
    ben.refresh_from_db()
    assert ben.digest_email_yn is True
    answer = api_client.post(
        f"{ONE_CLICK}?token={token}",
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert answer.status_code == 200, answer.content
    ben.refresh_from_db()
    assert ben.digest_email_yn is False
    spent = api_client.post(
        f"{ONE_CLICK}?token={token}", {"List-Unsubscribe": "One-Click"}, format="multipart"
    )
    assert spent.status_code == 400


def test_the_rendered_email_carries_the_headers_and_the_link():
    ben = UserFactory()
    text = reminders.render_email(
        ben, subject="Your tracker is still running", body="Hello", reminder="tracker"
    )
    assert "List-Unsubscribe-Post: List-Unsubscribe=One-Click" in text
    assert "/reminders/off/" in text
