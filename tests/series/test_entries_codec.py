"""What a series reads of an event survives the people cache: sex, the round the ranks
are after, and a team event's places (a rebuild reads them from there)."""

from __future__ import annotations

from seriesseason import P, event

from trfsite.people.codec import entries_from_json, entries_to_json
from trfsite.people.entries import TeamPlace


def test_round_trip_keeps_what_a_series_reads() -> None:
    teams = (TeamPlace("SK Alpha", 1, 7.0), TeamPlace("Beta", 2, 5.0))
    made = event("e1", "2025-01-10", [P("A", 1, sex="f")], rounds=7, after=4, teams=teams)
    back = entries_from_json(entries_to_json(made))
    assert back == made
    assert (back.after_round, back.teams, back.entries[0].sex) == (4, teams, "f")
