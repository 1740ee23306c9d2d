"""Record 222: the encoded time control, as readable text.

Codes are ``d[:d...]`` or ``Wd[:d...]-Bd[:d...]`` where each period ``d`` is
``M/S`` (moves in seconds), ``M/S+I``, ``S`` or ``S+I`` (I seconds added
per move). Examples from TRF-2026: ``5400+30`` is 90 minutes plus 30 seconds
per move; ``40/6000+30:900+30``; Armageddon ``W300-B240``.
"""

from __future__ import annotations

import re

_PERIOD = re.compile(r"^(?:(\d+)/)?(\d+)(?:\+(\d+))?$")


class TimeControlError(ValueError):
    """A record-222 code that does not follow the TRF-2026 grammar."""


def _duration(seconds: int) -> str:
    if seconds % 60 == 0 and seconds >= 60:
        return f"{seconds // 60} min"
    if seconds > 60:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds} s"


def _period(text: str, code: str) -> str:
    match = _PERIOD.match(text)
    if match is None:
        raise TimeControlError(
            f"time control {code!r} has the period {text!r}; expected 'S', 'S+I', "
            "'M/S' or 'M/S+I' (moves, seconds, increment)"
        )
    moves, seconds, increment = match.groups()
    out = _duration(int(seconds))
    if moves:
        out = f"{int(moves)} moves in {out}"
    if increment and int(increment):
        out += f" + {int(increment)} s per move"
    return out


def _periods(text: str, code: str) -> str:
    if not text:
        raise TimeControlError(f"time control {code!r} has an empty part; expected a period")
    return ", then ".join(_period(part, code) for part in text.split(":"))


def decode_time_control(code: str) -> str:
    """Human text for a record-222 code, e.g. ``5400+30`` -> ``90 min + 30 s per move``.

    Raises TimeControlError (a ValueError) for a code outside the grammar.
    """
    text = code.strip()
    upper = text.upper()
    if upper.startswith("W") and "-B" in upper:
        white, black = text[1:].split("-", 1)
        return f"White {_periods(white, code)}; Black {_periods(black[1:], code)}"
    return _periods(text, code)
