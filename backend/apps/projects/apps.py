from django.apps import AppConfig


class ProjectsConfig(AppConfig):
    name = "apps.projects"

    def ready(self) -> None:
        # Work sits below projects: it asks for task time and tells of status changes through
        # its hooks (apps/work/hooks.py), and projects answers here: the tracker pauses, resumes
        # and stops with the status.
        from apps.projects.services.time.tracker import FollowsStatus
        from apps.projects.time_selectors import TaskTimeSource
        from apps.work import hooks

        hooks.task_time.provide(TaskTimeSource())
        hooks.status_change.provide(FollowsStatus())
