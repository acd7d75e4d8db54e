"""Query parameters, read strictly: a malformed value answers 400, never a 500.

The one place that parses query strings for every app (ids, flags, pages, dates)."""

from __future__ import annotations

import datetime as dt

from rest_framework.exceptions import ValidationError

from apps.core import timeutils

MAX_ID = 2**63 - 1  # ids are 64-bit; larger numbers overflow the database driver
MAX_PAGE = 100_000
TRUE = {"true", "1", "yes"}
FALSE = {"false", "0", "no"}


def bool_param(request, name: str) -> bool | None:
    """true / false (1 / 0); None when absent. Sent empty (`?archived_yn=`) is no boolean: a 400, as
    the schema's type says (schemathesis' negative data, docs/security.md)."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    if raw.lower() in TRUE:
        return True
    if raw.lower() in FALSE:
        return False
    raise ValidationError({name: ["Use true or false."]})


def int_param(
    request,
    name: str,
    *,
    default: int | None = None,
    minimum: int = 1,
    maximum: int | None = MAX_ID,
    message: str | None = None,
):
    """A whole number in [minimum, maximum]; `message` replaces both error texts (the work
    endpoints have always answered "Enter a whole number."). Absent: `default`. Sent empty
    (`?page=`) is no number: a 400, like an empty date or boolean (the schema says integer)."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValidationError({name: [message or "Use a whole number."]}) from None
    if value < minimum or (maximum is not None and value > maximum):
        raise ValidationError({name: [message or f"Use a number from {minimum} to {maximum or 'up'}."]})
    return value


def date_param(request, name: str, default: dt.date) -> dt.date:
    """YYYY-MM-DD (or YYYYMMDD) within timeutils.MIN_DATE..MAX_DATE; `default` when absent.
    Sent empty (`?to_date=`) is no date: a 400, as the schema's date format says."""
    value = request.query_params.get(name)
    if value is None:
        return default
    if value == "":
        raise ValidationError({name: [timeutils.BAD_DATE]})
    try:
        return timeutils.parse_date(value)
    except ValueError as error:
        raise ValidationError({name: [str(error)]}) from None


def ids_param(request, name: str) -> list[int] | None:
    """`?name=1,2,3` or `?name=1&name=2`."""
    values = request.query_params.getlist(name)
    if not values:
        return None
    ids = []
    for value in values:
        for part in value.split(","):
            part = part.strip()
            if not part:
                continue
            # isascii: str.isdigit() also accepts digits like "²" that int() refuses
            if not (part.isascii() and part.isdigit()) or not 1 <= int(part) <= MAX_ID:
                raise ValidationError({name: ["Use ids separated by commas."]})
            ids.append(int(part))
    return ids[:500]


def page(queryset, request, *, page_size: int) -> tuple[list, int]:
    number = int_param(request, "page", default=1, maximum=MAX_PAGE)
    count = queryset.count()
    start = (number - 1) * page_size
    return list(queryset[start : start + page_size]), count
