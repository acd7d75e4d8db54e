from django.apps import AppConfig


class CalendarConfig(AppConfig):
    name = "apps.calendar"
    label = "member_calendar"  # not `calendar`: the standard library's module has that name
