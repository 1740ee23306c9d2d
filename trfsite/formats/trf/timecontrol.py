"""Record 222: the encoded time control, as readable text.

Codes are ``d[:d...]`` or ``Wd[:d...]-Bd[:d...]`` where each period ``d`` is
``M/S`` (moves in seconds), ``M/S+I``, ``S`` or ``S+I`` (I seconds added
per move). Examples from TRF-2026: ``5400+30`` is 90 minutes plus 30 seconds
per move; ``40/6000+30:900+30``; Armageddon ``W300-B240``.
"""

from __future__ import annotations

import re

from trfsite.results import Note

# Compiled (and kept in re's cache) by the first record 222: reading other files needs none.
_PERIOD = r"^(?:(\d{1,9})/)?(\d{1,9})(?:\+(\d{1,9}))?$"


class TimeControlError(ValueError):
    """A record-222 code that does not follow the TRF-2026 grammar."""


def _duration(seconds: int) -> Note:
    if seconds % 60 == 0 and seconds >= 60:
        return Note("{minutes} min", minutes=seconds // 60)
    if seconds > 60:
        return Note("{minutes} min {seconds} s", minutes=seconds // 60, seconds=seconds % 60)
    return Note("{seconds} s", seconds=seconds)


def _period(text: str, code: str) -> Note:
    match = re.match(_PERIOD, text, re.ASCII)
    if match is None:
        raise TimeControlError(
            Note(
                "time control {code!r} has the period {text!r}; expected 'S', 'S+I', "
                "'M/S' or 'M/S+I' (moves, seconds, increment)",
                code=code,
                text=text,
            )
        )
    moves, seconds, increment = match.groups()
    out = _duration(int(seconds))
    if moves:
        out = Note("{moves} moves in {time}", moves=int(moves), time=out)
    if increment and int(increment):
        out = Note("{time} + {increment} s per move", time=out, increment=int(increment))
    return out


def _periods(text: str, code: str) -> Note:
    if not text:
        raise TimeControlError(
            Note("time control {code!r} has an empty part; expected a period", code=code)
        )
    periods = [_period(part, code) for part in text.split(":")]
    joined = periods[-1]
    for period in reversed(periods[:-1]):
        joined = Note("{first}, then {rest}", first=period, rest=joined)
    return joined


def decode_time_control(code: str) -> Note:
    """Human text for a record-222 code, e.g. ``5400+30`` -> ``90 min + 30 s per move``.

    A Note: its text is English, and pages show it in their own language.
    Raises TimeControlError (a ValueError) for a code outside the grammar.
    """
    text = code.strip()
    upper = text.upper()
    if upper.startswith("W") and "-B" in upper:
        white, black = text[1:].split("-", 1)
        return Note(
            "White {white}; Black {black}",
            white=_periods(white, code),
            black=_periods(black[1:], code),
        )
    return _periods(text, code)
