"""A rebuild after an event's name was corrected loads its people's other events
with their entries and their opponents' only (``site.identity_cut``), and what a
person page digests of its events' other people comes from the build state, kept
up to date when one of them is renamed (issue 46).

The rules archive (tests/data/people/README.md): four 4-player events, the same
pairings in each (start numbers): round 1: 1-2, 3-4; round 2: 3-1, 2-4.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterable
from pathlib import Path

import pytest
from lxml import html
from treedigest import tree_digest

from trfsite.people import codec
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.state import BuildState, state_path

RULES = Path(__file__).resolve().parent.parent / "data" / "people" / "rules"


@pytest.fixture(autouse=True)
def fixed_build_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")


def _built(tmp_path: Path) -> tuple[Path, Path]:
    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(RULES, src)
    build_site(BuildOptions(src, out, pdf=False))
    return src, out


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_corrected_event_loads_its_peoples_other_events_with_them_and_their_opponents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out = _built(tmp_path)
    _replace(src / "d-2023.trf", "Spring Open 2023", "Spring Cup 2023")
    decoded: list[int] = []
    entry_from = codec._entry_from

    def counted(data: list[object]) -> object:
        decoded.append(int(data[0]))  # type: ignore[call-overload]
        return entry_from(data)

    whole: list[str] = []
    events = BuildState.events

    def loaded_whole(self: BuildState, keys: Iterable[str], shared: object = None) -> object:
        found = events(self, keys, shared)  # type: ignore[arg-type]
        whole.extend(event.file for event in found.values())
        return found

    with monkeypatch.context() as patched:
        patched.setattr(codec, "_entry_from", counted)
        patched.setattr(BuildState, "events", loaded_whole)
        build_site(BuildOptions(src, out, pdf=False))
    # Read whole from the state: d-2023 as it was (to see that only its name changed).
    assert whole == ["d-2023.trf"]
    # d-2023's people: Gross (1; c-2022:4), Østergaard (2), Kowalski (3; a-2020:2,
    # b-2021:4) and Smith 400001 (4; a-2020:3). d-2023 as stored before (to see that
    # nobody changed): its 4 entries. a-2020: Kowalski (2) met 1 and 4, Smith (3) met
    # 4 and 1: all 4. b-2021: Kowalski (4) met 3 and 2: 3 of 4 (not 1). c-2022: Groß
    # (4) met 3 and 2: 3 of 4. Loaded whole, as before: 16.
    assert sorted(decoded) == sorted([1, 2, 3, 4] * 2 + [2, 3, 4] * 2)
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)


def _page_digests(out: Path) -> dict[str, str]:
    with sqlite3.connect(state_path(out)) as db:
        return dict(db.execute("SELECT path, digest FROM pages"))


def test_an_opponent_renamed_is_seen_by_a_later_rebuild_that_loads_his_event_cut(
    tmp_path: Path,
) -> None:
    """Kowalski (fide-1100001) respelled in d-2023: a rebuild resolving that part
    loads a-2020 whole (he played there) and keeps the new digest of its people.
    Then c-2022's name corrected: Nagy (page nagy-anna-hun--1: c-2022:3, a-2020:4)
    has her page made again with a-2020 loaded cut, where she met Kowalski (2) in
    round 2. Her page shows his new name, and what it was made from is what a build
    from nothing says (with a stale digest of a-2020's people it would differ)."""
    src, out = _built(tmp_path)
    _replace(src / "d-2023.trf", "Kowalski, Jan   ", "Kowalski, Janusz")
    build_site(BuildOptions(src, out, pdf=False))
    _replace(src / "c-2022.trf", "Spring Open 2022", "Spring Cup 2022")
    build_site(BuildOptions(src, out, pdf=False))
    page = html.fromstring((out / "people" / "nagy-anna-hun--1.html").read_bytes())
    rows = [
        " ".join(a.text_content().split())
        for a in page.xpath("//table[@class='head-to-head']//th/a")
    ]
    assert "Kowalski, Janusz" in rows
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert _page_digests(out) == _page_digests(cold)
    assert tree_digest(out) == tree_digest(cold)
