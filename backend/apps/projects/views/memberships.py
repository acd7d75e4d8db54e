from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from apps.projects import messages, permissions, selectors
from apps.projects.serializers.projects import (
    ProjectMembershipSerializer,
    ProjectMembershipUpdateSerializer,
    ProjectMembershipWriteSerializer,
    TaskListIdsSerializer,
    TaskListMembershipSerializer,
    TaskListMembershipSidebarSerializer,
    TaskListMembershipWriteSerializer,
)
from apps.projects.services import memberships as services
from apps.projects.views.projects import workspace_user


def _membership_body(request: Request, membership) -> dict:
    row = selectors.project_memberships(project_id=membership.project_id).get(pk=membership.pk)
    return ProjectMembershipSerializer(row, context={"viewer": request.user}).data


@extend_schema(request=ProjectMembershipWriteSerializer, responses={201: ProjectMembershipSerializer})
@api_view(["POST"])
def project_membership_create(request: Request) -> Response:
    data = ProjectMembershipWriteSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    project = permissions.project_for(request.user, data.validated_data["project"], owner=True)
    membership = services.project_membership_create(
        actor=request.user,
        project=project,
        user=workspace_user(request, data.validated_data["user"]),
        access_type_enum=data.validated_data["access_type_enum"],
        project_role=data.validated_data["project_role"],
    )
    return Response(_membership_body(request, membership), status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["PUT"], request=ProjectMembershipUpdateSerializer, responses={200: ProjectMembershipSerializer}
)
@extend_schema(
    methods=["DELETE"],
    responses={204: None},
    description="Owners remove anyone; any member may remove themself. The last owner stays.",
)
@api_view(["PUT", "DELETE"])
def project_membership_detail(request: Request, membership_id: int) -> Response:
    membership = permissions.project_membership_for(request.user, membership_id)
    if request.method == "DELETE":
        if membership.user_id != request.user.pk:
            permissions.require_owner(request.user, membership.project_id)
        services.project_membership_delete(actor=request.user, membership=membership)
        return Response(status=status.HTTP_204_NO_CONTENT)
    permissions.require_owner(request.user, membership.project_id)
    data = ProjectMembershipUpdateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    services.project_membership_update(
        actor=request.user,
        membership=membership,
        access_type_enum=data.validated_data["access_type_enum"],
        project_role=data.validated_data["project_role"],
    )
    return Response(_membership_body(request, membership))


def _list_membership_row(user, membership):
    return selectors.task_list_memberships(user=user, task_list_ids=[membership.task_list_id]).get(
        pk=membership.pk
    )


@extend_schema(request=TaskListMembershipWriteSerializer, responses={201: TaskListMembershipSerializer})
@api_view(["POST"])
def task_list_membership_create(request: Request) -> Response:
    data = TaskListMembershipWriteSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    task_list = permissions.task_list_for(request.user, data.validated_data["task_list"], owner=True)
    membership = services.task_list_membership_create(
        actor=request.user,
        task_list=task_list,
        user=workspace_user(request, data.validated_data["user"]),
        access_type_enum=data.validated_data["access_type_enum"],
        show_list_in_sidebar_yn=data.validated_data["show_list_in_sidebar_yn"],
    )
    return Response(
        TaskListMembershipSerializer(_list_membership_row(request.user, membership)).data,
        status=status.HTTP_201_CREATED,
    )


@extend_schema(
    methods=["PATCH"],
    request=TaskListMembershipSidebarSerializer,
    responses={200: TaskListMembershipSerializer},
    description="Show or hide the list in the member's own sidebar: only that member may.",
)
@extend_schema(
    methods=["DELETE"],
    responses={204: None},
    description="Project owners remove anyone from a list; a member may leave a list.",
)
@api_view(["PATCH", "DELETE"])
def task_list_membership_detail(request: Request, membership_id: int) -> Response:
    membership = permissions.task_list_membership_for(request.user, membership_id)
    if request.method == "DELETE":
        if membership.user_id != request.user.pk:
            permissions.require_owner(request.user, membership.task_list.parent_project_id)
        services.task_list_membership_delete(actor=request.user, membership=membership)
        return Response(status=status.HTTP_204_NO_CONTENT)
    if membership.user_id != request.user.pk:
        raise PermissionDenied(messages.OWN_MEMBERSHIP_ONLY)
    data = TaskListMembershipSidebarSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    services.task_list_membership_set_sidebar(
        membership=membership, show_list_in_sidebar_yn=data.validated_data["show_list_in_sidebar_yn"]
    )
    return Response(TaskListMembershipSerializer(_list_membership_row(request.user, membership)).data)


@extend_schema(
    request=TaskListIdsSerializer,
    responses={200: TaskListMembershipSerializer(many=True)},
    summary="Members of the given lists (lists the caller cannot see are left out)",
    operation_id="projects_task_list_memberships_for_lists",
)
@api_view(["POST"])
def task_list_memberships_for_lists(request: Request) -> Response:
    data = TaskListIdsSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    rows = selectors.task_list_memberships(
        user=request.user, task_list_ids=data.validated_data["task_list_ids"]
    )
    return Response(TaskListMembershipSerializer(rows, many=True).data)
