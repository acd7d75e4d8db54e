from django.urls import path

from apps.reports import closing_views, digest_views, views

urlpatterns = [
    path("worktime_table/", views.worktime_table_view, name="worktime-table"),
    path("week_grid/", views.week_grid_view, name="week-grid"),
    # Closing the week (issue 28, docs/closing.md).
    path("period/", closing_views.period, name="period"),
    path("period/submit/", closing_views.period_submit, name="period-submit"),
    path("period/approvals/", closing_views.period_approvals, name="period-approvals"),
    path("period/decide/", closing_views.period_decide, name="period-decide"),
    path("period/lock/", closing_views.period_lock, name="period-lock"),
    path("period/<int:pk>/reopen/", closing_views.period_reopen, name="period-reopen"),
    path("closed_days/", closing_views.closed_days, name="closed-days"),
    path("correction/", closing_views.correction, name="correction"),
    path("payroll_export/", closing_views.payroll_export, name="payroll-export"),
    path("correction/<int:pk>/decide/", closing_views.correction_decide, name="correction-decide"),
    # The morning digest (issue 32, docs/reminders.md).
    path("digest/", digest_views.digest_view, name="digest"),
]
