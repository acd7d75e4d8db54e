"""Activities and unread tracking (spec 02 §7; paths the spec leaves open: docs/api.md)."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from apps.projects import permissions
from apps.projects import selectors_activities as selectors
from apps.projects.serializers.activities import (
    ActivitiesMarkedSerializer,
    ActivityCreateSerializer,
    ActivitySerializer,
    ActivityUpdateSerializer,
    MarkReadSerializer,
    UnreadCountSerializer,
    UnreadTreeSerializer,
)
from apps.projects.services import activities as services


def _context(request: Request, task) -> dict:
    owner = services.is_project_owner(request.user, task.task_list.parent_project_id)
    return {
        "request": request,
        "project_owner": owner,
        "confirmer": services.can_confirm(request.user, task, project_owner=owner),
    }


def _one(request: Request, activity_id: int, *, status_code: int = 200) -> Response:
    row = selectors.with_read(selectors.visible_activities(request.user), request.user).get(pk=activity_id)
    task = permissions.task_for(request.user, row.task_id)
    return Response(ActivitySerializer(row, context=_context(request, task)).data, status=status_code)


def _activity(request: Request, activity_id: int):
    activity = permissions.get_or_404(
        selectors.visible_activities(request.user).select_related("task__task_list", "user"), activity_id
    )
    return activity


@extend_schema(
    request=ActivityCreateSerializer, responses={201: ActivitySerializer}, summary="Write an activity"
)
@api_view(["POST"])
def activity_create(request: Request) -> Response:
    data = ActivityCreateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    task = permissions.task_for(request.user, data.validated_data["task"])
    activity = services.activity_create(
        user=request.user,
        task=task,
        text_json=data.validated_data["text_json"],
        submit=data.validated_data["submitted_yn"],
    )
    return _one(request, activity.pk, status_code=status.HTTP_201_CREATED)


@extend_schema(methods=["GET"], responses={200: ActivitySerializer})
@extend_schema(methods=["PATCH"], request=ActivityUpdateSerializer, responses={200: ActivitySerializer})
@extend_schema(methods=["DELETE"], responses={204: None})
@api_view(["GET", "PATCH", "DELETE"])
def activity_detail(request: Request, activity_id: int) -> Response:
    activity = _activity(request, activity_id)
    if request.method == "PATCH":
        data = ActivityUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.activity_update(
            user=request.user, activity=activity, text_json=data.validated_data["text_json"]
        )
    elif request.method == "DELETE":
        services.activity_delete(user=request.user, activity=activity)
        return Response(status=status.HTTP_204_NO_CONTENT)
    return _one(request, activity.pk)


@extend_schema(request=None, responses={200: ActivitySerializer}, summary="Submit a draft (its author)")
@api_view(["POST"])
def activity_submit(request: Request, activity_id: int) -> Response:
    services.activity_submit(user=request.user, activity=_activity(request, activity_id))
    return _one(request, activity_id)


@extend_schema(
    request=None, responses={200: ActivitySerializer}, summary="Confirm an activity (task or project owner)"
)
@api_view(["POST"])
def activity_confirm(request: Request, activity_id: int) -> Response:
    services.activity_confirm(user=request.user, activity=_activity(request, activity_id))
    return _one(request, activity_id)


@extend_schema(
    responses={200: ActivitySerializer(many=True)},
    summary="The activity tab: submitted activities and the caller's drafts, newest first (at most 200)",
)
@api_view(["GET"])
def task_activities(request: Request, task_id: int) -> Response:
    task = permissions.task_for(request.user, task_id)
    rows = selectors.task_activities(user=request.user, task=task)
    return Response(ActivitySerializer(rows, many=True, context=_context(request, task)).data)


@extend_schema(
    responses={200: ActivitySerializer(many=True)},
    summary="The caller's unread activities of a task, newest first",
)
@api_view(["GET"])
def task_unread_activities(request: Request, task_id: int) -> Response:
    task = permissions.task_for(request.user, task_id)
    rows = selectors.task_unread_activities(user=request.user, task=task)
    return Response(ActivitySerializer(rows, many=True, context=_context(request, task)).data)


@extend_schema(responses={200: UnreadTreeSerializer}, summary="The unread tree of the caller")
@api_view(["GET"])
def unread_tree(request: Request) -> Response:
    return Response(
        {
            "projects": selectors.unread_tree(user=request.user),
            "unread_count": selectors.unread_count(user=request.user),
        }
    )


@extend_schema(responses={200: UnreadCountSerializer}, summary="The Unread badge of the side menu")
@api_view(["GET"])
def unread_count(request: Request) -> Response:
    return Response({"unread_count": selectors.unread_count(user=request.user)})


@extend_schema(
    request=MarkReadSerializer,
    responses={201: ActivitiesMarkedSerializer, 200: ActivitiesMarkedSerializer},
    description="One of activityId, taskId, projectId. 201 when read logs were made, 200 when there was "
    "nothing unread to mark.",
)
@api_view(["POST"])
def mark_as_read(request: Request) -> Response:
    data = MarkReadSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    keys = data.validated_data
    user = request.user
    if "activityId" in keys:
        rows = services.mark_read(user=user, activity=_activity(request, keys["activityId"]))
    elif "taskId" in keys:
        rows = services.mark_read(user=user, task=permissions.task_for(user, keys["taskId"]))
    else:
        rows = services.mark_read(user=user, project=permissions.project_for(user, keys["projectId"]))
    return Response(
        {
            "items": [{"activity": row.pk, "task": row.task_id} for row in rows],
            "unread_count": selectors.unread_count(user=user),
        },
        status=status.HTTP_201_CREATED if rows else status.HTTP_200_OK,
    )
