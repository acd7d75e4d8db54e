"""A process's copies of reads that cost far more to compute than to check, checked against
stamps PostgreSQL writes when a transaction that changed what they show commits.

The stamps (apps/core/migrations/0001_read_stamps.py): a key (e.g. `w:12`, a workspace's
projects) has a number that, whenever a transaction that touched a row the key covers commits,
is replaced by one never used before. Row triggers on the covered tables record the keys (the app
that owns the tables adds them, with the keys they touch), so every write counts: `save()`,
`update()`, `bulk_create()`, cascades and raw SQL alike.

`kept(copies, keys, ident, make)` reads the keys' stamps (one primary-key query), and answers the
copy made under exactly those stamps, or makes one with `make()` and keeps it (`kept_each`: many
items, each under its own key, in one stamp query). Selectors own this:
a view calls a selector and never sees a copy. Why it is right:
- the stamps are read before the rows `make()` reads, each statement in its own snapshot: a copy
  is never older than the stamps it is filed under; a write committed since has a new stamp, so
  the next read makes a new copy;
- a stamp never comes back (a sequence), so an old copy never matches again;
- a read inside a transaction may see its own writes, which no stamp counts until the commit:
  it never uses or keeps a copy; neither does any database but PostgreSQL (no triggers).

Copies live in the process (no cache round trip on a hit), pickled, each in its own anonymous
memory mapping, one per identity (a copy under newer stamps replaces the one before), at most
`max_bytes` of pages per `Copies`, each for at most `MAX_AGE_SECONDS` (only a database restored to
an earlier point, whose sequence then repeats stamps, could otherwise match an old copy; restart
the app after a restore).
"""

from __future__ import annotations

import contextlib
import mmap
import pickle
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from cachetools import TTLCache
from django.db import connections, migrations

T = TypeVar("T")
K = TypeVar("K")
Script = str | Callable[..., str]
MAX_AGE_SECONDS = 300
_SQL = "SELECT key, n FROM core_readstamp WHERE key = ANY(%s)"
# Renewed by a TRUNCATE of a covered table or a transaction of thousands of keys: every read has it.
EVERYTHING = "*"
Stamps = tuple[int, ...]

_all: list[Copies] = []


class Copies:
    """The kept copies of one read, in this process: the one bounded cache type of the project.

    Each copy is stored pickled, so every read gets its own objects (a caller may change what it
    got; no other request sees it), in a memory mapping of its own, so a copy replaced or expired
    gives its pages back to the system whole. In malloc's heap, a copy made at the end of a request
    outlived the request's other blocks and left holes the allocator kept: the workers' RSS grew
    with every write that renewed copies (bench/README.md, "Issue 33: each kept copy in its own
    mapping"). The bound is in pages mapped (`max_bytes`; a copy takes at least one page),
    whatever the copies hold. A copy lives at most `seconds`; expired copies leave at the next
    write, the least recently used ones when the bytes run out (cachetools' TTLCache).
    `prefixes` are the stamp keys the read depends on (e.g. `w:`): the coverage guard checks them
    against the tables the read's SQL touches (tests/guards/test_readstamps_coverage.py)."""

    def __init__(
        self,
        name: str,
        *,
        prefixes: tuple[str, ...],
        max_bytes: int,
        seconds: int = MAX_AGE_SECONDS,
        timer: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name
        self.prefixes = prefixes
        self._items: TTLCache = TTLCache(maxsize=max_bytes, ttl=seconds, timer=timer, getsizeof=_copy_size)
        self._lock = threading.Lock()
        self._making: dict[tuple, tuple[threading.Lock, int]] = {}
        _all.append(self)

    # A key is (ident, stamps). One copy per ident: a copy under newer stamps replaces the one
    # before it at once, so a copy no read can match again does not wait for its age or for the
    # bytes to run out to leave (a busy process would otherwise fill `max_bytes` with them).
    def get(self, key: tuple):
        ident, stamps = key
        with self._lock:
            item = self._items.get(ident)
        if item is None or item[0] != stamps:
            return None
        return pickle.loads(item[1])  # noqa: S301 (our own bytes)

    def put(self, key: tuple, value) -> None:
        ident, stamps = key
        blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        if _mapped_size(len(blob)) > self.max_bytes:
            return
        try:  # private and anonymous: unmapped when the last reference to it goes
            mapped = mmap.mmap(-1, len(blob), flags=mmap.MAP_PRIVATE)
        except OSError:  # out of memory or of mappings: the answer stands, it is not kept
            return
        mapped.write(blob)
        with self._lock:
            self._items[ident] = (stamps, mapped)

    @contextlib.contextmanager
    def making(self, key: tuple) -> Iterator[None]:
        """Held while one thread makes the copy under `key`; the others wait for it."""
        with self._lock:
            lock, users = self._making.get(key, (threading.Lock(), 0))
            self._making[key] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._lock:
                lock, users = self._making[key]
                if users == 1:
                    del self._making[key]
                else:
                    self._making[key] = (lock, users - 1)

    def previous_while_making(self, current: Stamps | None, ident: tuple, previous: tuple):
        """The copy kept under `previous` and the same stamps while another thread makes the one
        under `ident` (a value that changes with time alone, e.g. a time bucket), else None."""
        if current is None or (ident, current) not in self._making:
            return None
        return self.get((previous, current))

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    @property
    def max_bytes(self) -> int:
        return int(self._items.maxsize)

    @property
    def bytes(self) -> int:
        with self._lock:
            return int(self._items.currsize)


def _mapped_size(length: int) -> int:
    return -(-length // mmap.PAGESIZE) * mmap.PAGESIZE


def _copy_size(item: tuple[Stamps, mmap.mmap]) -> int:
    return _mapped_size(len(item[1]))


def all_copies() -> tuple[Copies, ...]:
    return tuple(_all)


def clear_all() -> None:
    """Forget every copy (tests: a flushed database restarts ids, not stamps)."""
    for copies in _all:
        copies.clear()


def stamps(*keys: str, using: str = "default") -> Stamps | None:
    """The keys' current stamps (0: never written), or None where copies must not be used: inside
    a transaction (it may see its own writes, which no stamp counts yet) and on any database but
    PostgreSQL (no triggers). This is the one place the embedded default differs: there every
    read runs its queries (`make()`), as a miss does on PostgreSQL."""
    connection = connections[using]
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_SQL, [list(keys)])
        found = dict(cursor.fetchall())
    return tuple(found.get(key, 0) for key in keys)


def kept_under(current: Stamps | None, copies: Copies, ident: tuple, make: Callable[[], T]) -> T:
    """`make()`'s answer, from the copy made under the stamps `current` (read by `stamps()` before
    any row `make()` reads) when there is one; otherwise made and kept. `ident` is everything else
    the answer depends on (the caller, the filters, a time bucket). `make()` never answers None."""
    if current is None:
        return make()
    key = (ident, current)
    value = copies.get(key)
    if value is not None:
        return value
    # One maker per copy in the process: threads that miss the same copy at once (a 500-member
    # strip at a new time bucket) wait for it instead of each making it.
    with copies.making(key):
        value = copies.get(key)
        if value is None:
            value = make()
            copies.put(key, value)
    return value


def kept(copies: Copies, keys: tuple[str, ...], ident: tuple, make: Callable[[], T]) -> T:
    """`kept_under` with the keys' stamps (and `*`'s) read now: one primary-key query."""
    return kept_under(stamps(EVERYTHING, *keys), copies, ident, make)


def kept_each(
    copies: Copies, keys: dict[K, str], idents: dict[K, tuple], make: Callable[[list[K]], dict[K, T]]
) -> dict[K, T]:
    """`kept` for many items at once, each kept under its own key (a member's `d:<user>`): one
    primary-key query reads every key's stamp (and `*`'s), and `make(missed)` makes the answers of
    the items without a copy under their stamps, in one call (its queries take the missed items
    only), each then kept. Unlike `kept_under`, threads that miss at once each make their items."""
    current = stamps(EVERYTHING, *keys.values())
    if current is None:
        return make(list(keys))
    everything = current[0]
    under = {item: (everything, stamp) for item, stamp in zip(keys, current[1:], strict=True)}
    found: dict[K, T] = {}
    for item, item_stamps in under.items():
        value = copies.get((idents[item], item_stamps))
        if value is not None:
            found[item] = value
    missed = [item for item in keys if item not in found]
    if missed:
        made = make(missed)
        for item in missed:
            copies.put((idents[item], under[item]), made[item])
            found[item] = made[item]
    return found


@dataclass(frozen=True)
class RowKeys:
    """What a write to `table` records: `touch` is one PL/pgSQL statement run for the row before
    and the row after the write (`{row}` is OLD, then NEW; the absent one is NULL, and a NULL key
    records nothing). With `watched`, an UPDATE counts only when one of those columns changed;
    `on` limits the operations (e.g. only UPDATE)."""

    table: str
    touch: str
    watched: tuple[str, ...] = ()
    on: tuple[str, ...] = ("INSERT", "UPDATE", "DELETE")
    rows: tuple[str, ...] = ("OLD", "NEW")


def stamp_triggers(*tables: RowKeys) -> migrations.RunPython:
    """A migration step (PostgreSQL only) that gives each table a trigger function
    `ro_stamp_<table>`, the row triggers that call it and a TRUNCATE trigger (which renews `*`);
    backwards, drops them."""
    forward, backward = [], []
    for spec in tables:
        function = f"ro_stamp_{spec.table}"
        body = "\n".join("  " + spec.touch.format(row=row) + ";" for row in spec.rows)
        forward.append(
            f"CREATE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$\n"
            f"BEGIN\n{body}\n  RETURN NULL;\nEND $$;"
        )
        plain = [op for op in spec.on if not (spec.watched and op == "UPDATE")]
        if plain:
            forward.append(
                f"CREATE TRIGGER ro_stamp AFTER {' OR '.join(plain)} ON {spec.table} "
                f"FOR EACH ROW EXECUTE FUNCTION {function}();"
            )
        if spec.watched and "UPDATE" in spec.on:
            changed = " OR ".join(f"OLD.{column} IS DISTINCT FROM NEW.{column}" for column in spec.watched)
            forward.append(
                f"CREATE TRIGGER ro_stamp_update AFTER UPDATE ON {spec.table} "
                f"FOR EACH ROW WHEN ({changed}) EXECUTE FUNCTION {function}();"
            )
        forward.append(
            f"CREATE TRIGGER ro_stamp_truncate AFTER TRUNCATE ON {spec.table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION ro_stamp_truncated();"
        )
        backward.append(f"DROP TRIGGER ro_stamp_truncate ON {spec.table};")
        backward.append(f"DROP FUNCTION {function}() CASCADE;")  # with its row triggers
    return on_postgresql("\n\n".join(forward), "\n\n".join(backward))


def key_lookup(function: str, table: str, column: str, prefix: str) -> migrations.RunPython:
    """A migration step (PostgreSQL only) defining `function(row_id)`, for rows whose key is one
    table away: it records `prefix` + `column` of the `table` row with that id, and nothing when
    there is no such row (e.g. deleted earlier in the same transaction: its own trigger recorded
    the key) or the id is NULL."""

    def forward(connection) -> str:
        from psycopg import sql

        return (
            sql.SQL(
                "CREATE FUNCTION {function}(row_id bigint) RETURNS void LANGUAGE plpgsql AS $$\n"
                "DECLARE\n  value bigint;\nBEGIN\n"
                "  SELECT {column} INTO value FROM {table} WHERE id = row_id;\n"
                "  PERFORM ro_stamp_touch({prefix} || value);\nEND $$;"
            )
            .format(
                function=sql.Identifier(function),
                column=sql.Identifier(column),
                table=sql.Identifier(table),
                prefix=sql.Literal(prefix),
            )
            .as_string(connection.connection)
        )

    return on_postgresql(forward, f"DROP FUNCTION {function}(bigint);")


def on_postgresql(forward: Script, backward: Script) -> migrations.RunPython:
    """A migration step that runs SQL scripts on PostgreSQL only, one statement per block
    separated by a blank line (function bodies hold semicolons). A script may be a function of
    the connection that returns it (SQL composed with psycopg's quoting)."""

    def run(script: Script):
        def step(apps, schema_editor):
            if schema_editor.connection.vendor == "postgresql":
                text = script(schema_editor.connection) if callable(script) else script
                for statement in text.strip().split("\n\n"):
                    schema_editor.execute(statement)

        return step

    return migrations.RunPython(run(forward), run(backward))
