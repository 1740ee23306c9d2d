"""Tie-break names and explanation rows (player and team cards) can be shown in German.

The idea of test_note_i18n.py, for what ``explain=True`` adds: every label, reason
and note of an explanation, and every column's full name, is a Note whose template
(and the template of every Note inside it) has German with the same fields.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator

import jinja2
from notehelpers import every_standings, template_fields
from pohelpers import messages
from sitehelpers import ROOT

from trfsite.model import Game
from trfsite.render.environment import make_environment
from trfsite.render.theme import find_theme, theme_chain
from trfsite.results import Note
from trfsite.standings.options import StandingsOptions

GERMAN = messages("de")
EVENTS = [
    *sorted((ROOT / "sample_reports").glob("*.trf")),
    *sorted((ROOT / "sample_reports").glob("*.h9")),
    *sorted((ROOT / "tests/data/standings").glob("*.trf")),
    *sorted((ROOT / "tests/data/samples").glob("*")),
]
# Every individual and team tie-break with its modifiers, both rule sets, Go conventions.
INDIVIDUAL = (
    "BH", "BH/C1", "BH/M1", "FB", "AOB", "AOB/F", "SB/C1/P", "SB/F", "KS", "KS/L+1", "WIN",
    "WON", "BPG", "BWG", "PS/C1", "GE", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "STD", "TPN",
    "RTNG", "DE", "BH/R",
)  # fmt: skip
TEAM = (
    "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "SSSC", "SSSC/K2", "BC", "TBR", "BBE", "DE",
    "DE:GP", "WIN", "WON", "BPG", "BWG", "PS:GP/C1", "GE", "BH:MP/C1", "AOB", "FB", "SB:GP",
    "KS/L+1", "STD", "TPN", "RTNG", "MPVGP", "EMMSB", "EMGSB", "EGMSB/F", "EGGSB/P",
)  # fmt: skip
GO = ("MMS", "SOS", "SOS-1", "SOS-2", "SOSOS", "SODOS", "CUSS", "DC", "NBW")
OPTIONS = [
    StandingsOptions(explain=True),
    StandingsOptions(explain=True, rules="2023", tiebreaks=INDIVIDUAL),
    StandingsOptions(explain=True, rules="2026", tiebreaks=INDIVIDUAL),
    StandingsOptions(explain=True, rules="2026", system="round-robin", tiebreaks=INDIVIDUAL),
    StandingsOptions(explain=True, rules="2023", after_round=2, tiebreaks=INDIVIDUAL),
    StandingsOptions(explain=True, unrated_rating=1000, tiebreaks=("ARO", "TPR", "APRO", "PTP")),
    StandingsOptions(explain=True, rules="2023", tiebreaks=TEAM),
    StandingsOptions(explain=True, rules="2026", after_round=2, tiebreaks=TEAM),
    StandingsOptions(explain=True, go_bar="3d", go_handicap_adjusted_sos=False, tiebreaks=GO),
    StandingsOptions(explain=True, go_floor="20k", go_sos_cut_highest=True, go_bye_in_sos="zero"),
]


def _texts() -> Iterator[tuple[str, str, bool]]:
    """(event, text, may be file data): every name, label, reason and note."""
    for name, t, standings in every_standings(EVENTS, OPTIONS):
        for column in standings.columns:
            yield name, column.name, False
        for row in standings.rows:
            for explanation in row.explanations:
                for note in explanation.notes:
                    yield name, note, False
                for c in explanation.contributions:
                    # A Go round without an opponent is labelled with its token ("0+").
                    yield name, c.label, t.game is Game.GO
                    if c.why:
                        yield name, c.why, False


def _has_words(template: str) -> bool:
    """``{first}, {rest}`` and ``{value:g}`` are the same in every language."""
    return bool(re.search(r"[A-Za-z]", re.sub(r"\{[^}]*\}", "", template)))


def _check(name: str, note: Note, problems: set[str]) -> None:
    if _has_words(note.template):
        if note.template not in GERMAN:
            problems.add(f"{name}: no German for {note.template!r}")
        elif template_fields(GERMAN[note.template]) != template_fields(note.template):
            problems.add(f"{name}: German fields differ for {note.template!r}")
    for value in note.values.values():
        if isinstance(value, Note):
            _check(name, value, problems)


def test_every_explanation_text_and_name_has_german() -> None:
    problems: set[str] = set()
    seen = 0
    for name, text, may_be_data in _texts():
        seen += 1
        if isinstance(text, Note):
            _check(name, text, problems)
        elif not may_be_data:
            problems.add(f"{name}: plain text {text!r}")
    assert sorted(problems) == []
    assert seen > 10_000  # the events and options above do produce explanations


def _environment(language: str) -> jinja2.Environment:
    return make_environment(theme_chain(find_theme("default")), language)


def test_note_filter_spells_numbers_and_dates_as_the_page_does() -> None:
    # Sonneborn-Berger row of a half point against an opponent with 6.5 points:
    # 6.5 x 0.5 = 3.25 (C.07 9.1).
    row = Note(
        "{opponent}; x points scored {points:g} = {value:g}",
        opponent=Note("opponent {opponent}: score {score:g}", opponent="2 Müller,Hans", score=6.5),
        points=0.5,
        value=3.25,
    )
    assert row == "opponent 2 Müller,Hans: score 6.5; x points scored 0.5 = 3.25"  # CLI, JSON
    german = _environment("de").filters["note"]
    assert german(row) == "Gegner 2 Müller,Hans: 6,5 Punkte; × erzielte Punkte 0,5 = 3,25"
    english = _environment("en").filters["note"]
    assert english(row) == str(row)
    started = Note("the event started on {date}", date=dt.date(2005, 7, 28))
    assert started == "the event started on 2005-07-28"
    assert english(started) == "the event started on 28 July 2005"
    assert german(started) == "the event started on 28. Juli 2005"  # untranslated template


def test_a_printed_note_is_in_the_page_language() -> None:
    # Templates that print a tie-break name without the filter (the standings page's
    # legend, the bulletin's cover) still show the page's language.
    env = _environment("de")
    name = Note("{name} Cut {n}", name=Note("Buchholz"), n=1)
    page = env.from_string("<i title='{{ name }}'>{{ name }}</i>").render(name=name)
    assert page == "<i title='Buchholz Streichwertung 1'>Buchholz Streichwertung 1</i>"
    hostile = Note("opponent {opponent}: score {score:g}", opponent="<b>x</b>", score=1)
    assert "&lt;b&gt;" in env.from_string("{{ n }}").render(n=hostile)
