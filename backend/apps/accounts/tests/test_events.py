"""Each live event of accounts: its payload, who receives it, and who receives nothing."""

import pytest

from apps.accounts import events, services
from apps.accounts.tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    user = UserFactory()
    return user, UserFactory(workspace=user.workspace), UserFactory()  # user, teammate, stranger


def base(message) -> tuple:
    return (
        message["action"],
        message["table_name"],
        message["resource_id"],
        message["email"],
        message["status"],
    )


def test_user_login(people, api_client, live_events):
    user, teammate, stranger = people
    with live_events.capture():
        assert (
            api_client.post("/api/accounts/token/", {"email": user.email, "password": PASSWORD}).status_code
            == 200
        )
    groups, message = live_events.one(events.USER_LOGIN.name)
    assert message["meta"] == {} and base(message) == ("", "", None, user.email, "")
    assert live_events.reaches(groups, user)
    assert not live_events.reaches(groups, teammate) and not live_events.reaches(groups, stranger)


def test_user_logout(people, live_events):
    user, teammate, stranger = people
    with live_events.capture():
        services.sign_out_everywhere(user=user)
    groups, message = live_events.one(events.USER_LOGOUT.name)
    assert message["meta"] == {} and base(message) == ("", "", None, user.email, "")
    assert live_events.reaches(groups, user)
    assert not live_events.reaches(groups, teammate) and not live_events.reaches(groups, stranger)


def test_user_updated_and_teammate_updated(people, client_for, live_events):
    user, teammate, stranger = people
    with live_events.capture():
        assert client_for(user).patch("/api/accounts/me/", {"city": "Porto"}).status_code == 200

    groups, message = live_events.one(events.USER_UPDATED.name)
    assert message["meta"] == {} and base(message) == ("", "user", user.pk, user.email, "")
    assert live_events.reaches(groups, user)
    assert not live_events.reaches(groups, teammate) and not live_events.reaches(groups, stranger)

    groups, message = live_events.one(events.TEAMMATE_UPDATED.name)
    assert base(message) == ("", "user", user.pk, user.email, "")
    assert message["meta"]["user"] == user.pk and message["meta"]["teammate"]["city"] == "Porto"
    assert live_events.reaches(groups, user) and live_events.reaches(groups, teammate)
    assert not live_events.reaches(groups, stranger)


def test_a_profile_without_a_workspace_tells_only_its_own_sockets(live_events):
    loner = UserFactory(workspace=None)
    with live_events.capture():
        services.profile_update(user=loner, data={"city": "Faro"})
    assert [m["event"] for _, m in live_events.sent] == [events.USER_UPDATED.name]


def test_new_notification(people, live_events):
    from apps.accounts import notifications
    from apps.accounts.models import NotificationKind

    user, teammate, stranger = people
    with live_events.capture():
        (made,) = notifications.notify(
            user_ids=[user.pk], kind=NotificationKind.ACTIVITY_CONFIRMED, text="Confirmed.", actor=teammate
        )
    groups, message = live_events.one(events.NEW_NOTIFICATION.name)
    assert message["meta"] == {"notification_id": made.pk, "kind": "activity_confirmed", "unread_count": 1}
    assert base(message) == ("create", "notification", made.pk, user.email, "")
    assert live_events.reaches(groups, user)
    assert not live_events.reaches(groups, teammate) and not live_events.reaches(groups, stranger)


def test_notifications_read(people, live_events):
    from apps.accounts import notifications
    from apps.accounts.models import NotificationKind

    user, teammate, stranger = people
    made = notifications.notify(user_ids=[user.pk], kind=NotificationKind.ADDED_TO_PROJECT, text="Added.")
    notifications.notify(user_ids=[user.pk], kind=NotificationKind.ADDED_TO_LIST, text="Added.")
    with live_events.capture():
        notifications.mark_read(user=user, ids=[made[0].pk])
    groups, message = live_events.one(events.NOTIFICATIONS_READ.name)
    assert message["meta"] == {"notification_ids": [made[0].pk], "all": False, "unread_count": 1}
    assert base(message) == ("update", "notification", None, user.email, "")
    assert live_events.reaches(groups, user)
    assert not live_events.reaches(groups, teammate) and not live_events.reaches(groups, stranger)


def test_created_or_updated_observable_user_reaches_the_observer_only(people, live_events):
    from apps.accounts import observers

    user, teammate, stranger = people
    with live_events.capture():
        observation = observers.observe(observer=teammate, observed_user=user)
    groups, message = live_events.one(events.CREATED_OR_UPDATED_OBSERVABLE_USER.name)
    assert message["action"] == "create" and message["resource_id"] == observation.pk
    assert message["meta"] == {
        "observable_user_id": observation.pk,
        "observed_user_id": user.pk,
        "shown_yn": True,
        "starred_yn": False,
    }
    assert [live_events.reaches(groups, p) for p in (teammate, user, stranger)] == [True, False, False]
    with live_events.capture():
        observers.observation_update(observation=observation, data={"starred_yn": True})
    groups, message = live_events.named(events.CREATED_OR_UPDATED_OBSERVABLE_USER.name)[1]
    assert message["action"] == "update" and message["meta"]["starred_yn"] is True
    assert [live_events.reaches(groups, p) for p in (teammate, user, stranger)] == [True, False, False]
    with live_events.capture():
        observers.observation_update(observation=observation, data={"starred_yn": True})
    assert len(live_events.named(events.CREATED_OR_UPDATED_OBSERVABLE_USER.name)) == 2  # unchanged: none
