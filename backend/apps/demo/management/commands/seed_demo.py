"""Demo data for a newcomer and for the end-to-end tests. Safe to run any number of times."""

import contextlib
import datetime as dt

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from apps.accounts.models import Observation, User, Workspace, WorkspaceRole, WorkspaceUserType
from apps.core import timeutils
from apps.demo.activities import seed_activities
from apps.demo.checkout import seed_checkouts
from apps.demo.closing import seed_closing
from apps.demo.projects import seed_projects
from apps.demo.shift_changes import seed_shift_changes
from apps.demo.task_time import seed_task_time
from apps.demo.timeaccount import seed_time_account
from apps.work.models import WorkDay, WorkShiftSchedule
from apps.work.services import schedules, status

DEMO_PASSWORD = "remote-2026"
WORKSPACE_NAME = "Acme Remote"

DEMO_USERS = [
    {
        "email": "ada@example.com",
        "full_name": "Ada Lovelace",
        "display_name": "Ada",
        "what_i_do": "Engineering manager",
        "timezone": "Europe/Lisbon",
        "country": "Portugal",
        "city": "Lisbon",
        "workspace_role": WorkspaceRole.ADMIN,
        "workspace_user_type": WorkspaceUserType.OWNER,
        "team_page_access_granted_yn": True,
        "has_beta_version_access_yn": True,
        "allow_invisible_mode": True,
    },
    {
        "email": "ben@example.com",
        "full_name": "Ben Okafor",
        "display_name": "Ben",
        "what_i_do": "Backend developer",
        "timezone": "America/Toronto",
        "country": "Canada",
        "city": "Toronto",
        "workspace_role": WorkspaceRole.MEMBER,
        "workspace_user_type": WorkspaceUserType.MEMBER,
        "team_page_access_granted_yn": False,
        "has_beta_version_access_yn": True,
    },
    {
        "email": "cy@example.com",
        "full_name": "Cy Tanaka",
        "display_name": "Cy",
        "what_i_do": "Product designer",
        "timezone": "Atlantic/Reykjavik",
        "country": "Iceland",
        "city": "Reykjavik",
        "workspace_role": WorkspaceRole.MEMBER,
        "workspace_user_type": WorkspaceUserType.MEMBER,
        "team_page_access_granted_yn": False,
        "has_beta_version_access_yn": False,
        # Cy's day is recorded only by entering and leaving the office: no manual shifts.
        "allow_add_manual_shifts": False,
    },
]


PAST_WEEKDAYS = 15  # three weeks: the history panel has weeks to show
# Local start hour of each demo user's day; Ben also did one late session past midnight.
WORK_HABITS = {
    "ada@example.com": {"start_hour": 9, "night_shift": False},
    "ben@example.com": {"start_hour": 8, "night_shift": True},
    "cy@example.com": {"start_hour": 10, "night_shift": False},
}


def _weekdays(start: dt.date, step: int, count: int) -> list[dt.date]:
    days, day = [], start
    while len(days) < count:
        day += dt.timedelta(days=step)
        if day.weekday() < 5:
            days.append(day)
    return days


def _at(day: dt.date, hour: float, tz_name: str) -> dt.datetime:
    return timeutils.wall_clock(day, hour, tz_name)


def _record(user, segments) -> None:
    with contextlib.suppress(ValidationError):  # the demo user really worked then: keep those records
        status.record_shift(user=user, segments=segments)


def seed_past_days(user, *, start_hour: int, night_shift: bool) -> None:
    """Real status records for the last weekdays, through the same service as live ones."""
    today = timeutils.local_today(user.timezone)
    for index, day in enumerate(_weekdays(today, -1, PAST_WEEKDAYS)):
        if WorkDay.objects.filter(user=user, work_date=day).exists():
            continue
        tz, h = user.timezone, start_hour + (index % 2) * 0.5
        _record(
            user,
            [
                ("working", _at(day, h, tz), _at(day, h + 3, tz)),
                ("taking_break", _at(day, h + 3, tz), _at(day, h + 3.75, tz)),
                ("working", _at(day, h + 3.75, tz), _at(day, h + 8, tz)),
            ],
        )
        if night_shift and index == 1:
            _record(
                user,
                [
                    ("working", _at(day, 21, tz), _at(day, 23.5, tz)),
                    ("taking_break", _at(day, 23.5, tz), _at(day, 24.25, tz)),
                    ("working", _at(day, 24.25, tz), _at(day, 25.5, tz)),
                ],
            )


def seed_schedule(user, *, start_hour: int) -> None:
    """Sessions for the next workday, so the office page and the strips show a plan."""
    tz = user.timezone
    day = _weekdays(timeutils.local_today(tz), 1, 1)[0]
    lo, hi = timeutils.day_bounds(day, tz)
    if WorkShiftSchedule.objects.filter(user=user, start_datetime__gte=lo, start_datetime__lt=hi).exists():
        return
    for start, end in ((start_hour, start_hour + 3.5), (start_hour + 4.5, start_hour + 8)):
        with contextlib.suppress(ValidationError):
            schedules.schedule_create(
                user=user, start_datetime=_at(day, start, tz), end_datetime=_at(day, end, tz)
            )


class Command(BaseCommand):
    help = "Create or refresh the demo workspace 'Acme Remote' with Ada, Ben and Cy."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="Seed even with DEMO_DATA and DEBUG off.")

    @transaction.atomic
    def handle(self, *args, **options):
        # The demo password is published: never create these accounts on a real deployment.
        if not (settings.DEMO_DATA or settings.DEBUG or options["force"]):
            raise CommandError("Demo data is off: set DEMO_DATA=true (or pass --force) to seed it.")
        workspace, _ = Workspace.objects.get_or_create(name=WORKSPACE_NAME)
        users = {}
        for spec in DEMO_USERS:
            fields = {k: v for k, v in spec.items() if k != "email"}
            user, created = User.objects.update_or_create(
                email=spec["email"], defaults={**fields, "workspace": workspace}
            )
            if created or not user.check_password(DEMO_PASSWORD):
                user.set_password(DEMO_PASSWORD)
                user.save(update_fields=["password"])
            users[spec["email"]] = user
        # Ada's team page observes Ben and Cy (docs/workspace-admin.md).
        for observed in ("ben@example.com", "cy@example.com"):
            Observation.objects.get_or_create(
                observer=users["ada@example.com"], observed_user=users[observed]
            )
        for email, user in users.items():
            seed_past_days(user, **WORK_HABITS[email])
            seed_schedule(user, start_hour=WORK_HABITS[email]["start_hour"])
        seed_projects(workspace=workspace, users=users)
        seed_activities(workspace=workspace, users=users)
        seed_shift_changes(users=users)  # first: the days it edits then get their task time too
        seed_task_time(users=users)
        seed_checkouts(users=users)
        seed_time_account(workspace=workspace, users=users)
        seed_closing(users=users)  # last: it locks days the steps above write
        self.stdout.write(
            self.style.SUCCESS(f"Demo workspace '{WORKSPACE_NAME}' ready ({len(users)} users).")
        )
