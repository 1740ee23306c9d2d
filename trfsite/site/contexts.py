"""Typed page contexts: one frozen dataclass per page, no god dictionary.

Templates read only these. Everything here is display-ready (strings, numbers,
relative links) except ``BulletinData``, which hands the PDF theme the model and
the standings themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.model import Tournament
from trfsite.results import Standings


@dataclass(frozen=True, slots=True)
class BulletinData:
    """Everything the PDF bulletin (``trfsite.pdf.render_bulletin``) draws from."""

    tournament: Tournament
    standings: Standings  # final
    round_standings: tuple[Standings, ...]  # after round 1, 2, ... N
    findings_count: int
    title: str
    build_date: str  # ISO date, from SOURCE_DATE_EPOCH when set
    notes_html: str  # already sanitised HTML from the event's markdown notes
    language: str  # "en", "de", ...
