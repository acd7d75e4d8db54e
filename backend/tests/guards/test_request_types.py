"""Request bodies are JSON and their values have the schema's types (docs/security.md, finding 9):
one parser, and serializers whose booleans and strings refuse what DRF's own would coerce. The
profile's PATCH, a form with the avatar (spec 01 §7), is the one operation that takes a form."""

import ast
from pathlib import Path

import pytest

APPS = Path(__file__).resolve().parents[2] / "apps"
FORM_SERIALIZERS = {"ProfileUpdateSerializer", "RequiredWhenSentField"}  # the profile's form: DRF's fields
LENIENT = {"BooleanField", "CharField", "ModelSerializer"}


def _lenient_uses():
    for path in sorted(APPS.rglob("*.py")):
        if "tests" in path.parts or "migrations" in path.parts or path == APPS / "core" / "serializers.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef) or node.name in FORM_SERIALIZERS:
                continue
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Attribute)
                    and inner.attr in LENIENT
                    and isinstance(inner.value, ast.Name)
                    and inner.value.id in {"serializers", "drf_serializers"}
                ):
                    yield f"{path.relative_to(APPS)}: {node.name} uses serializers.{inner.attr}"


def test_serializers_use_the_strict_fields():
    """`apps.core.serializers` JsonBooleanField, StrictCharField and ModelSerializer, not DRF's."""
    assert list(_lenient_uses()) == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body", [{"enabled": 0}, {"enabled": "true"}, {"enabled": 1}], ids=["zero", "string", "one"]
)
def test_a_boolean_of_another_type_is_a_400_and_changes_nothing(auth_client, body):
    user = auth_client.user
    user.allow_invisible_mode = True
    user.save()
    answer = auth_client.post("/api/work/invisible_mode/", body, format="json")
    assert answer.status_code == 400 and "enabled" in answer.json()
    user.refresh_from_db()
    assert user.invisible_mode_yn is False


@pytest.mark.django_db
def test_a_number_for_a_string_is_a_400(auth_client):
    answer = auth_client.post("/api/projects/project/", {"title": 7, "color": 1}, format="json")
    assert answer.status_code == 400 and "title" in answer.json()


@pytest.mark.django_db
def test_a_form_body_is_a_415_except_the_profiles(auth_client):
    answer = auth_client.post("/api/work/invisible_mode/", {"enabled": "true"}, format="multipart")
    assert answer.status_code == 415
    assert auth_client.patch("/api/accounts/me/", {"city": "Porto"}, format="multipart").status_code == 200
