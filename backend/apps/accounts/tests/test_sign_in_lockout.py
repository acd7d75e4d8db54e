"""Brute-force protection that an attacker cannot turn into a lock-out of the account owner."""

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from apps.accounts.devices import DEVICE_COOKIE
from apps.accounts.tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/accounts/token/"
WRONG = "wrong-password"


def _post(client, email, password, address):
    return client.post(TOKEN_URL, {"email": email, "password": password}, REMOTE_ADDR=address)


def _attack(email, *, addresses=10, tries=5):
    for i in range(addresses):
        attacker = APIClient()
        for _ in range(tries):
            assert _post(attacker, email, WRONG, f"198.51.100.{i}").status_code == 400


@override_settings(SIGN_IN_MAX_FAILURES=5, SIGN_IN_ACCOUNT_MAX_FAILURES=50)
def test_failures_from_ten_addresses_do_not_lock_out_a_browser_that_signed_in_before(user):
    victim = APIClient()
    assert _post(victim, user.email, PASSWORD, "203.0.113.7").status_code == 200
    _attack(user.email)
    # same browser, another network (its device cookie vouches for it)
    assert _post(victim, user.email, PASSWORD, "192.0.2.99").status_code == 200


@override_settings(SIGN_IN_MAX_FAILURES=5, SIGN_IN_ACCOUNT_MAX_FAILURES=50)
def test_failures_from_ten_addresses_do_not_lock_out_an_address_that_signed_in_before(user):
    assert _post(APIClient(), user.email, PASSWORD, "203.0.113.7").status_code == 200
    _attack(user.email)
    assert _post(APIClient(), user.email, PASSWORD, "203.0.113.7").status_code == 200


@override_settings(SIGN_IN_MAX_FAILURES=5, SIGN_IN_ACCOUNT_MAX_FAILURES=50)
def test_failures_from_the_victims_own_address_do_not_lock_out_a_browser_that_signed_in_before(user):
    """Office NAT or VPN exit: the attacker shares the victim's public address."""
    victim = APIClient()
    assert _post(victim, user.email, PASSWORD, "203.0.113.7").status_code == 200
    attacker = APIClient()
    for _ in range(10):
        assert _post(attacker, user.email, WRONG, "203.0.113.7").status_code == 400
    assert _post(attacker, user.email, PASSWORD, "203.0.113.7").status_code == 400  # locked
    assert _post(victim, user.email, PASSWORD, "203.0.113.7").status_code == 200


@override_settings(SIGN_IN_MAX_FAILURES=5, SIGN_IN_ACCOUNT_MAX_FAILURES=50)
def test_unknown_clients_are_refused_past_the_account_wide_limit(user):
    _attack(user.email)
    assert _post(APIClient(), user.email, PASSWORD, "192.0.2.50").status_code == 400


@override_settings(SIGN_IN_MAX_FAILURES=5, SIGN_IN_ACCOUNT_MAX_FAILURES=50)
def test_a_known_client_still_has_its_own_limit(user):
    victim = APIClient()
    assert _post(victim, user.email, PASSWORD, "203.0.113.7").status_code == 200
    _attack(user.email)
    for _ in range(5):
        assert _post(victim, user.email, WRONG, "203.0.113.7").status_code == 400
    assert _post(victim, user.email, PASSWORD, "203.0.113.7").status_code == 400


@override_settings(SIGN_IN_MAX_FAILURES=5, SIGN_IN_ACCOUNT_MAX_FAILURES=50)
def test_a_forged_or_foreign_device_cookie_does_not_vouch_for_a_client(user):
    other = UserFactory()
    attacker = APIClient()
    assert _post(attacker, other.email, PASSWORD, "192.0.2.60").status_code == 200  # its own account
    _attack(user.email)
    assert _post(attacker, user.email, PASSWORD, "192.0.2.61").status_code == 400
    forger = APIClient()
    forger.cookies[DEVICE_COOKIE] = "forged-value"
    assert _post(forger, user.email, PASSWORD, "192.0.2.62").status_code == 400


def test_the_device_cookie_is_http_only_and_scoped_to_the_accounts_api(api_client, user):
    response = _post(api_client, user.email, PASSWORD, "203.0.113.7")
    cookie = response.cookies[DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["path"] == "/api/accounts/"
    assert user.email not in cookie.value
