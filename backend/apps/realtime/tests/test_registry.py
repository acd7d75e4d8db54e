"""The event registry and the SPA types written from it (frontend/src/api/events.gen.ts)."""

import io
from pathlib import Path
from typing import Annotated, NotRequired, TypedDict

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command

from apps.realtime import events, typescript
from apps.realtime.events import EmptyMeta, EventType, declare, registry

GENERATED = Path(settings.REPO_DIR) / "frontend" / "src" / "api" / "events.gen.ts"


class SampleMeta(TypedDict):
    count: int
    label: str
    done: bool
    parent_id: int | None
    ids: list[int]
    note: NotRequired[str]


SAMPLE = EventType(name="sample_happened", meta=SampleMeta, description="it happened", recipients="everyone")


def test_every_app_event_is_declared_once_with_its_recipients():
    names = [event.name for event in registry()]
    assert len(names) == len(set(names))
    assert {"new_status", "user_left_office", "user_updated", "sections_changed"} <= set(names)
    assert all(event.description and event.recipients for event in registry())


def test_declaring_a_name_twice_is_refused(monkeypatch):
    monkeypatch.setattr(events, "_REGISTRY", {})
    declare("once", meta=EmptyMeta, description="d", recipients="r")
    with pytest.raises(ImproperlyConfigured):
        declare("once", meta=EmptyMeta, description="d", recipients="r")
    with pytest.raises(ImproperlyConfigured):
        declare("no_recipients", meta=EmptyMeta, description="d", recipients="")


def test_a_message_has_the_wire_shape():
    message = SAMPLE.message(
        SampleMeta(count=1, label="x", done=False, parent_id=None, ids=[2]), action="create", email="a@b.c"
    )
    assert message == {
        "event": "sample_happened",
        "meta": {"count": 1, "label": "x", "done": False, "parent_id": None, "ids": [2]},
        "action": "create",
        "table_name": "",
        "resource_id": None,
        "email": "a@b.c",
        "status": "",
    }


def test_meta_types_map_to_typescript():
    assert typescript.meta_declaration(SAMPLE) == "\n".join(
        [
            "/** sample_happened: it happened. To: everyone. */",
            "export interface SampleHappenedMeta {",
            "  count: number;",
            "  label: string;",
            "  done: boolean;",
            "  parent_id: number | null;",
            "  ids: number[];",
            "  note?: string;",
            "}",
        ]
    )
    empty = EventType(name="nothing", meta=EmptyMeta, description="d", recipients="r")
    assert typescript.meta_declaration(empty).endswith("export type NothingMeta = Record<string, never>;")


def test_a_schema_component_meta_field_is_the_api_type():
    class RowMeta(TypedDict):
        row: Annotated[dict, events.ApiSchema("Teammate")] | None

    event = EventType(name="row_changed", meta=RowMeta, description="d", recipients="r")
    assert "  row: components['schemas']['Teammate'] | null;" in typescript.meta_declaration(event)
    text = typescript.render([event])
    assert typescript.SCHEMA_IMPORT in text
    assert typescript.SCHEMA_IMPORT not in typescript.render([SAMPLE])


def test_an_unsupported_meta_type_is_refused():
    class Odd(TypedDict):
        when: float

    with pytest.raises(typescript.UnsupportedType, match="odd.meta.when"):
        typescript.meta_declaration(EventType(name="odd", meta=Odd, description="d", recipients="r"))


def test_the_union_lists_every_event_in_declaration_order():
    text = typescript.render([SAMPLE])
    assert "  | (LiveEventBase & { event: 'sample_happened'; meta: SampleHappenedMeta })\n  ;" in text
    assert "export const LIVE_EVENT_NAMES: readonly LiveEventName[] = ['sample_happened'];" in text
    assert text.startswith(typescript.HEADER + "\n\n")


def test_the_committed_types_are_up_to_date(tmp_path):
    target = tmp_path / "events.gen.ts"
    call_command("export_event_types", file=str(target), stdout=io.StringIO())
    assert target.read_text() == GENERATED.read_text(), "run `make schema` (manage.py export_event_types)"


def test_every_event_has_its_own_test():
    """Each app's tests/test_events.py checks the payload and recipients of each of its events."""
    apps_dir = Path(__file__).resolve().parents[2]
    tests = "\n".join(path.read_text() for path in apps_dir.glob("*/tests/test_events.py"))
    untested = [e.name for e in registry() if f"events.{e.name.upper()}.name" not in tests]
    assert untested == []
