"""One world for the guards: workspace A (the project and everything a route can point at) and
workspace B (the other tenant), each object named with its workspace's marker so a response can
be searched for anything of the other tenant."""

import datetime as dt
from dataclasses import dataclass, field
from types import SimpleNamespace

from django.test import override_settings
from rest_framework.test import APIClient

from apps.accounts.models import Notification, Observation, User, WorkspaceRole, token_digest
from apps.accounts.sessions import session_id
from apps.accounts.tests.factories import PASSWORD, UserFactory, WorkspaceFactory
from apps.checkout.models import CheckoutCheckStatus
from apps.projects.models import AccessType, ProjectColor
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
    TaskListMembershipFactory,
    UserTaskFactory,
)
from apps.timeaccount.models import Adjustment, TimeOffRequest, TimeOffType, WorkPattern, WorkspaceHoliday
from apps.work.models import (
    CorrectionKind,
    CorrectionRequest,
    PeriodState,
    PromptCause,
    ShiftPrompt,
    WorkDay,
    WorkPeriod,
    WorkShiftSchedule,
)

MARKER_A = "qqalphamarkqq"
MARKER_B = "zzbravomarkzz"

# The roles of the matrix, in the order the table reads them.
ANONYMOUS = "anonymous"
DEACTIVATED = "deactivated"
OTHER_WORKSPACE = "other_workspace"
OUTSIDER = "outsider"
MEMBER = "member"
OWNER = "owner"
ADMIN = "admin"
ROLES = (ANONYMOUS, DEACTIVATED, OTHER_WORKSPACE, OUTSIDER, MEMBER, OWNER, ADMIN)

# Each world makes about ten users; the real hasher's PBKDF2 rounds would dominate the run.
FAST_HASHING = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])


@dataclass
class World:
    users: dict[str, User]
    tokens: dict[str, str]
    objects: dict[str, object] = field(default_factory=dict)

    def __getattr__(self, name):
        try:
            return self.objects[name]
        except KeyError:
            raise AttributeError(name) from None

    def client(self, role: str) -> APIClient:
        client = APIClient()
        if role in self.tokens:
            client.credentials(HTTP_AUTHORIZATION=f"Token {self.tokens[role]}")
        return client

    def forbidden_markers(self, role: str) -> tuple[str, ...]:
        """What a role must never receive: the other tenant's marker (both, once deactivated)."""
        if role == OTHER_WORKSPACE:
            return (MARKER_A,)
        if role == DEACTIVATED:
            return (MARKER_A, MARKER_B)
        return (MARKER_B,)


def _user(workspace, marker: str, name: str, **fields) -> User:
    # Every user has a photo (the name is enough: no answer reads the file), so each answer
    # that shows one shows it as it really goes out.
    return UserFactory(
        avatar=f"avatars/{name}.png",
        workspace=workspace,
        email=f"{name}.{marker}@example.org",
        full_name=f"{name.title()} {marker}",
        display_name=f"{name.title()} {marker}",
        allow_invisible_mode=True,
        **fields,
    )


def sign_in(user: User, address: str) -> str:
    """A token as a real client gets one, so the guards do not depend on how tokens are stored."""
    response = APIClient().post(
        "/api/accounts/token/", {"email": user.email, "password": PASSWORD}, REMOTE_ADDR=address
    )
    assert response.status_code == 200, response.content
    return response.json()["token"]


def deactivate(user: User) -> None:
    from apps.accounts import services

    user_deactivate = getattr(services, "user_deactivate", None)
    if user_deactivate is not None:
        user_deactivate(user=user)
    else:
        user.is_active = False
        user.save(update_fields=["is_active"])


def _tenant(marker: str, owner: User, color_value: str):
    """A project of the owner's workspace with a list, sections and tasks, all named with the marker."""
    color = ProjectColor.objects.create(value=color_value, title=f"Ink {marker}", workspace=owner.workspace)
    project = ProjectFactory(workspace=owner.workspace, title=f"Apollo {marker}", color=color)
    ProjectMembershipFactory(project=project, user=owner, access_type_enum=AccessType.OWNER)
    task_list = TaskListFactory(parent_project=project, title=f"Backlog {marker}")
    TaskListMembershipFactory(task_list=task_list, user=owner, access_type_enum=AccessType.OWNER)
    section = SectionFactory(task_list=task_list, title=f"Doing {marker}")
    task = TaskFactory(
        section=section, owner_user=owner, title=f"Write the spec {marker}", description=f"About {marker}"
    )
    owner_user_task = UserTaskFactory(task=task, user=owner, role_enum="owner", starred_yn=True)
    return color, project, task_list, section, task, owner_user_task


def enter_office(token: str) -> None:
    """Start working, as the SPA does: a work day with a shift and an open status record."""
    response = APIClient().post(
        "/api/work/create_log_user_status/",
        {"status_enum_identifier": "working"},
        format="json",
        HTTP_AUTHORIZATION=f"Token {token}",
    )
    assert response.status_code == 201, response.content


def _at_work(user: User, token: str, notes: str) -> WorkDay:
    enter_office(token)
    work_day = WorkDay.objects.get(user=user)
    work_day.checkout_notes = notes
    work_day.save(update_fields=["checkout_notes"])
    return work_day


def _schedule(user: User, now: dt.datetime, notes: str) -> WorkShiftSchedule:
    return WorkShiftSchedule.objects.create(
        user=user,
        start_datetime=now + dt.timedelta(days=1),
        end_datetime=now + dt.timedelta(days=1, hours=2),
        work_time_seconds=7200,
        schedule_notes=notes,
    )


def _activities(users: dict[str, User], task, b_task):
    """The owner's submitted activity (unread to the member, who is notified of it), the
    member's draft, one in workspace B, and a notification of the owner's."""
    from apps.accounts import notifications
    from apps.accounts.models import NotificationKind
    from apps.projects.services import activities

    activity = activities.activity_create(
        user=users[OWNER], task=task, text_json={"section_text": f"Shipped {MARKER_A}"}, submit=True
    )
    member_draft = activities.activity_create(
        user=users[MEMBER], task=task, text_json={"section_text": f"Draft {MARKER_A}"}
    )
    b_activity = activities.activity_create(
        user=users[OTHER_WORKSPACE],
        task=b_task,
        text_json={"section_text": f"Shipped {MARKER_B}"},
        submit=True,
    )
    (owner_notification,) = notifications.notify(
        user_ids=[users[OWNER].pk], kind=NotificationKind.ADDED_TO_LIST, text=f"Added {MARKER_A}"
    )
    return activity, member_draft, b_activity, owner_notification


def _past_day(user: User, now: dt.datetime) -> WorkDay:
    """Three hours of work three days ago: room to put task time on."""
    from apps.work.services.status import record_shift

    start = (now - dt.timedelta(days=3)).replace(hour=9, minute=0, second=0)
    shift = record_shift(user=user, segments=[("working", start, start + dt.timedelta(hours=3))])
    return shift.work_day


def build_world() -> World:
    """Everything each role needs, committed or not as the caller's transaction decides."""
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    workspace_a = WorkspaceFactory(name=f"Acme {MARKER_A}")
    workspace_b = WorkspaceFactory(name=f"Bolt {MARKER_B}")
    users = {
        OUTSIDER: _user(workspace_a, MARKER_A, "outsider"),
        MEMBER: _user(workspace_a, MARKER_A, "member"),
        OWNER: _user(workspace_a, MARKER_A, "owner"),
        ADMIN: _user(workspace_a, MARKER_A, "admin", workspace_role=WorkspaceRole.ADMIN),
        DEACTIVATED: _user(workspace_a, MARKER_A, "deactivated"),
        OTHER_WORKSPACE: _user(workspace_b, MARKER_B, "other"),
    }
    colleague = _user(workspace_a, MARKER_A, "colleague")
    teammate = _user(workspace_a, MARKER_A, "teammate")
    invitee = _user(workspace_a, MARKER_A, "invitee")  # invited, has not set a password yet
    invitee.set_unusable_password()
    invitee.save(update_fields=["password"])
    b_colleague = _user(workspace_b, MARKER_B, "bcolleague")

    color, project, task_list, section, task, owner_user_task = _tenant(MARKER_A, users[OWNER], "#0A0A0A")
    for name in (MEMBER, DEACTIVATED):
        ProjectMembershipFactory(project=project, user=users[name], project_role=f"Dev {MARKER_A}")
        TaskListMembershipFactory(task_list=task_list, user=users[name])
    teammate_membership = ProjectMembershipFactory(project=project, user=teammate)
    member_user_task = UserTaskFactory(task=task, user=users[MEMBER], today_yn=True)
    free_task = TaskFactory(section=section, owner_user=users[OWNER], title=f"Free {MARKER_A}")
    empty_section = SectionFactory(task_list=task_list, title=f"Later {MARKER_A}")
    removed_section = SectionFactory(task_list=task_list, title=f"Old {MARKER_A}", removed_yn=True)
    archived_task = TaskFactory(
        section=removed_section, owner_user=users[OWNER], archived_yn=True, archived_at=now, title="Done"
    )
    other_list = TaskListFactory(parent_project=project, title=f"Roadmap {MARKER_A}")
    TaskListMembershipFactory(task_list=other_list, user=users[OWNER], access_type_enum=AccessType.OWNER)
    archived_project = ProjectFactory(
        workspace=workspace_a, title=f"Vault {MARKER_A}", color=color, archived_yn=True
    )
    ProjectMembershipFactory(project=archived_project, user=users[OWNER], access_type_enum=AccessType.OWNER)
    ProjectMembershipFactory(project=archived_project, user=users[MEMBER])
    tokens = {role: sign_in(user, f"10.9.0.{index}") for index, (role, user) in enumerate(users.items())}
    # The owner signed in on a second device too: the sessions list's other row.
    owner_other_session = SimpleNamespace(pk=session_id(token_digest(sign_in(users[OWNER], "10.9.1.1"))))
    work_days = {role: _at_work(users[role], tokens[role], f"Notes {MARKER_A}") for role in (MEMBER, OWNER)}
    schedules = {role: _schedule(users[role], now, f"Plan {MARKER_A}") for role in (MEMBER, OWNER)}
    past_days = {role: _past_day(users[role], now) for role in (MEMBER, OWNER)}

    b_color, b_project, b_list, b_section, b_task, _ = _tenant(MARKER_B, users[OTHER_WORKSPACE], "#0B0B0B")
    ProjectMembershipFactory(project=b_project, user=b_colleague, project_role=f"Dev {MARKER_B}")
    _at_work(users[OTHER_WORKSPACE], tokens[OTHER_WORKSPACE], f"Notes {MARKER_B}")
    _schedule(users[OTHER_WORKSPACE], now, f"Plan {MARKER_B}")

    activity, member_draft, b_activity, owner_notification = _activities(users, task, b_task)

    # The member observes the colleague; a failed check on the member's past day (issue 12).
    member_observation = Observation.objects.create(observer=users[MEMBER], observed_user=colleague)
    owner_observation = Observation.objects.create(observer=users[OWNER], observed_user=colleague)
    Observation.objects.create(observer=users[OTHER_WORKSPACE], observed_user=b_colleague)
    member_check_status = CheckoutCheckStatus.objects.create(
        work_day=past_days[MEMBER],
        user=users[MEMBER],
        work_date=past_days[MEMBER].work_date,
        checkout_check="checkout_note",
        passed_yn=False,
        n_checkout_items=1,
        issue_json={"checkout_failed_message": f"Empty {MARKER_A}"},
    )
    owner_check_status = CheckoutCheckStatus.objects.create(
        work_day=past_days[OWNER],
        user=users[OWNER],
        work_date=past_days[OWNER].work_date,
        checkout_check="checkout_note",
        passed_yn=False,
        n_checkout_items=1,
        issue_json={"checkout_failed_message": f"Empty {MARKER_A}"},
    )

    # Closing the week (issue 28): the colleague's submitted and approved periods and a correction
    # waiting (the member and the owner observe the colleague, so they answer for them with the
    # admin); the member's and the owner's week 50 to 44 days ago is approved (closed).
    today = now.date()
    closing_objects = {
        "colleague_submitted_period": WorkPeriod.objects.create(
            user=colleague,
            start_date=today - dt.timedelta(days=20),
            end_date=today - dt.timedelta(days=14),
            state=PeriodState.SUBMITTED,
        ),
        "colleague_approved_period": WorkPeriod.objects.create(
            user=colleague,
            start_date=today - dt.timedelta(days=34),
            end_date=today - dt.timedelta(days=28),
            state=PeriodState.APPROVED,
            reason=f"Fine {MARKER_A}",
        ),
    }
    closing_objects["colleague_correction"] = CorrectionRequest.objects.create(
        user=colleague,
        period=closing_objects["colleague_approved_period"],
        work_date=today - dt.timedelta(days=30),
        kind=CorrectionKind.TASK_TIME,
        task_id=task.pk,
        seconds=600,
        reason=f"Ten minutes {MARKER_A}",
    )
    for role in (MEMBER, OWNER):  # an approved (closed) week of theirs, 50 to 44 days ago
        WorkPeriod.objects.create(
            user=users[role],
            start_date=today - dt.timedelta(days=50),
            end_date=today - dt.timedelta(days=44),
            state=PeriodState.APPROVED,
        )
    # The working-time account (issue 27): the member's pattern and a workspace day off, in A and B.
    work_pattern = WorkPattern.objects.create(
        workspace=workspace_a, user=users[MEMBER], valid_from=now.date(), weekday_seconds=[28800] * 5 + [0, 0]
    )
    workspace_holiday = WorkspaceHoliday.objects.create(
        workspace=workspace_a, date=now.date(), name=f"Day off {MARKER_A}"
    )
    WorkspaceHoliday.objects.create(workspace=workspace_b, date=now.date(), name=f"Day off {MARKER_B}")
    Adjustment.objects.create(
        user=users[MEMBER],
        date=now.date(),
        kind="opening_balance",
        seconds=3600,
        reason=f"Carried {MARKER_A}",
        created_at=now,
    )

    time_off_type = TimeOffType.objects.create(workspace=workspace_a, name=f"Leave {MARKER_A}")
    TimeOffType.objects.create(workspace=workspace_b, name=f"Leave {MARKER_B}")
    member_time_off = TimeOffRequest.objects.create(
        user=users[MEMBER],
        type=time_off_type,
        start_date=now.date() + dt.timedelta(days=30),
        end_date=now.date() + dt.timedelta(days=31),
        note=f"Trip {MARKER_A}",
    )

    # The shift guardian (issue 32): 'Still working?' asked of the member and of the owner (the
    # fuzzing's client) about their open shifts.
    prompts = {
        role: ShiftPrompt.objects.create(
            user=users[role],
            work_shift=work_days[role].shifts.get(),
            cause=PromptCause.QUIET,
            asked_at=now,
            answer_by=now + dt.timedelta(minutes=30),
            last_activity_at=work_days[role].shifts.get().start_datetime,
        )
        for role in (MEMBER, OWNER)
    }

    deactivate(users[DEACTIVATED])
    return World(
        users=users,
        tokens=tokens,
        objects={
            "workspace_a": workspace_a,
            **closing_objects,
            "owner_other_session": owner_other_session,
            "workspace_b": workspace_b,
            "colleague": colleague,
            "teammate": teammate,
            "invitee": invitee,
            "b_colleague": b_colleague,
            "color": color,
            "project": project,
            "archived_project": archived_project,
            "task_list": task_list,
            "other_list": other_list,
            "section": section,
            "empty_section": empty_section,
            "removed_section": removed_section,
            "task": task,
            "free_task": free_task,
            "archived_task": archived_task,
            "member_user_task": member_user_task,
            "teammate_membership": teammate_membership,
            "member_list_membership": task_list.memberships.get(user=users[MEMBER]),
            "owner_list_membership": task_list.memberships.get(user=users[OWNER]),
            "owner_user_task": owner_user_task,
            "member_work_day": work_days[MEMBER],
            "member_past_day": past_days[MEMBER],
            "member_prompt": prompts[MEMBER],
            "owner_prompt": prompts[OWNER],
            "member_past_shift": past_days[MEMBER].shifts.get(),
            "owner_past_shift": past_days[OWNER].shifts.get(),
            "member_user": users[MEMBER],
            "member_schedule": schedules[MEMBER],
            "owner_work_day": work_days[OWNER],
            "owner_schedule": schedules[OWNER],
            "b_project": b_project,
            "b_list": b_list,
            "b_section": b_section,
            "b_task": b_task,
            "b_color": b_color,
            "activity": activity,
            "member_draft": member_draft,
            "b_activity": b_activity,
            "owner_notification": owner_notification,
            "member_notification": Notification.objects.get(user=users[MEMBER]),
            "member_observation": member_observation,
            "member_check_status": member_check_status,
            "owner_observation": owner_observation,
            "owner_check_status": owner_check_status,
            "work_pattern": work_pattern,
            "workspace_holiday": workspace_holiday,
            "time_off_type": time_off_type,
            "member_time_off": member_time_off,
        },
    )
