"""A browser that signed in to an account before carries a signed cookie saying so.

The sign-in lockout's account-wide limit never refuses such a device (services.sign_in). The
cookie is HttpOnly (the SPA cannot read or forge it), signed with SECRET_KEY, holds keyed hashes
of at most MAX_ACCOUNTS_PER_DEVICE account emails (never the emails) and is sent only to the
accounts API.
"""

from django.conf import settings
from django.core import signing
from django.utils.crypto import salted_hmac

DEVICE_COOKIE = "ro_device"
DEVICE_COOKIE_PATH = "/api/accounts/"
DEVICE_COOKIE_MAX_AGE = 365 * 24 * 3600
MAX_ACCOUNTS_PER_DEVICE = 5
_SALT = "apps.accounts.devices"


def _account_tag(email: str) -> str:
    return salted_hmac(_SALT, email.strip().lower()).hexdigest()[:32]


def _vouched_tags(request) -> list[str]:
    value = request.COOKIES.get(DEVICE_COOKIE)
    if not value:
        return []
    try:
        tags = signing.loads(value, salt=_SALT, max_age=DEVICE_COOKIE_MAX_AGE)
    except signing.BadSignature:
        return []
    return [tag for tag in tags if isinstance(tag, str)] if isinstance(tags, list) else []


def is_known_device(request, email: str) -> bool:
    """This browser signed in to `email`'s account before."""
    return _account_tag(email) in _vouched_tags(request)


def remember_device(response, request, email: str) -> None:
    tag = _account_tag(email)
    tags = [tag, *(other for other in _vouched_tags(request) if other != tag)][:MAX_ACCOUNTS_PER_DEVICE]
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps(tags, salt=_SALT),
        max_age=DEVICE_COOKIE_MAX_AGE,
        path=DEVICE_COOKIE_PATH,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Strict",
    )
