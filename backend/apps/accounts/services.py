from __future__ import annotations

import contextlib
import hashlib

from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction

from apps.accounts import events, two_factor
from apps.accounts.members import is_workspace_admin
from apps.accounts.models import AuthToken, User, WorkspaceSso
from apps.realtime.events import revoke_sockets

SIGN_IN_FAILED = "Username and password does not match!"


class SignInError(Exception):
    pass


KNOWN_CLIENT_SECONDS = 90 * 24 * 3600


def _attempt_keys(email: str, client: str, *, known_device: bool = False) -> tuple[str, str]:
    account = hashlib.sha256(email.encode()).hexdigest()
    # A browser the account trusts counts its failures apart from the rest of its address: the
    # others behind the same office NAT or VPN exit cannot use up its attempts.
    scope = f"{email}|{client}|device" if known_device else f"{email}|{client}"
    pair = hashlib.sha256(scope.encode()).hexdigest()
    return f"sign-in-attempts:{pair}", f"sign-in-attempts:{account}"


def _known_client_key(email: str, client: str) -> str:
    return "sign-in-known:" + hashlib.sha256(f"{email}|{client}".encode()).hexdigest()


def _count_attempt(key: str) -> int:
    cache.add(key, 0, timeout=settings.SIGN_IN_LOCKOUT_SECONDS)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=settings.SIGN_IN_LOCKOUT_SECONDS)
        return 1


@transaction.atomic
def sign_in(
    *, email: str, password: str, client: str = "", known_device: bool = False, user_agent: str = ""
) -> AuthToken:
    """Check the pair and issue a token for this device (no second factor asked: the views ask
    it, apps/accounts/two_factor.py)."""
    user = check_sign_in(email=email, password=password, client=client, known_device=known_device)
    return issue_token(user=user, client=client, user_agent=user_agent)


def check_sign_in(*, email: str, password: str, client: str = "", known_device: bool = False) -> User:
    """Check the pair: the user, or SignInError.

    Every attempt is counted before the password is hashed, atomically, so parallel guesses
    cannot slip past the limits:
    - each client (address) gets SIGN_IN_MAX_FAILURES attempts at an account per lockout period;
      a browser whose device cookie vouches for the account has its own count at that address,
      so failures from others sharing the address (office NAT, VPN exit) never lock it out;
    - the account gets SIGN_IN_ACCOUNT_MAX_FAILURES from all *unknown* clients together. A known
      client (a browser whose signed device cookie vouches for this account, `known_device`, or
      an address this account signed in from before) is never counted against, nor refused by,
      the account-wide limit: failures from anywhere cannot lock the owner out.
    A success wipes the client's count and gives the account its attempt back. A refused
    attempt reads like a wrong pair.
    """
    email = email.strip().lower()
    client_key, account_key = _attempt_keys(email, client, known_device=known_device)
    known = known_device or cache.get(_known_client_key(email, client)) is not None
    if _count_attempt(client_key) > settings.SIGN_IN_MAX_FAILURES:
        raise SignInError(SIGN_IN_FAILED)
    # Checked after the client's own limit: a locked client's retries do not use up the
    # account-wide budget.
    if not known and _count_attempt(account_key) > settings.SIGN_IN_ACCOUNT_MAX_FAILURES:
        raise SignInError(SIGN_IN_FAILED)
    user = authenticate(username=email, password=password)
    if user is None:
        raise SignInError(SIGN_IN_FAILED)
    cache.delete(client_key)
    if not known:
        with contextlib.suppress(ValueError):  # expired meanwhile
            cache.decr(account_key)
    cache.set(_known_client_key(email, client), 1, timeout=KNOWN_CLIENT_SECONDS)
    # Told only to whom knows the password: the workspace signs its members in with its provider.
    provider = password_sign_in_refused_by(user)
    if provider:
        raise SignInError(PASSWORD_SIGN_IN_OFF.format(provider=provider))
    return user


PASSWORD_SIGN_IN_OFF = "Your workspace signs in with {provider}: use 'Continue with {provider}'."


def password_sign_in_refused_by(user: User) -> str:
    """The provider's name when the user's workspace turned password sign-in off for them, else "".
    Admins always keep their password (docs/security.md): a broken provider never locks the
    workspace out."""
    if not user.workspace_id or is_workspace_admin(user):
        return ""
    sso = WorkspaceSso.objects.filter(workspace_id=user.workspace_id, enabled_yn=True).first()
    if sso is None or sso.password_sign_in_yn:
        return ""
    return sso.provider_name


@transaction.atomic
def issue_token(*, user: User, client: str = "", user_agent: str = "") -> AuthToken:
    """A new token (a signed-in device) for a user whose sign-in is complete: the end of every
    sign-in (password, with its second factor when there is one, or single sign-on)."""
    token = AuthToken.objects.create(user=user, user_agent=user_agent[:255], address=client[:45])
    # The members panel's "last active" counts sign-ins too.
    User.objects.filter(pk=user.pk).update(last_login=token.created_at)
    events.publish_user_login(user=user)
    return token


@transaction.atomic
def sign_out(*, token: AuthToken) -> None:
    revoke_sockets(token_digests=[token.digest])
    token.delete()


@transaction.atomic
def sign_out_everywhere(*, user: User) -> int:
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    events.publish_user_logout(user=user)
    revoke_sockets(user_ids=[user.pk])
    return deleted


CURRENT_PASSWORD_WRONG = "The current password is not correct."
PASSWORD_CHANGED_DETAIL = "Password changed. Your other devices are signed out."


@transaction.atomic
def password_change(*, token: AuthToken, current_password: str, new_password: str) -> int:
    """The signed-in owner sets a new password: the current one is required, Django's validators
    apply, every other session (token and its sockets) ends, and the owner gets an email saying
    so (an attacker who changed it cannot hide that). Returns how many devices were signed out."""
    user = token.user
    if not user.check_password(current_password):
        raise ValidationError({"current_password": [CURRENT_PASSWORD_WRONG]})
    return set_new_password(
        user=user,
        new_password=new_password,
        keep=token,
        subject="Your Remote Office password was changed",
        what_happened=(
            "The password of your Remote Office account was just changed, and every other device\n"
            "signed in to it was signed out."
        ),
    )


def set_new_password(
    *, user: User, new_password: str, keep: AuthToken | None, subject: str, what_happened: str
) -> int:
    """The one way an owner's new password is set (changed while signed in, or through a
    'Forgot password?' link): Django's validators apply, every session but `keep` ends (their
    sockets close after commit), and the owner gets an email saying what happened (an attacker
    who set it cannot hide that). Returns how many devices were signed out."""
    try:
        validate_password(new_password, user=user)
    except ValidationError as error:
        raise ValidationError({"new_password": error.messages}) from None
    user.set_password(new_password)
    user.save(update_fields=["password"])
    ended = AuthToken.objects.filter(user=user)
    if keep is not None:
        ended = ended.exclude(digest=keep.digest)
    digests = list(ended.values_list("digest", flat=True))
    ended.delete()
    if keep is None:
        revoke_sockets(user_ids=[user.pk])
    else:
        revoke_sockets(token_digests=digests)
    name = user.display_name or user.full_name or user.email
    message = (
        f"Hello {name},\n\n{what_happened}\n\n"
        "If this was not you, ask your workspace admin for a set-password link at once.\n"
    )
    transaction.on_commit(
        lambda: send_mail(subject=subject, message=message, from_email=None, recipient_list=[user.email])
    )
    return len(digests)


def sessions_end(*, user: User) -> None:
    """Delete every token of the user and close their open sockets after commit."""
    AuthToken.objects.filter(user=user).delete()
    revoke_sockets(user_ids=[user.pk])


@transaction.atomic
def user_deactivate(*, user: User) -> User:
    """The user can no longer sign in; their sessions and sockets end at once.

    The work happens in the User post_save hook (apps/accounts/signals.py), so that a plain
    `user.is_active = False; user.save()` does the same."""
    user.is_active = False
    user.save(update_fields=["is_active"])
    return user


@transaction.atomic
def user_reactivate(*, user: User) -> User:
    """The user may sign in again; tokens from before the deactivation stay deleted."""
    user.is_active = True
    user.save(update_fields=["is_active"])
    return user


PROFILE_FIELDS = (
    "full_name",
    "display_name",
    "timezone",
    "country",
    "city",
    "what_i_do",
    # Preferences (docs/calendar.md)
    "first_day_of_week",
    "clock_format",
    "duration_format",
    "keyboard_shortcuts_yn",
)


@transaction.atomic
def profile_update(*, user: User, data: dict) -> User:
    """Change the caller's own profile; `avatar` None removes the photo, a file replaces it."""
    changed = [name for name in PROFILE_FIELDS if name in data and data[name] != getattr(user, name)]
    for name in changed:
        setattr(user, name, data[name])
    old_avatar = user.avatar.name if user.avatar else ""
    if "avatar" in data:
        upload = data["avatar"]
        if upload is None:
            user.avatar = None
        else:
            user.avatar.save(f"avatar.{upload.image_extension}", upload, save=False)
        changed.append("avatar")
    if not changed:
        return user
    user.save(update_fields=changed)
    if old_avatar and "avatar" in changed:
        storage = user.avatar.storage
        transaction.on_commit(lambda: storage.delete(old_avatar))
    events.publish_user_updated(user=user)
    events.publish_teammate_updated(user=user)
    return user


GUARDIAN_SETTINGS = (
    "guardian_policy",
    "guardian_overrun_minutes",
    "guardian_quiet_minutes",
    "guardian_answer_minutes",
)


@transaction.atomic
def workspace_settings_update(*, workspace, data: dict, admin=None):
    """The workspace's defaults (an admin's call): the first day of the week (docs/calendar.md),
    the closing period and its rules (docs/closing.md), the two-factor requirement (docs/security.md).
    Members read it with their profile (`workspace_first_day_of_week`) on their next load."""
    if "first_day_of_week" in data and data["first_day_of_week"] != workspace.first_day_of_week:
        workspace.first_day_of_week = data["first_day_of_week"]
        workspace.save(update_fields=["first_day_of_week", "updated_at"])
    if "closing_period" in data and data["closing_period"] != workspace.closing_period:
        workspace.closing_period = data["closing_period"]  # periods made from now on (docs/closing.md)
        workspace.save(update_fields=["closing_period", "updated_at"])
    # The closing rules (docs/closing.md "Reminders and automatic submit"), read by the hourly job.
    rules = [name for name in ("auto_submit_after_days", "approval_reminder_days") if name in data]
    if any(data[name] != getattr(workspace, name) for name in rules):
        for name in rules:
            setattr(workspace, name, data[name])
        workspace.save(update_fields=[*rules, "updated_at"])
    if "require_two_factor" in data and data["require_two_factor"] != workspace.require_two_factor:
        _require_two_factor(workspace=workspace, admin=admin, required=data["require_two_factor"])
    if "presence_idle_minutes" in data and data["presence_idle_minutes"] != workspace.presence_idle_minutes:
        workspace.presence_idle_minutes = data["presence_idle_minutes"]  # docs/presence.md
        workspace.save(update_fields=["presence_idle_minutes", "updated_at"])
    # The shift guardian (docs/guardian.md), read by its job on its next run.
    guardian = [name for name in GUARDIAN_SETTINGS if name in data and data[name] != getattr(workspace, name)]
    if guardian:
        for name in guardian:
            setattr(workspace, name, data[name])
        workspace.save(update_fields=[*guardian, "updated_at"])
    return workspace


TWO_FACTOR_ADMIN_FIRST = "Set up two-factor sign-in for yourself first (Manage account > Edit Profile)."


def _require_two_factor(*, workspace, admin, required: bool) -> None:
    """Turning the requirement on signs out every member without two-factor sign-in (their tokens
    deleted, sockets closed after commit): their next sign-in asks them to set it up before any
    token is issued. The admin who turns it on must have it already (no lock-out of oneself)."""
    if required and admin is not None and not two_factor.is_enrolled(admin):
        raise ValidationError({"require_two_factor": [TWO_FACTOR_ADMIN_FIRST]})
    workspace.require_two_factor = required
    workspace.save(update_fields=["require_two_factor", "updated_at"])
    if not required:
        return
    unenrolled = list(
        User.objects.filter(workspace=workspace)
        .exclude(pk__in=two_factor.enrolled_users())
        .values_list("pk", flat=True)
    )
    AuthToken.objects.filter(user_id__in=unenrolled).delete()
    if unenrolled:
        revoke_sockets(user_ids=unenrolled)
