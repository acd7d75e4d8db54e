from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions
from rest_framework.views import exception_handler


def _one_message(messages) -> str:
    return " ".join(str(message) for message in messages)


def api_exception_handler(exc, context):
    """DRF's handler, plus Django ValidationErrors raised by services answered as 400.

    Error bodies have the documented shapes (apps/core/schema.py): an object whose `detail`, when
    present, is one string; field errors stay `{"field": ["message"]}`."""
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "message_dict"):
            exc = exceptions.ValidationError(exc.message_dict)
        else:
            exc = exceptions.ValidationError({"detail": exc.messages})
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(response.data, list):  # ValidationError("message")
        response.data = {"detail": _one_message(response.data)}
    elif isinstance(response.data, dict) and isinstance(response.data.get("detail"), list):
        response.data["detail"] = _one_message(response.data["detail"])
    return response
