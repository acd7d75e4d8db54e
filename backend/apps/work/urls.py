from django.urls import path
from rest_framework.routers import SimpleRouter

from apps.work import views, views_days

router = SimpleRouter()
router.register("work_day", views_days.WorkDayViewSet, basename="work-day")
router.register("workshiftschedule", views_days.WorkShiftScheduleViewSet, basename="workshiftschedule")

urlpatterns = [
    path("create_log_user_status/", views.create_log_user_status, name="create-log-user-status"),
    path("leave_office/", views.leave_office, name="leave-office"),
    path("current_user_status/", views.current_user_status, name="current-user-status"),
    path("current_status_duration/", views.current_status_duration, name="current-status-duration"),
    path("choices/work_status_types/", views.work_status_types, name="work-status-types"),
    path("invisible_mode/", views.invisible_mode, name="invisible-mode"),
    path("status_history/", views_days.status_history, name="status-history"),
    path("latest_workday/", views_days.latest_workday, name="latest-workday"),
    path("worktime_summary/", views_days.worktime_summary, name="worktime-summary"),
    path("next_calendar_schedule/", views_days.next_calendar_schedule, name="next-calendar-schedule"),
    *router.urls,
]
