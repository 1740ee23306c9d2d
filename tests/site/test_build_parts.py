"""An event split between workers gives the same files as one built in one piece."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from sitehelpers import small_round_robin

from trfsite.model import Player
from trfsite.pages import cards as pages_cards
from trfsite.pages.plan import EventData
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.executors import InlineExecutor


def _tree(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".trfsite-cache.json"
    }


def _build(src: Path, out: Path, split: bool) -> None:
    options = BuildOptions(src, out, pdf=False, cache=False)
    # A caller's executor counts as two workers: a single event is split in two parts.
    build_site(options, executor=InlineExecutor() if split else None)


@pytest.fixture
def src(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "small.trf").write_text(small_round_robin(), encoding="utf-8")
    return folder


def test_split_event_gives_the_same_files(src: Path, tmp_path: Path) -> None:
    _build(src, tmp_path / "whole", split=False)
    _build(src, tmp_path / "split", split=True)
    whole = _tree(tmp_path / "whole")
    assert any(path.startswith("small/players/") for path in whole)
    assert _tree(tmp_path / "split") == whole


def test_a_page_failing_in_one_part_fails_the_whole_event(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = pages_cards.player_card

    def broken(data: EventData, player: Player) -> object:
        if player.id == 2:  # only one part builds this card
            raise RuntimeError("broken card")
        return real(data, player)

    monkeypatch.setattr(pages_cards, "player_card", broken)
    _build(src, tmp_path / "whole", split=False)
    _build(src, tmp_path / "split", split=True)
    whole = _tree(tmp_path / "whole")
    # Unsplit, the failing card turns the event into its overview and validation pages.
    assert sorted(p for p in whole if p.startswith("small/")) == [
        "small/index.html",
        "small/validation.html",
    ]
    assert _tree(tmp_path / "split") == whole


def _build_with_pdf(src: Path, out: Path, split: bool) -> None:
    # split: the bulletin is made by its own task while two parts render the pages
    options = BuildOptions(src, out, pdf=True, cache=False)
    build_site(options, executor=InlineExecutor() if split else None)


def _links_to_pdf(folder: Path) -> list[str]:
    return sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*.html")
        if 'href="small.pdf"' in p.read_text(encoding="utf-8")
        or 'href="../small.pdf"' in p.read_text(encoding="utf-8")
    )


def test_split_event_with_a_bulletin_gives_the_same_files(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_again(*args: object) -> None:
        raise AssertionError("the people pages must get the players from the event's parts")

    # the PAGES task of part 0 brings the players, though the bulletin task comes first
    monkeypatch.setattr("trfsite.pages.people_entries.read_entries", read_again)
    _build_with_pdf(src, tmp_path / "whole", split=False)
    _build_with_pdf(src, tmp_path / "split", split=True)
    whole = _tree(tmp_path / "whole")
    assert "small/small.pdf" in whole and "people/alpha-anna-ger.html" in whole
    assert _links_to_pdf(tmp_path / "whole")  # the pages link to the bulletin
    assert _tree(tmp_path / "split") == whole  # the PDF too, byte for byte


def test_a_failed_bulletin_in_a_split_build_leaves_no_link_to_it(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> bytes:
        raise RuntimeError("broken bulletin")

    monkeypatch.setattr("trfsite.site.event_build.make_pdf", broken)
    _build_with_pdf(src, tmp_path / "whole", split=False)
    _build_with_pdf(src, tmp_path / "split", split=True)
    whole = _tree(tmp_path / "whole")
    assert "small/small.pdf" not in whole
    assert any(path.startswith("small/players/") for path in whole)
    assert _links_to_pdf(tmp_path / "split") == []
    assert _tree(tmp_path / "split") == whole
