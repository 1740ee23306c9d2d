"""FIDE Tournament Report Files: TRF16 and TRF-2026, individual and team.

``read_trf`` reads text into the model without loss and reports what is
wrong with it; ``writer.write_trf`` writes the model back as normalised
TRF-2026.
"""

from trfsite.formats.trf.reader import read_trf, sniff

__all__ = ["read_trf", "sniff"]
