"""A German site (and bulletin) of ``sample_reports/`` carries no English but the input's own.

Expected texts are written by hand from the German catalog's wording and the sample
files; numbers are worked out from the files, not read from the program's output.
Validation messages stay English on purpose (arbiters' texts with stable codes), so
the validation page is left out of the general check.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import html
from sitehelpers import SAMPLES

from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.site.build import BuildOptions, build_site

KARL = "karl-mala-open-2005"


def _build(tmp: Path, language: str, files: list[str], pdf: bool = False, config: str = "") -> Path:
    """Build the sample files in ``language``, with sample_reports' config unless given."""
    src = tmp / f"src-{language}"
    src.mkdir()
    for name in files:
        shutil.copy(SAMPLES / name, src / name)
    if not config:
        config = (SAMPLES / "trfsite.toml").read_text(encoding="utf-8")
        config = config.replace('language = "en"', f'language = "{language}"')
    assert f'language = "{language}"' in config
    (src / "trfsite.toml").write_text(config, encoding="utf-8")
    out = tmp / f"out-{language}"
    build_site(BuildOptions(src, out, pdf=pdf))
    return out


SAMPLE_FILES = [
    "karl-mala-open-2005.trf",
    "club-championship-2024.trf",
    "grandmommys-cup-2024.trf",
    "mcmahon-frankfurt-2023.h9",
]


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("de"), "de", SAMPLE_FILES)


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("en"), "en", SAMPLE_FILES)


def _text(path: Path) -> str:
    """The visible text of a page, with the texts of tooltips and labels."""
    page = html.fromstring(path.read_bytes())
    for hidden in page.xpath("//script|//style"):
        hidden.getparent().remove(hidden)
    parts = [t for t in page.xpath("//body//text()")]
    parts += page.xpath("//@title|//@aria-label|//@alt")
    return " ".join(" ".join(parts).split())


# --------------------------------------------------------------------------- facts
def test_tie_break_name_on_the_standings_page(german: Path) -> None:
    page = html.fromstring((german / KARL / "standings.html").read_bytes())
    titles = page.xpath("//th//button/@title")
    # trfsite.toml lists BH-C1 first: Buchholz Cut 1 (C.07 8.1 with 14.1) in German.
    assert "Buchholz Streichwertung 1" in titles
    assert not any("Cut" in t for t in titles)


def test_player_card_explanation_row_has_a_decimal_comma(german: Path) -> None:
    # 001 of Mikhaletz (start no. 5): round 1 against 145 Weber,Ralf, who scored 3.5
    # (his own 001 line: 1 + 0 + 1 + ½ + 0 + 1 + 0). Of the opponents' scores
    # 3.5 + 4 + 4 + 5 + 5 + 6 + 5.5 = 33 (BH, C.07 8.1, 2023), Cut 1 drops the
    # smallest, 3.5 (C.07 14.1), so BH-C1 = 29.5.
    page = html.fromstring((german / KARL / "players/5.html").read_bytes())
    first = page.xpath("//details[1]//table[@class='contributions']/tbody/tr[1]/td")
    assert [" ".join(td.text_content().split()) for td in first] == [
        "1",
        "Gegner 145 Weber,Ralf: 3,5 Punkte (gestrichen: C.07 14.1: am wenigsten bedeutender Wert)",
        "3,5",
    ]
    summary = " ".join(page.xpath("//details[1]/summary")[0].text_content().split())
    assert summary == "Buchholz Streichwertung 1 BH-C1: 29,5"


def test_time_control_is_decoded_in_german(german: Path) -> None:
    # 222 40/6000+30:20/3000+30:1500+30: 6000 s = 100 min, 3000 s = 50 min, 1500 s = 25 min.
    text = _text(german / "grandmommys-cup-2024/index.html")
    assert (
        "40 Züge in 100 Min. + 30 s pro Zug, dann 20 Züge in 50 Min. + 30 s pro Zug, "
        "dann 25 Min. + 30 s pro Zug"
    ) in text


def test_go_labels_in_german(german: Path) -> None:
    overview = html.fromstring((german / "mcmahon-frankfurt-2023/index.html").read_bytes())
    terms = overview.xpath("//dl[@class='facts']/dt")
    values = overview.xpath("//dl[@class='facts']/dd")
    facts = {
        dt.text_content().strip(): " ".join(dd.text_content().split())
        for dt, dd in zip(terms, values, strict=True)
    }
    assert facts["Vorgabe"] == "keine Vorgabe"  # HA[h9]: no handicap
    assert facts["Komi"] == "6,5"  # KM[6.5]
    assert "Regelwerk: EGF-Regeln" in _text(german / "mcmahon-frankfurt-2023/index.html")
    card = _text(german / "mcmahon-frankfurt-2023/players/1.html")
    # the first round's token names row 3, Kovács Péter (line 3 of the .h9 table)
    assert "3+/w0: Kovács Péter (Zeile 3)" in card
    assert "row" not in card.split()


def test_points_label_on_the_player_card(german: Path) -> None:
    page = html.fromstring((german / KARL / "players/5.html").read_bytes())
    assert page.xpath("//dl[contains(@class, 'facts')]//dt[. = 'Pkt.']")
    assert page.xpath("//table[@class='record']//th[. = 'Pkt.']")


def test_rule_set_note_spells_the_date(german: Path) -> None:
    # 042 28. 07. 2005: before C.07 2023 bound rated events (1 April 2024), so the rules
    # before 2023; the dates of both are spelled out too.
    text = _text(german / KARL / "index.html")
    assert "weil das Turnier am 28. Juli 2005 begann" in text
    assert "am 1. April 2024 für FIDE-gewertete Turniere verbindlich" in text
    assert "2005-07-28" not in text and "2024-04-01" not in text


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
def test_bulletin_cover_prints_german_dates_and_names(tmp_path: Path) -> None:
    config = (
        'language = "de"\n[events.club-championship-2024]\ntiebreaks = ["DE", "SB", "WIN", "KS"]\n'
    )
    out = _build(tmp_path, "de", ["club-championship-2024.trf"], pdf=True, config=config)
    pdf = out / "club-championship-2024/club-championship-2024.pdf"
    cover = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    cover = " ".join(cover.split())
    assert "2. März 2024 – 4. Mai 2024" in cover  # 042 2024/03/02, 052 2024/05/04
    assert "2024-03-02" not in cover
    # trfsite.toml: DE, SB, WIN, KS
    for name in ("Direkter Vergleich", "Sonneborn-Berger", "Anzahl Siege", "Koya-Wertung"):
        assert name in cover


# --------------------------------------------------------------------------- no English
# Words the English build prints in an event's pages (tie-break names, explanation rows,
# labels); none may remain on the German pages once the input's own strings are removed.
MARKERS = [
    "opponent",
    "score",
    "scored",
    "unplayed",
    "dummy",
    "Number of",
    "Cut",
    "against",
    "with white",
    "with black",
    "point(s)",
    "least significant",
    "adjusted",
    "Pts",
    "rounds",
    "Round",
    "Standings",
    "record",
]
GO_MARKERS = ["row", "no handicap", "Sum of", "start MMS", "EGF rules"]
TEAM_MARKERS = ["team", "teams", "all met", "among them", "GP", "Match Points", "per move"]
CLUB_MARKERS = ["not tied", "Number of", "Direct Encounter", "Koya System", "Pts", "opponent"]


def _input_strings(t: Tournament) -> list[str]:
    """Every text the input file itself gives, longest first (removed before the check)."""
    found = {t.name, t.city, t.federation, t.chief_arbiter, t.tournament_type, t.time_control}
    found.update(t.deputy_arbiters)
    for player in t.players:
        found.update({player.name, player.federation, player.title, player.club})
    if t.go is not None:
        found.update(t.go.comments)  # e.g. CM[Canadian byo-yomi: 60 min + ...]
    for team in t.teams:
        found.update({team.name, team.nickname})
    return sorted((s.strip() for s in found if s and s.strip()), key=len, reverse=True)


def _event_text(site: Path, slug: str, source: str) -> str:
    t = read_bytes((SAMPLES / source).read_bytes(), source).tournament
    assert t is not None
    pages = [p for p in sorted((site / slug).rglob("*.html")) if p.name != "validation.html"]
    assert len(pages) > 10
    text = "\n".join(_text(p) for p in pages)
    for own in _input_strings(t):
        text = text.replace(own, " ")
    return text


def _found(markers: list[str], text: str) -> list[str]:
    return [m for m in markers if re.search(rf"(?<![\w]){re.escape(m)}(?![\w])", text)]


@pytest.mark.parametrize(
    ("slug", "source", "markers"),
    [
        # 2005: the rules before 2023, whose explanations speak of a virtual opponent and
        # of opponents' scores counted with unplayed games as draws, not of C.07 2023's
        # dummy and adjusted scores.
        (
            KARL,
            "karl-mala-open-2005.trf",
            [m for m in MARKERS if m not in ("dummy", "adjusted")]
            + ["virtual opponent", "counted as"],
        ),
        ("club-championship-2024", "club-championship-2024.trf", CLUB_MARKERS),
        (
            "grandmommys-cup-2024",
            "grandmommys-cup-2024.trf",
            [
                m
                for m in MARKERS
                if m not in ("Number of", "with white", "with black", "point(s)", "adjusted")
            ]
            + TEAM_MARKERS,
        ),
        ("mcmahon-frankfurt-2023", "mcmahon-frankfurt-2023.h9", ["Pts", "min"] + GO_MARKERS),
    ],
)
def test_no_english_left_on_an_events_german_pages(
    german: Path, english: Path, slug: str, source: str, markers: list[str]
) -> None:
    in_english = _found(markers, _event_text(english, slug, source))
    # Each marker is really printed by the English build, so its absence below means
    # something (a marker the English pages lack would pass for free).
    assert in_english == markers
    assert _found(markers, _event_text(german, slug, source)) == []
