"""Two-factor sign-in (docs/security.md, "Two-factor sign-in").

The one-time passwords are django-otp's: a TOTPDevice (RFC 6238, an authenticator app) and a
StaticDevice holding the recovery codes, each used once (django-otp deletes a static token it
accepts). Nothing here computes or compares a code itself.

Sign-in: when the password is right and the account has a confirmed device, no token is issued;
the answer carries a *ticket* instead: signed with SECRET_KEY (django.core.signing), valid for
TICKET_MAX_AGE seconds, bound to the account's password hash, spent by the first accepted code
(its nonce is recorded in the cache) or after TICKET_MAX_FAILURES wrong codes. The second call
(`token/two_factor/`) takes the ticket and a code and answers the normal token.

A workspace that requires two-factor sign-in issues no token to a member without a confirmed
device: the password's answer is a *setup* ticket, with which the member enrols right there and
gets the token with the recovery codes (`token/two_factor/setup/`, `.../setup/confirm/`).
"""

from __future__ import annotations

import base64
import io
import secrets

import qrcode
import qrcode.image.svg
from django.core import signing
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.utils.crypto import salted_hmac
from django_otp import devices_for_user, match_token
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from apps.accounts.models import User

TICKET_MAX_AGE = 300
TICKET_MAX_FAILURES = 5
RECOVERY_CODES = 10
SIGN_IN = "sign_in"
SETUP = "setup"
_SALT = "apps.accounts.two_factor"

TICKET_INVALID = "This sign-in has expired. Sign in again with your password."
CODE_WRONG = "That code is not correct. Try again, or use a recovery code."
SETUP_CODE_WRONG = "That code is not correct. Check the time on your phone and try the new code."
NO_SETUP = "Start the set-up first."
ALREADY_ON = "Two-factor sign-in is already on."
REQUIRED_BY_WORKSPACE = "Your workspace requires two-factor sign-in: it cannot be turned off."
NOT_ON = "Two-factor sign-in is not on."
APP_CODE_WRONG = (
    "That code is not correct. Enter the code your authenticator app shows now (a recovery code "
    "does not work here)."
)


class TwoFactorError(Exception):
    """A refused step: `field` names the input it is about (the 400's key)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def is_enrolled(user: User) -> bool:
    """An authenticator app is set up (the recovery codes come with it)."""
    return TOTPDevice.objects.filter(user=user, confirmed=True).exists()


def enrolled_users():
    """The ids of the users with two-factor sign-in, as a subquery."""
    return TOTPDevice.objects.filter(confirmed=True).values("user_id")


def is_required(user: User) -> bool:
    return bool(user.workspace_id and user.workspace.require_two_factor)


def recovery_codes_left(user: User) -> int:
    return StaticToken.objects.filter(device__user=user, device__confirmed=True).count()


# --- tickets --------------------------------------------------------------------------------------


def _password_tag(user: User) -> str:
    return salted_hmac(_SALT, user.password).hexdigest()[:16]


def issue_ticket(user: User, purpose: str) -> str:
    return signing.dumps(
        {"u": user.pk, "p": purpose, "n": secrets.token_urlsafe(12), "h": _password_tag(user)}, salt=_SALT
    )


def _spent_key(nonce: str) -> str:
    return f"two-factor-ticket-spent:{nonce}"


def _failures_key(nonce: str) -> str:
    return f"two-factor-ticket-failures:{nonce}"


def read_ticket(ticket: str, purpose: str) -> tuple[User, str]:
    """The ticket's user and nonce, or TwoFactorError on `ticket` (forged, expired, spent, of
    another purpose, or the password changed since)."""
    try:
        data = signing.loads(ticket, salt=_SALT, max_age=TICKET_MAX_AGE)
    except signing.BadSignature:
        raise TwoFactorError("ticket", TICKET_INVALID) from None
    if not isinstance(data, dict) or data.get("p") != purpose:
        raise TwoFactorError("ticket", TICKET_INVALID)
    nonce = str(data.get("n", ""))
    user = User.objects.select_related("workspace").filter(pk=data.get("u"), is_active=True).first()
    if (
        user is None
        or data.get("h") != _password_tag(user)
        or cache.get(_spent_key(nonce)) is not None
        or (cache.get(_failures_key(nonce)) or 0) >= TICKET_MAX_FAILURES
    ):
        raise TwoFactorError("ticket", TICKET_INVALID)
    return user, nonce


def _spend(nonce: str) -> bool:
    """Mark the ticket used; False when another request spent it first."""
    return cache.add(_spent_key(nonce), 1, timeout=TICKET_MAX_AGE + 60)


def spend_ticket(nonce: str) -> None:
    if not _spend(nonce):
        raise TwoFactorError("ticket", TICKET_INVALID)


def _count_failure(nonce: str) -> None:
    key = _failures_key(nonce)
    cache.add(key, 0, timeout=TICKET_MAX_AGE + 60)
    try:
        cache.incr(key)
    except ValueError:
        cache.add(key, 1, timeout=TICKET_MAX_AGE + 60)


# --- sign-in's second step ------------------------------------------------------------------------


@transaction.atomic
def verify_sign_in(*, ticket: str, code: str) -> User:
    """The user whose ticket this is, when `code` is a current code of their authenticator app or
    one of their unused recovery codes (which it then uses up). A wrong code changes nothing but
    the ticket's count of failures."""
    user, nonce = read_ticket(ticket, SIGN_IN)
    device = match_token(user, code.replace(" ", "").replace("-", "").lower())
    if device is None:
        _count_failure(nonce)
        raise TwoFactorError("code", CODE_WRONG)
    if not _spend(nonce):
        raise TwoFactorError("ticket", TICKET_INVALID)
    if isinstance(device, StaticDevice):
        # django-otp tried the app first and counted the recovery code as a wrong app code, which
        # would hold back the app's next code; a right second factor clears it, as the app's would.
        for app in TOTPDevice.objects.filter(user=user, confirmed=True):
            app.throttle_reset()
    return user


# --- enrolment ------------------------------------------------------------------------------------


def _qr_svg(uri: str) -> str:
    image = qrcode.make(uri, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    out = io.BytesIO()
    image.save(out)
    return out.getvalue().decode()


def _secret_of(device: TOTPDevice) -> str:
    return base64.b32encode(device.bin_key).decode().rstrip("=")


@transaction.atomic
def setup_start(*, user: User) -> dict:
    """A new, unconfirmed authenticator for the user (replacing one not confirmed yet): its
    secret for manual entry, the otpauth:// address and that address as a QR code (SVG)."""
    if is_enrolled(user):
        raise TwoFactorError("non_field_errors", ALREADY_ON)
    TOTPDevice.objects.filter(user=user, confirmed=False).delete()
    device = TOTPDevice.objects.create(user=user, name="Authenticator app", confirmed=False)
    uri = device.config_url
    return {"secret": _secret_of(device), "otpauth_uri": uri, "qr_svg": _qr_svg(uri)}


@transaction.atomic
def setup_confirm(*, user: User, code: str) -> list[str]:
    """Turn the pending authenticator on with a code it shows now, and make the recovery codes
    (returned once, here only)."""
    device = TOTPDevice.objects.select_for_update().filter(user=user, confirmed=False).first()
    if device is None:
        raise TwoFactorError("code", NO_SETUP)
    if not device.verify_token(code.replace(" ", "")):
        raise TwoFactorError("code", SETUP_CODE_WRONG)
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    return _new_recovery_codes(user)


def _new_recovery_codes(user: User) -> list[str]:
    StaticDevice.objects.filter(user=user).delete()
    static = StaticDevice.objects.create(user=user, name="Recovery codes", confirmed=True)
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODES)]
    StaticToken.objects.bulk_create([StaticToken(device=static, token=code) for code in codes])
    return codes


@transaction.atomic
def replace_recovery_codes(*, user: User, code: str) -> list[str]:
    """The owner gets ten new recovery codes (returned once, here only) and the old ones stop
    working, all in one transaction. A current code of the authenticator app proves it is them (not
    a recovery code: who lost them, or whoever found them, cannot make new ones with one). A wrong
    code, or two-factor off, changes nothing (django-otp's wrong-code count is rolled back with
    the refusal, as at sign-in). The owner is emailed after commit."""
    device = TOTPDevice.objects.select_for_update().filter(user=user, confirmed=True).first()
    if device is None:
        raise TwoFactorError("non_field_errors", NOT_ON)
    if not device.verify_token(code.replace(" ", "")):
        raise TwoFactorError("code", APP_CODE_WRONG)
    codes = _new_recovery_codes(user)
    name = user.display_name or user.full_name or user.email
    message = (
        f"Hello {name},\n\nNew recovery codes were made for your Remote Office account, with a code from\n"
        "your authenticator app: the earlier recovery codes no longer work.\n\n"
        "If this was not you, change your password and tell your workspace admin at once.\n"
    )
    transaction.on_commit(
        lambda: send_mail(
            subject="Your recovery codes were replaced",
            message=message,
            from_email=None,
            recipient_list=[user.email],
        )
    )
    return codes


def disable(*, user: User, password: str = "", code: str = "") -> None:
    """The owner turns two-factor sign-in off: their password or a current code proves it is them.
    A workspace that requires it refuses."""
    if not is_enrolled(user):
        raise TwoFactorError("non_field_errors", NOT_ON)
    if is_required(user):
        raise TwoFactorError("non_field_errors", REQUIRED_BY_WORKSPACE)
    if not (password and user.check_password(password)) and not (code and match_token(user, code)):
        raise TwoFactorError("password", "Enter your current password or a code from your authenticator app.")
    remove_devices(user=user)


def remove_devices(*, user: User) -> bool:
    """Every authenticator and recovery code of the user gone; True when there was any."""
    removed = False
    for device in devices_for_user(user, confirmed=None):
        device.delete()
        removed = True
    return removed
