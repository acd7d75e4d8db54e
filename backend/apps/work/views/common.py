"""What the work views share: whose data a read is about and the date range asked for."""

from __future__ import annotations

import datetime as dt

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request

from apps.core import timeutils
from apps.core.params import date_param, int_param
from apps.work import selectors

NO_SUCH_USER = "No such user."
RANGE_TOO_LONG = f"Choose at most {selectors.MAX_RANGE_DAYS} days."
WHOLE_NUMBER = "Enter a whole number."


def id_param(request: Request, name: str) -> int | None:
    return int_param(request, name, message=WHOLE_NUMBER)


def date_range(request: Request, *, user, default_days: int = 0) -> tuple[dt.date, dt.date]:
    today = timeutils.local_today(user.timezone)
    start = date_param(request, "from_date", today)
    end = date_param(request, "to_date", start + dt.timedelta(days=default_days))
    if end < start:
        raise ValidationError({"to_date": ["The end date must not be before the start date."]})
    if (end - start).days >= selectors.MAX_RANGE_DAYS:
        raise ValidationError({"to_date": [RANGE_TOO_LONG]})
    return start, end


def subject(request: Request):
    """The user a read is about: `?user=` (default: the caller), 404 when the caller may not see them."""
    user = selectors.subject_user(viewer=request.user, user_id=id_param(request, "user"))
    if user is None:
        raise NotFound(NO_SUCH_USER)
    return user


USER_PARAM = OpenApiParameter("user", OpenApiTypes.INT, description="Defaults to you.")
FROM_PARAM = OpenApiParameter("from_date", OpenApiTypes.DATE)
TO_PARAM = OpenApiParameter("to_date", OpenApiTypes.DATE)
