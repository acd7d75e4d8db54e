from django.urls import path

from apps.projects.views import activities

urlpatterns = [
    path(
        "get_unread_activities_in_projects/",
        activities.unread_tree,
        name="unread-activities-in-projects",
    ),
    path("unread_count/", activities.unread_count, name="unread-activities-count"),
    path("mark_as_read/", activities.mark_as_read, name="activities-mark-as-read"),
    path("activity/", activities.activity_create, name="activity-create"),
    path("activity/<int:activity_id>/", activities.activity_detail, name="activity-detail"),
    path("activity/<int:activity_id>/submit/", activities.activity_submit, name="activity-submit"),
    path("activity/<int:activity_id>/confirm/", activities.activity_confirm, name="activity-confirm"),
    path("task/<int:task_id>/", activities.task_activities, name="task-activities"),
    path("task/<int:task_id>/unread/", activities.task_unread_activities, name="task-unread-activities"),
]
