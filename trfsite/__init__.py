"""trfsite: static results websites and PDF bulletins from TRF and EGF files."""

__version__ = "0.1.0"
