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
_ROUND_LABEL = re.compile(r"^(?:R|RD|ROUND)?\d{1,2}$", re.IGNORECASE)
# Words that end the player-description part of a column header.
_DESCRIPTION_WORDS = ("CLUB", "CO", "COUNTRY", "RK", "RANK", "GRADE", "GR")
_OPENGOTHA_WIDTH = 5  # OpenGotha right-aligns each criterion name in 5 characters


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


def column_names(words: list[str]) -> tuple[list[str], bool]:
    """Score-column names of a column header, and whether it names a club column."""
    upper = [w.upper() for w in words]
    has_club = "CLUB" in upper
    start = 0
    for index, word in enumerate(upper):
        if word in _DESCRIPTION_WORDS:
            start = index + 1
    names: list[str] = []
    for word in words[start:]:
        if _ROUND_LABEL.match(word):
            continue  # a round's label over the result cells, not a score column
        names.extend(normalise_column(part) for part in _split_run_together(word))
    return names, has_club


def _split_run_together(word: str) -> list[str]:
    """``SOSSOSOS`` -> [SOS, SOSOS]: known names first, else 5-character fields."""
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
    return parts


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
