"""The text table of ``trfsite standings``: columns padded to their widest cell."""

from __future__ import annotations

from trfsite.model import SourceFormat, Tournament
from trfsite.results import StandingRow, Standings, TiebreakColumn
from trfsite.standings.output import render_table

_T = Tournament(SourceFormat.TRF16, name="Cup")
_COLUMNS = (TiebreakColumn("BH", "Buchholz", "BH"), TiebreakColumn("TPN", "Number", "TPN", True))


def test_name_left_the_rest_right_and_no_trailing_blanks() -> None:
    rows = (
        StandingRow(1, 12, "Long Name Here", 6.5, (20.25, 12.0)),
        StandingRow(2, 3, "B", 6.0, (None, -0.0)),
    )
    table = render_table(Standings(_T, "2023", _COLUMNS, 5, rows, notes=("a note",)))
    assert table.splitlines() == [
        "Cup: standings after round 5 of 0 (rules 2023)",
        "",
        "Rk  No  Name            Pts     BH  TPN",
        "--  --  --------------  ---  -----  ---",
        " 1  12  Long Name Here  6.5  20.25   12",
        " 2   3  B                 6      -    0",
        "",
        "BH: Buchholz",
        "TPN: Number (lower is better)",
        "Note: a note",
    ]


def test_without_rows_the_headers_set_the_widths() -> None:
    table = render_table(Standings(_T, "2023", _COLUMNS, 0, ()))
    assert table.splitlines()[2:5] == [
        "Rk  No  Name  Pts  BH  TPN",
        "--  --  ----  ---  --  ---",
        "",
    ]
