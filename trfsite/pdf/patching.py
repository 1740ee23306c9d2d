"""Putting a faster stand-in for one of WeasyPrint's functions in its place, and back.

The fast paths (``fastdraw``, ``fastlayout``, ``fontdescriptions``) mirror
WeasyPrint's code line for line, so each is installed only on the version it
was checked against; on another one WeasyPrint is left as it is. A stand-in
keeps the function it replaces as ``trfsite_original``: installing twice wraps
once, and uninstalling (the tests compare both) puts the original back.
"""

from __future__ import annotations

import importlib
import threading
import weakref
from collections.abc import Callable
from typing import Any, Generic, TypeVar

_V = TypeVar("_V")

# Every computed value that weasyprint.text.line_break and weasyprint.text.fonts read:
# what a text's measures can depend on (the stand-ins' keys).
LINE_BREAK_VALUES = (
    "direction",
    "font_family",
    "font_feature_settings",
    "font_kerning",
    "font_language_override",
    "font_size",
    "font_stretch",
    "font_style",
    "font_variant_alternates",
    "font_variant_caps",
    "font_variant_east_asian",
    "font_variant_ligatures",
    "font_variant_numeric",
    "font_variant_position",
    "font_variation_settings",
    "font_weight",
    "hyphenate_character",
    "hyphenate_limit_chars",
    "hyphenate_limit_zone",
    "hyphens",
    "lang",
    "letter_spacing",
    "line_height",
    "overflow_wrap",
    "tab_size",
    "text_decoration_line",
    "white_space",
    "word_break",
    "word_spacing",
)

SUPPORTED_VERSION = "70.0"
_LOCK = threading.Lock()


def supported() -> bool:
    """WeasyPrint is the version trfsite's stand-ins were checked against."""
    import weasyprint

    return bool(weasyprint.__version__ == SUPPORTED_VERSION)


def install(module_name: str, name: str, wrap: Callable[[Any], Callable[..., Any]]) -> bool:
    """Replace ``module_name.name`` by ``wrap(original)``, on the checked WeasyPrint only."""
    if not supported():
        return False
    module = importlib.import_module(module_name)
    with _LOCK:
        current = getattr(module, name)
        if getattr(current, "trfsite_original", None) is None:
            stand_in = wrap(current)
            stand_in.trfsite_original = current  # type: ignore[attr-defined]
            setattr(module, name, stand_in)
    return True


def uninstall(module_name: str, name: str) -> None:
    """Put WeasyPrint's own function back."""
    module = importlib.import_module(module_name)
    with _LOCK:
        original = getattr(getattr(module, name), "trfsite_original", None)
        if original is not None:
            setattr(module, name, original)


class PerDocument(Generic[_V]):
    """A value per WeasyPrint document, found by its font configuration (one each).

    The stand-ins keep what they learn per document, since fonts are resolved per
    font configuration. They ask on every line, so the last document's value is
    kept at hand: a WeakKeyDictionary look-up makes a weak reference each time.
    """

    def __init__(self, make: Callable[[], _V]) -> None:
        self._make = make
        self._values: weakref.WeakKeyDictionary[Any, _V] = weakref.WeakKeyDictionary()
        self._last: tuple[weakref.ref[Any], _V] | None = None

    def of(self, font_config: Any) -> _V:
        """The value for this document (TypeError: it cannot be weakly referenced)."""
        last = self._last
        if last is not None and last[0]() is font_config:
            return last[1]
        value = self._values.get(font_config)
        if value is None:
            value = self._values[font_config] = self._make()
        # dropped with its document, as the dictionary's entry is
        self._last = (weakref.ref(font_config, self._forget_last), value)
        return value

    def _forget_last(self, _dead: weakref.ref[Any]) -> None:
        self._last = None


class PerStyle(Generic[_V]):
    """A value per computed style object, made once and kept with its document.

    Boxes share their style objects, and a style's values do not change once
    computed, so what a stand-in derives from them is made once per style. The style
    is kept beside the value, so that its id is not given to another while kept.
    """

    def __init__(self) -> None:
        self._documents: PerDocument[dict[int, tuple[Any, _V]]] = PerDocument(dict)

    def of(self, style: Any, make: Callable[[Any], _V]) -> _V:
        """``make(style)``, once (AttributeError, TypeError: no document to keep it in)."""
        kept = self._documents.of(style.font_config)
        found = kept.get(id(style))
        if found is None:
            found = kept[id(style)] = (style, make(style))
        return found[1]
