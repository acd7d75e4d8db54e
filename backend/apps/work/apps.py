import importlib

from django.apps import AppConfig


class WorkConfig(AppConfig):
    name = "apps.work"
    label = "work"

    def ready(self) -> None:
        # Accounts sits below work: the user details' current_status and the observers' statuses
        # come from here (apps/accounts/hooks.py), through the same visibility rule as every
        # other screen (presence).
        from apps.accounts import hooks as accounts_hooks
        from apps.work.serializers import UserStatus

        accounts_hooks.user_status.provide(UserStatus())
        # Profile changes (accounts' services) carry the member's strip row, made here.
        from apps.work import events as work_events

        accounts_hooks.teammates.provide(work_events)
        # Tabs' heartbeats arrive at realtime's consumer, below work (docs/presence.md).
        from apps.realtime import hooks as realtime_hooks
        from apps.work.heartbeats import Heartbeats

        realtime_hooks.heartbeat.provide(Heartbeats())
        # drf-spectacular finds extensions by import: the schema of current_status.
        importlib.import_module("apps.work.schema")
