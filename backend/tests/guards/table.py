"""The expected answer of every /api/ route for every role (docs/api.md, the spec).

One row per (method, route). `codes` maps each role to the status code it must get; the helpers
below build the common patterns. `params` names the world object whose id fills each path
parameter; `body` / `query` are what a client of that role sends (a valid body, so that a role
that may write gets the success code: the matrix tests permissions, not validation).
A new endpoint needs a row here, or tests/guards/test_role_matrix.py fails.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from apps.accounts.tests.factories import PASSWORD
from tests.guards.world import (
    ADMIN,
    ANONYMOUS,
    DEACTIVATED,
    MEMBER,
    OTHER_WORKSPACE,
    ROLES,
    World,
)

Body = dict[str, Any] | Callable[[World, str], dict[str, Any]] | None


@dataclass(frozen=True)
class Text:
    """A path parameter that is a word, not an object's id."""

    value: str


@dataclass(frozen=True)
class Row:
    codes: dict[str, int]
    params: dict[str, "str | Text"] = field(default_factory=dict)
    body: Body = None
    query: Body = None
    format: str = "json"


def codes(default: int, **by_role: int) -> dict[str, int]:
    """`default` for every signed-in role; anonymous and deactivated 401 unless given."""
    table = {role: default for role in ROLES}
    table.update({ANONYMOUS: 401, DEACTIVATED: 401})
    table.update(by_role)
    assert set(table) == set(ROLES), by_role
    return table


def signed_in(code: int) -> dict[str, int]:
    """Any signed-in user, each on their own data (the other workspace's user on theirs)."""
    return codes(code)


def public(code: int = 200, **by_role: int) -> dict[str, int]:
    return codes(code, **{ANONYMOUS: code, DEACTIVATED: code, **by_role})


def workspace_a(code: int, **by_role: int) -> dict[str, int]:
    """An object any user of workspace A may reach; the other workspace gets 404."""
    return codes(code, **{OTHER_WORKSPACE: 404, **by_role})


def project_read(code: int = 200) -> dict[str, int]:
    """Read inside the project: its members; everybody else as if it did not exist."""
    return codes(404, member=code, owner=code)


def project_write(code: int = 200) -> dict[str, int]:
    """A member's write inside the project (tasks, flags, a section's tasks)."""
    return codes(404, member=code, owner=code)


def owner_only(code: int = 200) -> dict[str, int]:
    """Owner-only: a member sees the project (403), anyone else does not (404)."""
    return codes(404, member=403, owner=code)


def members_own(code: int = 200, *, admin: int = 404) -> dict[str, int]:
    """An object of the project member's own (work day, schedule, task flags)."""
    return codes(404, member=code, admin=admin)


def admin_only(code: int = 200) -> dict[str, int]:
    """The workspace area: workspace admins; every other signed-in user 403."""
    return codes(403, admin=code)


def credentials(world: World, role: str) -> dict[str, str]:
    user = world.colleague if role == ANONYMOUS else world.users[role]
    return {"email": user.email, "password": PASSWORD}


def _reset_request(world: World, role: str) -> dict[str, str]:
    return {"email": world.users[role].email if role in world.users else "nobody@example.org"}


def _own_color(world: World, role: str):
    return world.b_color if role == OTHER_WORKSPACE else world.color


def _member(world: World, role: str) -> dict[str, int]:
    return {"user": world.users[MEMBER].pk}


def _manual_shift(world: World, role: str) -> dict[str, Any]:
    """An hour five days ago: free for every role (the world's past day is three days ago)."""
    import datetime as dt

    day = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=5)
    return {
        "work_shift": {"start_datetime": f"{day}T09:00:00Z", "end_datetime": f"{day}T10:00:00Z"},
        "change_log": {"reason": "Forgot to enter the office"},
    }


def _days_ago(days: int) -> str:
    import datetime as dt

    return str(dt.datetime.now(dt.UTC).date() - dt.timedelta(days=days))


TABLE: dict[tuple[str, str], Row] = {
    # --- outside the session -------------------------------------------------------------------
    ("GET", "/api/health/"): Row(public()),
    ("GET", "/api/schema/"): Row(public(deactivated=401)),  # a dead token is refused, not ignored
    ("GET", "/api/docs/"): Row(public(deactivated=401)),
    # --- accounts ------------------------------------------------------------------------------
    # Sign-in takes no token; a deactivated account's own pair is refused like a wrong one.
    ("POST", "/api/accounts/token/"): Row(public(200, deactivated=400), body=credentials),
    ("POST", "/api/accounts/login/"): Row(public(200, deactivated=400), body=credentials),
    ("POST", "/api/accounts/logout/"): Row(signed_in(200)),
    ("POST", "/api/accounts/logout_all/"): Row(signed_in(200)),
    ("GET", "/api/accounts/me/"): Row(signed_in(200)),
    ("PATCH", "/api/accounts/me/"): Row(signed_in(200), body={"city": "Lisbon"}),
    ("POST", "/api/accounts/me/password/"): Row(
        signed_in(200), body={"current_password": PASSWORD, "new_password": "a-fresh-passphrase-77"}
    ),
    # The signed-in devices: each user's own; the owner's second device is nobody else's (404).
    ("GET", "/api/accounts/me/sessions/"): Row(signed_in(200)),
    ("POST", "/api/accounts/me/sessions/sign_out_others/"): Row(signed_in(200)),
    ("DELETE", "/api/accounts/me/sessions/{session_id}/"): Row(
        codes(404, owner=204), params={"session_id": "owner_other_session"}
    ),
    # Two-factor sign-in (docs/security.md): the second step takes the password step's ticket, no
    # token (a made-up ticket is a 400 for everyone); the set-up and turning off are one's own.
    ("POST", "/api/accounts/token/two_factor/"): Row(
        public(400), body={"ticket": "made-up", "code": "123456"}
    ),
    ("POST", "/api/accounts/token/two_factor/setup/"): Row(public(400), body={"ticket": "made-up"}),
    ("POST", "/api/accounts/token/two_factor/setup/confirm/"): Row(
        public(400), body={"ticket": "made-up", "code": "123456"}
    ),
    ("GET", "/api/accounts/me/two_factor/"): Row(signed_in(200)),
    ("POST", "/api/accounts/me/two_factor/setup/"): Row(signed_in(200), body={"password": PASSWORD}),
    # Nobody in the world has it on: confirming without the right code, turning it off, or new
    # recovery codes, is a 400.
    ("POST", "/api/accounts/me/two_factor/confirm/"): Row(signed_in(400), body={"code": "12345x"}),
    ("POST", "/api/accounts/me/two_factor/disable/"): Row(signed_in(400), body={"password": PASSWORD}),
    ("POST", "/api/accounts/me/two_factor/recovery_codes/"): Row(signed_in(400), body={"code": "123456"}),
    # 'Forgot password?' takes no token: the same answer for any address; a made-up link is a 400.
    ("POST", "/api/accounts/password_reset/"): Row(public(200), body=_reset_request),
    ("POST", "/api/accounts/password_reset/check/"): Row(public(400), body={"uid": "MQ", "token": "made-up"}),
    ("POST", "/api/accounts/password_reset/confirm/"): Row(
        public(400), body={"uid": "MQ", "token": "made-up", "new_password": "a-fresh-passphrase-77"}
    ),
    # Reminders (docs/reminders.md): one's own switches; the emailed link takes no token (whoever
    # holds the link switches off its owner's reminder, once): a made-up link is a 400 for everyone.
    ("GET", "/api/accounts/me/reminders/"): Row(signed_in(200)),
    ("PATCH", "/api/accounts/me/reminders/"): Row(signed_in(200), body={"remind_tracker_yn": False}),
    ("POST", "/api/accounts/reminders/off/check/"): Row(public(400), body={"token": "made-up"}),
    ("POST", "/api/accounts/reminders/off/"): Row(public(400), body={"token": "made-up"}),
    ("POST", "/api/accounts/reminders/one_click/"): Row(
        public(400), query={"token": "made-up"}, body={"List-Unsubscribe": "One-Click"}, format="multipart"
    ),
    ("GET", "/api/accounts/teammates/"): Row(signed_in(200)),
    ("POST", "/api/accounts/teammates/{user_id}/pin/"): Row(
        workspace_a(201), params={"user_id": "colleague"}
    ),
    ("DELETE", "/api/accounts/teammates/{user_id}/pin/"): Row(
        workspace_a(204), params={"user_id": "colleague"}
    ),
    ("GET", "/api/accounts/get_user_details/{user_id}/"): Row(
        workspace_a(200), params={"user_id": "colleague"}
    ),
    # --- the workspace area (docs/workspace-admin.md): admins only; another workspace's member 404
    # (an admin of workspace B is refused A's members in apps/workspace/tests/test_members.py).
    ("GET", "/api/workspace/members/"): Row(admin_only()),
    ("POST", "/api/workspace/members/"): Row(
        admin_only(201),
        body=lambda w, role: {
            "email": f"new.{role}@example.org",
            "workspace_user_type": "MEMBER",
            "team_page_owner_ids": [w.users[ADMIN].pk],
        },
    ),
    ("GET", "/api/workspace/members/{user_id}/"): Row(admin_only(), params={"user_id": "colleague"}),
    ("PATCH", "/api/workspace/members/{user_id}/"): Row(
        admin_only(), params={"user_id": "colleague"}, body={"city": "Porto"}
    ),
    ("POST", "/api/workspace/members/{user_id}/deactivate/"): Row(
        admin_only(), params={"user_id": "colleague"}
    ),
    ("POST", "/api/workspace/members/{user_id}/reactivate/"): Row(
        admin_only(), params={"user_id": "colleague"}
    ),
    # The colleague has no two-factor sign-in to reset: the admin's call is a clear 400.
    ("POST", "/api/workspace/members/{user_id}/two_factor_reset/"): Row(
        admin_only(400), params={"user_id": "colleague"}
    ),
    ("POST", "/api/workspace/members/{user_id}/invite/"): Row(admin_only(), params={"user_id": "invitee"}),
    ("GET", "/api/workspace/members/{user_id}/team_page/"): Row(
        admin_only(), params={"user_id": "colleague"}
    ),
    ("PUT", "/api/workspace/members/{user_id}/team_page/"): Row(
        admin_only(),
        params={"user_id": "colleague"},
        body=lambda w, role: {"observed_user_ids": [w.teammate.pk]},
    ),
    ("GET", "/api/workspace/projects/"): Row(admin_only()),
    ("GET", "/api/workspace/settings/"): Row(admin_only()),
    # Single sign-on (docs/security.md): the workspace's admins set its provider; the test reads
    # an issuer's discovery document (no network here: the address is refused, a 400).
    ("GET", "/api/workspace/sso/"): Row(admin_only()),
    ("PUT", "/api/workspace/sso/"): Row(
        admin_only(),
        body={
            "provider_name": "Acme ID",
            "issuer": "https://idp.example.com",
            "client_id": "remote-office",
            "client_secret": "a-client-secret-1234",
        },
    ),
    ("DELETE", "/api/workspace/sso/"): Row(admin_only(204)),
    ("POST", "/api/workspace/sso/test/"): Row(admin_only(400), body={"issuer": "https://127.0.0.1:9/oidc"}),
    # Its public calls take no token: a workspace without single sign-on is a 404, the provider's
    # callback always redirects (here back to sign-in: no pending state), a made-up code is a 400.
    ("GET", "/api/accounts/sso/{slug}/"): Row(public(404), params={"slug": Text("no-such-workspace")}),
    ("GET", "/api/accounts/sso/{slug}/start/"): Row(public(404), params={"slug": Text("no-such-workspace")}),
    ("GET", "/api/accounts/sso/callback/"): Row(public(302)),
    ("POST", "/api/accounts/sso/exchange/"): Row(public(400), body={"code": "made-up"}),
    ("PATCH", "/api/workspace/settings/"): Row(admin_only(), body={"first_day_of_week": "sunday"}),
    # Team-page owners only (none in this world: their rows are apps/workspace/tests/test_team_page.py).
    ("GET", "/api/workspace/team_page/"): Row(codes(403)),
    # The invitation link's calls take no token; a made-up link is refused (400) for everyone.
    ("POST", "/api/accounts/invitation/"): Row(public(400), body={"token": "made-up"}),
    ("POST", "/api/accounts/invitation/accept/"): Row(
        public(400), body={"token": "made-up", "password": "long-enough-9"}
    ),
    # --- accounts: observers (issue 12) --------------------------------------------------------
    ("GET", "/api/accounts/me/observable_users/"): Row(signed_in(200)),
    ("PATCH", "/api/accounts/me/observable_users/{observation_id}/"): Row(
        codes(404, member=200), params={"observation_id": "member_observation"}, body={"starred_yn": True}
    ),
    ("GET", "/api/accounts/me/observers/"): Row(signed_in(200)),
    # --- checkout (issue 12): the member's checkout is read by themselves and admins ------------
    ("GET", "/api/work/run_workspace_checkout_checks/{user_id}/"): Row(
        members_own(admin=200), params={"user_id": "member_user"}
    ),
    ("GET", "/api/work/checkout_check_status/"): Row(
        members_own(admin=200), query=lambda w, role: {"user_id": w.users[MEMBER].pk}
    ),
    ("PATCH", "/api/work/checkout_check_status/{status_id}/"): Row(
        members_own(admin=403),
        params={"status_id": "member_check_status"},
        body={"message_dismissed_yn": True},
    ),
    ("POST", "/api/work/checkout_check_status/dismiss_all/"): Row(signed_in(200)),
    ("POST", "/api/work/checkout_check_status_log/mark_checkoutstatus_read_by_ids/"): Row(
        signed_in(200), body=lambda w, role: {"workday_ids": [w.member_past_day.pk]}
    ),
    ("POST", "/api/work/work_day/workday_summary/"): Row(
        signed_in(200), body=lambda w, role: {"user_ids": [w.users[MEMBER].pk]}
    ),
    ("GET", "/api/work/team_checkout_workdays/"): Row(
        signed_in(200), query=lambda w, role: {"user_ids": w.users[MEMBER].pk}
    ),
    ("GET", "/api/work/checkout_date_status/"): Row(members_own(admin=200), query=_member),
    # A member's task inside their project (the other workspace's user does not see the project).
    ("POST", "/api/work/checkout/create_task/"): Row(
        project_write(201),
        body=lambda w, role: {
            "project": w.project.pk,
            "task_list": w.task_list.pk,
            "section": w.section.pk,
            "position": 1,
            "title": f"From the checkout {role}",
        },
    ),
    ("POST", "/api/work/checkout/leave_office/"): Row(signed_in(200), body={"leave_anyway": True}),
    ("GET", "/api/work/checkout_check_config/"): Row(signed_in(200)),
    ("PATCH", "/api/work/checkout_check_config/"): Row(
        codes(403, admin=200), body={"checkout_check": "checkout_note", "critical_yn": True}
    ),
    # --- work: one's own status ------------------------------------------------------------------
    ("POST", "/api/work/create_log_user_status/"): Row(
        signed_in(201), body={"status_enum_identifier": "working"}
    ),
    ("POST", "/api/work/leave_office/"): Row(signed_in(200)),
    ("GET", "/api/work/current_user_status/"): Row(signed_in(200)),
    ("GET", "/api/work/current_status_duration/"): Row(signed_in(200)),
    ("GET", "/api/work/choices/work_status_types/"): Row(signed_in(200)),
    ("POST", "/api/work/invisible_mode/"): Row(signed_in(200), body={"enabled": True}),
    ("GET", "/api/work/next_calendar_schedule/"): Row(signed_in(200)),
    # --- work: reads about the project member (themselves and workspace admins only) ------------
    ("GET", "/api/work/status_history/"): Row(members_own(admin=200), query=_member),
    ("GET", "/api/work/latest_workday/"): Row(members_own(admin=200), query=_member),
    ("GET", "/api/work/worktime_summary/"): Row(members_own(admin=200), query=_member),
    ("GET", "/api/work/work_day/"): Row(signed_in(200)),
    ("POST", "/api/work/work_day/"): Row(signed_in(201), body={"work_date": "2020-01-02"}),
    ("GET", "/api/work/work_day/{pk}/"): Row(members_own(admin=200), params={"pk": "member_work_day"}),
    # Writes are one's own: an admin sees the day (403), the others do not (404).
    ("PATCH", "/api/work/work_day/{pk}/"): Row(
        members_own(admin=403), params={"pk": "member_work_day"}, body={"checkout_notes": "Done."}
    ),
    # The note's draft (issue 32) is for the one who writes the note: everyone else 404.
    ("GET", "/api/work/work_day/{pk}/notes_draft/"): Row(
        members_own(admin=404), params={"pk": "member_work_day"}
    ),
    ("GET", "/api/work/work_day/{pk}/workshifts_summary/"): Row(
        members_own(admin=200), params={"pk": "member_work_day"}
    ),
    ("GET", "/api/work/workshiftschedule/"): Row(members_own(admin=200), query=_member),
    ("POST", "/api/work/workshiftschedule/"): Row(
        signed_in(201),
        body={"start_datetime": "2031-01-06T09:00:00Z", "end_datetime": "2031-01-06T11:00:00Z"},
    ),
    ("PATCH", "/api/work/workshiftschedule/{pk}/"): Row(
        members_own(admin=403), params={"pk": "member_schedule"}, body={"schedule_notes": "Later."}
    ),
    ("DELETE", "/api/work/workshiftschedule/{pk}/"): Row(
        members_own(204, admin=403), params={"pk": "member_schedule"}
    ),
    # --- work: shifts, change log, work-time table (issue 13); edits are one's own shifts ---------
    ("POST", "/api/work/workshift/shift_modification/"): Row(signed_in(201), body=_manual_shift),
    ("PATCH", "/api/work/workshift/{pk}/"): Row(
        members_own(), params={"pk": "member_past_shift"}, body={"work_shift_notes": "Client call"}
    ),
    ("DELETE", "/api/work/workshift/{pk}/"): Row(members_own(204), params={"pk": "member_past_shift"}),
    ("GET", "/api/work/change_log/"): Row(members_own(admin=200), query=_member),
    ("GET", "/api/work/worktime_table/"): Row(
        members_own(admin=200), query=lambda w, role: {"user_ids": w.users[MEMBER].pk}
    ),
    # History's week grid (issue 31): always the caller's own time on tasks.
    ("GET", "/api/work/week_grid/"): Row(signed_in(200)),
    # --- work: closing the week (issue 28, docs/closing.md) ----------------------------------------
    # Each member on their own period; approvers (admins, the colleague's team-page owners: the
    # member and the owner) on the colleague's; a plain teammate 403; the other workspace 404.
    ("GET", "/api/work/period/"): Row(signed_in(200)),
    ("POST", "/api/work/period/submit/"): Row(signed_in(200), body=lambda w, role: {"date": _days_ago(14)}),
    ("GET", "/api/work/period/approvals/"): Row(signed_in(200)),
    ("POST", "/api/work/period/decide/"): Row(
        codes(200, outsider=403, other_workspace=404),
        body=lambda w, role: {"period_ids": [w.colleague_submitted_period.pk], "approve": True},
    ),
    ("POST", "/api/work/period/lock/"): Row(admin_only(), body=lambda w, role: {"through": _days_ago(60)}),
    ("POST", "/api/work/period/{pk}/reopen/"): Row(
        codes(403, admin=200, other_workspace=404),
        params={"pk": "colleague_approved_period"},
        body={"reason": "Payroll asked"},
    ),
    ("GET", "/api/work/closed_days/"): Row(signed_in(200)),
    # The morning digest (docs/reminders.md): observers, team-page owners and admins, each on the
    # members they read; a member who observes nobody 404 (the other workspace's user observes theirs).
    ("GET", "/api/work/digest/"): Row(codes(200, outsider=404)),
    ("GET", "/api/work/payroll_export/"): Row(admin_only(), query={"month": "2026-01", "file": "xlsx"}),
    # --- the shift guardian (issue 32, docs/guardian.md): one's own prompt; anyone else's is a 404 -----
    ("GET", "/api/work/shift_prompt/"): Row(signed_in(200)),
    ("POST", "/api/work/shift_prompt/{pk}/answer/"): Row(
        codes(404, member=200), params={"pk": "member_prompt"}, body={"answer": "still_working"}
    ),
    ("GET", "/api/work/correction/"): Row(signed_in(200)),
    # A correction of the caller's own closed day (45 days ago) on a task they can see.
    ("POST", "/api/work/correction/"): Row(
        codes(404, member=201, owner=201),
        body=lambda w, role: {
            "kind": "task_time",
            "task": w.task.pk,
            "work_date": _days_ago(45),
            "seconds": 600,
            "reason": "It was ten minutes",
        },
    ),
    ("POST", "/api/work/correction/{pk}/decide/"): Row(
        codes(200, outsider=403, other_workspace=404),
        params={"pk": "colleague_correction"},
        body={"accept": False, "reason": "The log says otherwise"},
    ),
    # --- the working-time account (issue 27, docs/timeaccount.md): reads follow work's visibility,
    # writes are the workspace admins' (a non-admin 403, an object of another workspace 404) -------
    ("GET", "/api/work/time_account/"): Row(members_own(admin=200), query=_member),
    ("GET", "/api/work/time_account/schedules/"): Row(members_own(admin=200), query=_member),
    ("POST", "/api/work/time_account/schedules/"): Row(
        codes(403, admin=201),
        body=lambda w, role: {
            "user": w.users[MEMBER].pk,
            "valid_from": "2026-01-05",
            "weekday_seconds": [28800, 28800, 28800, 28800, 28800, 0, 0],
        },
    ),
    ("DELETE", "/api/work/time_account/schedules/{pattern_id}/"): Row(
        codes(403, admin=204, other_workspace=404), params={"pattern_id": "work_pattern"}
    ),
    ("GET", "/api/work/time_account/holidays/"): Row(signed_in(200)),
    ("POST", "/api/work/time_account/holidays/"): Row(
        codes(403, admin=201), body={"date": "2026-12-24", "name": "Christmas Eve"}
    ),
    ("DELETE", "/api/work/time_account/holidays/{holiday_id}/"): Row(
        codes(403, admin=204, other_workspace=404), params={"holiday_id": "workspace_holiday"}
    ),
    ("PUT", "/api/work/time_account/holiday_region/"): Row(
        codes(403, admin=200), body={"country": "DE", "subdivision": "BE"}
    ),
    ("GET", "/api/work/time_account/rules/"): Row(signed_in(200)),
    ("PUT", "/api/work/time_account/rules/"): Row(
        codes(403, admin=200), body={"year_end": "cap", "cap_seconds": 144000, "holiday_work": "flagged"}
    ),
    ("PATCH", "/api/work/time_account/members/{user_id}/"): Row(
        codes(403, admin=200, other_workspace=404),
        params={"user_id": "colleague"},
        body={"start_date": "2026-01-05"},
    ),
    ("GET", "/api/work/time_account/adjustments/"): Row(members_own(admin=200), query=_member),
    ("POST", "/api/work/time_account/adjustments/"): Row(
        codes(403, admin=201),
        body=lambda w, role: {
            "user": w.users[MEMBER].pk,
            "date": "2026-01-05",
            "kind": "time_in_lieu",
            "seconds": -3600,
            "reason": "Took Friday afternoon off",
        },
    ),
    ("GET", "/api/work/time_account/time_off_types/"): Row(signed_in(200)),
    ("POST", "/api/work/time_account/time_off_types/"): Row(
        codes(403, admin=201), body={"name": "Sick", "color": "#ff4d4f", "counts_as_worked": True}
    ),
    ("PATCH", "/api/work/time_account/time_off_types/{type_id}/"): Row(
        codes(403, admin=200, other_workspace=404),
        params={"type_id": "time_off_type"},
        body={"archived": True},
    ),
    ("GET", "/api/work/time_account/time_off/"): Row(members_own(admin=200), query=_member),
    # anyone of workspace A asks for their own time off; the other workspace's user names A's type
    ("POST", "/api/work/time_account/time_off/"): Row(
        codes(201, other_workspace=404),
        body=lambda w, role: {
            "type": w.time_off_type.pk,
            "start_date": "2026-12-01",
            "end_date": "2026-12-02",
        },
    ),
    # the member's request: admins decide it (the member's observers would too; the world has none)
    ("POST", "/api/work/time_account/time_off/decide/"): Row(
        codes(404, admin=200), body=lambda w, role: {"ids": [w.member_time_off.pk], "approve": True}
    ),
    ("POST", "/api/work/time_account/time_off/{request_id}/cancel/"): Row(
        codes(404, member=200), params={"request_id": "member_time_off"}
    ),
    ("GET", "/api/work/time_account/time_off/allowance/"): Row(members_own(admin=200), query=_member),
    # --- work: time on tasks (docs/api.md); writes are one's own, reads follow work's visibility -
    ("GET", "/api/work/task_time/"): Row(signed_in(200)),
    ("POST", "/api/work/task_time/"): Row(
        members_own(201),
        body=lambda w, role: {"task": w.task.pk, "work_day": w.member_past_day.pk, "seconds": 600},
    ),
    ("GET", "/api/work/user_task_time/{user_id}/"): Row(
        members_own(admin=200), params={"user_id": "member_user"}
    ),
    ("GET", "/api/work/allocated_time/"): Row(
        members_own(admin=200), query=lambda w, role: {"user_id": w.member_user.pk}
    ),
    ("POST", "/api/work/workday_task/"): Row(
        members_own(201), body=lambda w, role: {"task": w.task.pk, "work_day": w.member_past_day.pk}
    ),
    ("DELETE", "/api/work/workday_task/"): Row(
        members_own(204), query=lambda w, role: {"task": w.task.pk, "work_day": w.member_past_day.pk}
    ),
    ("DELETE", "/api/work/workday_project/"): Row(
        members_own(204),
        query=lambda w, role: {"project": w.project.pk, "work_day": w.member_past_day.pk},
    ),
    ("GET", "/api/work/work_day/{pk}/tasks/"): Row(members_own(admin=200), params={"pk": "member_work_day"}),
    ("GET", "/api/work/task_tracker/"): Row(signed_in(200)),
    # The task must be the caller's to see, and the caller at work (member and owner are).
    ("POST", "/api/work/task_tracker/start/"): Row(
        codes(404, member=200, owner=200), body=lambda w, role: {"task": w.task.pk}
    ),
    ("POST", "/api/work/task_tracker/pause/"): Row(signed_in(200)),
    ("POST", "/api/work/task_tracker/stop/"): Row(signed_in(200)),
    # --- the calendar (issue 29): a member's days, read like History (self, observers, admins) ---
    # The member and the owner observe the colleague; the outsider does not; another workspace 404.
    ("GET", "/api/work/calendar/"): Row(
        codes(404, member=200, owner=200, admin=200),
        query=lambda w, role: {"user": w.colleague.pk, "from_date": "2026-03-23", "to_date": "2026-03-29"},
    ),
    # The private feed: one's own settings; the feed itself takes no token (a made-up one is 404).
    ("GET", "/api/work/calendar/subscription/"): Row(signed_in(200)),
    ("POST", "/api/work/calendar/subscription/"): Row(signed_in(201)),
    ("DELETE", "/api/work/calendar/subscription/"): Row(signed_in(204)),
    ("GET", "/api/work/calendar/feed/{token}.ics"): Row(public(404), params={"token": Text("made-up")}),
    # --- integrations (issue 15): calendars and external trackers, one's own settings ------------
    # Nobody in the world has a calendar or tracker configured (no network in the matrix): the
    # syncs answer 400 "set it up first" to every signed-in role, i.e. past the permission check.
    ("POST", "/api/work/calendar_schedule/"): Row(
        signed_in(400), body={"start_date": "20310106", "end_date": "20310112"}
    ),
    ("POST", "/api/work/sync_time_tracked_externally_records/"): Row(
        signed_in(400), body={"from_date": "2031-01-06", "to_date": "2031-01-06"}
    ),
    ("GET", "/api/work/time_tracker/"): Row(signed_in(200)),
    ("GET", "/api/work/time_tracked_externally/"): Row(members_own(admin=200), query=_member),
    ("GET", "/api/work/integrations/"): Row(signed_in(200)),
    ("PATCH", "/api/work/integrations/"): Row(signed_in(200), body={"external_calendar_config_json": None}),
    ("POST", "/api/work/integrations/test_connection/"): Row(
        signed_in(200), body={"kind": "tracker", "config": {"provider": "builtin"}}
    ),
    # --- projects: colours and projects -----------------------------------------------------------
    ("GET", "/api/media/color/"): Row(signed_in(200)),
    ("POST", "/api/media/color/"): Row(signed_in(201), body={"value": "#123456", "title": "Sea"}),
    ("GET", "/api/projects/project/"): Row(signed_in(200)),
    ("POST", "/api/projects/project/"): Row(
        signed_in(201), body=lambda w, role: {"title": "Fresh start", "color": _own_color(w, role).pk}
    ),
    # Admins act as owners for the project itself.
    ("GET", "/api/projects/project/{project_id}/"): Row(
        codes(404, member=200, owner=200, admin=200), params={"project_id": "project"}
    ),
    ("PATCH", "/api/projects/project/{project_id}/"): Row(
        codes(404, member=403, owner=200, admin=200),
        params={"project_id": "project"},
        body={"description": "Moon."},
    ),
    # Only archived projects can be deleted; while archived only owners (and admins) see one.
    ("DELETE", "/api/projects/project/{project_id}/"): Row(
        codes(404, owner=204, admin=204), params={"project_id": "archived_project"}
    ),
    ("GET", "/api/projects/project/{project_id}/memberships/"): Row(
        project_read(), params={"project_id": "project"}
    ),
    ("GET", "/api/projects/project/{project_id}/task_lists/"): Row(
        project_read(), params={"project_id": "project"}
    ),
    ("GET", "/api/projects/workspace_users/"): Row(signed_in(200)),
    # Search answers each signed-in user with what they may see (apps/projects/tests/test_search.py
    # checks what each one finds); a bad query is a 400 for everyone.
    ("GET", "/api/projects/search/"): Row(signed_in(200), query={"q": "ta"}),
    # --- memberships -------------------------------------------------------------------------------
    ("POST", "/api/projects/project_memberships/"): Row(
        owner_only(201),
        body=lambda w, role: {
            "project": w.project.pk,
            "user": w.colleague.pk,
            "access_type_enum": "member",
            "project_role": "Tester",
        },
    ),
    ("PUT", "/api/projects/project_memberships/{membership_id}/"): Row(
        owner_only(200),
        params={"membership_id": "teammate_membership"},
        body=lambda w, role: {
            "project": w.project.pk,
            "user": w.teammate.pk,
            "access_type_enum": "member",
            "project_role": "Lead",
        },
    ),
    ("DELETE", "/api/projects/project_memberships/{membership_id}/"): Row(
        owner_only(204), params={"membership_id": "teammate_membership"}
    ),
    ("POST", "/api/projects/task_list_memberships/"): Row(
        owner_only(201),
        body=lambda w, role: {
            "task_list": w.task_list.pk,
            "user": w.teammate.pk,
            "access_type_enum": "member",
            "show_list_in_sidebar_yn": True,
        },
    ),
    # Only the membership's own user toggles the sidebar; the owner sees it (403).
    ("PATCH", "/api/projects/task_list_memberships/{membership_id}/"): Row(
        codes(404, member=200, owner=403),
        params={"membership_id": "member_list_membership"},
        body={"show_list_in_sidebar_yn": False},
    ),
    # The owner removes a list member; the member may leave.
    ("DELETE", "/api/projects/task_list_memberships/{membership_id}/"): Row(
        project_write(204), params={"membership_id": "member_list_membership"}
    ),
    ("POST", "/api/projects/task_list/memberships/"): Row(
        signed_in(200), body=lambda w, role: {"task_list_ids": [w.task_list.pk, w.b_list.pk]}
    ),
    # --- lists -------------------------------------------------------------------------------------
    ("GET", "/api/projects/task_lists/"): Row(signed_in(200)),
    ("POST", "/api/projects/task_list/"): Row(
        owner_only(201),
        body=lambda w, role: {
            "title": "Icebox",
            "parent_project": w.project.pk,
            "parent_type_enum": "project",
            "archived_yn": False,
            "removed_yn": False,
        },
    ),
    ("GET", "/api/projects/task_list/{task_list_id}/"): Row(
        project_read(), params={"task_list_id": "task_list"}
    ),
    ("PUT", "/api/projects/task_list/{task_list_id}/"): Row(
        owner_only(200),
        params={"task_list_id": "task_list"},
        body=lambda w, role: {
            "title": "Backlog renamed",
            "parent_project": w.project.pk,
            "parent_type_enum": "project",
            "archived_yn": False,
            "removed_yn": False,
        },
    ),
    ("PATCH", "/api/projects/task_list/{task_list_id}/"): Row(
        owner_only(200), params={"task_list_id": "task_list"}, body={"title": "Backlog 2"}
    ),
    # --- sections ----------------------------------------------------------------------------------
    ("GET", "/api/projects/section/"): Row(
        project_read(), query=lambda w, role: {"task_list": w.task_list.pk}
    ),
    ("POST", "/api/projects/section/"): Row(
        owner_only(201), body=lambda w, role: {"task_list": w.task_list.pk, "title": "Review"}
    ),
    ("POST", "/api/projects/section/move/"): Row(
        owner_only(200),
        body=lambda w, role: {
            "task_list": w.task_list.pk,
            "source_index": 0,
            "source_table": "active",
            "destination_index": 1,
            "destination_table": "active",
        },
    ),
    ("GET", "/api/projects/section/{section_id}/"): Row(project_read(), params={"section_id": "section"}),
    ("PATCH", "/api/projects/section/{section_id}/"): Row(
        owner_only(), params={"section_id": "section"}, body={"title": "Doing now"}
    ),
    ("DELETE", "/api/projects/section/{section_id}/"): Row(
        owner_only(204), params={"section_id": "empty_section"}
    ),
    ("POST", "/api/projects/section/{section_id}/remove/"): Row(
        owner_only(), params={"section_id": "section"}, body={"archive_tasks_confirmed": True}
    ),
    ("POST", "/api/projects/section/{section_id}/restore/"): Row(
        owner_only(), params={"section_id": "removed_section"}
    ),
    ("POST", "/api/projects/section/{section_id}/archive_tasks/"): Row(
        project_write(), params={"section_id": "section"}
    ),
    ("POST", "/api/projects/section/{section_id}/unarchive_tasks/"): Row(
        project_write(), params={"section_id": "removed_section"}
    ),
    ("POST", "/api/projects/section/{section_id}/merge/"): Row(
        owner_only(),
        params={"section_id": "section"},
        body=lambda w, role: {"into_section": w.empty_section.pk},
    ),
    ("POST", "/api/projects/section/{section_id}/move_to_list/"): Row(
        owner_only(), params={"section_id": "section"}, body=lambda w, role: {"task_list": w.other_list.pk}
    ),
    ("GET", "/api/projects/section/{section_id}/tasks/"): Row(
        project_read(), params={"section_id": "section"}
    ),
    # --- tasks -------------------------------------------------------------------------------------
    ("GET", "/api/projects/task/"): Row(signed_in(200)),
    ("POST", "/api/projects/task/"): Row(
        project_write(201), body=lambda w, role: {"section": w.section.pk, "title": "Ship it"}
    ),
    ("GET", "/api/projects/task/{task_id}/"): Row(project_read(), params={"task_id": "task"}),
    ("PATCH", "/api/projects/task/{task_id}/"): Row(
        project_write(), params={"task_id": "task"}, body={"title": "Write the spec well"}
    ),
    # The task owner or a project owner deletes (free_task is the owner's); a member sees it: 403.
    ("DELETE", "/api/projects/task/{task_id}/"): Row(owner_only(204), params={"task_id": "free_task"}),
    ("POST", "/api/projects/task/{task_id}/archive/"): Row(project_write(), params={"task_id": "task"}),
    ("POST", "/api/projects/task/{task_id}/unarchive/"): Row(
        project_write(), params={"task_id": "archived_task"}
    ),
    ("GET", "/api/projects/user_task/"): Row(signed_in(200)),
    ("POST", "/api/projects/user_task/"): Row(
        project_write(201), body=lambda w, role: {"task": w.free_task.pk, "starred_yn": True}
    ),
    # A join is its user's alone: even the project owner gets 404.
    ("GET", "/api/projects/user_task/{user_task_id}/"): Row(
        members_own(), params={"user_task_id": "member_user_task"}
    ),
    ("PATCH", "/api/projects/user_task/{user_task_id}/"): Row(
        members_own(), params={"user_task_id": "member_user_task"}, body={"starred_yn": True}
    ),
    ("POST", "/api/projects/user_task/{user_task_id}/"): Row(
        members_own(), params={"user_task_id": "member_user_task"}, body={"next_shift_yn": True}
    ),
    ("GET", "/api/projects/tasks/groups/counts/"): Row(signed_in(200)),
    ("GET", "/api/projects/tasks/{page_name}/"): Row(signed_in(200), params={"page_name": Text("today")}),
    # --- activities and unread (docs/activities.md) ----------------------------------------------------
    ("GET", "/api/activities/get_unread_activities_in_projects/"): Row(signed_in(200)),
    ("GET", "/api/activities/unread_count/"): Row(signed_in(200)),
    # The owner's activity is unread to the member (201); the owner has nothing unread (200).
    ("POST", "/api/activities/mark_as_read/"): Row(
        codes(404, member=201, owner=200), body=lambda w, role: {"taskId": w.task.pk}
    ),
    ("POST", "/api/activities/activity/"): Row(
        project_write(201),
        body=lambda w, role: {
            "task": w.task.pk,
            "text_json": {"section_title": "Notes", "section_text": "x"},
        },
    ),
    ("GET", "/api/activities/activity/{activity_id}/"): Row(
        project_read(), params={"activity_id": "activity"}
    ),
    # Only the author edits; only the author or a project owner deletes.
    ("PATCH", "/api/activities/activity/{activity_id}/"): Row(
        codes(404, member=403, owner=200),
        params={"activity_id": "activity"},
        body={"text_json": [{"section_title": "", "section_text": "Edited", "display_title": True}]},
    ),
    ("DELETE", "/api/activities/activity/{activity_id}/"): Row(
        codes(404, member=403, owner=204), params={"activity_id": "activity"}
    ),
    # A draft is its author's alone: everyone else gets 404.
    ("POST", "/api/activities/activity/{activity_id}/submit/"): Row(
        codes(404, member=200), params={"activity_id": "member_draft"}
    ),
    # The task owner (here also the project owner) confirms.
    ("POST", "/api/activities/activity/{activity_id}/confirm/"): Row(
        codes(404, member=403, owner=200), params={"activity_id": "activity"}
    ),
    ("GET", "/api/activities/task/{task_id}/"): Row(project_read(), params={"task_id": "task"}),
    ("GET", "/api/activities/task/{task_id}/unread/"): Row(project_read(), params={"task_id": "task"}),
    # --- notifications: one's own only ----------------------------------------------------------------
    ("GET", "/api/notifications/"): Row(signed_in(200)),
    ("PATCH", "/api/notifications/mark_as_read/{notification_id}"): Row(
        codes(404, member=200), params={"notification_id": "member_notification"}
    ),
    ("PATCH", "/api/notifications/mark_as_read/"): Row(
        signed_in(200), body=lambda w, role: {"ids": [w.member_notification.pk]}
    ),
    ("PUT", "/api/notifications/mark_all_as_read/"): Row(signed_in(200)),
}
