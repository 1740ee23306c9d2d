"""Series and Grand Prix: standings across events (issue 44).

Pure like the people layer it stands on: the archive's identity in, standings,
notes and page contexts out, no IO (the build step that writes the pages is
``site.series``).

- ``config``: the ``[series.KEY]`` settings.
- ``compute``: a series' standings (points per event, best N, countback, categories).
- ``notes``: every choice in words, as the standings pages explain tie-breaks.
- ``report``: ``trfsite series`` as data (JSON, CSV, table).
- ``pages``: the series page's and the person page's contexts.
"""
