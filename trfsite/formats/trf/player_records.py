"""The player section: 001 records and National Rating Support lines.

The round cells of a 001 line are read by ``round_cells``.
"""

from __future__ import annotations

from dataclasses import field
from operator import itemgetter

from trfsite.formats.builders import new_span, new_trf_player
from trfsite.formats.numbers import is_whole, reason_note
from trfsite.formats.trf.federations import FIDE_FEDERATIONS
from trfsite.formats.trf.fields import (
    Sink,
    SourceLine,
    normalise_birth_date,
    parse_int,
    parse_points,
    read_int,
)
from trfsite.formats.trf.round_cells import read_cells
from trfsite.model import NationalRating, Player
from trfsite.model.frozen import mutable_record
from trfsite.results import Note

TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})
# TRF06 wrote titles as lower-case letters; old exporters still do.
LEGACY_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM"}
LEGACY_TITLES |= {"w" + k: "W" + v for k, v in LEGACY_TITLES.items()}
_SEX = {"m": "m", "M": "m", "w": "w", "W": "w", "f": "w", "F": "w"}

# The separators of the static part (0-based): a letter there means a field overflowed.
_SEPARATORS = (3, 8, 47, 52, 56, 68, 79, 84)
_SEPARATOR_CHARS = itemgetter(*_SEPARATORS)
_BLANK_SEPARATORS = (" ",) * len(_SEPARATORS)
# Field names for findings, made once rather than for every line.
_THE_RATING = Note("the rating")
_THE_RANK = Note("the rank")


@mutable_record
class PlayerNotes:
    """Things worth one summary finding for the whole file rather than one per line."""

    legacy_titles: list[int] = field(default_factory=list)
    female_f: list[int] = field(default_factory=list)
    misaligned: list[int] = field(default_factory=list)

    def report(self, sink: Sink) -> None:
        if self.legacy_titles:
            sink.info(
                "player-title-legacy",
                self.legacy_titles[0],
                11,
                Note(
                    "{count} player(s) have one-letter titles of the old TRF "
                    "('g', 'm', 'f', 'wg'...); expected GM, IM, FM, WGM...: they were read as such",
                    count=len(self.legacy_titles),
                ),
            )
        if self.female_f:
            sink.info(
                "player-sex-nonstandard",
                self.female_f[0],
                10,
                Note(
                    "{count} player(s) have sex 'f'; expected 'm' or 'w': 'f' was read as 'w'",
                    count=len(self.female_f),
                ),
            )


def _static_part(
    line: SourceLine, sink: Sink, notes: PlayerNotes, prefix: str
) -> tuple[str, str, str, int | None, str, str, str]:
    """sex, title, name, rating, federation, number, birth date of a 001 or NRS line."""
    text = line.text
    n = line.number
    padded = text.ljust(85)
    separators = _SEPARATOR_CHARS(padded)
    # Blanks on nearly every line: one comparison, not their text joined and stripped.
    overflowed = separators != _BLANK_SEPARATORS and "".join(separators).strip()
    for index in _SEPARATORS if overflowed else ():
        if padded[index] != " ":
            notes.misaligned.append(n)
            sink.warning(
                f"{prefix}-field-overflow",
                n,
                index + 1,
                Note(
                    "column {column} holds {text!r}; expected a blank between fields: "
                    "a field may be shifted or too long",
                    column=index + 1,
                    text=padded[index],
                ),
            )
            break
    raw_sex = text[9:10]
    sex = _SEX.get(raw_sex, raw_sex.strip())
    if raw_sex in ("f", "F"):
        notes.female_f.append(n)
    elif sex and raw_sex not in _SEX:
        sink.warning(
            f"{prefix}-sex-unknown",
            n,
            10,
            Note(
                "the sex is {raw_sex!r}; expected 'm' or 'w'",
                raw_sex=raw_sex,
            ),
        )
    title = text[10:13].strip()
    if title and title not in TITLES and prefix == "player":
        modern = LEGACY_TITLES.get(title)
        if modern is not None:
            notes.legacy_titles.append(n)
            title = modern
        else:
            sink.warning(
                "player-title-unknown",
                n,
                11,
                Note(
                    "the title is {title!r}; expected one of {titles}",
                    title=title,
                    titles=", ".join(sorted(TITLES)),
                ),
            )
    name = text[14:47].strip()
    rating = read_int(sink, line, 49, 52, f"{prefix}-rating-not-number", _THE_RATING)
    federation = text[53:56].strip()
    number = text[57:68].strip()
    birth = text[69:79].strip()
    if birth:
        normal = normalise_birth_date(birth)
        if normal is None:
            sink.warning(
                f"{prefix}-birth-date-unreadable",
                n,
                70,
                Note(
                    "the birth date is {birth!r}; expected 'YYYY/MM/DD' (00 for unknown parts)",
                    birth=birth,
                ),
            )
        elif normal == "0000/00/00":
            birth = ""
        else:
            birth = normal
    return sex, title, name, rating, federation, number, birth


def read_player(line: SourceLine, sink: Sink, notes: PlayerNotes) -> Player | None:
    """One 001 line, or None (reported) when it has no usable starting rank."""
    text = line.text
    n = line.number
    raw_id = text[4:8].strip()
    player_id = parse_int(raw_id)
    if player_id is None or player_id == 0:
        sink.error(
            "player-id-not-number",
            n,
            5,
            Note(
                "the starting rank is {raw_id!r}; expected a number from 1 to 9999: "
                "the line is kept as written but not read",
                raw_id=raw_id,
            ),
        )
        return None
    sex, title, name, rating, federation, fide_id, birth = _static_part(line, sink, notes, "player")
    if not name:
        sink.warning("player-name-missing", n, 15, Note("the player has no name; expected one"))
    if federation and not (len(federation) == 3 and federation.isalpha()):
        sink.warning(
            "player-federation-invalid",
            n,
            54,
            Note(
                "the federation is {federation!r}; expected a 3-letter FIDE code like 'GER'",
                federation=federation,
            ),
        )
    elif federation and federation.upper() not in FIDE_FEDERATIONS:
        sink.info(
            "player-federation-unknown",
            n,
            54,
            Note(
                "the federation is {federation!r}; expected a FIDE federation code",
                federation=federation,
            ),
        )
    if fide_id and not is_whole(fide_id):
        sink.error(
            "player-fide-id-not-number",
            n,
            58,
            Note(
                "the FIDE number is {fide_id!r}; expected digits only{reason}",
                fide_id=fide_id,
                reason=reason_note(fide_id),
            ),
        )
    raw_points = text[80:84].strip()
    points = parse_points(raw_points) if raw_points else None
    if raw_points and points is None:
        sink.error(
            "player-points-not-number",
            n,
            81,
            Note(
                "the points are {raw_points!r}; expected points like '6.5'{reason}",
                raw_points=raw_points,
                reason=reason_note(raw_points),
            ),
        )
    rank = read_int(sink, line, 86, 89, "player-rank-not-number", _THE_RANK)
    rounds = read_cells(line, sink)
    # The fields in their order, without keywords: a call with twelve keywords builds and
    # matches them for each line (5k instructions).
    return new_trf_player(
        player_id,  # id
        name,
        sex,
        title,
        rating,
        federation,
        fide_id,
        birth,  # birth_date
        points,  # declared_points
        rank,  # declared_rank
        rounds,
        new_span(n, 1, len(text)),  # source
    )


def read_national_rating(line: SourceLine, sink: Sink, notes: PlayerNotes) -> NationalRating | None:
    """A National Rating Support line (3-letter federation code in columns 1-3)."""
    raw_id = line.cut(5, 8)
    player_id = parse_int(raw_id)
    if player_id is None:
        sink.error(
            "national-rating-id-not-number",
            line.number,
            5,
            Note(
                "the starting rank is {raw_id!r}; expected the 001 starting rank it belongs to",
                raw_id=raw_id,
            ),
        )
        return None
    sex, classification, name, rating, origin, number, birth = _static_part(
        line, sink, notes, "national-rating"
    )
    return NationalRating(
        federation=line.code,
        player_id=player_id,
        sex=sex,
        classification=classification,
        name=name,
        rating=rating,
        origin=origin,
        number=number,
        birth_date=birth,
        source=line.span(),
    )
