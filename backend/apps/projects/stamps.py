"""Which read stamps (apps/core/readstamps.py) the project list and the personal counts are kept
under. The triggers that write them are in apps/projects/migrations/0010_read_stamps.py: a change
to what a key covers there must change what a read here depends on, and the other way round.
"""

from __future__ import annotations

from apps.core.readstamps import Copies

# The built-in palette; a workspace's projects, colours, task lists and memberships; a user's task
# links with their tasks' archived flag and list.
PALETTE = "g"


def workspace_key(workspace_id: int) -> str:
    return f"w:{workspace_id}"


def user_key(user_id: int) -> str:
    return f"u:{user_id}"


def project_list_keys(user) -> tuple[str, ...]:
    return (PALETTE, workspace_key(user.workspace_id))


def personal_counts_keys(user) -> tuple[str, ...]:
    return (workspace_key(user.workspace_id), user_key(user.pk))


# Per process: a counts copy is a few hundred bytes; a list copy about 0.4 KB a project (a
# few KB for most people, at most 200 KB at MAX_PROJECTS).
PROJECT_LISTS = Copies("project list", prefixes=(PALETTE, "w:"), max_bytes=16 << 20)
PERSONAL_COUNTS = Copies("side menu counts", prefixes=("w:", "u:"), max_bytes=2 << 20)
