from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.params import int_param
from apps.projects import search as search_selectors
from apps.projects.serializers.search import SearchPageSerializer

QUERY_LENGTH = f"Type {search_selectors.MIN_QUERY} to {search_selectors.MAX_QUERY} characters to search."
BAD_KIND = f"Use one or more of {', '.join(search_selectors.KINDS)}, separated by commas."
TOO_DEEP = f"Search shows at most {search_selectors.MAX_RESULTS} results: type more of the name."


@extend_schema(
    parameters=[
        OpenApiParameter("q", str, required=True, description="What to find (2 to 100 characters, any case)"),
        OpenApiParameter(
            "kind",
            str,
            description="Only these kinds, comma-separated: project, task_list, task, person (default: all)",
        ),
        OpenApiParameter("page", int, description="1-based page (default 1)"),
        OpenApiParameter("page_size", int, description="Results per page, 1-50 (default 20)"),
    ],
    responses={200: SearchPageSerializer},
    summary="Search the caller's projects, lists, tasks (title and description) and workspace people, ranked",
)
@api_view(["GET"])
def search(request: Request) -> Response:
    query = request.query_params.get("q", "").strip()
    if not (search_selectors.MIN_QUERY <= len(query) <= search_selectors.MAX_QUERY) or "\x00" in query:
        raise ValidationError({"q": [QUERY_LENGTH]})
    raw_kinds = request.query_params.get("kind", "")
    kinds = tuple(k.strip() for k in raw_kinds.split(",") if k.strip()) or search_selectors.KINDS
    if any(k not in search_selectors.KINDS for k in kinds):
        raise ValidationError({"kind": [BAD_KIND]})
    page = int_param(request, "page", default=1, maximum=search_selectors.MAX_RESULTS)
    size = int_param(request, "page_size", default=20, maximum=search_selectors.MAX_PAGE_SIZE)
    offset = (page - 1) * size
    if offset + size > search_selectors.MAX_RESULTS:
        raise ValidationError({"page": [TOO_DEEP]})
    hits, more = search_selectors.search(
        user=request.user, query=query, kinds=kinds, offset=offset, limit=size
    )
    return Response(
        SearchPageSerializer({"results": hits, "page": page, "next_page": page + 1 if more else None}).data
    )
