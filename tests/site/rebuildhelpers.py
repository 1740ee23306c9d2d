"""What the tests of a rebuild's reads share (tournament files, PGN files): builds of
SRC into OUT, their signatures settled, and a file changed while a build runs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sitehelpers import small_round_robin
from treedigest import tree_digest

from trfsite.site import build as build_module
from trfsite.site import state_cache
from trfsite.site.build import BuildOptions, BuildReport, build_site


@pytest.fixture(autouse=True)
def settled_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test's files are written just before its first build: without this, a file is
    stored only once it is SETTLING_NS old (tested apart, in test_unchanged_sources)."""
    monkeypatch.setattr(state_cache, "SETTLING_NS", 0)


MakeSrc = Callable[[dict[str, str | bytes]], Path]


def named_round_robin(name: str) -> str:
    """The small round robin under another event name (012)."""
    return small_round_robin().replace("012 Small Test Round Robin", f"012 {name}")


def report(src: Path, out: Path) -> BuildReport:
    return build_site(BuildOptions(src, out, pdf=False))


def built(src: Path, out: Path) -> dict[str, str]:
    report(src, out)
    return tree_digest(out)


def settled(src: Path, out: Path) -> None:
    """A cold build and one more: the second takes the state's signatures as stored."""
    built(src, out)
    built(src, out)


def report_changed_after(
    monkeypatch: pytest.MonkeyPatch, src: Path, out: Path, step: str, change: Callable[[], None]
) -> BuildReport:
    """A build of ``src`` into ``out`` during which ``change`` runs as soon as the build's
    ``step`` (``discover``, ``event_jobs``: a name in ``site.build``) has returned."""
    real = getattr(build_module, step)

    def then_changed(*args: object, **kwargs: object) -> object:
        found = real(*args, **kwargs)
        change()
        return found

    with monkeypatch.context() as patch:
        patch.setattr(build_module, step, then_changed)
        return report(src, out)
