"""The teammates strip, shared by a workspace: computed once, read by every member.

The strip of a 500-member workspace is the same for every member but for three things: which
rows the viewer pinned, which row is the viewer's own, and (invisible mode) the viewer's own
status, which only they see. So the rows as any other member sees them (`presence.member_rows`
with viewer None), already rendered for the API, are kept in the cache (Redis when configured)
and each call adds the viewer's part: one query for their pins, and their own row recomputed
only when they are invisible. Ordering is the strip's rule (`presence.sort_key`).

Freshness:
- Every write the strip shows (a status record, work shift or schedule saved or deleted; a member
  saved: profile, invisible mode, deactivation, a new member) bumps the workspace's generation
  after the transaction commits (apps/work/signals.py), and the key holds the generation, so the
  next read recomputes. A read that raced with the write (read the old rows before the commit,
  stored them after) stores them under the old generation, which nobody reads again.
- What changes with time alone (a record stops being current at the member's midnight, the next
  workday, the UTC offset) is recomputed at least every `STRIP_SECONDS`: the key holds the time
  bucket of the one clock (`timeutils.now()`, so tests that move the clock move the bucket).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from redis.exceptions import RedisError
from rest_framework.utils.encoders import JSONEncoder

from apps.accounts.models import TeammatePin
from apps.core import timeutils
from apps.core.plans import QueryPlan
from apps.work import presence

STRIP_SECONDS = 20
# What the cache raises when Redis is away (Django's RedisCache does not swallow errors).
CACHE_DOWN = (RedisError, OSError)
logger = logging.getLogger(__name__)

Render = Callable[[list[dict]], list[dict]]
Encode = Callable[[list[dict]], list]


def _generation_key(workspace_id: int) -> str:
    return f"teammates:generation:{workspace_id}"


def _bump(workspace_id: int) -> None:
    key = _generation_key(workspace_id)
    try:
        cache.add(key, 0, timeout=None)
        try:
            cache.incr(key)
        except ValueError:  # evicted between add and incr
            cache.set(key, 1, timeout=None)
    except CACHE_DOWN:
        # A write never fails because the cache is away; the strip it leaves is at most one time
        # bucket old when the cache comes back (its keys hold the bucket).
        _cache_down()
    else:
        _cache_up()


_down = False


def _cache_down() -> None:
    """One log line per outage (per process), not one per request."""
    global _down
    if not _down:
        _down = True
        logger.warning("teammates strip: the cache is unavailable; reads compute the strip until it is back")


def _cache_up() -> None:
    global _down
    if _down:
        _down = False
        logger.warning("teammates strip: the cache is back")


def forget(workspace_id: int | None) -> None:
    """The workspace's strip changed: the next read recomputes it (now and after commit)."""
    if workspace_id is None:
        return
    _bump(workspace_id)
    transaction.on_commit(lambda: _bump(workspace_id))


FILL_WAIT_SECONDS = 2.0


def _shared(key: str, compute: Callable[[], list[dict]], render: Encode) -> list:
    """The cached rows under `key`, computed by one caller at a time: when many readers miss at
    once (a new time bucket, a write), one computes and the others wait for its result (up to
    FILL_WAIT_SECONDS, then compute themselves) instead of all reading the workspace at once."""
    try:
        shared = _cached(key, compute, render)
    except CACHE_DOWN:
        _cache_down()
        return render(compute())  # the cache is away: every read computes, none fails
    _cache_up()
    return shared


def _cached(key: str, compute: Callable[[], list[dict]], render: Encode) -> list:
    shared = cache.get(key)
    if shared is not None:
        return shared
    lock = f"{key}:filling"
    deadline = time.monotonic() + FILL_WAIT_SECONDS
    while not cache.add(lock, 1, timeout=FILL_WAIT_SECONDS) and time.monotonic() < deadline:
        time.sleep(0.02)
        shared = cache.get(key)
        if shared is not None:
            return shared
    try:
        shared = render(compute())
        cache.set(key, shared, timeout=STRIP_SECONDS * 2)
    finally:
        cache.delete(lock)
    return shared


@dataclass(frozen=True, slots=True)
class Fragment:
    """One member's row, encoded once: the JSON object without `pinned_yn`, `is_self` and the
    closing brace, which each reader adds (the strip of 500 members is then a join of bytes,
    not 500 dicts encoded again for every call)."""

    user: int
    status: str
    display_name: str
    json: bytes


def _fragments(rows: list[dict]) -> list[Fragment]:
    fragments = []
    for row in rows:
        body = {key: value for key, value in row.items() if key not in ("pinned_yn", "is_self")}
        encoded = json.dumps(body, cls=JSONEncoder, ensure_ascii=False, separators=(",", ":"))
        fragments.append(Fragment(row["user"], row["status"], row["display_name"], encoded[:-1].encode()))
    return fragments


# The viewer's pins, the read's one query (apps/core/plans.py: built once per process).
_PINS = QueryPlan(
    lambda viewer_id: TeammatePin.objects.filter(viewer_id=viewer_id).values_list("teammate_id", flat=True),
    arity=1,
)


def body_for(*, viewer, origin: str, render: Render) -> bytes:
    """The strip as `viewer` sees it, ordered, as the JSON array the API answers. `render` turns
    presence rows into API rows; its output depends on `origin` (absolute avatar URLs), which is
    part of the cache key."""
    now = timeutils.now()

    def encode(rows: list[dict]) -> list[Fragment]:
        return _fragments(render(rows))

    if viewer.workspace_id is None:
        shared = encode(presence.member_rows(workspace_id=None, viewer=viewer, users=[viewer], now=now))
    else:
        try:
            generation = cache.get(_generation_key(viewer.workspace_id), 0)
        except CACHE_DOWN:
            generation = "down"  # _shared computes without the cache
        bucket = int(now.timestamp()) // STRIP_SECONDS
        key = f"teammates:strip:{viewer.workspace_id}:{generation}:{bucket}:{origin}"
        shared = _shared(
            key, lambda: presence.member_rows(workspace_id=viewer.workspace_id, viewer=None, now=now), encode
        )
    own = None
    if viewer.is_invisible:
        own = encode(presence.member_rows(workspace_id=None, viewer=viewer, users=[viewer], now=now))[0]
    pinned = set(_PINS.rows(viewer.pk))
    ordered = []
    for fragment in shared:
        is_self = fragment.user == viewer.pk
        if is_self and own is not None:
            fragment = own
        is_pinned = fragment.user in pinned
        key = presence.sort_key(
            is_self=is_self, pinned=is_pinned, status=fragment.status, display_name=fragment.display_name
        )
        ordered.append((key, fragment.json, FLAGS[is_pinned, is_self]))
    ordered.sort(key=lambda item: item[0])
    return b"[" + b",".join(json_ + flags for _, json_, flags in ordered) + b"]"


FLAGS = {
    (pinned, is_self): f',"pinned_yn":{str(pinned).lower()},"is_self":{str(is_self).lower()}}}'.encode()
    for pinned in (False, True)
    for is_self in (False, True)
}
