"""Go tables in the layouts of the EGD archive (issue 21).

Every expected number is worked out by hand in tests/data/egf/real/README.md, by the
conventions of egf-format-notes.md ("Scores and tie-breaks used in Go tournaments").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from egf_helpers import DATA, read, tournament
from lxml import html

from trfsite.cli import cli
from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.formats.egf import read_egf, sniff
from trfsite.formats.egf.header import normalise_column
from trfsite.model import Game, Outcome, PairingSystem
from trfsite.pages.config import ConfigError, parse_config
from trfsite.site.build import BuildOptions, build_site
from trfsite.standings.go import compute_go_standings
from trfsite.standings.options import StandingsOptions
from trfsite.validate.egf_checks import check_declared_columns, check_egf

REAL = "real/"


def standings(name: str, **options: object) -> tuple[list[float], list[tuple[float, ...]], str]:
    result = compute_go_standings(tournament(REAL + name), StandingsOptions(**options))  # type: ignore[arg-type]
    rows = sorted(result.rows, key=lambda r: r.id)
    return [r.points for r in rows], [r.tiebreaks for r in rows], result.points_label


def notes(name: str, **options: object) -> list[str]:
    return list(compute_go_standings(tournament(REAL + name), StandingsOptions(**options)).notes)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- layouts
ISSUE_LINE = "1 Yang Rundong  7d CN xxxx  4+  9+  36+  2+  3+  6+   6  25  134  |18025403\n"


def test_the_issues_line_reads_six_rounds_then_three_scores_and_the_pin() -> None:
    assert sniff(ISSUE_LINE)
    result = read_egf(ISSUE_LINE, "issue.h9")
    t = result.tournament
    assert t is not None and t.rounds == 6
    (player,) = t.players
    assert [e.opponent for e in player.rounds] == [4, 9, 36, 2, 3, 6]
    assert player.declared_scores == (("#1", 6.0), ("#2", 25.0), ("#3", 134.0))
    assert player.egd_pin == "18025403"


def test_results_first_table_keeps_every_round_and_pin() -> None:
    result = read(REAL + "results-first-swiss.h9")
    t = result.tournament
    assert t is not None and t.rounds == 3
    assert [f.severity for f in result.findings] == [Severity.INFO]  # the unnamed columns
    first = t.player_index()[1]
    assert [(e.opponent, e.outcome) for e in first.rounds] == [
        (2, Outcome.WIN),
        (3, Outcome.WIN),
        (4, Outcome.LOSS),
    ]
    assert first.declared_scores == (("#1", 2.0), ("#2", 4.0), ("#3", 14.0))
    assert [p.egd_pin for p in t.players] == ["18025403", "12000002", "12000003", "13000004"]


def test_tab_separated_cells_keep_blanks_inside_names_and_clubs() -> None:
    t = tournament(REAL + "tabs-mcmahon.h9")
    first = t.player_index()[1]
    assert (first.name, first.club, first.grade) == ("Park Ji Hoon", "Go Club Seoul", "3d")
    assert t.rounds == 2 and first.declared_scores == (("#1", 33.0), ("#2", 62.0))


def test_a_lone_question_mark_is_an_unknown_result() -> None:
    result = read(REAL + "unknown-cells.h9")
    t = result.tournament
    assert t is not None and t.rounds == 2
    assert [f for f in result.findings if f.severity is not Severity.INFO] == []
    second = t.player_index()[2].rounds[1]
    assert (second.opponent, second.outcome, second.raw) == (None, Outcome.UNKNOWN, "?")
    assert [f for f in check_egf(t, "x") if f.severity is not Severity.INFO] == []


def test_rows_without_any_result_cell_are_an_error_not_zero_rounds() -> None:
    result = read_egf("1 Kim Min 2d KR xxxx  3 4 5\n2 Lee Bo 1d KR xxxx 1 2 3\n", "t.h9")
    (error,) = [f for f in result.findings if f.severity is Severity.ERROR]
    assert error.code == "egf-no-rounds" and (error.line, error.column) == (1, 1)
    assert "0 rounds" in error.message and "'4+'" in error.message


# --------------------------------------------------------------------------- column names
@pytest.mark.parametrize(
    ("written", "meaning"),
    [
        ("Wins", "NBW"),
        ("MM", "MMS"),
        ("SSOS", "SOSOS"),
        ("SDOS", "SODOS"),
        ("ISOS-1", "SOS-1"),
        ("score", "Score"),
        ("S", "Score"),
    ],
)
def test_column_names_from_the_wild(written: str, meaning: str) -> None:
    assert normalise_column(written) == meaning


def test_wild_names_read_and_an_unknown_name_reported_once_with_its_column() -> None:
    result = read(REAL + "wild-names-swiss.h9")
    unknown = [f for f in result.findings if f.code == "egf-column-unknown"]
    assert len(unknown) == 1 and "'XYZ' (score column 3)" in unknown[0].message
    assert (unknown[0].line, unknown[0].column) == (2, 50)
    assert result.tournament is not None
    checks = check_egf(result.tournament, "wild-names-swiss.h9")
    assert [f for f in checks if "XYZ" in f.message] == []  # not a second time
    # 'score' is NBW (2 2 1 1), ISOS-1 is SOS-1 (3 3 4 4): see README.md.
    points, tiebreaks, label = standings("wild-names-swiss.h9")
    assert (label, points, tiebreaks) == ("NBW", [2, 2, 1, 1], [(3,), (3,), (4,), (4,)])


def test_wild_mcmahon_names_take_the_mcmahon_scale() -> None:
    # MM Wins SOS SSOS SDOS: SOS on MMS (62 58 58 62), not on wins (3 2 1 3).
    points, tiebreaks, label = standings("wild-names-mcmahon.h9")
    assert label == "MMS" and points == [33, 32, 30, 25]
    assert tiebreaks == [(1, 62, 116, 30), (2, 58, 124, 58), (1, 58, 124, 25), (0, 62, 116, 0)]


# --------------------------------------------------------------------------- inference
@pytest.mark.parametrize(
    ("name", "label", "columns"),
    [
        ("results-first-swiss.h9", "NBW", ("NBW", "SOS", "SOSOS")),
        ("tabs-mcmahon.h9", "MMS", ("MMS", "SOS")),
        ("free-draw-zero.h9", "NBW", ("NBW", "SOS")),
        ("bye-zero-mcmahon.h9", "MMS", ("MMS", "SOS")),
    ],
)
def test_system_and_column_meanings_inferred_and_said(
    name: str, label: str, columns: tuple[str, ...]
) -> None:
    result = compute_go_standings(tournament(REAL + name), StandingsOptions())
    assert result.points_label == label
    system = "Swiss" if label == "NBW" else "McMahon"
    said = list(result.notes)
    assert f"{system}, as the file's columns show" in said
    rows = len(result.rows)
    for position, meaning in enumerate(columns, start=1):
        assert f"column #{position} read as {meaning}: {rows} of {rows} rows match" in said


@pytest.mark.parametrize(
    "name",
    [
        "results-first-swiss.h9",
        "wild-names-swiss.h9",
        "tabs-mcmahon.h9",
        "wild-names-mcmahon.h9",
        "free-draw-zero.h9",
        "bye-zero-mcmahon.h9",
    ],
)
def test_every_own_column_is_reproduced(name: str) -> None:
    found = check_egf(tournament(REAL + name), name)
    assert [f for f in found if f.severity is not Severity.INFO] == []


def test_results_first_swiss_values() -> None:
    # NBW 2 2 1 1; SOS 4 4 5 5; SOSOS 14 14 13 13 (README.md, first table).
    points, tiebreaks, _ = standings("results-first-swiss.h9")
    assert points == [2, 2, 1, 1]
    assert tiebreaks == [(4, 14), (4, 14), (5, 13), (5, 13)]
    assert tournament(REAL + "results-first-swiss.h9").pairing_system is PairingSystem.MCMAHON


def test_an_inconsistent_table_names_the_row_and_the_number() -> None:
    found = check_egf(tournament(REAL + "inconsistent.h9"), "inconsistent.h9")
    (differs,) = [f for f in found if f.code == "egf-column-differs"]
    assert "SOS column" in differs.message
    assert "row 3 (Lee Sedol): file 6, computed 5" in differs.message


def test_free_draw_counted_zero_as_the_columns_show() -> None:
    # With '0=' = 0: NBW 3 2 1 0 0, SOS 3 4 5 3 3 (README.md, "Conventions").
    points, tiebreaks, _ = standings("free-draw-zero.h9")
    assert (points, tiebreaks) == ([3, 2, 1, 0, 0], [(3,), (4,), (5,), (3,), (3,)])
    assert "'0=' counts 0, as the file's columns show" in notes("free-draw-zero.h9")


def test_bye_adding_zero_to_sos_as_the_columns_show() -> None:
    # MMS 33 31 28; SOS with a bye worth 0: 31 61 31.
    points, tiebreaks, _ = standings("bye-zero-mcmahon.h9")
    assert (points, tiebreaks) == ([33, 31, 28], [(31,), (61,), (31,)])
    assert "a round without opponent adds 0 to SOS, as the file's columns show" in notes(
        "bye-zero-mcmahon.h9"
    )


# --------------------------------------------------------------------------- overrides
def test_settings_override_the_system() -> None:
    # McMahon from the grades 7d 6d 5d 4d = 36 35 34 33, plus NBW 2 2 1 1.
    points, _, label = standings("results-first-swiss.h9", system="mcmahon")
    assert (label, points) == ("MMS", [38, 37, 35, 34])


def test_settings_override_the_column_meanings() -> None:
    # "-" leaves column 2 unread; column 3 is still SOSOS.
    said = notes("results-first-swiss.h9", go_columns=("NBW", "-", "SOSOS"))
    assert "column meanings as set: NBW - SOSOS" in said
    assert not any("read as" in n for n in said)
    _, tiebreaks, _ = standings("results-first-swiss.h9", go_columns=("NBW", "-", "SOSOS"))
    assert tiebreaks == [(14,), (14,), (13,), (13,)]


def test_settings_override_the_conventions_and_the_report_follows() -> None:
    # OpenGotha's own start MMS for byes: SOS 31+32 = 63, 61, 28+31 = 59. Under that
    # convention only row 2 fits, so the column's meaning is set too.
    settings: dict[str, object] = {"go_bye_in_sos": "start", "go_columns": ("MMS", "SOS")}
    options = StandingsOptions(**settings)  # type: ignore[arg-type]
    _, tiebreaks, _ = standings("bye-zero-mcmahon.h9", **settings)
    assert tiebreaks == [(63,), (61,), (59,)]
    t = tournament(REAL + "bye-zero-mcmahon.h9")
    (differs,) = [
        f for f in check_declared_columns(t, "x", options) if f.code == "egf-column-differs"
    ]
    assert "row 1 (Dubois Marc): file 31, computed 63" in differs.message
    assert "row 3 (Petit Luc): file 31, computed 59" in differs.message
    # '0=' worth ½ again, not rounded down: NBW 3 2 1, Vogel ½, Roth ½+½ = 1.
    points, _, _ = standings(
        "free-draw-zero.h9", go_free_draw_points=0.5, go_round_down_free_points=False
    )
    assert points == [3, 2, 1, 0.5, 1]
    # Rounded down: Vogel floor(½) = 0, Roth floor(1) = 1.
    points, _, _ = standings(
        "free-draw-zero.h9", go_free_draw_points=0.5, go_round_down_free_points=True
    )
    assert points == [3, 2, 1, 0, 1]
    assert "'0=' counts 0.5, as set" in notes("free-draw-zero.h9", go_free_draw_points=0.5)


def test_trfsite_toml_keys() -> None:
    config = parse_config(
        "[events.cup]\n"
        'system = "mcmahon"\n'
        'go_columns = ["MMS", "SOS", "-"]\n'
        "go_free_draw_points = 0\n"
        'go_bye_in_sos = "zero"\n'
        "go_round_down_free_points = true\n"
    )
    options = config.for_stem("cup").options()
    assert (options.system, options.go_columns) == ("mcmahon", ("MMS", "SOS", "-"))
    assert (options.go_free_draw_points, options.go_bye_in_sos) == (0.0, "zero")
    assert options.go_round_down_free_points is True


def test_trfsite_toml_bad_go_values_are_all_reported() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(
            "[events.cup]\n"
            'go_columns = ["MMS", "XYZ"]\n'
            "go_free_draw_points = 1\n"
            'go_bye_in_sos = "half"\n'
        )
    problems = caught.value.problems
    assert any("go_columns: unknown column 'XYZ'" in p for p in problems)
    assert any("go_free_draw_points: 1; expected 0.5 or 0" in p for p in problems)
    assert any("go_bye_in_sos: 'half'" in p for p in problems)


def test_a_header_over_results_first_names_the_scores_not_the_rounds() -> None:
    # The round labels 1 2 3 over the result cells are no score columns.
    text = "; Pl Name Rk Co Club 1 2 3 NBW SOS\n" + "".join(
        line.split("|")[0].rsplit(" ", 3)[0] + "\n"
        for line in (DATA / REAL / "results-first-swiss.h9").read_text().splitlines()
        if not line.startswith(";")
    )
    t = read_egf(text, "h.h9").tournament
    assert t is not None and t.rounds == 3 and t.go is not None
    assert t.go.columns == ("NBW", "SOS")
    assert t.player_index()[3].declared_scores == (("NBW", 1.0), ("SOS", 5.0))


def test_cli_reads_the_issues_layout_and_fails_on_zero_rounds(tmp_path: Path) -> None:
    good = CliRunner().invoke(cli, ["standings", str(DATA / REAL / "results-first-swiss.h9")])
    assert good.exit_code == 0, good.output
    assert "round 3 of 3" in good.output and "Swiss, as the file's columns show" in good.output
    bad = tmp_path / "bad.h9"
    bad.write_text("; EV[No results]\n1 Kim Min 2d KR xxxx 3 4\n2 Lee Bo 1d KR xxxx 1 2\n")
    result = CliRunner().invoke(cli, ["validate", str(bad)])
    assert result.exit_code == 1 and "egf-no-rounds" in result.output


def test_a_long_table_without_padding_is_not_taken_for_trf() -> None:
    # Row 102 starts like TRF's record 102 ("102 " + a name); the rows are Go rows.
    rows = []
    for row in range(1, 121):
        other = row + 1 if row % 2 else row - 1
        result, colour = ("+", "w") if row % 2 else ("-", "b")
        rows.append(f"{row} Player P{row} 1d XX xxxx {other}{result}/{colour}0\n")
    long_table = read_bytes("".join(rows).encode(), "long.txt")
    assert long_table.tournament is not None and long_table.tournament.game is Game.GO
    t = long_table.tournament
    assert len(t.players) == 120 and t.rounds == 1


def test_trfsite_toml_settings_reach_the_standings_and_the_validation_page(
    tmp_path: Path,
) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "cup.h9").write_bytes((DATA / REAL / "bye-zero-mcmahon.h9").read_bytes())
    (src / "trfsite.toml").write_text(
        '[events.cup]\ngo_bye_in_sos = "start"\ngo_columns = ["MMS", "SOS"]\n'
    )
    build_site(BuildOptions(src, out, pdf=False, cache=False))
    page = html.parse(str(out / "cup" / "validation.html")).getroot()
    text = " ".join(page.text_content().split())
    # README.md: with a bye worth own start MMS, SOS is 63 61 59 against the file's 31 61 31.
    assert "row 1 (Dubois Marc): file 31, computed 63" in text
    assert "row 3 (Petit Luc): file 31, computed 59" in text
    standings = html.parse(str(out / "cup" / "standings.html")).getroot()
    cells = [c.text_content().strip() for c in standings.iter("td")]
    assert "63" in cells and "59" in cells


def test_bye_adding_own_score_to_sos_as_the_columns_show() -> None:
    # bye-zero-mcmahon.h9 with the SOS a program writes when a bye adds the player's
    # own MMS: Dubois 31 + 33 = 64, Leroy 61, Petit 28 + 31 = 59 (README.md).
    text = (DATA / REAL / "bye-zero-mcmahon.h9").read_text()
    text = text.replace("33  31  2+/w0", "33  64  2+/w0").replace("28  31  0-", "28  59  0-")
    t = read_egf(text, "own.h9").tournament
    assert t is not None
    result = compute_go_standings(t, StandingsOptions())
    assert [row.tiebreaks for row in sorted(result.rows, key=lambda r: r.id)] == [
        (64,),
        (61,),
        (59,),
    ]
    said = "a round without opponent adds own score to SOS, as the file's columns show"
    assert said in result.notes
