"""One player line: place, name, grade, country, club, then scores and round tokens."""

from __future__ import annotations

import re
from dataclasses import dataclass

from trfsite.findings import Finding, Severity
from trfsite.formats.egf.grades import looks_like_grade, parse_grade
from trfsite.formats.egf.tokens import cell_opponent, parse_score, parse_token
from trfsite.formats.numbers import is_whole, reason_note, whole
from trfsite.results import Note

_WORD = re.compile(r"\S+")
_CELL = re.compile(r"[^\t]+")
_COUNTRY = re.compile(r"^[A-Za-z]{2}$")
_BARE_GRADE = re.compile(r"^\d{1,2}$", re.ASCII)
_UNKNOWN_COUNTRY = "XX"
_UNKNOWN_CLUB = "xxxx"


@dataclass(frozen=True, slots=True)
class Word:
    """A blank-separated word of a line; ``column`` is 1-based."""

    text: str
    column: int

    @property
    def end_column(self) -> int:
        return self.column + len(self.text) - 1


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player line split into its parts; ``rest`` holds score columns and round tokens."""

    line: int
    row: int
    place: int | None
    name: str
    grade: Word
    country: str
    club: str
    rest: tuple[Word, ...]
    pin: str
    name_words: tuple[str, ...] = ()  # the name's words as written (underscores kept)
    # Per word of ``rest``: the opponent row if it is a result cell (0: no game), else
    # -1. Found once here: the layout tries several round counts on every word.
    opponents: tuple[int, ...] = ()


def split_words(text: str) -> list[Word]:
    """Blank-separated words; in a tab-separated line, its cells (a name keeps its spaces)."""
    if "\t" not in text:
        return [Word(m.group(), m.start() + 1) for m in _WORD.finditer(text)]
    words: list[Word] = []
    for cell in _CELL.finditer(text):
        at = cell.start() + 1
        parts = [Word(m.group(), at + m.start()) for m in _WORD.finditer(cell.group())]
        # A cell of results or scores written with blanks ('4+ 9+') is split like any line.
        if len(parts) > 1 and all(_is_result_or_score(p.text) for p in parts):
            words.extend(parts)
        elif parts:
            start = cell.start() + len(cell.group()) - len(cell.group().lstrip())
            words.append(Word(cell.group().strip(), start + 1))
    return words


def _is_result_or_score(text: str) -> bool:
    return parse_token(text) is not None or parse_score(text) is not None


def parse_player_line(
    text: str, line: int, row: int, has_club_column: bool | None, file: str
) -> tuple[PlayerLine | None, list[Finding]]:
    """Split a player line; None (with an error) when no grade can be found."""
    findings: list[Finding] = []
    body, _, _comment = text.partition(";")
    body, bar, pin = body.partition("|")
    pin = pin.strip() if bar else ""
    if bar and not is_whole(pin):
        findings.append(
            Finding(
                Severity.WARNING,
                "egf-pin",
                Note(
                    "the EGD PIN {pin!r} is not a number; expected '|' followed by digits{reason}",
                    pin=pin,
                    reason=reason_note(pin),
                ),
                file,
                line,
                len(body) + 2,
            )
        )
    words = split_words(body)
    place = whole(words[0].text) if words else None
    start = 1 if place is not None else 0
    if words and place is None and words[0].text[:1].isdigit():
        findings.append(
            Finding(
                Severity.WARNING,
                "egf-place-not-number",
                Note(
                    "the place {text!r} is not a number; expected digits"
                    "{reason}: it is read as part of the name",
                    text=words[0].text,
                    reason=reason_note(words[0].text),
                ),
                file,
                line,
                words[0].column,
            )
        )
    grade_at = _find_grade(words, start)
    if grade_at is None:
        findings.append(
            Finding(
                Severity.ERROR,
                "egf-line-unreadable",
                Note(
                    "cannot read player row {row}: no grade (such as '5k' or '2d') after the name "
                    "in {text!r}; expected 'place name grade country club scores results'",
                    row=row,
                    text=body.strip(),
                ),
                file,
                line,
                1,
            )
        )
        return None, findings
    grade = words[grade_at]
    if not looks_like_grade(grade.text):
        findings.append(
            Finding(
                Severity.WARNING,
                "egf-grade-bare",
                Note(
                    "grade {text!r} has no letter; read as {text}k (expected e.g. "
                    "'{text}k' or '{text}d')",
                    text=grade.text,
                ),
                file,
                line,
                grade.column,
            )
        )
    elif parse_grade(grade.text) is None:
        findings.append(
            Finding(
                Severity.WARNING,
                "egf-grade-unknown",
                Note("unknown grade {text!r}; expected 30k-1k, 1d-9d or 1p-9p", text=grade.text),
                file,
                line,
                grade.column,
            )
        )
    name = " ".join(w.text for w in words[start:grade_at]).replace("_", " ")
    name = " ".join(name.split())
    index = grade_at + 1
    country = ""
    if index < len(words) and _COUNTRY.match(words[index].text):
        country = words[index].text.upper()
        index += 1
    club = ""
    if index < len(words) and _is_club(words[index].text, has_club_column):
        club = words[index].text
        index += 1
    player = PlayerLine(
        line=line,
        row=row,
        place=place,
        name=name,
        grade=grade,
        country="" if country == _UNKNOWN_COUNTRY else country,
        club="" if club.lower() == _UNKNOWN_CLUB else club,
        rest=tuple(words[index:]),
        opponents=tuple(_opponent(w.text) for w in words[index:]),
        pin=pin,
        name_words=tuple(w.text for w in words[start:grade_at]),
    )
    return player, findings


def _find_grade(words: list[Word], start: int) -> int | None:
    for index in range(start + 1, len(words)):
        if looks_like_grade(words[index].text):
            return index
    # A grade without its letter, recognised by the country code after it.
    for index in range(start + 1, len(words) - 1):
        if _BARE_GRADE.match(words[index].text) and _COUNTRY.match(words[index + 1].text):
            return index
    return None


def _is_club(text: str, has_club_column: bool | None) -> bool:
    if has_club_column:
        return True
    return parse_token(text) is None and parse_score(text) is None


def _opponent(text: str) -> int:
    opponent = cell_opponent(text)
    return -1 if opponent is None else opponent
