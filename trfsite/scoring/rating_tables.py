"""FIDE rating tables 8.1(a) and 8.1(b) (Handbook B.02), used by TPR, PTP, APRO, APPO.

Numbers copied from ``shared/spec/fide-rating-tables.md``. Probabilities are
kept in hundredths (integers) so that sums of expected scores are exact.
"""

from __future__ import annotations

import bisect

# Table 8.1(a): rating difference dp for p = 0.00, 0.01, ..., 1.00.
DP_BY_PERCENT: tuple[int, ...] = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip

# Table 8.1(b): the upper end of each band of |D|; PD(H) of band k is 0.50 + k/100.
_BAND_UPPER: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137,
    145, 153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290,
    302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip


def percent(numerator: float, denominator: float) -> int:
    """p = numerator / denominator rounded to two decimals (half up), in hundredths."""
    # Scores are multiples of 0.5: in half points, floor(100 N / D + 1/2) is exact.
    num = round(numerator * 2)
    den = round(denominator * 2)
    return (200 * num + den) // (2 * den)


def rating_difference(p_percent: int) -> int:
    """Table 8.1(a): dp for a fractional score given in hundredths."""
    return DP_BY_PERCENT[max(0, min(100, p_percent))]


def expected_hundredths(difference: int) -> int:
    """Table 8.1(b): scoring probability x 100 for own rating minus opponent's (full scale)."""
    band = bisect.bisect_left(_BAND_UPPER, abs(difference))
    higher = 50 + band  # band 50 (|D| >= 736) gives 1.00
    return higher if difference >= 0 else 100 - higher
