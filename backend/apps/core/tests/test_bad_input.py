"""Requests an attacker can send must end in a clean 400, never in a 500."""

import json

import pytest

pytestmark = pytest.mark.django_db

DEEP_JSON = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize(
    "url",
    [
        "/api/projects/project/?search=a%00b",
        "/api/projects/project/?archived_yn=%00",
        "/api/projects/project/?a%00b=1",
        "/api/work/current_user_status/?x=%00",
    ],
)
def test_a_nul_byte_in_a_query_parameter_is_a_json_400(auth_client, url):
    response = auth_client.get(url)
    assert response.status_code == 400
    assert response.json() == {"detail": "Query parameters must not contain NUL characters."}


def test_a_nul_byte_is_refused_before_authentication(api_client):
    response = api_client.get("/api/accounts/me/?q=%00")
    assert response.status_code == 400


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("post", "/api/projects/project/"),
        ("patch", "/api/accounts/me/"),
        ("post", "/api/work/create_log_user_status/"),
    ],
)
def test_deeply_nested_json_is_a_400_on_authenticated_endpoints(auth_client, method, url):
    response = getattr(auth_client, method)(url, DEEP_JSON, content_type="application/json")
    assert response.status_code == 400
    assert "nested" in response.json()["detail"]


@pytest.mark.parametrize("url", ["/api/accounts/token/", "/api/accounts/login/"])
def test_deeply_nested_json_is_a_400_on_anonymous_sign_in(api_client, url):
    body = '{"email": "a@example.org", "password": ' + DEEP_JSON + "}"
    response = api_client.post(url, body, content_type="application/json")
    assert response.status_code == 400
    assert "nested" in response.json()["detail"]


def test_reasonably_nested_json_is_still_parsed(auth_client):
    nested = {"a": [[{"b": 1}]]}
    body = json.dumps({"status_enum_identifier": "working", "extra": nested})
    response = auth_client.post("/api/work/create_log_user_status/", body, content_type="application/json")
    assert response.status_code == 201
