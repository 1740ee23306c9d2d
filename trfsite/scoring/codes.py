"""Tie-break codes in both spellings, parsed into a :class:`TiebreakSpec`.

The Handbook writes modifiers with a hyphen (``BH-C1``, ``ARO-C1``, ``BH-M1``);
TRF-2026 records 202/212 use slash codes
``NAME[:MP|:GP][/Cn|/Mn][/L±n][/Kn][/P][/F][/R]``. Both are accepted, in any
letter case, and may be mixed (``bh-c1/p``). ``GE`` and ``REP`` name the same
tie-break (the 2026 edition renamed it).

The Koya limit ``/L±n`` moves the 50% limit by ``n`` half points (C.07 14.5:
"increased or decreased of half point at a time"), so ``KS/L+1`` raises the
limit by 0.5 and ``KS/L-2`` lowers it by 1.0.

This module only checks the syntax; which names and modifiers exist is the
business of each registry (:mod:`trfsite.scoring.registry` for individuals).
"""

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import click

# Names that differ only in spelling between editions.
ALIASES: dict[str, str] = {"REP": "GE"}

_NAME = re.compile(r"\s*([A-Za-z]+)\s*")
_SCORE = re.compile(r":\s*(MP|GP)\s*", re.IGNORECASE)
_MODIFIER = re.compile(
    r"[/-]\s*(C[12]|M[12]|L[+-]?\d+|K\d+(?:\.\d+)?|P|F|R)\s*(?=$|[/-])", re.IGNORECASE
)


class TiebreakCodeError(click.ClickException):
    """A tie-break code that cannot be read at all."""


class UnknownTiebreakError(click.ClickException):
    """A tie-break name (or modifier) that the engine does not know."""

    def __init__(self, code: str, known: Iterable[str], where: str = "", detail: str = "") -> None:
        self.code = code
        self.known = tuple(known)
        prefix = f"{where}: " if where else ""
        what = detail or f"unknown tie-break {code!r}"
        super().__init__(f"{prefix}{what}; known tie-breaks: {', '.join(self.known)}")


class TiebreakSpec(NamedTuple):
    """One entry of a tie-break list, as parsed.

    ``code`` is exactly what the user wrote (the JSON key); ``name`` is the
    canonical acronym in upper case (``REP`` becomes ``GE``); ``spelled_name``
    keeps the acronym as written (upper-cased) for display.
    """

    code: str
    name: str
    spelled_name: str = ""
    score: str | None = None  # "MP" or "GP" (team events)
    cut: int = 0  # Cut-1 / Cut-2: drop the 1 or 2 least significant values
    median: int = 0  # Median-1 / Median-2: drop 1 or 2 at each end
    limit: int | None = None  # Koya limit shift, in half points
    k: float | None = None  # SSSC normalising factor
    forfeits_played: bool = False  # /P
    fore: bool = False  # /F
    reverse: bool = False  # /R

    @property
    def low_cuts(self) -> int:
        """How many least significant values are dropped (C.07 14.1-14.4)."""
        return self.cut or self.median

    @property
    def high_cuts(self) -> int:
        """How many most significant values are dropped (medians only, 14.3-14.4)."""
        return self.median

    @property
    def modifiers(self) -> frozenset[str]:
        """The modifier letters in use: C, M, L, K, P, F, R."""
        used = set()
        if self.cut:
            used.add("C")
        if self.median:
            used.add("M")
        if self.limit is not None:
            used.add("L")
        if self.k is not None:
            used.add("K")
        if self.forfeits_played:
            used.add("P")
        if self.fore:
            used.add("F")
        if self.reverse:
            used.add("R")
        return frozenset(used)

    @property
    def short(self) -> str:
        """Handbook short form, e.g. ``BH-C1``, ``KS-L+1``, ``BH-C1/P``."""
        text = self.spelled_name or self.name
        if self.score:
            text += f":{self.score}"
        if self.cut:
            text += f"-C{self.cut}"
        if self.median:
            text += f"-M{self.median}"
        if self.limit is not None:
            text += f"-L{self.limit:+d}"
        if self.k is not None:
            text += f"/K{self.k:g}"
        for flag, letter in ((self.forfeits_played, "P"), (self.fore, "F"), (self.reverse, "R")):
            if flag:
                text += f"/{letter}"
        return text


def parse_tiebreak(code: str, where: str = "") -> TiebreakSpec:
    """Parse one code in Handbook or TRF spelling. Raises :class:`TiebreakCodeError`."""
    text = code.strip()
    prefix = f"{where}: " if where else ""
    name_match = _NAME.match(text)
    if not name_match:
        raise TiebreakCodeError(
            f"{prefix}cannot read tie-break code {code!r}; expected a name such as 'BH' "
            "followed by modifiers such as '-C1' or '/C1/P'"
        )
    spelled = name_match.group(1).upper()
    pos = name_match.end()
    score = None
    score_match = _SCORE.match(text, pos)
    if score_match:
        score = score_match.group(1).upper()
        pos = score_match.end()
    fields: dict[str, object] = {}
    while pos < len(text):
        mod = _MODIFIER.match(text, pos)
        if not mod:
            raise TiebreakCodeError(
                f"{prefix}cannot read modifier {text[pos:]!r} of tie-break code {code!r}; "
                "expected /C1, /C2, /M1, /M2, /L+n, /Kn, /P, /F or /R (or -C1 etc.)"
            )
        _apply_modifier(fields, mod.group(1).upper(), code, prefix)
        pos = mod.end()
    return TiebreakSpec(
        code=code.strip(),
        name=ALIASES.get(spelled, spelled),
        spelled_name=spelled,
        score=score,
        **fields,  # type: ignore[arg-type]
    )


def _apply_modifier(fields: dict[str, object], mod: str, code: str, prefix: str) -> None:
    letter = mod[0]
    key = {"C": "cut", "M": "median", "L": "limit", "K": "k", "P": "forfeits_played"}.get(
        letter, {"F": "fore", "R": "reverse"}.get(letter, "")
    )
    clash = "median" if letter == "C" else "cut" if letter == "M" else ""
    if key in fields or (clash and clash in fields):
        raise TiebreakCodeError(
            f"{prefix}tie-break code {code!r} repeats or combines cut modifiers at {mod!r}; "
            "expected at most one of /C1, /C2, /M1, /M2 and each other modifier once"
        )
    if letter in "CM":
        fields[key] = int(mod[1])
    elif letter == "L":
        fields[key] = int(mod[1:])
    elif letter == "K":
        fields[key] = float(mod[1:])
    else:
        fields[key] = True


def split_tiebreak_list(text: str) -> list[str]:
    """Split a comma-separated list (``--tiebreaks``, record 202/212) into codes."""
    return [part.strip() for part in text.split(",") if part.strip()]


def strip_pts(codes: Sequence[str]) -> list[str]:
    """Drop a leading ``PTS`` (record 212 lists the points first; ``212 PTS,…`` == ``202 …``)."""
    items = list(codes)
    if items and items[0].strip().upper() == "PTS":
        items = items[1:]
    return items
