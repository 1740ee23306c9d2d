"""A long bulletin laid out and drawn by two processes, as one PDF.

WeasyPrint lays a document out on one core: 5.3 s for the 2000-player open's
252 pages, while the build's other core waits. Its sections start on new pages,
so the HTML is cut between two rounds into two documents:

- the front (cover, contents, standings, ..., the first rounds), laid out here;
- the back (the cover again, for its running strings, then the other rounds),
  laid out by a forked process, which drops its cover pages.

Each pagination ends with an exchange (``_Exchange``): the back learns where
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
import copy
import logging
import os
import pickle
import re
import struct
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

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


class NotParallel(Exception):
    """The two-process way does not fit this bulletin; draw it in one piece."""


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


# --------------------------------------------------------------------------- messages
def _send(fd: int, message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(struct.pack("<Q", len(data)) + data)
    while view:
        view = view[os.write(fd, view) :]


def _receive(fd: int) -> Any:
    header = _read(fd, 8)
    return pickle.loads(_read(fd, struct.unpack("<Q", header)[0]))


def _read(fd: int, size: int) -> bytes:
    chunks = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            raise NotParallel("the other process ended early")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


@dataclass(frozen=True, slots=True)
class _BackPaginated:
    pages: int  # all of the back's pages, its cover's too
    cover: int  # its cover's pages, dropped
    anchors: dict[str, int]  # the back's anchors: the page (0-based, in the back) of each


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


# --------------------------------------------------------------------------- pagination
@dataclass
class _Exchange:
    """Both processes' page counts and the back's anchors, once each has paginated."""

    to_other: int
    from_other: int
    front: bool
    back_ids: tuple[str, ...]
    total: int = 0
    offset: int = 0  # added to the back's page numbers
    cover: int = 0
    front_pages: int = 0
    done: bool = False
    numbers: dict[str, int] = field(default_factory=dict)  # back anchor -> page number

    def paginated(self, pages: list[Any], context: Any) -> bool:
        """Trade facts; True when the front must lay its contents out again."""
        if self.done:
            return False
        self.done = True
        items = context.target_collector.target_lookup_items
        if self.front:
            self.front_pages = len(pages)
            _send(self.to_other, len(pages))
            back: _BackPaginated = _receive(self.from_other)
            self.total = len(pages) + back.pages - back.cover
            start = len(pages) - back.cover  # a back page's index + 1 + start: its number
            self.numbers = {name: index + 1 + start for name, index in back.anchors.items()}
            changed = False
            for name, number in self.numbers.items():
                item = items.get(name)
                if item is None or item.state != "up-to-date":
                    continue
                values = copy.deepcopy(item.cached_page_counter_values)
                values["page"] = [number]
                item.cached_page_counter_values = values
                changed = True
            if changed:
                # The contents' target-counter()s read the new numbers; their pages
                # are made again. (WeasyPrint's own spreading misses them: it files
                # the lookups of attr(href) under no anchor name.)
                lookups = context.target_collector.counter_lookup_items.values()
                for lookup in lookups:
                    if lookup.missing_target_counters and lookup.page_maker_index is not None:
                        lookup.parse_again(lookup.cached_page_counter_values)
                        context.page_maker[lookup.page_maker_index][-1]["content_changed"] = True
            return changed
        anchors = {}
        for name in self.back_ids:
            item = items.get(name)
            if item is None or item.page_maker_index is None:
                raise NotParallel(f"anchor {name!r} was not laid out")
            anchors[name] = item.page_maker_index
        self.cover = min(anchors.values(), default=0)
        _send(self.to_other, _BackPaginated(len(pages), self.cover, anchors))
        front_pages: int = _receive(self.from_other)
        self.offset = front_pages - self.cover
        self.total = front_pages + len(pages) - self.cover
        return False

    def number(self, context: Any) -> None:
        """Give every page its number in the whole bulletin, and the total."""
        seen: set[int] = set()
        for page_data in context.page_maker:
            values = page_data[3][1]
            if id(values) in seen:
                continue
            seen.add(id(values))
            values["pages"] = [self.total]
            if self.offset and values.get("page"):
                values["page"] = [*values["page"][:-1], values["page"][-1] + self.offset]


def _layout_document(exchange: _Exchange) -> Callable[..., Iterator[Any]]:
    """WeasyPrint 70.0's ``layout_document``, with the exchange before the footers."""
    from weasyprint.layout import initialize_page_maker, layout_fixed_boxes
    from weasyprint.layout.background import layout_backgrounds
    from weasyprint.layout.page import make_all_pages, make_margin_boxes
    from weasyprint.logger import PROGRESS_LOGGER

    def layout_document(html: Any, root_box: Any, context: Any, max_loops: int = 8) -> Any:
        initialize_page_maker(context, root_box)
        pages: list[Any] = []
        original_footnotes: list[Any] = []
        actual_total_pages = 0

        for loop in range(max_loops):
            if loop > 0:
                PROGRESS_LOGGER.info("Step 5 - Creating layout - Repagination #%d", loop)
                context.footnotes = original_footnotes.copy()

            initial_total_pages = actual_total_pages
            if loop == 0:
                original_footnotes = context.footnotes.copy()
            pages = list(make_all_pages(context, root_box, html, pages))
            actual_total_pages = len(pages)

            reloop_content = False
            reloop_pages = False
            for page_data in context.page_maker:
                _, _, _, page_state, remake_state = page_data
                page_counter_values = page_state[1]
                page_counter_values["pages"] = [actual_total_pages]
                if remake_state["content_changed"]:
                    reloop_content = True
                if remake_state["pages_wanted"]:
                    reloop_pages = initial_total_pages != actual_total_pages

            # trfsite: where WeasyPrint stops, the exchange may ask for one more pass
            if not reloop_content and not reloop_pages and not exchange.paginated(pages, context):
                break
        exchange.number(context)  # trfsite

        watch_elements: list[Any] = []
        watch_elements_before: list[Any] = []
        watch_elements_after: list[Any] = []
        for i, page in enumerate(pages):
            _, _, _, page_state, _ = context.page_maker[i + 1]
            page_counter_values = page_state[1]

            for child in page.descendants():
                if child.bookmark_label:
                    if child.element_tag.endswith("::before"):
                        checklist = watch_elements_before
                    elif child.element_tag.endswith("::after"):
                        checklist = watch_elements_after
                    else:
                        checklist = watch_elements
                    if child.element in checklist:
                        child.bookmark_label = ""
                    else:
                        checklist.append(child.element)

                if child.missing_link:
                    for (
                        box,
                        css_token,
                    ), item in context.target_collector.counter_lookup_items.items():
                        if child.missing_link == box and css_token != "content":
                            if css_token == "bookmark-label" and not child.bookmark_label:
                                continue
                            item.parse_again(page_counter_values)
                            if css_token == "bookmark-label":
                                child.bookmark_label = box.bookmark_label
                string_sets = child.string_set
                if string_sets and string_sets != "none":
                    for string_set in string_sets:
                        string_name, text = string_set
                        context.string_set[string_name][i + 1].append(text)

        for i, page in enumerate(pages):
            root_children = []
            root, footnote_area, note_area = page.children
            root_children.extend(layout_fixed_boxes(context, pages[:i], page))
            root_children.extend(root.children)
            root_children.extend(layout_fixed_boxes(context, pages[i + 1 :], page))
            root.children = root_children
            context.current_page = i + 1

            state = context.page_maker[context.current_page][3]
            children = [root]
            if footnote_area.children:
                children.append(footnote_area)
            if note_area.children:
                children.append(note_area)
            children.extend(make_margin_boxes(context, page, state))
            page.children = tuple(children)
            layout_backgrounds(page, context.get_image_from_uri)
            yield page

    return layout_document


@contextmanager
def _exchanging(exchange: _Exchange) -> Iterator[None]:
    import weasyprint.document

    original = weasyprint.document.layout_document
    weasyprint.document.layout_document = _layout_document(exchange)
    try:
        yield
    finally:
        weasyprint.document.layout_document = original


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
    pid = os.fork()
    if pid == 0:  # the back
        code = 0
        try:
            os.close(front_writes)
            os.close(front_reads)
            exchange = _Exchange(back_writes, back_reads, False, parts.back_ids)
            with _exchanging(exchange):
                document = render(parts.back)
            facts = [
                _PageFacts(p.width, p.height, dict(p.bleed), p.bookmarks, p.anchors)
                for p in document.pages[exchange.cover :]
            ]
            _send(back_writes, ("facts", facts))
            _send(back_writes, ("drawn", _draw_back(document, exchange.cover)))
        except BaseException as exc:  # noqa: BLE001 - reported to the front, which gives up
            code = 1
            with contextlib.suppress(BaseException):  # else the front sees the pipe close
                _send(back_writes, ("failed", f"{type(exc).__name__}: {exc}"))
        finally:
            os._exit(code)
    os.close(back_reads)
    os.close(back_writes)
    try:
        exchange = _Exchange(front_writes, front_reads, True, parts.back_ids)
        with _exchanging(exchange):
            front = render(parts.front)
        if len(front.pages) != exchange.front_pages:
            raise NotParallel("the contents took another page")
        facts = _expect(front_reads, "facts")
        received: list[_Drawn] = []

        def drawn() -> _Drawn:
            if not received:
                received.append(_expect(front_reads, "drawn"))
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


def _expect(fd: int, kind: str) -> Any:
    try:
        got, value = _receive(fd)
    except (EOFError, pickle.UnpicklingError, ValueError) as exc:
        raise NotParallel(f"no {kind} from the other process: {exc}") from exc
    if got != kind:
        raise NotParallel(f"the other process: {value}")
    return value
