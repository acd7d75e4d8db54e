"""The checkout's paths; config/urls.py mounts them under /api/work/ (the spec's paths)."""

from django.urls import path

from apps.checkout.views import checkout as views

urlpatterns = [
    path(
        "run_workspace_checkout_checks/<int:user_id>/",
        views.run_workspace_checkout_checks,
        name="run-workspace-checkout-checks",
    ),
    path("checkout_check_status/", views.checkout_check_status, name="checkout-check-status"),
    path("checkout_check_status/dismiss_all/", views.dismiss_all, name="checkout-check-status-dismiss-all"),
    path(
        "checkout_check_status/<int:status_id>/",
        views.checkout_check_status_detail,
        name="checkout-check-status-detail",
    ),
    path(
        "checkout_check_status_log/mark_checkoutstatus_read_by_ids/",
        views.mark_checkoutstatus_read_by_ids,
        name="mark-checkoutstatus-read-by-ids",
    ),
    path("work_day/workday_summary/", views.workday_summary, name="workday-summary"),
    path("work_day/<int:pk>/notes_draft/", views.notes_draft, name="work-day-notes-draft"),
    path("team_checkout_workdays/", views.team_checkout_workdays, name="team-checkout-workdays"),
    path("checkout_date_status/", views.checkout_date_status, name="checkout-date-status"),
    path("checkout/create_task/", views.checkout_create_task, name="checkout-create-task"),
    path("checkout/leave_office/", views.checkout_leave_office, name="checkout-leave-office"),
    path("checkout_check_config/", views.checkout_check_config, name="checkout-check-config"),
]
