"""External time trackers behind one interface (docs/integrations.md, "Time trackers").

A provider knows how to check a configuration (Test connection) and how to read the entries of
a time window as `TrackedEntry`s. The built-in one reads time on tasks (apps.projects, imported
directly) and stores nothing; the external ones are fetched by the sync and stored as
`ExternalTimeEntry` rows."""

from __future__ import annotations

from apps.integrations.providers.base import Provider, ProviderError, TrackedEntry
from apps.integrations.providers.builtin import BuiltinProvider
from apps.integrations.providers.clockify import ClockifyProvider
from apps.integrations.providers.toggl import TogglProvider

PROVIDERS: dict[str, Provider] = {p.key: p for p in (BuiltinProvider(), TogglProvider(), ClockifyProvider())}
BY_ID: dict[int, Provider] = {p.id: p for p in PROVIDERS.values()}
DEFAULT = "builtin"

UNKNOWN_PROVIDER = "Choose a tracker: builtin, toggl or clockify."


BY_TITLE: dict[str, Provider] = {p.title.lower(): p for p in PROVIDERS.values()} | {
    "toggl": PROVIDERS["toggl"]
}


def for_config(config: dict | None) -> Provider | None:
    """The provider a configuration names by `provider` (key) or `title` (GET time_tracker's);
    the built-in one when it names neither."""
    if not config:
        return None
    if config.get("provider"):
        return PROVIDERS.get(str(config["provider"]))
    if config.get("title"):
        return BY_TITLE.get(str(config["title"]).strip().lower())
    return PROVIDERS[DEFAULT]


__all__ = ["BY_ID", "DEFAULT", "PROVIDERS", "Provider", "ProviderError", "TrackedEntry", "for_config"]
