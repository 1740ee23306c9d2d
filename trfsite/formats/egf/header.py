"""The ``;`` comment header: tags such as ``EV[...]`` and the column-header line."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field

_TAG = re.compile(r"\b([A-Z]{2})\[([^\]]*)\]")
KNOWN_TAGS = ("TC", "CL", "EV", "PC", "DT", "HA", "KM", "TM", "TA", "CM")
_HA = re.compile(r"^\s*[hH]\s*(\d)\s*$", re.ASCII)
_SUFFIX = re.compile(r"\.[hH](\d)$", re.ASCII)
_DATE = re.compile(r"^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$", re.ASCII)

SCORE = "Score"  # a column named only "score": MMS or NBW, as its numbers show
UNNAMED = "#"  # prefix of the score columns the header does not name: #1, #2, ...

# Column names as programs write them -> trfsite's names. OpenGotha writes SOS for
# SOSM and SOSW alike; pairgoth abbreviates SOSOSM to SSOS and SODOSM to SDOS.
COLUMN_ALIASES: dict[str, str] = {
    "MMS": "MMS",
    "NBW": "NBW",
    "SOS": "SOS",
    "SOSM": "SOS",
    "SOSW": "SOS",
    "SOS-1": "SOS-1",
    "SOSM-1": "SOS-1",
    "SOSW-1": "SOS-1",
    "SOS-2": "SOS-2",
    "SOSM-2": "SOS-2",
    "SOSW-2": "SOS-2",
    "SOSOS": "SOSOS",
    "SOSOSM": "SOSOS",
    "SOSOSW": "SOSOS",
    "SSOS": "SOSOS",
    "SODOS": "SODOS",
    "SODOSM": "SODOS",
    "SODOSW": "SODOS",
    "SDOS": "SODOS",
    "CUSS": "CUSS",
    "CUSSM": "CUSS",
    "CUSSW": "CUSS",
    "DC": "DC",
    "SDC": "SDC",
    "CAT": "CAT",
    "EXT": "EXT",
    "EXR": "EXR",
    "STS": "STS",
    "SOSTS": "SOSTS",
    "RATIN": "Rating",
    "RATING": "Rating",
    "GOR": "Rating",  # the EGF rating before the event
    # Names seen in tables submitted to the EGD.
    "WINS": "NBW",
    "WIN": "NBW",
    "W": "NBW",
    "NW": "NBW",
    "MM": "MMS",
    "MCM": "MMS",
    "MCMAHON": "MMS",
    "SOS1": "SOS-1",
    "SOS2": "SOS-2",
    "ISOS": "SOS",
    "ISOS-1": "SOS-1",
    "ISOS-2": "SOS-2",
    "SOSO": "SOSOS",
    "SODS": "SODOS",
    # The primary score, whichever it is: the numbers tell NBW from MMS.
    "SCORE": SCORE,
    "S": SCORE,
    "PTS": SCORE,
    "POINTS": SCORE,
}
_KNOWN_COLUMNS = frozenset(COLUMN_ALIASES.values())
# Labels over the result cells, not score columns: 1, 1., R1, Rd1, Round1, 1st, and the
# stages of a knock-out (``playoff`` must not be cut into 5-letter names either).
_ROUND_LABEL = re.compile(
    r"^(?:(?:R|RD|ROUND)?\d{1,3}\.?|\d{1,3}(?:ST|ND|RD|TH)|PLAY-?OFFS?|FINALS?|SEMI(?:-?FINALS?)?"
    r"|QUARTER(?:-?FINALS?)?|SF|QF|KO|TIE-?BREAK|3RDPLACE)$",
    re.IGNORECASE,
)
# The player's description, in the order tables write it: a header names each once
# (a second 'Rank' after the club is a score column).
_NAME_WORDS = frozenset({"NAME", "NAMES", "SURNAME", "FIRSTNAME", "FIRST", "LAST", "PLAYER"})
_GRADE_WORDS = frozenset({"RK", "RANK", "GRADE", "GR", "STR", "STRENGTH", "LEVEL"})
_COUNTRY_WORDS = frozenset({"CO", "COUNTRY", "NAT", "CTRY", "CNTRY", "FED"})
_CLUB_WORDS = frozenset({"CLUB", "CL", "CITY", "TOWN"})
_PIN_WORDS = frozenset({"PIN", "EGD", "EGDPIN", "EGD-PIN", "ID", "EGF-PIN"})
_OPENGOTHA_WIDTH = 5  # OpenGotha right-aligns each criterion name in 5 characters


@dataclass(frozen=True, slots=True)
class HeaderColumns:
    """The score-column names of a column header.

    ``labels_at``: how many of ``names`` stand before the round labels, when the header
    labels the result cells (the others stand after them); None when it does not.
    """

    names: list[str]
    has_club: bool
    labels_at: int | None = None


@dataclass(frozen=True, slots=True)
class Tags:
    """The header tags found so far. ``values`` keeps each tag's texts in file order."""

    values: dict[str, list[str]] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)

    def first(self, tag: str) -> str | None:
        found = self.values.get(tag)
        return found[0].strip() if found else None


def find_tags(comment: str) -> list[tuple[str, str, int]]:
    """(tag, value, 0-based offset) for each ``XX[...]`` in a comment's text."""
    return [(m.group(1), m.group(2), m.start()) for m in _TAG.finditer(comment)]


def is_known_tag(tag: str) -> bool:
    return tag in KNOWN_TAGS


def parse_handicap_rule(value: str) -> int | None:
    """``h1`` -> 1; None if unreadable."""
    match = _HA.match(value)
    return int(match.group(1)) if match else None


def suffix_handicap_rule(name: str) -> int | None:
    """The N of a ``.hN`` file name, or None."""
    match = _SUFFIX.search(name)
    return int(match.group(1)) if match else None


def parse_date(value: str) -> _dt.date | None:
    match = _DATE.match(value)
    if not match:
        return None
    try:
        return _dt.date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        return None


def split_place(value: str) -> tuple[str, str]:
    """``PC[UA, Kyiv]`` -> ("UA", "Kyiv"); OpenGotha's ``PC[,TR, Istanbul]`` too."""
    country, _, city = value.partition(",")
    country, city = country.strip(), city.strip()
    if not country:
        inner, sep, rest = city.partition(",")
        if sep and re.fullmatch(r"[A-Za-z]{2}", inner.strip()):
            country, city = inner.strip(), rest.strip()
    return country, city


def normalise_column(name: str) -> str:
    """A criterion name as trfsite spells it (unknown names are kept as written)."""
    return COLUMN_ALIASES.get(name.upper().rstrip(".:"), name)


def is_known_column(name: str) -> bool:
    return name in _KNOWN_COLUMNS or is_unnamed(name)


def unnamed_column(position: int) -> str:
    """The name of score column ``position`` (1-based) when the header does not name it."""
    return f"{UNNAMED}{position}"


def is_unnamed(name: str) -> bool:
    return name.startswith(UNNAMED)


def is_column_header(words: list[str]) -> bool:
    upper = {w.upper() for w in words}
    return "NAME" in upper and bool(upper & {"PL", "NUM", "PLACE", "RK", "RANK", "CO", "CLUB"})


def column_names(words: list[str]) -> HeaderColumns:
    """Score-column names of a column header, where the round labels stand, and the club.

    The EGD PIN (after ``|``, or a trailing ``PIN``) is no score column; round labels
    over the result cells are not either, but they tell which names stand before the
    results and which after them.
    """
    if "|" in " ".join(words):
        words = " ".join(words).split("|", 1)[0].split()
    upper = [w.upper().rstrip(".:") for w in words]
    start = _description_end(upper)
    names: list[str] = []
    labels_at: int | None = None
    for word in words[start:]:
        if word.upper() in _PIN_WORDS:
            continue
        if _ROUND_LABEL.match(word):
            labels_at = len(names) if labels_at is None else labels_at
            continue
        names.extend(normalise_column(part) for part in _split_run_together(word))
    return HeaderColumns(names, any(w in _CLUB_WORDS for w in upper[:start]), labels_at)


def _description_end(upper: list[str]) -> int:
    """Where the score names begin: after the name, grade, country and club, each once."""
    at = next((i for i, w in enumerate(upper) if w in _NAME_WORDS), 0) + 1
    while at < len(upper) and upper[at] in _NAME_WORDS:
        at += 1
    for group in (_GRADE_WORDS, _COUNTRY_WORDS, _CLUB_WORDS):
        if at < len(upper) and upper[at] in group:
            at += 1
    return at


def is_round_label(word: str) -> bool:
    return _ROUND_LABEL.match(word) is not None


def _split_run_together(word: str) -> list[str]:
    """``SOSSOSOS`` -> [SOS, SOSOS]: known names first, else OpenGotha's 5-letter fields.

    A word that cuts into known names neither way is one (unknown) name.
    """
    if len(word) <= _OPENGOTHA_WIDTH or word.upper() in COLUMN_ALIASES:
        return [word]
    known = _segment(word)
    if known is not None:
        return known
    parts: list[str] = []
    end = len(word)
    while end > 0:
        parts.insert(0, word[max(0, end - _OPENGOTHA_WIDTH) : end])
        end -= _OPENGOTHA_WIDTH
    if all(part.strip().upper() in COLUMN_ALIASES for part in parts):
        return parts
    return [word]


def _segment(word: str) -> list[str] | None:
    """Split ``word`` into known column names, preferring the fewest parts."""
    best: dict[int, list[str]] = {0: []}
    for end in range(1, len(word) + 1):
        for begin in range(max(0, end - 6), end):
            if begin in best and word[begin:end].upper() in COLUMN_ALIASES:
                candidate = best[begin] + [word[begin:end]]
                if end not in best or len(candidate) < len(best[end]):
                    best[end] = candidate
    return best.get(len(word))
