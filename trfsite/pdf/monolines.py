"""Preserved lines of a monospaced font measured without Pango (WeasyPrint 70.0).

WeasyPrint lays every line of text out with a new Pango context and layout,
shapes it, and measures it, then throws the layout away until it draws the
line, when it builds and shapes it again. Line mode prints a 2000-player
bulletin as ~25,000 lines of ``white-space: pre`` text in DejaVu Sans Mono:
that first shaping was a fifth of the bulletin's CPU. Yet such a line's
measures are known beforehand: every printable ASCII character of a
monospaced font advances as far as any other, so the width is the count of
characters times one advance, and the height and baseline are the font's.

So for a line in a preserved-whitespace box whose font is checked once (all of
printable ASCII laid out as one line is one run of one font, a glyph per
character, every glyph as wide) and whose other characters were each checked
as they came (one glyph of that font, as wide: ``½`` is, a combining mark or a
wide character is not), this returns what WeasyPrint's ``split_first_line``
would: the line's length, where the next line resumes, the width as Pango
sums it, the font's height and baseline, and a Layout left as WeasyPrint
leaves it after measuring (deactivated, holding the line's text). Any other
text, style or font goes to WeasyPrint's function.

That Layout (``CountedLayout``) makes its Pango layout only when something asks
for it: ``trfsite.pdf.fastdraw`` writes the line from each character's glyph
alone when ``trfsite.pdf.glyphcontext`` has found that the font's shaping
cannot change those glyphs by their neighbours (and the characters make one
run), so most lines are never shaped at all.

Installed by :mod:`trfsite.pdf.patching`, as the other fast paths are.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trfsite.memo import keep_within
from trfsite.pdf import patching
from trfsite.pdf.glyphcontext import in_one_run, steady_glyphs

# the line breaker's; the preferred widths (``trfsite.pdf.widthcache``) meet no such line
_TARGET = ("weasyprint.layout.inline", "split_first_line")
_PRINTABLE = "".join(chr(code) for code in range(0x20, 0x7F))
_MOST = 256  # distinct fonts remembered per font configuration

Split = Callable[..., tuple[Any, int, int | None, float, float, float]]


@dataclass(slots=True)
class Monospaced:
    """A font whose characters in ``chars`` all advance ``advance`` Pango units."""

    advance: int
    height: float
    baseline: float
    direction: int
    chars: set[str]  # checked: printable ASCII, then the others as lines bring them
    refused: set[str]  # checked and found otherwise (wide, combining, from another font)
    pango_font: Any  # the PangoFont (cdata, equal to another when at the same address)
    holder: Any  # a Pango layout laid out in it, which keeps it alive
    glyphs: dict[str, int]  # the glyph of each checked character, laid out alone
    drawable: set[str]  # characters drawn without Pango (trfsite.pdf.fastdraw)
    steady: frozenset[int]  # glyphs shaping never changes by their neighbours (glyphcontext)
    font_key: Any = None  # WeasyPrint's key of the font in a PDF, made once (fastdraw)


def install() -> bool:
    """Use the shortcut in this process if WeasyPrint's version is the one checked."""
    return patching.install(*_TARGET, measured_once)


def uninstall() -> None:
    """Give WeasyPrint its own function back (tests compare both)."""
    patching.uninstall(*_TARGET)


# per document: style key -> the font's measures, or None: not monospaced
_FONTS: patching.PerDocument[dict[tuple[Any, ...], Monospaced | None]]
_FONTS = patching.PerDocument(dict)
_BY_STYLE: patching.PerStyle[Monospaced | None] = patching.PerStyle()  # what _FONTS gave


def measured_once(original: Split) -> Split:
    """``original``, with preserved lines of a monospaced font measured by counting."""
    from weasyprint.text.ffi import FROM_UNITS

    counted_layout = _counted_layout()

    def font_of(style: Any) -> Monospaced | None:
        # by the style object first: the key of the line breaker's values cost more
        # than the line
        try:
            return _BY_STYLE.of(style, font_by_values)
        except TypeError:  # no weak reference to its document
            return None

    def font_by_values(style: Any) -> Monospaced | None:
        try:
            key = tuple([style[name] for name in patching.LINE_BREAK_VALUES])
            fonts = _FONTS.of(style.font_config)
            return fonts[key]
        except KeyError:
            return keep_within(fonts, key, _measure(style), _MOST)
        except TypeError:  # a value that cannot be a key
            return None

    def covers(font: Monospaced, line: str, style: Any) -> bool:
        if font.chars.issuperset(line):  # the usual case, without a set of the line's
            return True
        for char in set(line) - font.chars:
            if char in font.refused:
                return False
            shaped = _shaped(char, style)
            alone = (font.pango_font, [font.advance], font.height, font.baseline, font.direction)
            if shaped is not None and shaped.measures == alone:
                font.chars.add(char)
                font.glyphs[char] = shaped.glyphs[0]
                if in_one_run(char) and shaped.glyphs[0] in font.steady:
                    font.drawable.add(char)
            else:
                font.refused.add(char)
                return False
        return True

    def split_first_line(
        text: str,
        style: Any,
        context: Any,
        max_width: float | None,
        justification_spacing: float,
        is_line_start: bool = True,
        minimum: bool = False,
    ) -> tuple[Any, int, int | None, float, float, float]:
        if style["white_space"] == "pre" and not justification_spacing:
            end = text.find("\n")
            line = text if end == -1 else text[:end]
            # printable: no tab or other control character
            if line and line.isprintable():
                font = font_of(style)
                if font is not None and (line.isascii() or covers(font, line, style)):
                    layout = counted_layout.__new__(counted_layout)
                    layout.monospaced = font
                    # what a Layout keeps once WeasyPrint has measured the line
                    layout.justification_spacing = justification_spacing
                    layout.max_width = max_width
                    layout.first_line_direction = font.direction
                    layout.ascent = layout.underline_position = None
                    layout.strikethrough_position = None
                    layout.text = line
                    width = len(line) * font.advance * FROM_UNITS
                    length = len(line) if line.isascii() else len(line.encode())
                    resume = None if end == -1 else length + 1
                    return layout, length, resume, width, font.height, font.baseline
        return original(
            text, style, context, max_width, justification_spacing, is_line_start, minimum
        )

    return split_first_line


@dataclass(frozen=True, slots=True)
class _Shaped:
    advances: list[int]
    height: float
    baseline: float
    direction: int
    glyphs: list[int]
    pango_font: Any
    holder: Any

    @property
    def measures(self) -> tuple[Any, list[int], float, float, int]:
        return (self.pango_font, self.advances, self.height, self.baseline, self.direction)


def _shaped(text: str, style: Any) -> _Shaped | None:
    """``text`` laid out as WeasyPrint lays a line out: its font (if only one), each
    glyph's advance, the line's height and baseline, its direction, the glyphs."""
    from weasyprint.text.ffi import FROM_UNITS, ffi, pango
    from weasyprint.text.line_break import Layout, line_size

    layout = Layout(style)
    layout.set_text(text)
    first_line, second_line = layout.get_first_line()
    run = first_line.runs
    if second_line is not None or run == ffi.NULL or run.next != ffi.NULL:
        return None  # more than one line, or more than one font
    glyph_item = run.data  # a PangoGlyphItem, as fastdraw reads it: no cast to parse
    glyphs = glyph_item.glyphs
    infos = [glyphs.glyphs[i] for i in range(glyphs.num_glyphs)]
    if any(info.geometry.x_offset or info.geometry.y_offset for info in infos):
        return None
    _, height = line_size(first_line, style)
    baseline = pango.pango_layout_get_baseline(layout.layout) * FROM_UNITS
    pango_font = glyph_item.item.analysis.font
    return _Shaped(
        [info.geometry.width for info in infos],
        height,
        baseline,
        layout.first_line_direction,
        [info.glyph for info in infos],
        pango_font,
        layout,  # its line holds the font (Pango's items keep a reference)
    )


def _measure(style: Any) -> Monospaced | None:
    """The font's one advance, height and baseline, or None if it has no such thing."""
    if (
        style["letter_spacing"] != "normal"
        or style["word_spacing"]
        or style["text_decoration_line"] != "none"
        or style["direction"] != "ltr"
    ):
        return None
    shaped = _shaped(_PRINTABLE, style)
    if shaped is None:
        return None
    advances = shaped.advances
    if len(advances) != len(_PRINTABLE) or len(set(advances)) != 1:
        return None  # proportional, a ligature, or glyphs from more than one font
    glyphs = dict(zip(_PRINTABLE, shaped.glyphs, strict=True))
    steady = _steady(shaped.pango_font, style)
    return Monospaced(
        advances[0],
        shaped.height,
        shaped.baseline,
        shaped.direction,
        set(_PRINTABLE),
        set(),
        shaped.pango_font,
        shaped.holder,
        glyphs,
        {char for char, glyph in glyphs.items() if glyph in steady},
        steady,
    )


def _steady(pango_font: Any, style: Any) -> frozenset[int]:
    """The font's glyphs that can be written without shaping their line (glyphcontext),
    none if the style asks for features of its own."""
    from weasyprint.text.ffi import harfbuzz
    from weasyprint.text.fonts import font_features, get_hb_object_data, get_pango_font_hb_face

    features = font_features(
        style["font_kerning"],
        style["font_variant_ligatures"],
        style["font_variant_position"],
        style["font_variant_caps"],
        style["font_variant_numeric"],
        style["font_variant_alternates"],
        style["font_variant_east_asian"],
        style["font_feature_settings"],
    )
    if features:
        return frozenset()
    face = get_pango_font_hb_face(pango_font)
    return steady_glyphs(get_hb_object_data(face), harfbuzz.hb_face_get_index(face), [])


@functools.cache
def _counted_layout() -> Any:
    """WeasyPrint's Layout, made into Pango's only when something asks for it."""
    from weasyprint.text.line_break import Layout

    class CountedLayout(Layout):  # type: ignore[misc]
        """A line measured by counting: its Pango layout is made only if asked for."""

        monospaced: Monospaced

        def reactivate(self, style: Any) -> None:
            self.style = style  # the drawing may not need Pango at all (fastdraw)

        def __getattr__(self, name: str) -> Any:
            # only called for what is missing: Pango's layout, until it is made
            if name in ("layout", "language") and "style" in self.__dict__:
                Layout.reactivate(self, self.style)
                return self.__dict__[name]
            raise AttributeError(name)

        def deactivate(self) -> None:
            for name in ("layout", "language", "style"):
                self.__dict__.pop(name, None)

    return CountedLayout
