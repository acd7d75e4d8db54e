"""Read stamps (apps/core/readstamps.py): a number per key that PostgreSQL replaces, when a
transaction that changed what the key covers commits, by one never used before.

- `core_readstamp`: key -> stamp. A key no write has touched yet reads as 0; stamps come from a
  sequence, so a key never gets a stamp it had before.
- `ro_stamp_touch(key)`: called by the triggers of the tables a key covers (the apps that own
  those tables add them, e.g. apps/projects/migrations/0010_read_stamps.py), with the key of the
  row before and after the write (a NULL key, e.g. OLD's in an INSERT trigger, records nothing).
  It only records the key in a transaction-local setting (past 16 KB of keys, or on a TRUNCATE,
  it records `*` instead, which every read includes); its first call in a transaction also inserts a row into
  `core_readstamp_pending`, whose deferred trigger runs once, at commit.
- `ro_stamp_flush()`: that deferred trigger. Its first run queues a second pending row, so its
  second run comes after every deferred foreign-key check the transaction queued meanwhile, and
  writes a fresh stamp for each recorded key, in key order. The stamps' row locks are thus the
  last a transaction takes, always in the same order: two writers of the same workspace wait for
  each other's commit, never deadlock (a foreign-key check that waited while holding stamps could).
  A rolled-back transaction (or savepoint) rolls back the setting and its pending row with it.

PostgreSQL only: the embedded default (SQLite) has no stamps, and `readstamps` never keeps a
copy there.
"""

from django.db import migrations

from apps.core.readstamps import on_postgresql

FORWARD = r"""
CREATE SEQUENCE core_readstamp_n;

CREATE TABLE core_readstamp (key varchar(64) PRIMARY KEY, n bigint NOT NULL);

CREATE TABLE core_readstamp_pending (txid bigint, phase smallint, PRIMARY KEY (txid, phase));

CREATE FUNCTION ro_stamp_touch(k text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  keys text := coalesce(current_setting('ro.stamp_keys', true), '');
BEGIN
  IF k IS NULL OR keys = ',*,' THEN
    RETURN;  -- a row without a key (OLD of an INSERT, NEW of a DELETE), or everything renewed
  ELSIF keys = '' THEN
    INSERT INTO core_readstamp_pending (txid, phase) VALUES (txid_current(), 1) ON CONFLICT DO NOTHING;
    PERFORM set_config('ro.stamp_keys', ',' || k || ',', true);
  ELSIF length(keys) > 16384 OR k = '*' THEN
    -- A bulk write of thousands of keys (each touch searches the list): renew `*`, which every
    -- read includes, instead.
    PERFORM set_config('ro.stamp_keys', ',*,', true);
  ELSIF position(',' || k || ',' in keys) = 0 THEN
    PERFORM set_config('ro.stamp_keys', keys || k || ',', true);
  END IF;
END $$;

CREATE FUNCTION ro_stamp_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ro_stamp_touch('*');  -- a TRUNCATE fires no row triggers: renew every read
  RETURN NULL;
END $$;

CREATE FUNCTION ro_stamp_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text := coalesce(current_setting('ro.stamp_keys', true), '');
BEGIN
  IF NEW.phase = 1 THEN
    -- Deferred foreign-key checks queued after the first touch fire after this trigger; one could
    -- wait for a row another transaction locks while that one waits for a stamp we would hold.
    -- A second pending row queues the writing at the end, after every check of the transaction.
    INSERT INTO core_readstamp_pending (txid, phase) VALUES (NEW.txid, 2);
    RETURN NULL;
  END IF;
  PERFORM set_config('ro.stamp_keys', '', true);
  DELETE FROM core_readstamp_pending WHERE txid = NEW.txid;
  INSERT INTO core_readstamp (key, n)
    SELECT k, nextval('core_readstamp_n')
    FROM (SELECT DISTINCT unnest(string_to_array(keys, ',')) AS k) AS recorded
    WHERE k <> ''
    ORDER BY k
  ON CONFLICT (key) DO UPDATE SET n = EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER ro_stamp_flush AFTER INSERT ON core_readstamp_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ro_stamp_flush();
"""

BACKWARD = r"""
DROP TABLE core_readstamp_pending;

DROP FUNCTION ro_stamp_flush();

DROP FUNCTION ro_stamp_truncated();

DROP FUNCTION ro_stamp_touch(text);

DROP TABLE core_readstamp;

DROP SEQUENCE core_readstamp_n;
"""


class Migration(migrations.Migration):
    dependencies = []

    operations = [on_postgresql(FORWARD, BACKWARD)]
