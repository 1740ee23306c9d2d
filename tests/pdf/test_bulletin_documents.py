"""A long bulletin laid out as several documents and merged (trfsite.pdf.documents).

The event is a generated 240-player, 7-round Swiss (benchmarks/generate.py) with the
organiser's notes, printed in line mode: its notes are laid out once to count their
pages, its other sections are sheets of known length, in two halves. Every check
reads the merged PDF back and compares it with itself: each page's footer with its
place, each contents entry and bookmark with the page whose heading it names, each
link with the page of the section it names; nothing is copied from the program.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path

import jinja2
import pytest
from pdfhelpers import RenderedPdf, read_pdf

from trfsite.awards.event import event_awards
from trfsite.awards.settings import AwardSettings
from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.pages.contexts import BulletinData
from trfsite.pdf import bulletin_view, documents, render_bulletin
from trfsite.pdf.layout import LaidOut, lay_out

ROOT = Path(__file__).resolve().parents[2]
NOTES = "<p>" + "The prize-giving is at 18:00 in the main hall. " * 60 + "</p>"


def _generated(players: int, rounds: int) -> bytes:
    spec = importlib.util.spec_from_file_location("generate", ROOT / "benchmarks/generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("generate", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    text: str = module.generate_individual_swiss(players, rounds, 1)
    return text.encode("utf-8")


@pytest.fixture(scope="module")
def open_data() -> BulletinData:
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    result = read_bytes(_generated(240, 7), "open.trf")
    t = result.tournament
    assert t is not None
    standings = compute_standings(t, StandingsOptions())
    awards = event_awards(standings, AwardSettings())
    return BulletinData(t, standings, (), 0, t.name, "2024-05-01", NOTES, "en", awards=awards)


@pytest.fixture(scope="module")
def merged(open_data: BulletinData, bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(open_data, bulletin_env, line_mode=True, parallel=True))


def _page_with_heading(pdf: RenderedPdf, number: int, heading: str) -> bool:
    return any(line.strip() == heading for line in pdf.pages[number - 1].splitlines())


def test_the_bulletin_is_cut_into_documents(
    open_data: BulletinData, bulletin_env: jinja2.Environment
) -> None:
    view = bulletin_view(open_data, bulletin_env, line_mode=True)
    found = documents.pieces(view)
    assert found is not None
    cut = documents.documents(found)
    # the front with the notes, counted first; the rest of known length, in two halves
    assert cut[0][0].sections == ("cover", "contents", "notes") and cut[0][0].pages is None
    assert len(cut) == 3 and all(piece.pages is not None for doc in cut[1:] for piece in doc)


def test_every_page_but_the_cover_says_which_of_how_many(merged: RenderedPdf) -> None:
    total = len(merged.pages)
    assert "page 1 of" not in merged.pages[0]
    for number, text in enumerate(merged.pages[1:], start=2):
        assert f"page {number} of {total}" in text, number


def _contents(pdf: RenderedPdf) -> dict[str, int]:
    """The contents page's entries: "Round 3 ........ 22" -> {"Round 3": 22}.

    The rounds stand in two columns, which a reader may extract side by side on
    one line ("Round 4 .... 20Round 5 .... 21", pypdf 5): each entry is found
    wherever it stands, and the headings start with a letter.
    """
    entries = re.finditer(r"([^\W\d][^.\n]*?)\s*\.{3,}\s*(\d+)", pdf.pages[1])
    return {match.group(1).strip(): int(match.group(2)) for match in entries}


def test_the_contents_give_the_page_of_each_section(merged: RenderedPdf) -> None:
    entries = _contents(merged)
    expected = ["Notes", "Final standings", "Rating change and performance", "Crosstable"]
    expected += ["Rounds", *(f"Round {n}" for n in range(1, 8))]
    assert list(entries)[:5] == expected[:5]  # one column, in the bulletin's order
    assert sorted(entries) == sorted(expected)  # the rounds' two columns: read in either order
    for heading, number in entries.items():
        assert _page_with_heading(merged, number, heading), (heading, number)
        # and the page before is not yet that section's (each starts a page)
        assert not _page_with_heading(merged, number - 1, heading), heading


def test_the_outline_points_at_the_pages_of_its_headings(merged: RenderedPdf) -> None:
    reader = merged.reader
    seen: list[tuple[int, str]] = []

    def walk(items: list[object], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
                continue
            title = item.title  # type: ignore[attr-defined]
            number = reader.get_destination_page_number(item) + 1  # type: ignore[arg-type]
            assert _page_with_heading(merged, number, title), (title, number)
            seen.append((depth, title))

    walk(reader.outline, 0)  # type: ignore[arg-type]
    # the rounds, laid out in another document than the contents, nest under "Rounds"
    assert (0, "Rounds") in seen and (1, "Round 7") in seen
    assert [title for _, title in seen][1:6] == [
        "Contents",
        "Notes",
        "Final standings",
        "Rating change and performance",
        "Crosstable",
    ]


HEADINGS = {
    "notes": "Notes",
    "standings": "Final standings",
    "rating-changes": "Rating change and performance",
    "crosstable": "Crosstable",
    "rounds": "Rounds",
    **{f"round-{n}": f"Round {n}" for n in range(1, 8)},
}


def test_the_contents_links_lead_to_their_sections(merged: RenderedPdf) -> None:
    reader = merged.reader
    targets = {
        name: reader.get_destination_page_number(dest) + 1
        for name, dest in reader.named_destinations.items()
    }
    links = {
        str(annot.get_object()["/Dest"])
        for annot in reader.pages[1]["/Annots"]
        if annot.get_object()["/Subtype"] == "/Link"
    }
    assert links == set(HEADINGS)
    for name in links:
        assert _page_with_heading(merged, targets[name], HEADINGS[name]), name


def test_a_long_round_prints_its_top_boards(merged: RenderedPdf, open_data: BulletinData) -> None:
    t: Tournament = open_data.tournament
    # boards of round 3: the players with an opponent that round, two to a board
    paired = sum(1 for p in t.players if (e := p.entry(3)) is not None and e.opponent)
    boards = paired // 2
    assert boards > 100  # more than a page: the top 50 boards are printed
    page = _contents(merged)["Round 3"]
    text = merged.pages[page - 1]
    assert f"Boards 1–50 of {boards}" in text
    rows = [int(m.group(1)) for m in re.finditer(r"^\s*(\d+)\s+\d+\s+\S", text, re.MULTILINE)]
    assert rows[0] == 1 and rows[-1] == 50


def test_the_same_bytes_in_parallel_or_not_and_run_after_run(
    merged: RenderedPdf, open_data: BulletinData, bulletin_env: jinja2.Environment
) -> None:
    one_by_one = render_bulletin(open_data, bulletin_env, line_mode=True, parallel=False)
    again = render_bulletin(open_data, bulletin_env, line_mode=True, parallel=True)
    assert one_by_one == merged.data
    assert again == merged.data


_PARENT = os.getpid()


def _dies_in_a_worker(html: str, folders: tuple[Path, ...], build_date: str) -> LaidOut:
    if os.getpid() != _PARENT:
        os._exit(3)  # a worker killed mid-way (out of memory, say)
    return lay_out(html, folders, build_date)


def test_a_worker_that_dies_leaves_the_bulletin_to_this_process(
    merged: RenderedPdf,
    open_data: BulletinData,
    bulletin_env: jinja2.Environment,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(documents, "lay_out", _dies_in_a_worker)
    assert render_bulletin(open_data, bulletin_env, line_mode=True, parallel=True) == merged.data
