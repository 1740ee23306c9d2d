"""A rebuild resolves only the part of the archive a changed event touches (issue 46),
and its people, findings and pages are those of a cold build, byte for byte: also
when the change merges two persons, splits one, or changes an ambiguity finding.

The archive is ``tests/data/people/rules`` (its README works out who is who by the
rules of issue 12); each case rewrites player 2 of d-2023 (Østergaard, Æsa).
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from treedigest import tree_digest

from trfsite.people.listings import GroupInput, GroupRows, Listed, Listings
from trfsite.people.pages import PeoplePlanner
from trfsite.site import identity_part, state_schema
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.state import state_path

RULES = Path(__file__).resolve().parent.parent / "data" / "people" / "rules"
EPOCH = "1714521600"
OSTERGAARD = "Østergaard, Æsa                   1650 DEN             1999/00/00"
# A FIDE-rated Müller who played for AUT: fide-4100018 (GER) now has AUT among its
# federations, so c-2022's name-only "Müller, Jürgen AUT 1980" matches it (rule 2 of
# people/identity.py): two persons become one.
MULLER_AUT = "Müller, Jürgen                    1650 AUT     4100018 1980/00/00"
# A third FIDE-rated John Smith of ENG: c-2022's "SMITH, John ENG" (no id, no birth
# year) now matches three people, not two: the ambiguity finding names three.
THIRD_SMITH = "Smith, John                       1650 ENG      400003 1985/00/00"
# Müller's FIDE id under another name, for AUT: the part reaches c-2022's Müller only
# through a-2020's entry of that FIDE id and its folded name (two steps), and the
# cold build joins them as with MULLER_AUT.
RENAMED = "Schmidt, Jürgen                   1650 AUT     4100018 1980/00/00"
# A namesake of c-2022's id-less Müller (AUT, 1980), born 1985: no address shows a
# birth year, so both would be people/mueller-juergen-aut.html; that address lists
# them, and their pages are numbered in key order (...-1980 --1, ...-1985 --2).
NAMESAKE = "Müller, Jürgen                    1650 AUT             1985/00/00"


@pytest.fixture(autouse=True)
def setup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    # The test archive is small: any part is most of it; resolve the part anyway.
    monkeypatch.setattr(identity_part, "MOST", 1.0)


def _player_two(src: Path, line: str) -> None:
    changed = src / "d-2023.trf"
    text = changed.read_text(encoding="utf-8")
    for old in (OSTERGAARD, MULLER_AUT, THIRD_SMITH, RENAMED, NAMESAKE):
        text = text.replace(old, line)
    changed.write_text(text, encoding="utf-8")


@contextlib.contextmanager
def _listening(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Capture the identity's INFO records on their own loggers: an earlier CLI test
    in the same session may have stopped ``trfsite`` from propagating to the root."""
    names = ("identity_part", "identity_alone", "people")
    loggers = [logging.getLogger(f"trfsite.site.{name}") for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(caplog.handler)
        logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.removeHandler(caplog.handler)
            logger.setLevel(level)


def _rebuilt_as_cold(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, first: str, then: str
) -> Path:
    """Build with player 2 of d-2023 as ``first``, rebuild with ``then``; check the
    rebuild resolved a part only and equals a cold build; the rebuilt folder."""
    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(RULES, src)
    _player_two(src, first)
    build_site(BuildOptions(src, out, pdf=False))
    _player_two(src, then)
    caplog.clear()
    with _listening(caplog):
        build_site(BuildOptions(src, out, pdf=False))
    assert any("the part alone" in r.getMessage() for r in caplog.records), caplog.text
    assert not any("everyone again" in r.getMessage() for r in caplog.records), caplog.text
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)
    return out


def _person(out: Path, key: str) -> str:
    return (out / "people" / f"{key}.html").read_text(encoding="utf-8")


def test_a_changed_event_that_merges_two_persons(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = _rebuilt_as_cold(tmp_path, caplog, OSTERGAARD, MULLER_AUT)
    # c-2022's Müller (AUT) was a person of their own; now an alias of fide-4100018.
    assert "fide-4100018.html" in _person(out, "mueller-juergen-aut")
    assert not (out / "people" / "ostergaard-aesa-den.html").exists()


def test_a_merge_reached_through_an_id_and_then_a_name(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = _rebuilt_as_cold(tmp_path, caplog, OSTERGAARD, RENAMED)
    assert "fide-4100018.html" in _person(out, "mueller-juergen-aut")


def test_a_changed_event_that_splits_a_person(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = _rebuilt_as_cold(tmp_path, caplog, MULLER_AUT, OSTERGAARD)
    page = _person(out, "mueller-juergen-aut")
    assert "fide-4100018.html" not in page and "c-2022/index.html" in page


def test_a_namesake_who_comes_numbers_the_pages_and_one_who_goes_unnumbers_them(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = _rebuilt_as_cold(tmp_path, caplog, OSTERGAARD, NAMESAKE)
    shared = _person(out, "mueller-juergen-aut")
    assert "mueller-juergen-aut--1.html" in shared and "mueller-juergen-aut--2.html" in shared
    assert "c-2022/index.html" in _person(out, "mueller-juergen-aut--1")
    assert "d-2023/index.html" in _person(out, "mueller-juergen-aut--2")
    # c-2022 did not change, and still links its Müller to the shared address.
    assert "../people/mueller-juergen-aut.html" in (out / "c-2022" / "standings.html").read_text(
        encoding="utf-8"
    )
    out = _rebuilt_as_cold(tmp_path / "back", caplog, NAMESAKE, OSTERGAARD)
    assert "c-2022/index.html" in _person(out, "mueller-juergen-aut")
    assert not list((out / "people").glob("mueller-juergen-aut--*"))


def test_a_changed_event_that_changes_an_ambiguity_finding(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = _rebuilt_as_cold(tmp_path, caplog, OSTERGAARD, THIRD_SMITH)
    findings = (out / "people" / "findings.html").read_text(encoding="utf-8")
    assert "fide-400001, fide-400002, fide-400003" in findings


def test_an_unchanged_rebuild_and_a_state_without_people_are_still_right(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = _rebuilt_as_cold(tmp_path, caplog, OSTERGAARD, OSTERGAARD)
    before = tree_digest(out)
    with sqlite3.connect(state_path(out)) as db:  # a person the state forgot
        db.execute("DELETE FROM person_keys WHERE own_key = 'fide-1100001'")
    with _listening(caplog):
        build_site(BuildOptions(tmp_path / "src", out, pdf=False))
    # Nothing changed: the part is empty, and nobody is looked up.
    assert any("0 person(s) resolved again" in r.getMessage() for r in caplog.records)
    assert tree_digest(out) == before
    # Kowalski (fide-1100001) plays in d-2023: a change there puts all his entries in
    # the part (found by their own key), so the forgotten row is made again.
    with sqlite3.connect(state_path(out)) as db:
        db.execute("DELETE FROM person_keys WHERE own_key = 'fide-1100001'")
    _player_two(tmp_path / "src", OSTERGAARD.replace(" DEN ", " SWE "))
    caplog.clear()
    with _listening(caplog):
        build_site(BuildOptions(tmp_path / "src", out, pdf=False))
    assert any("the part alone" in r.getMessage() for r in caplog.records), caplog.text
    cold = tmp_path / "cold-again"
    build_site(BuildOptions(tmp_path / "src", cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)
    with sqlite3.connect(state_path(out)) as db:
        assert db.execute(
            "SELECT person FROM person_keys WHERE own_key = 'fide-1100001'"
        ).fetchall() == [("fide-1100001",)]


def test_a_changed_people_setting_resolves_everyone_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(RULES, src)
    build_site(BuildOptions(src, out, pdf=False))
    # README of the data: the two Nagy Annas (born 1970 and 1971) are two people.
    (src / "trfsite.toml").write_text(
        '[people]\nmerge = [["nagy-anna-hun-1970", "nagy-anna-hun-1971"]]\n', encoding="utf-8"
    )
    caplog.clear()
    with _listening(caplog):
        build_site(BuildOptions(src, out, pdf=False))
    assert not any("resolved again" in r.getMessage() for r in caplog.records)
    # One person now: the address both events link to is her page, and no namesake's.
    page = _person(out, "nagy-anna-hun")
    assert "a-2020/index.html" in page and "b-2021/index.html" in page
    assert not list((out / "people").glob("nagy-anna-hun-*.html"))
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)


def test_a_federation_that_loses_its_last_person_and_one_that_gains_its_first(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Østergaard is DEN's only person (data README); as SWE she starts that group.
    out = _rebuilt_as_cold(tmp_path, caplog, OSTERGAARD, OSTERGAARD.replace(" DEN ", " SWE "))
    groups = out / "people" / "federations"
    assert not (groups / "den.html").exists()
    assert "Østergaard, Æsa" in (groups / "swe.html").read_text(encoding="utf-8")
    index = (out / "people" / "index.html").read_text(encoding="utf-8")
    assert "federations/swe.html" in index and "federations/den.html" not in index


def test_only_the_listing_pages_whose_rows_changed_are_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trfsite.site import people, people_files

    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(RULES, src)
    build_site(BuildOptions(src, out, pdf=False))
    made: set[str] = set()  # the listing pages sent to be rendered (alone or not)
    send, send_alone = people_files.PageFiles.send, people_files.PageFiles.send_alone
    listed = {"people_group.html", "people_index.html", "people_findings.html"}

    def spied(self: people_files.PageFiles, page: people_files.PageInput) -> None:
        if isinstance(page, GroupInput) or (
            isinstance(page, people.PeoplePage) and page.template in listed
        ):
            made.add(page.path)
        send(self, page)

    def spied_alone(self: people_files.PageFiles, page: people_files.PageInput) -> None:
        made.add(page.path)
        send_alone(self, page)

    monkeypatch.setattr(people_files.PageFiles, "send", spied)
    monkeypatch.setattr(people_files.PageFiles, "send_alone", spied_alone)
    placed: list[str] = []
    place = people_files.PageFiles.place

    def placing(self: people_files.PageFiles, path: str, data: bytes) -> None:
        placed.append(path)
        place(self, path, data)

    monkeypatch.setattr(people_files.PageFiles, "place", placing)
    kept: list[str] = []
    listing_pages = people.listing_pages

    def listings(listed: Listed, groups: GroupRows) -> Listings:
        made = listing_pages(listed, groups)
        kept.extend(made.kept)
        return made

    monkeypatch.setattr(people, "listing_pages", listings)
    changed = src / "d-2023.trf"  # d-2023's players: POL, DEN, POL, ENG (data README)
    text = changed.read_text(encoding="utf-8")
    changed.write_text(text.replace("Spring Open 2023", "Spring Cup 2023"), encoding="utf-8")
    build_site(BuildOptions(src, out, pdf=False))
    # A group page lists its people (name, events, last year): an event's name is on
    # none of them, so no listing page is made again, nor any search piece.
    assert made == set()
    assert placed == []
    # The rename leaves every person as they were (no row is made again), so no
    # federation is even looked at: all six of the archive (AUT, DEN, ENG, GER,
    # HUN, POL) are linked as they are.
    assert sorted(kept) == [
        f"people/federations/{code}.html" for code in ("aut", "den", "eng", "ger", "hun", "pol")
    ]
    # Østergaard (DEN, d-2023 only) renamed: her row changes, so DEN's page (and the
    # index, which lists everyone of this small archive) is made again; POL's and
    # ENG's rows (her opponents') are the same, so their pages are not.
    made.clear()
    _player_two(src, OSTERGAARD.replace("Østergaard, Æsa ", "Østergaard, Åse "))
    build_site(BuildOptions(src, out, pdf=False))
    assert sorted(made) == ["people/federations/den.html", "people/index.html"]
    # Her search pieces (folded "ostergaard asa", now "ostergaard ase"): "os" and
    # "as" show her new name; no other piece changes.
    assert sorted(p for p in placed if "/search/" in p) == [
        "people/search/as.js",
        "people/search/os.js",
    ]
    den = (out / "people/federations/den.html").read_text(encoding="utf-8")
    assert "Østergaard, Åse" in den and "Æsa" not in den
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)


def test_a_rebuild_plans_the_pages_of_the_people_it_touches_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Eight generated events (benchmarks/generate_people.py) from a pool of 2,000
    people: one event renamed touches its players and those who met them in an
    event; the other people's pages are linked, not even planned (issue 46)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from generate_people import generate_people_archive

    src, out = tmp_path / "src", tmp_path / "out"
    files = generate_people_archive(src, 8, 2000, seed=3)
    build_site(BuildOptions(src, out, pdf=False))
    people = len(list((out / "people").glob("*.html"))) - 2  # but index and findings
    planned: list[str] = []
    person_pages = PeoplePlanner.person_pages

    def spied(self: PeoplePlanner, person: object) -> object:
        planned.append(person.key)  # type: ignore[attr-defined]
        return person_pages(self, person)  # type: ignore[arg-type]

    monkeypatch.setattr(PeoplePlanner, "person_pages", spied)
    monkeypatch.setattr(identity_part, "MOST", 0.5)  # the default: a part, not everyone
    text = files[3].read_text(encoding="utf-8").splitlines(keepends=True)
    text[0] = "012 Corrected event name\n"
    files[3].write_text("".join(text), encoding="utf-8")
    with _listening(caplog):
        build_site(BuildOptions(src, out, pdf=False))
    assert any("resolved again" in r.getMessage() for r in caplog.records), caplog.text
    players = sum(1 for line in text if line.startswith("001 "))
    assert players <= len(planned) < people / 2, (players, len(planned), people)
    monkeypatch.setattr(PeoplePlanner, "person_pages", person_pages)
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)


def test_unchanged_pages_linked_and_one_gone_equal_a_cold_build(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """On a pool of two, the people outside the part keep their pages, linked from the
    live build; one deleted by hand there is made again. The rebuild is a cold build's,
    byte for byte."""
    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(RULES, src)
    build_site(BuildOptions(src, out, pdf=False, jobs=2))
    # c-2022's id-less Müller (AUT) is in no event with Østergaard, nor shares a key or
    # a folded name with anyone of d-2023 (data README): outside the part.
    steady = out / "people" / "mueller-juergen-aut.html"
    kept = out / "people" / "findings.html"
    lost = out / "people" / "fide-4100018.html"
    inode = kept.stat().st_ino
    lost.unlink()
    _player_two(src, OSTERGAARD.replace(" DEN ", " SWE "))
    before = steady.stat().st_ino
    caplog.clear()
    with _listening(caplog):
        build_site(BuildOptions(src, out, pdf=False, jobs=2))
    assert any("resolved again" in r.getMessage() for r in caplog.records), caplog.text
    assert steady.stat().st_ino == before  # linked, not made
    assert kept.stat().st_ino == inode
    assert lost.is_file()
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)


def test_successive_rebuilds_each_from_the_state_a_part_alone_left(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """c-2022's id-less Müller (AUT) moves from person to person as d-2023's player 2
    changes: his own person, an alias of fide-4100018 (MULLER_AUT), a namesake with a
    numbered page (NAMESAKE), an alias again, reached through an id and a name
    (RENAMED), his own person again. Each rebuild starts from the state the previous
    one wrote by its part alone, and equals a cold build byte for byte."""
    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(RULES, src)
    _player_two(src, OSTERGAARD)
    build_site(BuildOptions(src, out, pdf=False))
    for step, line in enumerate((MULLER_AUT, NAMESAKE, RENAMED, OSTERGAARD)):
        _player_two(src, line)
        caplog.clear()
        with _listening(caplog):
            build_site(BuildOptions(src, out, pdf=False))
        assert any("the part alone" in r.getMessage() for r in caplog.records), caplog.text
        cold = tmp_path / f"cold-{step}"
        build_site(BuildOptions(src, cold, pdf=False))
        assert tree_digest(out) == tree_digest(cold), line
    assert "c-2022/index.html" in _person(out, "mueller-juergen-aut")


def test_a_renamed_person_keeps_the_redirect_of_an_alias(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # MULLER_AUT: c-2022's Müller is an alias of fide-4100018, his address a redirect.
    # RENAMED: the same FIDE id plays d-2023 as Schmidt, his latest name: the person
    # is renamed, and the redirect (stored with the person) names him so.
    out = _rebuilt_as_cold(tmp_path, caplog, MULLER_AUT, RENAMED)
    redirect = _person(out, "mueller-juergen-aut")
    assert "fide-4100018.html" in redirect and "Schmidt, Jürgen" in redirect
    assert "Schmidt, Jürgen" in _person(out, "fide-4100018")


def test_people_merges_and_splits_kept_while_an_event_changes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The same ``[people]`` before and after: its keys are always in the part, so
    the merged Nagy Annas (data README: born 1970 and 1971) and the split entry
    (b-2021's player 1, Müller GER, given a key of its own) are resolved with it."""
    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(RULES, src)
    (src / "trfsite.toml").write_text(
        '[people]\nmerge = [["nagy-anna-hun-1970", "nagy-anna-hun-1971"]]\n'
        '[people.split]\n"b-2021:1" = "mueller-juergen-split"\n',
        encoding="utf-8",
    )
    build_site(BuildOptions(src, out, pdf=False))
    assert "b-2021/index.html" in _person(out, "mueller-juergen-split")
    _player_two(src, MULLER_AUT)
    caplog.clear()
    with _listening(caplog):
        build_site(BuildOptions(src, out, pdf=False))
    assert any("the part alone" in r.getMessage() for r in caplog.records), caplog.text
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)
    page = _person(out, "nagy-anna-hun")
    assert "a-2020/index.html" in page and "b-2021/index.html" in page
    assert "b-2021/index.html" not in _person(out, "fide-4100018")


def test_a_state_of_another_schema_version_resolves_everyone_and_equals_a_cold_build(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:

    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(RULES, src)
    build_site(BuildOptions(src, out, pdf=False))
    with sqlite3.connect(state_path(out)) as db:  # as an older trfsite left it
        db.execute(f"PRAGMA user_version = {state_schema.VERSION - 1}")
    _player_two(src, MULLER_AUT)
    caplog.clear()
    with _listening(caplog):
        build_site(BuildOptions(src, out, pdf=False))
    assert not any("resolved again" in r.getMessage() for r in caplog.records), caplog.text
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)
    with sqlite3.connect(state_path(out)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == state_schema.VERSION
    # And the next rebuild, from the state made again, resolves its part alone.
    _player_two(src, OSTERGAARD)
    caplog.clear()
    with _listening(caplog):
        build_site(BuildOptions(src, out, pdf=False))
    assert any("the part alone" in r.getMessage() for r in caplog.records), caplog.text


def test_a_rebuild_in_which_most_events_changed_resolves_everyone_as_a_cold_build(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every event's name corrected (its people as they were): resolved among all the
    people, not as the stored people with every event held twice (issue 46: 2.2x a
    cold build's peak at 3,000 events), and the same bytes as a cold build."""
    monkeypatch.setattr(identity_part, "MOST", 0.5)
    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(RULES, src)
    build_site(BuildOptions(src, out, pdf=False))
    for event in sorted(src.glob("*.trf")):
        text = event.read_text(encoding="utf-8")
        event.write_text(text.replace("012 Spring Open", "012 Spring Cup", 1), encoding="utf-8")
    caplog.clear()
    with _listening(caplog):
        build_site(BuildOptions(src, out, pdf=False))
    messages = [r.getMessage() for r in caplog.records]
    assert any("4 of 4 events new" in m for m in messages), caplog.text
    assert not any("the part alone" in m for m in messages), caplog.text
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)
