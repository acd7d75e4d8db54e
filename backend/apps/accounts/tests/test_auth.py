import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import override_settings

from apps.accounts import services
from apps.accounts.models import AuthToken, token_digest
from apps.accounts.services import SIGN_IN_FAILED
from apps.accounts.tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/accounts/token/"


def test_good_credentials_return_a_working_token(api_client, user):
    response = api_client.post(TOKEN_URL, {"email": user.email, "password": PASSWORD})
    assert response.status_code == 200
    token = response.json()["token"]
    assert AuthToken.objects.filter(digest=token_digest(token), user=user).exists()
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api_client.get("/api/accounts/me/").json()["email"] == user.email


def test_email_is_case_insensitive(api_client, user):
    response = api_client.post(TOKEN_URL, {"email": user.email.upper(), "password": PASSWORD})
    assert response.status_code == 200


def test_wrong_password_is_400_with_the_message_the_spa_shows(api_client, user):
    response = api_client.post(TOKEN_URL, {"email": user.email, "password": "wrong-password"})
    assert response.status_code == 400
    assert response.json() == {"non_field_errors": [SIGN_IN_FAILED]}
    assert not AuthToken.objects.exists()


def test_missing_fields_have_plain_messages(api_client):
    response = api_client.post(TOKEN_URL, {})
    assert response.status_code == 400
    assert response.json() == {"email": ["Email is required"], "password": ["Password is required"]}


@override_settings(SIGN_IN_MAX_FAILURES=3)
def test_account_locks_after_repeated_failures_even_with_the_right_password(api_client, user):
    for _ in range(3):
        assert api_client.post(TOKEN_URL, {"email": user.email, "password": "nope-nope"}).status_code == 400
    response = api_client.post(TOKEN_URL, {"email": user.email, "password": PASSWORD})
    assert response.status_code == 400
    assert response.json() == {"non_field_errors": [SIGN_IN_FAILED]}
    other = UserFactory()
    assert api_client.post(TOKEN_URL, {"email": other.email, "password": PASSWORD}).status_code == 200


@pytest.fixture
def sign_in_rate(settings):
    """Sets the sign-in throttle rate for one test (DRF reads rates once, at import)."""
    from rest_framework.throttling import SimpleRateThrottle

    original = SimpleRateThrottle.THROTTLE_RATES

    def set_rate(rate: str) -> None:
        SimpleRateThrottle.THROTTLE_RATES = {**original, "sign_in": rate}

    yield set_rate
    SimpleRateThrottle.THROTTLE_RATES = original


def test_sign_in_is_throttled_per_client(api_client, user, sign_in_rate):
    sign_in_rate("3/min")
    codes = [
        api_client.post(TOKEN_URL, {"email": user.email, "password": PASSWORD}).status_code for _ in range(4)
    ]
    assert codes == [200, 200, 200, 429]


def test_a_forged_forwarded_for_header_does_not_reset_the_throttle(api_client, sign_in_rate):
    sign_in_rate("3/min")
    codes = [
        api_client.post(
            TOKEN_URL,
            {"email": f"n{i}@example.org", "password": "wrong-password"},
            HTTP_X_FORWARDED_FOR=f"10.0.0.{i}",
        ).status_code
        for i in range(4)
    ]
    assert codes == [400, 400, 400, 429]


@override_settings(SIGN_IN_MAX_FAILURES=2, SIGN_IN_ACCOUNT_MAX_FAILURES=3)
def test_lockout_is_per_client_with_an_account_wide_cap(user):
    for _ in range(2):
        with pytest.raises(services.SignInError):
            services.sign_in(email=user.email, password="wrong-password", client="10.0.0.1")
    with pytest.raises(services.SignInError):  # this client is locked, even with the right password
        services.sign_in(email=user.email, password=PASSWORD, client="10.0.0.1")
    # another client is not locked out by the first one's guesses...
    assert services.sign_in(email=user.email, password=PASSWORD, client="10.0.0.2")
    # ...but failures from anywhere add up to the account-wide cap, which then holds for all
    with pytest.raises(services.SignInError):
        services.sign_in(email=user.email, password="wrong-password", client="10.0.0.3")
    with pytest.raises(services.SignInError):
        services.sign_in(email=user.email, password=PASSWORD, client="10.0.0.4")


def test_login_returns_token_and_user(api_client, user):
    response = api_client.post("/api/accounts/login/", {"email": user.email, "password": PASSWORD})
    assert response.status_code == 200
    body = response.json()
    assert body["user"]["id"] == user.id
    assert AuthToken.objects.filter(digest=token_digest(body["token"])).exists()


def test_logout_deletes_only_the_token_used(auth_client, client_for):
    other_device = client_for(auth_client.user)
    assert auth_client.post("/api/accounts/logout/").status_code == 200
    assert auth_client.get("/api/accounts/me/").status_code == 401
    assert other_device.get("/api/accounts/me/").status_code == 200


def test_sign_out_everywhere_deletes_every_token(auth_client, client_for):
    other_device = client_for(auth_client.user)
    bystander = client_for(UserFactory())
    assert auth_client.post("/api/accounts/logout_all/").status_code == 200
    assert auth_client.get("/api/accounts/me/").status_code == 401
    assert other_device.get("/api/accounts/me/").status_code == 401
    assert bystander.get("/api/accounts/me/").status_code == 200


def test_unauthenticated_calls_are_401(api_client):
    assert api_client.get("/api/accounts/me/").status_code == 401
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    assert api_client.get("/api/accounts/me/").status_code == 401


def test_inactive_user_cannot_use_a_token(auth_client):
    auth_client.user.is_active = False
    auth_client.user.save()
    assert auth_client.get("/api/accounts/me/").status_code == 401


def test_passwords_need_eight_characters(user):
    with pytest.raises(ValidationError):
        validate_password("short12", user)
    validate_password("long-enough-1", user)


@override_settings(SIGN_IN_MAX_FAILURES=2, SIGN_IN_ACCOUNT_MAX_FAILURES=3)
def test_successful_sign_ins_never_lock_an_account(user):
    for _ in range(10):
        assert services.sign_in(email=user.email, password=PASSWORD, client="10.0.0.1")
    with pytest.raises(services.SignInError):
        services.sign_in(email=user.email, password="wrong-password", client="10.0.0.1")
    assert services.sign_in(email=user.email, password=PASSWORD, client="10.0.0.2")
