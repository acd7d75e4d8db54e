import datetime as dt

import factory

from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.timeaccount.models import (
    Adjustment,
    AdjustmentKind,
    HolidayRegion,
    TimeOffRequest,
    TimeOffStatus,
    TimeOffType,
    WorkPattern,
    WorkspaceHoliday,
)

FULL_TIME = [8 * 3600] * 5 + [0, 0]


class WorkPatternFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = WorkPattern

    workspace = factory.SubFactory(WorkspaceFactory)
    user = None
    valid_from = dt.date(2026, 1, 1)
    weekday_seconds = factory.LazyFunction(lambda: list(FULL_TIME))


class HolidayRegionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = HolidayRegion

    workspace = factory.SubFactory(WorkspaceFactory)
    user = None
    country = "DE"
    subdivision = ""


class WorkspaceHolidayFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = WorkspaceHoliday

    workspace = factory.SubFactory(WorkspaceFactory)
    date = dt.date(2026, 3, 2)
    name = "Team day off"
    removed = False


class AdjustmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Adjustment

    user = factory.SubFactory(UserFactory)
    date = dt.date(2026, 3, 1)
    kind = AdjustmentKind.OPENING_BALANCE
    seconds = 3600
    reason = "Carried over"
    created_at = factory.LazyFunction(lambda: dt.datetime(2026, 3, 1, tzinfo=dt.UTC))


class TimeOffTypeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TimeOffType

    workspace = factory.SubFactory(WorkspaceFactory)
    name = "Paid leave"
    counts_as_worked = True
    yearly_allowance_half_days = 50


class TimeOffRequestFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TimeOffRequest

    user = factory.SubFactory(UserFactory)
    type = factory.SubFactory(TimeOffTypeFactory)
    start_date = dt.date(2026, 3, 2)
    end_date = dt.date(2026, 3, 2)
    status = TimeOffStatus.APPROVED
