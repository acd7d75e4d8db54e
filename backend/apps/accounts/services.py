from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.cache import cache
from django.db import transaction

from apps.accounts.models import AuthToken, User
from apps.realtime.events import Event, build_message, publish

SIGN_IN_FAILED = "Username and password does not match!"


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
