"""The target's arithmetic: sums per pattern equal the day-by-day sums (hypothesis)."""

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from apps.timeaccount import rules

DAY = dt.timedelta(days=1)
dates = st.dates(min_value=dt.date(2024, 1, 1), max_value=dt.date(2027, 12, 31))
week = st.tuples(*[st.integers(min_value=0, max_value=12 * 3600)] * 7)
patterns = st.lists(st.builds(rules.Pattern, dates, week), max_size=4, unique_by=lambda p: p.valid_from)


def days(lo, hi):
    while lo <= hi:
        yield lo
        lo += DAY


@given(dates, st.integers(min_value=-3, max_value=400), st.integers(min_value=0, max_value=6))
def test_weekday_count_matches_counting(lo, span, weekday):
    hi = lo + dt.timedelta(days=span)
    assert rules.weekday_count(lo, hi, weekday) == sum(1 for d in days(lo, hi) if d.weekday() == weekday)


@given(patterns, patterns, dates, st.integers(min_value=0, max_value=120), st.sets(dates, max_size=8))
def test_expected_between_is_the_sum_of_the_days(own, default, lo, span, holiday_dates):
    line = rules.timeline(own, default)
    hi = lo + dt.timedelta(days=span)
    holidays = {d: "h" for d in holiday_dates}
    assert rules.expected_between(line, lo, hi, holidays) == sum(
        rules.expected_day(line, d, holidays) for d in days(lo, hi)
    )


@given(
    patterns,
    dates,
    st.integers(min_value=-2, max_value=60),
    st.dictionaries(dates, st.sampled_from([0.5, 1.0]), max_size=40),
    st.sets(dates, max_size=8),
)
def test_covered_between_is_the_sum_of_the_days_whichever_it_walks(line, lo, span, leave, holiday_dates):
    line = sorted(line)
    hi = lo + dt.timedelta(days=span)
    holidays = {d: "h" for d in holiday_dates}
    by_day = 0
    for d in days(lo, hi):
        pattern = rules.pattern_on(line, d)
        if d in leave and d not in holidays and pattern:
            by_day += rules.covered_seconds(pattern.seconds[d.weekday()], leave[d])
    assert rules.covered_between(line, lo, hi, holidays, leave) == by_day


def test_own_patterns_replace_the_default_from_their_first_date():
    default = [rules.Pattern(dt.date(2026, 1, 1), (8,) * 7), rules.Pattern(dt.date(2026, 3, 1), (7,) * 7)]
    own = [rules.Pattern(dt.date(2026, 2, 1), (4,) * 7)]
    line = rules.timeline(own, default)
    assert rules.pattern_on(line, dt.date(2026, 1, 31)).seconds[0] == 8
    assert (
        rules.pattern_on(line, dt.date(2026, 3, 5)).seconds[0] == 4
    )  # the later default is not the member's
    assert rules.pattern_on(line, dt.date(2025, 12, 31)) is None


def test_public_holidays_by_country_and_subdivision():
    bavaria = dict(rules.public_holidays("DE", "BY", 2026))
    berlin = dict(rules.public_holidays("DE", "BE", 2026))
    assert dt.date(2026, 1, 6) in bavaria and dt.date(2026, 1, 6) not in berlin
    found = rules.holidays_between(
        country="DE",
        subdivision="BE",
        lo=dt.date(2026, 1, 1),
        hi=dt.date(2026, 1, 31),
        added={dt.date(2026, 1, 2): "Bridge day"},
        removed=[dt.date(2026, 1, 1)],
    )
    assert found == {dt.date(2026, 1, 2): "Bridge day"}
    assert rules.is_valid_region("DE", "BY") and not rules.is_valid_region("DE", "XX")
    assert not rules.is_valid_region("ZZ", "") and rules.is_valid_region("", "")


def test_week_start_follows_the_preference():
    thursday = dt.date(2026, 3, 12)
    assert rules.week_start(thursday, "monday") == dt.date(2026, 3, 9)
    assert rules.week_start(thursday, "sunday") == dt.date(2026, 3, 8)
    assert rules.week_start(thursday, "saturday") == dt.date(2026, 3, 7)


year_end_rules = st.one_of(
    st.just(rules.YearEndRule()),
    st.just(rules.YearEndRule("reset")),
    st.builds(rules.YearEndRule, st.just("cap"), st.integers(min_value=0, max_value=200 * 3600)),
)


@given(year_end_rules, st.lists(st.integers(min_value=-300 * 3600, max_value=300 * 3600), max_size=6))
def test_year_end_total_is_what_each_year_end_took(rule, nets):
    """Balance after the year ends = the plain sum + the corrections; each year end leaves the
    rule's carried amount, and carrying over all never corrects."""
    running = 0
    for net in nets:
        running += net
        if rule.kind == "reset":
            running = 0
        elif rule.kind == "cap" and running > rule.cap:
            running = rule.cap
    assert sum(nets) + rules.year_end_total(rule, nets) == running
    if rule.kind == "carry_all":
        assert rules.year_end_total(rule, nets) == 0
    if rule.kind == "cap":
        assert rules.year_end_total(rule, nets) <= 0  # a cap only ever takes surplus away
