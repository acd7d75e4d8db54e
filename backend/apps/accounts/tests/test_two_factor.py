"""Two-factor sign-in (docs/security.md): set up from the profile, asked after the password, the
recovery codes each used once, throttled like sign-in, and a workspace that requires it issues no
token to a member without it."""

import pytest
from django.core import mail
from django.core.cache import cache
from django_otp.oath import totp
from django_otp.plugins.otp_static.models import StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from apps.accounts import two_factor
from apps.accounts.models import AuthToken
from apps.accounts.tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/accounts/token/"
LOGIN_URL = "/api/accounts/login/"
SECOND_URL = "/api/accounts/token/two_factor/"
STATE_URL = "/api/accounts/me/two_factor/"
SETUP_URL = "/api/accounts/me/two_factor/setup/"
CONFIRM_URL = "/api/accounts/me/two_factor/confirm/"
DISABLE_URL = "/api/accounts/me/two_factor/disable/"


def code_of(device: TOTPDevice, *, ahead: int = 0) -> str:
    """What the authenticator app shows now (`ahead` steps later), by django-otp's RFC 6238 function."""
    t0 = device.t0 - ahead * device.step
    return f"{totp(device.bin_key, step=device.step, t0=t0, digits=device.digits):06d}"


def enrol(client) -> tuple[TOTPDevice, list[str]]:
    started = client.post(SETUP_URL, {"password": PASSWORD})
    assert started.status_code == 200, started.content
    device = TOTPDevice.objects.get(user=client.user, confirmed=False)
    confirmed = client.post(CONFIRM_URL, {"code": code_of(device)})
    assert confirmed.status_code == 200, confirmed.content
    device.refresh_from_db()
    return device, confirmed.json()["recovery_codes"]


def password_step(api_client, user, url=TOKEN_URL):
    return api_client.post(url, {"email": user.email, "password": PASSWORD})


def test_setting_up_needs_the_password_and_shows_the_key_and_a_qr_code(auth_client):
    wrong = auth_client.post(SETUP_URL, {"password": "not-it"})
    assert wrong.status_code == 400 and list(wrong.json()) == ["password"]
    assert not TOTPDevice.objects.exists()
    answer = auth_client.post(SETUP_URL, {"password": PASSWORD})
    assert answer.status_code == 200
    body = answer.json()
    device = TOTPDevice.objects.get(user=auth_client.user)
    assert not device.confirmed
    assert body["otpauth_uri"].startswith("otpauth://totp/Remote%20Office%3A")
    assert f"secret={body['secret']}" in body["otpauth_uri"]
    assert body["qr_svg"].lstrip().startswith("<?xml") and "<svg" in body["qr_svg"]
    # Not on until a code confirms it: the sign-in is unchanged.
    assert auth_client.get(STATE_URL).json() == {
        "enabled": False,
        "recovery_codes_left": 0,
        "required_by_workspace": False,
    }


def test_a_wrong_confirmation_code_changes_nothing_and_the_right_one_turns_it_on(auth_client):
    auth_client.post(SETUP_URL, {"password": PASSWORD})
    device = TOTPDevice.objects.get(user=auth_client.user)
    wrong = f"{(int(code_of(device)) + 1) % 1000000:06d}"
    answer = auth_client.post(CONFIRM_URL, {"code": wrong})
    assert answer.status_code == 400 and answer.json() == {"code": [two_factor.SETUP_CODE_WRONG]}
    assert not two_factor.is_enrolled(auth_client.user)
    device, codes = enrol_confirm(auth_client, device)
    assert len(codes) == two_factor.RECOVERY_CODES and len(set(codes)) == len(codes)
    assert auth_client.get(STATE_URL).json()["enabled"] is True
    assert auth_client.get(STATE_URL).json()["recovery_codes_left"] == two_factor.RECOVERY_CODES


def enrol_confirm(client, device):
    answer = client.post(CONFIRM_URL, {"code": code_of(device)})
    assert answer.status_code == 200, answer.content
    device.refresh_from_db()
    return device, answer.json()["recovery_codes"]


def test_without_two_factor_the_token_answer_is_unchanged(api_client, user):
    answer = password_step(api_client, user)
    assert answer.status_code == 200 and list(answer.json()) == ["token"]


@pytest.mark.parametrize("url", [TOKEN_URL, LOGIN_URL])
def test_with_two_factor_the_password_gives_a_ticket_and_no_token(auth_client, api_client, url):
    enrol(auth_client)
    tokens = AuthToken.objects.count()
    answer = password_step(api_client, auth_client.user, url)
    assert answer.status_code == 200
    assert set(answer.json()) == {"two_factor_required", "ticket"}
    assert answer.json()["two_factor_required"] is True
    assert AuthToken.objects.count() == tokens


def test_the_second_step_with_the_apps_code_answers_the_token(auth_client, api_client):
    device, _ = enrol(auth_client)
    ticket = password_step(api_client, auth_client.user).json()["ticket"]
    # The code used to confirm is spent (django-otp refuses a replay): the app's next one, which
    # the one step of tolerance accepts.
    replay = api_client.post(SECOND_URL, {"ticket": ticket, "code": code_of(device)})
    assert replay.status_code == 400 and list(replay.json()) == ["code"]
    answer = api_client.post(SECOND_URL, {"ticket": ticket, "code": code_of(device, ahead=1)})
    assert answer.status_code == 200, answer.content
    key = answer.json()["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api_client.get("/api/accounts/me/").status_code == 200
    # The ticket is spent.
    again = api_client.post(SECOND_URL, {"ticket": ticket, "code": code_of(device, ahead=1)})
    assert again.status_code == 400 and list(again.json()) == ["ticket"]


def test_a_wrong_code_is_a_clear_400_that_changes_nothing(auth_client, api_client):
    device, codes = enrol(auth_client)
    ticket = password_step(api_client, auth_client.user).json()["ticket"]
    tokens = AuthToken.objects.count()
    wrong = f"{(int(code_of(device, ahead=1)) + 1) % 1000000:06d}"
    answer = api_client.post(SECOND_URL, {"ticket": ticket, "code": wrong})
    assert answer.status_code == 400 and answer.json() == {"code": [two_factor.CODE_WRONG]}
    assert AuthToken.objects.count() == tokens
    assert StaticToken.objects.filter(device__user=auth_client.user).count() == len(codes)
    # The same ticket still works with a right code.
    assert api_client.post(SECOND_URL, {"ticket": ticket, "code": codes[0]}).status_code == 200


def test_each_recovery_code_works_once(auth_client, api_client):
    _, codes = enrol(auth_client)
    user = auth_client.user
    first = password_step(api_client, user).json()["ticket"]
    assert api_client.post(SECOND_URL, {"ticket": first, "code": codes[3].upper()}).status_code == 200
    second = password_step(api_client, user).json()["ticket"]
    reused = api_client.post(SECOND_URL, {"ticket": second, "code": codes[3]})
    assert reused.status_code == 400 and list(reused.json()) == ["code"]
    assert two_factor.recovery_codes_left(user) == two_factor.RECOVERY_CODES - 1
    assert api_client.post(SECOND_URL, {"ticket": second, "code": codes[4]}).status_code == 200


def test_a_recovery_code_leaves_no_wrong_code_behind_on_the_app(auth_client, api_client):
    """django-otp tries the app's code first: a recovery code is a wrong app code to it, and that
    failure must not hold back the app's next code (its wait doubles with each failure)."""
    device, codes = enrol(auth_client)
    user = auth_client.user
    first = password_step(api_client, user).json()["ticket"]
    assert api_client.post(SECOND_URL, {"ticket": first, "code": codes[0]}).status_code == 200
    device.refresh_from_db()
    assert device.throttling_failure_count == 0
    second = password_step(api_client, user).json()["ticket"]
    app_code = code_of(device, ahead=1)
    assert api_client.post(SECOND_URL, {"ticket": second, "code": app_code}).status_code == 200


def test_a_forged_or_expired_ticket_or_one_after_a_password_change_is_refused(
    auth_client, api_client, settings
):
    _, codes = enrol(auth_client)
    user = auth_client.user
    forged = api_client.post(SECOND_URL, {"ticket": "eyJ1IjoxfQ:abc:def", "code": codes[0]})
    assert forged.status_code == 400 and list(forged.json()) == ["ticket"]
    ticket = password_step(api_client, user).json()["ticket"]
    user.set_password("another-passphrase-99")
    user.save()
    changed = api_client.post(SECOND_URL, {"ticket": ticket, "code": codes[0]})
    assert changed.status_code == 400 and list(changed.json()) == ["ticket"]
    setup_ticket = two_factor.issue_ticket(user, two_factor.SETUP)
    other_kind = api_client.post(SECOND_URL, {"ticket": setup_ticket, "code": codes[0]})
    assert other_kind.status_code == 400 and list(other_kind.json()) == ["ticket"]
    assert two_factor.recovery_codes_left(user) == two_factor.RECOVERY_CODES


def test_a_ticket_ends_after_too_many_wrong_codes(auth_client, api_client):
    _, codes = enrol(auth_client)
    ticket = password_step(api_client, auth_client.user).json()["ticket"]
    for _ in range(two_factor.TICKET_MAX_FAILURES):
        assert api_client.post(SECOND_URL, {"ticket": ticket, "code": "zzzzzzzz"}).status_code == 400
    answer = api_client.post(SECOND_URL, {"ticket": ticket, "code": codes[0]})
    assert answer.status_code == 400 and list(answer.json()) == ["ticket"]


def test_the_second_step_is_throttled_like_sign_in(auth_client, api_client):
    from rest_framework.throttling import SimpleRateThrottle

    _, codes = enrol(auth_client)
    cache.clear()  # enrolling (a password and a code) spent sign-in's budget too
    ticket = password_step(api_client, auth_client.user).json()["ticket"]
    original = SimpleRateThrottle.THROTTLE_RATES
    SimpleRateThrottle.THROTTLE_RATES = {**original, "sign_in": "3/min"}
    try:
        answers = [
            api_client.post(SECOND_URL, {"ticket": ticket, "code": "zz"}).status_code for _ in range(4)
        ]
    finally:
        SimpleRateThrottle.THROTTLE_RATES = original
    # One password step and two codes fit in 3/min; the third code is refused.
    assert answers[:2] == [400, 400] and answers[2:] == [429, 429]


def test_turning_off_needs_the_password_or_a_code(auth_client, api_client):
    device, codes = enrol(auth_client)
    wrong = auth_client.post(DISABLE_URL, {"password": "not-it"})
    assert wrong.status_code == 400 and list(wrong.json()) == ["password"]
    assert two_factor.is_enrolled(auth_client.user)
    assert auth_client.post(DISABLE_URL, {"password": PASSWORD}).status_code == 200
    assert not TOTPDevice.objects.filter(user=auth_client.user).exists()
    assert not StaticToken.objects.filter(device__user=auth_client.user).exists()
    assert list(password_step(api_client, auth_client.user).json()) == ["token"]
    again = auth_client.post(DISABLE_URL, {"password": PASSWORD})
    assert again.status_code == 400


def test_turning_off_with_a_recovery_code(auth_client):
    _, codes = enrol(auth_client)
    assert auth_client.post(DISABLE_URL, {"code": codes[0]}).status_code == 200
    assert not two_factor.is_enrolled(auth_client.user)


def test_setting_up_twice_is_refused_while_on(auth_client):
    enrol(auth_client)
    answer = auth_client.post(SETUP_URL, {"password": PASSWORD})
    assert answer.status_code == 400 and answer.json() == {"non_field_errors": [two_factor.ALREADY_ON]}


# --- the workspace requires it --------------------------------------------------------------------

SETUP_TICKET_URL = "/api/accounts/token/two_factor/setup/"
SETUP_TICKET_CONFIRM_URL = "/api/accounts/token/two_factor/setup/confirm/"


def test_a_required_workspace_issues_no_token_before_the_member_sets_it_up(api_client, user):
    user.workspace.require_two_factor = True
    user.workspace.save()
    answer = password_step(api_client, user)
    assert answer.status_code == 200 and set(answer.json()) == {"two_factor_setup_required", "ticket"}
    assert not AuthToken.objects.filter(user=user).exists()
    ticket = answer.json()["ticket"]
    # The set-up ticket is no second step.
    refused = api_client.post(SECOND_URL, {"ticket": ticket, "code": "123456"})
    assert refused.status_code == 400 and list(refused.json()) == ["ticket"]
    started = api_client.post(SETUP_TICKET_URL, {"ticket": ticket})
    assert started.status_code == 200 and "qr_svg" in started.json()
    device = TOTPDevice.objects.get(user=user, confirmed=False)
    wrong = api_client.post(SETUP_TICKET_CONFIRM_URL, {"ticket": ticket, "code": "zz"})
    assert wrong.status_code == 400 and list(wrong.json()) == ["code"]
    assert not AuthToken.objects.filter(user=user).exists()
    done = api_client.post(SETUP_TICKET_CONFIRM_URL, {"ticket": ticket, "code": code_of(device)})
    assert done.status_code == 200, done.content
    assert set(done.json()) == {"token", "recovery_codes"}
    assert AuthToken.objects.filter(user=user).count() == 1
    assert two_factor.is_enrolled(user)
    # Spent.
    assert api_client.post(SETUP_TICKET_URL, {"ticket": ticket}).status_code == 400


def test_a_required_workspace_refuses_turning_it_off(auth_client):
    enrol(auth_client)
    auth_client.user.workspace.require_two_factor = True
    auth_client.user.workspace.save()
    answer = auth_client.post(DISABLE_URL, {"password": PASSWORD})
    assert answer.status_code == 400 and answer.json() == {
        "non_field_errors": [two_factor.REQUIRED_BY_WORKSPACE]
    }
    assert two_factor.is_enrolled(auth_client.user)
    assert auth_client.get(STATE_URL).json()["required_by_workspace"] is True


def test_confirm_without_a_setup_is_a_400(auth_client):
    answer = auth_client.post(CONFIRM_URL, {"code": "123456"})
    assert answer.status_code == 400 and answer.json() == {"code": [two_factor.NO_SETUP]}


def test_a_code_of_minutes_ago_is_refused(auth_client, api_client):
    """django-otp's tolerance is one step (30 s) either side; it reads the real clock."""
    device, _ = enrol(auth_client)
    ticket = password_step(api_client, auth_client.user).json()["ticket"]
    stale = code_of(device, ahead=-4)
    if stale in {code_of(device, ahead=step) for step in (-1, 0, 1)}:
        return  # one chance in a few hundred thousand
    assert api_client.post(SECOND_URL, {"ticket": ticket, "code": stale}).status_code == 400


# --- new recovery codes ---------------------------------------------------------------------------

RECOVERY_CODES_URL = "/api/accounts/me/two_factor/recovery_codes/"
# The token; in a savepoint: the authenticator (locked), its spent step saved, the old recovery
# codes' device read, its codes and it deleted, the new device, its ten codes in one insert.
QUERIES = 10


def test_new_recovery_codes_work_the_old_ones_do_not_and_the_owner_is_mailed(
    auth_client, api_client, django_capture_on_commit_callbacks
):
    device, old = enrol(auth_client)
    user = auth_client.user
    # Some used up (as a sign-in with each would): the count goes back to ten.
    StaticToken.objects.filter(device__user=user, token__in=old[:3]).delete()
    assert two_factor.recovery_codes_left(user) == two_factor.RECOVERY_CODES - 3
    with django_capture_on_commit_callbacks(execute=True):
        answer = auth_client.post(RECOVERY_CODES_URL, {"code": code_of(device, ahead=1)})
    assert answer.status_code == 200, answer.content
    new = answer.json()["recovery_codes"]
    assert list(answer.json()) == ["recovery_codes"]
    assert len(new) == two_factor.RECOVERY_CODES and len(set(new)) == len(new) and not set(new) & set(old)
    assert auth_client.get(STATE_URL).json()["recovery_codes_left"] == two_factor.RECOVERY_CODES
    (message,) = mail.outbox
    assert message.to == [user.email] and message.subject == "Your recovery codes were replaced"
    assert not any(code in message.body for code in new)  # the codes are answered once, not mailed
    # An old code no longer signs in (and changes nothing); a new one does, once.
    ticket = password_step(api_client, user).json()["ticket"]
    refused = api_client.post(SECOND_URL, {"ticket": ticket, "code": old[1]})
    assert refused.status_code == 400 and refused.json() == {"code": [two_factor.CODE_WRONG]}
    assert api_client.post(SECOND_URL, {"ticket": ticket, "code": new[0]}).status_code == 200
    assert two_factor.recovery_codes_left(user) == two_factor.RECOVERY_CODES - 1
    # The app's code is spent: no replay.
    again = auth_client.post(RECOVERY_CODES_URL, {"code": code_of(device, ahead=1)})
    assert again.status_code == 400 and again.json() == {"code": [two_factor.APP_CODE_WRONG]}


def test_a_wrong_or_recovery_code_changes_nothing(auth_client, django_capture_on_commit_callbacks):
    device, codes = enrol(auth_client)
    user = auth_client.user
    before = sorted(StaticToken.objects.filter(device__user=user).values_list("pk", "token"))
    device_state = TOTPDevice.objects.filter(pk=device.pk).values().get()
    wrong = f"{(int(code_of(device, ahead=1)) + 1) % 1000000:06d}"
    with django_capture_on_commit_callbacks(execute=True):
        for code in (wrong, codes[0], "not a code"):
            answer = auth_client.post(RECOVERY_CODES_URL, {"code": code})
            assert answer.status_code == 400 and answer.json() == {"code": [two_factor.APP_CODE_WRONG]}
    assert sorted(StaticToken.objects.filter(device__user=user).values_list("pk", "token")) == before
    # django-otp's wrong-code count is rolled back with the refusal.
    assert TOTPDevice.objects.filter(pk=device.pk).values().get() == device_state
    assert not mail.outbox
    # The recovery code offered is not used up, and a right code right after works.
    assert StaticToken.objects.filter(device__user=user, token=codes[0]).exists()
    assert auth_client.post(RECOVERY_CODES_URL, {"code": code_of(device, ahead=1)}).status_code == 200


def test_new_recovery_codes_are_refused_while_two_factor_is_off(
    auth_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        answer = auth_client.post(RECOVERY_CODES_URL, {"code": "123456"})
        assert answer.status_code == 400 and answer.json() == {"non_field_errors": [two_factor.NOT_ON]}
        # A set-up not confirmed yet is not on either.
        auth_client.post(SETUP_URL, {"password": PASSWORD})
        device = TOTPDevice.objects.get(user=auth_client.user, confirmed=False)
        pending = auth_client.post(RECOVERY_CODES_URL, {"code": code_of(device)})
        assert pending.status_code == 400 and pending.json() == {"non_field_errors": [two_factor.NOT_ON]}
    assert not StaticToken.objects.exists() and not mail.outbox


def test_new_recovery_codes_are_throttled_like_sign_in(auth_client):
    from rest_framework.throttling import SimpleRateThrottle

    enrol(auth_client)
    cache.clear()  # enrolling (a password and a code) spent sign-in's budget too
    original = SimpleRateThrottle.THROTTLE_RATES
    SimpleRateThrottle.THROTTLE_RATES = {**original, "sign_in": "2/min"}
    try:
        answers = [auth_client.post(RECOVERY_CODES_URL, {"code": "000000"}).status_code for _ in range(3)]
    finally:
        SimpleRateThrottle.THROTTLE_RATES = original
    assert answers == [400, 400, 429]


@pytest.mark.parametrize("url", [SETUP_URL, CONFIRM_URL, DISABLE_URL])
def test_the_profiles_two_factor_writes_are_throttled_like_sign_in(auth_client, url):
    """Each takes a password or a code: a stolen session cannot guess them faster than sign-in."""
    from rest_framework.throttling import SimpleRateThrottle

    original = SimpleRateThrottle.THROTTLE_RATES
    SimpleRateThrottle.THROTTLE_RATES = {**original, "sign_in": "2/min"}
    try:
        body = {"password": "not-it", "code": "000000"}
        answers = [auth_client.post(url, body).status_code for _ in range(3)]
    finally:
        SimpleRateThrottle.THROTTLE_RATES = original
    assert answers[:2] != [429, 429] and answers[2] == 429


def test_new_recovery_codes_take_a_fixed_number_of_queries(auth_client, django_assert_num_queries):
    device, _ = enrol(auth_client)
    with django_assert_num_queries(QUERIES):
        assert auth_client.post(RECOVERY_CODES_URL, {"code": code_of(device, ahead=1)}).status_code == 200
