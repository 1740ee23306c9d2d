"""The private records of older programs (XXR, XXC, ...): what they say where TRF is silent.

Swiss-Manager and others write the number of rounds (XXR) and the first colour (XXC)
in records of their own; record 142 and 152 win over them, and any other such record
is kept as written.
"""

from __future__ import annotations

from trfsite.formats.trf.fields import Sink, SourceLine, parse_int
from trfsite.formats.trf.tournament_records import Header
from trfsite.model import Color
from trfsite.results import Note


def legacy_meaning(
    legacy: list[SourceLine], header: Header, sink: Sink
) -> tuple[int | None, Color]:
    """What XXR (rounds) and XXC (first colour) say, where 142 and 152 are silent."""
    rounds = header.declared_rounds
    colour = header.initial_color
    for line in legacy:
        value = line.cut(5, len(line.text))
        if line.code == "XXR":
            number = parse_int(value.split()[0]) if value.split() else None
            if number is None:
                sink.warning(
                    "legacy-rounds-not-number",
                    line.number,
                    5,
                    Note(
                        "XXR gives the number of rounds as {value!r}; expected a whole number",
                        value=value,
                    ),
                )
            elif rounds is None:
                rounds = number
            elif number != rounds:
                sink.warning(
                    "legacy-rounds-mismatch",
                    line.number,
                    5,
                    Note(
                        "XXR says {number} rounds but record 142 says {rounds}; "
                        "expected the same number: 142 is used",
                        number=number,
                        rounds=rounds,
                    ),
                )
        elif line.code == "XXC":
            letter = value[:1].lower()
            if letter in ("w", "b") and colour is Color.NONE:
                colour = Color.WHITE if letter == "w" else Color.BLACK
            elif letter not in ("w", "b"):
                sink.warning(
                    "legacy-colour-unknown",
                    line.number,
                    5,
                    Note(
                        "XXC gives the first colour as {value!r}; expected 'white1' or 'black1'",
                        value=value,
                    ),
                )
        else:
            sink.info(
                "record-legacy",
                line.number,
                1,
                Note(
                    "record {code!r} is a program's private record, not part of TRF; "
                    "it is kept as written",
                    code=line.code,
                ),
            )
    return rounds, colour
