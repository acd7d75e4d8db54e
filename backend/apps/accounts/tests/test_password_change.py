"""Changing one's own password: the current one required, Django's validators, every other
device signed out, an email to the owner."""

import pytest
from django.core import mail

from apps.accounts import services
from apps.accounts.models import AuthToken, token_digest
from apps.accounts.tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

URL = "/api/accounts/me/password/"
NEW = "a-fresh-passphrase-77"


def test_the_current_password_is_required_and_nothing_changes_without_it(auth_client):
    answer = auth_client.post(URL, {"current_password": "not-it", "new_password": NEW})
    assert answer.status_code == 400
    assert answer.json() == {"current_password": [services.CURRENT_PASSWORD_WRONG]}
    auth_client.user.refresh_from_db()
    assert auth_client.user.check_password(PASSWORD)


@pytest.mark.parametrize("weak", ["12345678", "password1", "short"])
def test_a_weak_new_password_is_refused(auth_client, weak):
    answer = auth_client.post(URL, {"current_password": PASSWORD, "new_password": weak})
    assert answer.status_code == 400 and list(answer.json()) == ["new_password"], answer.content
    auth_client.user.refresh_from_db()
    assert auth_client.user.check_password(PASSWORD)


def test_a_change_signs_out_every_other_device_and_mails_the_owner(
    auth_client, api_client, django_capture_on_commit_callbacks
):
    user = auth_client.user
    other = AuthToken.objects.create(user=user)
    with django_capture_on_commit_callbacks(execute=True):
        answer = auth_client.post(URL, {"current_password": PASSWORD, "new_password": NEW})
    assert answer.status_code == 200 and answer.json() == {"detail": services.PASSWORD_CHANGED_DETAIL}
    assert not AuthToken.objects.filter(digest=other.digest).exists()
    assert AuthToken.objects.filter(digest=token_digest(auth_client.token.key)).exists()
    assert auth_client.get("/api/accounts/me/").status_code == 200  # this device stays signed in
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {other.key}")
    assert api_client.get("/api/accounts/me/").status_code == 401
    (message,) = mail.outbox
    assert message.to == [user.email] and "password" in message.subject.lower()
    user.refresh_from_db()
    assert user.check_password(NEW)
    signed_in = api_client.post("/api/accounts/token/", {"email": user.email, "password": NEW})
    assert signed_in.status_code == 200
