"""Every route under /api/ with the methods its view answers, read from the URL conf."""

import re

from django.urls import URLPattern, URLResolver, get_resolver

# HEAD and OPTIONS come with every view (HEAD is GET without a body, OPTIONS describes the view).
IMPLICIT_METHODS = {"HEAD", "OPTIONS"}


def _walk(patterns, prefix: str = ""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern.callback


def readable(route: str) -> str:
    """'api/work/^work_day/(?P<pk>\\d+)/$' and 'project/<int:project_id>/' -> '/api/.../{pk}/'."""
    route = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", route)
    route = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)
    return "/" + route.replace("^", "").replace("$", "")


def methods(callback) -> set[str]:
    actions = getattr(callback, "actions", None)  # a viewset bound to this route
    if actions:
        return {method.upper() for method in actions} - IMPLICIT_METHODS
    view_class = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
    if view_class is None:
        raise AssertionError(
            f"{callback!r} is not a class-based or DRF view: the guards cannot list its methods"
        )
    return {
        method.upper()
        for method in view_class.http_method_names
        if hasattr(view_class, method) and method.upper() not in IMPLICIT_METHODS
    }


def api_routes() -> set[tuple[str, str]]:
    """{(method, '/api/...')} for every route of the URL conf under /api/."""
    found = set()
    for route, callback in _walk(get_resolver().url_patterns):
        path = readable(route)
        if path.startswith("/api/"):
            found |= {(method, path) for method in methods(callback)}
    return found
