"""The default provider: the built-in task tracker (time on tasks, apps.projects, read directly).
Closed intervals are active time, the running one is processing."""

from __future__ import annotations

import datetime as dt

from apps.integrations.providers.base import TrackedEntry
from apps.projects import time_selectors

# The id of the built-in task tracker in GET /api/work/time_tracker/ (the external ones follow).
BUILTIN_TRACKER_ID = 1


class BuiltinProvider:
    key = "builtin"
    id = BUILTIN_TRACKER_ID
    title = "Remote Office"
    stored = False

    def clean(self, config: dict) -> dict:
        return {"provider": self.key}

    def check(self, config: dict) -> str:
        return "The built-in task tracker is always available."

    def entries(self, config: dict, *, lo: dt.datetime, hi: dt.datetime, user=None) -> list[TrackedEntry]:
        if user is None:
            return []
        return [
            TrackedEntry(
                external_id=f"task-{n}",
                start=interval.start,
                end=interval.end,
                type_enum="active" if interval.end is not None else "processing",
            )
            for n, interval in enumerate(time_selectors.tracked_intervals(user_id=user.pk, lo=lo, hi=hi))
        ]
