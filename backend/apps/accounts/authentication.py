import datetime as dt

from django.conf import settings
from rest_framework import authentication, exceptions

from apps.accounts import token_cache
from apps.accounts.models import AuthToken, token_digest
from apps.core import timeutils

# A token's last use is written at most this often: not a write on every request.
TOKEN_TOUCH_MINUTES = 5
MAX_TOKEN_KEY_LENGTH = 128


def active_token(key: str) -> AuthToken | None:
    """The token with this key, if its user may still sign in, it was used in the last
    TOKEN_IDLE_DAYS (each use slides that window) and issued less than TOKEN_MAX_AGE_DAYS ago.
    One lookup for HTTP and websocket auth: the token cache first (apps/accounts/token_cache.py),
    the database on a miss."""
    if not key or len(key) > MAX_TOKEN_KEY_LENGTH:
        return None
    digest = token_digest(key)
    token = token_cache.get(digest)
    cached = token is not None
    if token is None:
        epoch = token_cache.epoch()  # before the rows: a revocation after it wins
        token = AuthToken.objects.select_related("user", "user__workspace").filter(digest=digest).first()
        if token is None:
            return None
    if not token.user.is_active:
        return None
    now = timeutils.now()
    verdict = token_verdict(token.created_at, token.last_used_at, now)
    if verdict == EXPIRED:
        token.delete()
        return None
    if verdict == TOUCH:
        if not AuthToken.objects.filter(pk=token.pk).update(last_used_at=now):
            return None  # deleted since the snapshot was taken
        token.last_used_at = now
        if cached:
            token_cache.drop(digest)  # the next request reads the new last use
    elif not cached:
        token_cache.put(token, epoch=epoch)
    token.key = key
    return token


FRESH, TOUCH, EXPIRED = "fresh", "touch", "expired"


def token_verdict(created_at: dt.datetime, last_used_at: dt.datetime, now: dt.datetime) -> str:
    """EXPIRED: idle for TOKEN_IDLE_DAYS or issued TOKEN_MAX_AGE_DAYS ago however much it is used,
    delete it; TOUCH: record this use; FRESH: nothing to do. The one rule for HTTP
    (`active_token`) and the websocket's async lookup."""
    if last_used_at < now - dt.timedelta(days=settings.TOKEN_IDLE_DAYS):
        return EXPIRED
    if created_at < now - dt.timedelta(days=settings.TOKEN_MAX_AGE_DAYS):
        return EXPIRED
    if last_used_at < now - dt.timedelta(minutes=TOKEN_TOUCH_MINUTES):
        return TOUCH
    return FRESH


class TokenAuthentication(authentication.TokenAuthentication):
    """`Authorization: Token <key>` against our multi-device AuthToken table."""

    model = AuthToken

    def authenticate_credentials(self, key):
        token = active_token(key)
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        return token.user, token
