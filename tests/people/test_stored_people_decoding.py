"""A stored person read back (``site.state_people.known_person``): its aliases and
redirects are JSON lists, most of them empty; a rebuild after a corrected event reads
~2,000 stored people at 3,000 events (the opponents of its players), so an empty list
is not decoded (issue 46)."""

from __future__ import annotations

import json

import pytest

from trfsite.site import state_people


def test_empty_lists_are_not_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    """No decode for a person without aliases or redirects (main: two a person); a
    person with them reads them as before."""
    decoded = []
    real_loads = json.loads

    def loads(text: str) -> object:
        decoded.append(text)
        return real_loads(text)

    monkeypatch.setattr(state_people.json, "loads", loads)
    plain = state_people.known_person(
        ("k1", "Dahl, Lea", "", "", "DEN", "[]", 0, "dahl-lea-den", "[]")
    )
    assert decoded == []
    assert (plain.aliases, plain.redirects) == ((), ())
    other = state_people.known_person(
        (
            "k2",
            "Müller, Hans",
            "1234",
            "",
            "GER",
            '["Mueller, Hans"]',
            1,
            "mueller-hans",
            '["mueller-h"]',
        )
    )
    assert decoded == ['["Mueller, Hans"]', '["mueller-h"]']
    assert (other.aliases, other.redirects) == (("Mueller, Hans",), ("mueller-h",))
