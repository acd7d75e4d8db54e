"""Time on tasks lives in projects (it joins tasks to work days) but its paths are work's."""

from django.urls import path

from apps.projects.views import task_time

urlpatterns = [
    path("task_time/", task_time.task_time, name="task-time"),
    path("allocated_time/", task_time.allocated_time, name="allocated-time"),
    path("workday_task/", task_time.workday_task, name="workday-task"),
    path("workday_project/", task_time.workday_project, name="workday-project"),
    path("work_day/<int:pk>/tasks/", task_time.work_day_tasks, name="work-day-tasks"),
    path("task_tracker/", task_time.task_tracker, name="task-tracker"),
    path("task_tracker/start/", task_time.task_tracker_start, name="task-tracker-start"),
    path("task_tracker/pause/", task_time.task_tracker_pause, name="task-tracker-pause"),
    path("task_tracker/stop/", task_time.task_tracker_stop, name="task-tracker-stop"),
]
