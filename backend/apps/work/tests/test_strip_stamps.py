"""The teammates strip is kept per process under read stamps (apps/work/strip.py, triggers in
migration work 0007): `s:<workspace>` for what the shared strip shows, `p:<viewer>` for the
viewer's pins. A read while nothing changed is the stamp lookup alone; every kind of write the
strip shows, however it is made (`save`, `update`, `bulk_create`, deletes), renews its
workspace's strip and nobody else's; a read after the commit answers the new truth."""

import datetime as dt

import pytest
from django.db import connection

from apps.accounts.models import TeammatePin, User
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.core import readstamps
from apps.work import strip
from apps.work.models import StatusRecord, WorkShift, WorkShiftSchedule
from apps.work.services import status as services

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="stamps are PostgreSQL triggers"),
]

URL = "/api/accounts/teammates/"


def rows(client) -> dict[int, dict]:
    return {row["user"]: row for row in client.get(URL).json()}


def stamp(key: str) -> int:
    return readstamps.stamps(key)[0]


@pytest.fixture
def team(client_for):
    workspace, other = WorkspaceFactory(), WorkspaceFactory()
    ann = UserFactory(workspace=workspace, display_name="Ann")
    mo = UserFactory(workspace=workspace, display_name="Mo")
    cy = UserFactory(workspace=other, display_name="Cy")
    return ann, mo, cy, client_for(ann)


def test_a_read_while_nothing_changed_is_the_stamp_lookup(team, django_assert_num_queries):
    ann, mo, cy, client = team
    assert set(rows(client)) == {ann.pk, mo.pk}
    with django_assert_num_queries(2):  # the token's stamp; `*`, the strip's and the pins' stamps
        assert set(rows(client)) == {ann.pk, mo.pk}


WRITES = {
    "status change": lambda ann, mo: services.status_change(user=mo, status="taking_break"),
    "status records updated in bulk": lambda ann, mo: StatusRecord.objects.filter(user=mo).update(
        status_enum_identifier="taking_break"
    ),
    "shift deleted": lambda ann, mo: WorkShift.objects.filter(work_day__user=mo).delete(),
    "member renamed": lambda ann, mo: User.objects.filter(pk=mo.pk).update(display_name="Moe"),
    "member saved": lambda ann, mo: (setattr(mo, "city", "Oslo"), mo.save()),
    "schedule": lambda ann, mo: WorkShiftSchedule.objects.bulk_create(
        [
            WorkShiftSchedule(
                user=mo,
                start_datetime=dt.datetime.now(dt.UTC) + dt.timedelta(days=1),
                end_datetime=dt.datetime.now(dt.UTC) + dt.timedelta(days=1, hours=2),
            )
        ]
    ),
    "newcomer": lambda ann, mo: UserFactory(workspace=ann.workspace, display_name="Nia"),
}


@pytest.mark.parametrize("write", list(WRITES))
def test_every_write_the_strip_shows_renews_its_workspace_and_no_other(team, write):
    ann, mo, cy, client = team
    services.status_change(user=mo, status="working")
    before = rows(client)
    ours = stamp(strip.strip_key(ann.workspace_id))
    theirs = stamp(strip.strip_key(cy.workspace_id))
    pins = stamp(strip.pins_key(ann.pk))
    WRITES[write](ann, mo)
    assert stamp(strip.strip_key(ann.workspace_id)) != ours
    assert stamp(strip.strip_key(cy.workspace_id)) == theirs
    assert stamp(strip.pins_key(ann.pk)) == pins
    # The read after the write equals one made with no kept copy at all.
    after = rows(client)
    strip.STRIPS.clear()
    assert rows(client) == after
    assert after != before or write == "schedule"  # what the write changed shows


def test_the_read_after_a_write_answers_the_new_truth(team):
    ann, mo, cy, client = team
    assert rows(client)[mo.pk]["status"] == "out_of_office"  # now kept
    services.status_change(user=mo, status="working")
    assert rows(client)[mo.pk]["status"] == "working"
    services.status_change(user=mo, status="taking_break")
    assert rows(client)[mo.pk]["status"] == "taking_break"
    User.objects.filter(pk=mo.pk).update(is_active=False)
    assert mo.pk not in rows(client)


def test_pins_are_the_viewers_own_key(team, client_for):
    ann, mo, cy, client = team
    other = client_for(mo)
    assert not rows(client)[mo.pk]["pinned_yn"]
    assert rows(other)[mo.pk]["is_self"]
    strip_before = stamp(strip.strip_key(ann.workspace_id))
    TeammatePin.objects.create(viewer=ann, teammate=mo)
    assert stamp(strip.strip_key(ann.workspace_id)) == strip_before  # the shared strip stays
    assert rows(client)[mo.pk]["pinned_yn"]
    assert not rows(other)[ann.pk]["pinned_yn"]
    TeammatePin.objects.filter(viewer=ann).delete()
    assert not rows(client)[mo.pk]["pinned_yn"]
