"""What makes the site a good web citizen: ``sitemap.xml``, ``robots.txt`` (the site's
Atom feed is joined from the events' rows: ``site.event_rows``).

The sitemap lists every HTML page of the finished build once, as an absolute URL
under ``base_url``, split into files of 50,000 URLs under a sitemap index when there
are more (the protocol's limit); without ``base_url`` there is no absolute
URL to give, so the sitemap and ``robots.txt`` are left out (one info line says so).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path
from xml.etree import ElementTree as ET

from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
MAX_URLS = 50_000  # per sitemap file (sitemaps.org)


def html_pages(root: Path) -> list[str]:
    """Every HTML page under ``root`` (POSIX paths, sorted), hidden folders left out."""
    found: list[str] = []
    for folder, folders, files in os.walk(root):
        folders[:] = [name for name in folders if not name.startswith(".")]
        relative = Path(folder).relative_to(root).as_posix()
        prefix = "" if relative == "." else f"{relative}/"
        found.extend(prefix + name for name in files if name.endswith(".html"))
    return sorted(found)


def _urlset(urls: Sequence[str]) -> str:
    ET.register_namespace("", SITEMAP_NS)
    urlset = ET.Element(f"{{{SITEMAP_NS}}}urlset")
    for url in urls:
        ET.SubElement(
            ET.SubElement(urlset, f"{{{SITEMAP_NS}}}url"), f"{{{SITEMAP_NS}}}loc"
        ).text = url
    ET.indent(urlset)
    return ET.tostring(urlset, encoding="unicode", xml_declaration=True) + "\n"


def _index(urls: Sequence[str]) -> str:
    ET.register_namespace("", SITEMAP_NS)
    index = ET.Element(f"{{{SITEMAP_NS}}}sitemapindex")
    for url in urls:
        ET.SubElement(
            ET.SubElement(index, f"{{{SITEMAP_NS}}}sitemap"), f"{{{SITEMAP_NS}}}loc"
        ).text = url
    ET.indent(index)
    return ET.tostring(index, encoding="unicode", xml_declaration=True) + "\n"


def write_sitemaps(root: Path, base_url: str, per_file: int = MAX_URLS) -> None:
    """``sitemap.xml`` (an index of ``sitemap-N.xml`` past ``per_file`` URLs), ``robots.txt``."""
    if not base_url:
        logger.info("sitemap.xml and robots.txt skipped: trfsite.toml sets no base_url")
        return
    writer = SiteWriter(root)
    urls = [base_url + path for path in html_pages(root)]
    if len(urls) <= per_file:
        writer.write_text("sitemap.xml", _urlset(urls))
    else:
        parts = []
        for number, start in enumerate(range(0, len(urls), per_file), start=1):
            writer.write_text(f"sitemap-{number}.xml", _urlset(urls[start : start + per_file]))
            parts.append(f"{base_url}sitemap-{number}.xml")
        writer.write_text("sitemap.xml", _index(parts))
    writer.write_text("robots.txt", f"User-agent: *\nAllow: /\n\nSitemap: {base_url}sitemap.xml\n")
