"""Core's background job (config/celery.py runs it on beat, or in-process on the embedded default)."""

from __future__ import annotations

from celery import shared_task

from apps.core import idempotency
from apps.core.locks import job_lock


@shared_task(acks_late=True, soft_time_limit=60, time_limit=90)
def purge_idempotency_keys() -> int:
    """Delete the idempotency keys past their expiry (docs/offline.md); how many."""
    with job_lock("purge-idempotency-keys", seconds=120) as held:
        if not held:
            return 0
        return idempotency.purge_expired()
