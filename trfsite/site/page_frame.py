"""An event's pages of one template rendered into one frame (game pages, player cards,
standings, round pages, the crosstable, the lists of players, the awards page), and a
build's person pages (one frame a worker: ``person_body``).

Every page of one kind of an event has the same head, navigation and footer; only its
title, heading, body and own path differ. The frame is rendered once,
with a marker in each of those places, and each page is the frame's pieces joined with
its parts. A theme that overrides the page's template, ``event.html`` or ``base.html``
may put anything of a page into the frame: its pages are rendered whole, as every
other page. The first page of each kind a process renders is rendered whole too, and
compared with the frame filled with its parts: should they differ, the event's pages
are rendered whole. A long page (standings, pairings, crosstable) is compared on its
first rows (``sample``): whole, it would cost about what the parts save.

Later events' frames are not compared again (``_COMPARED``): that the parts give their
template's bytes for every page is what the tests of each kind assert, on variants of
every optional part and on text to escape, which no first page of an event covers (a
comparison there saw only that page). What an event's own data could do to its frame
is checked on each frame: a marker's character from the file (an event named with
one) shows as a piece with the character or as holes other than those of the frame
that was compared; that event's pages are then compared again, and rendered whole.
"""

from __future__ import annotations

import logging
import re
import weakref
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import jinja2

from trfsite.render.environment import (
    CONTENT_FRAME_PREFIX,
    FRAME_MARK,
    FRAME_PREFIX,
    render_page,
)

logger = logging.getLogger(__name__)

_PATH = FRAME_MARK.format("P")
_TITLE = FRAME_MARK.format("T")
# Each hole's part.
PART_NAMES = {"T": "title", "H": "heading", "B": "body", "P": "path"}
_HOLE = re.compile(FRAME_MARK.format("([THBP])"))
# A page's parts by name (``PART_NAMES``' values), each made from the page's context.
Parts = Mapping[str, Callable[[Any], str]]


# What ``are_default`` found, by environment: each event's frames (seven kinds) asked it
# again, reading two files a template, 0.5 ms a kind. An environment's templates do not
# change while it is used (a build's has ``auto_reload`` off; a changed theme is another
# environment: ``event_build.environment``).
_FOUND: weakref.WeakKeyDictionary[jinja2.Environment, dict[tuple[str, ...], bool]] = (
    weakref.WeakKeyDictionary()
)


def are_default(env: jinja2.Environment, names: tuple[str, ...]) -> bool:
    """Whether each of the templates ``names`` is the default theme's (read once an
    environment)."""
    found = _FOUND.get(env)
    if found is None:
        found = _FOUND[env] = {}
    known = found.get(names)
    if known is None:
        known = found[names] = _are_default(env, names)
    return known


def _are_default(env: jinja2.Environment, names: tuple[str, ...]) -> bool:
    loader = env.loader
    if loader is None:
        return False
    try:
        return all(
            loader.get_source(env, name)[1] == loader.get_source(env, f"!default/{name}")[1]
            for name in names
        )
    except jinja2.TemplateNotFound:
        return False


# The frames whose first page gave its whole render's bytes, in this process, by
# environment: (template, the site and navigation entry of its meta) -> the frame's holes.
# A frame's holes follow from its templates (the default theme's), the site (its base URL
# and languages) and the page's navigation entry alone: another event's frame with other
# holes has some from its own data (see the module's docstring).
_COMPARED: weakref.WeakKeyDictionary[
    jinja2.Environment, dict[tuple[str, object, str], tuple[str, ...]]
] = weakref.WeakKeyDictionary()


def _compared(env: jinja2.Environment) -> dict[tuple[str, object, str], tuple[str, ...]]:
    return _COMPARED.setdefault(env, {})


# The rows of a page compared with its whole render, when a kind of page has a sample:
# enough for each kind of row and cell of a small event; a large one's rows are alike.
SAMPLE_ROWS = 24


def first_rows(*fields: str) -> Callable[[Any], Any]:
    """A ``PageFrames`` sample: the page with each of its ``fields`` (tuples of rows) cut
    to its first ``SAMPLE_ROWS``; the page itself when none is longer."""

    def sample(page: Any) -> Any:
        cut = {
            field: getattr(page, field)[:SAMPLE_ROWS]
            for field in fields
            if len(getattr(page, field)) > SAMPLE_ROWS
        }
        return page._replace(**cut) if cut else page

    return sample


def default_parts(
    make: Callable[[jinja2.Environment], object], copied: tuple[str, ...]
) -> Callable[[jinja2.Environment], Parts | None]:
    """A ``PageFrames``' ``parts``: those written in Python by ``make(env)`` (an object
    with a method per part), while the templates ``copied`` are the default theme's."""

    def parts(env: jinja2.Environment) -> Parts | None:
        if not are_default(env, copied):
            return None
        written = make(env)
        return {name: getattr(written, name) for name in PART_NAMES.values()}

    return parts


class PageFrames:
    """Renders an event's pages of ``template`` in ``env``: the frame once, then each
    page's parts, given by ``parts`` (called once, on the first page; ``None``: every
    page is rendered whole). ``frame_templates`` must be the default theme's: the
    default's are known to read nothing of a page but its path outside the blocks
    filled per page. ``content``: the template extends base.html itself (see
    ``CONTENT_FRAME_PREFIX``)."""

    def __init__(
        self,
        env: jinja2.Environment,
        template: str,
        frame_templates: tuple[str, ...],
        parts: Callable[[jinja2.Environment], Parts | None],
        sample: Callable[[Any], Any] | None = None,
        content: bool = False,
    ) -> None:
        self.env = env
        self.template = template
        self.shared = are_default(env, frame_templates)
        self._make_parts = parts
        # A page an event has one of (its crosstable) gains nothing when it is rendered
        # whole to be compared: ``sample`` gives a small page of the same kind (its first
        # rows) to compare instead, and the page itself is then filled.
        self._sample = sample
        # A page extending base.html itself (``content``): its content block is the
        # body, and its own title (base.html's <title> and og:title) a hole.
        self._content = content
        # The frame's text between its holes, and which hole follows each piece.
        self._pieces: list[str] = []
        self._holes: list[str] = []
        self._parts: dict[str, Callable[[Any], str]] = {}

    def render(self, page: Any) -> str:
        if not self.shared:
            return render_page(self.env, self.template, page)
        try:
            if not self._pieces and not self._split_as_compared(page):
                probe = page if self._sample is None else self._sample(page)
                whole = render_page(self.env, self.template, probe)
                # A marker's character from the file (an event named with one) would
                # open a hole of its own: that event's pages are rendered whole.
                if not self._split(probe) or FRAME_MARK[0] in whole or self._filled(probe) != whole:
                    self.shared = False
                    return whole if probe is page else render_page(self.env, self.template, page)
                _compared(self.env)[self._compared_key(page)] = tuple(self._holes)
                if probe is page:
                    return whole
            return self._filled(page)
        except Exception:
            # A theme's broken template: the whole page's render names its file and
            # line in a ThemeError (render_page), never a traceback. Parts written in
            # Python that fail where the template does not: this event's pages are
            # rendered whole, the same bytes, and the page is not lost.
            whole = render_page(self.env, self.template, page)
            logger.debug(
                "%s: written parts failed; pages rendered whole", self.template, exc_info=True
            )
            self.shared = False
            return whole

    def _compared_key(self, page: Any) -> tuple[str, object, str]:
        return (self.template, page.meta.site, page.meta.current)

    def _split_as_compared(self, page: Any) -> bool:
        """Cut the frame of ``page`` when a frame of its kind was compared in this process
        and this one has the same holes, and no marker's character elsewhere; False when it
        must be compared (its pieces then made again by the comparison)."""
        holes = _compared(self.env).get(self._compared_key(page))
        if holes is None or not self._split(page):
            return False
        if tuple(self._holes) == holes and not any(
            FRAME_MARK[0] in piece for piece in self._pieces
        ):
            return True
        self._pieces, self._holes = [], []
        return False

    def _filled(self, page: Any) -> str:
        values = {hole: part(page) for hole, part in self._parts.items()}
        out = [self._pieces[0]]
        for hole, piece in zip(self._holes, self._pieces[1:], strict=True):
            out.append(values[hole])
            out.append(piece)
        return "".join(out)

    def _split(self, page: Any) -> bool:
        """Render the frame with markers (``page`` gives the event's parts) and cut it;
        False when the pages have no parts of their own to fill it with."""
        parts = self._make_parts(self.env)
        if parts is None:
            return False
        self._parts = {hole: parts[name] for hole, name in PART_NAMES.items()}
        if self._content:
            meta = replace(page.meta, path=_PATH, title=_TITLE)
            prefix = CONTENT_FRAME_PREFIX
        else:
            meta, prefix = replace(page.meta, path=_PATH), FRAME_PREFIX
        marked = page._replace(meta=meta)
        frame = self.env.get_template(f"{prefix}/{self.template}").render(page=marked)
        split = _HOLE.split(frame)
        self._pieces = split[0::2]
        self._holes = split[1::2]
        return True
