"""'Forgot password?': an emailed, signed, single-use link that expires; the same answer for any
address; throttled per client address and per account; Django's validators; every device signed
out and the owner told (docs/security.md)."""

import re

import pytest
from django.core import mail
from django.test import override_settings
from rest_framework.throttling import SimpleRateThrottle

from apps.accounts import password_reset
from apps.accounts.models import AuthToken
from apps.accounts.tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

REQUEST = "/api/accounts/password_reset/"
CHECK = "/api/accounts/password_reset/check/"
CONFIRM = "/api/accounts/password_reset/confirm/"
NEW = "a-fresh-passphrase-77"
LINK = re.compile(r"http://testserver/reset-password/(?P<uid>[^/\s]+)/(?P<token>[^/\s]+)")


@pytest.fixture
def reset_rates():
    """Sets the throttle rates for one test (DRF reads rates once, at import)."""
    original = SimpleRateThrottle.THROTTLE_RATES

    def set_rates(**rates: str) -> None:
        SimpleRateThrottle.THROTTLE_RATES = {**original, **rates}

    yield set_rates
    SimpleRateThrottle.THROTTLE_RATES = original


def ask(api_client, email, capture, **extra):
    with capture(execute=True):
        return api_client.post(REQUEST, {"email": email}, **extra)


def emailed_link(address: str) -> dict:
    (message,) = [message for message in mail.outbox if message.to == [address]][-1:]
    return LINK.search(message.body).groupdict()


def test_the_answer_is_the_same_whether_or_not_the_address_has_an_account(
    api_client, user, django_capture_on_commit_callbacks
):
    inactive = UserFactory(is_active=False)
    answers = [
        ask(api_client, address, django_capture_on_commit_callbacks)
        for address in (user.email, user.email.upper(), "nobody@example.org", inactive.email)
    ]
    assert {answer.status_code for answer in answers} == {200}
    assert {answer.content for answer in answers} == {answers[0].content}
    assert answers[0].json() == {"detail": password_reset.REQUESTED_DETAIL}
    # Only the account's own mailbox learns anything: two emails, both to the active account.
    assert [message.to for message in mail.outbox] == [[user.email], [user.email]]


def test_the_emailed_link_sets_a_new_password_once_signs_out_every_device_and_tells_the_owner(
    api_client, auth_client, django_capture_on_commit_callbacks
):
    user = auth_client.user
    other = AuthToken.objects.create(user=user)
    ask(api_client, user.email, django_capture_on_commit_callbacks)
    link = emailed_link(user.email)
    assert api_client.post(CHECK, link).json() == {"email": user.email}

    with django_capture_on_commit_callbacks(execute=True):
        answer = api_client.post(CONFIRM, {**link, "new_password": NEW})
    assert answer.status_code == 200 and answer.json() == {"detail": password_reset.RESET_DETAIL}
    user.refresh_from_db()
    assert user.check_password(NEW)
    assert not AuthToken.objects.filter(user=user).exists()
    assert auth_client.get("/api/accounts/me/").status_code == 401
    assert other.digest not in AuthToken.objects.values_list("digest", flat=True)
    told = mail.outbox[-1]
    assert told.to == [user.email] and told.subject == "Your Remote Office password was reset"

    # Single use: the same link again, to check or to set, is refused and changes nothing.
    again = api_client.post(CONFIRM, {**link, "new_password": "another-passphrase-88"})
    assert again.status_code == 400 and again.json() == {"token": [password_reset.LINK_INVALID]}
    assert api_client.post(CHECK, link).status_code == 400
    user.refresh_from_db()
    assert user.check_password(NEW)
    signed_in = api_client.post("/api/accounts/token/", {"email": user.email, "password": NEW})
    assert signed_in.status_code == 200


def test_a_link_expires(api_client, user, django_capture_on_commit_callbacks, settings):
    ask(api_client, user.email, django_capture_on_commit_callbacks)
    link = emailed_link(user.email)
    # Tokens count whole seconds: a timeout below zero puts a link made this second past it.
    settings.PASSWORD_RESET_TIMEOUT = -1
    answer = api_client.post(CONFIRM, {**link, "new_password": NEW})
    assert answer.status_code == 400 and answer.json() == {"token": [password_reset.LINK_INVALID]}
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


@pytest.mark.parametrize(
    "link",
    [
        {"uid": "MQ", "token": "made-up"},
        {"uid": "not base64 !", "token": "x"},
        {"uid": "OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5", "token": "x"},  # a number past any id
        {"uid": "", "token": ""},
    ],
)
def test_a_forged_or_malformed_link_is_refused(api_client, user, link):
    answer = api_client.post(CONFIRM, {**link, "new_password": NEW})
    assert answer.status_code == 400
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_a_link_for_one_account_does_not_open_another(api_client, user, django_capture_on_commit_callbacks):
    other = UserFactory()
    ask(api_client, user.email, django_capture_on_commit_callbacks)
    link = emailed_link(user.email)
    from django.utils.http import urlsafe_base64_encode

    forged = {"uid": urlsafe_base64_encode(str(other.pk).encode()), "token": link["token"]}
    assert api_client.post(CONFIRM, {**forged, "new_password": NEW}).status_code == 400
    other.refresh_from_db()
    assert other.check_password(PASSWORD)


@pytest.mark.parametrize("weak", ["12345678", "password1", "short"])
def test_a_weak_new_password_is_refused_and_the_link_still_works(
    api_client, user, django_capture_on_commit_callbacks, weak
):
    ask(api_client, user.email, django_capture_on_commit_callbacks)
    link = emailed_link(user.email)
    answer = api_client.post(CONFIRM, {**link, "new_password": weak})
    assert answer.status_code == 400 and list(answer.json()) == ["new_password"], answer.content
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    assert api_client.post(CHECK, link).status_code == 200


@override_settings(PASSWORD_RESET_ACCOUNT_MAX_EMAILS=2)
def test_an_account_gets_a_bounded_number_of_emails_from_any_number_of_addresses(
    api_client, user, django_capture_on_commit_callbacks
):
    answers = [
        ask(api_client, user.email, django_capture_on_commit_callbacks, REMOTE_ADDR=f"10.1.0.{n}")
        for n in range(5)
    ]
    assert {answer.status_code for answer in answers} == {200}
    assert {answer.content for answer in answers} == {answers[0].content}  # nothing tells the limit
    assert len(mail.outbox) == 2


def test_asking_is_throttled_per_client_address(api_client, user, reset_rates):
    reset_rates(password_reset="3/hour")
    codes = [api_client.post(REQUEST, {"email": f"n{n}@example.org"}).status_code for n in range(4)]
    assert codes == [200, 200, 200, 429]
    other_address = api_client.post(REQUEST, {"email": "x@example.org"}, REMOTE_ADDR="10.2.0.1")
    assert other_address.status_code == 200


def test_the_link_calls_are_throttled_per_client_address(api_client, reset_rates):
    reset_rates(password_reset_link="2/min")
    codes = [api_client.post(CHECK, {"uid": "MQ", "token": "x"}).status_code for _ in range(3)]
    assert codes == [400, 400, 429]


def test_bad_input_is_a_clear_400(api_client):
    assert api_client.post(REQUEST, {"email": "not-an-address"}).status_code == 400
    assert api_client.post(REQUEST, {}).json() == {"email": ["This field is required."]}
    answer = api_client.post(CONFIRM, {"uid": "MQ", "token": "x"})
    assert answer.status_code == 400 and "new_password" in answer.json()
