from django.apps import AppConfig


class WorkConfig(AppConfig):
    name = "apps.work"
    label = "work"
