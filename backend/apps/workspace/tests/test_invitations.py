"""Adding members: the invitation email, the set-password link, accept, expiry, reuse, throttle."""

import datetime as dt
import re

import pytest
from django.core import mail
from django.test import override_settings

from apps.accounts import invitations
from apps.accounts.models import Observation, User, WorkspaceRole
from apps.accounts.tests.factories import UserFactory
from apps.workspace.serializers import EMAIL_REQUIRED, TEAM_PAGE_OWNER_REQUIRED, USER_TYPE_REQUIRED

pytestmark = pytest.mark.django_db
LINK = re.compile(r"http://testserver/accept-invitation/(\S+)")


@pytest.fixture
def ada(db):
    return UserFactory(display_name="Ada", workspace_role=WorkspaceRole.ADMIN)


@pytest.fixture
def admin_client(ada, client_for):
    return client_for(ada)


def add(client, ada, **fields):
    body = {
        "email": "dee@example.org",
        "workspace_user_type": "MEMBER",
        "team_page_owner_ids": [ada.pk],
        "display_name": "Dee",
        "timezone": "Europe/Lisbon",
        **fields,
    }
    return client.post("/api/workspace/members/", body, format="json")


def token_from_mail() -> str:
    (message,) = mail.outbox
    return LINK.search(message.body).group(1)


def test_adding_a_member_sends_an_invitation_whose_link_sets_the_password_once(
    ada, admin_client, api_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        answer = add(admin_client, ada)
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["set_password_link"] is None and body["member"]["invitation_pending"]
    dee = User.objects.get(email="dee@example.org")
    assert dee.workspace_id == ada.workspace_id and not dee.has_usable_password()
    assert Observation.objects.filter(observer=ada, observed_user=dee).exists()
    assert mail.outbox[0].to == ["dee@example.org"]
    token = token_from_mail()
    # Nobody can sign in before accepting.
    assert api_client.post("/api/accounts/token/", {"email": dee.email, "password": ""}).status_code == 400
    info = api_client.post("/api/accounts/invitation/", {"token": token})
    assert info.json() == {
        "email": "dee@example.org",
        "display_name": "Dee",
        "workspace_name": ada.workspace.name,
    }
    short = api_client.post("/api/accounts/invitation/accept/", {"token": token, "password": "short"})
    assert short.status_code == 400 and "password" in short.json()
    # Django's validators: common passwords, digits only, the account's own address.
    for weak in ("12345678", "password1", "dee@example.org"):
        refused = api_client.post("/api/accounts/invitation/accept/", {"token": token, "password": weak})
        assert refused.status_code == 400 and "password" in refused.json(), weak
    accepted = api_client.post(
        "/api/accounts/invitation/accept/", {"token": token, "password": "brand-new-pass"}
    )
    assert accepted.status_code == 200
    signed_in = api_client.post("/api/accounts/token/", {"email": dee.email, "password": "brand-new-pass"})
    assert signed_in.status_code == 200
    again = api_client.post(
        "/api/accounts/invitation/accept/", {"token": token, "password": "another-pass-1"}
    )
    assert again.status_code == 400 and again.json() == {"token": [invitations.INVITATION_USED]}
    dee.refresh_from_db()
    assert dee.check_password("brand-new-pass")


def test_an_expired_or_forged_link_is_refused(
    ada, admin_client, api_client, clock, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        add(admin_client, ada)
    token = token_from_mail()
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    answer = api_client.post(
        "/api/accounts/invitation/accept/", {"token": forged, "password": "brand-new-pass"}
    )
    assert answer.json() == {"token": [invitations.INVITATION_INVALID]}
    clock.advance(hours=73)
    with override_settings(INVITATION_MAX_AGE_HOURS=72):
        answer = api_client.post(
            "/api/accounts/invitation/accept/", {"token": token, "password": "brand-new-pass"}
        )
    assert answer.status_code == 400 and answer.json() == {"token": [invitations.INVITATION_EXPIRED]}
    assert not User.objects.get(email="dee@example.org").has_usable_password()


def test_resending_the_invitation_kills_the_first_link(
    ada, admin_client, api_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        add(admin_client, ada)
    first = token_from_mail()
    mail.outbox.clear()
    dee = User.objects.get(email="dee@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        assert admin_client.post(f"/api/workspace/members/{dee.pk}/invite/").status_code == 200
    second = token_from_mail()
    assert api_client.post("/api/accounts/invitation/", {"token": first}).status_code == 400
    assert api_client.post("/api/accounts/invitation/", {"token": second}).status_code == 200
    # Once joined there is nothing to invite them to.
    api_client.post("/api/accounts/invitation/accept/", {"token": second, "password": "brand-new-pass"})
    answer = admin_client.post(f"/api/workspace/members/{dee.pk}/invite/")
    assert answer.status_code == 400


def test_adding_without_invitation_shows_the_admin_a_set_password_link_once(
    ada, admin_client, api_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        answer = add(admin_client, ada, send_invitation=False)
    assert mail.outbox == []
    link = answer.json()["set_password_link"]
    token = LINK.search(link).group(1)
    assert (
        api_client.post(
            "/api/accounts/invitation/accept/", {"token": token, "password": "brand-new-pass"}
        ).status_code
        == 200
    )
    dee = User.objects.get(email="dee@example.org")
    assert admin_client.get(f"/api/workspace/members/{dee.pk}/").json().get("set_password_link") is None


def test_the_wizard_rules(ada, admin_client):
    assert add(admin_client, ada, email="").json()["email"] == [EMAIL_REQUIRED]
    answer = admin_client.post("/api/workspace/members/", {"team_page_owner_ids": [ada.pk]}, format="json")
    assert answer.json()["email"] == [EMAIL_REQUIRED] and answer.json()["workspace_user_type"] == [
        USER_TYPE_REQUIRED
    ]
    assert add(admin_client, ada, team_page_owner_ids=[]).json()["team_page_owner_ids"] == [
        TEAM_PAGE_OWNER_REQUIRED
    ]
    answer = add(admin_client, ada, external_tracker_enabled=True)
    assert answer.json() == {
        "external_tracker_config_json": [
            "Add the external tracker configuration or turn off 'External Tracker'"
        ]
    }
    stranger = UserFactory()
    assert add(admin_client, ada, team_page_owner_ids=[stranger.pk]).status_code == 400
    assert add(admin_client, ada, email=ada.email.upper()).json() == {
        "email": ["A user with this email already exists."]
    }
    assert not User.objects.filter(email="dee@example.org").exists()


def test_accepting_is_throttled(api_client, monkeypatch):
    from apps.workspace.throttles import InvitationThrottle

    monkeypatch.setattr(InvitationThrottle, "THROTTLE_RATES", {"invitation": "3/min"})
    body = {"token": "x", "password": "long-enough-1"}
    codes = [api_client.post("/api/accounts/invitation/accept/", body).status_code for _ in range(4)]
    assert codes == [400, 400, 400, 429]


def test_expiry_is_counted_from_the_link(ada, clock):
    token = invitations.invitation_create(user=ada, created_by=None, kind="invitation")
    clock.advance(hours=71)
    assert invitations.invitation_check(token=token).user == ada
    with pytest.raises(invitations.InvitationError):
        clock.advance(hours=2)
        invitations.invitation_check(token=token)
    assert dt.timedelta(hours=72) == invitations.max_age()
