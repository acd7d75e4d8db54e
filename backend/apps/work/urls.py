from django.urls import path

from apps.work import views

urlpatterns = [
    path("create_log_user_status/", views.create_log_user_status, name="create-log-user-status"),
    path("leave_office/", views.leave_office, name="leave-office"),
    path("current_user_status/", views.current_user_status, name="current-user-status"),
    path("choices/work_status_types/", views.work_status_types, name="work-status-types"),
]
