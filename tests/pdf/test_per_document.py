"""trfsite.pdf.patching.PerDocument: what the stand-ins learn is kept per document."""

from __future__ import annotations

import gc

from trfsite.pdf.patching import PerDocument


class _FontConfig:
    """Stands in for WeasyPrint's FontConfiguration: one per document."""


def test_each_document_has_its_own_value_and_keeps_it() -> None:
    kept: PerDocument[dict[str, int]] = PerDocument(dict)
    first, second = _FontConfig(), _FontConfig()
    kept.of(first)["a"] = 1
    assert kept.of(second) == {}
    assert kept.of(first) == {"a": 1}  # not the last one asked for: still found


def test_a_value_goes_with_its_document() -> None:
    kept: PerDocument[dict[str, int]] = PerDocument(dict)
    document = _FontConfig()
    kept.of(document)["a"] = 1
    del document
    gc.collect()
    assert kept._last is None  # the last-used shortcut does not keep it either
    assert len(kept._values) == 0
    assert kept.of(_FontConfig()) == {}
