"""schemathesis over the whole OpenAPI schema, in process (the WSGI application, no server):
every operation, signed in as the project owner of the guards' world, with bounded and
derandomized examples, valid and invalid (schemathesis' positive and negative modes). Checks (the
audit's finding 9, docs/security.md): no server error, every answer's status code, content type and
body as documented, and invalid input refused.
A fixed sweep of hostile inputs (a NUL byte in every query parameter, a deeply nested JSON body
on every JSON operation) runs beside it: random examples rarely hit those."""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import override_settings
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from tests.guards.table import TABLE, Text
from tests.guards.world import OWNER, World

EXAMPLES_PER_OPERATION = 10
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


def transport_changes_the_body(case) -> bool:
    """Two multipart cases reach the application as another, valid request than the case holds, so
    their refusal cannot be asserted here (every other check still runs on them):
    - a field sent empty (""): Werkzeug's form encoder (the in-process transport) writes it without
      the line break before the next boundary, and the field is gone; the profile's own test sends
      empty fields through Django's encoder and gets its 400 (apps/accounts/tests/test_profile.py);
    - a body that is a bare string: schemathesis sends it verbatim without a content type (it has
      no boundary), which the application reads as a PATCH without a body, a change of nothing.
    A multipart body of no parts (a list, a number) does arrive as such, and is refused
    (apps.core.parsers.MultiPartParser)."""
    if not (case.media_type and case.media_type.startswith("multipart/")):
        return False
    body = case.body
    return isinstance(body, str | bytes) or (isinstance(body, dict) and "" in body.values())


# Path parameters point at the world's objects, so an operation reaches its real code path
# rather than a 404 (an id nobody has is one uninteresting case).
PATH_OBJECTS = {
    "user_id": "colleague",
    "project_id": "project",
    "membership_id": "teammate_membership",
    "task_list_id": "task_list",
    "section_id": "section",
    "task_id": "task",
    "user_task_id": "owner_user_task",
    "page_name": "today",
    "activity_id": "activity",
    "notification_id": "owner_notification",
    "observation_id": "owner_observation",
    "status_id": "owner_check_status",
    "session_id": "owner_other_session",
    "pattern_id": "work_pattern",
    "holiday_id": "workspace_holiday",
    "type_id": "time_off_type",
    "request_id": "member_time_off",
}
PATH_OBJECTS_BY_ROUTE = {
    "/api/projects/task_list_memberships/{membership_id}/": {"membership_id": "owner_list_membership"},
    "/api/work/work_day/{id}/": {"id": "owner_work_day"},
    "/api/work/work_day/{id}/workshifts_summary/": {"id": "owner_work_day"},
    "/api/work/workshiftschedule/{id}/": {"id": "owner_schedule"},
    "/api/work/workshift/{id}/": {"id": "owner_past_shift"},
    "/api/work/period/{id}/reopen/": {"id": "colleague_approved_period"},
    "/api/work/correction/{id}/decide/": {"id": "colleague_correction"},
    "/api/work/shift_prompt/{id}/answer/": {"id": "owner_prompt"},
}
WORDS = {"today"}

# The schema the application serves (generating it reads no data, so it loads at collection).
# schemathesis.pytest.from_fixture would defer this, but 4.32 reads a node attribute pytest 9 removed.
# The suite speaks plain http (the HTTPS redirect has its own test): the middleware reads the
# switch when the handler is built, so the handler is built with it off.
with override_settings(SECURE_SSL_REDIRECT=False):
    schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
# Every case is sent with the owner's token (below): schemathesis leaves the Authorization header to
# us, so a negative case never "drops" it only for the test to put it back (a refused token is the
# role matrix's concern).
schema.config.generation.update(with_security_parameters=False)


@pytest.fixture(autouse=True)
def _keep_the_test_connection(world):
    """A real WSGI request closes the database connection around itself (CONN_MAX_AGE=0), which
    would end the world's transaction; Django's test client disconnects the same handlers (and
    reconnects them after each of its requests, so this runs after the world is built)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def path_values(route: str, names, world: World) -> dict:
    values = {}
    for name in names:
        source = PATH_OBJECTS_BY_ROUTE.get(route, {}).get(name) or PATH_OBJECTS.get(name)
        if source in WORDS:
            values[name] = source
        elif source is not None:
            values[name] = getattr(world, source).pk
    return values


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_api_answers_without_server_errors_and_as_documented(case, world):
    # A negative case's invalid path stays as generated (the answer must refuse it); a valid one
    # points at the world's objects.
    if case.path_parameters and not (case.meta and case.meta.is_negative_at(ParameterLocation.PATH)):
        case.path_parameters.update(path_values(case.operation.path, list(case.path_parameters), world))
    case.call_and_validate(
        headers={"Authorization": f"Token {world.tokens[OWNER]}"},
        checks=[check for check in CHECKS if check is not negative_data_rejection]
        if transport_changes_the_body(case)
        else CHECKS,
    )


HTTP_METHODS = {"get", "post", "put", "patch", "delete"}
NUL_TEXT = "a\x00b"
DEEP_JSON = "[" * 1000 + "]" * 1000


def _hostile_cases():
    for route, item in schema.raw_schema["paths"].items():
        for method, operation in item.items():
            if method not in HTTP_METHODS:
                continue
            parameters = [*item.get("parameters", []), *operation.get("parameters", [])]
            path_names = [p["name"] for p in parameters if p["in"] == "path"]
            for parameter in parameters:
                if parameter["in"] == "query":
                    yield pytest.param(
                        method.upper(), route, path_names, {parameter["name"]: NUL_TEXT}, None,
                        id=f"{method.upper()} {route} NUL in {parameter['name']}",
                    )  # fmt: skip
            if "application/json" in operation.get("requestBody", {}).get("content", {}):
                yield pytest.param(
                    method.upper(),
                    route,
                    path_names,
                    {},
                    DEEP_JSON,
                    id=f"{method.upper()} {route} nested JSON",
                )


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "route", "path_names", "query", "body"), list(_hostile_cases()))
def test_hostile_input_is_refused_without_a_server_error(world, method, route, path_names, query, body):
    path = route.format(**path_values(route, path_names, world))
    client = world.client(OWNER)
    response = client.generic(
        method, path, body or "", content_type="application/json", QUERY_STRING=_query_string(query)
    )
    assert response.status_code < 500, response.content[:300]


def _query_string(query: dict) -> str:
    from urllib.parse import urlencode

    return urlencode(query)


def _valid_requests():
    """The matrix's valid requests of the project owner: each success answer is checked too."""
    documented = schema.raw_schema["paths"]
    for (method, route), row in sorted(TABLE.items(), key=lambda item: (item[0][1], item[0][0])):
        schema_route = route.replace("{pk}", "{id}")
        if row.codes[OWNER] < 300 and method.lower() in documented.get(schema_route, {}):
            yield pytest.param(method, route, schema_route, id=f"{method} {route}")


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "route", "schema_route"), list(_valid_requests()))
def test_a_valid_request_is_answered_as_documented(world, method, route, schema_route):
    row = TABLE[(method, route)]
    path_parameters = {
        name.replace("pk", "id"): source.value if isinstance(source, Text) else getattr(world, source).pk
        for name, source in row.params.items()
    }
    body = row.body(world, OWNER) if callable(row.body) else row.body
    query = row.query(world, OWNER) if callable(row.query) else row.query
    case = schema[schema_route][method].Case(
        path_parameters=path_parameters,
        query=query or {},
        **({"body": body, "media_type": "application/json"} if body is not None else {}),
    )

    response = case.call_and_validate(
        headers={"Authorization": f"Token {world.tokens[OWNER]}"},
        checks=CHECKS,
    )

    assert response.status_code == row.codes[OWNER], response.text[:300]


def _id_routes():
    """Every documented route with an integer path parameter, and its first method."""
    for route, item in schema.raw_schema["paths"].items():
        parameters = [p for op in item.values() if isinstance(op, dict) for p in op.get("parameters", [])]
        integer = {
            p["name"] for p in parameters if p.get("in") == "path" and p["schema"].get("type") == "integer"
        }
        if integer:
            method = next(m for m in ("get", "post", "put", "patch", "delete") if m in item)
            yield pytest.param(method.upper(), route, sorted(integer), id=f"{method.upper()} {route}")


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "route", "names"), list(_id_routes()))
def test_a_non_integer_id_is_a_json_404_as_documented(world, method, route, names):
    path = route.format(**{**path_values(route, names, world), **{name: "abc" for name in names}})
    response = world.client(OWNER).generic(method, path, "{}", content_type="application/json")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json" and response.json() == {"detail": "Not found."}
    operation = schema.raw_schema["paths"][route][method.lower()]
    assert "404" in operation["responses"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "route", "query", "body"),
    [
        ("GET", "/api/work/worktime_table/", "from_date=2026-03-01&to_date=", None),
        ("GET", "/api/work/checkout_check_status/", "to_date=", None),
        ("PUT", "/api/projects/task_list/{task_list_id}/", "", None),
        ("POST", "/api/work/invisible_mode/", "", None),
        ("POST", "/api/work/invisible_mode/", "", "{}"),
        # Found once the negative cases reached the API unchanged (docs/security.md).
        ("GET", "/api/projects/project/", "archived_yn=", None),
        ("GET", "/api/projects/user_task/", "current_user=null", None),
        ("GET", "/api/work/work_day/", "work_date=", None),
        ("GET", "/api/work/work_day/", "user=", None),
        ("GET", "/api/work/change_log/", "to_date=", None),
        # An integer sent empty (29 November, found when the examples changed): apps.core.params.
        ("GET", "/api/projects/task/", "page=", None),
        ("GET", "/api/projects/task/", "parent_project=", None),
        ("GET", "/api/projects/search/", "q=abc&page=", None),
    ],
)
def test_schema_invalid_input_is_refused(world, method, route, query, body):
    path = route.format(task_list_id=world.task_list.pk)
    client = world.client(OWNER)
    if body is None:
        response = client.generic(method, path, QUERY_STRING=query)
    else:
        response = client.generic(method, path, body, content_type="application/json", QUERY_STRING=query)
    assert response.status_code == 400, response.content[:300]
