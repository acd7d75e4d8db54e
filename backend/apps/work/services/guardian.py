"""The shift guardian (issue 32, docs/guardian.md): time nobody is working is noticed, asked about
and fixed with a trace.

`run` (the beat job `shift-guardian`: apps.work.tasks.shift_guardian) asks the member
'Still working?' (a notification, live, and an email) about their open shift when
- OVERRUN: it started before the day's last scheduled session ended and runs more than the
  workspace's `guardian_overrun_minutes` past that end;
- TRACKER: the task timer runs while no tab or device of theirs is in use (real presence: away);
- QUIET: they are working with no activity for the workspace's `guardian_quiet_minutes` (only
  members whose devices ever sent a heartbeat: the others are judged by the schedule).
The shift would end at their last sign of life: the last activity of any tab or device, or the
shift's last change (a status switch, the timer's start), whichever is later.

No answer by `answer_by` (the workspace's `guardian_answer_minutes`) and still no activity: the
workspace's policy proposes the end (the member confirms it) or applies it. Each end goes into the
change log with the reason 'automatic: no activity since 17:42'; an automatic end can be undone with
a reason. A member who is back (activity after the question) is never acted on: the question waits
for their answer. Nothing here opens a shift or starts a timer: an undo puts back closed time only.

A workspace whose policy is `off` is asked nothing and acted on for nothing; turning it off withdraws
its open questions (`withdraw`). The workspace's row is read under a lock in each question and
decision, so a question is never asked, nor decided, after the switch that withdrew it.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction

from apps.accounts import notifications
from apps.accounts.locks import lock_user
from apps.accounts.models import GuardianPolicy, NotificationKind, Workspace
from apps.core import timeutils
from apps.work import events, hooks, selectors
from apps.work.models import (
    MemberActivity,
    PromptCause,
    PromptState,
    ShiftPrompt,
    StatusRecord,
    StatusType,
    WorkShift,
    WorkShiftSchedule,
)
from apps.work.services import activity, shifts

STILL_WORKING, END, KEEP, UNDO = "still_working", "end", "keep", "undo"
ANSWERS = (STILL_WORKING, END, KEEP, UNDO)
ASKING = (PromptState.ASKED, PromptState.PROPOSED)

AUTOMATIC = "automatic: no activity since {time}"
ASKED_TEXT = {
    PromptCause.OVERRUN: "Still working? Your shift runs past your schedule (it ended at {schedule}); "
    "no activity since {time}.",
    PromptCause.TRACKER: "Still working? Your task timer is running, but none of your devices has been "
    "used since {time}.",
    PromptCause.QUIET: "Still working? No activity on any of your devices since {time}.",
}
PROPOSED_TEXT = (
    "No answer to 'Still working?': end your shift at {time}, your last activity? Open the office to answer."
)
APPLIED_TEXT = (
    "Your shift was ended at {time}, your last activity (automatic: no activity since {time}). "
    "Open the office to undo it."
)
SUBJECT = {
    PromptState.ASKED: "Still working?",
    PromptState.PROPOSED: "End your shift at your last activity?",
    PromptState.APPLIED: "Your shift was ended at your last activity",
}

NOT_PENDING = "This question has already been answered."
ASKED_ANSWERS = "Answer 'still_working' or 'end'."
APPLIED_ANSWERS = "Answer 'keep' or 'undo'."
REASON_NEEDED = "Say why the automatic end is wrong."


def clock(instant: dt.datetime, tz_name: str) -> str:
    """'17:42': the member's local time, 24-hour (the texts are stored: docs/guardian.md)."""
    return instant.astimezone(timeutils.user_zone(tz_name)).strftime("%H:%M")


def _minutes_or_seconds(workspace, field: str, override: float | None) -> dt.timedelta:
    """The workspace's minutes, or the e2e server's seconds for every workspace (GUARDIAN_*_SECONDS)."""
    if override is not None:
        return dt.timedelta(seconds=override)
    return dt.timedelta(minutes=getattr(workspace, field))


def _overrun(workspace) -> dt.timedelta:
    return _minutes_or_seconds(workspace, "guardian_overrun_minutes", settings.GUARDIAN_OVERRUN_SECONDS)


def _quiet(workspace) -> dt.timedelta:
    return _minutes_or_seconds(workspace, "guardian_quiet_minutes", settings.GUARDIAN_QUIET_SECONDS)


def _answer_within(workspace) -> dt.timedelta:
    return _minutes_or_seconds(workspace, "guardian_answer_minutes", settings.GUARDIAN_ANSWER_SECONDS)


def message(prompt: ShiftPrompt) -> str:
    """What the notification, the email and the dialog say."""
    tz_name = prompt.user.timezone
    time = clock(prompt.last_activity_at, tz_name)
    if prompt.state == PromptState.APPLIED:
        return APPLIED_TEXT.format(time=time)
    if prompt.state == PromptState.PROPOSED:
        return PROPOSED_TEXT.format(time=time)
    schedule = clock(prompt.schedule_end, tz_name) if prompt.schedule_end else ""
    return ASKED_TEXT[PromptCause(prompt.cause)].format(time=time, schedule=schedule)


def _tell(prompt: ShiftPrompt) -> None:
    """The notification (live: new_notification), the email after commit, and the prompt's event."""
    text = message(prompt)
    notifications.notify(user_ids=[prompt.user_id], kind=NotificationKind.SHIFT_GUARDIAN, text=text)
    subject, email = SUBJECT[PromptState(prompt.state)], prompt.user.email
    transaction.on_commit(
        lambda: send_mail(subject=subject, message=text, from_email=None, recipient_list=[email])
    )
    events.publish_shift_prompt_changed(prompt=prompt)


def _last_sign(user, shift: WorkShift, now: dt.datetime) -> dt.datetime:
    """The later of the last activity of any device and the shift's last change."""
    last = selectors.last_activity(user_id=user.pk)
    change = selectors.latest_change(shift=shift, now=now)
    return max(change, last) if last is not None else change


def _back_since(prompt: ShiftPrompt, now: dt.datetime) -> bool:
    """Activity after the question (a device, a status switch, the timer): the member is there."""
    return _last_sign(prompt.user, prompt.work_shift, now) > prompt.asked_at


def _end(prompt: ShiftPrompt, *, state: str, now: dt.datetime) -> None:
    time = clock(prompt.last_activity_at, prompt.user.timezone)
    prompt.cut = shifts.shift_end_at(
        user=prompt.user,
        shift=prompt.work_shift,
        at=prompt.last_activity_at,
        reason=AUTOMATIC.format(time=time),
    )
    prompt.state, prompt.ended_at = state, now


# --- the job ----------------------------------------------------------------------------------------


def _schedule_ends(user_ids: list[int], now: dt.datetime) -> dict[tuple[int, dt.datetime], list]:
    rows = WorkShiftSchedule.objects.filter(
        user_id__in=user_ids, end_datetime__lte=now, end_datetime__gte=now - dt.timedelta(days=2)
    ).values_list("user_id", "start_datetime", "end_datetime")
    found: dict = {}
    for user_id, start, end in rows:
        found.setdefault(user_id, []).append((start, end))
    return found


def _day_end(sessions: list, *, user, shift: WorkShift) -> dt.datetime | None:
    """The end of the last session scheduled on the shift's local date."""
    day = shift.work_day.work_date
    ends = [end for start, end in sessions if timeutils.local_date(start, user.timezone) == day]
    return max(ends, default=None)


def _seen(user) -> dt.datetime | None:
    """The last activity of any device (loaded with the user), None for a member never seen."""
    try:
        return user.activity.last_active_at
    except MemberActivity.DoesNotExist:
        return None


def _cause(record: StatusRecord, *, now: dt.datetime, sessions: list, overrun_asked: bool):
    """(cause, last sign, schedule end) when the shift needs the question, else None."""
    user, shift = record.user, record.work_shift
    workspace = user.workspace
    schedule_end = _day_end(sessions, user=user, shift=shift)
    if (
        schedule_end is not None
        and not overrun_asked
        and shift.start_datetime < schedule_end
        and now - schedule_end >= _overrun(workspace)
    ):
        return PromptCause.OVERRUN, _last_sign(user, shift, now), schedule_end
    if user.presence_state == activity.AWAY and record.status_enum_identifier == StatusType.WORKING:
        running = hooks.task_time.get().intervals(user_id=user.pk, lo=shift.start_datetime, hi=now)
        if any(interval.end is None for interval in running):
            return PromptCause.TRACKER, _last_sign(user, shift, now), None
    seen = _seen(user)
    if (
        seen is not None
        and now - seen >= _quiet(workspace)
        and record.status_enum_identifier == StatusType.WORKING
    ):
        last = _last_sign(user, shift, now)
        if now - last >= _quiet(workspace):
            return PromptCause.QUIET, last, None
    return None


def _policy(workspace_id: int) -> str:
    """The workspace's policy as committed, its row locked until the transaction ends: a switch to
    `off` (an UPDATE of that row, then `withdraw`) waits for a question being asked, and a question
    asked after the switch sees `off`. Always after the user lock, never before (one lock order)."""
    return (
        Workspace.objects.select_for_update(no_key=True)
        .filter(pk=workspace_id)
        .values_list("guardian_policy", flat=True)
        .get()
    )


def _ask(record: StatusRecord, *, cause: str, last: dt.datetime, schedule_end, now: dt.datetime) -> bool:
    user = record.user
    with transaction.atomic():
        lock_user(user)
        if _policy(user.workspace_id) == GuardianPolicy.OFF:
            return False  # turned off meanwhile
        if WorkShift.objects.filter(pk=record.work_shift_id, end_datetime__isnull=False).exists():
            return False  # left meanwhile
        pending = ShiftPrompt.objects.select_for_update().filter(
            user=user, state__in=[*ASKING, PromptState.APPLIED]
        )
        for earlier in pending:
            if earlier.state in ASKING and earlier.work_shift.end_datetime is None:
                return False  # a question is open: one at a time
            # An earlier question's shift ended since (it waits for nothing), or an automatic end
            # the member never answered: it is kept (undo is offered until the next question).
            earlier.state = PromptState.CLOSED if earlier.state in ASKING else PromptState.KEPT
            earlier.answered_at = now
            earlier.save(update_fields=["state", "answered_at"])
        prompt = ShiftPrompt.objects.create(
            user=user,
            work_shift=record.work_shift,
            cause=cause,
            asked_at=now,
            answer_by=now + _answer_within(user.workspace),
            last_activity_at=last,
            schedule_end=schedule_end,
        )
        _tell(prompt)
    return True


def _decide(prompt: ShiftPrompt, *, now: dt.datetime) -> bool:
    """No answer in time: propose or apply, unless the member is back (the question waits) or the
    shift ended meanwhile (the question is closed)."""
    with transaction.atomic():
        lock_user(prompt.user)
        policy = _policy(prompt.user.workspace_id)  # before the prompt's row: the order `withdraw` takes
        prompt = (
            ShiftPrompt.objects.select_for_update(of=("self",))
            .select_related("user__workspace", "work_shift__work_day")
            .get(pk=prompt.pk)
        )
        if prompt.state != PromptState.ASKED or policy == GuardianPolicy.OFF:
            return False
        if prompt.work_shift.end_datetime is not None:
            prompt.state, prompt.answered_at = PromptState.CLOSED, now
            prompt.save(update_fields=["state", "answered_at"])
            events.publish_shift_prompt_changed(prompt=prompt)
            return True
        if _back_since(prompt, now):
            return False
        if policy == GuardianPolicy.APPLY:
            _end(prompt, state=PromptState.APPLIED, now=now)
        else:
            prompt.state = PromptState.PROPOSED
        prompt.save(update_fields=["state", "ended_at", "cut"])
        _tell(prompt)
    return True


def run(*, at: dt.datetime | None = None) -> int:
    """One pass of the guardian: questions past their time decided, new questions asked. Running it
    twice changes nothing more (one pending question per member, one overrun question per shift).
    Returns how many prompts were made or changed."""
    now = at or timeutils.now()
    changed = 0
    off = GuardianPolicy.OFF
    due = (
        ShiftPrompt.objects.filter(state=PromptState.ASKED, answer_by__lte=now)
        .exclude(user__workspace__guardian_policy=off)
        .order_by("pk")
    )
    for prompt in due.select_related("user"):
        changed += _decide(prompt, now=now)
    records = list(
        StatusRecord.objects.filter(
            end_datetime__isnull=True,
            deleted_yn=False,
            work_shift__isnull=False,
            user__is_active=True,
            user__workspace__isnull=False,
        )
        .exclude(user__workspace__guardian_policy=off)
        .select_related("user__workspace", "user__activity", "work_shift__work_day")
        .order_by("pk")
    )
    user_ids = [record.user_id for record in records]
    asking = set(
        ShiftPrompt.objects.filter(
            user_id__in=user_ids, state__in=ASKING, work_shift__end_datetime__isnull=True
        ).values_list("user_id", flat=True)
    )
    overrun_asked = set(
        ShiftPrompt.objects.filter(
            work_shift_id__in=[record.work_shift_id for record in records], cause=PromptCause.OVERRUN
        )
        .exclude(state=PromptState.WITHDRAWN)  # asked again once the guardian is back on
        .values_list("work_shift_id", flat=True)
    )
    sessions = _schedule_ends(user_ids, now)
    for record in records:
        if record.user_id in asking:
            continue
        found = _cause(
            record,
            now=now,
            sessions=sessions.get(record.user_id, []),
            overrun_asked=record.work_shift_id in overrun_asked,
        )
        if found is not None:
            cause, last, schedule_end = found
            changed += _ask(record, cause=cause, last=last, schedule_end=schedule_end, now=now)
    return changed


# --- turned off ---------------------------------------------------------------------------------------


def withdraw(*, workspace: Workspace) -> int:
    """The workspace's policy was just set to `off` (in the caller's transaction, which holds its row):
    its open questions (asked, proposed) are withdrawn and each member's dialog goes away
    (`shift_prompt_changed`). An automatic end already made stays offered for keep or undo: the
    shift was changed, and the member keeps the way to put it back. Returns how many were withdrawn."""
    now = timeutils.now()
    prompts = list(
        ShiftPrompt.objects.select_for_update()
        .filter(user__workspace=workspace, state__in=ASKING)
        .order_by("pk")
    )
    for prompt in prompts:
        prompt.state, prompt.answered_at = PromptState.WITHDRAWN, now
        prompt.save(update_fields=["state", "answered_at"])
        events.publish_shift_prompt_changed(prompt=prompt)
    return len(prompts)


# --- the member's answer ------------------------------------------------------------------------------


@transaction.atomic
def answer(*, user, prompt: ShiftPrompt, choice: str, reason: str = "") -> ShiftPrompt:
    """'Yes, still working' (still_working), 'No, end at my last activity' (end), and for an automatic
    end 'Keep' (keep) or 'Undo' with a reason (undo). A bad answer is a 400 that changes nothing."""
    lock_user(user)
    now = timeutils.now()
    prompt = (
        ShiftPrompt.objects.select_for_update(of=("self",))
        .select_related("user__workspace", "work_shift__work_day")
        .get(pk=prompt.pk, user=user)
    )
    if prompt.state in ASKING:
        if choice not in (STILL_WORKING, END):
            raise ValidationError({"answer": [ASKED_ANSWERS]})
        if prompt.work_shift.end_datetime is not None:
            raise ValidationError({"answer": [shifts.SHIFT_ENDED]})
        if choice == STILL_WORKING:
            prompt.state = PromptState.STILL_WORKING
            activity.mark_active(user_id=user.pk, at=now)  # answering is activity
        else:
            _end(prompt, state=PromptState.ENDED, now=now)
    elif prompt.state == PromptState.APPLIED:
        if choice not in (KEEP, UNDO):
            raise ValidationError({"answer": [APPLIED_ANSWERS]})
        if choice == UNDO:
            if not reason.strip():
                raise ValidationError({"reason": [REASON_NEEDED]})
            shifts.shift_end_undo(user=user, shift=prompt.work_shift, cut=prompt.cut, reason=reason)
            prompt.state = PromptState.UNDONE
        else:
            prompt.state = PromptState.KEPT
    else:
        raise ValidationError({"answer": [NOT_PENDING]})
    prompt.answered_at = now
    prompt.save(update_fields=["state", "ended_at", "cut", "answered_at"])
    events.publish_shift_prompt_changed(prompt=prompt)
    return prompt
