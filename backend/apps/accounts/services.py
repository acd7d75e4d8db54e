from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction

from apps.accounts.models import AuthToken, TeammatePin, User
from apps.realtime.events import Event, build_message, publish

SIGN_IN_FAILED = "Username and password does not match!"
CANNOT_PIN_SELF = "You are always first in your own strip."


class SignInError(Exception):
    pass


def _failure_key(email: str) -> str:
    return "sign-in-failures:" + hashlib.sha256(email.lower().encode()).hexdigest()


def _is_locked(email: str) -> bool:
    return cache.get(_failure_key(email), 0) >= settings.SIGN_IN_MAX_FAILURES


def _record_failure(email: str) -> None:
    key = _failure_key(email)
    if cache.add(key, 1, timeout=settings.SIGN_IN_LOCKOUT_SECONDS):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=settings.SIGN_IN_LOCKOUT_SECONDS)


@transaction.atomic
def sign_in(*, email: str, password: str, user_agent: str = "") -> AuthToken:
    """Check the pair and issue a token for this device.

    After SIGN_IN_MAX_FAILURES wrong passwords an account is locked for SIGN_IN_LOCKOUT_SECONDS,
    whatever address the attempts come from; the answer does not tell a lock from a wrong pair.
    """
    email = email.strip().lower()
    if _is_locked(email):
        raise SignInError(SIGN_IN_FAILED)
    user = authenticate(username=email, password=password)
    if user is None:
        _record_failure(email)
        raise SignInError(SIGN_IN_FAILED)
    cache.delete(_failure_key(email))
    token = AuthToken.objects.create(user=user, user_agent=user_agent[:255])
    publish(build_message(Event.USER_LOGIN, email=user.email), user_ids=[user.pk])
    return token


def sign_out(*, token: AuthToken) -> None:
    token.delete()


@transaction.atomic
def sign_out_everywhere(*, user: User) -> int:
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    publish(build_message(Event.USER_LOGOUT, email=user.email), user_ids=[user.pk])
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
    publish(
        build_message(Event.USER_UPDATED, table_name="user", resource_id=user.pk, email=user.email),
        user_ids=[user.pk],
    )
    if user.workspace_id:
        publish(
            build_message(Event.TEAMMATE_UPDATED, table_name="user", resource_id=user.pk, email=user.email),
            workspace_ids=[user.workspace_id],
        )
    return user


@transaction.atomic
def teammate_pin(*, viewer: User, teammate: User) -> TeammatePin:
    if viewer.pk == teammate.pk:
        raise ValidationError({"user": [CANNOT_PIN_SELF]})
    pin, _ = TeammatePin.objects.get_or_create(viewer=viewer, teammate=teammate)
    return pin


@transaction.atomic
def teammate_unpin(*, viewer: User, teammate: User) -> None:
    TeammatePin.objects.filter(viewer=viewer, teammate=teammate).delete()
