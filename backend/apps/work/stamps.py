"""Which read stamp (apps/core/readstamps.py) the worktime summary's inputs and the open status
record (`me`, current status) are kept under.
`d:<user>`: the user's status records, work shifts and work days (triggers in work's migration
0006) and the task time and tracked intervals of their work days (projects' migration 0011). A
change to what the key covers there must change what the summary reads here, and the other way
round.
"""

from __future__ import annotations

from apps.core.readstamps import Copies


def day_key(user_id: int) -> str:
    return f"d:{user_id}"


# Per process: a day's records, intervals and task time, a few KB at most.
SUMMARY_INPUTS = Copies("worktime summary", prefixes=("d:",), max_bytes=16 << 20)
# Per process: a user's open status record with its shift (a list of at most one).
OPEN_RECORDS = Copies("open status record", prefixes=("d:",), max_bytes=8 << 20)
