"""An event split between forked workers gives the same files as one built in one piece.

With fewer events than workers, the build prepares each event once, then it and a
forked pool render every n-th page each (``trfsite.site.split_event``).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any
from unittest.mock import Mock

import pytest
from sitehelpers import small_round_robin
from treedigest import tree_digest

from trfsite import validate
from trfsite.model import Player
from trfsite.pages import cards as pages_cards
from trfsite.pages import event as pages_event
from trfsite.pages import gather
from trfsite.pages.plan import EventData, PagePlan
from trfsite.render.theme import ThemeError
from trfsite.site import event_build, split_event
from trfsite.site.build import BuildOptions, build_site

# the build cache is bookkeeping, not output
_tree = partial(tree_digest, ignore=lambda name: name == ".trfsite-cache-id")

pytestmark = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork", reason="workers start as forks on Linux only"
)


def _build(src: Path, out: Path, split: bool, pdf: bool = False) -> None:
    # Two jobs for one event: it is split between two forked workers.
    build_site(BuildOptions(src, out, pdf=pdf, cache=False, jobs=2 if split else 1))


@pytest.fixture
def src(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "small.trf").write_text(small_round_robin(), encoding="utf-8")
    # People pages, which a site of one event has only when asked.
    (folder / "trfsite.toml").write_text("[people]\npages = true\n", encoding="utf-8")
    return folder


def _log_pages(log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each page a part builds, logged as "who path" ("here": this process)."""
    parent = os.getpid()
    real = split_event.part_of

    def logged(prepared: gather.PreparedEvent, part: int = 0, parts: int = 1) -> Any:
        who = "here" if os.getpid() == parent else "worker"
        with log.open("a", encoding="utf-8") as out:  # a line each, from either process
            out.writelines(f"{who} {plan.path}\n" for plan in prepared.plans[part::parts])
        return real(prepared, part, parts)

    monkeypatch.setattr(split_event, "part_of", logged)


def _built(log: Path) -> list[tuple[str, str]]:
    return [(who, path) for who, path in (line.split() for line in log.read_text().splitlines())]


def test_split_event_gives_the_same_files(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _log_pages(tmp_path / "built", monkeypatch)
    _build(src, tmp_path / "whole", split=False)
    _build(src, tmp_path / "split", split=True)
    whole = _tree(tmp_path / "whole")
    assert any(path.startswith("small/players/") for path in whole)
    assert "people/index.html" in whole
    assert _tree(tmp_path / "split") == whole
    built = _built(tmp_path / "built")  # the split build's pages (the other has no parts)
    paths = [path for _, path in built]
    assert len(paths) == len(set(paths)) and set(paths) <= set(whole)  # each page once
    assert {"small/index.html", "small/players/4.html", "small/validation.html"} <= set(paths)
    assert {who for who, _ in built} == {"here", "worker"}


def test_a_busy_part_leaves_the_single_pages_to_the_free_one(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cards are dealt every other one; the single pages go to whichever part is
    free: here, the worker is held on its cards until this process has built its part,
    so this process takes every single page and the worker none."""
    log, done = tmp_path / "built", tmp_path / "done"
    unlogged, real_render = split_event.part_of, split_event.render_event
    _log_pages(log, monkeypatch)
    parent = os.getpid()
    real_part = split_event.part_of

    def held(prepared: gather.PreparedEvent, part: int = 0, parts: int = 1) -> Any:
        if os.getpid() != parent and prepared.plans and prepared.plans[0].batch is not None:
            for _ in range(6000):  # the worker's cards wait for this process's part
                if done.exists():
                    break
                time.sleep(0.01)
        return real_part(prepared, part, parts)

    def rendered(*args: Any, **kwargs: Any) -> Any:
        output = real_render(*args, **kwargs)
        if os.getpid() == parent:
            done.touch()
        return output

    monkeypatch.setattr(split_event, "part_of", held)
    monkeypatch.setattr(split_event, "render_event", rendered)
    _build(src, tmp_path / "split", split=True)
    built = _built(log)
    cards = {f"small/players/{n}.html" for n in range(1, 5)}
    worker = [path for who, path in built if who == "worker"]
    here = [path for who, path in built if who == "here"]
    assert sorted(worker) == ["small/players/2.html", "small/players/4.html"]
    assert set(here) & cards == {"small/players/1.html", "small/players/3.html"}
    assert len(here) == len(set(here)) == len(built) - 2  # every single page, once
    monkeypatch.setattr(split_event, "part_of", unlogged)
    monkeypatch.setattr(split_event, "render_event", real_render)
    _build(src, tmp_path / "whole", split=False)
    assert _tree(tmp_path / "split") == _tree(tmp_path / "whole")


def test_the_single_pages_are_taken_from_those_after_the_cards() -> None:
    """Dealt: the plans with a batch (cards). Taken: the others, those after the last
    card first, so that the many light round pages, before the cards, come last."""
    batch = pages_cards.CardExplanations.__new__(pages_cards.CardExplanations)
    names = ("index", "round-1", "card-1", "card-2", "card-3", "data", "feed")
    plans = [
        PagePlan(name, "t.html", Mock(), batch if name.startswith("card") else None)
        for name in names
    ]
    dealt, single = split_event.deal(plans)
    assert [plan.path for plan in dealt] == ["card-1", "card-2", "card-3"]
    assert [plan.path for plan in single] == ["data", "feed", "index", "round-1"]
    assert split_event.deal(plans[:2])[1] == tuple(plans[:2])  # no cards: in their order


@pytest.mark.parametrize("page", ["card", "crosstable"])
def test_a_page_failing_in_one_part_fails_the_whole_event(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    real = pages_cards.player_card

    def broken(data: EventData, player: Player, explained: object = None) -> object:
        if player.id == 2:  # only one part builds this card
            raise RuntimeError("broken card")
        return real(data, player, explained)  # type: ignore[arg-type]

    def broken_crosstable(data: EventData) -> object:
        raise RuntimeError("broken crosstable")  # a single page, taken by one part

    # The workers inherit either.
    if page == "card":
        monkeypatch.setattr(pages_cards, "player_card", broken)
    else:
        monkeypatch.setattr(pages_event, "crosstable_page", broken_crosstable)
    _build(src, tmp_path / "whole", split=False)
    _build(src, tmp_path / "split", split=True)
    whole = _tree(tmp_path / "whole")
    # Unsplit, the failing card turns the event into its overview and validation pages.
    assert sorted(p for p in whole if p.startswith("small/")) == [
        "small/index.html",
        "small/validation.html",
    ]
    assert _tree(tmp_path / "split") == whole


def _links_to_pdf(folder: Path) -> list[str]:
    return sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*.html")
        if 'href="small.pdf"' in p.read_text(encoding="utf-8")
        or 'href="../small.pdf"' in p.read_text(encoding="utf-8")
    )


def test_a_split_event_s_output_budget_is_checked_on_the_whole_event(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Which pages a part takes depends on which part is free first: the budget's
    warning must not. The event is checked once, on the files of all its parts."""
    totals: list[int] = []
    real = event_build.over_output_budget

    def counted(source_name: str, sizes: Any) -> int:
        sizes = tuple(sizes)
        totals.append(sum(size for _, size in sizes))
        return int(real(source_name, sizes))

    monkeypatch.setattr(event_build, "over_output_budget", counted)
    monkeypatch.setattr(split_event, "over_output_budget", counted)
    whole = build_site(BuildOptions(src, tmp_path / "whole", pdf=False, cache=False, jobs=1))
    (total,) = totals
    # One byte under the whole event: each part is under it, the event is not.
    budget = event_build.MAX_EVENT_OUTPUT_BYTES._replace(limit=total - 1)
    monkeypatch.setattr(event_build, "MAX_EVENT_OUTPUT_BYTES", budget)
    totals.clear()
    split = build_site(BuildOptions(src, tmp_path / "split", pdf=False, cache=False, jobs=2))
    assert totals == [total]  # main: part 0's files alone, in this process
    assert split.warnings == whole.warnings + 1


def test_split_event_with_a_bulletin_gives_the_same_files(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_again(*args: object) -> None:
        raise AssertionError("the people pages must get the players from the event's parts")

    # the event prepared for the pages brings the players; the bulletin lists none
    monkeypatch.setattr("trfsite.people.listing.read_entries", read_again)
    _build(src, tmp_path / "whole", split=False, pdf=True)
    _build(src, tmp_path / "split", split=True, pdf=True)
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
    _build(src, tmp_path / "whole", split=False, pdf=True)
    _build(src, tmp_path / "split", split=True, pdf=True)
    whole = _tree(tmp_path / "whole")
    assert "small/small.pdf" not in whole
    assert any(path.startswith("small/players/") for path in whole)
    assert _links_to_pdf(tmp_path / "split") == []
    assert _tree(tmp_path / "split") == whole


def test_each_part_explains_only_the_players_of_its_cards(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The event's process ranks it without explanations; each part (this process's
    own, and the worker's) explains the players whose cards it builds, once (a file per
    process tells which)."""
    log = tmp_path / "explained"
    log.mkdir()
    real = pages_cards.CardExplanations.prepare

    def logged(self: pages_cards.CardExplanations, keys: Any) -> None:
        with (log / str(os.getpid())).open("a", encoding="utf-8") as out:
            out.write(" ".join(map(str, keys)) + "\n")
        real(self, keys)

    monkeypatch.setattr(pages_cards.CardExplanations, "prepare", logged)
    compute_final = gather.compute_final
    monkeypatch.setattr(gather, "compute_final", _unexplained(compute_final))
    build_site(BuildOptions(src, tmp_path / "forked", pdf=False, cache=False, jobs=2))
    calls = [f.read_text("utf-8").splitlines() for f in sorted(log.iterdir())]
    assert len(calls) == 2 and all(len(lines) == 1 for lines in calls)  # once per part
    parts = [set(map(int, lines[0].split())) for lines in calls]
    assert not parts[0] & parts[1]
    assert parts[0] | parts[1] == {1, 2, 3, 4}
    # Here only for the first part's cards (its players: every other one), not before.
    here = (log / str(os.getpid())).read_text("utf-8").split()
    assert sorted(map(int, here)) == [1, 3]
    monkeypatch.setattr(pages_cards.CardExplanations, "prepare", real)
    # Built whole, the event is ranked once, explained (test_ranked_once).
    monkeypatch.setattr(gather, "compute_final", compute_final)
    _build(src, tmp_path / "whole", split=False)
    assert _tree(tmp_path / "forked") == _tree(tmp_path / "whole")
    whole = (tmp_path / "whole" / "small" / "players" / "1.html").read_text("utf-8")
    assert "How the tie-breaks were computed" in whole


def test_a_card_takes_its_player_s_explanations_with_it() -> None:
    """Made, a card holds its explanations alone: the batch keeps none (they outlived
    the part's pages, and the collector went over them). Made again, it is the same."""
    from trfsite.pages.config import EventConfig
    from trfsite.pages.plan import EventJob, prepare_batches
    from trfsite.render.page_meta import SiteInfo

    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    data = small_round_robin().encode("utf-8")
    job = EventJob(data, "small.trf", "small", "", EventConfig(), site, False)
    prepared = gather.prepare_event(job, check_beside=True)  # as a split build's parts
    cards = [p for p in prepared.plans if p.template == "player.html"]
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


def test_a_split_event_is_read_and_ranked_once_before_the_workers_fork(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parent = os.getpid()
    real = split_event.prepare_event
    prepared_here: list[str] = []

    def only_here(*args: Any, **kwargs: Any) -> Any:
        # In a worker this raises, and the build fails: the workers use the parent's event.
        assert os.getpid() == parent, "a worker read and ranked the event again"
        prepared_here.append("once")
        return real(*args, **kwargs)

    monkeypatch.setattr(split_event, "prepare_event", only_here)
    monkeypatch.setattr(event_build, "prepare_event", only_here)
    build_site(BuildOptions(src, tmp_path / "forked", pdf=False, cache=False, jobs=2))
    assert prepared_here == ["once"]
    assert not split_event._PREPARED  # released once the event is in
    monkeypatch.setattr(split_event, "prepare_event", real)
    monkeypatch.setattr(event_build, "prepare_event", real)
    _build(src, tmp_path / "whole", split=False)
    assert _tree(tmp_path / "forked") == _tree(tmp_path / "whole")


def test_a_split_bulletin_starts_at_once_in_its_own_process(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parent = os.getpid()
    log = tmp_path / "prepared.txt"

    def logged(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            # One line per call, from whichever process: who, for what, and whether the
            # parent's prepared event already existed when that process was forked.
            who = "parent" if os.getpid() == parent else "child"
            pages = kwargs.get("with_pages", True)
            with log.open("a", encoding="utf-8") as file:
                file.write(f"{who} pages={pages} prepared={bool(split_event._PREPARED)}\n")
            return real(*args, **kwargs)

        return call

    real = event_build.prepare_event
    monkeypatch.setattr(split_event, "prepare_event", logged(real))
    monkeypatch.setattr(event_build, "prepare_event", logged(real))
    build_site(BuildOptions(src, tmp_path / "forked", pdf=True, cache=False, jobs=2))
    lines = sorted(log.read_text(encoding="utf-8").splitlines())
    # The parent prepares the event once for the pages; the bulletin's process, forked
    # before that, reads and ranks what the bulletin needs.
    assert lines == ["child pages=False prepared=False", "parent pages=True prepared=False"]
    assert not split_event._PREPARED
    monkeypatch.setattr(split_event, "prepare_event", real)
    monkeypatch.setattr(event_build, "prepare_event", real)
    _build(src, tmp_path / "whole", split=False, pdf=True)
    assert "small/small.pdf" in _tree(tmp_path / "whole")
    assert _tree(tmp_path / "forked") == _tree(tmp_path / "whole")


def test_an_event_failing_after_listing_its_players_still_has_its_people_pages(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("rounds broken")

    # the event fails after its players were listed: they come from its file again,
    # as for any event without listed players
    monkeypatch.setattr(gather, "ranked_rounds", broken)
    build_site(BuildOptions(src, tmp_path / "forked", pdf=False, cache=False, jobs=2))
    build_site(BuildOptions(src, tmp_path / "whole", pdf=False, cache=False, jobs=1))
    forked = _tree(tmp_path / "forked")
    assert "small/validation.html" in forked and "small/players/1.html" not in forked
    assert "people/index.html" in forked
    assert forked == _tree(tmp_path / "whole")


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


def test_a_split_event_is_checked_by_a_helper_beside_its_ranking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The split build's process ranks the event while forked helpers check its file,
    once (those checks that need no ranking in one, the others in a second); a build in
    one process checks it there. The helpers' findings come through."""
    src = tmp_path / "src"
    src.mkdir()
    # Dora (0 points) declared 3rd and Gus (1.5) 4th: two rank warnings.
    lines = small_round_robin().splitlines()
    lines[-2] = lines[-2][:85] + "   4" + lines[-2][89:]
    lines[-1] = lines[-1][:85] + "   3" + lines[-1][89:]
    (src / "small.trf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    log = tmp_path / "checked"
    log.mkdir()
    real = validate.check_findings

    def logged(*args: Any, **kwargs: Any) -> Any:
        with (log / str(os.getpid())).open("a", encoding="utf-8") as out:
            out.write("checked\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(validate, "check_findings", logged)
    _build(src, tmp_path / "split", split=True)
    checked = {int(f.name): f.read_text("utf-8").count("checked") for f in log.iterdir()}
    assert os.getpid() not in checked and list(checked.values()) == [1, 1]
    for f in log.iterdir():
        f.unlink()
    _build(src, tmp_path / "whole", split=False)
    checked = {int(f.name): f.read_text("utf-8").count("checked") for f in log.iterdir()}
    assert checked == {os.getpid(): 1}
    assert _tree(tmp_path / "split") == _tree(tmp_path / "whole")
    page = (tmp_path / "split" / "small" / "validation.html").read_text("utf-8")
    assert page.count("standings-rank-mismatch") == 2


def test_the_build_s_own_process_renders_the_first_part_beside_the_workers(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With two jobs, one worker is forked: this process renders part 0 itself (the
    first of every other card), rather than waiting for two workers (a fork, the
    event's pages piped back)."""
    real = split_event.part_of
    _log_pages(tmp_path / "built", monkeypatch)
    _build(src, tmp_path / "split", split=True)
    cards = [(who, path) for who, path in _built(tmp_path / "built") if "/players/" in path]
    assert sorted(cards) == [
        ("here", "small/players/1.html"),
        ("here", "small/players/3.html"),
        ("worker", "small/players/2.html"),
        ("worker", "small/players/4.html"),
    ]
    monkeypatch.setattr(split_event, "part_of", real)
    _build(src, tmp_path / "whole", split=False)
    assert _tree(tmp_path / "split") == _tree(tmp_path / "whole")


def test_a_split_event_s_objects_are_gone_before_the_collector_resumes(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The collector's first pass after a pause goes over every object made during it:
    the prepared event must be freed first (it was still alive: 0.09 s of CPU on the open)."""
    import contextlib
    import gc
    from collections.abc import Iterator

    real, real_prepare = split_event.paused_collector, split_event.prepare_event
    made: list[int] = []  # the id of the event prepared (not the event: it would live on)
    alive: list[bool] = []

    def prepare(*args: Any, **kwargs: Any) -> gather.PreparedEvent:
        prepared = real_prepare(*args, **kwargs)
        made.append(id(prepared))
        return prepared

    @contextlib.contextmanager
    def counted() -> Iterator[None]:
        with real():
            yield
            # The last moment of the pause: what the collector would meet first.
            alive.append(
                any(id(o) in made and isinstance(o, gather.PreparedEvent) for o in gc.get_objects())
            )

    monkeypatch.setattr(split_event, "prepare_event", prepare)
    monkeypatch.setattr(split_event, "paused_collector", counted)
    _build(src, tmp_path / "split", split=True)
    assert len(made) == 1
    assert alive == [False]


def test_the_archive_starts_as_soon_as_a_split_event_s_files_are_written(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The archive reads the event's data files only: it starts beside what follows them
    on one core (the workers' exit, the event freed, its offline copy), not after."""
    from trfsite.site import events, open_data

    steps: list[str] = []

    def logged(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            steps.append(name)
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(open_data, "start_archive", logged("archive", open_data.start_archive))
    monkeypatch.setattr(events, "write_offline_zip", logged("offline", events.write_offline_zip))
    monkeypatch.setattr(split_event, "forget_all", logged("freed", split_event.forget_all))
    _build(src, tmp_path / "split", split=True)
    assert steps == ["archive", "freed", "offline"]
    assert (tmp_path / "split" / "data" / "archive.sqlite").is_file()


def test_the_pool_s_workers_are_forked_before_a_split_event_is_prepared(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The archive's worker is forked while this process is small: forked at the event's
    end, it shared the prepared event's pages, which freeing the event then copied."""
    from trfsite.site import archive_work

    log = tmp_path / "pids"
    forked: list[set[int]] = []
    real_prepare, real_publish = split_event.prepare_event, archive_work.publish_copy

    def prepare(*args: Any, **kwargs: Any) -> gather.PreparedEvent:
        forked.append({child.pid for child in multiprocessing.active_children() if child.pid})
        return real_prepare(*args, **kwargs)

    def publish(*args: Any) -> None:
        with log.open("a", encoding="utf-8") as out:
            out.write(f"{os.getpid()}\n")
        real_publish(*args)

    monkeypatch.setattr(split_event, "prepare_event", prepare)
    monkeypatch.setattr(archive_work, "publish_copy", publish)
    _build(src, tmp_path / "split", split=True)
    (archived_by,) = {int(pid) for pid in log.read_text().split()}
    assert archived_by != os.getpid()
    assert archived_by in forked[0]


def test_the_event_is_freed_while_the_part_s_worker_exits(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's exit (it unmaps its copy of the event) is not waited for: this
    process frees the event meanwhile. Its exit is held until then (a thread it waits
    for), so that waiting for it is seen, not timed."""
    import threading

    parent = os.getpid()
    freed = multiprocessing.get_context("fork").Event()
    pid_file = tmp_path / "worker"
    alive_when_freed: list[bool] = []
    real_part_of, real_forget = split_event.part_of, split_event.forget_all

    def part_of(*args: Any, **kwargs: Any) -> Any:
        if os.getpid() != parent and not pid_file.exists():  # once, in the worker
            pid_file.write_text(str(os.getpid()), encoding="utf-8")
            threading.Thread(target=freed.wait, args=(10,)).start()
        return real_part_of(*args, **kwargs)

    def forget_all() -> None:
        worker = int(pid_file.read_text(encoding="utf-8"))
        alive_when_freed.append(worker in {c.pid for c in multiprocessing.active_children()})
        freed.set()
        real_forget()

    monkeypatch.setattr(split_event, "part_of", part_of)
    monkeypatch.setattr(split_event, "forget_all", forget_all)
    _build(src, tmp_path / "split", split=True)
    assert alive_when_freed == [True]
