"""One log line per outage of a dependency (Redis, the database), however many callers hit it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from time import monotonic

# After a dependency came back, failures within this many seconds belong to the same outage (a
# service that has just restarted fails a few calls on connections it killed): counted, not logged.
SETTLE_SECONDS = 60.0


class Outage:
    """Per process: `failed` logs one warning when the dependency starts failing, `succeeded` one
    when it works again. A failure within SETTLE_SECONDS of coming back is counted silently, so a
    service that flaps while it recovers costs two lines, not one per failed call. `note`, when
    given, adds what else is known of the cause to the first line. Callers on several threads
    (requests) and on the event loop (sockets) may report at once: one of them logs."""

    def __init__(
        self,
        logger: logging.Logger,
        unavailable: str,
        available: str,
        level: int = logging.WARNING,
        note: Callable[[], str] | None = None,
    ) -> None:
        self.logger = logger
        self.level = level
        self.unavailable = unavailable
        self.available = available
        self.note = note
        self.down = False  # logged as unavailable and not yet as available again
        self.failures = 0  # failed calls since the line that said it was unavailable
        self.back_at: float | None = None
        self._lock = threading.Lock()

    def failed(self, error: BaseException, detail: str = "") -> None:
        with self._lock:
            self.failures += 1
            if self.down:
                return
            if self.back_at is not None and monotonic() - self.back_at < SETTLE_SECONDS:
                return  # the outage that just ended, settling
            self.down = True
            self.failures = 1
        context = f" ({detail})" if detail else ""
        extra = self.note() if self.note is not None else ""
        extra = f"; {extra}" if extra else ""
        self.logger.log(
            self.level, "%s%s: %s: %s%s", self.unavailable, context, type(error).__name__, error, extra
        )

    def succeeded(self) -> None:
        if not self.down:  # the common case, without the lock
            return
        with self._lock:
            if not self.down:
                return
            self.down = False
            self.back_at = monotonic()
            failures = self.failures
        self.logger.log(self.level, "%s (%d failed during the outage)", self.available, failures)


# The pool's own warnings (psycopg_pool logs one per failed connection attempt and per broken
# connection it discards) are not printed: the latest one is kept here, and the database outage's
# first line carries it when it is recent (a pool timeout alone does not say why).
POOL_WARNING_SECONDS = 10.0
_pool_warning: tuple[float, str] | None = None


class PoolWarnings(logging.Filter):
    """On the `psycopg.pool` logger (settings.LOGGING): warnings are folded into the database
    outage's lines (kept, not printed); errors pass."""

    def filter(self, record: logging.LogRecord) -> bool:
        global _pool_warning
        if record.levelno >= logging.ERROR:
            return True
        _pool_warning = (monotonic(), record.getMessage())
        return False


def _recent_pool_warning() -> str:
    kept = _pool_warning
    if kept is None or monotonic() - kept[0] > POOL_WARNING_SECONDS:
        return ""
    return f"the pool: {kept[1]}"


# The database, for everything in this process that needs it: HTTP requests (503 + Retry-After,
# apps.core.middleware), websocket handshakes (close 1013, apps.accounts.websocket) and tabs'
# heartbeats (not recorded, apps.work.heartbeats). Two lines per outage, whoever meets it; the
# count on the second line is every refused call (issue 33).
database = Outage(
    logging.getLogger("apps.core.database"),
    "database unavailable, answering 503 with Retry-After and refusing websocket handshakes until it is back",
    "database available again",
    note=_recent_pool_warning,
)
