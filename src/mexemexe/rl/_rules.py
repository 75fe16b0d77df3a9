"""What the environments read from a game's rules, found from the rules' data and type.

The environments never test a game's name or Mau-Mau's types: a rummy
`Profile` says its turn structure (``"discard"``, G4, or ``"shared_table"``,
B6, R4); rules of any other type are a **shedding** game played with
Mau-Mau's moves (draw, pass, a card with a named suit and the last-card
announcement, M2-M6), and must offer `CardRules`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from .._cards import Card
from .._errors import ProfileError
from .._profiles import Profile
from ..games import GameRules

__all__ = ["SHEDDING", "CardRules", "card_rules", "penalty_scores", "structure"]

#: The structure of every game whose rules are not a rummy `Profile`.
SHEDDING = "shedding"


@runtime_checkable
class CardRules(Protocol):
    """The rules' card values, deck and rulebook sections, which observations and rewards read."""

    @property
    def max_players(self) -> int:
        """The most players a round may have."""
        ...

    def hand_points(self, cards: Iterable[Card]) -> int:
        """The points of ``cards`` left in a hand: the sum of each card's points."""
        ...

    def deck(self) -> tuple[Card, ...]:
        """The whole deck."""
        ...

    def section(self, key: str) -> str:
        """The RULES.md section to cite for ``key``."""
        ...


def card_rules(rules: GameRules) -> CardRules:
    """``rules`` as `CardRules`.

    Raises:
        ProfileError: If the rules lack card values, a deck or rulebook sections.
    """
    if not isinstance(rules, CardRules):
        raise ProfileError(
            f"no learning environment for rules of type {type(rules).__name__}: they need "
            "hand_points(cards), deck() and section(key), as every game of the library has"
        )
    return rules


def structure(rules: GameRules) -> str:
    """The turn structure the environments play: a rummy profile's own, else `SHEDDING`.

    Raises:
        ProfileError: If the rules lack what `CardRules` reads.
    """
    card_rules(rules)
    return rules.turn_structure if isinstance(rules, Profile) else SHEDDING


def penalty_scores(rules: GameRules) -> bool:
    """Whether a round's scores are penalty points, where lower is better (B10, M7-M8).

    A rummy profile says so in ``scoring``; rules without that setting count
    penalty points, as Mau-Mau does.
    """
    return getattr(rules, "scoring", "penalty") == "penalty"
