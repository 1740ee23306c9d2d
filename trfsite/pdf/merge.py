"""Documents laid out apart (trfsite.pdf.documents) merged into one PDF with pypdf.

Each document's pages are taken as WeasyPrint wrote them (content, fonts, link
annotations). What belongs to the whole is made again for the whole: the named
destinations the links point at (``/Dest (round-7)``), each at the place of its
anchor in the document that holds it; the outline, built from every document's
bookmarks as WeasyPrint builds one (a bookmark belongs to the last one above it of
a lower level); and the metadata and language of the first document. pypdf writes
the same objects in the same order for the same documents, and no /ID: the bytes
depend on the documents only.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from trfsite.pdf.layout import Bookmark, LaidOut, Place

if TYPE_CHECKING:
    from pypdf import PdfWriter
    from pypdf.generic import IndirectObject

# What the first document's catalog says of the whole bulletin (its language).
_CATALOG_KEYS = ("/Lang",)


def merge(documents: Sequence[LaidOut], skip: Sequence[frozenset[str]] = ()) -> bytes:
    """One PDF of the documents' pages in order.

    ``skip[i]``: anchors of document ``i`` that stand in for another's (the contents'
    links to them); each name points at the first place of a document that holds it.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import Destination, Fit, NameObject

    writer = PdfWriter()
    readers = [PdfReader(io.BytesIO(document.pdf)) for document in documents]
    starts: list[int] = []
    for reader in readers:
        starts.append(len(writer.pages))
        for page in reader.pages:
            writer.add_page(page)
    first = readers[0]
    if first.metadata is not None:
        writer.add_metadata(dict(first.metadata))
    catalog = first.root_object
    for key in _CATALOG_KEYS:
        if key in catalog:
            writer.root_object[NameObject(key)] = catalog[key]

    places: dict[str, Place] = {}
    for index, (document, start) in enumerate(zip(documents, starts, strict=True)):
        stand_ins = skip[index] if index < len(skip) else frozenset()
        for name, place in document.anchors.items():
            if name not in stand_ins:
                places.setdefault(name, Place(start + place.page, place.x, place.y))
    for name in sorted(places):
        place = places[name]
        target = writer.pages[place.page].indirect_reference
        assert target is not None  # a page of the writer is one of its objects
        fit = Fit.xyz(place.x, place.y, 0)
        writer.add_named_destination_object(Destination(name, target, fit))

    parents: list[tuple[int, IndirectObject]] = []  # (level, outline item), top down
    for document, start in zip(documents, starts, strict=True):
        for bookmark in document.bookmarks:
            while parents and parents[-1][0] >= bookmark.level:
                parents.pop()
            parent = parents[-1][1] if parents else None
            item = _outline_item(writer, bookmark, start, parent)
            parents.append((bookmark.level, item))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _outline_item(
    writer: PdfWriter, bookmark: Bookmark, start: int, parent: IndirectObject | None
) -> IndirectObject:
    from pypdf.generic import Fit

    place = bookmark.place
    return writer.add_outline_item(
        title=bookmark.label,
        page_number=start + place.page,
        parent=parent,
        fit=Fit.xyz(place.x, place.y, 0),
        is_open=bookmark.open,
    )
