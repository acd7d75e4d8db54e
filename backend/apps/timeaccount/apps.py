from django.apps import AppConfig


class TimeAccountConfig(AppConfig):
    """The working-time account (issue 27, docs/timeaccount.md): work patterns (the target),
    public and workspace holidays, adjustments and the balance. Above checkout, below reports:
    it reads work's stored day totals directly and needs no hook."""

    name = "apps.timeaccount"
    label = "timeaccount"
