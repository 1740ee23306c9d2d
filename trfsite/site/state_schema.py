"""The build state's tables (``site.state``), and the version that says whether a
database on disk has them: another version is dropped and made again.

The cache's and the folder history's tables are their modules' (``state_cache``,
``state_history``); the events, their entries, the people, the page digests and the
listing rows are here.

``events`` keeps its rowids, its ``head`` before its ``data`` (the whole event, ~9 KB):
SQLite compares a key of a table ``WITHOUT ROWID`` with each cell's whole payload,
overflow pages included, and reads a column after a long one through that one's
overflow pages. Reading the heads of the 1,800 events a 3,000-event rebuild cuts took
17,000 page reads that way, 1,900 now (issue 46). The narrow tables stay without rowid.
"""

from __future__ import annotations

from trfsite.site import state_cache, state_history

VERSION = 14  # PRAGMA user_version; another one is dropped and made again
SCHEMA = (
    """
CREATE TABLE events (
    key TEXT PRIMARY KEY, file TEXT NOT NULL, slug TEXT NOT NULL,
    head TEXT NOT NULL, data TEXT NOT NULL
);
CREATE TABLE entries (
    event_key TEXT NOT NULL REFERENCES events(key) ON DELETE CASCADE,
    position INTEGER NOT NULL, own_key TEXT NOT NULL, folded_name TEXT NOT NULL,
    fide_id TEXT NOT NULL, egd_pin TEXT NOT NULL, record_text TEXT NOT NULL,
    start_number INTEGER NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (event_key, position)
) WITHOUT ROWID;
CREATE INDEX entries_fide ON entries(fide_id) WHERE fide_id != '';
CREATE INDEX entries_egd ON entries(egd_pin) WHERE egd_pin != '';
CREATE INDEX entries_name ON entries(folded_name);
CREATE INDEX entries_own_key ON entries(own_key);
CREATE TABLE national_ids (
    national_id TEXT NOT NULL, event_key TEXT NOT NULL REFERENCES events(key) ON DELETE CASCADE,
    position INTEGER NOT NULL, PRIMARY KEY (national_id, event_key, position)
) WITHOUT ROWID;
CREATE TABLE linked_keys (
    event_key TEXT NOT NULL REFERENCES events(key) ON DELETE CASCADE,
    position INTEGER NOT NULL, key TEXT NOT NULL, PRIMARY KEY (event_key, position, key)
) WITHOUT ROWID;
CREATE INDEX linked_keys_key ON linked_keys(key);
CREATE TABLE people (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, fide_id TEXT NOT NULL, egd_pin TEXT NOT NULL,
    federation TEXT NOT NULL, aliases TEXT NOT NULL, name_matched INTEGER NOT NULL,
    page TEXT NOT NULL, redirects TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX people_fide ON people(fide_id) WHERE fide_id != '';
CREATE INDEX people_egd ON people(egd_pin) WHERE egd_pin != '';
CREATE TABLE person_keys (
    own_key TEXT PRIMARY KEY, person TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX person_keys_person ON person_keys(person);
CREATE TABLE namesakes (
    address TEXT NOT NULL, person TEXT NOT NULL, PRIMARY KEY (address, person)
) WITHOUT ROWID;
CREATE INDEX namesakes_person ON namesakes(person);
CREATE TABLE findings (
    file TEXT NOT NULL, line INTEGER NOT NULL, column INTEGER NOT NULL,
    severity TEXT NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL,
    href TEXT NOT NULL, person_href TEXT NOT NULL
);
CREATE TABLE person_rows (
    key TEXT PRIMARY KEY, page TEXT NOT NULL, name TEXT NOT NULL, folded TEXT NOT NULL,
    federation TEXT NOT NULL, events INTEGER NOT NULL, last_year INTEGER, shown TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX person_rows_events ON person_rows(events);
CREATE TABLE person_groups (
    kind TEXT NOT NULL, value TEXT NOT NULL, person TEXT NOT NULL,
    PRIMARY KEY (kind, value, person)
) WITHOUT ROWID;
CREATE INDEX person_groups_person ON person_groups(person);
CREATE TABLE person_pieces (
    piece TEXT NOT NULL, person TEXT NOT NULL, PRIMARY KEY (piece, person)
) WITHOUT ROWID;
CREATE INDEX person_pieces_person ON person_pieces(person);
CREATE TABLE pages (
    path TEXT PRIMARY KEY, digest TEXT NOT NULL, since INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE event_people (
    event_key TEXT PRIMARY KEY REFERENCES events(key) ON DELETE CASCADE, digest TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
"""
    + state_history.SCHEMA
    + state_cache.SCHEMA
)
