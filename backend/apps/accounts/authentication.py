import datetime as dt

from django.conf import settings
from rest_framework import authentication, exceptions

from apps.accounts.models import AuthToken, token_digest
from apps.core import readstamps, timeutils
from apps.core.clients import client_address

# A token's last use is written at most this often: not a write on every request.
TOKEN_TOUCH_MINUTES = 5
MAX_TOKEN_KEY_LENGTH = 128

# Per process: a token with its user and workspace, about 2 KB pickled.
TOKENS = readstamps.Copies("token", prefixes=("t:",), max_bytes=16 << 20)


def token_key(digest: str) -> str:
    """The read stamp of a token's row, its user's and its workspace's (accounts' migration 0007):
    128 bits of the digest (a stamp key holds 64 characters; two tokens sharing one would only
    renew each other)."""
    return f"t:{digest[:32]}"


def _token_rows(digest: str) -> tuple[AuthToken, ...]:
    return tuple(AuthToken.objects.select_related("user", "user__workspace").filter(digest=digest)[:1])


def active_token(key: str, *, address: str = "") -> AuthToken | None:
    """The token with this key, if its user may still sign in, it was used in the last
    TOKEN_IDLE_DAYS (each use slides that window) and issued less than TOKEN_MAX_AGE_DAYS ago.
    One lookup for HTTP and websocket auth, kept per process under the token's read stamp like
    every kept read (apps/core/readstamps.py): a request while nothing changed is the stamp
    lookup; a sign-out, a deactivation, a profile or workspace change renews the stamp when it
    commits, and the next request reads the rows. A use is recorded (`last_used_at`, and the
    client `address` when given: the sessions list) at most every TOKEN_TOUCH_MINUTES per token."""
    if not key or len(key) > MAX_TOKEN_KEY_LENGTH:
        return None
    digest = token_digest(key)
    found = readstamps.kept(TOKENS, (token_key(digest),), (digest,), lambda: _token_rows(digest))
    if not found:
        return None
    token = found[0]
    if not token.user.is_active:
        return None
    now = timeutils.now()
    verdict = token_verdict(token.created_at, token.last_used_at, now)
    if verdict == EXPIRED:
        token.delete()
        return None
    if verdict == TOUCH:
        used = {"last_used_at": now, **({"address": address[:45]} if address else {})}
        if not AuthToken.objects.filter(pk=token.pk).update(**used):
            return None  # deleted since the copy was made
        for name, value in used.items():
            setattr(token, name, value)
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
    address = ""

    def authenticate(self, request):
        # DRF makes the authenticators per request: the address is this request's.
        self.address = client_address(request.META)
        return super().authenticate(request)

    def authenticate_credentials(self, key):
        token = active_token(key, address=self.address)
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        return token.user, token
