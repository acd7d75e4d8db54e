"""The one way for a lower app to learn from a higher one (docs/architecture.md, "Hooks").

An app may import only the apps below it. When it must ask a question only a higher app can
answer (work counts task time, which projects owns), or tell news a higher app acts on (a status
change stops the projects' task tracker), it declares a `Hook` typed by a Protocol of what it
asks, in its `hooks.py`; the higher app gives the answer in its `AppConfig.ready()`:

    # apps/work/hooks.py: work asks
    task_time: Hook[TaskTimeSource] = Hook("task time", fallback=NoTaskTime())
    # apps/projects/apps.py: projects answers
    hooks.task_time.provide(TaskTimeSource())
    # inside work
    hooks.task_time.get().intervals(user_id=..., lo=..., hi=...)

One provider per hook; a hook without a fallback raises until it is provided (accounts' user
status: the user details cannot be shown without it). A higher app that may simply import the
lower one's answer never uses a hook.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from django.core.exceptions import ImproperlyConfigured

T = TypeVar("T")


class Hook(Generic[T]):
    __slots__ = ("name", "_fallback", "_provider")

    def __init__(self, name: str, *, fallback: T | None = None) -> None:
        self.name = name
        self._fallback = fallback
        self._provider: T | None = None

    def provide(self, provider: T) -> None:
        """Called once from a higher app's AppConfig.ready(); a second call replaces the first."""
        self._provider = provider

    def get(self) -> T:
        if self._provider is not None:
            return self._provider
        if self._fallback is None:
            raise ImproperlyConfigured(f"no app provides the hook {self.name!r}")
        return self._fallback

    @property
    def provided(self) -> bool:
        return self._provider is not None
