"""What realtime asks the apps above it (docs/architecture.md, "Hooks").

`heartbeat`: each open tab sends `{"type": "heartbeat", "active": <bool>}` over its socket
(docs/presence.md); the consumer hands it to work, which keeps the member's presence. Without a
provider a heartbeat is answered and otherwise ignored.
"""

from __future__ import annotations

from typing import Protocol

from apps.core.hooks import Hook


class HeartbeatListener(Protocol):
    def interval_seconds(self) -> float:
        """How often a tab sends a heartbeat (the consumer tells the tab in its answer)."""
        ...

    async def heartbeat(self, *, user_id: int, active: bool) -> None:
        """A tab of `user_id` is open; `active`: the person used it since its previous heartbeat.
        Called on the socket's event loop; must not raise."""
        ...


class _Nobody:
    def interval_seconds(self) -> float:
        return 30.0

    async def heartbeat(self, *, user_id: int, active: bool) -> None:
        return None


heartbeat: Hook[HeartbeatListener] = Hook("realtime.heartbeat", fallback=_Nobody())
