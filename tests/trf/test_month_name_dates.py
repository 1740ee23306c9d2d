"""Dates with month names, as real exports write them (Lichess: ``May 29, 2020``)."""

from __future__ import annotations

import datetime as dt

import pytest

from trfsite.formats.trf.fields import parse_date
from trfsite.validate import validate

from .lines import codes, read


@pytest.mark.parametrize(
    "text",
    [
        "May 29, 2020",  # Lichess
        "May 29 2020",
        "MAY 29, 2020",
        "May 29th, 2020",
        "29 May 2020",
        "29 May, 2020",
        "29. May 2020",
        "29-May-2020",
        "29-May-20",  # two-digit year: 00-68 are 20xx, as strptime's %y
        "29.May.2020",
        "29. Mai 2020",  # German
    ],
)
def test_month_name_forms_read_as_29_may_2020(text: str) -> None:
    assert parse_date(text) == dt.date(2020, 5, 29)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sept 3, 2021", dt.date(2021, 9, 3)),
        ("3 Sep 2021", dt.date(2021, 9, 3)),
        ("1 Jan 2024", dt.date(2024, 1, 1)),
        ("Dec 31, 1999", dt.date(1999, 12, 31)),
        ("12. Okt. 2023", dt.date(2023, 10, 12)),
    ],
)
def test_other_months(text: str, expected: dt.date) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["29 Foo 2020", "Feb 30, 2020", "May 2020", "Maybe 29, 2020"])
def test_unreadable_month_name_dates_stay_unreadable(text: str) -> None:
    assert parse_date(text) is None


def test_start_date_with_month_name_is_read_and_a_bad_one_warned() -> None:
    good = read("012 T", "042 May 29, 2020", "052 31-May-2020")
    assert good.tournament is not None
    assert good.tournament.start_date == dt.date(2020, 5, 29)
    assert good.tournament.end_date == dt.date(2020, 5, 31)
    bad = read("012 T", "042 29 Foo 2020")
    found = [f for f in validate(bad, "t.trf") if f.code == "tournament-date-unreadable"]
    assert codes(found) == [("tournament-date-unreadable", 2, 5)]
    assert found[0].severity.value == "warning" and "'29 Foo 2020'" in found[0].message
