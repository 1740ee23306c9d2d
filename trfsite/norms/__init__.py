"""Title norms (GM, IM, WGM, WIM) under the FIDE Title Regulations (Handbook B.01,
edition of 1 January 2024): which games count, the candidate sets, the requirements,
Ra and Rp, and a forecast during a live event. Pure: model in, dataclasses out, no IO.
"""
