"""'Forgot password?': an emailed, signed, single-use link that expires (docs/security.md).

The link is `/reset-password/<uid>/<token>`: `uid` is the user's id in base 64, `token` Django's
`default_token_generator` (PasswordResetTokenGenerator): an HMAC over the user's id, password hash,
last sign-in and email with SECRET_KEY, and its time. So it expires after PASSWORD_RESET_TIMEOUT
seconds, it works once (setting the password changes the hash it was made from; so does a newer
password or a sign-in), and nothing is stored for it.

Asking for a link answers the same whatever the address (an account or not, active or not), and
the same again once the account's emails for the window are used up: only the mailbox learns.
Limits: per client address (the `password_reset` throttle) and per account
(PASSWORD_RESET_ACCOUNT_MAX_EMAILS per PASSWORD_RESET_ACCOUNT_WINDOW_SECONDS, counted in the cache
whoever asks, so nobody can flood a mailbox from many addresses).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from apps.accounts import events, services
from apps.accounts.models import User
from apps.core.params import MAX_ID

REQUESTED_DETAIL = (
    "If an account uses this address, we have sent it a link to set a new password. "
    "Check your inbox; the link works once, for a limited time."
)
LINK_INVALID = "This link to set a new password is not valid or has expired. Ask for a new one."
RESET_DETAIL = "Your password is set. Sign in with it; every device that was signed in is signed out."
RESET_PATH = "/reset-password/"


def _account_key(email: str) -> str:
    return "password-reset-emails:" + hashlib.sha256(email.encode()).hexdigest()


def _may_email(email: str) -> bool:
    """Counts one email for the account; False once its window's emails are used up."""
    key = _account_key(email)
    window = settings.PASSWORD_RESET_ACCOUNT_WINDOW_SECONDS
    cache.add(key, 0, timeout=window)
    try:
        sent = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=window)
        sent = 1
    return sent <= settings.PASSWORD_RESET_ACCOUNT_MAX_EMAILS


def _display(user: User) -> str:
    return user.display_name or user.full_name or user.email


def link_for(*, user: User, base_url: str) -> str:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return f"{base_url.rstrip('/')}{RESET_PATH}{uid}/{default_token_generator.make_token(user)}"


@transaction.atomic
def password_reset_request(*, email: str, base_url: str) -> None:
    """Email a link to set a new password to the active account with this address, if any and
    if the account may get one now. Answers nothing either way (the caller says REQUESTED_DETAIL)."""
    email = email.strip().lower()
    user = User.objects.filter(email__iexact=email, is_active=True).first()
    if user is None or not _may_email(user.email.lower()):
        return
    url = link_for(user=user, base_url=base_url)
    minutes = settings.PASSWORD_RESET_TIMEOUT // 60
    message = (
        f"Hello {_display(user)},\n\n"
        "Someone (we hope you) asked to set a new password for your Remote Office account.\n"
        f"Set it here; the link works once, for {minutes} minutes:\n\n{url}\n\n"
        "Setting it signs out every device signed in to your account.\n"
        "If you did not ask for this, ignore this email: your password stays as it is.\n"
    )
    transaction.on_commit(
        lambda: send_mail(
            subject="Set a new Remote Office password",
            message=message,
            from_email=None,
            recipient_list=[user.email],
        )
    )


def _user_of(uid: str, token: str) -> User:
    """The active user the link was made for, if it still works (ValidationError otherwise)."""
    try:
        pk = int(urlsafe_base64_decode(uid).decode())
    except (ValueError, TypeError, OverflowError, UnicodeDecodeError):
        raise ValidationError({"token": [LINK_INVALID]}) from None
    user = User.objects.filter(pk=pk, is_active=True).first() if 1 <= pk <= MAX_ID else None
    if user is None or not default_token_generator.check_token(user, token):
        raise ValidationError({"token": [LINK_INVALID]})
    return user


def password_reset_check(*, uid: str, token: str) -> User:
    """The account behind a link, so the page can name it before the new password is typed."""
    return _user_of(uid, token)


@transaction.atomic
def password_reset_confirm(*, uid: str, token: str, new_password: str) -> User:
    """Set the new password through the link (Django's validators apply); the link is spent, every
    token of the account is deleted and its sockets close, and the owner gets an email saying so."""
    user = _user_of(uid, token)
    user = User.objects.select_for_update().get(pk=user.pk)
    # Checked again under the lock: two submissions of one link set the password once.
    if not default_token_generator.check_token(user, token):
        raise ValidationError({"token": [LINK_INVALID]})
    services.set_new_password(
        user=user,
        new_password=new_password,
        keep=None,
        subject="Your Remote Office password was reset",
        what_happened=(
            "The password of your Remote Office account was just set through a 'Forgot password?'\n"
            "link, and every device signed in to it was signed out."
        ),
    )
    events.publish_user_logout(user=user)
    return user
