"""The four notification calls of spec 01 §7, each on the caller's own notifications only."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts import notifications
from apps.accounts.models import Notification, NotificationKind
from apps.accounts.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

N = "/api/notifications"


def make(user, n=1, actor=None):
    made = []
    for i in range(n):
        made += notifications.notify(
            user_ids=[user.pk], kind=NotificationKind.ADDED_TO_PROJECT, text=f"Note {i}", actor=actor
        )
    return made


def test_list_is_newest_first_with_the_unread_count(auth_client, clock):
    user = auth_client.user
    first = make(user)[0]
    clock.advance(minutes=1)
    second = make(user, actor=UserFactory(workspace=user.workspace, display_name="Ada"))[0]
    make(UserFactory())  # someone else's
    body = auth_client.get(f"{N}/").json()
    assert [row["id"] for row in body["results"]] == [second.pk, first.pk]
    assert body["unread_count"] == 2
    assert body["results"][0]["actor"]["display_name"] == "Ada"
    assert set(body["results"][0]) == {
        "id",
        "datetime",
        "kind",
        "text",
        "unread",
        "actor",
        "project",
        "list",
        "task",
    }


def test_mark_one_read_and_404_for_another_users(auth_client):
    mine = make(auth_client.user)[0]
    theirs = make(UserFactory())[0]
    answer = auth_client.patch(f"{N}/mark_as_read/{mine.pk}")
    assert answer.status_code == 200
    assert answer.json() == {"marked_ids": [mine.pk], "unread_count": 0}
    assert auth_client.patch(f"{N}/mark_as_read/{theirs.pk}").status_code == 404
    assert Notification.objects.get(pk=theirs.pk).unread


def test_mark_these_read_ignores_other_users_ids(auth_client):
    mine = make(auth_client.user, 3)
    theirs = make(UserFactory())[0]
    answer = auth_client.patch(
        f"{N}/mark_as_read/", {"ids": [mine[0].pk, mine[1].pk, theirs.pk]}, format="json"
    )
    assert answer.status_code == 200
    assert answer.json() == {"marked_ids": [mine[0].pk, mine[1].pk], "unread_count": 1}
    assert Notification.objects.get(pk=theirs.pk).unread
    for bad in ({}, {"ids": []}, {"ids": ["x"]}, {"ids": [0]}):
        assert auth_client.patch(f"{N}/mark_as_read/", bad, format="json").status_code == 400


def test_mark_all_read(auth_client):
    make(auth_client.user, 3)
    other = make(UserFactory())[0]
    answer = auth_client.put(f"{N}/mark_all_as_read/")
    assert answer.status_code == 200
    assert answer.json()["unread_count"] == 0
    assert len(answer.json()["marked_ids"]) == 3
    assert Notification.objects.get(pk=other.pk).unread


def test_list_is_bounded_and_its_queries_fixed(auth_client):
    actor = UserFactory(workspace=auth_client.user.workspace)
    make(auth_client.user, 2, actor=actor)
    with CaptureQueriesContext(connection) as small:
        auth_client.get(f"{N}/")
    make(auth_client.user, notifications.MAX_NOTIFICATIONS + 5, actor=actor)
    with CaptureQueriesContext(connection) as big:
        body = auth_client.get(f"{N}/").json()
    assert len(big) == len(small)
    assert len(body["results"]) == notifications.MAX_NOTIFICATIONS
    assert body["unread_count"] == notifications.MAX_NOTIFICATIONS + 7


def test_anonymous_gets_401(api_client):
    assert api_client.get(f"{N}/").status_code == 401
