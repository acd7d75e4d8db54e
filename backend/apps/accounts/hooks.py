"""What accounts must learn from the apps above it (apps.core.hooks).

- `user_status` (work, `WorkConfig.ready`): presence lives above accounts, so the user details'
  `current_status` (`status(user=..., viewer=...) -> dict`, the status payload as the viewer
  sees it) and the observers list's statuses (`statuses(users=[...], viewer=...)` ->
  `{user_id: status_enum_identifier}` in a bounded number of queries) come from there. No
  fallback: the user details cannot be shown without it.
- `teammates` (work, `WorkConfig.ready`): a profile change sends `teammate_updated` with the
  member's strip row as each recipient may see it (`publish_teammate_updated(user=...)`). No
  fallback: a profile change must reach the strips.
"""

from __future__ import annotations

from typing import Protocol

from apps.core.hooks import Hook


class UserStatusSource(Protocol):
    def status(self, *, user, viewer) -> dict: ...

    def statuses(self, *, users: list, viewer) -> dict[int, str]: ...


user_status: Hook[UserStatusSource] = Hook("accounts.user_status")


class TeammatesPublisher(Protocol):
    def publish_teammate_updated(self, *, user) -> None: ...


teammates: Hook[TeammatesPublisher] = Hook("accounts.teammates")
