"""The embedded default (`make run`: SQLite, the in-memory channel layer and cache, demo data)
answers the screens' reads: the suite runs on PostgreSQL, so this runs them once on SQLite, in a
subprocess with its own settings. The worktime summary answered 500 there (a query plan could not
find its instants among SQLite's text parameters) and no test saw it."""

import json
import os
import subprocess
import sys
from pathlib import Path

BACKEND = Path(__file__).resolve().parent.parent

READS = [
    "/api/accounts/me/",
    "/api/work/current_user_status/",
    "/api/work/worktime_summary/",
    "/api/accounts/teammates/",
    "/api/projects/project/?archived_yn=false",
    "/api/projects/tasks/groups/counts/",
    "/api/projects/tasks/today/",
    "/api/work/latest_workday/",
]

SCRIPT = """
import json
from rest_framework.test import APIClient
from apps.accounts.models import AuthToken, User
from apps.work.services import status

user = User.objects.get(email="ada@example.com")
status.status_change(user=user, status="working")
client = APIClient(raise_request_exception=False)
client.credentials(HTTP_AUTHORIZATION="Token " + AuthToken.objects.create(user=user).key)
print(json.dumps({path: client.get(path, secure=True, HTTP_HOST="127.0.0.1").status_code for path in PATHS}))
"""


def test_the_embedded_default_answers_the_screens_reads(tmp_path):
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")}
    env.update(SQLITE_PATH=str(tmp_path / "db.sqlite3"), EMBEDDED_SCHEDULER="false", DEMO_DATA="true")

    def manage(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=BACKEND,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    manage("migrate", "-v0")
    manage("seed_demo")
    out = manage("shell", "-c", f"PATHS = {READS!r}\n{SCRIPT}")
    statuses = json.loads(out.strip().splitlines()[-1])
    assert statuses == dict.fromkeys(READS, 200)
