from __future__ import annotations

import contextlib
import hashlib

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.cache import cache
from django.db import transaction

from apps.accounts import events
from apps.accounts.models import AuthToken, User
from apps.realtime.events import revoke_sockets

SIGN_IN_FAILED = "Username and password does not match!"


class SignInError(Exception):
    pass


def _attempt_keys(email: str, client: str) -> list[tuple[str, int]]:
    account = hashlib.sha256(email.encode()).hexdigest()
    pair = hashlib.sha256(f"{email}|{client}".encode()).hexdigest()
    return [
        (f"sign-in-attempts:{pair}", settings.SIGN_IN_MAX_FAILURES),
        (f"sign-in-attempts:{account}", settings.SIGN_IN_ACCOUNT_MAX_FAILURES),
    ]


def _count_attempt(key: str) -> int:
    cache.add(key, 0, timeout=settings.SIGN_IN_LOCKOUT_SECONDS)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=settings.SIGN_IN_LOCKOUT_SECONDS)
        return 1


@transaction.atomic
def sign_in(*, email: str, password: str, client: str = "", user_agent: str = "") -> AuthToken:
    """Check the pair and issue a token for this device.

    Every attempt is counted before the password is hashed, atomically, so parallel guesses
    cannot slip past the limit. A client gets SIGN_IN_MAX_FAILURES attempts at an account per
    lockout period, and the account SIGN_IN_ACCOUNT_MAX_FAILURES from all clients together (so
    one attacker cannot lock a person out with a handful of requests). A success resets the
    client's count and returns the attempt to the account. A locked answer reads like a wrong pair.
    """
    email = email.strip().lower()
    keys = _attempt_keys(email, client)
    # any() stops at the first exceeded limit: a locked client's retries do not use up the
    # account-wide budget that other clients (the real person) still need.
    if any(_count_attempt(key) > limit for key, limit in keys):
        raise SignInError(SIGN_IN_FAILED)
    user = authenticate(username=email, password=password)
    if user is None:
        raise SignInError(SIGN_IN_FAILED)
    # Only failures count: the client's slate is wiped and the account gets its attempt back.
    cache.delete(keys[0][0])
    with contextlib.suppress(ValueError):  # expired meanwhile
        cache.decr(keys[1][0])
    token = AuthToken.objects.create(user=user, user_agent=user_agent[:255])
    events.publish_user_login(user=user)
    return token


@transaction.atomic
def sign_out(*, token: AuthToken) -> None:
    revoke_sockets(token_keys=[token.key])
    token.delete()


@transaction.atomic
def sign_out_everywhere(*, user: User) -> int:
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    events.publish_user_logout(user=user)
    revoke_sockets(user_ids=[user.pk])
    return deleted


PROFILE_FIELDS = ("full_name", "display_name", "timezone", "country", "city", "what_i_do")


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
