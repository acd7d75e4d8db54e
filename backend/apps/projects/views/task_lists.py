from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.params import bool_param, int_param
from apps.projects import permissions, selectors
from apps.projects.serializers.projects import (
    TaskListSerializer,
    TaskListUpdateSerializer,
    TaskListWriteSerializer,
)
from apps.projects.services import task_lists as services


@extend_schema(
    parameters=[OpenApiParameter("parent_project", int), OpenApiParameter("archived_yn", OpenApiTypes.BOOL)],
    responses={200: TaskListSerializer(many=True)},
    summary="Lists of the caller's projects, by title (at most 1000)",
)
@api_view(["GET"])
def task_lists(request: Request) -> Response:
    rows = selectors.task_lists_for(
        user=request.user,
        project_id=int_param(request, "parent_project"),
        archived_yn=bool_param(request, "archived_yn"),
    )
    return Response(TaskListSerializer(rows, many=True).data)


@extend_schema(
    parameters=[OpenApiParameter("archived_yn", OpenApiTypes.BOOL)],
    responses={200: TaskListSerializer(many=True)},
    summary="Lists of one project, for the overview table",
)
@api_view(["GET"])
def project_task_lists(request: Request, project_id: int) -> Response:
    project = permissions.project_for(request.user, project_id)
    rows = selectors.task_lists_for(
        user=request.user, project_id=project.pk, archived_yn=bool_param(request, "archived_yn")
    )
    return Response(TaskListSerializer(rows, many=True).data)


@extend_schema(request=TaskListWriteSerializer, responses={201: TaskListSerializer}, summary="Create a list")
@api_view(["POST"])
def task_list_create(request: Request) -> Response:
    data = TaskListWriteSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    project = permissions.project_for(request.user, data.validated_data["parent_project"], owner=True)
    task_list = services.task_list_create(
        user=request.user,
        project=project,
        title=data.validated_data["title"],
        archived_yn=data.validated_data["archived_yn"],
        removed_yn=False,  # accepted for the spec's payload; a new list is never created removed
    )
    row = selectors.task_list_detail(user=request.user, task_list_id=task_list.pk)
    return Response(TaskListSerializer(row).data, status=status.HTTP_201_CREATED)


@extend_schema(methods=["GET"], responses={200: TaskListSerializer})
@extend_schema(
    methods=["PUT", "PATCH"],
    request=TaskListUpdateSerializer,
    responses={200: TaskListSerializer},
    description="Rename, archive or unarchive (owners only). PUT takes the whole list as the spec "
    "sends it; only title and archived_yn change.",
)
@api_view(["GET", "PUT", "PATCH"])
def task_list_detail(request: Request, task_list_id: int) -> Response:
    if request.method == "GET":
        task_list = permissions.task_list_for(request.user, task_list_id)
    else:
        task_list = permissions.task_list_for(request.user, task_list_id, owner=True)
        # PUT sends the whole list (its title at least); PATCH only what changes.
        data = TaskListUpdateSerializer(data=request.data, partial=request.method == "PATCH")
        data.is_valid(raise_exception=True)
        services.task_list_update(
            task_list=task_list,
            title=data.validated_data.get("title"),
            archived_yn=data.validated_data.get("archived_yn"),
        )
    return Response(
        TaskListSerializer(selectors.task_list_detail(user=request.user, task_list_id=task_list.pk)).data
    )
