"""A listing page sent alone (a federation's, a quarter of the archive's people) is on
its way one at a time: the batches in flight held four of them at once, the largest
moment of a 3,000-event build's end (issue 46)."""

from __future__ import annotations

from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from sitehelpers import small_event_tasks

from trfsite.people.pages import PeoplePage
from trfsite.site.people_files import PageFiles, PeopleRun, RenderBatch


class _Done(Future[Any]):
    """Done at once; says when the build collects it."""

    def __init__(self, collected: list[_Done], pages: tuple[str, ...]) -> None:
        super().__init__()
        self.pages = pages
        self._collected = collected
        self.set_result(((), 0, 0))

    def result(self, timeout: float | None = None) -> Any:
        self._collected.append(self)
        return super().result(timeout)


class _Counting(Executor):
    """Renders nothing: counts the pages sent alone still on their way at each call."""

    def __init__(self) -> None:
        self.sent: list[_Done] = []
        self.collected: list[_Done] = []
        self.most_alone = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        batch: RenderBatch = args[0]
        done = _Done(self.collected, tuple(page.path for page in batch.pages))
        self.sent.append(done)
        on_their_way = [f for f in self.sent if f not in self.collected]
        alone = sum(1 for f in on_their_way if f.pages[0].startswith("big/"))
        self.most_alone = max(self.most_alone, alone)
        return done


def test_pages_sent_alone_are_on_their_way_one_at_a_time(tmp_path: Path) -> None:
    workers = _Counting()
    task = small_event_tasks(("a",))[0]
    pages = PageFiles(PeopleRun(workers, 2, "f", True), tmp_path, None, task)
    for n in range(100):  # past those held to be made here
        pages.send(PeoplePage(f"small/{n}.html", "people_group.html", "rows"))  # type: ignore[arg-type]
    for name in ("ger", "cze", "aut", "hun", "sui"):
        pages.send_alone(PeoplePage(f"big/{name}.html", "people_group.html", "many"))  # type: ignore[arg-type]
        pages.send(PeoplePage(f"small/{name}.html", "people_group.html", "rows"))  # type: ignore[arg-type]
    pages.finish()
    alone = [f.pages for f in workers.sent if f.pages[0].startswith("big/")]
    assert alone == [(f"big/{name}.html",) for name in ("ger", "cze", "aut", "hun", "sui")]
    assert workers.most_alone == 1  # main: 3 (four batches in flight, small ones between)
    assert len(workers.collected) == len(workers.sent)  # every page's batch collected
