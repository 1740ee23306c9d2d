"""People across events: who played where, linked by id or by name, and their pages.

Pure like the scoring layer: tournaments and standings in, people, findings and
page contexts out, no IO (the build step that writes the pages is ``site.people``).

- ``config``: the ``[people]`` settings; ``names``: folded names and keys.
- ``collect`` and ``listing``: one event's players as entries (``entries``),
  from its model or its bytes; ``codec``: entries as JSON, for the build state
  (``site.state``).
- ``identity``: the entries of many events linked into people; ``incremental``:
  only the part of them a changed event touches; ``report``: ``trfsite people``
  as data, and where a person's page is.
- ``links``: which person page (and FIDE profile) an event's pages link a player to.
- ``pages`` (with ``contexts``): the person pages; ``rows``: a person's line in
  the listings (kept in the build state); ``listings``: the federation, club,
  findings and index pages; ``search``: the offline search's index pieces.
- ``privacy``: the ``[privacy]`` settings, and a tournament with the people
  ``anonymise`` names shown as "Anonymous" (no person page: ``links``).
"""
