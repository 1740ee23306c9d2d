"""Write small TRF files for tests, in the exact TRF-2016/2026 columns."""

from __future__ import annotations


def player_line(
    pid: int, name: str, rating: int | None, points: float, rank: int, cells: list[str]
) -> str:
    """One 001 line; cells like ``"   3 w 1"`` (opponent, colour, result) or ``"0000 - H"``."""
    shown = f"{rating:4d}" if rating else "    "
    head = (
        f"001 {pid:4d}      {name:<33} {shown} FID {100000 + pid:>11} {'':10} "
        f"{points:4.1f} {rank:4d}"
    )
    return head + "".join(f"  {cell:>8}" for cell in cells)


def trf(header: list[str], players: list[str]) -> str:
    return "\n".join(header + players) + "\n"
