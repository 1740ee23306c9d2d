"""A faster ``draw_first_line`` for WeasyPrint 70.0: the same bytes, less Python.

WeasyPrint writes each line of text into the PDF glyph by glyph in Python
(cffi reads, f-strings, width look-ups): on a 2000-player bulletin, ~20,000
monospaced lines of ~118 glyphs, that was 1.9 s of the 2.5 s ``write_pdf``.
What it writes for a glyph depends only on the font, the size, the glyph and
its advance, so for the common line (no ellipsis; no glyph offset, empty or
unknown glyph; no bitmap or colour font; every glyph already met in this font)
each glyph's text is taken from a table made from WeasyPrint's own formula, and
the line's operators from the same sequence of stream calls. Anything else is
left to WeasyPrint's function, which also records, the first time a glyph is
met, the width and Unicode text the font subset needs.

A line that ``trfsite.pdf.monolines`` measured by counting is written without
Pango when each of its characters is drawable (one glyph of the font, which no
neighbour can change: ``trfsite.pdf.glyphcontext``) and each glyph was written
before: the same stream calls as for a one-run line, from each character's
glyph alone. On the 2000-player open, all but 75 of 17,500 such lines do.

Installed by :mod:`trfsite.pdf.patching`: process-wide, idempotent, and only
on the WeasyPrint version whose code this mirrors.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from trfsite.pdf import patching

SUPPORTED_VERSION = patching.SUPPORTED_VERSION
_INTS_PER_GLYPH = 5  # PangoGlyphInfo: glyph, width, x_offset, y_offset, attributes
_TARGET = ("weasyprint.draw.text", "draw_first_line")

DrawFirstLine = Callable[[Any, Any, str, Any, Any], list[Any]]


def install() -> bool:
    """Use the fast path in this process if WeasyPrint's version is the one checked."""
    import weasyprint

    if weasyprint.__version__ != SUPPORTED_VERSION:
        return False  # not even its ffi declarations are known
    from weasyprint.text.ffi import ffi

    if ffi.sizeof("PangoGlyphInfo") != 4 * _INTS_PER_GLYPH:
        return False
    return patching.install(*_TARGET, fast_draw_first_line)


def uninstall() -> None:
    """Give WeasyPrint its own function back (tests compare both)."""
    patching.uninstall(*_TARGET)


def fast_draw_first_line(original: DrawFirstLine) -> DrawFirstLine:
    """``original`` with a fast path for the common line."""
    from weasyprint.text.ffi import FROM_UNITS, ffi, pango
    from weasyprint.text.fonts import get_pango_font_key

    glyph_info_size = ffi.sizeof("PangoGlyphInfo")
    old_pango = pango.pango_version() < 14802  # WeasyPrint's workaround for Pango #530
    empty, unknown = pango.PANGO_GLYPH_EMPTY, pango.PANGO_GLYPH_UNKNOWN_FLAG
    # font -> font size -> (glyph, advance) -> the glyph's text in the TJ array
    known: weakref.WeakKeyDictionary[Any, dict[float, dict[tuple[int, int], str]]]
    known = weakref.WeakKeyDictionary()

    def learn(font: Any, font_size: float, glyph: int, width: int) -> str | None:
        """WeasyPrint's text for one glyph, or None if its function must see it."""
        if glyph < 0 or glyph == empty or glyph & unknown:
            return None
        if glyph not in font.widths or glyph not in font.to_unicode:
            return None
        offset = 0 / font_size  # a float, as in WeasyPrint's sum below
        kerning = font.widths[glyph] + offset - width * 1000 * FROM_UNITS / font_size
        text = f"{glyph:04x}"
        return f"{text}>{int(kerning)}<" if kerning else text

    # font -> font size -> (character -> its glyph's text, as str.translate reads it;
    # the characters in it): the counted lines' glyphs, by character
    by_char: weakref.WeakKeyDictionary[Any, dict[float, tuple[dict[int, str], set[str]]]]
    by_char = weakref.WeakKeyDictionary()

    def counted(stream: Any, textbox: Any, style_size: float, matrix: Any) -> bool:
        """Draw a line measured by counting (trfsite.pdf.monolines) without Pango."""
        monospaced = textbox.pango_layout.monospaced
        text = textbox.pango_layout.text
        if not monospaced.drawable.issuperset(text):
            return False
        # what stream.add_font does, without describing the font again for every line
        if monospaced.font_key is None:
            monospaced.font_key = get_pango_font_key(monospaced.pango_font)
        key, _description, font_size = monospaced.font_key
        font = stream._fonts.get(key)
        if font is None:
            font, font_size = stream.add_font(monospaced.pango_font)
        if font.bitmap or font.png or font.svg or font.colr:
            return False
        if old_pango:
            font_size = style_size
        table, chars = by_char.setdefault(font, {}).setdefault(font_size, ({}, set()))
        if not chars.issuperset(text):
            glyphs = known.setdefault(font, {}).setdefault(font_size, {})
            for char in set(text) - chars:
                glyph_text = glyphs.get((monospaced.glyphs[char], monospaced.advance))
                if glyph_text is None:  # not written yet: WeasyPrint's function learns it
                    return False
                table[ord(char)] = glyph_text
                chars.add(char)
        string = text.translate(table)
        # as draw() ends a run: a glyph's text may end with "<" (a kerning step)
        string = "<" + string
        string = string[:-1] if string[-1] == "<" else string + ">"
        stream.set_text_matrix(*matrix.values)
        stream.set_font_size(font.hash, font_size)
        stream.show_text(string)
        return True

    def draw(
        stream: Any, textbox: Any, text_overflow: str, block_ellipsis: Any, matrix: Any
    ) -> list[Any]:
        if text_overflow == "ellipsis" or block_ellipsis != "none":
            return original(stream, textbox, text_overflow, block_ellipsis, matrix)
        if not textbox.text.strip():
            return []
        style_size = textbox.style["font_size"]
        if style_size < 1e-6:
            return []
        if hasattr(textbox.pango_layout, "monospaced") and counted(
            stream, textbox, style_size, matrix
        ):
            return []
        pango.pango_layout_set_single_paragraph_mode(textbox.pango_layout.layout, True)
        first_line, _ = textbox.pango_layout.get_first_line()

        # Nothing is written until the whole line is known to fit the fast path, so
        # that WeasyPrint's function can still take it over from the start.
        calls: list[tuple[str, float] | str] = []
        string = ""
        previous_font = None
        glyphs: dict[tuple[int, int], str] = {}
        font: Any = None
        font_size = 0.0
        run = first_line.runs[0]
        while run != ffi.NULL:
            glyph_item = run.data
            run = run.next
            glyph_string = glyph_item.glyphs
            pango_font = glyph_item.item.analysis.font
            if pango_font != previous_font:
                previous_font = pango_font
                font, font_size = stream.add_font(pango_font)
                if font.bitmap or font.png or font.svg or font.colr:
                    return original(stream, textbox, text_overflow, block_ellipsis, matrix)
                if old_pango:
                    font_size = style_size
                if string:
                    calls.append(string)
                string = ""
                calls.append((font.hash, font_size))
                glyphs = known.setdefault(font, {}).setdefault(font_size, {})
            count = glyph_string.num_glyphs
            keys: list[tuple[int, int]] = []
            if count > 0:
                # the run's PangoGlyphInfo array read at once, as 32-bit integers
                size = count * glyph_info_size
                ints = memoryview(ffi.buffer(glyph_string.glyphs, size)).cast("i")
                if any(ints[2::_INTS_PER_GLYPH]) or any(ints[3::_INTS_PER_GLYPH]):
                    return original(stream, textbox, text_overflow, block_ellipsis, matrix)
                glyph_ids = ints[0::_INTS_PER_GLYPH].tolist()
                keys = list(zip(glyph_ids, ints[1::_INTS_PER_GLYPH].tolist(), strict=True))
            try:
                text = "".join([glyphs[key] for key in keys])
            except KeyError:
                for key in keys:
                    if key not in glyphs:
                        learned = learn(font, font_size, *key)
                        if learned is None:
                            return original(stream, textbox, text_overflow, block_ellipsis, matrix)
                        glyphs[key] = learned
                text = "".join([glyphs[key] for key in keys])
            string += "<" + text
            if string[-1] == "<":
                string = string[:-1]
            else:
                string += ">"

        stream.set_text_matrix(*matrix.values)
        for call in calls:
            if isinstance(call, str):
                stream.show_text(call)
            else:
                stream.set_font_size(*call)
        stream.show_text(string)
        return []

    return draw
