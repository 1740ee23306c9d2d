"""A rebuild after an event's name and a rating were corrected resolves nobody again:
the event's people are taken as the build state holds them, and only their pages
are planned, not those of their namesakes (issue 46: the part closed over folded
names reached every namesake, a part that grew with the archive). A player's name
corrected is resolved again, as before."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from treedigest import tree_digest

from trfsite.people.identity import Person, Resolution
from trfsite.people.names import fold_name
from trfsite.people.pages import PeoplePlanner
from trfsite.site import identity_alone
from trfsite.site.build import BuildOptions, build_site

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from generate_people import generate_people_archive  # noqa: E402

EPOCH = "1714521600"


def _players(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("001 ")]


def test_an_event_corrected_in_its_name_and_a_rating_plans_its_players_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    src, out = tmp_path / "src", tmp_path / "out"
    # Eight events from a pool of 300 people: some players of every event have a
    # namesake (the same folded name) elsewhere in the archive.
    files = generate_people_archive(src, 8, 300, seed=3)
    build_site(BuildOptions(src, out, pdf=False))
    changed = files[3]
    text = changed.read_text(encoding="utf-8")
    players = _players(text)
    names = {fold_name(line[14:47].strip()) for line in players}
    others = [line for f in files if f != changed for line in _players(f.read_text("utf-8"))]
    assert any(fold_name(line[14:47].strip()) in names for line in others)  # namesakes
    # The name and player 1's rating (columns 49-52) corrected: nobody's identity.
    first = players[0]
    assert first[48:52].isdigit()
    corrected = text.replace(text.splitlines()[0], "012 Corrected event name", 1)
    corrected = corrected.replace(first, f"{first[:48]}1234{first[52:]}", 1)
    changed.write_text(corrected, encoding="utf-8")

    resolved: list[int] = []
    resolve = identity_alone.resolve

    def counted(*args: object, **kwargs: object) -> Resolution:
        resolved.append(1)
        return resolve(*args, **kwargs)  # type: ignore[arg-type]

    planned: list[str] = []
    person_pages = PeoplePlanner.person_pages

    def spied(self: PeoplePlanner, person: Person) -> object:
        planned.append(person.page)
        return person_pages(self, person)

    monkeypatch.setattr(identity_alone, "resolve", counted)
    monkeypatch.setattr(PeoplePlanner, "person_pages", spied)
    build_site(BuildOptions(src, out, pdf=False))
    monkeypatch.setattr(PeoplePlanner, "person_pages", person_pages)
    # Nobody resolved again; one page planned per player of the event (each player
    # is one person: the generator draws an event's players from the pool without
    # repeats), none for a namesake.
    assert resolved == []
    assert len(planned) == len(set(planned)) == len(players)
    page = (out / "people" / f"{planned[0]}.html").read_text(encoding="utf-8")
    assert "Corrected event name" in page
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)

    # A player's name is the people's: then the part is resolved again.
    resolved.clear()
    renamed = f"{first[:14]}{'Zyx, Quentin':<33}{first[47:]}"
    changed.write_text(corrected.replace(first[:48], renamed[:48], 1), encoding="utf-8")
    build_site(BuildOptions(src, out, pdf=False))
    assert resolved == [1]
    cold = tmp_path / "cold-renamed"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)
