"""Reads of the working-time account (docs/timeaccount.md). Every read takes a set of members and
answers in a fixed number of queries whatever their number or history: the targets are sums per
pattern (rules.expected_between), the worked time is summed by the database from work's stored
day totals (`WorkDay.work_time_seconds`, what the shift writes store through work.accounting),
and only the running status record is counted live, by work.accounting.totals."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Q, Sum
from django.db.models.functions import ExtractYear

from apps.accounts.members import is_workspace_admin
from apps.accounts.models import Observation, User, WorkspaceRole, WorkspaceUserType
from apps.core import readstamps, timeutils
from apps.timeaccount import rules, stamps
from apps.timeaccount.models import (
    AccountRules,
    AccountStart,
    Adjustment,
    HolidayRegion,
    HolidayWork,
    TimeOffRequest,
    TimeOffStatus,
    TimeOffType,
    WorkPattern,
    WorkspaceHoliday,
)
from apps.work import accounting
from apps.work import stamps as work_stamps
from apps.work.models import StatusRecord, StatusType, WorkDay

ONE_DAY = dt.timedelta(days=1)


@dataclass(frozen=True)
class LeaveKind:
    """Approved time off on one day: its type's name and colour, a half day or not."""

    name: str
    color: str
    half_day: bool


@dataclass
class Account:
    """What a member's target depends on, loaded once for a set of members."""

    user: User
    start: dt.date
    patterns: list[rules.Pattern]
    country: str = ""
    subdivision: str = ""
    added: dict[dt.date, str] = field(default_factory=dict)
    removed: set[dt.date] = field(default_factory=set)
    # the share of each day approved time off covers (rules.leave_fractions)
    leave: dict[dt.date, float] = field(default_factory=dict)
    # the approved requests (start, end, half day, type name, type colour), in date order
    time_off: list[tuple[dt.date, dt.date, bool, str, str]] = field(default_factory=list)
    # the workspace's rules (AccountRules; none: carry over all, holiday work not flagged)
    year_end: rules.YearEndRule = field(default_factory=rules.YearEndRule)
    flag_holiday_work: bool = False
    # What accounts() shares between the accounts of one workspace and holiday region: each
    # range's holidays and each timeline's expected seconds, worked out once for all of them.
    shared: dict = field(default_factory=dict, repr=False, compare=False)

    def holidays(self, lo: dt.date, hi: dt.date) -> dict[dt.date, str]:
        """The holidays in [lo, hi] (the same dict for every account that shares them: read only)."""
        key = ("holidays", lo, hi)
        if key not in self.shared:
            self.shared[key] = rules.holidays_between(
                country=self.country,
                subdivision=self.subdivision,
                lo=lo,
                hi=hi,
                added=self.added,
                removed=self.removed,
            )
        return self.shared[key]

    def expected(self, lo: dt.date, hi: dt.date) -> int:
        lo = max(lo, self.start)
        if hi < lo:
            return 0
        holidays = self.holidays(lo, hi)
        key = ("expected", tuple(self.patterns), lo, hi)
        if key not in self.shared:
            self.shared[key] = rules.expected_between(self.patterns, lo, hi, holidays)
        return self.shared[key] - rules.covered_between(self.patterns, lo, hi, holidays, self.leave)

    @cached_property
    def leave_kinds(self) -> dict[dt.date, list[LeaveKind]]:
        """The approved time off on each day, as History shows it."""
        kinds: dict[dt.date, list[LeaveKind]] = defaultdict(list)
        for start, end, half, name, color in self.time_off:
            day = start
            while day <= end:
                kinds[day].append(LeaveKind(name, color, half))
                day += ONE_DAY
        return dict(kinds)

    def expected_day(self, day: dt.date) -> tuple[int, str | None]:
        """The day's target after holidays and approved time off, and the holiday's name."""
        found = self.holidays(day, day)
        if day < self.start:
            return 0, found.get(day)
        full = rules.expected_day(self.patterns, day, found)
        covered = rules.covered_between(self.patterns, day, day, found, self.leave)
        return full - covered, found.get(day)

    def flags(self, holiday: str | None, worked: int) -> bool:
        """Work on a holiday is flagged on its day when the workspace says so."""
        return self.flag_holiday_work and holiday is not None and worked > 0

    @property
    def today(self) -> dt.date:
        return timeutils.local_today(self.user.timezone)

    @property
    def first_day_of_week(self) -> str:
        workspace = self.user.workspace
        return self.user.first_day_of_week or (workspace.first_day_of_week if workspace else "monday")


def default_start(user: User) -> dt.date:
    return timeutils.local_date(user.date_joined, user.timezone)


def accounts(users: list[User]) -> dict[int, Account]:
    """The accounts of `users` (with their `workspace` loaded): six queries, whatever their number."""
    ids = [u.pk for u in users]
    workspaces = {u.workspace_id for u in users if u.workspace_id}
    own: dict[int, list[rules.Pattern]] = defaultdict(list)
    default: dict[int, list[rules.Pattern]] = defaultdict(list)
    for user_id, workspace_id, valid_from, seconds in WorkPattern.objects.filter(
        Q(user_id__in=ids) | Q(workspace_id__in=workspaces, user__isnull=True)
    ).values_list("user_id", "workspace_id", "valid_from", "weekday_seconds"):
        pattern = rules.Pattern(valid_from, tuple(int(s) for s in seconds))  # type: ignore[arg-type]
        (own[user_id] if user_id else default[workspace_id]).append(pattern)
    regions: dict[tuple[int, int | None], HolidayRegion] = {}
    for region in HolidayRegion.objects.filter(
        Q(user_id__in=ids) | Q(workspace_id__in=workspaces, user__isnull=True)
    ):
        regions[(region.workspace_id, region.user_id)] = region
    added: dict[int, dict[dt.date, str]] = defaultdict(dict)
    removed: dict[int, set[dt.date]] = defaultdict(set)
    for holiday in WorkspaceHoliday.objects.filter(workspace_id__in=workspaces):
        if holiday.removed:
            removed[holiday.workspace_id].add(holiday.date)
        else:
            added[holiday.workspace_id][holiday.date] = holiday.name
    starts = dict(AccountStart.objects.filter(user_id__in=ids).values_list("user_id", "start_date"))
    leaves: dict[int, list[rules.Leave]] = defaultdict(list)
    time_off: dict[int, list[tuple[dt.date, dt.date, bool, str, str]]] = defaultdict(list)
    for user_id, start, end, half, name, color in (
        TimeOffRequest.objects.filter(user_id__in=ids, status=TimeOffStatus.APPROVED)
        .order_by("start_date", "id")
        .values_list("user_id", "start_date", "end_date", "half_day", "type__name", "type__color")
    ):
        leaves[user_id].append(rules.Leave(start, end, half))
        time_off[user_id].append((start, end, half, name, color))
    workspace_rules = {r.workspace_id: r for r in AccountRules.objects.filter(workspace_id__in=workspaces)}
    found = {}
    shared: dict[tuple, dict] = defaultdict(dict)
    for user in users:
        region = regions.get((user.workspace_id, user.pk)) or regions.get((user.workspace_id, None))
        rule = workspace_rules.get(user.workspace_id)
        found[user.pk] = Account(
            user=user,
            start=starts.get(user.pk) or default_start(user),
            patterns=rules.timeline(own[user.pk], default[user.workspace_id]),
            country=region.country if region else "",
            subdivision=region.subdivision if region else "",
            added=added[user.workspace_id],
            removed=removed[user.workspace_id],
            leave=rules.leave_fractions(leaves[user.pk]),
            time_off=time_off[user.pk],
            year_end=rules.YearEndRule(rule.year_end, rule.cap_seconds) if rule else rules.YearEndRule(),
            flag_holiday_work=bool(rule and rule.holiday_work == HolidayWork.FLAGGED),
            shared=shared[(user.workspace_id, region.pk if region else None)],
        )
    return found


def live_seconds(
    users: list[User], open_starts: dict[int, list[dt.datetime]], *, now: dt.datetime | None = None
) -> dict[int, int]:
    """Work of the running `working` records (`open_starts`, open_working_starts) since the later
    of their start and the member's midnight, not yet in the stored day totals (stored at each
    status change); the latest started one counts."""
    now = now or timeutils.now()
    found: dict[int, int] = {}
    for user in users:
        starts = open_starts.get(user.pk)
        if not starts:
            continue
        lo = timeutils.day_start(timeutils.local_date(now, user.timezone), user.timezone)
        segment = accounting.Segment(accounting.WORKING, starts[-1], None)
        found[user.pk] = accounting.totals([segment], until=now, window=(lo, now)).work_time
    return found


def open_working_starts(user_ids: list[int]) -> dict[int, list[dt.datetime]]:
    """The starts of each member's running `working` records, in start order; one query."""
    found: dict[int, list[dt.datetime]] = defaultdict(list)
    for user_id, start in (
        StatusRecord.objects.filter(
            user_id__in=user_ids,
            end_datetime__isnull=True,
            deleted_yn=False,
            status_enum_identifier=StatusType.WORKING,
        )
        .order_by("start_datetime", "id")
        .values_list("user_id", "start_datetime")
    ):
        found[user_id].append(start)
    return found


def _since_filter(pairs: dict[int, dt.date], field: str = "work_date") -> Q:
    """Rows of each member from their own date on (members sharing a date share a term)."""
    by_date: dict[dt.date, list[int]] = defaultdict(list)
    for user_id, day in pairs.items():
        by_date[day].append(user_id)
    condition = Q(pk__in=[])
    for day, ids in by_date.items():
        condition |= Q(user_id__in=ids, **{f"{field}__gte": day})
    return condition


def worked_since(pairs: dict[int, dt.date]) -> dict[int, dict[int, int]]:
    """Stored work seconds of each member from their date on, per calendar year, summed by the
    database (the year end's rule needs each closed year's sum)."""
    if not pairs:
        return {}
    rows = (
        WorkDay.objects.filter(_since_filter(pairs))
        .annotate(year=ExtractYear("work_date"))
        .values("user_id", "year")
        .annotate(total=Sum("work_time_seconds"))
    )
    found: dict[int, dict[int, int]] = defaultdict(dict)
    for row in rows:
        found[row["user_id"]][row["year"]] = row["total"] or 0
    return found


def worked_days(pairs: dict[int, dt.date]) -> dict[int, dict[dt.date, int]]:
    """Stored work seconds per day of each member from their (recent) date on."""
    found: dict[int, dict[dt.date, int]] = defaultdict(dict)
    if pairs:
        for user_id, day, seconds in (
            WorkDay.objects.filter(_since_filter(pairs))
            .order_by()
            .values_list("user_id", "work_date", "work_time_seconds")
        ):
            found[user_id][day] = seconds
    return found


def adjustments_since(pairs: dict[int, dt.date]) -> dict[int, dict[int, int]]:
    """The adjustments' sum of each member from their date on, per calendar year."""
    if not pairs:
        return {}
    rows = (
        Adjustment.objects.filter(_since_filter(pairs, "date"))
        .annotate(year=ExtractYear("date"))
        .values("user_id", "year")
        .annotate(total=Sum("seconds"))
    )
    found: dict[int, dict[int, int]] = defaultdict(dict)
    for row in rows:
        found[row["user_id"]][row["year"]] = row["total"] or 0
    return found


@dataclass(frozen=True)
class WorkInputs:
    """What a member's summary reads of their worked time: the stored sum per calendar year from
    their start on (empty without the balance), the stored total of each day from their recent
    date on, and the starts of their running `working` records."""

    years: dict[int, int]
    days: dict[dt.date, int]
    open_starts: list[dt.datetime]


def work_inputs(recent_from: dict[int, dt.date], starts: dict[int, dt.date]) -> dict[int, WorkInputs]:
    """Each member's WorkInputs, kept per process under the member's time stamp `d:<user>` (apps/
    timeaccount/stamps.py): a read while none of them changed is one stamp query; the members
    without a copy are read in three queries, whatever their number. `starts` (the balance's)
    may be empty: then no years are read."""

    def make(user_ids: list[int]) -> dict[int, WorkInputs]:
        days = worked_days({pk: recent_from[pk] for pk in user_ids})
        years = worked_since({pk: starts[pk] for pk in user_ids if pk in starts})
        running = open_working_starts(user_ids)
        return {pk: WorkInputs(years.get(pk, {}), days.get(pk, {}), running.get(pk, [])) for pk in user_ids}

    return readstamps.kept_each(
        stamps.WORK_INPUTS,
        {pk: work_stamps.day_key(pk) for pk in recent_from},
        {pk: (pk, recent_from[pk], starts.get(pk)) for pk in recent_from},
        make,
    )


def year_end(account: Account, today: dt.date, worked: dict[int, int], adjusted: dict[int, int]) -> int:
    """The year ends' corrections since the member's start (rules.year_end_total): each closed
    year's worked - expected + adjustments, the rule applied at each year end."""
    if account.year_end.kind == "carry_all":
        return 0
    nets = []
    for year in range(account.start.year, today.year):
        lo, hi = max(dt.date(year, 1, 1), account.start), dt.date(year, 12, 31)
        nets.append(worked.get(year, 0) - account.expected(lo, hi) + adjusted.get(year, 0))
    return rules.year_end_total(account.year_end, nets)


def _period(
    account: Account, lo: dt.date, today: dt.date, days: dict[dt.date, int], live: int, expected_today: int
) -> dict:
    lo = max(lo, account.start)
    worked = sum(s for d, s in days.items() if lo <= d <= today) + (live if lo <= today else 0)
    worked_today = days.get(today, 0) + live
    closed = account.expected(lo, today - ONE_DAY)
    counted = closed + (
        rules.counted_today(worked=worked_today, expected=expected_today) if lo <= today else 0
    )
    return {
        "from_date": lo,
        "to_date": today,
        "worked": worked,
        "expected": closed + (expected_today if lo <= today else 0),
        "difference": worked - counted,
    }


def summaries(
    users: list[User], *, periods: tuple[str, ...] = ("today", "week", "month", "balance")
) -> dict[int, dict]:
    """Each member's today / week / month / balance (docs/timeaccount.md): ten queries for the set;
    eight while none of the members' time changed (their worked time kept: work_inputs)."""
    if not users:
        return {}
    found_accounts = accounts(users)
    today_of = {u.pk: found_accounts[u.pk].today for u in users}
    week_of = {u.pk: rules.week_start(today_of[u.pk], found_accounts[u.pk].first_day_of_week) for u in users}
    month_of = {u.pk: today_of[u.pk].replace(day=1) for u in users}
    recent_from = {
        u.pk: max(
            min(week_of[u.pk], month_of[u.pk] if "month" in periods else week_of[u.pk]),
            found_accounts[u.pk].start,
        )
        for u in users
    }
    starts = {u.pk: found_accounts[u.pk].start for u in users}
    inputs = work_inputs(recent_from, starts if "balance" in periods else {})
    days = {pk: found.days for pk, found in inputs.items()}
    live = live_seconds(users, {pk: found.open_starts for pk, found in inputs.items()})
    since = {pk: found.years for pk, found in inputs.items()}
    adjusted = adjustments_since(starts) if "balance" in periods else {}
    result: dict[int, dict] = {}
    for user in users:
        account = found_accounts[user.pk]
        today = today_of[user.pk]
        mine = days.get(user.pk, {})
        running = live.get(user.pk, 0) if today >= account.start else 0
        expected_today, holiday = account.expected_day(today)
        row: dict = {"user": user.pk, "date": today, "start_date": account.start}
        worked_today = mine.get(today, 0) + running
        row["today"] = {
            "worked": worked_today,
            "expected": expected_today,
            "holiday": holiday,
            "holiday_work_flagged": account.flags(holiday, worked_today),
        }
        row["week"] = _period(account, week_of[user.pk], today, mine, running, expected_today)
        if "month" in periods:
            row["month"] = _period(account, month_of[user.pk], today, mine, running, expected_today)
        if "balance" in periods:
            worked_years, adjusted_years = since.get(user.pk, {}), adjusted.get(user.pk, {})
            worked_total = sum(worked_years.values()) + running
            counted = 0
            if today >= account.start:
                counted = account.expected(account.start, today - ONE_DAY) + rules.counted_today(
                    worked=row["today"]["worked"], expected=expected_today
                )
            adjustments = sum(adjusted_years.values())
            corrected = year_end(account, today, worked_years, adjusted_years)
            row["balance"] = {
                "worked": worked_total,
                "expected": counted,
                "adjustments": adjustments,
                "year_end": corrected,
                "balance": worked_total - counted + adjustments + corrected,
            }
        result[user.pk] = row
    return result


@dataclass(frozen=True)
class DayTarget:
    """A member's day as History shows it: the target after holidays and approved time off, the
    holiday's name, the approved time off, and the target that time off covers."""

    expected: int
    holiday: str | None
    time_off: tuple[LeaveKind, ...] = ()
    time_off_seconds: int = 0


def day_targets(
    users: list[User], *, lo: dt.date, hi: dt.date
) -> tuple[dict[tuple[int, dt.date], DayTarget], dict[int, Account]]:
    """Each member's day of [lo, hi] (the work-time table), and the accounts (their rules)."""
    found_accounts = accounts(users)
    result = {}
    for user in users:
        account = found_accounts[user.pk]
        holidays = account.holidays(lo, hi)
        day = lo
        while day <= hi:
            expected = covered = 0
            if day >= account.start:
                covered = rules.covered_between(account.patterns, day, day, holidays, account.leave)
                expected = rules.expected_day(account.patterns, day, holidays) - covered
            result[(user.pk, day)] = DayTarget(
                expected, holidays.get(day), tuple(account.leave_kinds.get(day, ())), covered
            )
            day += ONE_DAY
    return result, found_accounts


def expected_days(
    users: list[User], *, lo: dt.date, hi: dt.date
) -> dict[tuple[int, dt.date], tuple[int, str | None]]:
    """Each member's expected seconds and holiday name per day of [lo, hi]."""
    targets, _ = day_targets(users, lo=lo, hi=hi)
    return {key: (target.expected, target.holiday) for key, target in targets.items()}


def rules_of(*, workspace_id: int) -> AccountRules:
    """The workspace's rules of the balance (the defaults when none were saved)."""
    return AccountRules.objects.filter(workspace_id=workspace_id).first() or AccountRules(
        workspace_id=workspace_id
    )


def patterns_of(*, user: User) -> dict:
    rows = list(
        WorkPattern.objects.filter(
            Q(user=user) | Q(workspace_id=user.workspace_id, user__isnull=True)
        ).order_by("valid_from", "id")
    )
    return {"own": [r for r in rows if r.user_id], "default": [r for r in rows if not r.user_id]}


def adjustments_of(*, user: User):
    return Adjustment.objects.filter(user=user).select_related("created_by").order_by("-date", "-id")


def region_of(*, workspace_id: int, user_id: int | None = None) -> HolidayRegion | None:
    return HolidayRegion.objects.filter(workspace_id=workspace_id, user_id=user_id).first()


def workspace_holidays(*, workspace_id: int):
    return WorkspaceHoliday.objects.filter(workspace_id=workspace_id).order_by("date", "id")


def approver_ids(*, user: User) -> list[int]:
    """Who decides a member's time off: the workspace's admins and the member's team-page owners
    (those who observe them, apps/accounts/observers.py), never the member."""
    from_admins = User.objects.filter(workspace_id=user.workspace_id, is_active=True).filter(
        Q(workspace_role=WorkspaceRole.ADMIN)
        | Q(workspace_user_type__in=[WorkspaceUserType.ADMIN, WorkspaceUserType.OWNER])
    )
    observers = Observation.objects.filter(observed_user=user, observer__is_active=True).values("observer_id")
    ids = set(from_admins.values_list("pk", flat=True)) | {row["observer_id"] for row in observers}
    ids.discard(user.pk)
    return sorted(ids)


def decidable_requests(*, approver: User):
    """The time-off requests `approver` may decide: all of the workspace's for an admin, the
    observed members' for a team-page owner (never their own)."""
    requests = TimeOffRequest.objects.filter(user__workspace_id=approver.workspace_id, user__is_active=True)
    if not is_workspace_admin(approver):
        requests = requests.filter(user__observed_by__observer=approver)
    return requests.exclude(user=approver).select_related("user", "type", "decided_by")


def time_off_of(*, user: User):
    return TimeOffRequest.objects.filter(user=user).select_related("user", "type", "decided_by")


def allowances(*, user: User, year: int) -> list[dict]:
    """Each active type's yearly allowance, the days approved time off uses in `year` (days with a
    target only: holidays and days off are not charged) and what is left; three queries + accounts."""
    account = accounts([User.objects.select_related("workspace").get(pk=user.pk)])[user.pk]
    lo, hi = dt.date(year, 1, 1), dt.date(year, 12, 31)
    holidays = account.holidays(lo, hi)
    used: dict[int, float] = defaultdict(float)
    for request in TimeOffRequest.objects.filter(
        user=user, status=TimeOffStatus.APPROVED, start_date__lte=hi, end_date__gte=lo
    ):
        leave = rules.Leave(request.start_date, request.end_date, request.half_day)
        used[request.type_id] += rules.charged_days(account.patterns, leave, holidays, year=year)
    rows = []
    for kind in TimeOffType.objects.filter(workspace_id=user.workspace_id, archived=False):
        allowance = (
            kind.yearly_allowance_half_days / 2 if kind.yearly_allowance_half_days is not None else None
        )
        rows.append(
            {
                "type": kind.pk,
                "name": kind.name,
                "allowance_days": allowance,
                "used_days": used[kind.pk],
                "left_days": None if allowance is None else allowance - used[kind.pk],
            }
        )
    return rows
