"""The PDF bulletin, read back: page count, extracted text, outline, determinism.

The events are in pdf_events.py; every expectation below is worked out from
the games written there, not taken from the program's output.
"""

from __future__ import annotations

import re

import jinja2
from pdf_events import INDIVIDUAL_DATA, TEAM_DATA
from pdfhelpers import RenderedPdf

from trfsite.pdf import bulletin_html, render_bulletin


def _outline(pdf: RenderedPdf) -> list[tuple[int, str, int]]:
    """(depth, title, 1-based page) for every bookmark, in order."""
    found: list[tuple[int, str, int]] = []

    def walk(items: list[object], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                page = pdf.reader.get_destination_page_number(item) + 1  # type: ignore[arg-type]
                found.append((depth, item.title, page))  # type: ignore[attr-defined]

    walk(pdf.reader.outline, 0)  # type: ignore[arg-type]
    return found


def _in_order(text: str, names: list[str]) -> bool:
    positions = [text.find(name) for name in names]
    return all(p >= 0 for p in positions) and positions == sorted(positions)


# --------------------------------------------------------------------------- individual
def test_individual_page_count(individual_pdf: RenderedPdf) -> None:
    # cover 1, contents 2, notes 3, standings 4, crosstable 5 (landscape),
    # three rounds of 2 boards + 1 bye fit one page together: 6 pages
    assert len(individual_pdf.pages) == 6


def test_cover_names_the_event_and_its_rules(individual_pdf: RenderedPdf) -> None:
    cover = individual_pdf.pages[0]
    assert "Open Zürich – Frühjahr" in cover
    assert "Zürich · SUI" in cover
    assert "1 March 2024 – 3 March 2024" in cover  # 042/052, spelled as the site does
    assert "Dvořák, Jiří" in cover
    assert "Søren Kierkegaard" in cover
    assert "90 min + 30 s" in cover
    assert "FIDE Tie-Break Regulations 2023" in cover
    assert "WIN Number of Wins" in cover
    assert "BH Buchholz" in cover
    assert "Built on 4 March 2024" in cover  # build_date 2024-03-04, as the site spells dates
    # the cover has no running header or footer
    assert "page 1 of" not in cover


def test_standings_in_order_with_unbroken_names(individual_pdf: RenderedPdf) -> None:
    page = individual_pdf.page_of("Final standings")
    text = individual_pdf.pages[page - 1]
    order = ["Müller, Hans", "André, Jean", "Nowak, Łukasz", "Lindqvist, Åsa", "O'Brien, Seán"]
    assert _in_order(text, order)
    # points as written by hand in pdf_events.py: 2½, 2, 2, 2, 0
    assert re.search(r"Müller, Hans 2400 GER 2½", text)
    assert re.search(r"Lindqvist, Åsa 2100 SWE 2 ", text)


def test_names_are_printed_as_text_not_markup(individual_pdf: RenderedPdf) -> None:
    assert (
        "O'Brien, Seán <b>" in individual_pdf.pages[individual_pdf.page_of("Final standings") - 1]
    )
    html = bulletin_html(INDIVIDUAL_DATA, _env())
    assert "O&#39;Brien, Seán &lt;b&gt;" in html


def test_running_header_and_footer(individual_pdf: RenderedPdf) -> None:
    total = len(individual_pdf.pages)
    for number, text in enumerate(individual_pdf.pages[1:], start=2):
        assert f"page {number} of {total}" in text
        assert "Open Zürich – Frühjahr" in text


def test_crosstable_is_landscape_with_ranks_colours_results(individual_pdf: RenderedPdf) -> None:
    page = individual_pdf.page_of("Crosstable")
    box = individual_pdf.reader.pages[page - 1].mediabox
    assert box.width > box.height
    text = individual_pdf.pages[page - 1].replace("\u202f", " ")
    # Müller: R1 beat O'Brien (rank 5) with White, R2 beat Nowak (rank 3) with
    # Black, R3 drew André (rank 2) with White
    assert "5w 1 3b 1 2w ½ 2½" in text
    # Nowak: R1 pairing-allocated bye, R2 lost to Müller (rank 1) with White,
    # R3 won by forfeit against O'Brien (rank 5) with Black
    assert "U 1w 0 5b +" in text


def test_round_pages_list_pairings_in_board_order(individual_pdf: RenderedPdf) -> None:
    text = individual_pdf.pages[individual_pdf.page_of("Round 2") - 1]
    # before round 2: Müller 1, Nowak 1 (bye), André ½, Lindqvist ½, O'Brien 0.
    # Board 1 is the pair with the higher score (Nowak-Müller: 1 and 1), board 2
    # André-O'Brien; Nowak had White, André had White.
    assert re.search(r"1 3 FM Nowak, Łukasz 2300 1 0 – 1 1 1 GM Müller, Hans 2400", text)
    assert re.search(r"2 2 IM André, Jean 2350 ½ 1 – 0 0 4 O'Brien, Seán <b> 2200", text)
    assert re.search(r"5 Lindqvist, Åsa Half-point bye ½", text)
    round3 = individual_pdf.pages[individual_pdf.page_of("Round 3") - 1]
    assert "− – +" in round3  # O'Brien forfeited against Nowak
    assert "Lindqvist, Åsa Full-point bye 1" in round3


def test_contents_point_at_the_right_pages(individual_pdf: RenderedPdf) -> None:
    contents = individual_pdf.pages[1]
    for heading in ("Notes", "Final standings", "Crosstable", "Rounds"):
        page = individual_pdf.page_of(heading)
        assert re.search(rf"{heading}\s*\.+\s*{page}\b", contents), heading
    assert re.search(r"Round 2\s*\.+\s*\d", contents)


def test_bookmarks(individual_pdf: RenderedPdf) -> None:
    outline = _outline(individual_pdf)
    top = [(title, page) for depth, title, page in outline if depth == 0]
    titles = [title for title, _ in top]
    assert titles == [
        "Open Zürich – Frühjahr",
        "Contents",
        "Notes",
        "Final standings",
        "Crosstable",
        "Rounds",
    ]
    rounds = [title for depth, title, _ in outline if depth == 1]
    assert rounds == ["Round 1", "Round 2", "Round 3"]
    assert dict(top)["Crosstable"] == individual_pdf.page_of("Crosstable")


def test_same_input_gives_the_same_bytes(
    individual_pdf: RenderedPdf, bulletin_env: jinja2.Environment
) -> None:
    again = render_bulletin(INDIVIDUAL_DATA, bulletin_env)
    assert again == individual_pdf.data


def test_pdf_dates_come_from_the_build_date(individual_pdf: RenderedPdf) -> None:
    info = individual_pdf.reader.metadata
    assert info is not None
    assert info["/CreationDate"] == "D:20240304"
    assert info["/ModDate"] == "D:20240304"
    assert info["/Title"] == "Open Zürich – Frühjahr"


# --------------------------------------------------------------------------- team
def test_team_page_count(team_pdf: RenderedPdf) -> None:
    # cover, contents, standings, crosstable, the three rounds (2 matches of
    # 2 boards each: small enough to share a page): 5; then the team cards flow
    # on (no page per team): 4 cards of a 2-3 player roster and 3 matches, about
    # a third of a page each, need 2 pages: 7 (it was 9 with a page per team)
    assert len(team_pdf.pages) == 7


def test_team_standings_order(team_pdf: RenderedPdf) -> None:
    text = team_pdf.pages[team_pdf.page_of("Final standings") - 1]
    # match points by hand (pdf_events.py): Köln 6, Lyon 3, Ørsted 2, Łódź 1
    assert _in_order(text, ["SF Köln", "Échecs Lyon", "Ørsted SK", "KS Łódź"])
    assert re.search(r"1 SF Köln 6 5\b", text)
    assert re.search(r"2 Échecs Lyon 3 3½", text)


def test_team_rounds_list_matches_with_board_results(team_pdf: RenderedPdf) -> None:
    text = team_pdf.pages[team_pdf.page_of("Rounds") - 1]
    # round 1: Köln 1½ : ½ Lyon (board 1 Schmidt beat Lefèvre, board 2 drawn);
    # Łódź 0 : 2 Ørsted (both boards lost)
    assert re.search(r"1 SF Köln 1½ – ½ Échecs Lyon 1–0\s+½–½", text)
    assert re.search(r"KS Łódź 0 – 2 Ørsted SK 0–1\s+0–1", text)
    # round 2: Köln had 2 match points, Łódź 0, Lyon 0, Ørsted 2; both matches
    # have a 2-point team, so the lower team number (Köln: 1) sits at table 1
    round2 = text[text.index("Round 2") :]
    assert re.search(r"1 KS Łódź ½ – 1½ SF Köln", round2)


def test_team_pages(team_pdf: RenderedPdf) -> None:
    koeln = team_pdf.pages[team_pdf.page_of("1. SF Köln") - 1].replace("\u202f", " ")
    # roster: Schmidt 1+½+1 = 2½ from 3 games; Weiß ½ + forfeit win 1 = 1½ from
    # 2 boards (absent in round 2); Groß 1 from 1 game
    assert re.search(r"1 1 Schmidt, Jörg 2300 GER 2½ 3", koeln)
    assert re.search(r"2 2 Weiß, Bärbel 2200 GER 1½ 2", koeln)
    assert re.search(r"3 3 Groß, Ute 2100 GER 1 1", koeln)
    # round 3 against Ørsted, seen from Köln: Ørsted had White on board 1, so
    # Schmidt had Black; Weiß won board 2 by forfeit with White
    assert re.search(r"Round 3 2 – 0 Ørsted SK", koeln)
    assert re.search(r"1 b Schmidt, Jörg 2300 1 – 0 Ødegaard, Sønke 2260", koeln)
    assert re.search(r"2 w Weiß, Bärbel 2200 \+ – − Æbelø, Kirstine 2160", koeln)


def test_team_bookmarks_and_contents(team_pdf: RenderedPdf) -> None:
    outline = _outline(team_pdf)
    assert "Teams" in [t for d, t, _ in outline if d == 0]
    teams = [t for d, t, p in outline if d == 1 and not t.startswith("Round")]
    assert teams == ["1. SF Köln", "2. Échecs Lyon", "3. Ørsted SK", "4. KS Łódź"]
    contents = team_pdf.pages[1]
    assert re.search(rf"Ørsted SK\s*\.+\s*{team_pdf.page_of('3. Ørsted SK')}\b", contents)


def test_team_cover(team_pdf: RenderedPdf) -> None:
    cover = team_pdf.pages[0]
    assert "Städte-Cup 2025" in cover
    assert "Teams" in cover and "4" in cover
    assert "FIDE Tie-Break Regulations 2026" in cover
    assert "Validation findings" not in cover  # an internal count: not on the public cover


def test_team_render_is_deterministic(
    team_pdf: RenderedPdf, bulletin_env: jinja2.Environment
) -> None:
    assert render_bulletin(TEAM_DATA, bulletin_env) == team_pdf.data


def _env() -> jinja2.Environment:
    from trfsite.render.environment import make_environment
    from trfsite.render.theme import find_theme, theme_chain

    return make_environment(theme_chain(find_theme("bulletin")), "en")


def test_notes_headings_are_not_bulletin_sections(bulletin_env: jinja2.Environment) -> None:

    from pdfhelpers import read_pdf

    notes = "<h1>Prizes</h1><p>500 €</p><h2>Juniors</h2><p>Books</p>"
    pdf = read_pdf(render_bulletin(INDIVIDUAL_DATA._replace(notes_html=notes), bulletin_env))
    titles = [title for _, title, _ in _outline(pdf)]
    assert "Notes" in titles
    assert "Prizes" not in titles and "Juniors" not in titles
    assert "Prizes" in pdf.pages[pdf.page_of("Notes") - 1]
