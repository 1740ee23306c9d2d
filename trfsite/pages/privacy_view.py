"""The validation page's excerpts and messages, without what ``[privacy]`` keeps back.

The page quotes the file's lines: a TRF player line (001, or a National Rating
Support line) shows its birth date in columns 70-79. Its digits become ``*`` (the
year stays with ``birth = "year"``), so the columns and the caret stay where they
were. An anonymised player's lines show the page's "Anonymous" for the name, and
no title, FIDE id or birth date; their names and ids leave the messages too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from trfsite.model import Player, SourceFormat, Tournament
from trfsite.pages.rows import FindingView
from trfsite.people.privacy import BirthShown, PrivacySettings
from trfsite.results import Note, NoteValue

# TRF player and NRS lines (0-based slices): title 11-13, name 15-47, FIDE id (or
# national number) 58-68, birth date 70-79.
_TITLE, _NAME, _ID, _BIRTH = slice(10, 13), slice(14, 47), slice(57, 68), slice(69, 79)
_DATE = re.compile(r"\d{4}[./-]\d{1,2}[./-]\d{1,2}|\d{1,2}[./ -]+\d{1,2}[./ -]+\d{4}")
_DIGITS = re.compile(r"\d+")
_TRF = frozenset({SourceFormat.TRF16, SourceFormat.TRF26})


@dataclass(frozen=True, slots=True)
class Redaction:
    """What leaves one event's validation page."""

    label: str  # "Anonymous" in the page's language
    year: bool  # birth = "year": the year of a birth date stays
    trf: bool  # the file's lines have TRF's columns
    birth_lines: frozenset[int]  # player and NRS lines (TRF), by number
    hidden_lines: frozenset[int]  # the anonymised players' lines
    hidden_names: tuple[str, ...]  # their names as the file writes them, longest first
    hidden_ids: tuple[str, ...]  # their FIDE ids, EGD PINs and national numbers


def _stars(text: str) -> str:
    return "".join("*" if c.isdigit() else c for c in text)


def _masked_birth(text: str, year: bool) -> str:
    """``1969/12/06`` -> ``****/**/**``, or ``1969/**/**`` when the year may stay."""
    if not year:
        return _stars(text)
    return _DIGITS.sub(lambda m: m.group(0) if len(m.group(0)) == 4 else _stars(m.group(0)), text)


def redaction(
    original: Tournament | None,
    anonymised: tuple[int, ...],
    settings: PrivacySettings,
    label: str,
) -> Redaction:
    """The redaction of an event read as ``original`` (None: not read as a tournament)."""
    year = settings.birth is BirthShown.YEAR
    if original is None:
        return Redaction(label, year, True, frozenset(), frozenset(), (), ())
    trf = original.source_format in _TRF
    people: list[Player] = [*original.players, *original.bye_placeholders]
    lines = {p.source.line for p in people} | {n.source.line for n in original.national_ratings}
    chosen = frozenset(anonymised)
    hidden = [p for p in original.players if p.id in chosen]
    national = [n for n in original.national_ratings if n.player_id in chosen]
    names = {p.name.strip() for p in hidden} | {n.name.strip() for n in national}
    ids = {p.fide_id.strip() for p in hidden} | {p.egd_pin.strip() for p in hidden}
    ids |= {n.number.strip() for n in national}
    return Redaction(
        label,
        year,
        trf,
        frozenset(lines) if trf else frozenset(),
        frozenset(p.source.line for p in hidden) | frozenset(n.source.line for n in national),
        _longest_first(names),
        _longest_first(i for i in ids if i.strip("0")),
    )


def _longest_first(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted({w for w in words if w}, key=lambda w: (-len(w), w)))


def _without_people(text: str, r: Redaction) -> str:
    for name in r.hidden_names:
        text = text.replace(name, r.label)
    for number in r.hidden_ids:
        text = text.replace(number, "*" * len(number))
    return text


def _masked_line(line: str, number: int, r: Redaction) -> str:
    if number in r.hidden_lines and r.trf:
        padded = line.ljust(_BIRTH.stop)
        width = _NAME.stop - _NAME.start
        masked = (
            padded[: _TITLE.start]
            + " " * (_TITLE.stop - _TITLE.start)
            + padded[_TITLE.stop : _NAME.start]
            + r.label[:width].ljust(width)
            + padded[_NAME.stop : _ID.start]
            + " " * (_ID.stop - _ID.start)
            + padded[_ID.stop : _BIRTH.start]
            + _stars(padded[_BIRTH])
            + padded[_BIRTH.stop :]
        )
        return masked[: max(len(line), _NAME.stop)]
    if number in r.hidden_lines:
        return _without_people(line, r)
    if r.trf and (number in r.birth_lines or (not r.birth_lines and line.startswith("001"))):
        birth = line[_BIRTH]
        return line[: _BIRTH.start] + _masked_birth(birth, r.year) + line[_BIRTH.stop :]
    return line


def _masked_text(text: str, r: Redaction, dates: bool) -> str:
    text = _without_people(text, r)
    if dates:
        text = _DATE.sub(lambda m: _masked_birth(m.group(0), r.year), text)
    return text


def _masked_message(message: str, r: Redaction, dates: bool) -> str:
    """The message with its values masked; a Note stays a Note (translated on the page)."""
    if not isinstance(message, Note):
        return _masked_text(message, r, dates)
    values: dict[str, NoteValue] = {}
    for key, value in message.values.items():
        if isinstance(value, str):
            values[key] = _masked_message(value, r, dates)
        else:
            values[key] = value
    return Note(message.template, **values)


def redacted(views: tuple[FindingView, ...], r: Redaction) -> tuple[FindingView, ...]:
    """The views with their excerpts and messages masked."""
    found = []
    for view in views:
        if view.file:  # a line of a PGN file: its columns are not the TRF's
            source = _without_people(view.source_line, r) if view.source_line else ""
        else:
            source = _masked_line(view.source_line, view.line, r) if view.source_line else ""
        dates = "birth" in view.code
        message = view.message
        if dates or r.hidden_names or r.hidden_ids:
            message = _masked_message(message, r, dates)
        if source != view.source_line or message is not view.message:
            view = view._replace(source_line=source, message=message)
        found.append(view)
    return tuple(found)
