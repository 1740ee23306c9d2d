"""A split build's checks that need no ranking start as soon as the file is read (issue 39).

The build process ranks the event on one core while the other waits; the checks were
forked after the ranking, all of them, beside the helper ranking the first rounds. Now
those that read the file alone run in a helper forked before the final standings, and
the ranking ones (``validate.RANKING_CHECKS``) after them: the same findings.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from trfsite import validate as validate_package
from trfsite.formats import read_bytes
from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.pages.reading import validate_file
from trfsite.render.page_meta import SiteInfo
from trfsite.validate import check_findings, reported, validate

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = [
    DATA / "trf" / "individual-2026.trf",
    DATA / "trf" / "broken-fields.trf",
    DATA / "trf" / "broken-structure.trf",
    DATA / "trf" / "team-2026.trf",
    DATA / "samples" / "fide-example1-trf16.trf",
]


def _job(path: Path) -> EventJob:
    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    return EventJob(path.read_bytes(), path.name, path.stem, "", EventConfig(), site, False)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_checks_apart_give_the_findings_of_all_of_them(path: Path) -> None:
    result = read_bytes(path.read_bytes(), path.name)
    alone = check_findings(result, path.name, ranking=False)
    ranking = check_findings(result, path.name, ranking=True)
    assert [a + b for a, b in zip(alone, ranking, strict=True)] == check_findings(result, path.name)
    assert reported([a + b for a, b in zip(alone, ranking, strict=True)]) == validate(
        result, path.name
    )


def test_the_checks_needing_no_ranking_run_while_the_event_is_ranked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = FILES[0]
    started = tmp_path / "checks.txt"
    parent = os.getpid()
    real_checks = validate_package.check_findings

    def logged(*args: Any, **kwargs: Any) -> Any:
        with started.open("a") as log:
            log.write(f"{kwargs.get('ranking')} {os.getpid() != parent}\n")
        return real_checks(*args, **kwargs)

    seen_while_ranking: list[list[str]] = []
    real_final = gather.compute_final

    def ranking(*args: Any, **kwargs: Any) -> Any:
        # The ranking waits (10 s at most) for checks started beside it.
        for _ in range(1000):
            if started.exists() and started.read_text().endswith("\n"):  # a line written
                break
            time.sleep(0.01)
        seen_while_ranking.append(started.read_text().split("\n") if started.exists() else [])
        return real_final(*args, **kwargs)

    monkeypatch.setattr(validate_package, "check_findings", logged)
    monkeypatch.setattr(gather, "compute_final", ranking)
    job = _job(path)
    prepared = gather.prepare_event(job, check_beside=True)
    assert seen_while_ranking == [["False True", ""]]  # in a helper, the ranking's beside
    assert started.read_text() == "False True\nTrue True\n"
    result = read_bytes(path.read_bytes(), path.name)
    assert list(prepared.findings) == validate_file(job, result)
