"""The Mau-Mau rule profile: every rule and [decision] of RULES.md section M as a field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .._cards import Card, make_deck
from .._errors import ProfileError
from .._profiles import MAX_DECKS, setting_ints, setting_pairs, setting_problems
from ._checks import MAX_WORD, is_whole, quote

__all__ = ["MAUMAU", "MauMauProfile"]

#: A=1, 2-10 pip value, J=20, Q=10, K=10 (M7).
MAUMAU_POINTS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 10, 10)


#: The most points one card may be worth: sums of a whole deck's points stay
#: far inside the 64-bit counts the states and matches check for.
MAX_CARD_POINTS = 10**6


def _card_points(value: Any) -> tuple[int, ...]:
    try:
        return setting_ints(value, "card_points")
    except (TypeError, RecursionError) as err:  # not a list, or nested past writing out
        raise ProfileError(f"card_points={quote(value)}: 13 whole numbers") from err


def _sections(value: Any) -> tuple[tuple[str, str], ...]:
    try:
        return setting_pairs(value, (str, str), "rule_sections")
    except (TypeError, RecursionError) as err:
        raise ProfileError(f"rule_sections={quote(value)}: (key, section) pairs") from err


@attrs.frozen(kw_only=True)
class MauMauProfile:
    """The rules of Mau-Mau (RULES.md M). A variant is ``attrs.evolve(MAUMAU, ...)``.

    Attributes:
        name: A short identifier (display only; never decides a rule).
        description: One line for people.
        decks: 52-card decks, no jokers (M1: 2), at most `MAX_DECKS`.
        min_players: The fewest players (M1 **[decision]**: 2).
        max_players: The most players (M1 **[decision]**: 10).
        hand_size: Cards dealt to each player (M1: 7).
        special_start_card: Whether the turned starting card has its special
            effect (M1 **[decision]**: no).
        reverse_rank: The rank that reverses the direction of play (M5: 10), or 0.
        skip_rank: The rank that skips the next player (M5: A = 1), or 0.
        draw_rank: The rank that makes the next player draw and lose the turn (M5: 2), or 0.
        draw_count: How many cards that player draws (M5: 3).
        wild_rank: The rank played on anything that names the next suit (M6: J = 11), or 0.
        last_card_penalty: Cards drawn for not announcing the last card (M4: 2).
        card_points: Points of A, 2 … K in hand at the end (M7).
        wild_finish_multiplier: Factor on everyone's points when the hand ends
            on the wild rank (M7: a Jack doubles).
        draw_finish_count: Cards every other player draws when the hand ends
            on the draw rank (M7: 3 for a final 2).
        held_draw_rank_count: Cards drawn per draw-rank card held when the hand
            ends, before counting (M7: 3 per 2 held). Counted from the hands as
            they are when the hand ends, before any end-of-hand draws.
        burst_score: The score at which a player bursts (M8: 100).
        entry_chips: Chips each player pays into the pot to start (M8 **[decision]**: 1).
        reentry_chips: Chips a burst player pays to re-enter (M8: 1).
        max_reentries: Re-entries allowed per player per match (M8 **[decision]**: 1).
        rotate_first_player: The first player moves one seat each hand.
        rule_sections: Which RULES.md section to cite for each kind of problem.
    """

    name: str = "maumau"
    description: str = "Mau-Mau: shed your cards following suit or rank, with special cards."
    decks: int = 2
    min_players: int = 2
    max_players: int = 10
    hand_size: int = 7
    special_start_card: bool = False
    reverse_rank: int = 10
    skip_rank: int = 1
    draw_rank: int = 2
    draw_count: int = 3
    wild_rank: int = 11
    last_card_penalty: int = 2
    card_points: tuple[int, ...] = attrs.field(default=MAUMAU_POINTS, converter=_card_points)
    wild_finish_multiplier: int = 2
    draw_finish_count: int = 3
    held_draw_rank_count: int = 3
    burst_score: int = 100
    entry_chips: int = 1
    reentry_chips: int = 1
    max_reentries: int = 1
    rotate_first_player: bool = True
    rule_sections: tuple[tuple[str, str], ...] = attrs.field(
        default=(
            ("deal", "M1"),
            ("turn", "M2"),
            ("stock", "M3"),
            ("last", "M4"),
            ("special", "M5"),
            ("wild", "M6"),
            ("score", "M7"),
            ("match", "M8"),
        ),
        converter=_sections,
    )
    _deck: tuple[Card, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _deck_codes: list[int] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: `card_value` by card code (the 52 naturals).
    _values: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: By card code (the 52 naturals): whether discarding the card has no M5 effect.
    _plain: tuple[bool, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: `rule_sections` as a dict, for `section`.
    _cite: dict[str, str] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problems = self._kind_problems()
        if problems:
            raise ProfileError(f"inconsistent profile {quote(self.name)}: " + "; ".join(problems))
        if not 1 <= self.decks <= MAX_DECKS:
            problems.append(f"decks={self.decks}: from 1 to {MAX_DECKS}")
        if not 2 <= self.min_players <= self.max_players:
            problems.append(f"players {self.min_players}-{self.max_players}: not a valid range")
        if self.hand_size < 1:
            problems.append(f"hand_size={self.hand_size}: at least 1")
        if self.max_players * self.hand_size + 1 > 52 * self.decks:
            problems.append(
                f"{self.max_players} players x {self.hand_size} cards + 1 turned card is more "
                f"than the {52 * self.decks}-card deck"
            )
        for field in ("reverse_rank", "skip_rank", "draw_rank", "wild_rank"):
            value = getattr(self, field)
            if not 0 <= value <= 13:
                problems.append(f"{field}={value}: a rank 1-13, or 0 for none")
        specials = [
            r for r in (self.reverse_rank, self.skip_rank, self.draw_rank, self.wild_rank) if r
        ]
        if len(specials) != len(set(specials)):
            problems.append("two special effects share a rank")
        if len(self.card_points) != 13:
            problems.append(f"card_points has {len(self.card_points)} values, not 13")
        elif not all(0 <= v <= MAX_CARD_POINTS for v in self.card_points):
            problems.append(f"card_points={quote(self.card_points)}: from 0 to {MAX_CARD_POINTS}")
        for field in (
            "draw_count",
            "last_card_penalty",
            "draw_finish_count",
            "held_draw_rank_count",
            "entry_chips",
            "reentry_chips",
            "max_reentries",
        ):
            if getattr(self, field) < 0:
                problems.append(f"{field} is negative")
        if self.wild_finish_multiplier < 1 or self.burst_score < 1:
            problems.append("wild_finish_multiplier and burst_score are at least 1")
        if problems:
            raise ProfileError(f"inconsistent profile {self.name!r}: " + "; ".join(problems))
        object.__setattr__(self, "_deck", make_deck(self.decks, 0))
        object.__setattr__(self, "_deck_codes", [c.code for c in self._deck])
        object.__setattr__(self, "_values", tuple(self.card_points[x >> 2] for x in range(52)))
        effects = (self.reverse_rank, self.skip_rank, self.draw_rank)
        object.__setattr__(self, "_plain", tuple((x >> 2) + 1 not in effects for x in range(52)))
        object.__setattr__(self, "_cite", dict(self.rule_sections))

    def _kind_problems(self) -> list[str]:
        """Settings of the wrong kind, or numbers too long to write in a message."""
        try:
            problems = setting_problems(self)
        except (RecursionError, ValueError):  # a value too deep or too long to quote
            problems = []
            for field in attrs.fields(type(self)):
                value = getattr(self, field.name)
                if not field.init or field.converter is not None:
                    continue
                if not isinstance(value, (int, str)) or (
                    isinstance(value, int) and not -MAX_WORD <= value < MAX_WORD
                ):
                    problems.append(f"{field.name}={quote(value)}: {type(field.default).__name__}")
        if problems:
            return problems
        return [
            f"{field.name}={quote(value)}: from -2**63 to 2**63 - 1"
            for field in attrs.fields(type(self))
            if field.init
            and is_whole(value := getattr(self, field.name))
            and not -MAX_WORD <= value < MAX_WORD
        ]

    def deck(self) -> tuple[Card, ...]:
        """The full deck, sorted (M1: two decks, no jokers)."""
        return self._deck

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds."""
        return 0 if card.rank is None else self.decks

    def players_problem(self, players: int) -> str | None:
        """Why ``players`` players cannot play under this profile (M1), or ``None`` if they can."""
        if self.min_players <= players <= self.max_players:
            return None
        return f"Mau-Mau is for {self.min_players}-{self.max_players} players, not {players}"

    def section(self, key: str) -> str:
        """The RULES.md section to cite for ``key``, else ``"M"``."""
        return self._cite.get(key, "M")

    def card_value(self, card: Card) -> int:
        """Points of ``card`` left in hand (M7)."""
        assert card.rank is not None
        return self._values[card.code]

    def to_dict(self) -> dict[str, Any]:
        """Every setting as a JSON-ready dict."""
        out: dict[str, Any] = {}
        for field in attrs.fields(type(self)):
            if field.init:
                value = getattr(self, field.name)
                if field.name == "rule_sections":
                    value = dict(value)
                elif isinstance(value, tuple):
                    value = list(value)
                out[field.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MauMauProfile:
        """Rebuild from `to_dict` output.

        Raises:
            ProfileError: If a key is unknown or the settings are inconsistent.
        """
        if not isinstance(data, Mapping):
            raise ProfileError(f"a profile is a mapping of settings, got {type(data).__name__}")
        names = {f.name for f in attrs.fields(cls) if f.init}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ProfileError(f"unknown profile settings: {', '.join(unknown)}")
        try:
            return cls(**dict(data))
        except ProfileError:
            raise
        except (TypeError, ValueError, RecursionError) as err:  # Python's own, on hostile data
            raise ProfileError(f"invalid profile settings: {err}") from err

    def __str__(self) -> str:
        return self.name


#: The Mau-Mau preset (RULES.md M).
MAUMAU = MauMauProfile()
