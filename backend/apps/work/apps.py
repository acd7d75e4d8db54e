import importlib

from django.apps import AppConfig


class WorkConfig(AppConfig):
    name = "apps.work"
    label = "work"

    def ready(self) -> None:
        # Accounts sits below work: the user details' current_status comes from here, through
        # the same visibility rule as every other screen (presence.visible_status_record).
        from apps.accounts.serializers import provide_user_status
        from apps.work.presence import visible_status_record
        from apps.work.serializers import status_payload

        def current_status(*, user, viewer) -> dict:
            return status_payload(visible_status_record(user=user, viewer=viewer))

        provide_user_status(current_status)
        from apps.accounts.serializers import provide_user_statuses
        from apps.work.presence import seen_statuses

        provide_user_statuses(seen_statuses)
        # Profile changes (accounts' services) carry the member's strip row, made here.
        from apps.accounts.events import provide_teammate_publisher
        from apps.work.events import publish_teammate_updated

        provide_teammate_publisher(publish_teammate_updated)
        # The shared teammates strip is forgotten when what it shows changes (apps/work/strip.py).
        from apps.work import signals

        signals.connect()
        # drf-spectacular finds extensions by import: the schema of current_status.
        importlib.import_module("apps.work.schema")
