"""A language's site-wide files but ``data/archive.sqlite``: the home page, the open
data and the feed, and the cache's rows of its events.

They do not read the archive, so the build writes them while a pool worker makes it
(``open_data.start_archive``) and waits for it last: its ``VACUUM INTO`` grows with the
archive (0.2 s of CPU per 1,000 events) and took longer than the people pages.
"""

from pathlib import Path
from typing import NamedTuple

from trfsite import __version__
from trfsite.render.page_meta import SiteInfo
from trfsite.render.theme import Theme
from trfsite.site import cache
from trfsite.site.build_checks import MARKER
from trfsite.site.discover import Discovery
from trfsite.site.event_build import environment
from trfsite.site.events import Plan
from trfsite.site.home_page import index_page, rows_of, write_home
from trfsite.site.open_data import write_open_data
from trfsite.site.state_cache import SourceStore
from trfsite.site.writer import SiteWriter


class SiteWide(NamedTuple):
    """Where one language's site-wide files go and what they are made with."""

    writer: SiteWriter
    site: SiteInfo
    chain: tuple[Theme, ...]
    state_file: Path  # the build state: the stored rows, and the cache's rows saved
    use_cache: bool  # the state describes the live build (its rows may be read)
    sources: SourceStore | None  # saved with this language's cache (the first one)

    def write(
        self, discovery: Discovery, ordered: list[cache.CacheEntry], plan: Plan, people: int
    ) -> int:
        """The home page, the open data and the cache's rows of ``ordered`` (the site's
        events, in order); the pages of the language in all (``people``: its people's)."""
        writer, site = self.writer, self.site
        index_notes = ""
        if discovery.index_notes is not None:
            from trfsite.pages.notes import markdown_to_html

            index_notes = markdown_to_html(discovery.index_text)
        env = environment(tuple(t.path for t in self.chain), site.language)
        reused_keys = {entry.key for entry in plan.reused.values()}
        events = [(e.key, e.summary) for e in ordered]
        stored = self.state_file if self.use_cache else None
        rows, made = rows_of(events, reused_keys, stored, env, site)
        home = index_page(site, [e.summary for e in ordered], rows, index_notes)
        pages = write_home(writer, self.chain, home, env)
        write_open_data(writer, site, rows)
        pages += sum(e.pages for e in ordered) + people
        cache.save_entries(
            writer, self.state_file, ordered, plan.reused, plan.previous, self.sources, made
        )
        if site.languages:  # the next build's _plan looks for it beside the cache's id
            writer.write_text(MARKER, f"trfsite {__version__}\n")
        return pages
