"""Reminders and the morning digest's email (issue 32, docs/reminders.md): the member's switches,
the one way a reminder reaches them (a notification in the product and an email, once per text),
and the emailed one-click link that switches one reminder off.

Which reminder is due when is decided by the apps that know (work: closing the week; reports: the
day's reminders and the digest, which compose several apps); they all send through `notify_once`.

The switch-off link carries a token signed with SECRET_KEY (django.core.signing) naming the member,
the reminder and the member's `reminders_version`. Every change of the switches moves the version,
so a link works once: after it switched the reminder off (or the member changed their reminders
since the email) it answers LINK_INVALID. The token names its owner: whoever opens it switches off
that member's reminder only, and a token edited to name another member fails its signature."""

from __future__ import annotations

from urllib.parse import quote

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import F
from rest_framework.exceptions import ValidationError

from apps.accounts import notifications
from apps.accounts.models import Notification, NotificationKind, User


class Reminder:
    """The switchable reminders, each with its switch (a column of the user) and its words."""

    OFFICE_START = "office_start"
    CHECKOUT_NOTE = "checkout_note"
    TRACKER = "tracker"
    CLOSING = "closing"
    DIGEST = "digest"


FIELDS = {
    Reminder.OFFICE_START: "remind_office_start_yn",
    Reminder.CHECKOUT_NOTE: "remind_checkout_note_yn",
    Reminder.TRACKER: "remind_tracker_yn",
    Reminder.CLOSING: "remind_closing_yn",
    Reminder.DIGEST: "digest_email_yn",
}
LABELS = {
    Reminder.OFFICE_START: "Not in the office by the scheduled start",
    Reminder.CHECKOUT_NOTE: "Checkout note not written by the scheduled end",
    Reminder.TRACKER: "Tracker still running at the end of the day",
    Reminder.CLOSING: "Period not submitted when periods close",
    Reminder.DIGEST: "Morning digest email",
}
KINDS = {
    Reminder.OFFICE_START: NotificationKind.OFFICE_START_REMINDER,
    Reminder.CHECKOUT_NOTE: NotificationKind.CHECKOUT_NOTE_REMINDER,
    Reminder.TRACKER: NotificationKind.TRACKER_REMINDER,
    Reminder.CLOSING: NotificationKind.CLOSING_REMINDER,
    Reminder.DIGEST: NotificationKind.MORNING_DIGEST,
}
SETTING_FIELDS = (*FIELDS.values(), "digest_hour")

SALT = "apps.accounts.reminders.off"
LINK_MAX_AGE = 60 * 24 * 3600  # an email older than 60 days has no working link
LINK_INVALID = (
    "This link is not valid any more: it was used already, or your reminders changed since the "
    "email. Switch reminders in Edit Profile > Reminders."
)
SWITCHED_OFF = "'{label}' is off. You can switch it on again in Edit Profile > Reminders."
SPA_OFF_PATH = "/reminders/off/"
ONE_CLICK_PATH = "/api/accounts/reminders/one_click/"


def is_on(user: User, reminder: str) -> bool:
    return bool(getattr(user, FIELDS[reminder]))


def settings_of(user: User) -> dict:
    return {name: getattr(user, name) for name in SETTING_FIELDS}


@transaction.atomic
def reminders_update(*, user: User, data: dict) -> User:
    """Change the caller's switches (only the fields sent); any change makes earlier links stale."""
    changed = [name for name in SETTING_FIELDS if name in data and data[name] != getattr(user, name)]
    if not changed:
        return user
    for name in changed:
        setattr(user, name, data[name])
    User.objects.filter(pk=user.pk).update(
        **{name: data[name] for name in changed}, reminders_version=F("reminders_version") + 1
    )
    user.refresh_from_db(fields=["reminders_version"])
    return user


# --- the emailed link ---------------------------------------------------------------------------


def make_token(user: User, reminder: str) -> str:
    return signing.dumps({"u": user.pk, "r": reminder, "v": user.reminders_version}, salt=SALT)


def off_link(user: User, reminder: str) -> str:
    """The page that names the reminder and switches it off with one button (the SPA)."""
    return f"{settings.PUBLIC_URL.rstrip('/')}{SPA_OFF_PATH}{make_token(user, reminder)}"


def one_click_link(user: User, reminder: str) -> str:
    """RFC 8058's List-Unsubscribe address: mail clients POST `List-Unsubscribe=One-Click` to it."""
    return f"{settings.PUBLIC_URL.rstrip('/')}{ONE_CLICK_PATH}?token={quote(make_token(user, reminder))}"


def _read(token: str, *, lock: bool = False) -> tuple[User, str]:
    try:
        data = signing.loads(token, salt=SALT, max_age=LINK_MAX_AGE)
        user_id, reminder, version = int(data["u"]), str(data["r"]), int(data["v"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise ValidationError({"token": [LINK_INVALID]}) from None
    users = User.objects.filter(pk=user_id, is_active=True)
    user = (users.select_for_update() if lock else users).first()
    if (
        user is None
        or reminder not in FIELDS
        or user.reminders_version != version
        or not is_on(user, reminder)
    ):
        raise ValidationError({"token": [LINK_INVALID]})
    return user, reminder


def link_check(*, token: str) -> dict:
    """What the page shows before the button: whose reminder, which one."""
    user, reminder = _read(token)
    return {"email": user.email, "reminder": reminder, "label": LABELS[reminder]}


@transaction.atomic
def reminder_switch_off(*, token: str) -> dict:
    """Switch the link's reminder off, once (the user row is locked: two clicks switch it once)."""
    user, reminder = _read(token, lock=True)
    User.objects.filter(pk=user.pk).update(
        **{FIELDS[reminder]: False}, reminders_version=F("reminders_version") + 1
    )
    return {"detail": SWITCHED_OFF.format(label=LABELS[reminder]), "reminder": reminder}


# --- sending ------------------------------------------------------------------------------------


def _email(user: User, subject: str, body: str, reminder: str | None) -> EmailMessage:
    headers = {}
    if reminder is not None:
        body = f"{body}\n\n--\nSwitch this off with one click: {off_link(user, reminder)}\n"
        headers = {
            "List-Unsubscribe": f"<{one_click_link(user, reminder)}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
    return EmailMessage(subject=subject, body=body, to=[user.email], headers=headers)


def render_email(user: User, *, subject: str, body: str, reminder: str | None) -> str:
    """The email as it is sent (headers and text), for docs and tests."""
    return _email(user, subject, body, reminder).message().as_string()


def already_told(user: User, *, kind: str, text: str) -> bool:
    """Whether this member has this notification (a day's reminders: `text` is the day's prefix)."""
    return Notification.objects.filter(user=user, kind=kind, text__startswith=text[:300]).exists()


def notify_once(
    user: User,
    *,
    kind: str,
    text: str,
    subject: str,
    reminder: str | None = None,
    body: str | None = None,
    once_per: str | None = None,
) -> bool:
    """Tell a member once per text (the stored notification is the record), in the product and by
    email; a switchable reminder only while its switch is on, its email with the switch-off link.
    `once_per`: a prefix of the text naming the occasion (a day's reminders start with their date), so
    the member hears once per occasion even if the rest of the text changed. `body`: the email's
    text when it says more than the notification (the digest)."""
    if reminder is not None and not is_on(user, reminder):
        return False
    if once_per is not None and already_told(user, kind=kind, text=once_per):
        return False
    if once_per is None and Notification.objects.filter(user=user, kind=kind, text=text[:300]).exists():
        return False
    with transaction.atomic():
        notifications.notify(user_ids=[user.pk], kind=kind, text=text)
        message = _email(user, subject, body or text, reminder)
        transaction.on_commit(message.send)
    return True
