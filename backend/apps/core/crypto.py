"""Secrets at rest: Fernet (AES-128-CBC + HMAC-SHA256, `cryptography`) with a key from
`settings.FIELD_ENCRYPTION_KEY`, or derived from SECRET_KEY when that is not set
(docs/integrations.md, "Credentials"). Rotating SECRET_KEY without FIELD_ENCRYPTION_KEY makes
stored secrets unreadable: they read as absent and the user enters them again."""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings


@lru_cache(maxsize=4)
def _fernet(key_material: str) -> Fernet:
    try:
        return Fernet(key_material.encode())
    except ValueError:
        digest = hashlib.sha256(b"remote-office field encryption:" + key_material.encode()).digest()
        return Fernet(base64.urlsafe_b64encode(digest))


def _current() -> Fernet:
    return _fernet(getattr(settings, "FIELD_ENCRYPTION_KEY", "") or settings.SECRET_KEY)


def encrypt(plain: str) -> str:
    return _current().encrypt(plain.encode()).decode()


def decrypt(token: str) -> str | None:
    """The plain text, or None when the token was made with another key or was tampered with."""
    try:
        return _current().decrypt(token.encode()).decode()
    except (InvalidToken, ValueError):
        return None
