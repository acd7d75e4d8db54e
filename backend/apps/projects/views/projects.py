from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.models import User
from apps.accounts.serializers import DetailSerializer
from apps.core.params import bool_param, int_param
from apps.projects import messages, permissions, selectors
from apps.projects.serializers.projects import (
    ProjectColorSerializer,
    ProjectCreateSerializer,
    ProjectMembershipSerializer,
    ProjectSerializer,
    ProjectWriteSerializer,
    WorkspaceUserSerializer,
)
from apps.projects.services import projects as project_services

BOOL = OpenApiTypes.BOOL


@extend_schema(
    methods=["GET"], responses={200: ProjectColorSerializer(many=True)}, summary="The project colour palette"
)
@extend_schema(methods=["POST"], request=ProjectColorSerializer, responses={201: ProjectColorSerializer})
@api_view(["GET", "POST"])
def colors(request: Request) -> Response:
    if request.method == "GET":
        rows = selectors.colors_for(workspace_id=request.user.workspace_id).order_by("id")[:200]
        return Response(ProjectColorSerializer(rows, many=True).data)
    data = ProjectColorSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    color = project_services.color_create(user=request.user, **data.validated_data)
    return Response(ProjectColorSerializer(color).data, status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter("search", str, description="Case-insensitive part of the title"),
        OpenApiParameter("archived_yn", BOOL),
        OpenApiParameter("all", BOOL, description="Workspace ADMINs: every project of the workspace"),
    ],
    responses={200: ProjectSerializer(many=True)},
    summary="The caller's projects, by title (at most 500)",
)
@extend_schema(methods=["POST"], request=ProjectCreateSerializer, responses={201: ProjectSerializer})
@api_view(["GET", "POST"])
def projects(request: Request) -> Response:
    user = request.user
    if request.method == "GET":
        filters = {
            "search": request.query_params.get("search", "").strip()[:120],
            "archived_yn": bool_param(request, "archived_yn"),
            "workspace_wide": bool(bool_param(request, "all")),
        }

        def listed() -> tuple[bool, list[dict]]:
            return selectors.project_list(user=user, render=_rendered, **filters)

        has_personal, data = listed()
        # The Personal Tasks project exists from the first time the user's projects are read.
        # The usual list shows it already: only otherwise is it looked up (and made, then the
        # list read again), so the hot read is a stamp lookup (and one query when it changed).
        if not has_personal:
            _, created = project_services.project_personal_get_or_create(user=user)
            if created:
                has_personal, data = listed()
        return Response(data)
    data = ProjectCreateSerializer(data=request.data, context={"request": request})
    data.is_valid(raise_exception=True)
    fields = {k: v for k, v in data.validated_data.items() if k not in ("workspace", "archived_yn")}
    project = project_services.project_create(user=user, **fields)
    return Response(
        ProjectSerializer(selectors.project_detail(user=user, project_id=project.pk)).data,
        status=status.HTTP_201_CREATED,
    )


def _rendered(rows: list) -> list[dict]:
    return list(ProjectSerializer(rows, many=True).data)


@extend_schema(methods=["GET"], responses={200: ProjectSerializer})
@extend_schema(
    methods=["PATCH"],
    request=ProjectWriteSerializer(partial=True),
    responses={200: ProjectSerializer},
    description="Owners (and workspace ADMINs) change any field; members may only clear "
    "show_get_started_message_yn (dismiss the Get Started message).",
)
@extend_schema(
    methods=["DELETE"],
    responses={204: None, 400: DetailSerializer},
    description="Deletes an archived project for real. Owners and workspace ADMINs only.",
)
@api_view(["GET", "PATCH", "DELETE"])
def project_detail(request: Request, project_id: int) -> Response:
    user = request.user
    if request.method == "GET":
        project = permissions.project_for(user, project_id, admin_ok=True)
        return Response(ProjectSerializer(selectors.project_detail(user=user, project_id=project.pk)).data)
    project = permissions.project_for(user, project_id, admin_ok=True)
    may_manage = permissions.is_workspace_admin(user) or permissions.is_project_owner(user, project.pk)
    if request.method == "DELETE":
        if not may_manage:
            permissions.require_owner(user, project.pk)
        project_services.project_delete(project=project)
        return Response(status=status.HTTP_204_NO_CONTENT)
    data = ProjectWriteSerializer(data=request.data, partial=True, context={"request": request})
    data.is_valid(raise_exception=True)
    if not may_manage and set(data.validated_data) - {"show_get_started_message_yn"}:
        permissions.require_owner(user, project.pk)
    project_services.project_update(user=user, project=project, data=data.validated_data)
    return Response(ProjectSerializer(selectors.project_detail(user=user, project_id=project.pk)).data)


@extend_schema(responses={200: ProjectMembershipSerializer(many=True)}, summary="Members of a project")
@api_view(["GET"])
def project_memberships(request: Request, project_id: int) -> Response:
    project = permissions.project_for(request.user, project_id)
    return Response(
        ProjectMembershipSerializer(
            selectors.project_memberships(project_id=project.pk), many=True, context={"viewer": request.user}
        ).data
    )


@extend_schema(
    parameters=[
        OpenApiParameter("search", str, description="Case-insensitive part of the display name"),
        OpenApiParameter("exclude_project", int, description="Leave out the members of this project"),
    ],
    responses={200: WorkspaceUserSerializer(many=True)},
    summary="Users of the caller's workspace, for member search (at most 50)",
)
@api_view(["GET"])
def workspace_users(request: Request) -> Response:
    rows = selectors.workspace_users(
        user=request.user,
        search=request.query_params.get("search", "").strip()[:80],
        exclude_project_id=int_param(request, "exclude_project"),
    )
    return Response(WorkspaceUserSerializer(rows, many=True).data)


def workspace_user(request: Request, user_id) -> User:
    user = User.objects.filter(pk=user_id, workspace_id=request.user.workspace_id, is_active=True).first()
    if user is None:
        raise ValidationError({"user": [messages.USER_NOT_IN_WORKSPACE]})
    return user
