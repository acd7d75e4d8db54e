"""Demo activities, read logs and notifications for seed_demo (idempotent: each row is looked up
by what it says before it is made).

After seeding, each demo user has unread activities (Ada: Ben's on 'Home page hero' and 'Sign-in
with passkeys'; Ben: Ada's on 'Login loop on Safari' and Cy's on 'Pick the typeface'; Cy: Ben's and
Ada's), a confirmed one, drafts, and a few notifications.
"""

from __future__ import annotations

import datetime as dt

from apps.accounts.models import Notification, NotificationKind
from apps.core import timeutils
from apps.demo.projects import ADA, BEN, CY
from apps.projects.models import Activity, ActivityReadLog, ActivityType, Task
from apps.projects.services.activities import auto_sections, section

# author, task title, hours ago, sections, state ("draft", "submitted", "confirmed"), readers
ACTIVITIES = [
    (
        BEN,
        "Home page hero",
        2,
        [("What I did", "Cropped the hero photos and tried three headlines.")],
        "submitted",
        [],
    ),
    (
        BEN,
        "Sign-in with passkeys",
        5,
        [("", "Passkeys work on iOS; Android needs the new SDK.")],
        "submitted",
        [],
    ),
    (
        CY,
        "Pick the typeface",
        26,
        [("Shortlist", "Inter, Source Sans and IBM Plex."), ("Next", "Test them on the pricing page.")],
        "confirmed",
        [ADA],
    ),
    (
        ADA,
        "Login loop on Safari",
        50,
        [("Finding", "The session cookie lacks SameSite=None.")],
        "submitted",
        [],
    ),
    (
        BEN,
        "Set up the CMS",
        74,
        [("What I did", "Installed the CMS and imported the old posts.")],
        "confirmed",
        [ADA],
    ),
    (ADA, "Home page hero", 1, [("Notes", "Ask Ben for a darker variant.")], "draft", []),
]

NOTIFICATIONS = [
    (
        ADA,
        BEN,
        NotificationKind.ACTIVITY_SUBMITTED,
        "Ben submitted an activity on 'Home page hero'",
        "Home page hero",
        2,
    ),
    (
        BEN,
        ADA,
        NotificationKind.ACTIVITY_CONFIRMED,
        "Ada confirmed your activity on 'Set up the CMS'",
        "Set up the CMS",
        70,
    ),
    (
        BEN,
        ADA,
        NotificationKind.ADDED_TO_PROJECT,
        "Ada added you to the project 'Mobile App'",
        "Sign-in with passkeys",
        120,
    ),
    (
        CY,
        ADA,
        NotificationKind.ACTIVITY_CONFIRMED,
        "Ada confirmed your activity on 'Pick the typeface'",
        "Pick the typeface",
        24,
    ),
    (
        CY,
        BEN,
        NotificationKind.ADDED_TO_LIST,
        "Ben added you to the list 'Tickets' of 'Customer Support'",
        "Invoice address",
        30,
    ),
]


def seed_activities(*, workspace, users: dict) -> None:
    now = timeutils.now()
    tasks = {
        t.title: t
        for t in Task.objects.filter(task_list__parent_project__workspace=workspace).select_related(
            "task_list__parent_project"
        )
    }
    for email, title, hours, sections, state, readers in ACTIVITIES:
        task, author = tasks[title], users[email]
        text_json = [section(t, text, display_title=bool(t)) for t, text in sections]
        at = now - dt.timedelta(hours=hours)
        activity = Activity.objects.filter(task=task, user=author, text_json=text_json).first()
        if activity is None:
            activity = Activity.objects.create(
                task=task,
                user=author,
                created_datetime=at,
                text_json=text_json,
                submitted_yn=state != "draft",
                submitted_datetime=at if state != "draft" else None,
                confirmed_yn=state == "confirmed",
                confirmed_by=users[ADA] if state == "confirmed" else None,
            )
        for reader in readers:
            ActivityReadLog.objects.get_or_create(
                activity=activity, user=users[reader], defaults={"read_datetime": at}
            )
    # Ben's Daily Report draft for today on a task he flagged for Today.
    ben, cms = users[BEN], tasks["Set up the CMS"]
    work_date = timeutils.local_today(ben.timezone)
    Activity.objects.get_or_create(
        task=cms,
        user=ben,
        work_date=work_date,
        created_automatically_yn=True,
        defaults={
            "activity_type": ActivityType.AUTO,
            "created_datetime": now,
            "text_json": auto_sections(cms.task_list.parent_project.auto_activity),
        },
    )
    for email, actor, kind, text, title, hours in NOTIFICATIONS:
        task = tasks[title]
        project = task.task_list.parent_project
        Notification.objects.get_or_create(
            user=users[email],
            kind=kind,
            text=text,
            defaults={
                "actor": users[actor],
                "datetime": now - dt.timedelta(hours=hours),
                "project_id": project.pk,
                "project_title": project.title,
                "list_id": task.task_list_id,
                "list_title": task.task_list.title,
                "task_id": task.pk,
                "task_title": task.title,
            },
        )
