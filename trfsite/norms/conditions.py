"""The conditions of the tournament a file can partly show (spec section 9).

The check cannot verify them; the reports list what the file says about each, so
that the arbiter confirms them before signing a norm certificate.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from trfsite.model import Tournament
from trfsite.results import N_, Note


class Condition(NamedTuple):
    """What the regulations ask, and what the file shows of it ("" when nothing)."""

    key: str
    asked: str
    shown: str


def conditions(t: Tournament) -> tuple[Condition, ...]:
    days = Counter(day for day in t.round_dates if day is not None)
    busiest = max(days.values(), default=0)
    time_control = " / ".join(
        text for text in (t.time_control.strip(), t.time_control_code.strip()) if text
    )
    return (
        Condition(
            "time-control",
            N_("At least 120 minutes per player for 60 moves, the same for every game."),
            Note("record 122/222: {value}", value=time_control) if time_control else "",
        ),
        Condition(
            "rounds-per-day",
            N_("At most 2 rounds a day and 12 hours of play a day."),
            Note("at most {n} rounds on one day (record 132)", n=busiest) if busiest else "",
        ),
        Condition(
            "arbiter",
            N_("The chief arbiter is an International Arbiter (IA) or FIDE Arbiter (FA)."),
            Note("chief arbiter: {name} (the file shows no title)", name=t.chief_arbiter.strip())
            if t.chief_arbiter.strip()
            else "",
        ),
        Condition(
            "registration",
            N_("The tournament is registered with FIDE and rated."),
            Note("the file does not say"),
        ),
        Condition(
            "titles-ratings",
            N_("Titles and ratings are those valid at the start of the event."),
            Note("the file's titles and ratings are taken as those"),
        ),
        Condition(
            "kind",
            N_(
                "The kind of event (zonal, national championship, team championship, World "
                "Cup) changes the minimum games and the federation rules."
            ),
            Note("set in trfsite.toml; the file does not say"),
        ),
    )
