from django.urls import path
from rest_framework.routers import SimpleRouter

from apps.work.views import days, guardian, invisible, schedules, shifts, status

router = SimpleRouter()
router.register("work_day", days.WorkDayViewSet, basename="work-day")
router.register("workshift", shifts.WorkShiftViewSet, basename="workshift")
router.register("workshiftschedule", schedules.WorkShiftScheduleViewSet, basename="workshiftschedule")

urlpatterns = [
    path("create_log_user_status/", status.create_log_user_status, name="create-log-user-status"),
    path("leave_office/", status.leave_office, name="leave-office"),
    path("current_user_status/", status.current_user_status, name="current-user-status"),
    path("current_status_duration/", status.current_status_duration, name="current-status-duration"),
    path("choices/work_status_types/", status.work_status_types, name="work-status-types"),
    path("invisible_mode/", invisible.invisible_mode, name="invisible-mode"),
    path("status_history/", days.status_history, name="status-history"),
    path("latest_workday/", days.latest_workday, name="latest-workday"),
    path("worktime_summary/", days.worktime_summary, name="worktime-summary"),
    path("next_calendar_schedule/", schedules.next_calendar_schedule, name="next-calendar-schedule"),
    path("change_log/", shifts.change_log, name="change-log"),
    path("shift_prompt/", guardian.shift_prompt, name="shift-prompt"),
    path("shift_prompt/<int:pk>/answer/", guardian.shift_prompt_answer, name="shift-prompt-answer"),
    *router.urls,
]
