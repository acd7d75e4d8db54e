"""Read stamps (apps/core/readstamps.py, migration core 0001): a key's stamp changes when, and
only when, a transaction that touched it commits; a kept copy is used only under the stamps it
was made under, and never inside a transaction."""

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
    copies = readstamps.Copies(size=4)
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


def test_copies_keep_the_most_recently_used_and_expire(monkeypatch):
    copies = readstamps.Copies(size=2)
    copies.put(("a",), 1)
    copies.put(("b",), 2)
    assert copies.get(("a",)) == 1  # a is now the most recent
    copies.put(("c",), 3)
    assert copies.get(("b",)) is None
    assert copies.get(("a",)) == 1 and copies.get(("c",)) == 3
    now = readstamps.time.monotonic()
    monkeypatch.setattr(readstamps.time, "monotonic", lambda: now + readstamps.MAX_AGE_SECONDS + 1)
    assert copies.get(("a",)) is None
    assert len(copies) == 1
