"""A rebuild decodes the cache entries of the events it may reuse, not the old entry of
an event that changed (issue 46: the entries are most of a 3,000-event rebuild's plan);
the summaries are checked as before."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from rebuildhelpers import (
    MakeSrc,
    named_round_robin,
    settled_at_once,  # noqa: F401  (autouse: each test here)
)
from rebuildhelpers import built as _built

from trfsite.pages.rows import EventSummary
from trfsite.site import cache


def test_a_rebuild_decodes_the_entries_of_the_unchanged_events_alone(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src({f"{name}.trf": named_round_robin(name) for name in ("a", "b", "c", "d")})
    out = tmp_path / "out"
    _built(src, out)
    (src / "b.trf").write_text(named_round_robin("b, corrected"), encoding="utf-8")
    (src / "d.trf").write_text(named_round_robin("d, corrected"), encoding="utf-8")
    cold = _built(src, tmp_path / "cold")
    decoded: list[str] = []
    entry_from = cache._entry_from

    def counted(key: str, data: object, state_file: str) -> cache.CacheEntry:
        found = entry_from(key, data, state_file)
        decoded.append(found.slug)
        return found

    monkeypatch.setattr(cache, "_entry_from", counted)
    rebuilt = _built(src, out)
    # a and c, reused; main decoded b's and d's old entries too (4).
    assert sorted(decoded) == ["a", "c"]
    assert rebuilt == cold


def _stored(**changed: object) -> dict[str, object]:
    """A summary's stored values by field, written out by hand."""
    stored: dict[str, object] = dict.fromkeys(EventSummary._fields, "x")
    stored.update(start_date="2024-05-01", end_date=None, participants=12, failed=False)
    stored.update(changed)
    return stored


def _summary(**changed: object) -> list[object]:
    """A stored summary (``_summary_json``'s form: its values in the fields' order)."""
    stored = _stored(**changed)
    return [stored[name] for name in EventSummary._fields]


def test_a_stored_summary_is_decoded_with_its_dates() -> None:
    summary = cache._summary_from(_summary())
    assert summary.start_date == dt.date(2024, 5, 1)
    assert summary.end_date is None
    assert (summary.participants, summary.failed) == (12, False)
    assert cache._summary_from(cache._summary_json(summary)) == summary


@pytest.mark.parametrize(
    "stored",
    [
        _stored(),
        _summary()[:-1],
        [*_summary(), "extra"],
        _summary(participants=12.5),
        _summary(city=["a", "list"]),
        _summary(start_date="May 2024"),
    ],
    ids=["object", "missing", "unknown", "float", "nested", "bad-date"],
)
def test_a_damaged_summary_is_refused(stored: object) -> None:
    with pytest.raises(ValueError):
        cache._summary_from(stored)


def test_an_entry_is_stored_as_an_array_and_read_back() -> None:
    """Without a key per value (issue 46: half the decoding of an object)."""
    summary = cache._summary_from(_summary())
    stored = ["a", ["index.html", 120], 7, False, 1, 2, "", "", _summary()]
    entry = cache._entry_from("k", stored, "state")
    assert (entry.slug, entry.files.seal, entry.pages, entry.pdf) == (
        "a",
        ("index.html", 120),
        7,
        False,
    )
    assert (entry.errors, entry.warnings, entry.summary) == (1, 2, summary)
    assert cache._entry_json(entry) == stored
    for damaged in ({"slug": "a"}, stored[:-1], [*stored[:2], "7", *stored[3:]]):
        with pytest.raises(ValueError):
            cache._entry_from("k", damaged, "state")
