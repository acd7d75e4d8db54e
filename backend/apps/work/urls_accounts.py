"""Work's views that live under /api/accounts/ (their paths predate the move to work)."""

from django.urls import path

from apps.work.views import teammates

urlpatterns = [
    path("teammates/", teammates.teammates, name="teammates"),
    path("teammates/<int:user_id>/pin/", teammates.teammate_pin, name="teammate-pin"),
]
