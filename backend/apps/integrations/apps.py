from django.apps import AppConfig


class IntegrationsConfig(AppConfig):
    name = "apps.integrations"

    def ready(self) -> None:
        # Work (below) shows tracked time and the calendar import's state without importing
        # this app: it asks through its hooks and the answers are given here.
        from apps.integrations import selectors
        from apps.work import hooks

        hooks.provide_tracked_entries(selectors.tracked_entries)
        hooks.provide_calendar_state(selectors.calendar_state)
