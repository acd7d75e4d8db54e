"""The private iCalendar feed of a member (docs/calendar.md, "Subscribe")."""

from django.conf import settings
from django.db import models

from apps.core.models import TimeStampedModel


class CalendarFeed(TimeStampedModel):
    """The member's current feed key: the signed token in the feed's URL carries it, so a new
    key (rotation) or no row (revoked) makes every earlier URL answer 404."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
