"""Every /api/ route x every role: the status code of tests/guards/table.py and nothing of the
other tenant in the body. A route without a row, or a row without a route, fails."""

import pytest

from tests.guards.routes import api_routes
from tests.guards.table import TABLE, Row, Text
from tests.guards.world import ROLES, World


def test_every_api_route_has_a_row_and_every_row_a_route():
    routes = api_routes()
    missing = sorted(routes - set(TABLE), key=lambda key: (key[1], key[0]))
    stale = sorted(set(TABLE) - routes, key=lambda key: (key[1], key[0]))
    assert not missing, f"routes without a row in tests/guards/table.py: {missing}"
    assert not stale, f"rows in tests/guards/table.py for routes that no longer exist: {stale}"


def _value(spec, world: World, role: str):
    return spec(world, role) if callable(spec) else spec


def _path(route: str, row: Row, world: World) -> str:
    values = {
        name: source.value if isinstance(source, Text) else getattr(world, source).pk
        for name, source in row.params.items()
    }
    return route.format(**values)


def request(world: World, role: str, method: str, route: str, row: Row):
    client = world.client(role)
    path = _path(route, row, world)
    query = _value(row.query, world, role)
    if query:
        path += "?" + "&".join(f"{name}={value}" for name, value in query.items())
    body = _value(row.body, world, role)
    call = getattr(client, method.lower())
    if method in ("GET", "DELETE"):
        return call(path)
    return call(path, body or {}, format=row.format)


CASES = [
    pytest.param(method, route, role, id=f"{method} {route} {role}")
    for (method, route) in sorted(TABLE, key=lambda key: (key[1], key[0]))
    for role in ROLES
]


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "route", "role"), CASES)
def test_route_answers_role_as_declared(world, method, route, role):
    row = TABLE[(method, route)]
    response = request(world, role, method, route, row)

    body = response.content.decode(errors="replace")
    assert response.status_code == row.codes[role], body[:500]
    for marker in world.forbidden_markers(role):
        assert marker not in body, f"{role} received another tenant's data: {body[:500]}"
