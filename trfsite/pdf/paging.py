"""Paginating one half of a bulletin while another process paginates the other.

WeasyPrint 70.0's ``layout_document`` (copied, one hook added): where it would
stop repaginating, the two processes trade facts (``Exchange``). The back
tells the front its page count and on which of its pages each anchor fell;
the front tells the back its page count. Then the front puts the back's page
numbers on its stand-in anchors and lays its table of contents out again,
and both make their footers ("page N of M") with the numbers of the whole
bulletin. Messages go over pipes as pickles with a length before them.
"""

from __future__ import annotations

import copy
import os
import pickle
import struct
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


class NotParallel(Exception):
    """The two-process way does not fit this bulletin; draw it in one piece."""


# --------------------------------------------------------------------------- messages
def send(fd: int, message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(struct.pack("<Q", len(data)) + data)
    try:
        while view:
            view = view[os.write(fd, view) :]
    except OSError as exc:  # the other process has given up and gone (a broken pipe)
        raise NotParallel(f"the other process is gone: {exc}") from exc


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


def expect(fd: int, kind: str) -> Any:
    try:
        got, value = _receive(fd)
    except (EOFError, pickle.UnpicklingError, ValueError) as exc:
        raise NotParallel(f"no {kind} from the other process: {exc}") from exc
    if got != kind:
        raise NotParallel(f"the other process: {value}")
    return value


@dataclass(frozen=True, slots=True)
class _BackPaginated:
    pages: int  # all of the back's pages, its cover's too
    cover: int  # its cover's pages, dropped
    anchors: dict[str, int]  # the back's anchors: the page (0-based, in the back) of each


# --------------------------------------------------------------------------- pagination
@dataclass
class Exchange:
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

    def paginated(self, pages: list[Any], context: Any) -> bool:
        """Trade facts; True when the front must lay its contents out again."""
        if self.done:
            return False
        self.done = True
        items = context.target_collector.target_lookup_items
        if self.front:
            self.front_pages = len(pages)
            back: _BackPaginated = self._trade(("front", len(pages)), "paginated")
            self.total = len(pages) + back.pages - back.cover
            start = len(pages) - back.cover  # a back page's index + 1 + start: its number
            numbers = {name: index + 1 + start for name, index in back.anchors.items()}
            changed = False
            for name, number in numbers.items():
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
        paginated = _BackPaginated(len(pages), self.cover, anchors)
        front_pages: int = self._trade(("paginated", paginated), "front")
        self.offset = front_pages - self.cover
        self.total = front_pages + len(pages) - self.cover
        return False

    def _trade(self, message: tuple[str, object], kind: str) -> Any:
        """Send ours, receive theirs; if they are gone, say why they went."""
        try:
            send(self.to_other, message)
        except NotParallel:
            expect(self.from_other, kind)  # raises, with the other's reason if it sent one
            raise
        return expect(self.from_other, kind)

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


def _layout_document(exchange: Exchange) -> Callable[..., Iterator[Any]]:
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
def exchanging(exchange: Exchange) -> Iterator[None]:
    import weasyprint.document

    original = weasyprint.document.layout_document
    weasyprint.document.layout_document = _layout_document(exchange)
    try:
        yield
    finally:
        weasyprint.document.layout_document = original
