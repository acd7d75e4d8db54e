"""Cells of a file a spreadsheet opens (CSV exports): text never runs as a formula.

A spreadsheet treats a cell that starts with = + - @ as a formula, whatever follows (`=1+HYPERLINK(...)`,
`-2+3+cmd|' /C calc'!A0`), and a leading TAB or CR is dropped before it looks (OWASP, "CSV
Injection"). Such a cell gets a leading `'`, which spreadsheets show as text and do not display.
"""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: str) -> str:
    """The cell as text a spreadsheet will not evaluate."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value
