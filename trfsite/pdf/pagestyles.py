"""Pages that match the same ``@page`` rules share their computed styles (WeasyPrint 70.0).

Every page has its own page type (its index is part of it), so WeasyPrint
computes the styles of the page and of its margin boxes anew for each page,
property by property as layout asks for them, and to find the margin boxes'
rules it walks the cascaded styles of every element of the document. On a
252-page bulletin that was a tenth of the bulletin's CPU, for three or four
distinct sets of rules (the cover, portrait and landscape pages).

The styles depend only on the declarations the page's rules give it (the page
and each margin box), on the root element's style and on the document, so a
page whose declarations equal an earlier page's gets that page's style
objects. Those are then used by more than one page: WeasyPrint's own writes to
them (page-based counters made standard, a table's padding) give the same
values every time.

Installed by :mod:`trfsite.pdf.patching`, as the other fast paths are.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from trfsite.pdf import patching

_TARGET = ("weasyprint.layout.page", "set_page_type_computed_styles")

SetStyles = Callable[[Any, Any, Any], None]

# StyleFor (one per document) -> the pseudo types of its @page rules, and, per set of
# declarations, the computed styles made for it (pseudo type -> style)
_PSEUDOS: weakref.WeakKeyDictionary[Any, tuple[str | None, ...]] = weakref.WeakKeyDictionary()
_MADE: weakref.WeakKeyDictionary[Any, dict[str, dict[str | None, Any]]]
_MADE = weakref.WeakKeyDictionary()


def install() -> bool:
    """Share page styles in this process if WeasyPrint's version is the one checked."""
    return patching.install(*_TARGET, shared)


def uninstall() -> None:
    """Give WeasyPrint its own function back (tests compare both)."""
    patching.uninstall(*_TARGET)


def _pseudo_types(style_for: Any) -> tuple[str | None, ...]:
    """Every pseudo type (None: the page itself) that an ``@page`` rule can give."""
    try:
        return _PSEUDOS[style_for]
    except KeyError:
        found: dict[str | None, None] = {None: None}
        for sheet, _origin, _specificity in style_for._sheets:
            for _rule, selector_list, _declarations in sheet.page_rules:
                for _selector_specificity, pseudo_type, _page_selector in selector_list:
                    found.setdefault(pseudo_type, None)
        pseudos = _PSEUDOS[style_for] = tuple(found)
        return pseudos


def shared(original: SetStyles) -> SetStyles:
    """``original``, made once for each set of declarations."""

    def set_page_type_computed_styles(page_type: Any, html: Any, style_for: Any) -> None:
        try:
            pseudos = _pseudo_types(style_for)
            made = _MADE.setdefault(style_for, {})
        except (AttributeError, TypeError, ValueError):  # not the StyleFor this was checked on
            original(page_type, html, style_for)
            return
        style_for.add_page_declarations(page_type)
        cascaded = style_for.get_cascaded_styles()
        declared = [(p, cascaded[page_type, p]) for p in pseudos if (page_type, p) in cascaded]
        # the declarations as text: their values are nested tuples of numbers and strings
        key = repr([(p, sorted(declarations.items())) for p, declarations in declared])
        computed = style_for.get_computed_styles()
        styles = made.get(key)
        if styles is None:
            # as WeasyPrint does: @page inherits from the root element, a margin box from
            # its page; but only the page's own margin boxes are looked for
            root = html.etree_element
            style_for.set_computed_styles(page_type, root=root, parent=root, base_url=html.base_url)
            for pseudo_type, _declarations in declared:
                if pseudo_type is not None:
                    style_for.set_computed_styles(
                        page_type,
                        pseudo_type=pseudo_type,
                        root=root,
                        parent=page_type,
                        base_url=html.base_url,
                    )
            styles = made[key] = {
                p: computed[page_type, p] for p in pseudos if (page_type, p) in computed
            }
        else:
            for pseudo_type, style in styles.items():
                computed[page_type, pseudo_type] = style

    return set_page_type_computed_styles
