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


class _Style(dict[str, int]):
    """Stands in for a computed style: a dict with its document's font configuration."""

    def __init__(self, font_config: _FontConfig, size: int) -> None:
        super().__init__(font_size=size)
        self.font_config = font_config


def test_a_value_is_made_once_per_style_object() -> None:
    from trfsite.pdf.patching import PerStyle

    made: list[int] = []

    def make(style: _Style) -> int:
        made.append(style["font_size"])
        return style["font_size"] * 2

    kept: PerStyle[int] = PerStyle()
    document = _FontConfig()
    first, equal = _Style(document, 10), _Style(document, 10)
    assert [kept.of(first, make), kept.of(first, make), kept.of(equal, make)] == [20, 20, 20]
    assert made == [10, 10]  # once for each object, equal values or not
