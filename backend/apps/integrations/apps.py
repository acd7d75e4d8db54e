from django.apps import AppConfig


class IntegrationsConfig(AppConfig):
    name = "apps.integrations"

    def ready(self) -> None:
        # Work (below) shows tracked time and the calendar import's state without importing
        # this app: it asks through its hooks (apps/work/hooks.py) and the answers are given here.
        from apps.integrations import selectors
        from apps.work import hooks

        hooks.tracked_time.provide(selectors.TrackedTime())
        hooks.calendar.provide(selectors.CalendarState())
