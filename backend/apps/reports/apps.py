from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """Reports composed over work, projects, integrations and checkout (the work-time table):
    above all of them in the app graph, so it imports what it shows and needs no hook."""

    name = "apps.reports"
