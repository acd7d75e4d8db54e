"""One run at a time per job key ("no double runs"): an atomic `cache.add` (Redis SET NX with
an expiry when REDIS_URL is set, the process-local cache on the embedded default, which is one
process). The expiry outlives the task's hard time limit, so a crashed run frees the key."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache import cache

LOCK_SECONDS = 180


@contextmanager
def job_lock(key: str, *, seconds: int = LOCK_SECONDS) -> Iterator[bool]:
    """Yields True when this caller holds the lock, False when another run holds it."""
    name, token = f"job-lock:{key}", uuid.uuid4().hex
    held = cache.add(name, token, timeout=seconds)
    try:
        yield held
    finally:
        if held and cache.get(name) == token:
            cache.delete(name)
