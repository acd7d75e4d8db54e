"""The calendar (issue 29): the week or month read, and the private iCalendar feed."""

from __future__ import annotations

import datetime as dt

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, authentication_classes, permission_classes, renderer_classes
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from apps.calendar import feed as feed_module
from apps.calendar import selectors
from apps.calendar.serializers import CalendarFeedSerializer, CalendarSerializer, answer_data, day_data
from apps.core import timeutils
from apps.core.params import date_param
from apps.work.views.common import FROM_PARAM, TO_PARAM, USER_PARAM, subject

RANGE_TOO_LONG = f"Choose at most {selectors.MAX_DAYS} days."
END_BEFORE_START = "The end date must not be before the start date."


@extend_schema(parameters=[FROM_PARAM, TO_PARAM, USER_PARAM], responses=CalendarSerializer)
@api_view(["GET"])
def calendar(request: Request) -> Response:
    """A member's days (default: this week from today) in their own time zone."""
    user = subject(request)
    start = date_param(request, "from_date", timeutils.local_today(user.timezone))
    end = date_param(request, "to_date", start + dt.timedelta(days=6))
    if end < start:
        raise ValidationError({"to_date": [END_BEFORE_START]})
    if (end - start).days >= selectors.MAX_DAYS:
        raise ValidationError({"to_date": [RANGE_TOO_LONG]})
    # The days come written as the API writes them (kept per process: selectors.calendar_answer).
    data = selectors.calendar_answer(
        user=user, from_date=start, to_date=end, viewer=request.user, render_day=day_data
    )
    return Response(answer_data(data, data["days"]))


def _feed_answer(request: Request, feed, *, code: int = 200) -> Response:
    url = (
        request.build_absolute_uri(f"/api/work/calendar/feed/{feed_module.token_for(feed)}.ics")
        if feed
        else None
    )
    return Response(CalendarFeedSerializer({"url": url}).data, status=code)


@extend_schema(methods=["GET"], responses=CalendarFeedSerializer, summary="The private feed's address")
@extend_schema(
    methods=["POST"],
    request=None,
    responses={201: CalendarFeedSerializer},
    summary="A new feed address (the old one stops working)",
)
@extend_schema(methods=["DELETE"], responses={204: None}, summary="Revoke the feed")
@api_view(["GET", "POST", "DELETE"])
def calendar_feed_settings(request: Request) -> Response:
    if request.method == "POST":
        return _feed_answer(request, feed_module.feed_rotate(user=request.user), code=201)
    if request.method == "DELETE":
        feed_module.feed_revoke(user=request.user)
        return Response(status=204)
    return _feed_answer(request, feed_module.feed_of(user=request.user))


class ICSRenderer(BaseRenderer):
    media_type = "text/calendar"
    format = "ics"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data if isinstance(data, bytes) else b""


@extend_schema(responses={(200, "text/calendar"): OpenApiTypes.BINARY, 404: None}, auth=[])
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
@renderer_classes([ICSRenderer])
def calendar_feed(request: Request, token: str) -> Response:
    """The feed a calendar app subscribes to: the token is the credential (no sign-in)."""
    feed = feed_module.feed_for_token(token)
    if feed is None:
        return Response(b"", status=404)
    response = Response(feed_module.ics(user=feed.user), content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, no-store"
    return response
