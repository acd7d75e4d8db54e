"""Read stamps (apps/core/readstamps.py, migration core 0001): a key's stamp changes when, and
only when, a transaction that touched it commits; a kept copy is used only under the stamps it
was made under, and never inside a transaction."""

import mmap

import pytest
from django.db import connection, transaction

from apps.core import readstamps

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="stamps are PostgreSQL triggers"),
]


def touch(*keys: str) -> None:
    with connection.cursor() as cursor:
        for key in keys:
            cursor.execute("SELECT ro_stamp_touch(%s)", [key])


def pending() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM core_readstamp_pending")
        return cursor.fetchone()[0]


def test_a_key_no_write_touched_reads_0():
    assert readstamps.stamps("t:never") == (0,)


def test_a_committed_touch_gives_each_key_a_new_stamp_once():
    before = readstamps.stamps("t:a", "t:b", "t:c")
    with transaction.atomic():
        touch("t:a", "t:b", "t:a")
    after = readstamps.stamps("t:a", "t:b", "t:c")
    assert after[0] != before[0] and after[1] != before[1]
    assert after[2] == before[2]
    assert pending() == 0  # the commit's flush removed its row
    with transaction.atomic():
        touch("t:a")
    again = readstamps.stamps("t:a", "t:b")
    assert again[0] not in (before[0], after[0])  # never a stamp the key had before
    assert again[1] == after[1]


def test_a_rolled_back_touch_changes_nothing():
    before = readstamps.stamps("t:a", "t:b")
    with pytest.raises(RuntimeError), transaction.atomic():
        touch("t:a")
        raise RuntimeError
    with transaction.atomic():
        touch("t:b")
        try:
            with transaction.atomic():  # a savepoint, rolled back: its keys go with it
                touch("t:a")
                raise RuntimeError
        except RuntimeError:
            pass
    after = readstamps.stamps("t:a", "t:b")
    assert after[0] == before[0]
    assert after[1] != before[1]
    assert pending() == 0


def test_a_touch_first_made_in_a_rolled_back_savepoint_is_recorded_again_after_it():
    before = readstamps.stamps("t:a")
    with transaction.atomic():
        try:
            with transaction.atomic():
                touch("t:b")  # the transaction's first touch (and its pending row) roll back
                raise RuntimeError
        except RuntimeError:
            pass
        touch("t:a")
    assert readstamps.stamps("t:a")[0] != before[0]


def test_no_stamps_inside_a_transaction():
    with transaction.atomic():
        assert readstamps.stamps("t:a") is None


def test_kept_makes_a_copy_once_per_stamps_and_never_inside_a_transaction():
    copies = readstamps.Copies("test", prefixes=("t:",), max_bytes=1 << 20)
    made = []

    def make():
        made.append(1)
        return len(made)

    assert readstamps.kept(copies, ("t:a",), ("me",), make) == 1
    assert readstamps.kept(copies, ("t:a",), ("me",), make) == 1
    assert readstamps.kept(copies, ("t:a",), ("you",), make) == 2  # another ident
    with transaction.atomic():
        touch("t:a")
        assert readstamps.kept(copies, ("t:a",), ("me",), make) == 3  # may see its own writes
    assert readstamps.kept(copies, ("t:a",), ("me",), make) == 4  # the commit's new stamp
    assert readstamps.kept(copies, ("t:a",), ("me",), make) == 4


def test_kept_each_makes_only_the_items_whose_key_changed_in_one_call():
    copies = readstamps.Copies("test each", prefixes=("t:",), max_bytes=1 << 20)
    calls = []

    def make(items):
        calls.append(sorted(items))
        return {item: (item, len(calls)) for item in items}

    keys = {"a": "t:a", "b": "t:b", "c": "t:c"}
    idents = {item: (item,) for item in keys}
    first = readstamps.kept_each(copies, keys, idents, make)
    assert first == {"a": ("a", 1), "b": ("b", 1), "c": ("c", 1)} and calls == [["a", "b", "c"]]
    assert readstamps.kept_each(copies, keys, idents, make) == first and len(calls) == 1
    touch("t:b")
    assert readstamps.kept_each(copies, keys, idents, make) == {**first, "b": ("b", 2)}
    assert calls[-1] == ["b"]
    touch("*")  # renews every copy
    assert readstamps.kept_each(copies, keys, idents, make) == {item: (item, 3) for item in keys}
    with transaction.atomic():  # never inside a transaction: all made, none kept
        assert readstamps.kept_each(copies, keys, idents, make) == {item: (item, 4) for item in keys}
    assert readstamps.kept_each(copies, keys, idents, make) == {item: (item, 3) for item in keys}


def test_copies_are_bounded_in_pages_keep_the_most_recently_used_and_expire():
    """A copy takes the pages of its own mapping: a small one, one page."""
    clock = [0.0]
    page = mmap.PAGESIZE
    copies = readstamps.Copies("test", prefixes=("t:",), max_bytes=2 * page, timer=lambda: clock[0])
    copies.put(("a", (1,)), "a" * 100)
    copies.put(("b", (1,)), "b" * 100)
    assert copies.get(("a", (1,))) == "a" * 100  # a is now the most recent
    copies.put(("c", (1,)), "c" * 100)
    assert copies.get(("b", (1,))) is None
    assert copies.get(("a", (1,))) == "a" * 100 and copies.get(("c", (1,))) == "c" * 100
    assert copies.bytes == 2 * page
    copies.put(("huge", (1,)), "h" * 2 * page)  # larger than the bound: not kept, nothing else dropped
    assert copies.get(("huge", (1,))) is None and len(copies) == 2
    clock[0] += readstamps.MAX_AGE_SECONDS + 1
    assert copies.get(("a", (1,))) is None
    copies.put(("d", (1,)), "d" * 100)  # a write drops what expired
    assert len(copies) == 1


def test_a_copy_under_new_stamps_replaces_the_one_before():
    """No read can match a copy under old stamps again (a stamp never comes back): it leaves at
    once, so a read that every write renews keeps one copy, not one per write until the bound."""
    copies = readstamps.Copies("test", prefixes=("t:",), max_bytes=1 << 20)
    for n in range(1, 51):
        copies.put((("strip", 7), (n,)), "x" * 1000)
    assert len(copies) == 1 and copies.bytes == mmap.PAGESIZE
    assert copies.get((("strip", 7), (49,))) is None
    assert copies.get((("strip", 7), (50,))) == "x" * 1000


def test_a_copy_takes_the_pages_of_its_own_mapping():
    copies = readstamps.Copies("test", prefixes=("t:",), max_bytes=1 << 20)
    value = "x" * (2 * mmap.PAGESIZE + 100)  # pickled: a little over two pages
    copies.put(("a", (1,)), value)
    assert copies.bytes == 3 * mmap.PAGESIZE and copies.get(("a", (1,))) == value


def test_a_copy_that_cannot_be_mapped_is_not_kept_and_nothing_fails(monkeypatch):
    copies = readstamps.Copies("test", prefixes=("t:",), max_bytes=1 << 20)
    copies.put(("a", (1,)), "kept")

    def refuse(*args, **kwargs):
        raise OSError(12, "Cannot allocate memory")

    monkeypatch.setattr(readstamps.mmap, "mmap", refuse)
    copies.put(("b", (1,)), "not kept")
    assert copies.get(("b", (1,))) is None and copies.get(("a", (1,))) == "kept" and len(copies) == 1


def test_every_read_of_a_copy_gets_its_own_objects():
    copies = readstamps.Copies("test", prefixes=("t:",), max_bytes=1 << 20)
    copies.put(("a", (1,)), {"rows": [1, 2]})
    mine = copies.get(("a", (1,)))
    mine["rows"].append(3)
    assert copies.get(("a", (1,))) == {"rows": [1, 2]}


def test_a_commit_waiting_on_a_foreign_key_check_holds_no_stamp_another_commit_needs():
    """T1 touches a key, then inserts a row whose deferred foreign-key check must wait for a row
    T2 holds; T2 touched the same key. T1's check runs before T1 takes the stamps' locks, so T2
    commits and T1 follows: no deadlock (the stamps used to be written before that check)."""
    import threading
    import time

    import psycopg
    from psycopg.conninfo import make_conninfo

    db = connection.settings_dict
    dsn = make_conninfo(
        host=db["HOST"],
        port=db["PORT"] or 5432,
        dbname=db["NAME"],
        user=db["USER"],
        password=db["PASSWORD"] or None,
    )
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE t_parent (id int PRIMARY KEY)")
        cursor.execute(
            "CREATE TABLE t_child (id serial PRIMARY KEY, "
            "parent int REFERENCES t_parent DEFERRABLE INITIALLY DEFERRED)"
        )
        cursor.execute("INSERT INTO t_parent VALUES (1)")
    key = f"t:deadlock:{time.monotonic_ns()}"  # a key no transaction wrote yet: T1 inserts its row
    one, two = psycopg.connect(dsn), psycopg.connect(dsn)
    outcome = {}
    try:
        for session in (one, two):
            session.execute("SET deadlock_timeout = '100ms'")
            session.commit()
        two.execute("SELECT id FROM t_parent WHERE id = 1 FOR UPDATE")
        two.execute("SELECT ro_stamp_touch(%s)", [key])
        one.execute("SELECT ro_stamp_touch(%s)", [key])
        one.execute("INSERT INTO t_child (parent) VALUES (1)")

        def commit(name, session):
            try:
                session.commit()
                outcome[name] = "committed"
            except psycopg.Error as error:
                outcome[name] = type(error).__name__

        first = threading.Thread(target=commit, args=("one", one))
        first.start()
        time.sleep(0.5)  # one waits on its check of t_parent
        commit("two", two)
        first.join(10)
    finally:
        one.close()
        two.close()
        with connection.cursor() as cursor:
            cursor.execute("DROP TABLE t_child, t_parent")
    assert outcome == {"one": "committed", "two": "committed"}


def test_a_transaction_of_thousands_of_keys_renews_everything_instead():
    everything = readstamps.stamps(readstamps.EVERYTHING)[0]
    some = readstamps.stamps("t:bulk:1")[0]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT ro_stamp_touch('t:bulk:' || n) FROM generate_series(1, 3000) AS n")
    assert readstamps.stamps(readstamps.EVERYTHING)[0] != everything
    assert readstamps.stamps("t:bulk:1")[0] == some  # not needed: every read includes `*`
    copies, made = readstamps.Copies("test", prefixes=("t:",), max_bytes=1 << 20), []
    readstamps.kept(copies, ("t:bulk:1",), (), lambda: made.append(1))
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT ro_stamp_touch('*')")
    readstamps.kept(copies, ("t:bulk:1",), (), lambda: made.append(1) or 1)
    assert len(made) == 2


def test_threads_that_miss_the_same_copy_at_once_make_it_once():
    import threading
    import time

    copies = readstamps.Copies("test", prefixes=("t:",), max_bytes=1 << 20)
    made, answers = [], []

    def make():
        made.append(1)
        time.sleep(0.05)  # long enough for the others to miss too
        return "strip"

    threads = [
        threading.Thread(target=lambda: answers.append(readstamps.kept_under((1,), copies, ("w",), make)))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == ["strip"] * 4 and made == [1]
    assert readstamps.kept_under((2,), copies, ("w",), make) == "strip" and made == [1, 1]  # new stamps


def test_while_a_thread_makes_a_new_time_buckets_copy_the_previous_one_is_answered():
    copies = readstamps.Copies("test", prefixes=("t:",), max_bytes=1 << 20)
    copies.put((("w", 1), (7,)), "bucket 1")
    assert copies.previous_while_making((7,), ("w", 2), ("w", 1)) is None  # nobody is making it
    with copies.making((("w", 2), (7,))):
        assert copies.previous_while_making((7,), ("w", 2), ("w", 1)) == "bucket 1"
        assert copies.previous_while_making((8,), ("w", 2), ("w", 1)) is None  # other stamps: a write
    assert copies.previous_while_making(None, ("w", 2), ("w", 1)) is None
