"""Each tracker's mapping from its recorded real-format payloads, and its calls against the fake."""

import datetime as dt
import json

import pytest

from apps.integrations import fake_server, providers
from apps.integrations.fake_server import FAKE_DIR
from apps.integrations.providers import clockify, toggl

UTC = dt.UTC


def recorded(name):
    return json.loads((FAKE_DIR / name).read_text())


def test_toggl_v9_entries_map_to_active_manual_and_processing():
    mapped = [toggl.map_entry(row) for row in recorded("toggl_time_entries.json")]
    assert [(e.external_id, e.start, e.end, e.type_enum) for e in mapped] == [
        (
            "3544798009",
            dt.datetime(2024, 7, 8, 7, tzinfo=UTC),
            dt.datetime(2024, 7, 8, 8, 30, tzinfo=UTC),
            "active",
        ),
        (
            "3544798010",
            dt.datetime(2024, 7, 8, 9, tzinfo=UTC),
            dt.datetime(2024, 7, 8, 9, 45, tzinfo=UTC),
            "manual",
        ),
        ("3544798011", dt.datetime(2024, 7, 8, 10, tzinfo=UTC), None, "processing"),  # running timer
    ]
    assert mapped[0].description == "Review pull requests"


def test_toggl_deleted_and_malformed_entries_are_left_out():
    row = recorded("toggl_time_entries.json")[0]
    assert toggl.map_entry(row | {"server_deleted_at": "2024-07-09T10:00:00+00:00"}) is None
    assert toggl.map_entry(row | {"start": "yesterday"}) is None
    assert toggl.map_entry("not an entry") is None


def test_clockify_v1_entries_map_and_breaks_are_left_out():
    mapped = [e for row in recorded("clockify_time_entries.json") if (e := clockify.map_entry(row))]
    assert [(e.external_id, e.end, e.type_enum) for e in mapped] == [
        ("64c777ddd3fcab07cfbb210c", dt.datetime(2024, 7, 8, 8, 30, tzinfo=UTC), "active"),
        ("64c777ddd3fcab07cfbb210e", None, "processing"),
    ]


def test_toggl_against_the_fake(fake):
    config = {"provider": "toggl", "api_token": fake_server.TOGGL_TOKEN, "base_url": f"{fake}/toggl"}
    provider = providers.for_config(config)
    assert provider.check(config) == "Connected to Toggl Track as Ben Carter."
    lo = dt.datetime(2026, 11, 2, tzinfo=UTC)
    entries = provider.entries(config, lo=lo, hi=lo + dt.timedelta(days=2))
    assert len(entries) == 4  # two finished entries a day; the timer runs only today
    assert {e.start.date() for e in entries} == {dt.date(2026, 11, 2), dt.date(2026, 11, 3)}


def test_clockify_against_the_fake_uses_the_active_workspace(fake):
    config = {"provider": "clockify", "api_key": fake_server.CLOCKIFY_KEY, "base_url": f"{fake}/clockify"}
    provider = providers.for_config(config)
    assert provider.check(config) == "Connected to Clockify as Ben Carter."
    lo = dt.datetime(2026, 11, 2, tzinfo=UTC)
    assert len(provider.entries(config, lo=lo, hi=lo + dt.timedelta(days=3))) == 3


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (
            {"provider": "toggl", "api_token": "wrong"},
            "The tracker answered 403: Incorrect username and/or password",
        ),
        (
            {"provider": "clockify", "api_key": "wrong"},
            "The tracker answered 401: Full authentication is required to access this resource",
        ),
        (
            {"provider": "clockify", "api_key": fake_server.CLOCKIFY_KEY, "workspace_id": "other"},
            "The tracker answered 403: Access Denied",
        ),
    ],
)
def test_the_providers_own_error_is_reported(fake, config, message):
    config = config | {"base_url": f"{fake}/{config['provider']}"}
    provider = providers.for_config(config)
    lo = dt.datetime(2026, 11, 2, tzinfo=UTC)
    with pytest.raises(providers.ProviderError) as caught:
        provider.entries(config, lo=lo, hi=lo + dt.timedelta(days=1))
    assert caught.value.message == message
    assert not caught.value.transient


def test_configs_are_cleaned():
    assert providers.for_config({"provider": "toggl"}).key == "toggl"
    assert providers.for_config({"provider": "nope"}) is None
    assert providers.for_config({}) is None
    with pytest.raises(providers.ProviderError, match="API token"):
        providers.for_config({"provider": "toggl"}).clean({"provider": "toggl", "api_token": " "})
    with pytest.raises(providers.ProviderError, match="http and https"):
        providers.for_config({"provider": "toggl"}).clean(
            {"provider": "toggl", "api_token": "x", "base_url": "file:///etc"}
        )
