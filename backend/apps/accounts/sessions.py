"""The member's signed-in devices (docs/security.md, "Sessions").

A session is one AuthToken: the browser it signed in from (its User-Agent, read with ua-parser),
the address it was last used from and when (both recorded at most every TOKEN_TOUCH_MINUTES,
apps/accounts/authentication.py, never a write per request). Its public id is a keyed hash of the
token's digest: the digest is the lookup key of the token table, so it never leaves the server.
Signing a session out deletes its token and closes its sockets after commit, as sign-out does.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils.crypto import salted_hmac
from ua_parser import parse_os, parse_user_agent

from apps.accounts.models import AuthToken, User
from apps.core import timeutils
from apps.realtime.events import revoke_sockets

_SALT = "apps.accounts.sessions"
SESSION_ID_LENGTH = 24
# More devices than anyone signs in from at once (each sign-in is one; idle ones die after
# TOKEN_IDLE_DAYS): the list is bounded.
LIST_CAP = 100
UNKNOWN_BROWSER = "Unknown browser"


def session_id(digest: str) -> str:
    return salted_hmac(_SALT, digest).hexdigest()[:SESSION_ID_LENGTH]


def browser_name(user_agent: str) -> str:
    """'Firefox 128 on Ubuntu', 'Mobile Safari 17 on iOS', or UNKNOWN_BROWSER."""
    if not user_agent:
        return UNKNOWN_BROWSER
    agent = parse_user_agent(user_agent)
    system = parse_os(user_agent)
    if agent is None or agent.family == "Other":
        name = UNKNOWN_BROWSER
    else:
        name = f"{agent.family} {agent.major}" if agent.major else agent.family
    if system is not None and system.family != "Other":
        name += f" on {system.family}"
    return name


@dataclass(frozen=True)
class Session:
    id: str
    browser: str
    address: str
    signed_in_at: dt.datetime
    last_used_at: dt.datetime
    current: bool


def _live(user: User):
    """The user's tokens that still work (apps/accounts/authentication.py `token_verdict`)."""
    now = timeutils.now()
    return AuthToken.objects.filter(
        user=user,
        last_used_at__gte=now - dt.timedelta(days=settings.TOKEN_IDLE_DAYS),
        created_at__gte=now - dt.timedelta(days=settings.TOKEN_MAX_AGE_DAYS),
    )


def user_sessions(*, user: User, current: AuthToken) -> list[Session]:
    """The user's signed-in devices, this one first, then the most recently used. One query."""
    tokens = _live(user).only("digest", "user_agent", "address", "created_at", "last_used_at")
    rows = [
        Session(
            id=session_id(token.digest),
            browser=browser_name(token.user_agent),
            address=token.address,
            signed_in_at=token.created_at,
            last_used_at=token.last_used_at,
            current=token.digest == current.digest,
        )
        for token in tokens.order_by("-last_used_at", "-created_at")[:LIST_CAP]
    ]
    return sorted(rows, key=lambda row: not row.current)


class SessionNotFound(Exception):
    pass


def _digest_of(user: User, public_id: str) -> str:
    """The digest of the user's token with this public id (another user's: not found)."""
    if len(public_id) != SESSION_ID_LENGTH:
        raise SessionNotFound
    for digest in AuthToken.objects.filter(user=user).values_list("digest", flat=True):
        if session_id(digest) == public_id:
            return digest
    raise SessionNotFound


@transaction.atomic
def session_sign_out(*, user: User, public_id: str) -> None:
    """Sign one of the user's devices out: its token goes, its sockets close after commit.
    SessionNotFound when the user has no such session (gone already, or not theirs)."""
    digest = _digest_of(user, public_id)
    AuthToken.objects.filter(user=user, digest=digest).delete()
    revoke_sockets(token_digests=[digest])


@transaction.atomic
def sessions_sign_out_others(*, token: AuthToken) -> int:
    """Sign every device of the token's user out but this one; how many were signed out."""
    others = AuthToken.objects.filter(user_id=token.user_id).exclude(digest=token.digest)
    digests = list(others.values_list("digest", flat=True))
    others.delete()
    revoke_sockets(token_digests=digests)
    return len(digests)
