"""Give the end-to-end run a fresh stack: an empty database (PostgreSQL from DATABASE_URL, else
SQLite) and, with REDIS_URL, an empty Redis database (throttle and lockout counters, channels)."""

import os
import sys
from pathlib import Path

import dj_database_url


def reset_redis() -> None:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        return
    import redis

    redis.Redis.from_url(url).flushdb()
    print(f"flushed Redis database {url.rsplit('/', 1)[-1]}")


def main() -> int:
    reset_redis()
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        path = Path(os.environ.get("SQLITE_PATH", "db.sqlite3"))
        path.unlink(missing_ok=True)
        print(f"reset SQLite database {path}")
        return 0
    config = dj_database_url.parse(url)
    import psycopg
    from psycopg import sql

    name = config["NAME"]
    with psycopg.connect(
        host=config["HOST"] or None,
        port=config["PORT"] or None,
        user=config["USER"] or None,
        password=config["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    ) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    print(f"reset PostgreSQL database {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
