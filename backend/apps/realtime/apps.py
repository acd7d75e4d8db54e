from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class RealtimeConfig(AppConfig):
    name = "apps.realtime"
    label = "realtime"

    def ready(self) -> None:
        # Fill the event registry: each app declares its events in its own `events` module.
        # Realtime names no app above it; it imports them only once every app is ready.
        autodiscover_modules("events")
