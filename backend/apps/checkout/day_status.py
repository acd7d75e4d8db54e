"""The checkout status of a day (spec 01 §2 "Checkout status grouping"), computed by
selectors.checkout_day_statuses and shown by the work-time table (apps.reports), the team page
(apps.workspace) and the checkout's own calls."""


class DayStatus:
    CRITICAL_FAILED = "critical_failed"
    NON_CRITICAL_FAILED = "non_critical_failed"
    PASSED = "passed"
    STILL_IN_OFFICE = "still_in_office"
    WORKING_OR_PLAN_TO_WORK = "working_or_plan_to_work"
    NOT_CHECKED = "not_checked"

    ALL = [
        CRITICAL_FAILED,
        NON_CRITICAL_FAILED,
        PASSED,
        STILL_IN_OFFICE,
        WORKING_OR_PLAN_TO_WORK,
        NOT_CHECKED,
    ]


DAY_STATUS_CHOICES = [(value, value.replace("_", " ")) for value in DayStatus.ALL]
