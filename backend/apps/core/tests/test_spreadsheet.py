import pytest

from apps.core.spreadsheet import safe_cell


@pytest.mark.parametrize(
    "value",
    [
        '=1+HYPERLINK("http://evil.example","x")',
        "=2+5+cmd|' /C calc'!A0",
        "+1+1",
        "-2+3",
        "@SUM(A1:A2)",
        "\t=1+1",
        "\r=1+1",
        "=A1",
    ],
)
def test_a_cell_that_a_spreadsheet_would_evaluate_is_quoted(value):
    assert safe_cell(value) == "'" + value


@pytest.mark.parametrize("value", ["", "Ada", "08:00:00", "2026-03-29", "75%", "a=b", "in the office"])
def test_plain_text_is_left_alone(value):
    assert safe_cell(value) == value
