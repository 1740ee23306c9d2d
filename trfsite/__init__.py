"""trfsite: static results websites and PDF bulletins from TRF and EGF files."""

from trfsite.memo import remember_dataclass_code

remember_dataclass_code()  # before any module of the package defines a dataclass

__version__ = "0.1.0"
