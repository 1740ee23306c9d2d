"""Engine notes (rule set, system, tie-break list, ...) are shown in the page's language."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from lxml import html
from notehelpers import every_standings, template_fields
from pohelpers import messages
from sitehelpers import ROOT, small_round_robin

from trfsite.render.i18n import load_catalog
from trfsite.results import Note
from trfsite.site.build import BuildOptions, build_site
from trfsite.standings.choices import after_round_note
from trfsite.standings.options import StandingsOptions

MakeSrc = Callable[[dict[str, str | bytes]], Path]
GERMAN = messages("de")
EVENTS = [
    *sorted((ROOT / "sample_reports").glob("*.trf")),
    *sorted((ROOT / "sample_reports").glob("*.h9")),
    *sorted((ROOT / "tests/data/standings").glob("*.trf")),
    *sorted((ROOT / "tests/data/samples").glob("*")),
]
# Options that make the engines write every kind of note they have.
OPTIONS = [
    StandingsOptions(),
    StandingsOptions(rules="2023", after_round=1, tiebreaks=("BH", "ARO", "STD", "FB")),
    StandingsOptions(rules="2026", system="round-robin", tiebreaks=("BH", "ARO")),
    StandingsOptions(system="swiss", unrated_rating=1000, tiebreaks=("ARO", "SB")),
    StandingsOptions(go_bar="3d", go_handicap_adjusted_sos=False, go_bye_in_sos="zero"),
    StandingsOptions(go_floor="20k", go_sos_cut_highest=True, go_round_down_free_points=True),
]


def _all_notes() -> Iterator[tuple[str, str]]:
    for name, _, standings in every_standings(EVENTS, OPTIONS):
        for note in standings.notes:
            yield name, note


def test_every_engine_note_can_be_translated_and_has_german() -> None:
    seen = 0
    for name, note in _all_notes():
        seen += 1
        assert isinstance(note, Note), f"{name}: plain text note {note!r}"
        assert note.template in GERMAN, f"{name}: no German for {note.template!r}"
        assert template_fields(GERMAN[note.template]) == template_fields(note.template), (
            note.template
        )
    assert seen > 50  # the events and options above do produce notes


def test_a_note_is_its_english_text_everywhere() -> None:
    note = after_round_note(3, 9)
    english = (
        "Standings after round 3 of 9: later rounds are ignored, and 'number of rounds' in "
        "C.07 16.4.2 is 3."
    )
    assert note == english and isinstance(note, str)
    assert json.dumps([note]) == json.dumps([english])
    again = pickle.loads(pickle.dumps(note))  # the site's process pool and cache pickle notes
    assert isinstance(again, Note) and again.values == {"after": 3, "total": 9}
    assert load_catalog("de").gettext(again.template, **again.values) == (
        "Tabelle nach Runde 3 von 9: spätere Runden bleiben unberücksichtigt, die „Anzahl der "
        "Runden“ in C.07 16.4.2 ist 3."
    )
    assert load_catalog("en").gettext(again.template, **again.values) == english


@pytest.mark.parametrize("language", ["de", "en"])
def test_standings_page_notes_follow_the_site_language(
    make_src: MakeSrc, tmp_path: Path, language: str
) -> None:
    src = make_src({"small.trf": small_round_robin(), "trfsite.toml": f'language = "{language}"\n'})
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    page = html.fromstring((out / "small/standings.html").read_bytes())
    notes = " ".join(p.text_content() for p in page.xpath("//p[@class='note']"))
    # small_round_robin names its system in record 092 ("Round Robin"): the pairing
    # system note, written by hand from the German catalog's wording.
    if language == "de":
        assert "Paarungssystem: Rundenturnier" in notes
        assert "Pairing system" not in notes
    else:
        assert "Pairing system: round robin" in notes
