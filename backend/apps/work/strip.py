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
  A generation starts at a random number, so after the cache is flushed or Redis restarts it
  never repeats one a key was made with.
- Each process also keeps the last strips it read (`LOCAL_STRIPS`, by the same key): a key names
  one workspace, generation, time bucket and origin, and what is stored under it never changes,
  so a copy is as fresh as the cache. A read then costs one small GET (the generation), not the
  500-row strip from Redis (about 200 KB) unpickled again.
- What changes with time alone (a record stops being current at the member's midnight, the next
  workday, the UTC offset) is recomputed at least every `STRIP_SECONDS`: the key holds the time
  bucket of the one clock (`timeutils.now()`, so tests that move the clock move the bucket).
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from redis.exceptions import RedisError
from rest_framework.utils.encoders import JSONEncoder

from apps.accounts.models import TeammatePin
from apps.core import timeutils
from apps.work import presence

STRIP_SECONDS = 20
# What the cache raises when Redis is away (Django's RedisCache does not swallow errors).
CACHE_DOWN = (RedisError, OSError)
logger = logging.getLogger(__name__)

Render = Callable[[list[dict]], list[dict]]
Encode = Callable[[list[dict]], list]


def _generation_key(workspace_id: int) -> str:
    return f"teammates:generation:{workspace_id}"


def _fresh_generation() -> int:
    return secrets.randbelow(2**62)


def _generation(workspace_id: int) -> int:
    key = _generation_key(workspace_id)
    value = cache.get(key)
    if value is None:  # nothing written since the cache was (re)started
        cache.add(key, _fresh_generation(), timeout=None)
        value = cache.get(key)
    return value


def _bump(workspace_id: int) -> None:
    key = _generation_key(workspace_id)
    try:
        cache.add(key, _fresh_generation(), timeout=None)
        try:
            cache.incr(key)
        except ValueError:  # evicted between add and incr
            cache.set(key, _fresh_generation(), timeout=None)
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


def _shared(key: str, compute: Callable[[], list[dict]], render: Encode, previous: str | None = None) -> list:
    """The cached rows under `key`, computed by one caller at a time: when many readers miss at
    once (a new time bucket, a write), one computes and the others wait for its result (up to
    FILL_WAIT_SECONDS, then compute themselves) instead of all reading the workspace at once.
    `previous` names the strip this key follows when only time moved on (the same generation, the
    bucket before): while another caller fills the new one, a process that still keeps that strip
    answers it instead of waiting, as a read a moment earlier would have."""
    try:
        shared = _cached(key, compute, render, previous)
    except CACHE_DOWN:
        _cache_down()
        return render(compute())  # the cache is away: every read computes, none fails
    _cache_up()
    return shared


LOCAL_STRIPS = 32  # per process: one strip of 500 members is about 200 KB
_local: OrderedDict[str, object] = OrderedDict()
_local_lock = threading.Lock()


def _remember(key: str, shared):
    with _local_lock:
        _local[key] = shared
        _local.move_to_end(key)
        while len(_local) > LOCAL_STRIPS:
            _local.popitem(last=False)
    return shared


def _cached(key: str, compute: Callable[[], list[dict]], render: Encode, previous: str | None = None) -> list:
    shared = _local.get(key)
    if shared is not None:
        return shared
    stale = _local.get(previous) if previous is not None else None
    shared, filled = _from_cache(key, compute, render, stale)
    return _remember(key, shared) if filled else shared


def _from_cache(
    key: str, compute: Callable[[], list[dict]], render: Encode, stale=None
) -> tuple[object, bool]:
    """The strip under `key` and True; or, while another caller fills it, `stale` (when given)
    and False: it is not kept under `key`, the next read looks again."""
    shared = cache.get(key)
    if shared is not None:
        return shared, True
    lock = f"{key}:filling"
    deadline = time.monotonic() + FILL_WAIT_SECONDS
    while not cache.add(lock, 1, timeout=FILL_WAIT_SECONDS) and time.monotonic() < deadline:
        if stale is not None:
            return stale, False
        time.sleep(0.02)
        shared = cache.get(key)
        if shared is not None:
            return shared, True
    try:
        shared = render(compute())
        cache.set(key, shared, timeout=STRIP_SECONDS * 2)
    finally:
        cache.delete(lock)
    return shared, True


@dataclass(frozen=True, slots=True)
class Encoded:
    """The shared strip: each member's row encoded once, ordered by status then display name (the
    strip's order within each group), each ending with `PLAIN` (not pinned, not you), and the
    member ids in the same order. A reader moves its own row and its pins to the front with their
    flags and joins bytes: for 500 members a few slices, not 500 rows decoded, sorted and encoded
    again on every call. Pickled as two tuples of plain values (cheap, unlike 500 objects)."""

    users: tuple[int, ...]
    rows: tuple[bytes, ...]

    def __reduce__(self):
        return (Encoded, (self.users, self.rows))


PLAIN = b',"pinned_yn":false,"is_self":false}'


def _encoded(rows: list[dict]) -> Encoded:
    rows = sorted(rows, key=lambda row: presence.sort_key(**_sort_fields(row)))  # stable: ties keep order
    encoded = []
    for row in rows:
        body = {key: value for key, value in row.items() if key not in ("pinned_yn", "is_self")}
        text = json.dumps(body, cls=JSONEncoder, ensure_ascii=False, separators=(",", ":"))
        encoded.append(text[:-1].encode() + PLAIN)
    return Encoded(tuple(row["user"] for row in rows), tuple(encoded))


def _sort_fields(row: dict) -> dict:
    # Within the shared strip nobody is "you" or pinned: the order by status, then name.
    return {"is_self": False, "pinned": False, "status": row["status"], "display_name": row["display_name"]}


def _strip_key(workspace_id: int, generation, bucket: int, origin: str) -> str:
    return f"teammates:strip:{workspace_id}:{generation}:{bucket}:{origin}"


def body_for(*, viewer, origin: str, render: Render) -> bytes:
    """The strip as `viewer` sees it, ordered (`presence.sort_key`: you, then pinned, then others,
    each by status then name), as the JSON array the API answers. `render` turns presence rows
    into API rows; its output depends on `origin` (absolute avatar URLs), which is part of the
    cache key."""
    now = timeutils.now()

    def encode(rows: list[dict]) -> Encoded:
        return _encoded(render(rows))

    def own_rows() -> Encoded:
        return encode(presence.member_rows(workspace_id=None, viewer=viewer, users=[viewer], now=now))

    if viewer.workspace_id is None:
        shared = own_rows()
    else:
        try:
            generation = _generation(viewer.workspace_id)
        except CACHE_DOWN:
            generation = "down"  # _shared computes without the cache
        bucket = int(now.timestamp()) // STRIP_SECONDS
        key = _strip_key(viewer.workspace_id, generation, bucket, origin)
        shared = _shared(
            key,
            lambda: presence.member_rows(workspace_id=viewer.workspace_id, viewer=None, now=now),
            encode,
            previous=_strip_key(viewer.workspace_id, generation, bucket - 1, origin),
        )
    pinned = set(TeammatePin.objects.filter(viewer_id=viewer.pk).values_list("teammate_id", flat=True))
    places = {user: index for index, user in enumerate(shared.users)}
    # Their own row first (their real status when invisible: only they see it), then their pins
    # in the strip's order, then everyone else as cached.
    front, taken = [], []
    own = places.get(viewer.pk)
    if own is not None:
        row = own_rows().rows[0] if viewer.is_invisible else shared.rows[own]
        front.append(row[: -len(PLAIN)] + FLAGS[viewer.pk in pinned, True])
        taken.append(own)
    for index in sorted(places[user] for user in pinned if user in places and user != viewer.pk):
        front.append(shared.rows[index][: -len(PLAIN)] + FLAGS[True, False])
        taken.append(index)
    rest, start = [], 0
    for index in sorted(taken):
        rest.extend(shared.rows[start:index])
        start = index + 1
    rest.extend(shared.rows[start:])
    return b"[" + b",".join(front + rest) + b"]"


FLAGS = {
    (pinned, is_self): f',"pinned_yn":{str(pinned).lower()},"is_self":{str(is_self).lower()}}}'.encode()
    for pinned in (False, True)
    for is_self in (False, True)
}
