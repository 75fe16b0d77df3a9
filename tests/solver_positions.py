"""Positions the solver tests share: the issue's two slow Brazilian positions and seeded tables.

The two positions come from Brazilian self-play (B5, B6: a large table and a
small hand) and took seconds to prove before the tail cuts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import mexemexe as m

#: The issue's first slow position: table and hand (its best play places 2 cards).
ISSUE_TABLE_1 = (
    "AD JK 3D 4D | AH 2H 3H 4H 5H | AS 2S 3S | 2C 3C 4C 5C | 2S 2D 2C | 3S 3H 3D | "
    "4S 4D 4C | 5C 6C JK 8C 9C | 5H 6H JK | 6S 6H 6C | 8H 9H 10H | 10H JH QH | "
    "10S JS QS KS | JH JD JC | JS JD JC | QH QD QC | KS KH KD | AS AH AC | 9S 9H 9D | "
    "7S 7D 7C"
)
ISSUE_HAND_1 = "5S 7S 9D"
#: The issue's second slow position (its best play places 2 cards).
ISSUE_TABLE_2 = (
    "AD JK 3D 4D | AH 2H 3H 4H 5H 6H | AS 2S 3S | 2C 3C 4C 5C 6C | 2S 2D 2C | 3S 3H 3D | "
    "4S 4D 4C | 5C 6C 7C 8C | 5H 6H JK | 5S 6S 7S | 7D JK 9D | 8H 9H 10H | "
    "9S 10S JS QS KS | 9H 9D 9C | 10H JH QH | JH JD JC | JS JD JC | QH QD QC | KS KH KD | "
    "AS AH AC"
)
ISSUE_HAND_2 = "7D 8H 8C 10S"


def melds_among(
    cards: Sequence[m.Card], profile: m.Profile, rng: random.Random
) -> list[tuple[m.Card, ...]]:
    """Melds laid from ``cards`` one seeded pick at a time, until no meld is left among them."""
    left, melds = list(cards), []
    while found := m.find_melds(left, profile):
        meld = rng.choice(found)
        for card in meld:
            left.remove(card)
        melds.append(meld)
    return melds


def objective_weights(profile: m.Profile) -> list[list[float]]:
    """The weights of both objectives: cards placed, and their points (B10, R7)."""
    points = [float(profile.card_points(m.Card.from_code(c))) for c in range(53)]
    return [[1.0] * 53, points]
