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
    path("time_account/rules/", views.account_rules, name="time-account-rules"),
    path("time_account/members/<int:user_id>/", views.member, name="time-account-member"),
    path("time_account/adjustments/", views.adjustments, name="time-account-adjustments"),
    path("time_account/time_off_types/", views.time_off_types, name="time-off-types"),
    path("time_account/time_off_types/<int:type_id>/", views.time_off_type_detail, name="time-off-type"),
    path("time_account/time_off/", views.time_off, name="time-off"),
    path("time_account/time_off/decide/", views.time_off_decide, name="time-off-decide"),
    path("time_account/time_off/<int:request_id>/cancel/", views.time_off_cancel, name="time-off-cancel"),
    path("time_account/time_off/allowance/", views.time_off_allowance, name="time-off-allowance"),
]
