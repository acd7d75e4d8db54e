from django.urls import path

from apps.integrations import views

urlpatterns = [
    path("calendar_schedule/", views.calendar_schedule, name="calendar-schedule"),
    path(
        "sync_time_tracked_externally_records/",
        views.sync_time_tracked_externally_records,
        name="sync-time-tracked-externally-records",
    ),
    path("time_tracker/", views.time_tracker, name="time-tracker"),
    # Task time (apps.projects) by tracker: the built-in tracker's id is this app's idea.
    path("user_task_time/<int:user_id>/", views.user_task_time, name="user-task-time"),
    path("time_tracked_externally/", views.time_tracked_externally, name="time-tracked-externally"),
    path("integrations/", views.integrations, name="integrations"),
    path("integrations/test_connection/", views.test_connection, name="integrations-test-connection"),
]
