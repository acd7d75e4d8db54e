"""The working-time account's paths; config/urls.py mounts them under /api/work/."""

from django.urls import path

from apps.timeaccount import views

urlpatterns = [
    path("time_account/", views.summary, name="time-account"),
    path("time_account/schedules/", views.schedules, name="time-account-schedules"),
    path("time_account/schedules/<int:pattern_id>/", views.schedule_detail, name="time-account-schedule"),
    path("time_account/holidays/", views.holidays, name="time-account-holidays"),
    path("time_account/holidays/<int:holiday_id>/", views.holiday_detail, name="time-account-holiday"),
    path("time_account/holiday_region/", views.holiday_region, name="time-account-holiday-region"),
    path("time_account/members/<int:user_id>/", views.member, name="time-account-member"),
    path("time_account/adjustments/", views.adjustments, name="time-account-adjustments"),
]
