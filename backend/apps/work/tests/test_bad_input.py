import pytest

pytestmark = pytest.mark.django_db

CALLS = [
    ("get", "/api/work/work_day/abc/", {}),
    ("patch", "/api/work/work_day/999999/", {"checkout_notes": "x"}),
    ("post", "/api/work/work_day/", {"user": "me", "work_date": "2026-02-30"}),
    ("get", "/api/work/work_day/", {"user": "x"}),
    ("get", "/api/work/latest_workday/", {"user": "x"}),
    ("get", "/api/work/worktime_summary/", {"date": "2026-02-30"}),
    ("get", "/api/work/status_history/", {"from_date": "2026-01-01", "to_date": "2026-12-31"}),
    ("get", "/api/work/workshiftschedule/", {"user": "99999999"}),
    ("post", "/api/work/workshiftschedule/", {"start_datetime": "2026-03-01T09:00:00Z", "end_datetime": "x"}),
    ("patch", "/api/work/workshiftschedule/1/", {"end_datetime": "nope"}),
    ("post", "/api/work/invisible_mode/", {}),
    ("post", "/api/accounts/teammates/99999999/pin/", {}),
    ("patch", "/api/accounts/me/", {"timezone": ""}),
]


@pytest.mark.parametrize(("method", "url", "data"), CALLS)
def test_bad_input_answers_4xx_not_500(auth_client, method, url, data):
    call = getattr(auth_client, method)
    response = call(url, data)
    assert 400 <= response.status_code < 500, (url, response.status_code)
