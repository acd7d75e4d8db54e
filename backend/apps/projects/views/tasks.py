from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.params import bool_param, ids_param, int_param, page
from apps.projects import permissions, selectors
from apps.projects.serializers.tasks import (
    ProjectTasksSerializer,
    TaskCountsSerializer,
    TaskCreateSerializer,
    TaskPageSerializer,
    TaskSerializer,
    TaskUpdateSerializer,
    UserTaskSerializer,
    UserTaskUpdateSerializer,
    UserTaskWriteSerializer,
)
from apps.projects.services import tasks as services
from apps.projects.services.time import day_tasks
from apps.projects.views.projects import workspace_user

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100


def _task(request, task_id: int) -> dict:
    row = selectors.task_detail(user=request.user, task_id=task_id)
    return TaskSerializer(row, context={"request": request}).data


@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter("search", str, description="Case-insensitive part of the title"),
        OpenApiParameter("task_ids", str, description="Comma-separated ids"),
        OpenApiParameter("parent_project", int),
        OpenApiParameter("page", int),
        OpenApiParameter("page_size", int, description=f"1 to {MAX_PAGE_SIZE}, default {DEFAULT_PAGE_SIZE}"),
    ],
    responses={200: TaskPageSerializer},
    summary="Tasks the caller can see",
    operation_id="projects_task_search",
)
@extend_schema(methods=["POST"], request=TaskCreateSerializer, responses={201: TaskSerializer})
@api_view(["GET", "POST"])
def tasks(request: Request) -> Response:
    if request.method == "GET":
        rows = selectors.tasks_search(
            user=request.user,
            search=request.query_params.get("search", "").strip()[:255],
            task_ids=ids_param(request, "task_ids"),
            project_id=int_param(request, "parent_project"),
        )
        size = int_param(request, "page_size", default=DEFAULT_PAGE_SIZE, maximum=MAX_PAGE_SIZE)
        results, count = page(rows, request, page_size=size)
        return Response(
            {"results": TaskSerializer(results, many=True, context={"request": request}).data, "count": count}
        )
    data = TaskCreateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    fields = dict(data.validated_data)
    section = permissions.section_for(request.user, fields.pop("section"))
    owner_id = fields.pop("owner_user", None)
    owner = workspace_user(request, owner_id) if owner_id else None
    task = services.task_create(user=request.user, section=section, owner_user=owner, **fields)
    return Response(_task(request, task.pk), status=status.HTTP_201_CREATED)


@extend_schema(methods=["GET"], responses={200: TaskSerializer})
@extend_schema(
    methods=["PATCH"],
    request=TaskUpdateSerializer,
    responses={200: TaskSerializer},
    description=(
        "Any project member edits title, description, url, priority and section; owner_user and "
        "members change only by the task owner or a project owner (403 otherwise)."
    ),
)
@extend_schema(
    methods=["DELETE"],
    request=None,
    responses={204: None},
    description="Deletes the task for everybody: the task owner or a project owner only (403 otherwise).",
)
@api_view(["GET", "PATCH", "DELETE"])
def task_detail(request: Request, task_id: int) -> Response:
    task = permissions.task_for(request.user, task_id)
    if request.method == "DELETE":
        permissions.require_task_manager(request.user, task)
        services.task_delete(task=task, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
    if request.method == "PATCH":
        data = TaskUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        permissions.check_task_update(request.user, task, fields)
        if "section" in fields:
            fields["section"] = permissions.section_for(request.user, fields["section"])
        if fields.get("owner_user") is not None:
            fields["owner_user"] = workspace_user(request, fields["owner_user"])
        services.task_update(task=task, data=fields, actor=request.user)
    return Response(_task(request, task.pk))


@extend_schema(request=None, responses={200: TaskSerializer}, summary="Archive a task (stored on the server)")
@api_view(["POST"])
def task_archive(request: Request, task_id: int) -> Response:
    task = permissions.task_for(request.user, task_id)
    services.task_set_archived(task=task, archived_yn=True, actor=request.user)
    return Response(_task(request, task.pk))


@extend_schema(request=None, responses={200: TaskSerializer}, summary="Unarchive a task")
@api_view(["POST"])
def task_unarchive(request: Request, task_id: int) -> Response:
    task = permissions.task_for(request.user, task_id)
    services.task_set_archived(task=task, archived_yn=False, actor=request.user)
    return Response(_task(request, task.pk))


def _user_task_row(user_task) -> dict:
    return UserTaskSerializer(
        type(user_task).objects.select_related("task__task_list").get(pk=user_task.pk)
    ).data


@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter("today_yn", OpenApiTypes.BOOL),
        OpenApiParameter("starred_yn", OpenApiTypes.BOOL),
        OpenApiParameter("next_shift_yn", OpenApiTypes.BOOL),
        OpenApiParameter("project_id", int),
        OpenApiParameter("current_user", OpenApiTypes.BOOL, description="Always the caller's joins"),
    ],
    responses={200: UserTaskSerializer(many=True)},
    summary="The caller's joins to tasks (at most 500)",
)
@extend_schema(
    methods=["POST"],
    request=UserTaskWriteSerializer,
    responses={201: UserTaskSerializer, 200: UserTaskSerializer},
    description="Creates the caller's join to the task (201), or updates it when it exists (200).",
)
@api_view(["GET", "POST"])
def user_tasks(request: Request) -> Response:
    if request.method == "GET":
        bool_param(request, "current_user")  # documented (always the caller's joins): checked, not used
        flags = {}
        for name in ("today_yn", "starred_yn", "next_shift_yn"):
            value = bool_param(request, name)
            if value is not None:
                flags[name] = value
        rows = selectors.user_tasks_for(
            user=request.user, flags=flags, project_id=int_param(request, "project_id")
        ).select_related("task__task_list")
        return Response(UserTaskSerializer(rows, many=True).data)
    data = UserTaskWriteSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    fields = dict(data.validated_data)
    task = permissions.task_for(request.user, fields.pop("task"))
    flags = {k: v for k, v in fields.items() if k in services.FLAGS}
    user_task, created = day_tasks.user_task_set(user=request.user, task=task, flags=flags)
    return Response(
        _user_task_row(user_task), status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
    )


@extend_schema(methods=["GET"], responses={200: UserTaskSerializer})
@extend_schema(methods=["PATCH"], request=UserTaskUpdateSerializer, responses={200: UserTaskSerializer})
@extend_schema(
    methods=["POST"],
    request=UserTaskUpdateSerializer,
    responses={200: UserTaskSerializer},
    operation_id="projects_user_task_update_post",
    description="Same as PATCH (the spec lists POST on this path too).",
)
@api_view(["GET", "PATCH", "POST"])
def user_task_detail(request: Request, user_task_id: int) -> Response:
    user_task = permissions.own_user_task_for(request.user, user_task_id)
    if request.method in ("PATCH", "POST"):
        data = UserTaskUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        flags = {k: v for k, v in data.validated_data.items() if k in services.FLAGS}
        day_tasks.user_task_update(user_task=user_task, flags=flags)
    return Response(_user_task_row(user_task))


@extend_schema(responses={200: TaskCountsSerializer}, summary="Badges of Today, Next Workday and Starred")
@api_view(["GET"])
def task_counts(request: Request) -> Response:
    return Response(selectors.personal_counts(user=request.user))


@extend_schema(
    parameters=[
        OpenApiParameter("owner_user", str, description="Comma-separated ids: tasks owned by one of them"),
        OpenApiParameter("member_user", str, description="Comma-separated ids: tasks joined by one of them"),
    ],
    responses={200: ProjectTasksSerializer(many=True)},
    summary="A personal page (today, next_workday, starred): project cards with their task cards",
)
@api_view(["GET"])
def personal_page(request: Request, page_name: str) -> Response:
    if page_name not in selectors.PERSONAL_PAGES:
        raise Http404
    try:
        rows = selectors.personal_page_tasks(
            user=request.user,
            page=page_name,
            owner_ids=ids_param(request, "owner_user"),
            member_ids=ids_param(request, "member_user"),
        )
    except ValueError as error:
        raise ValidationError({"detail": [str(error)]}) from None
    groups: dict[int, dict] = {}
    context = {"request": request}
    for task in rows:
        project = task.task_list.parent_project
        group = groups.setdefault(
            project.pk,
            {
                "project": {"id": project.pk, "title": project.title, "hexColor": project.color.value},
                "tasks": [],
            },
        )
        group["tasks"].append(task)
    return Response(
        [
            {"project": g["project"], "tasks": TaskSerializer(g["tasks"], many=True, context=context).data}
            for g in groups.values()
        ]
    )
