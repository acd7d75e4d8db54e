"""Which read stamp (apps/core/readstamps.py) the working-time account's worked time is kept under.

`d:<user>` (apps/work/stamps.py): the user's status records, work shifts and work days, renewed by
every write to any of them, a past day's included (work's migration 0006). A member's kept inputs
(selectors.work_inputs: the worked sum per year since the start, the recent days' totals and the
running records' starts) are read from exactly those tables, so a write that changes them renews
the stamp they are kept under, and the next read makes them again.
"""

from __future__ import annotations

from apps.core.readstamps import Copies

# Per process: per member a few years' sums, a month of days and the running record's start,
# about 1 KB; 20,000 members in 32 MB.
WORK_INPUTS = Copies("time account work", prefixes=("d:",), max_bytes=32 << 20)
