"""The work-time table (spec 01 §3) under /api/work/worktime_table/: JSON, or CSV in the
viewer's timezone. Reads follow work's visibility (selectors.visible_users: self, observers,
admins and team-page owners)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.decorators import api_view, renderer_classes
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.params import ids_param
from apps.reports import week_grid, worktime_table
from apps.reports.serializers import WeekGridSerializer, WorktimeTableSerializer
from apps.work import selectors
from apps.work.views.common import FROM_PARAM, NO_SUCH_USER, TO_PARAM, date_range

TOO_MANY_USERS = f"Choose at most {worktime_table.MAX_USERS} members."


class CSVRenderer(BaseRenderer):
    """`Accept: text/csv` or `?format=csv`: the view hands rows (lists of cells)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, str):
            return data.encode()
        if isinstance(data, dict):  # an error answer: its messages, one per line
            lines = [
                [f"{key}: {' '.join(map(str, v)) if isinstance(v, list) else v}"] for key, v in data.items()
            ]
            return worktime_table.to_csv(lines).encode()
        return worktime_table.to_csv(data).encode()


@extend_schema(
    parameters=[
        FROM_PARAM,
        TO_PARAM,
        OpenApiParameter("user_ids", OpenApiTypes.STR, description="Comma-separated; defaults to you"),
        OpenApiParameter("group_by", OpenApiTypes.STR, enum=list(worktime_table.GROUP_BY)),
        OpenApiParameter("format", OpenApiTypes.STR, enum=["json", "csv"]),
    ],
    responses={
        (200, "application/json"): WorktimeTableSerializer,
        (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="Header row, rows, totals"),
    },
    summary="The work-time table of a date range (JSON, or CSV in your timezone)",
)
@api_view(["GET"])
@renderer_classes([JSONRenderer, CSVRenderer, BrowsableAPIRenderer])
def worktime_table_view(request: Request) -> Response:
    ids = ids_param(request, "user_ids") or [request.user.pk]
    ids = list(dict.fromkeys(ids))
    if len(ids) > worktime_table.MAX_USERS:
        raise ValidationError({"user_ids": [TOO_MANY_USERS]})
    visible = {u.pk: u for u in selectors.visible_users(viewer=request.user).filter(pk__in=ids)}
    if request.user.pk in ids:
        visible[request.user.pk] = request.user
    if len(visible) != len(ids):
        raise NotFound(NO_SUCH_USER)
    users = [visible[i] for i in ids]
    start, end = date_range(request, user=request.user, default_days=6)
    group_by = request.query_params.get("group_by") or "date"
    if group_by not in worktime_table.GROUP_BY:
        raise ValidationError({"group_by": ["Choose date or member."]})
    table = worktime_table.worktime_table(users=users, from_date=start, to_date=end, group_by=group_by)
    if request.accepted_renderer.format == "csv":
        lines = worktime_table.csv_lines(table, tz_name=request.user.timezone)
        name = f"worktime-{start.isoformat()}-{end.isoformat()}.csv"
        return Response(lines, headers={"Content-Disposition": f'attachment; filename="{name}"'})
    return Response(WorktimeTableSerializer(table, context={"request": request}).data)


@extend_schema(
    parameters=[FROM_PARAM, TO_PARAM],
    responses=WeekGridSerializer,
    summary="Your time on tasks per day of a range (History's week grid; at most 31 days)",
)
@api_view(["GET"])
def week_grid_view(request: Request) -> Response:
    start, end = date_range(request, user=request.user, default_days=6)
    if (end - start).days >= week_grid.MAX_GRID_DAYS:
        raise ValidationError({"to_date": [week_grid.RANGE_TOO_LONG]})
    grid = week_grid.week_grid(user=request.user, from_date=start, to_date=end)
    return Response(WeekGridSerializer(grid).data)
