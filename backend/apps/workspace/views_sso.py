"""Single sign-on's calls (apps/workspace/sso.py, docs/security.md "Single sign-on").

Public: the sign-in link's provider, the start (a redirect to the provider), the provider's
callback (a redirect to the SPA: a one-time code in the fragment, or the sign-in page with the
reason it failed), and the exchange of that code for the password sign-in's answer.
Admins: the workspace's provider (read, save, remove) and a test of an issuer's discovery."""

from __future__ import annotations

import logging
from urllib.parse import urlencode

from django.db import transaction
from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts import devices
from apps.accounts.models import WorkspaceSso
from apps.accounts.serializers import SignInResponseSerializer, UserDetailsSerializer
from apps.accounts.throttles import SignInThrottle
from apps.core.clients import client_address
from apps.workspace import sso
from apps.workspace.permissions import IsWorkspaceAdmin
from apps.workspace.serializers_sso import (
    SsoExchangeSerializer,
    SsoProviderSerializer,
    SsoSettingsSerializer,
    SsoTestResultSerializer,
    SsoTestSerializer,
    sso_settings,
)

logger = logging.getLogger(__name__)
SPA_SIGN_IN = "/"
SPA_CALLBACK = "/sso/callback"
REDIRECT = OpenApiResponse(description="A redirect (Location).")


def _redirect_uri(request: Request) -> str:
    return request.build_absolute_uri(reverse("sso-callback"))


def _to_sign_in(request: Request, *, slug: str, reason: str) -> HttpResponseRedirect:
    query = urlencode({"workspace": slug, "sso_error": reason} if slug else {"sso_error": reason})
    return HttpResponseRedirect(request.build_absolute_uri(f"{SPA_SIGN_IN}?{query}"))


@extend_schema(
    responses={200: SsoProviderSerializer}, summary="The provider behind a workspace's sign-in link"
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def provider(request: Request, slug: str) -> Response:
    found = sso.workspace_provider(slug)
    if found is None:
        raise Http404
    return Response(
        {
            "slug": found.slug,
            "workspace_name": found.workspace.name,
            "provider_name": found.provider_name,
            "password_sign_in_yn": found.password_sign_in_yn,
        }
    )


@extend_schema(responses={302: REDIRECT}, summary="Go to the workspace's provider to sign in")
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def start(request: Request, slug: str):
    found = sso.workspace_provider(slug)
    if found is None:
        raise Http404
    try:
        url = sso.start(sso=found, redirect_uri=_redirect_uri(request))
    except sso.SsoError as error:
        logger.warning("single sign-on start failed for %s: %s", slug, error)
        return _to_sign_in(request, slug=slug, reason=sso.FAILED)
    return HttpResponseRedirect(url)


@extend_schema(
    parameters=[
        OpenApiParameter("state", str, required=False),
        OpenApiParameter("code", str, required=False),
        OpenApiParameter("error", str, required=False),
    ],
    responses={302: REDIRECT},
    summary="The provider's answer: on to the SPA with a one-time code, or back to sign-in",
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def callback(request: Request):
    state = request.query_params.get("state", "")
    slug = sso.pending_workspace_slug(state)
    try:
        _sso, user = sso.finish(
            state=state,
            code=request.query_params.get("code", ""),
            error=request.query_params.get("error", ""),
        )
    except sso.SsoError as error:
        logger.info("single sign-on refused (%s): %s", error.reason, error)
        return _to_sign_in(request, slug=slug, reason=error.reason)
    code = sso.issue_code(user=user)
    return HttpResponseRedirect(request.build_absolute_uri(SPA_CALLBACK) + "#" + urlencode({"code": code}))


@extend_schema(
    request=SsoExchangeSerializer,
    responses={200: SignInResponseSerializer},
    summary="The one-time code of a single sign-on for the sign-in's answer (token and user)",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
@transaction.atomic
def exchange(request: Request) -> Response:
    data = SsoExchangeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        token = sso.exchange(
            code=data.validated_data["code"],
            client=client_address(request.META),
            user_agent=request.headers.get("User-Agent", ""),
        )
    except sso.SsoError as error:
        raise ValidationError({"code": [str(error)]}) from None
    user = token.user
    response = Response(
        {"token": token.key, "user": UserDetailsSerializer(user, context={"request": request}).data}
    )
    devices.remember_device(response, request, user.email)
    return response


def _settings_answer(request: Request, found: WorkspaceSso | None) -> Response:
    return Response(
        sso_settings(
            found, redirect_uri=_redirect_uri(request), sign_in_base=request.build_absolute_uri(SPA_SIGN_IN)
        )
    )


@extend_schema(
    methods=["GET"], responses={200: SsoSettingsSerializer}, summary="The workspace's single sign-on"
)
@extend_schema(
    methods=["PUT"],
    request=SsoSettingsSerializer,
    responses={200: SsoSettingsSerializer},
    summary="Set the workspace's single sign-on (a masked client secret keeps the saved one)",
)
@extend_schema(methods=["DELETE"], responses={204: None}, summary="Remove the workspace's single sign-on")
@api_view(["GET", "PUT", "DELETE"])
@permission_classes([IsWorkspaceAdmin])
def sso_settings_view(request: Request) -> Response:
    workspace = request.user.workspace
    if request.method == "DELETE":
        sso.remove(workspace=workspace)
        return Response(status=status.HTTP_204_NO_CONTENT)
    if request.method == "PUT":
        data = SsoSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            sso.check_issuer_scheme(data.validated_data["issuer"])
        except sso.SsoError as error:
            raise ValidationError({"issuer": [str(error)]}) from None
        try:
            found = sso.configure(workspace=workspace, data=data.validated_data)
        except sso.SsoError as error:
            raise ValidationError({"client_secret": [str(error)]}) from None
        return _settings_answer(request, found)
    return _settings_answer(request, WorkspaceSso.objects.filter(workspace=workspace).first())


@extend_schema(
    request=SsoTestSerializer,
    responses={200: SsoTestResultSerializer},
    summary="Read an issuer's discovery document (the settings' 'Test connection')",
)
@api_view(["POST"])
@permission_classes([IsWorkspaceAdmin])
def sso_test(request: Request) -> Response:
    data = SsoTestSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        metadata = sso.discover(data.validated_data["issuer"])
    except sso.SsoError as error:
        raise ValidationError({"issuer": [str(error)]}) from None
    return Response(
        {
            "detail": "The provider answered.",
            "issuer": metadata["issuer"],
            "authorization_endpoint": metadata["authorization_endpoint"],
        }
    )
