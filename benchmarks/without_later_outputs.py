"""``trfsite`` without the outputs added after 416ffd1: issue 39's like-for-like figure.

Issue 39 compares the open's HTML build with 416ffd1's. Later issues added to what that
build writes: every event's offline copy (``EVENT/EVENT.zip``, 14 MB for the open) and
its data files (``EVENT/data/*.json``, ``*.csv``: 6 MB). This runs trfsite's command
line with those two left out (trfsite's own functions replaced, for measuring only),
so that both trees do the same work::

    python benchmarks/without_later_outputs.py -q build --no-pdf OPEN -o OUT

``--keep-zip`` or ``--keep-data`` (first) keeps one of them.
"""

import sys

import trfsite.pages.data_files as data_files
import trfsite.site.event_build as event_build
import trfsite.site.events as events
from trfsite.cli import main
from trfsite.site.offline_zip import Packed


def _unpacked(arcname: str, data: bytes, slug: str, base_url: str) -> Packed:
    return Packed(arcname, 0, len(data), b"", False, len(data))


def _no_copy(*args: object, **kwargs: object) -> int:
    return 0


if __name__ == "__main__":
    if "--keep-zip" in sys.argv:
        sys.argv.remove("--keep-zip")
    else:
        event_build.pack = _unpacked
        events.write_offline_zip = _no_copy
    if "--keep-data" in sys.argv:
        sys.argv.remove("--keep-data")
    else:
        data_files.data_pages = lambda data: []
    main()
