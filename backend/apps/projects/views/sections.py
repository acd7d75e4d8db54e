from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.params import bool_param, int_param, page
from apps.projects import permissions, selectors
from apps.projects.serializers.sections import (
    SectionCreateSerializer,
    SectionMergeSerializer,
    SectionMoveSerializer,
    SectionMoveToListSerializer,
    SectionRemoveSerializer,
    SectionRenameSerializer,
    SectionSerializer,
    SectionTaskCountSerializer,
)
from apps.projects.serializers.tasks import TaskPageSerializer, TaskSerializer
from apps.projects.services import sections as services

SECTION_PAGE_SIZE = 10


def _row(section) -> dict:
    return SectionSerializer(selectors.section_with_counts(section_id=section.pk)).data


def _list_rows(task_list_id: int) -> list:
    return SectionSerializer(selectors.sections_for(task_list_id=task_list_id), many=True).data


@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter("task_list", int, required=True),
        OpenApiParameter("removed_yn", OpenApiTypes.BOOL, description="Only one table: active or removed"),
    ],
    responses={200: SectionSerializer(many=True)},
    summary="Sections of a list with their open and archived task counts",
)
@extend_schema(methods=["POST"], request=SectionCreateSerializer, responses={201: SectionSerializer})
@api_view(["GET", "POST"])
def sections(request: Request) -> Response:
    if request.method == "GET":
        task_list_id = int_param(request, "task_list")
        if task_list_id is None:
            return Response(
                {"task_list": ["This parameter is required."]}, status=status.HTTP_400_BAD_REQUEST
            )
        task_list = permissions.task_list_for(request.user, task_list_id)
        rows = selectors.sections_for(task_list_id=task_list.pk, removed_yn=bool_param(request, "removed_yn"))
        return Response(SectionSerializer(rows, many=True).data)
    data = SectionCreateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    task_list = permissions.task_list_for(request.user, data.validated_data["task_list"], owner=True)
    section = services.section_create(
        actor=request.user, task_list=task_list, title=data.validated_data["title"]
    )
    return Response(_row(section), status=status.HTTP_201_CREATED)


@extend_schema(methods=["GET"], responses={200: SectionSerializer})
@extend_schema(methods=["PATCH"], request=SectionRenameSerializer, responses={200: SectionSerializer})
@extend_schema(methods=["DELETE"], responses={204: None}, description="Only a section without any task.")
@api_view(["GET", "PATCH", "DELETE"])
def section_detail(request: Request, section_id: int) -> Response:
    if request.method == "GET":
        return Response(_row(permissions.section_for(request.user, section_id)))
    section = permissions.section_for(request.user, section_id, owner=True)
    if request.method == "DELETE":
        services.section_delete(actor=request.user, section=section)
        return Response(status=status.HTTP_204_NO_CONTENT)
    data = SectionRenameSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    services.section_rename(actor=request.user, section=section, title=data.validated_data["title"])
    return Response(_row(section))


@extend_schema(
    request=SectionMoveSerializer,
    responses={200: SectionSerializer(many=True)},
    summary="Drag and drop: reorder a section or move it between the active and removed tables",
    description="Answers every section of the list (active table first, then removed), in order.",
)
@api_view(["POST"])
def section_move(request: Request) -> Response:
    data = SectionMoveSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    fields = dict(data.validated_data)
    task_list = permissions.task_list_for(request.user, fields.pop("task_list"), owner=True)
    section_id = fields.pop("section", None)
    services.section_move(actor=request.user, task_list=task_list, section_id=section_id, **fields)
    return Response(_list_rows(task_list.pk))


@extend_schema(
    request=SectionRemoveSerializer,
    responses={200: SectionSerializer},
    summary="Move a section to the removed table",
    description="A section with open tasks needs archive_tasks_confirmed=true; its tasks are archived.",
)
@api_view(["POST"])
def section_remove(request: Request, section_id: int) -> Response:
    section = permissions.section_for(request.user, section_id, owner=True)
    data = SectionRemoveSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    services.section_remove(actor=request.user, section=section, **data.validated_data)
    return Response(_row(section))


@extend_schema(request=None, responses={200: SectionSerializer}, summary="Back to the active table")
@api_view(["POST"])
def section_restore(request: Request, section_id: int) -> Response:
    section = permissions.section_for(request.user, section_id, owner=True)
    services.section_restore(actor=request.user, section=section)
    return Response(_row(section))


@extend_schema(request=None, responses={200: SectionTaskCountSerializer}, summary="Archive every open task")
@api_view(["POST"])
def section_archive_tasks(request: Request, section_id: int) -> Response:
    section = permissions.section_for(request.user, section_id)
    count = services.section_archive_tasks(actor=request.user, section=section)
    return Response({"section": _row(section), "count": count})


@extend_schema(
    request=None,
    responses={200: SectionTaskCountSerializer},
    summary="Unarchive every archived task (a removed section is restored too)",
)
@api_view(["POST"])
def section_unarchive_tasks(request: Request, section_id: int) -> Response:
    section = permissions.section_for(request.user, section_id)
    count = services.section_unarchive_tasks(actor=request.user, section=section)
    return Response({"section": _row(section), "count": count})


@extend_schema(
    request=SectionMergeSerializer,
    responses={200: SectionSerializer},
    summary="Move every task into another section of the list and delete this one",
)
@api_view(["POST"])
def section_merge(request: Request, section_id: int) -> Response:
    section = permissions.section_for(request.user, section_id, owner=True)
    data = SectionMergeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    into = permissions.section_for(request.user, data.validated_data["into_section"])
    into = services.section_merge(actor=request.user, section=section, into=into)
    return Response(_row(into))


@extend_schema(
    request=SectionMoveToListSerializer,
    responses={200: SectionSerializer},
    summary="Move the section, with its tasks, to another list of the same project",
)
@api_view(["POST"])
def section_move_to_list(request: Request, section_id: int) -> Response:
    section = permissions.section_for(request.user, section_id, owner=True)
    data = SectionMoveToListSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    task_list = permissions.task_list_for(request.user, data.validated_data["task_list"], owner=True)
    services.section_move_to_list(actor=request.user, section=section, task_list=task_list)
    return Response(_row(section))


@extend_schema(
    parameters=[OpenApiParameter("page", int), OpenApiParameter("archived_yn", OpenApiTypes.BOOL)],
    responses={200: TaskPageSerializer},
    summary="Tasks of a section, 10 per page (open tasks unless archived_yn=true)",
)
@api_view(["GET"])
def section_tasks(request: Request, section_id: int) -> Response:
    section = permissions.section_for(request.user, section_id)
    rows, count = page(
        selectors.section_tasks(
            section_id=section.pk, archived_yn=bool(bool_param(request, "archived_yn")), user=request.user
        ),
        request,
        page_size=SECTION_PAGE_SIZE,
    )
    context = {"request": request}
    return Response({"results": TaskSerializer(rows, many=True, context=context).data, "count": count})
