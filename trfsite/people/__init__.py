"""People across events: who played where, linked by id or by name.

Pure like the scoring layer: tournaments and standings in, people and findings
out, no IO. ``collect`` turns one event into its players' entries; ``identity``
links the entries of many events into people.
"""
