"""The shift guardian's two calls (docs/guardian.md): the member's pending 'Still working?' and their
answer. A prompt is the member's own: anyone else's is a 404."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from apps.work import selectors
from apps.work.models import ShiftPrompt
from apps.work.serializers import ShiftPromptAnswerSerializer, ShiftPromptStateSerializer
from apps.work.services import guardian


def _state(user) -> dict:
    prompt = selectors.pending_prompt(user=user)
    if prompt is not None:
        prompt.message = guardian.message(prompt)
    return ShiftPromptStateSerializer({"prompt": prompt}).data


@extend_schema(
    responses=ShiftPromptStateSerializer,
    summary="The caller's pending 'Still working?' (the shift guardian), or null",
)
@api_view(["GET"])
def shift_prompt(request: Request) -> Response:
    return Response(_state(request.user))


@extend_schema(
    request=ShiftPromptAnswerSerializer,
    responses=ShiftPromptStateSerializer,
    summary="Answer 'Still working?': still_working, end (at the last activity), keep or undo",
)
@api_view(["POST"])
def shift_prompt_answer(request: Request, pk: int) -> Response:
    prompt = get_object_or_404(ShiftPrompt, pk=pk, user=request.user)
    data = ShiftPromptAnswerSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    guardian.answer(
        user=request.user,
        prompt=prompt,
        choice=data.validated_data["answer"],
        reason=data.validated_data["reason"],
    )
    return Response(_state(request.user))
