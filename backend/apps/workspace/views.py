"""The workspace area's calls (admins only) and the team page (team-page owners only).

Thin views: validate, call one service or selector, serialize (docs/workspace-admin.md)."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers as drf_serializers
from rest_framework import status
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts import invitations, members, two_factor
from apps.accounts.serializers import DetailSerializer
from apps.core import timeutils
from apps.core.params import bool_param, int_param, page
from apps.projects import selectors as project_selectors
from apps.projects.serializers.projects import ProjectSerializer
from apps.workspace import selectors, services
from apps.workspace.permissions import HasTeamPage, IsWorkspaceAdmin, member_for
from apps.workspace.serializers import (
    InvitationAcceptSerializer,
    InvitationInfoSerializer,
    InvitationTokenSerializer,
    MemberCreatedSerializer,
    MemberCreateSerializer,
    MemberDetailSerializer,
    MemberPageSerializer,
    MemberSerializer,
    MemberUpdateSerializer,
    TeamPageEntrySerializer,
    TeamPageRowSerializer,
    TeamPageUpdateSerializer,
    WorkspaceSettingsSerializer,
)
from apps.workspace.throttles import InvitationThrottle

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
BAD_STATUS = "Use active or inactive."


def _base_url(request: Request) -> str:
    return request.build_absolute_uri("/")


def _raise(error: members.MemberError):
    if error.field == "detail":
        raise ValidationError({"detail": str(error)}) from None
    raise ValidationError({error.field: [str(error)]}) from None


def _detail(request: Request, user_id: int) -> dict:
    member = selectors.member(workspace_id=request.user.workspace_id, user_id=user_id)
    return MemberDetailSerializer(member, context={"request": request, "now": timeutils.now()}).data


class ProjectPageSerializer(drf_serializers.Serializer):
    count = drf_serializers.IntegerField()
    results = ProjectSerializer(many=True)


PAGE_PARAMETERS = [
    OpenApiParameter("search", str),
    OpenApiParameter("page", int),
    OpenApiParameter("page_size", int, description=f"1 to {MAX_PAGE_SIZE}, default {DEFAULT_PAGE_SIZE}"),
]


@extend_schema(
    methods=["GET"],
    operation_id="workspace_members_list",
    parameters=[
        OpenApiParameter("status", str, enum=["active", "inactive"], description="default active"),
        *PAGE_PARAMETERS,
    ],
    responses={200: MemberPageSerializer},
    summary="Members of the admin's workspace by display name (search: part of the display name)",
)
@extend_schema(methods=["POST"], request=MemberCreateSerializer, responses={201: MemberCreatedSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsWorkspaceAdmin])
def member_list(request: Request) -> Response:
    admin = request.user
    if request.method == "POST":
        data = MemberCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        owner_ids = fields.pop("team_page_owner_ids")
        send = fields.pop("send_invitation")
        try:
            user, link = members.member_create(
                admin=admin,
                data=fields,
                team_page_owner_ids=owner_ids,
                send_invitation=send,
                base_url=_base_url(request),
            )
        except members.MemberError as error:
            _raise(error)
        return Response(
            {"member": _detail(request, user.pk), "set_password_link": link}, status=status.HTTP_201_CREATED
        )
    wanted = request.query_params.get("status", "active") or "active"
    if wanted not in ("active", "inactive"):
        raise ValidationError({"status": [BAD_STATUS]})
    rows = selectors.members(
        workspace_id=admin.workspace_id,
        active=wanted == "active",
        search=request.query_params.get("search", "").strip()[:80],
    )
    size = int_param(request, "page_size", default=DEFAULT_PAGE_SIZE, maximum=MAX_PAGE_SIZE)
    results, count = page(rows, request, page_size=size)
    context = {"request": request, "now": timeutils.now()}
    return Response({"count": count, "results": MemberSerializer(results, many=True, context=context).data})


@extend_schema(
    methods=["GET"], responses={200: MemberDetailSerializer}, operation_id="workspace_member_retrieve"
)
@extend_schema(
    methods=["PATCH"],
    request=MemberUpdateSerializer,
    responses={200: MemberDetailSerializer},
    operation_id="workspace_member_update",
)
@api_view(["GET", "PATCH"])
@permission_classes([IsWorkspaceAdmin])
def member_detail(request: Request, user_id: int) -> Response:
    member = member_for(request.user, user_id)
    if request.method == "PATCH":
        data = MemberUpdateSerializer(data=request.data, partial=True, context={"member": member})
        data.is_valid(raise_exception=True)
        try:
            members.member_update(admin=request.user, member=member, data=data.validated_data)
        except members.MemberError as error:
            _raise(error)
    return Response(_detail(request, member.pk))


@extend_schema(request=None, responses={200: MemberDetailSerializer})
@api_view(["POST"])
@permission_classes([IsWorkspaceAdmin])
def member_deactivate(request: Request, user_id: int) -> Response:
    member = member_for(request.user, user_id)
    try:
        members.member_deactivate(admin=request.user, member=member)
    except members.MemberError as error:
        _raise(error)
    return Response(_detail(request, member.pk))


@extend_schema(request=None, responses={200: MemberDetailSerializer})
@api_view(["POST"])
@permission_classes([IsWorkspaceAdmin])
def member_reactivate(request: Request, user_id: int) -> Response:
    member = member_for(request.user, user_id)
    members.member_reactivate(admin=request.user, member=member)
    return Response(_detail(request, member.pk))


@extend_schema(
    request=None,
    responses={200: MemberDetailSerializer},
    summary="Reset a member's two-factor sign-in (recorded in their change log; they get an email)",
)
@api_view(["POST"])
@permission_classes([IsWorkspaceAdmin])
def member_two_factor_reset(request: Request, user_id: int) -> Response:
    member = member_for(request.user, user_id)
    try:
        services.member_two_factor_reset(admin=request.user, member=member)
    except two_factor.TwoFactorError as error:
        raise ValidationError({error.field: [str(error)]}) from None
    return Response(_detail(request, member.pk))


@extend_schema(request=None, responses={200: DetailSerializer})
@api_view(["POST"])
@permission_classes([IsWorkspaceAdmin])
def member_invite(request: Request, user_id: int) -> Response:
    member = member_for(request.user, user_id)
    try:
        members.member_invite(admin=request.user, member=member, base_url=_base_url(request))
    except members.MemberError as error:
        _raise(error)
    return Response({"detail": f"Invitation sent to {member.email}."})


@extend_schema(
    methods=["PUT"],
    request=TeamPageUpdateSerializer,
    responses={200: TeamPageEntrySerializer(many=True)},
    summary="Whom the member observes on their team page (the whole list)",
)
@extend_schema(methods=["GET"], responses={200: TeamPageEntrySerializer(many=True)})
@api_view(["GET", "PUT"])
@permission_classes([IsWorkspaceAdmin])
def member_team_page(request: Request, user_id: int) -> Response:
    member = member_for(request.user, user_id)
    if request.method == "PUT":
        data = TeamPageUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            rows = members.member_set_team_page(
                member=member, observed_user_ids=data.validated_data["observed_user_ids"]
            )
        except members.MemberError as error:
            _raise(error)
    else:
        rows = list(
            member.observations.select_related("observed_user").order_by("observed_user__display_name")
        )
    return Response(TeamPageEntrySerializer(rows, many=True, context={"request": request}).data)


@extend_schema(
    parameters=[
        OpenApiParameter("archived_yn", bool, description="default false: the Active filter"),
        *PAGE_PARAMETERS,
    ],
    responses={200: ProjectPageSerializer},
    summary="The Projects panel: the workspace's shared projects by title, paginated",
)
@api_view(["GET"])
@permission_classes([IsWorkspaceAdmin])
def project_list(request: Request) -> Response:
    archived = bool_param(request, "archived_yn")
    rows = project_selectors.workspace_projects(
        user=request.user,
        search=request.query_params.get("search", "").strip()[:120],
        archived_yn=bool(archived),
    )
    size = int_param(request, "page_size", default=DEFAULT_PAGE_SIZE, maximum=MAX_PAGE_SIZE)
    results, count = page(rows, request, page_size=size)
    return Response({"count": count, "results": ProjectSerializer(results, many=True).data})


@extend_schema(responses={200: TeamPageRowSerializer(many=True)}, summary="The caller's team page")
@api_view(["GET"])
@permission_classes([HasTeamPage])
def team_page(request: Request) -> Response:
    rows = selectors.team_page(viewer=request.user)
    return Response(TeamPageRowSerializer(rows, many=True, context={"request": request}).data)


# --- public: the invitation link ---------------------------------------------------------------


def _invitation_error(error: Exception):
    raise ValidationError({"token": [str(error)]}) from None


@extend_schema(request=InvitationTokenSerializer, responses={200: InvitationInfoSerializer})
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([InvitationThrottle])
def invitation_check(request: Request) -> Response:
    data = InvitationTokenSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        invitation = invitations.invitation_check(token=data.validated_data["token"])
    except invitations.InvitationError as error:
        _invitation_error(error)
    user = invitation.user
    return Response(
        {
            "email": user.email,
            "display_name": user.display_name,
            "workspace_name": user.workspace.name if user.workspace_id else "",
        }
    )


@extend_schema(request=InvitationAcceptSerializer, responses={200: InvitationInfoSerializer})
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([InvitationThrottle])
def invitation_accept(request: Request) -> Response:
    data = InvitationAcceptSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        user = invitations.invitation_accept(
            token=data.validated_data["token"], password=data.validated_data["password"]
        )
    except invitations.InvitationError as error:
        _invitation_error(error)
    except DjangoValidationError as error:
        raise ValidationError({"password": list(error.messages)}) from None
    return Response(
        {
            "email": user.email,
            "display_name": user.display_name,
            "workspace_name": user.workspace.name if user.workspace_id else "",
        }
    )


@extend_schema(methods=["GET"], responses=WorkspaceSettingsSerializer, summary="The workspace's defaults")
@extend_schema(
    methods=["PATCH"],
    request=WorkspaceSettingsSerializer,
    responses=WorkspaceSettingsSerializer,
    summary="Change the workspace's defaults (the first day of the week, closing the week)",
)
@api_view(["GET", "PATCH"])
@permission_classes([IsWorkspaceAdmin])
def workspace_settings(request: Request) -> Response:
    workspace = request.user.workspace
    if request.method == "PATCH":
        data = WorkspaceSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        workspace = services.workspace_settings_change(
            workspace=workspace, data=data.validated_data, admin=request.user
        )
    return Response(WorkspaceSettingsSerializer(workspace).data)
