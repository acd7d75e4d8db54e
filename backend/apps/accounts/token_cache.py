"""Every authenticated request's first step, without the database: token digest -> who.

`authentication.active_token` reads this cache (Redis when configured, the process's memory on the
embedded default) before the database. An entry is a snapshot of the token's row, its user's row
and the user's workspace's row (column values, not pickled models: a deploy that changes a model
simply misses), without the password hash, for `AUTH_CACHE_SECONDS`.

Freshness: the database stays the truth, and every write that changes what a snapshot holds
replaces the snapshot by a tombstone, at once and again when its transaction commits:
- a token deleted (sign-out, sign-out everywhere, idle expiry, deactivation, a user deleted);
- a user saved, bulk-updated (`UserQuerySet.update`) or deleted (profile, rights, role,
  deactivation, last sign-in);
- a workspace saved (every token of its members).
A tombstone holds the revocation's number from a counter (the epoch) that every revocation
increments. A request that misses reads the epoch before it reads the rows, and stores its
snapshot only if the key is empty or holds a tombstone no newer than that epoch, in one atomic
step (a Lua script on Redis, a lock in the process): a request that read the rows before a write
committed can never store them after the write's tombstone, so a revoked token cannot come back,
and a tombstone does not stop caching the rows read after it. When a hit is due to write the
token's last use (at most every `TOKEN_TOUCH_MINUTES`), the UPDATE's row count says whether the
token still exists, and the snapshot is dropped so the next request reads the rows afresh.

When the cache is away, requests authenticate against the database (one log line per outage and
process). A tombstone that could not be written is kept by the process and written as soon as the
cache answers again; the revocation itself happened in the database in any case, and a snapshot
stored before the outage lives at most `AUTH_CACHE_SECONDS`.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterable

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache
from django.db import transaction
from redis.exceptions import RedisError

from apps.accounts.models import AuthToken, User, Workspace
from apps.core import crypto
from apps.core.fields import MARK, EncryptedJSONField
from apps.core.outage import Outage

AUTH_CACHE_SECONDS = 60
TOMBSTONE_SECONDS = AUTH_CACHE_SECONDS * 2
CACHE_DOWN = (RedisError, OSError)
logger = logging.getLogger(__name__)

# Columns kept per model; the password hash never leaves the database, and encrypted columns (the
# integrations' credentials) are kept sealed, as the database holds them.
_USER_FIELDS = tuple(f.attname for f in User._meta.concrete_fields if f.attname != "password")
_SEALED = frozenset(f.attname for f in User._meta.concrete_fields if isinstance(f, EncryptedJSONField))
_WORKSPACE_FIELDS = tuple(f.attname for f in Workspace._meta.concrete_fields)
_TOKEN_FIELDS = ("digest", "user_id", "created_at", "last_used_at", "user_agent")
# A snapshot written by code with other columns is a miss, never a wrong object.
_SHAPE = hash((_USER_FIELDS, _WORKSPACE_FIELDS, _TOKEN_FIELDS))
_EPOCH = "auth:epoch"


def _values(row, names: tuple[str, ...]):
    return ((name, getattr(row, name)) for name in names)


def _seal(value):
    return None if value is None else {MARK: crypto.encrypt(json.dumps(value))}


def _key(digest: str) -> str:
    return f"auth:token:{digest}"


# Store the snapshot if the key is empty or holds a tombstone (an integer) no newer than the epoch
# the caller read before reading the rows; a snapshot already there stays (set-if-absent).
_PUT = """
local v = redis.call('GET', KEYS[1])
if v then
  local t = tonumber(v)
  if t == nil or t > tonumber(ARGV[2]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
return 1
"""
# One revocation: the next epoch, written as the tombstone of every key.
_REVOKE = """
local e = redis.call('INCR', KEYS[1])
for i = 2, #KEYS do redis.call('SET', KEYS[i], e, 'EX', ARGV[1]) end
return e
"""


class _RedisStore:
    """Django's Redis cache, with the two atomic steps as Lua scripts."""

    def __init__(self) -> None:
        self._scripts: dict[str, object] = {}

    @property
    def backend(self) -> RedisCache:
        return cache._connections[cache._alias]  # this thread's client of the default cache

    def _client(self):
        # The cache backend (apps.core.cache) keeps one redis-py client per thread and pool.
        return self.backend._cache.get_client(write=True)

    def _script(self, source: str):
        if source not in self._scripts:
            self._scripts[source] = self._client().register_script(source)
        return self._scripts[source]

    def get(self, digest: str):
        value = self._client().get(self.backend.make_and_validate_key(_key(digest)))
        return None if value is None else self.backend._cache._serializer.loads(value)

    def epoch(self) -> int:
        return int(self._client().get(self.backend.make_and_validate_key(_EPOCH)) or 0)

    def put(self, digest: str, entry: tuple, epoch: int) -> None:
        key = self.backend.make_and_validate_key(_key(digest))
        value = self.backend._cache._serializer.dumps(entry)
        self._script(_PUT)(keys=[key], args=[value, epoch, AUTH_CACHE_SECONDS], client=self._client())

    def revoke(self, digests: list[str]) -> None:
        keys = [self.backend.make_and_validate_key(_key(d)) for d in digests]
        epoch_key = self.backend.make_and_validate_key(_EPOCH)
        self._script(_REVOKE)(keys=[epoch_key, *keys], args=[TOMBSTONE_SECONDS], client=self._client())

    def drop(self, digest: str) -> None:
        self._client().delete(self.backend.make_and_validate_key(_key(digest)))


class _LocalStore:
    """Any other cache (the process's memory on the embedded default): one lock makes the same
    two steps atomic within the process, which is all such a cache serves."""

    backend = cache

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._epoch = 0

    def get(self, digest: str):
        return self.backend.get(_key(digest))

    def epoch(self) -> int:
        return self._epoch

    def put(self, digest: str, entry: tuple, epoch: int) -> None:
        with self._lock:
            current = self.backend.get(_key(digest))
            if current is None or (isinstance(current, int) and current <= epoch):
                self.backend.set(_key(digest), entry, timeout=AUTH_CACHE_SECONDS)

    def revoke(self, digests: list[str]) -> None:
        with self._lock:
            self._epoch += 1
            self.backend.set_many({_key(d): self._epoch for d in digests}, timeout=TOMBSTONE_SECONDS)

    def drop(self, digest: str) -> None:
        self.backend.delete(_key(digest))


_stores: dict[str, _RedisStore | _LocalStore] = {}


def _store() -> _RedisStore | _LocalStore:
    """One store per process and cache configuration (tests switch the cache's settings)."""
    backend = cache._connections[cache._alias]
    kind = f"{type(backend).__module__}.{type(backend).__name__}:{getattr(backend, '_servers', '')}"
    store = _stores.get(kind)
    if store is None:
        store = _stores[kind] = _RedisStore() if isinstance(backend, RedisCache) else _LocalStore()
    return store


_lock = threading.Lock()
_pending: set[str] = set()  # tombstones not yet written (cache away)
_outage = Outage(
    logger,
    "token cache: the cache is unavailable; requests authenticate against the database",
    "token cache: the cache is back",
)


def _cache_down(error: BaseException) -> None:
    _outage.failed(error)


def _cache_up() -> None:
    _outage.succeeded()
    if _pending:
        with _lock:
            digests = list(_pending)
            _pending.clear()
        _revoke_now(digests)


def get(digest: str) -> AuthToken | None:
    """The token of this digest with its user and workspace, from the cache; None on a miss."""
    try:
        entry = _store().get(digest)
    except CACHE_DOWN as error:
        _cache_down(error)
        return None
    _cache_up()
    if not isinstance(entry, tuple) or entry[0] != _SHAPE:
        return None
    _, token_values, user_values, workspace_values = entry
    user_values = tuple(
        EncryptedJSONField.open(value) if name in _SEALED else value
        for name, value in zip(_USER_FIELDS, user_values, strict=True)
    )
    user = User.from_db("default", _USER_FIELDS, user_values)
    if workspace_values is not None:
        user.workspace = Workspace.from_db("default", _WORKSPACE_FIELDS, workspace_values)
    token = AuthToken.from_db("default", _TOKEN_FIELDS, token_values)
    token.user = user
    return token


def epoch() -> int | None:
    """Read before the rows a snapshot is made of (None: the cache is away, store nothing)."""
    try:
        return _store().epoch()
    except CACHE_DOWN as error:
        _cache_down(error)
        return None


def put(token: AuthToken, *, epoch: int | None) -> None:
    """Store what the database answered after `epoch` was read, unless a revocation since says
    it may be stale."""
    if epoch is None:
        return
    user = token.user
    workspace = user.workspace if user.workspace_id is not None else None
    entry = (
        _SHAPE,
        tuple(getattr(token, name) for name in _TOKEN_FIELDS),
        tuple(_seal(value) if name in _SEALED else value for name, value in _values(user, _USER_FIELDS)),
        tuple(getattr(workspace, name) for name in _WORKSPACE_FIELDS) if workspace is not None else None,
    )
    try:
        _store().put(token.digest, entry, epoch)
    except CACHE_DOWN as error:
        _cache_down(error)


def drop(digest: str) -> None:
    """Forget a live token's snapshot (its last use was written): the next request reads it afresh."""
    try:
        _store().drop(digest)
    except CACHE_DOWN as error:
        _cache_down(error)


def _revoke_now(digests: list[str]) -> None:
    try:
        _store().revoke(digests)
    except CACHE_DOWN as error:
        _cache_down(error)
        with _lock:
            _pending.update(digests)


def revoke(digests: Iterable[str]) -> None:
    """These tokens' snapshots are stale: now (requests that read the rows from now on store
    nothing older) and again once the transaction commits (the rows they read from then on are
    the new ones; before it, they were still the old ones)."""
    digests = list(digests)
    if digests:
        _revoke_now(digests)
        transaction.on_commit(lambda: _revoke_now(digests))


def revoke_users(user_ids: Iterable[int]) -> None:
    """The snapshots of every token of these users are stale."""
    ids = list(user_ids)
    if ids:
        revoke(AuthToken.objects.filter(user_id__in=ids).values_list("digest", flat=True))


def revoke_workspace(workspace_id: int) -> None:
    revoke(AuthToken.objects.filter(user__workspace_id=workspace_id).values_list("digest", flat=True))
