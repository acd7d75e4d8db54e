from django.apps import AppConfig


class DemoConfig(AppConfig):
    """Demo data (`manage.py seed_demo`): the top of the app graph, it may use every other app."""

    name = "apps.demo"
    label = "demo"
