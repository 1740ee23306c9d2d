"""The reused folders go to the linking workers as plain tuples (issue 46).

Pickling a ``Listing`` (a slotted dataclass) in a ``Reused`` took a Python call each,
in the build process, for each of a rebuild's unchanged events. The count here is of
the objects the pickle rebuilds by calling something (``REDUCE``/``NEWOBJ`` opcodes):
the three paths alone, whatever the number of folders.
"""

from __future__ import annotations

import pickle
import pickletools
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from trfsite.site.linking import Linking, Listing, Reused


class _PicklingExecutor(Executor):
    """Runs each call here on its arguments sent through pickle, as a pool would."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        data = pickle.dumps((fn, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
        self.sent.append(data)
        call, call_args, call_kwargs = pickle.loads(data)
        future: Future[Any] = Future()
        future.set_result(call(*call_args, **call_kwargs))
        return future


def _calls_in(data: bytes) -> int:
    return sum(1 for op, _, _ in pickletools.genops(data) if op.name in ("REDUCE", "NEWOBJ"))


def _event(live: Path, name: str, text: str) -> Reused:
    (live / name).mkdir(parents=True)
    (live / name / "index.html").write_text(text, encoding="utf-8")
    files = Listing.of(name, [(f"{name}/index.html", len(text.encode()))])
    return Reused(name, files)


def test_forty_folders_are_sent_to_the_workers_without_an_object_call_each(
    tmp_path: Path,
) -> None:
    live, tmp, donor = tmp_path / "live", tmp_path / "tmp", tmp_path / "donor"
    tmp.mkdir()
    donor.mkdir()
    folders = [_event(live, f"2024/event-{n:02d}", f"event {n}") for n in range(40)]
    # One damaged: its page is not the size listed.
    (live / "2024/event-07/index.html").write_text("changed by hand", encoding="utf-8")
    workers = _PicklingExecutor()
    linking = Linking(live, tmp, folders, workers, donor)
    assert linking.join() == ["2024/event-07"]
    assert len(workers.sent) == 8
    # Per call: the live build, the new one and the donor (a Path each), nothing else.
    assert [_calls_in(data) for data in workers.sent] == [3] * 8
    assert (tmp / "2024/event-39/index.html").read_text(encoding="utf-8") == "event 39"
    assert not (tmp / "2024/event-07").exists()


def test_folders_listed_as_pairs_are_sent_as_they_are(tmp_path: Path) -> None:
    live, tmp = tmp_path / "live", tmp_path / "tmp"
    tmp.mkdir()
    (live / "cup").mkdir(parents=True)
    (live / "cup/index.html").write_text("cup", encoding="utf-8")
    workers = _PicklingExecutor()
    linking = Linking(live, tmp, [Reused("cup", (("cup/index.html", 3),))], workers)
    assert linking.join() == []
    assert (tmp / "cup/index.html").read_text(encoding="utf-8") == "cup"
