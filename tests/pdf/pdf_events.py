"""Small events built by hand for the bulletin tests (no reader, no engine).

The standings here are inputs to the renderer, written down by hand from the
games below; the tests check that the bulletin prints them, not how they are
computed.
"""

from __future__ import annotations

import datetime as dt

from trfsite.model import (
    Color,
    EventKind,
    Outcome,
    Player,
    RoundEntry,
    SourceFormat,
    Team,
    Tournament,
)
from trfsite.pages.contexts import BulletinData
from trfsite.results import StandingRow, Standings, TiebreakColumn

W, B, N = Color.WHITE, Color.BLACK, Color.NONE
R = Outcome  # short, so that the games below read as a table


def cell(round_no: int, opponent: int | None, color: Color, outcome: Outcome) -> RoundEntry:
    return RoundEntry(round_no, opponent, color, outcome)


# --------------------------------------------------------------------------- individual
# Five players, three rounds, one bye a round:
#   R1: 1 (w) - 4   1-0     5 (w) - 2   ½-½     3 pairing-allocated bye (U)
#   R2: 3 (w) - 1   0-1     2 (w) - 4   1-0     5 half-point bye (H)
#   R3: 1 (w) - 2   ½-½     4 (w) - 3   forfeit, 3 wins (- +)   5 full-point bye (F)
# Points (1-½-0, U and F score 1, H scores ½):
#   1 Müller  1 + 1 + ½ = 2½      2 André 1/2 + 1 + ½ = 2
#   3 Łukasz  1 + 0 + 1 = 2       5 Åsa   ½ + ½ + 1 = 2      4 O'Brien 0
INDIVIDUAL_PLAYERS = (
    Player(
        1,
        "Müller, Hans",
        title="GM",
        rating=2400,
        federation="GER",
        rounds=(cell(1, 4, W, R.WIN), cell(2, 3, B, R.WIN), cell(3, 2, W, R.DRAW)),
    ),
    Player(
        2,
        "André, Jean",
        title="IM",
        rating=2350,
        federation="FRA",
        rounds=(cell(1, 5, B, R.DRAW), cell(2, 4, W, R.WIN), cell(3, 1, B, R.DRAW)),
    ),
    Player(
        3,
        "Nowak, Łukasz",
        title="FM",
        rating=2300,
        federation="POL",
        rounds=(
            cell(1, None, N, R.PAIRING_BYE),
            cell(2, 1, W, R.LOSS),
            cell(3, 4, B, R.FORFEIT_WIN),
        ),
    ),
    Player(
        4,
        "O'Brien, Seán <b>",
        rating=2200,
        federation="IRL",
        rounds=(cell(1, 1, B, R.LOSS), cell(2, 2, B, R.LOSS), cell(3, 3, W, R.FORFEIT_LOSS)),
    ),
    Player(
        5,
        "Lindqvist, Åsa",
        title="WFM",
        rating=2100,
        federation="SWE",
        rounds=(
            cell(1, 2, W, R.DRAW),
            cell(2, None, N, R.HALF_BYE),
            cell(3, None, N, R.FULL_BYE),
        ),
    ),
)

INDIVIDUAL = Tournament(
    source_format=SourceFormat.TRF16,
    name="Open Zürich – Frühjahr",
    city="Zürich",
    federation="SUI",
    start_date=dt.date(2024, 3, 1),
    end_date=dt.date(2024, 3, 3),
    chief_arbiter="Dvořák, Jiří",
    deputy_arbiters=("Søren Kierkegaard",),
    time_control="90 min + 30 s",
    round_dates=(dt.date(2024, 3, 1), dt.date(2024, 3, 2), dt.date(2024, 3, 3)),
    declared_rounds=3,
    players=INDIVIDUAL_PLAYERS,
)

WIN = TiebreakColumn("WIN", "Number of Wins", "WIN")
BH = TiebreakColumn("BH", "Buchholz", "BH")

# Final order: Müller 2½; then three on 2 points, split by WIN (games won over
# the board: André 1 (R2), Nowak 0, Lindqvist 0) and by BH (sum of the final
# scores of the opponents met over the board: Nowak 2½ (Müller), Lindqvist 2
# (André)); O'Brien last with 0. The values are the test's input, not checked.
INDIVIDUAL_STANDINGS = Standings(
    tournament=INDIVIDUAL,
    rules="2023",
    columns=(WIN, BH),
    after_round=3,
    rows=(
        StandingRow(1, 1, "Müller, Hans", 2.5, (2.0, 4.0)),
        StandingRow(2, 2, "André, Jean", 2.0, (1.0, 4.5)),
        StandingRow(3, 3, "Nowak, Łukasz", 2.0, (0.0, 2.5)),
        StandingRow(4, 5, "Lindqvist, Åsa", 2.0, (0.0, 2.0)),
        StandingRow(5, 4, "O'Brien, Seán <b>", 0.0, (0.0, 4.5)),
    ),
)

# The standings after rounds 1 and 2: the bulletin, like the site's round pages,
# prints each player's points before a round from them and orders boards by them.
# After R1: Müller 1, Nowak 1 (U), André ½, Lindqvist ½, O'Brien 0.
# After R2: Müller 1+1 = 2, André ½+1 = 1½, Nowak 1+0 = 1, Lindqvist ½+½ (H) = 1, O'Brien 0.
INDIVIDUAL_AFTER_1 = Standings(
    tournament=INDIVIDUAL,
    rules="2023",
    columns=(),
    after_round=1,
    rows=(
        StandingRow(1, 1, "Müller, Hans", 1.0, ()),
        StandingRow(1, 3, "Nowak, Łukasz", 1.0, ()),
        StandingRow(3, 2, "André, Jean", 0.5, ()),
        StandingRow(3, 5, "Lindqvist, Åsa", 0.5, ()),
        StandingRow(5, 4, "O'Brien, Seán <b>", 0.0, ()),
    ),
)
INDIVIDUAL_AFTER_2 = Standings(
    tournament=INDIVIDUAL,
    rules="2023",
    columns=(),
    after_round=2,
    rows=(
        StandingRow(1, 1, "Müller, Hans", 2.0, ()),
        StandingRow(2, 2, "André, Jean", 1.5, ()),
        StandingRow(3, 3, "Nowak, Łukasz", 1.0, ()),
        StandingRow(3, 5, "Lindqvist, Åsa", 1.0, ()),
        StandingRow(5, 4, "O'Brien, Seán <b>", 0.0, ()),
    ),
)

INDIVIDUAL_DATA = BulletinData(
    tournament=INDIVIDUAL,
    standings=INDIVIDUAL_STANDINGS,
    round_standings=(INDIVIDUAL_AFTER_1, INDIVIDUAL_AFTER_2, INDIVIDUAL_STANDINGS),
    findings_count=0,
    title="Open Zürich – Frühjahr",
    build_date="2024-03-04",
    notes_html="<p>Prize giving at <strong>18:00</strong>.</p>",
    language="en",
)


# --------------------------------------------------------------------------- team
# Four teams of two boards (352 "WB": board 1 White for the first team), three rounds:
#   R1: Köln - Lyon      1 (w) - 4  1-0,   2 (b) - 5  ½-½       -> Köln 1½ : ½ Lyon
#       Łódź - Ørsted    6 (w) - 8  0-1,   7 (b) - 9  0-1       -> Łódź 0 : 2 Ørsted
#   R2: Łódź - Köln      6 (w) - 1  ½-½,   7 (b) - 3  0-1       -> Łódź ½ : 1½ Köln
#       Lyon - Ørsted    4 (w) - 8  1-0,   5 (b) - 9  1-0       -> Lyon 2 : 0 Ørsted
#   R3: Ørsted - Köln    8 (w) - 1  0-1,   9 (b) - 2  forfeit, 2 wins  -> Ørsted 0 : 2 Köln
#       Lyon - Łódź      4 (w) - 6  ½-½,   5 (b) - 7  ½-½       -> Lyon 1 : 1 Łódź
# Match points 2-1-0: Köln 2+2+2 = 6, Lyon 0+2+1 = 3, Ørsted 2+0+0 = 2, Łódź 0+0+1 = 1.
# Game points: Köln 1½+1½+2 = 5, Lyon ½+2+1 = 3½, Ørsted 2+0+0 = 2, Łódź 0+½+1 = 1½.
TEAM_PLAYERS = (
    Player(1, "Schmidt, Jörg", rating=2300, federation="GER",
           rounds=(cell(1, 4, W, R.WIN), cell(2, 6, B, R.DRAW), cell(3, 8, B, R.WIN))),
    Player(2, "Weiß, Bärbel", rating=2200, federation="GER",
           rounds=(cell(1, 5, B, R.DRAW), cell(2, None, N, R.FORFEIT_LOSS),
                   cell(3, 9, W, R.FORFEIT_WIN))),
    Player(3, "Groß, Ute", rating=2100, federation="GER",
           rounds=(cell(1, None, N, R.FORFEIT_LOSS), cell(2, 7, W, R.WIN),
                   cell(3, None, N, R.FORFEIT_LOSS))),
    Player(4, "Lefèvre, Zoé", rating=2250, federation="FRA",
           rounds=(cell(1, 1, B, R.LOSS), cell(2, 8, W, R.WIN), cell(3, 6, W, R.DRAW))),
    Player(5, "Garçon, François", rating=2150, federation="FRA",
           rounds=(cell(1, 2, W, R.DRAW), cell(2, 9, B, R.WIN), cell(3, 7, B, R.DRAW))),
    Player(6, "Wójcik, Paweł", rating=2280, federation="POL",
           rounds=(cell(1, 8, W, R.LOSS), cell(2, 1, W, R.DRAW), cell(3, 4, B, R.DRAW))),
    Player(7, "Żak, Michał", rating=2180, federation="POL",
           rounds=(cell(1, 9, B, R.LOSS), cell(2, 3, B, R.LOSS), cell(3, 5, W, R.DRAW))),
    Player(8, "Ødegaard, Sønke", rating=2260, federation="DEN",
           rounds=(cell(1, 6, B, R.WIN), cell(2, 4, B, R.LOSS), cell(3, 1, W, R.LOSS))),
    Player(9, "Æbelø, Kirstine", rating=2160, federation="DEN",
           rounds=(cell(1, 7, W, R.WIN), cell(2, 5, W, R.LOSS), cell(3, 2, B, R.FORFEIT_LOSS))),
)  # fmt: skip

TEAMS = (
    Team(1, "SF Köln", roster=(1, 2, 3)),
    Team(2, "Échecs Lyon", roster=(4, 5)),
    Team(3, "KS Łódź", roster=(6, 7)),
    Team(4, "Ørsted SK", roster=(8, 9)),
)

TEAM_EVENT = Tournament(
    source_format=SourceFormat.TRF26,
    name="Städte-Cup 2025",
    city="Kraków",
    federation="POL",
    start_date=dt.date(2025, 5, 1),
    end_date=dt.date(2025, 5, 3),
    chief_arbiter="Nowak, Ewa",
    declared_rounds=3,
    board_colors="WB",
    time_control_code="5400+30",
    players=TEAM_PLAYERS,
    teams=TEAMS,
)

MPVGP = TiebreakColumn("MPvGP", "Match points versus game points", "MPvGP")

TEAM_STANDINGS = Standings(
    tournament=TEAM_EVENT,
    rules="2026",
    columns=(MPVGP,),
    after_round=3,
    kind=EventKind.TEAM,
    points_label="MP",
    rows=(
        StandingRow(1, 1, "SF Köln", 6.0, (0.0,), match_points=6.0, game_points=5.0),
        StandingRow(2, 2, "Échecs Lyon", 3.0, (0.0,), match_points=3.0, game_points=3.5),
        StandingRow(3, 4, "Ørsted SK", 2.0, (0.0,), match_points=2.0, game_points=2.0),
        StandingRow(4, 3, "KS Łódź", 1.0, (0.0,), match_points=1.0, game_points=1.5),
    ),
)

TEAM_DATA = BulletinData(
    tournament=TEAM_EVENT,
    standings=TEAM_STANDINGS,
    round_standings=(),
    findings_count=2,
    title="Städte-Cup 2025",
    build_date="2025-05-04",
    notes_html="",
    language="en",
)
