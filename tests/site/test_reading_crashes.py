"""A reader's or a check's own bug costs that file its findings, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

import trfsite.formats
import trfsite.validate
from trfsite.findings import Severity
from trfsite.pages import gather, reading
from trfsite.pages.config import load_config
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "samples" / "fide-example1-trf16.trf"


def _job(tmp_path: Path) -> EventJob:
    config = load_config(tmp_path, None)
    site = SiteInfo("Results", "en", "", "2025-01-01", "trfsite", (), "")
    return EventJob(
        SAMPLE.read_bytes(), "crash.trf", "crash", "", config.for_stem("crash"), site, False
    )


def _fail(*args: object, **kwargs: object) -> object:
    raise ValueError("boom")


def test_a_reader_crash_is_the_file_s_one_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(trfsite.formats, "read_bytes", _fail)
    result, crashed = reading.read_file(_job(tmp_path))
    assert result.tournament is None
    assert crashed is not None and list(result.findings) == crashed
    (finding,) = crashed
    assert (finding.severity, finding.code, finding.file) == (
        Severity.ERROR,
        "internal-reader",
        "crash.trf",
    )
    assert finding.message == "the file could not be read (internal error: ValueError: boom)"
    prepared = gather.prepare_event(_job(tmp_path))
    assert prepared.failed is not None  # overview and validation pages only
    assert (prepared.errors, prepared.warnings) == (1, 0)


def test_a_check_crash_is_a_warning_after_the_reader_s_findings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    job = _job(tmp_path)
    result, crashed = reading.read_file(job)
    assert crashed is None and result.tournament is not None
    # Every check runs through check_findings (trfsite validate's and the build's alike).
    monkeypatch.setattr(trfsite.validate, "check_findings", _fail)
    findings = reading.validate_file(job, result)
    (crash,) = [f for f in findings if f.code == "internal-validation"]
    # The reader's own findings stay (the sample has notes), beside the crash.
    assert result.findings
    assert sorted(map(str, findings)) == sorted(map(str, [*result.findings, crash]))
    assert (crash.severity, crash.file) == (Severity.WARNING, "crash.trf")
    assert crash.message == "some checks could not run (internal error: ValueError: boom)"
    # The event still gets its standings: a check's bug does not cost its pages.
    assert gather.prepare_event(job).failed is None
