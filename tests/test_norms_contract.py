"""The built-in ``fide`` norm rules pass the norm-rules contract suite
(:mod:`caddy.testing.norms`, docs/norms.md): results for its titles only,
a norm with nothing missing, the counted games the player's, the average
the rounded mean of the ratings used (FIDE B.01 1.4.7), deterministic and
indifferent to pairing numbers."""

from __future__ import annotations

from typing import ClassVar

from caddy.testing.norms import NormRulesContract


class TestFideNorms(NormRulesContract):
    rules_name: ClassVar[str] = "fide"
    max_examples: ClassVar[int] = 20
