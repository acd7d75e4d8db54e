"""The background worker (docs/architecture.md, "Background jobs"): Celery, with Redis as the
broker (REDIS_URL, or CELERY_BROKER_URL) and beat for the schedules.

- Deployment (docker-compose): the `worker` service runs `celery -A config worker`, the `beat`
  service `celery -A config beat`; tasks are acknowledged late, with retries and time limits.
- Embedded default (no REDIS_URL): `task_always_eager`, so a task runs in the process that sends
  it, and `make serve` starts `run_embedded_beat` (EMBEDDED_SCHEDULER=true): a daemon thread that
  runs the same beat schedule in-process. `make run` needs no other process.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("remote_office")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

log = logging.getLogger(__name__)
_started = threading.Event()


def run_embedded_beat(*, tick: float = 15.0, only: list[str] | None = None) -> None:
    """Run the beat schedule (or the entries named in `only`) in this process; idempotent. The
    embedded default runs all of it; the e2e run's server (EMBEDDED_JOBS) the presence sweep and the
    shift guardian. The tick is at most the shortest schedule's."""
    if _started.is_set():
        return
    _started.set()

    def loop() -> None:
        from django.conf import settings

        app.loader.import_default_modules()  # the apps' tasks modules
        schedule = {
            name: entry
            for name, entry in settings.CELERY_BEAT_SCHEDULE.items()
            if only is None or name in only
        }
        every = min([tick, *(float(entry["schedule"]) for entry in schedule.values())])
        due = {name: time.monotonic() + 5 for name in schedule}
        while True:
            time.sleep(every)
            for name, entry in schedule.items():
                if time.monotonic() < due[name]:
                    continue
                due[name] = time.monotonic() + float(entry["schedule"])
                try:
                    app.tasks[entry["task"]].apply()
                except Exception:  # a failing job must not stop the others  # noqa: BLE001
                    log.exception("embedded beat: %s failed", name)

    threading.Thread(target=loop, name="embedded-beat", daemon=True).start()
