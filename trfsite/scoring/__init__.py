"""Tie-breaks (FIDE C.07): code parsing, an explicit registry, one module per family.

Every individual tie-break is a pure function of a precomputed
:class:`~trfsite.scoring.context.EventContext`; team and Go tie-breaks live in
their own modules (``team_*.py``, ``go.py``) and reuse :mod:`codes`.
"""
