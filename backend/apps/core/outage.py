"""One log line per outage of a dependency (Redis, the database), however many callers hit it."""

from __future__ import annotations

import logging
from time import monotonic

# After a dependency came back, failures within this many seconds belong to the same outage (a
# service that has just restarted fails a few calls on connections it killed): counted, not logged.
SETTLE_SECONDS = 60.0


class Outage:
    """Per process: `failed` logs one warning when the dependency starts failing, `succeeded` one
    when it works again. A failure within SETTLE_SECONDS of coming back is counted silently, so a
    service that flaps while it recovers costs two lines, not one per failed call."""

    def __init__(
        self, logger: logging.Logger, unavailable: str, available: str, level: int = logging.WARNING
    ) -> None:
        self.logger = logger
        self.level = level
        self.unavailable = unavailable
        self.available = available
        self.down = False  # logged as unavailable and not yet as available again
        self.failures = 0  # failed calls since the line that said it was unavailable
        self.back_at: float | None = None

    def failed(self, error: BaseException, detail: str = "") -> None:
        self.failures += 1
        if self.down:
            return
        if self.back_at is not None and monotonic() - self.back_at < SETTLE_SECONDS:
            return  # the outage that just ended, settling
        self.down = True
        self.failures = 1
        context = f" ({detail})" if detail else ""
        self.logger.log(self.level, "%s%s: %s: %s", self.unavailable, context, type(error).__name__, error)

    def succeeded(self) -> None:
        if not self.down:
            return
        self.down = False
        self.back_at = monotonic()
        self.logger.log(self.level, "%s (%d failed during the outage)", self.available, self.failures)
