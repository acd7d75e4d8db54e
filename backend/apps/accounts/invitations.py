"""Invitation and set-password links: signed, expiring, single-use (docs/workspace-admin.md).

The link's token is `signing.dumps({"i": id, "k": key})` with its own salt: the signature stops
forged or altered links before the database is asked, the signing time gives the expiry, and the
stored `used_at` makes it single-use. Only the sha256 of `key` is stored. A newer link for the same
user revokes the older ones (a re-sent invitation kills the first email's link).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core import signing
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.mail import send_mail
from django.db import transaction

from apps.accounts.models import Invitation, InvitationKind, User
from apps.core import timeutils

SALT = "accounts.invitation"
INVITATION_INVALID = "This invitation link is not valid. Ask your workspace admin for a new one."
INVITATION_EXPIRED = "This invitation link has expired. Ask your workspace admin for a new one."
INVITATION_USED = "This invitation link has already been used. Sign in with your password."
PASSWORD_TOO_SHORT = "Password must be at least 8 characters."
ACCEPT_PATH = "/accept-invitation/"


class InvitationError(Exception):
    pass


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def max_age() -> dt.timedelta:
    return dt.timedelta(hours=settings.INVITATION_MAX_AGE_HOURS)


@transaction.atomic
def invitation_create(*, user: User, created_by: User | None, kind: str) -> str:
    """A fresh link token for `user`; earlier unused links of the user stop working."""
    Invitation.objects.filter(user=user, used_at__isnull=True, revoked_yn=False).update(revoked_yn=True)
    key = secrets.token_urlsafe(24)
    now = timeutils.now()
    invitation = Invitation.objects.create(
        user=user,
        created_by=created_by,
        kind=kind,
        key_digest=_digest(key),
        created_at=now,
        expires_at=now + max_age(),
    )
    return signing.dumps({"i": invitation.pk, "k": key}, salt=SALT, compress=True)


def link(*, base_url: str, token: str) -> str:
    return base_url.rstrip("/") + ACCEPT_PATH + token


def _find(token: str, *, for_update: bool = False) -> Invitation:
    try:
        data = signing.loads(token, salt=SALT, max_age=max_age())
    except signing.SignatureExpired:
        raise InvitationError(INVITATION_EXPIRED) from None
    except signing.BadSignature:
        raise InvitationError(INVITATION_INVALID) from None
    if not isinstance(data, dict) or not isinstance(data.get("i"), int) or not isinstance(data.get("k"), str):
        raise InvitationError(INVITATION_INVALID)
    rows = Invitation.objects.select_related("user", "user__workspace")
    if for_update:
        rows = rows.select_for_update(of=("self",))
    invitation = rows.filter(pk=data["i"]).first()
    if invitation is None or not secrets.compare_digest(invitation.key_digest, _digest(data["k"])):
        raise InvitationError(INVITATION_INVALID)
    if invitation.used_at is not None:
        raise InvitationError(INVITATION_USED)
    if invitation.revoked_yn or not invitation.user.is_active:
        raise InvitationError(INVITATION_INVALID)
    if invitation.expires_at <= timeutils.now():
        raise InvitationError(INVITATION_EXPIRED)
    return invitation


def invitation_check(*, token: str) -> Invitation:
    """The invitation behind a link, if it still works (InvitationError with the reason)."""
    return _find(token)


@transaction.atomic
def invitation_accept(*, token: str, password: str) -> User:
    """Set the member's password through the link and spend the link."""
    invitation = _find(token, for_update=True)
    user = invitation.user
    if len(password) < 8:
        raise DjangoValidationError(PASSWORD_TOO_SHORT)
    validate_password(password, user=user)
    user.set_password(password)
    user.save(update_fields=["password"])
    invitation.used_at = timeutils.now()
    invitation.save(update_fields=["used_at"])
    return user


def send_invitation_email(*, user: User, invited_by: User, url: str) -> None:
    workspace = user.workspace.name if user.workspace_id else "Remote Office"
    name = invited_by.display_name or invited_by.full_name or invited_by.email
    hours = settings.INVITATION_MAX_AGE_HOURS
    body = (
        f"Hello {user.display_name or user.full_name or user.email},\n\n"
        f"{name} invited you to the {workspace} workspace on Remote Office.\n"
        f"Set your password here (the link works once, for {hours} hours):\n\n{url}\n\n"
        "Then sign in with your email address and that password.\n"
    )
    # Sent after commit: a rolled-back creation mails nobody.
    transaction.on_commit(
        lambda: send_mail(
            subject=f"You are invited to {workspace}",
            message=body,
            from_email=None,
            recipient_list=[user.email],
        )
    )


__all__ = [
    "INVITATION_EXPIRED",
    "INVITATION_INVALID",
    "INVITATION_USED",
    "InvitationError",
    "InvitationKind",
    "invitation_accept",
    "invitation_check",
    "invitation_create",
    "link",
    "send_invitation_email",
]
