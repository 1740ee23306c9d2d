"""An event split between workers gives the same files as one built in one piece."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
from sitehelpers import small_round_robin

from trfsite.model import Player
from trfsite.pages import cards as pages_cards
from trfsite.pages import gather
from trfsite.pages.dealing import pages_by_kind, pages_of_part
from trfsite.pages.plan import EventData
from trfsite.render.theme import ThemeError
from trfsite.site import event_build, event_run, executors
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.event_build import EventOutput, EventTask
from trfsite.site.executors import InlineExecutor
from trfsite.site.people_step import PeopleStep


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
    # People pages, which a site of one event has only when asked: their steps are
    # timed against the event's parts.
    (folder / "trfsite.toml").write_text("[people]\npages = true\n", encoding="utf-8")
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

    def broken(data: EventData, player: Player, explained: object = None) -> object:
        if player.id == 2:  # only one part builds this card
            raise RuntimeError("broken card")
        return real(data, player, explained)  # type: ignore[arg-type]

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


def test_pages_are_dealt_to_exactly_one_part() -> None:
    # 20 pages, 2 parts: dealt in turn (10 turns), and part 0, which also lists the
    # players for the people pages, hands its last 10 // 3 = 3 pages (14, 16, 18) on.
    assert pages_of_part(20, 0, 2) == [0, 2, 4, 6, 8, 10, 12]
    assert pages_of_part(20, 1, 2) == [1, 3, 5, 7, 9, 11, 13, 14, 15, 16, 17, 18, 19]
    # 3 parts: 7 turns (0, 3, ..., 18), 7 // 3 = 2 handed (15 to part 1, 18 to part 2).
    assert pages_of_part(20, 0, 3) == [0, 3, 6, 9, 12]
    assert pages_of_part(20, 1, 3) == [1, 4, 7, 10, 13, 15, 16, 19]
    assert pages_of_part(20, 2, 3) == [2, 5, 8, 11, 14, 17, 18]
    for count in (0, 1, 7, 30, 2030):
        for parts in (1, 2, 3, 4):
            dealt = [i for part in range(parts) for i in pages_of_part(count, part, parts)]
            assert sorted(dealt) == list(range(count)), (count, parts)


class _LazyFuture(Future[Any]):
    """Runs its call only when its result is asked for, so the order of calls is seen."""

    def __init__(self, call: Callable[[], Any]) -> None:
        super().__init__()
        self._call = call

    def result(self, timeout: float | None = None) -> Any:
        if not self.done():
            self.set_result(self._call())
        return super().result(timeout)


class _LazyExecutor(Executor):
    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return _LazyFuture(lambda: fn(*args, **kwargs))


def test_people_pages_are_made_once_the_first_part_is_in(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first part lists the players, so the people pages need not wait for part 1.
    calls: list[str] = []
    real_event, real_people = event_run.build_event, PeopleStep.make

    def event(task: EventTask) -> EventOutput:
        calls.append(f"part {task.part}")
        return real_event(task)

    def people(step: PeopleStep) -> int:
        calls.append("people")
        return real_people(step)

    monkeypatch.setattr(event_run, "build_event", event)
    monkeypatch.setattr(PeopleStep, "make", people)
    options = BuildOptions(src, tmp_path / "out", pdf=False, cache=False)
    build_site(options, executor=_LazyExecutor())
    assert calls[:3] == ["part 0", "people", "part 1"]
    assert (tmp_path / "out/people/index.html").is_file()
    _build(src, tmp_path / "whole", split=False)
    assert _tree(tmp_path / "out") == _tree(tmp_path / "whole")


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

    # the PAGES task of part 0 brings the players; the bulletin task lists none
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


fork_only = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork", reason="workers start as forks on Linux only"
)


@fork_only
def test_each_part_explains_only_the_players_of_its_cards(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The event's process ranks it without explanations; each page worker explains the
    players whose cards it builds, once (a file per worker tells which)."""
    log = tmp_path / "explained"
    log.mkdir()
    real = pages_cards.CardExplanations.prepare

    def logged(self: pages_cards.CardExplanations, keys: Any) -> None:
        with (log / str(os.getpid())).open("a", encoding="utf-8") as out:
            out.write(" ".join(map(str, keys)) + "\n")
        real(self, keys)

    monkeypatch.setattr(pages_cards.CardExplanations, "prepare", logged)
    monkeypatch.setattr(gather, "compute_final", _unexplained(gather.compute_final))
    build_site(BuildOptions(src, tmp_path / "forked", pdf=False, cache=False, jobs=2))
    calls = [f.read_text("utf-8").splitlines() for f in sorted(log.iterdir())]
    assert len(calls) == 2 and all(len(lines) == 1 for lines in calls)  # once per worker
    parts = [set(map(int, lines[0].split())) for lines in calls]
    assert not parts[0] & parts[1]
    assert parts[0] | parts[1] == {1, 2, 3, 4}
    assert os.getpid() not in {int(f.name) for f in log.iterdir()}
    monkeypatch.setattr(pages_cards.CardExplanations, "prepare", real)
    _build(src, tmp_path / "whole", split=False)
    assert _tree(tmp_path / "forked") == _tree(tmp_path / "whole")
    whole = (tmp_path / "whole" / "small" / "players" / "1.html").read_text("utf-8")
    assert "How the tie-breaks were computed" in whole


def test_a_card_takes_its_player_s_explanations_with_it() -> None:
    """Made, a card holds its explanations alone: the batch keeps none (they outlived
    the part's pages, and the collector went over them). Made again, it is the same."""
    from trfsite.pages.config import EventConfig
    from trfsite.pages.contexts import SiteInfo
    from trfsite.pages.plan import EventJob, prepare_batches

    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    data = small_round_robin().encode("utf-8")
    job = EventJob(data, "small.trf", "small", "", EventConfig(), site, False)
    cards = [p for p in gather.prepare_event(job).plans if p.template == "player.html"]
    batch = cards[0].batch
    assert isinstance(batch, pages_cards.CardExplanations)
    prepare_batches(cards[:2])
    first = cards[0].build().context
    assert first.explanations and first.rating_card is not None  # type: ignore[attr-defined]
    # Player 2's are still waiting for their card; player 1's went with theirs.
    assert set(batch._tiebreaks) == {cards[1].key} == set(batch._ratings)
    assert cards[0].build().context == first
    assert set(batch._tiebreaks) == {cards[1].key}


def _unexplained(compute_final: Callable[..., Any]) -> Callable[..., Any]:
    """compute_final, failing if asked for explanations (the workers make them)."""

    def checked(t: Any, config: Any, for_pages: bool = True) -> Any:
        assert not for_pages, "the event's process explained every player"
        return compute_final(t, config, for_pages)

    return checked


@fork_only
def test_a_split_event_is_read_and_ranked_once_before_the_workers_fork(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parent = os.getpid()
    real = event_build.prepare_event
    prepared_here: list[str] = []

    def only_here(*args: Any, **kwargs: Any) -> Any:
        # In a worker this raises, and the build fails: the workers must use the shared event.
        assert os.getpid() == parent, "a worker read and ranked the event again"
        prepared_here.append("once")
        return real(*args, **kwargs)

    monkeypatch.setattr(event_build, "prepare_event", only_here)
    build_site(BuildOptions(src, tmp_path / "forked", pdf=False, cache=False, jobs=2))
    assert prepared_here == ["once"]
    assert not event_build._SHARED  # released once the event is in
    monkeypatch.setattr(event_build, "prepare_event", real)
    _build(src, tmp_path / "whole", split=False)
    assert _tree(tmp_path / "forked") == _tree(tmp_path / "whole")


@fork_only
def test_a_split_bulletin_starts_at_once_in_its_own_process(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parent = os.getpid()
    real = event_build.prepare_event
    log = tmp_path / "prepared.txt"

    def logged(*args: Any, **kwargs: Any) -> Any:
        # One line per call, from whichever process: who, for what, and whether the
        # parent's shared event already existed when that process was forked.
        who = "parent" if os.getpid() == parent else "child"
        pages = kwargs.get("with_pages", True)
        with log.open("a", encoding="utf-8") as file:
            file.write(f"{who} pages={pages} shared={bool(event_build._SHARED)}\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(event_build, "prepare_event", logged)
    build_site(BuildOptions(src, tmp_path / "forked", pdf=True, cache=False, jobs=2))
    lines = sorted(log.read_text(encoding="utf-8").splitlines())
    # The parent prepares the event once for the pages; the bulletin's process, forked
    # before that (it found no shared event), reads and ranks what the bulletin needs.
    assert lines == ["child pages=False shared=False", "parent pages=True shared=False"]
    assert not event_build._SHARED
    monkeypatch.setattr(event_build, "prepare_event", real)
    _build_with_pdf(src, tmp_path / "whole", split=False)
    assert "small/small.pdf" in _tree(tmp_path / "whole")
    assert _tree(tmp_path / "forked") == _tree(tmp_path / "whole")


@fork_only
def test_the_pages_workers_yield_the_cores_to_a_bulletin_apart(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each worker lowers its own priority as it starts (a fork: it writes down here).
    log = tmp_path / "nice.log"

    def nice(by: int) -> int:
        with log.open("a", encoding="utf-8") as file:
            file.write(f"{os.getpid()} {by}\n")
        return by

    monkeypatch.setattr(executors.os, "nice", nice)
    build_site(BuildOptions(src, tmp_path / "pdf", pdf=True, cache=False, jobs=2))
    calls = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    # the pool's two workers, five steps nicer; never this process
    assert len(calls) == 2 and str(os.getpid()) not in {pid for pid, _ in calls}
    assert {by for _, by in calls} == {"5"}
    log.unlink()
    build_site(BuildOptions(src, tmp_path / "html", pdf=False, cache=False, jobs=2))
    assert not log.exists()  # no bulletin: the pages run at the build's own priority


def test_a_shared_event_deals_each_kind_of_page_in_runs_of_even_weight() -> None:
    # Each kind is cut in runs of consecutive pages (cards of neighbouring players
    # share memory). The most numerous kind (the cards) comes last, in runs that bring
    # each part nearest the mean weight; another kind's odd pages go to the lightest
    # parts so far (ties: the lower part).
    pages = [("overview", 10), ("standings", 30), ("standings", 20), ("standings", 20)]
    pages += [("crosstable", 50)] + [("card", 10)] * 5
    # Two parts, by hand: overview -> 0 (10, 0); standings 1 to part 0, the odd one to
    # the lighter part 1 (40, 40); crosstable -> 0 (90, 40). Mean (130 + 50) / 2 = 90:
    # part 0 is there already, part 1 takes every card (90, 90).
    assert pages_by_kind(pages, 0, 2) == [0, 1, 4]
    assert pages_by_kind(pages, 1, 2) == [2, 3, 5, 6, 7, 8, 9]
    # Three: overview -> 0 (10, 0, 0); one standings each (40, 20, 20); crosstable ->
    # part 1 (40, 70, 20). Mean 60: part 0 takes two cards (60), part 1 none, part 2
    # the three left (50).
    assert pages_by_kind(pages, 0, 3) == [0, 1, 5, 6]
    assert pages_by_kind(pages, 1, 3) == [2, 4]
    assert pages_by_kind(pages, 2, 3) == [3, 7, 8, 9]
    for parts in (1, 2, 3, 4, 7):
        dealt = [i for part in range(parts) for i in pages_by_kind(pages, part, parts)]
        assert sorted(dealt) == list(range(len(pages)))
    assert pages_by_kind([], 0, 2) == []


def test_the_open_s_two_parts_get_pages_of_about_the_same_weight() -> None:
    # The 2000-player open's plan: part 0 took the crosstable and the final standings
    # and left with 0.18 s of CPU more than part 1 when the runs were even in number.
    plans = [("overview", 4000), ("players", 20000), ("standings", 32000)]
    plans += [("standings", 20000)] * 11 + [("crosstable", 110000), ("statistics", 9000)]
    plans += [("startlist", 16000)] + [("round", 8000)] * 11 + [("card", 605)] * 2000
    loads = [sum(plans[i][1] for i in pages_by_kind(plans, part, 2)) for part in (0, 1)]
    assert abs(loads[0] - loads[1]) <= 605  # within one card
    for part in (0, 1):  # the cards (from index 28) in one run each
        cards = [i for i in pages_by_kind(plans, part, 2) if i >= 28]
        assert cards == list(range(cards[0], cards[-1] + 1))


@fork_only
def test_the_people_pages_start_while_the_event_is_still_prepared(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The players are listed before the rounds are ranked: the people pages' worker
    # starts then, on the core that would wait for the preparation.
    order: list[str] = []
    real_rounds, real_start = gather.compute_rounds, PeopleStep.start

    def rounds(*args: Any, **kwargs: Any) -> Any:
        order.append("rounds ranked")
        return real_rounds(*args, **kwargs)

    def start(step: PeopleStep) -> None:
        real_start(step)
        order.append("people started" if step._started is not None else "people not started")

    monkeypatch.setattr(gather, "compute_rounds", rounds)
    monkeypatch.setattr(PeopleStep, "start", start)
    build_site(BuildOptions(src, tmp_path / "forked", pdf=False, cache=False, jobs=2))
    assert order == ["people started", "rounds ranked"]
    _build(src, tmp_path / "whole", split=False)
    assert _tree(tmp_path / "forked") == _tree(tmp_path / "whole")


@fork_only
def test_an_event_failing_after_listing_its_players_gets_the_people_pages_made_again(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("rounds broken")

    redone: list[str] = []
    real_redo = PeopleStep.redo

    def redo(step: PeopleStep) -> None:
        redone.append("redo")
        real_redo(step)

    # the people pages started with the event's players; the event then fails, and
    # its players come from its file again, as for any event without listed players
    monkeypatch.setattr(gather, "compute_rounds", broken)
    monkeypatch.setattr(PeopleStep, "redo", redo)
    build_site(BuildOptions(src, tmp_path / "forked", pdf=False, cache=False, jobs=2))
    assert redone == ["redo"]
    build_site(BuildOptions(src, tmp_path / "whole", pdf=False, cache=False, jobs=1))
    forked = _tree(tmp_path / "forked")
    assert "small/validation.html" in forked and "small/players/1.html" not in forked
    assert "people/index.html" in forked
    assert forked == _tree(tmp_path / "whole")


@fork_only
def test_a_broken_theme_template_is_told_by_file_and_line_in_a_split_build(
    src: Path, tmp_path: Path
) -> None:
    # The split build loads the theme's templates before its workers fork; a broken
    # one that no page uses is skipped there, and one that a page uses fails as
    # always: a ThemeError naming its file and line, and OUT left as it was.
    theme = tmp_path / "broken"
    (theme / "templates").mkdir(parents=True)
    (theme / "theme.toml").write_text('name = "broken"\nextends = "default"\n')
    (theme / "templates/unused.html").write_text("{% if %}")
    options = BuildOptions(src, tmp_path / "out", theme=str(theme), pdf=False, jobs=2)
    build_site(options)  # the unused template breaks nothing
    assert (tmp_path / "out/small/players.html").is_file()
    (theme / "templates/players.html").write_text('{% extends "base.html" %}\n{% block x %')
    before = (tmp_path / "out/small/players.html").read_bytes()
    with pytest.raises(ThemeError) as caught:
        build_site(options)
    assert "players.html:2" in caught.value.format_message()
    assert (tmp_path / "out/small/players.html").read_bytes() == before
