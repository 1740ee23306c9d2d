"""A long bulletin laid out and drawn by two processes, as one PDF.

WeasyPrint lays a document out on one core: 5.3 s for the 2000-player open's
252 pages, while the build's other core waits. Its sections start on new pages,
so the HTML is cut between two rounds into two documents:

- the front (cover, contents, standings, ..., the first rounds), laid out here;
- the back (the cover again, for its running strings, then the other rounds),
  laid out by a forked process, which drops its cover pages.

Each pagination ends with an exchange (``trfsite.pdf.paging``): the back learns where
its pages start, the front learns the total and on which page each of the
back's sections falls, and lays its table of contents out again with those
numbers. The footers are made afterwards, with the real numbers. The back
then draws its pages into PDF content, which comes over as bytes, with the
glyphs each font used; here they become pages of the front's document
(``_DrawnPage``), so WeasyPrint writes one PDF with every page, font subset,
link and bookmark, the same bytes as one process would write.

Anything unexpected (a theme without the cut, a font only the back used, an
image, a failure in the other process) gives up this way before anything is
written, and the caller draws the bulletin in one piece instead.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trfsite.pdf.paging import Exchange, NotParallel, exchanging, expect, send

logger = logging.getLogger(__name__)

# A bulletin this heavy is worth a second process (forking and the second cascade cost
# 0.1-0.2 s). WeasyPrint's time follows the elements and, in line mode, the text:
# 7,900 (a 60-player Swiss's tables) took 1.3 s, 22,000 (2000 players in lines) 5.2 s.
PARALLEL_MIN_WEIGHT = 6_000


def weight(html: str) -> int:
    """About how long WeasyPrint takes over ``html``: its tags, and its text by 200s."""
    return _weight_before(html, len(html))


def _weight_before(html: str, end: int) -> int:
    return html.count("<", 0, end) + end // 200


_ROUND = re.compile(r'<section class="round" id="round-\d+">')
_ROUNDS = re.compile(r'<section class="rounds" id="rounds">')
_CONTENTS = '<nav class="contents"'
_ID = re.compile(r'\bid="([^"]+)"')
# Page selectors whose meaning depends on a page's place in the whole document.
_PLACED_PAGES = re.compile(r"@page[^{;]*:(left|right|first|blank|recto|verso|nth)\b")
_PART_ANCHORS = "trfsite-part-anchors"


def can_fork() -> bool:
    """This process can draw a bulletin in two: it forks, on the checked WeasyPrint."""
    from trfsite.pdf import patching

    return hasattr(os, "fork") and patching.supported()


@dataclass(frozen=True, slots=True)
class Cut:
    """The bulletin's HTML as two documents."""

    front: str
    back: str
    back_ids: tuple[str, ...]  # the back's anchors, which the front's contents point to


def cut(html: str, stylesheet: str) -> Cut:
    """Cut the HTML between two rounds, so that each half takes about as long."""
    if _PLACED_PAGES.search(stylesheet) or _PLACED_PAGES.search(html):
        raise NotParallel("the stylesheet styles pages by their place")
    rounds = _ROUNDS.search(html)
    contents = html.find(_CONTENTS)
    starts = [m.start() for m in _ROUND.finditer(html)]
    if rounds is None or contents < 0 or len(starts) < 2 or starts[0] < rounds.end():
        raise NotParallel("no rounds to cut between")
    body_end = html.rfind("</body>")
    if body_end < starts[-1]:
        raise NotParallel("no end of the body")
    # Each round but the first starts a page (.round + .round): cut before one of them,
    # about halfway through WeasyPrint's work.
    half = weight(html) / 2
    at = min(starts[1:], key=lambda start: abs(_weight_before(html, start) - half))
    back_ids = tuple(_ID.findall(html, at, body_end))
    stand_ins = "".join(f'<span id="{name}"></span>' for name in back_ids)
    front = (
        html[:at]
        + "</section>\n"
        + f'<div class="{_PART_ANCHORS}" style="position: absolute">{stand_ins}</div>\n'
        + html[body_end:]
    )
    back = html[:contents] + '<section class="rounds">\n' + html[at:]
    return Cut(front, back, back_ids)


@dataclass(frozen=True, slots=True)
class _PageFacts:
    """What WeasyPrint's PDF writer reads of a page, besides its drawing."""

    width: float
    height: float
    bleed: dict[str, float]
    bookmarks: list[Any]
    anchors: dict[str, tuple[float, float]]


@dataclass(frozen=True, slots=True)
class _Drawn:
    contents: list[bytes]  # each page's content, as WeasyPrint's Page.paint writes it
    glyphs: dict[int, tuple[dict[int, int], dict[int, str]]]  # font key -> widths, text
    alphas: dict[str, Any]  # ExtGState entries of opacity, by their (stable) names


# --------------------------------------------------------------------------- drawing
def _draw_back(document: Any, first: int) -> _Drawn:
    """The back's pages from ``first`` on, drawn as WeasyPrint's PDF writer would."""
    import pydyf
    from weasyprint.pdf.stream import Stream

    scale = 0.75  # zoom 1: 72 PDF points per 96 CSS pixels
    resources = pydyf.Dictionary(
        {
            "ExtGState": pydyf.Dictionary(),
            "XObject": pydyf.Dictionary(),
            "Pattern": pydyf.Dictionary(),
            "Shading": pydyf.Dictionary(),
            "ColorSpace": pydyf.Dictionary(),
        }
    )
    images: dict[str, Any] = {}
    contents = []
    for page in document.pages[first:]:
        if page.links or any(page.forms.values()):
            raise NotParallel("a page of the back has links or forms")
        width = scale * (page.width + page.bleed["left"] + page.bleed["right"])
        height = scale * (page.height + page.bleed["top"] + page.bleed["bottom"])
        left = -scale * page.bleed["left"]
        top = -scale * page.bleed["top"]
        rectangle = (left / scale, top / scale, width / scale, height / scale)
        stream = Stream(
            document.fonts,
            rectangle,
            resources,
            images,
            None,
            document.color_profiles,
            document.output_intent,
            compress=True,
        )
        stream.transform(d=-1, f=(page.height * scale))
        start = len(stream.stream)
        page.paint(stream, scale)
        contents.append(b"\n".join(pydyf._to_bytes(item) for item in stream.stream[start:]))
    alphas = dict(resources["ExtGState"])
    if images or any(resources[name] for name in ("XObject", "Pattern", "Shading")):
        raise NotParallel("the back draws images or patterns")
    if any(not re.fullmatch(r"[Aa][0-9.]+", name) for name in alphas):
        raise NotParallel("the back sets graphic states")
    glyphs = {}
    for key, font in document.fonts.items():
        if font.missing or font.used_in_forms:
            raise NotParallel("the back misses glyphs")
        glyphs[key] = (font.widths, font.to_unicode)
    return _Drawn(contents, glyphs, alphas)


class _DrawnPage:
    """A page of the back, drawn by the other process, in the front's document."""

    def __init__(self, facts: _PageFacts, index: int, drawn: Callable[[], _Drawn]) -> None:
        self.width = facts.width
        self.height = facts.height
        self.bleed = facts.bleed
        self.bookmarks = facts.bookmarks
        self.anchors = facts.anchors
        self.links: list[Any] = []
        self.forms: dict[Any, list[Any]] = {None: []}
        self._index = index
        self._drawn = drawn

    def paint(self, stream: Any, scale: float = 1) -> None:
        drawn = self._drawn()
        if self._index == 0:  # once: the back's glyphs join the front's fonts
            for key, (widths, text) in drawn.glyphs.items():
                font = stream._fonts.get(key)
                if font is None:
                    raise NotParallel("a font only the back uses")
                for glyph, width in widths.items():
                    font.widths.setdefault(glyph, width)
                for glyph, value in text.items():
                    font.to_unicode.setdefault(glyph, value)
            for name, state in drawn.alphas.items():
                stream._resources["ExtGState"].setdefault(name, state)
        stream.stream.append(drawn.contents[self._index])


# --------------------------------------------------------------------------- both processes
def render_in_two(
    html: str, stylesheet: str, render: Callable[[str], Any], write: Callable[[Any], bytes]
) -> bytes:
    """The bulletin's PDF, its back half laid out and drawn by a forked process.

    ``render(html)`` lays a document out (WeasyPrint's ``HTML.render``), ``write``
    writes one. Raises NotParallel (nothing written) when this does not fit.
    """
    parts = cut(html, stylesheet)
    back_reads, front_writes = os.pipe()
    front_reads, back_writes = os.pipe()
    try:
        pid = os.fork()
    except OSError as exc:  # no process to spare (a limit on processes or memory)
        for fd in (back_reads, front_writes, front_reads, back_writes):
            os.close(fd)
        raise NotParallel(f"no second process: {exc}") from exc
    if pid == 0:  # the back
        code = 0
        try:
            os.close(front_writes)
            os.close(front_reads)
            exchange = Exchange(back_writes, back_reads, False, parts.back_ids)
            with exchanging(exchange):
                document = render(parts.back)
            facts = [
                _PageFacts(p.width, p.height, dict(p.bleed), p.bookmarks, p.anchors)
                for p in document.pages[exchange.cover :]
            ]
            send(back_writes, ("facts", facts))
            send(back_writes, ("drawn", _draw_back(document, exchange.cover)))
        except BaseException as exc:  # noqa: BLE001 - reported to the front, which gives up
            code = 1
            with contextlib.suppress(BaseException):  # else the front sees the pipe close
                send(back_writes, ("failed", f"{type(exc).__name__}: {exc}"))
        finally:
            os._exit(code)
    os.close(back_reads)
    os.close(back_writes)
    try:
        exchange = Exchange(front_writes, front_reads, True, parts.back_ids)
        with exchanging(exchange):
            front = render(parts.front)
        if len(front.pages) != exchange.front_pages:
            raise NotParallel("the contents took another page")
        facts = expect(front_reads, "facts")
        received: list[_Drawn] = []

        def drawn() -> _Drawn:
            if not received:
                received.append(expect(front_reads, "drawn"))
            return received[0]

        stand_ins = set(parts.back_ids)
        for page in front.pages:
            for name in stand_ins & page.anchors.keys():
                del page.anchors[name]
        back_pages = [_DrawnPage(f, index, drawn) for index, f in enumerate(facts)]
        return write(front.copy([*front.pages, *back_pages]))
    finally:
        os.close(front_writes)
        os.close(front_reads)
        os.waitpid(pid, 0)
