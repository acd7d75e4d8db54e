"""Timestamps read through psycopg's compiled loader (apps/core/postgresql/base.py): the same
datetimes as Django's own loader gives, tzinfo included, across midnight, DST and centuries."""

import datetime as dt

import pytest
from django.db import connection, connections
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.test import override_settings
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.core.postgresql.base import TIMESTAMPTZ_OID, UtcTimestamptzLoader

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's loader")

INSTANTS = st.datetimes(
    min_value=dt.datetime(1, 1, 2), max_value=dt.datetime(9999, 12, 30), timezones=st.just(dt.UTC)
)


def _read(instants, *, djangos: bool):
    with connection.cursor() as cursor:
        if djangos:
            register_tzloader(connection.timezone, cursor.cursor)  # what Django reads them with
        cursor.execute("SELECT unnest(%s::timestamptz[])", [list(instants)])
        return [row[0] for row in cursor.fetchall()]


@pytest.mark.django_db
def test_the_connections_read_timestamps_with_psycopgs_loader():
    connection.ensure_connection()
    assert connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, 0) is UtcTimestamptzLoader


@pytest.mark.django_db
@settings(max_examples=60, deadline=None)
@given(st.lists(INSTANTS, min_size=1, max_size=40))
def test_a_timestamp_reads_as_the_same_datetime_as_djangos_loader_gives(instants):
    ours = _read(instants, djangos=False)
    theirs = _read(instants, djangos=True)

    assert ours == theirs == instants
    assert all(value.tzinfo is dt.UTC for value in ours)


@pytest.mark.django_db
def test_a_night_shift_across_a_dst_change_reads_back_to_the_microsecond():
    # Europe/Berlin's clocks went back at 01:00 UTC on 25 October 2026: 02:30 local happened twice.
    instants = [
        dt.datetime(2026, 10, 24, 22, 59, 59, 999999, tzinfo=dt.UTC),
        dt.datetime(2026, 10, 25, 0, 30, tzinfo=dt.UTC),
        dt.datetime(2026, 10, 25, 1, 30, 0, 1, tzinfo=dt.UTC),
    ]
    assert _read(instants, djangos=False) == instants


@pytest.mark.django_db
def test_without_utc_connections_djangos_loader_stays():
    with override_settings(USE_TZ=False):
        wrapper = type(connections["default"])(connection.settings_dict, alias="other")
        params = wrapper.get_connection_params()
    assert params["context"].get_loader(TIMESTAMPTZ_OID, 0) is not UtcTimestamptzLoader
