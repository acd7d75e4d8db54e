from django.urls import path

from apps.calendar import views

urlpatterns = [
    path("calendar/", views.calendar, name="calendar"),
    path("calendar/subscription/", views.calendar_feed_settings, name="calendar-subscription"),
    path("calendar/feed/<str:token>.ics", views.calendar_feed, name="calendar-feed"),
]
