"""The plugin's own tests: caddy's contract suite, and the band sizes."""

from __future__ import annotations

from typing import Any, ClassVar

from caddy_banded import band_sizes

from caddy.testing import FormatContract


class TestBandedContract(FormatContract):
    format_name = "banded-round-robin"
    sizes = (2, 3, 5, 7, 12, 14, 20)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({}, {"band": 4}, {"band": 8})

    def expected_meetings(self, fmt: Any, players: int, options: Any, a: int, b: int) -> int:
        """Players meet once when they are in the same band, else never."""
        sections = fmt.schedule(players, options).sections
        return int(any(a in s.players and b in s.players for s in sections))


def test_band_sizes() -> None:
    assert band_sizes(14, 6) == [5, 5, 4]
    assert band_sizes(12, 6) == [6, 6]
    assert band_sizes(7, 6) == [4, 3]
