"""The working-time account's arithmetic, as pure functions (docs/timeaccount.md).

- A pattern gives the expected seconds of each weekday (Monday first) from its `valid_from` until
  the next pattern in force; the member's own patterns replace the workspace default from the
  first one's date on (earlier days keep the default).
- A holiday's expected seconds are 0; nothing else changes a day's target.
- Sums over a range are closed-form per pattern (weekday counts) minus the holidays inside it:
  the cost grows with the number of patterns and holidays, never with the number of days.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

import holidays as holidays_lib

ONE_DAY = dt.timedelta(days=1)


@dataclass(frozen=True, order=True)
class Pattern:
    valid_from: dt.date
    seconds: tuple[int, int, int, int, int, int, int]


def timeline(own: Iterable[Pattern], default: Iterable[Pattern]) -> list[Pattern]:
    """The patterns in force, in date order: the workspace default until the member's first own
    pattern, then the member's own."""
    mine = sorted(own)
    first = mine[0].valid_from if mine else None
    base = [p for p in sorted(default) if first is None or p.valid_from < first]
    return base + mine


def pattern_on(patterns: list[Pattern], day: dt.date) -> Pattern | None:
    index = bisect_right([p.valid_from for p in patterns], day) - 1
    return patterns[index] if index >= 0 else None


def weekday_count(lo: dt.date, hi: dt.date, weekday: int) -> int:
    """How many days of `weekday` (0 = Monday) lie in [lo, hi]."""
    if hi < lo:
        return 0
    days = (hi - lo).days + 1
    return days // 7 + (1 if (weekday - lo.weekday()) % 7 < days % 7 else 0)


def expected_day(patterns: list[Pattern], day: dt.date, holidays: Mapping[dt.date, str]) -> int:
    if day in holidays:
        return 0
    pattern = pattern_on(patterns, day)
    return pattern.seconds[day.weekday()] if pattern else 0


def expected_between(
    patterns: list[Pattern], lo: dt.date, hi: dt.date, holidays: Mapping[dt.date, str]
) -> int:
    """Expected seconds of the days [lo, hi]."""
    if hi < lo:
        return 0
    total = 0
    for index, pattern in enumerate(patterns):
        end = patterns[index + 1].valid_from - ONE_DAY if index + 1 < len(patterns) else hi
        a, b = max(lo, pattern.valid_from), min(hi, end)
        if a <= b:
            total += sum(weekday_count(a, b, w) * pattern.seconds[w] for w in range(7))
    for day in holidays:
        if lo <= day <= hi:
            pattern = pattern_on(patterns, day)
            total -= pattern.seconds[day.weekday()] if pattern else 0
    return total


@lru_cache(maxsize=512)
def public_holidays(country: str, subdivision: str, year: int) -> tuple[tuple[dt.date, str], ...]:
    """A country's (and subdivision's) public holidays of a year, from the `holidays` package."""
    if not country:
        return ()
    try:
        found = holidays_lib.country_holidays(country, subdiv=subdivision or None, years=year)
    except (NotImplementedError, KeyError):
        return ()
    return tuple(sorted((day, name) for day, name in found.items()))


def holidays_between(
    *,
    country: str,
    subdivision: str,
    lo: dt.date,
    hi: dt.date,
    added: Mapping[dt.date, str],
    removed: Iterable[dt.date],
) -> dict[dt.date, str]:
    """The holidays in [lo, hi]: the public ones, less the workspace's removed, plus its added."""
    gone = set(removed)
    found: dict[dt.date, str] = {}
    for year in range(lo.year, hi.year + 1):
        for day, name in public_holidays(country, subdivision, year):
            if lo <= day <= hi and day not in gone:
                found[day] = name
    for day, name in added.items():
        if lo <= day <= hi:
            found[day] = name
    return dict(sorted(found.items()))


def is_valid_region(country: str, subdivision: str) -> bool:
    if not country:
        return not subdivision
    supported = holidays_lib.list_supported_countries()
    if country not in supported:
        return False
    return not subdivision or subdivision in supported[country]


def week_start(day: dt.date, first_day: str) -> dt.date:
    """The first day of `day`'s week for a first-day-of-week preference (monday/sunday/saturday)."""
    first = {"monday": 0, "sunday": 6, "saturday": 5}.get(first_day, 0)
    return day - dt.timedelta(days=(day.weekday() - first) % 7)


def counted_today(*, worked: int, expected: int) -> int:
    """Today's target counts as it is worked: a shortfall counts once the day is over."""
    return min(worked, expected)


@dataclass(frozen=True)
class Leave:
    """Approved time off: whole days [start, end], or half of `start` (`half`)."""

    start: dt.date
    end: dt.date
    half: bool = False


def leave_fractions(leaves: Iterable[Leave]) -> dict[dt.date, float]:
    """How much of each day approved time off covers (1 or 0.5; two halves make a whole day)."""
    found: dict[dt.date, float] = {}
    for leave in leaves:
        day = leave.start
        while day <= leave.end:
            found[day] = min(1.0, found.get(day, 0.0) + (0.5 if leave.half else 1.0))
            day += ONE_DAY
    return found


def covered_seconds(pattern_seconds: int, fraction: float) -> int:
    """The target time off covers on a day: all of it, or half (whole seconds, rounded down)."""
    return pattern_seconds if fraction >= 1 else pattern_seconds // 2


def covered_between(
    patterns: list[Pattern],
    lo: dt.date,
    hi: dt.date,
    holidays: Mapping[dt.date, str],
    leave: Mapping[dt.date, float],
) -> int:
    """The target approved time off covers in [lo, hi]: a holiday's target is already 0, so a
    holiday inside time off is covered once, by the holiday. Walks the range's days or the time
    off's, whichever are fewer (a week's read of years of time off looks up seven days)."""
    if hi < lo:
        return 0
    span = (hi - lo).days + 1
    if span < len(leave):
        days = (lo + dt.timedelta(days=n) for n in range(span))
        found = ((day, leave[day]) for day in days if day in leave)
    else:
        found = ((day, fraction) for day, fraction in leave.items() if lo <= day <= hi)
    total = 0
    for day, fraction in found:
        if day not in holidays:
            pattern = pattern_on(patterns, day)
            total += covered_seconds(pattern.seconds[day.weekday()], fraction) if pattern else 0
    return total


def charged_days(
    patterns: list[Pattern], leave: Leave, holidays: Mapping[dt.date, str], *, year: int | None = None
) -> float:
    """Allowance days a request uses: its days with a target (not holidays, not days off), half
    for a half day; only the days of `year` when given."""
    used = 0.0
    day = leave.start
    while day <= leave.end:
        if (year is None or day.year == year) and day not in holidays:
            pattern = pattern_on(patterns, day)
            if pattern and pattern.seconds[day.weekday()] > 0:
                used += 0.5 if leave.half else 1.0
        day += ONE_DAY
    return used


# --- the year end (the workspace's optional rule; docs/timeaccount.md) ---------------------------
@dataclass(frozen=True)
class YearEndRule:
    """carry_all: the balance goes on; cap: a positive balance carries at most `cap` seconds (a
    negative one carries in full); reset: every year starts at zero."""

    kind: str = "carry_all"
    cap: int | None = None


def carried(rule: YearEndRule, balance: int) -> int:
    """What a year's closing balance carries into the next year."""
    if rule.kind == "reset":
        return 0
    if rule.kind == "cap" and rule.cap is not None:
        return min(balance, rule.cap)
    return balance


def year_end_total(rule: YearEndRule, year_nets: Iterable[int]) -> int:
    """The sum of the year ends' corrections (carried - closing balance) over the closed years,
    given each year's worked - expected + adjustments in order. The balance is then
    worked - expected + adjustments + this, for any rule."""
    running = correction = 0
    for net in year_nets:
        running += net
        kept = carried(rule, running)
        correction += kept - running
        running = kept
    return correction
