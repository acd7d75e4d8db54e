from django.apps import AppConfig


class ProjectsConfig(AppConfig):
    name = "apps.projects"

    def ready(self) -> None:
        # Work sits below projects: it asks for task time and tells of status changes through
        # its hooks, and projects answers here (the tracker pauses, resumes and stops).
        from apps.projects.services import tracker
        from apps.projects.time_selectors import TaskTimeSource
        from apps.work import hooks

        hooks.provide_task_time(TaskTimeSource())
        hooks.on_status_change(tracker.on_status_change)
