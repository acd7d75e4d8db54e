"""Which read stamps (apps/core/readstamps.py) the calendar's kept days are kept under.

- `d:<user>` (apps/work/stamps.py): the member's status records, work shifts and work days, and
  the task time and tracked intervals of their work days;
- `c:<user>`: what else only the calendar shows of the member: their schedules (planned sessions,
  imported events; work's migration 0013), the titles of the tasks they have time on (projects'
  migration 0013) and their calendar import's state (integrations' migration 0002);
- `w:<workspace>` and `g` (apps/projects/stamps.py): the titles and colours of the projects of
  the member's workspace and the palette, which the days' task time shows.

A change to what a key covers there must change what the calendar reads here, and the other way
round (tests/guards/test_readstamps_coverage.py checks the tables).
"""

from __future__ import annotations

from apps.core.readstamps import Copies
from apps.projects.stamps import PALETTE, workspace_key
from apps.work.stamps import day_key


def plan_key(user_id: int) -> str:
    return f"c:{user_id}"


def calendar_keys(user) -> tuple[str, ...]:
    keys = (day_key(user.pk), plan_key(user.pk), PALETTE)
    return (*keys, workspace_key(user.workspace_id)) if user.workspace_id else keys


# Per process: a month's rendered days are about 20 KB; one copy per member and range.
CALENDARS = Copies("calendar", prefixes=("d:", "c:", "w:", PALETTE), max_bytes=16 << 20)
