"""Idempotent writes (issue 33, docs/offline.md): a client that could not tell whether a write
arrived (no answer: offline, a dropped connection) sends it again with the same `Idempotency-Key`
header, and the write takes effect once.

`@idempotent` marks a view's writes: on an `@api_view` function (placed above `@api_view`, below
`@extend_schema`) it wraps the view's POST / PUT / PATCH / DELETE handlers; on a view class's
handler method it wraps that method. A request without the header is served as before. With it:

- the key is the caller's (a row per user and key); the first request runs the view inside one
  transaction with the key's row, and a successful (2xx) answer is stored with the row;
- the same key again, with the same method, path and body, answers the stored answer (status and
  body) without running the view, plus `Idempotent-Replayed: true`;
- the same key with another method, path or body: 422 (`KEY_REUSED`), nothing done;
- a request sent while the first with its key is still running waits for it (the key's row is
  inserted first: PostgreSQL's unique index holds the second insert until the first commits);
- a refusal (4xx) is not stored: its transaction rolls back with the key's row, so the same key
  can be sent again once the reason is gone (the SPA shows a refusal instead of resending it).

Rows live `IDEMPOTENCY_KEEP_HOURS`; `apps.core.tasks.purge_idempotency_keys` deletes expired
ones (beat). The schema documents the header and the 422 on every marked operation
(apps/core/schema.py)."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
import re

from django.conf import settings
from django.db import transaction
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core import timeutils
from apps.core.models import IdempotentRequest

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
UNSAFE = ("post", "put", "patch", "delete")
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")
BAD_KEY = "Idempotency-Key: 8 to 64 letters, digits, '-' or '_' (a UUID fits)."
KEY_REUSED = "This Idempotency-Key was already used for a different request."


class KeyReused(APIException):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "idempotency_key_reused"
    default_detail = KEY_REUSED


def _fingerprint(request: Request) -> str:
    data = request.data
    if hasattr(data, "lists"):  # a QueryDict (form bodies, or none)
        data = {name: values for name, values in data.lists()}
    body = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{request.method} {request.path}\n{body}".encode()).hexdigest()


def _answered(request: Request, handler, args, kwargs) -> Response:
    key = request.headers.get(HEADER)
    if key is None or not request.user.is_authenticated:
        return handler(*args, **kwargs)
    if not KEY_PATTERN.fullmatch(key):
        raise ValidationError({HEADER: [BAD_KEY]})
    fingerprint = _fingerprint(request)
    now = timeutils.now()
    with transaction.atomic():
        IdempotentRequest.objects.bulk_create(
            [
                IdempotentRequest(
                    user=request.user,
                    key=key,
                    fingerprint=fingerprint,
                    created_at=now,
                    expires_at=now + dt.timedelta(hours=settings.IDEMPOTENCY_KEEP_HOURS),
                )
            ],
            ignore_conflicts=True,
        )
        row = IdempotentRequest.objects.select_for_update().get(user=request.user, key=key)
        if row.fingerprint != fingerprint:
            raise KeyReused()
        if row.status_code is not None:
            return Response(row.body, status=row.status_code, headers={REPLAYED_HEADER: "true"})
        response = handler(*args, **kwargs)
        if status.is_success(response.status_code):
            row.status_code = response.status_code
            row.body = response.data
            row.save(update_fields=["status_code", "body"])
        else:
            row.delete()
        return response


def _wrap(handler):
    @functools.wraps(handler)
    def idempotent_handler(self, request: Request, *args, **kwargs):
        return _answered(request, handler, (self, request, *args), kwargs)

    idempotent_handler.idempotent = True
    return idempotent_handler


def idempotent(view):
    """Mark a view's writes idempotent (module docstring)."""
    if hasattr(view, "cls"):  # made by @api_view: its handlers are methods of `view.cls`
        for name in UNSAFE:
            handler = getattr(view.cls, name, None)
            if handler is not None:
                setattr(view.cls, name, _wrap(handler))
        return view
    return _wrap(view)


def purge_expired() -> int:
    """Delete the keys past their expiry; how many."""
    deleted, _ = IdempotentRequest.objects.filter(expires_at__lte=timeutils.now()).delete()
    return deleted
