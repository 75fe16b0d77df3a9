"""The Mau-Mau rule profile: every rule and [decision] of RULES.md section M as a field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, cast

import attrs

from .._cards import Card, make_deck
from .._errors import ProfileError
from .._profiles import (
    MAX_DECKS,
    setting_ints,
    setting_pairs,
    setting_problems,
    untyped_constructor,
)
from .._roundparts import check_settings
from ._checks import MAX_WORD, OldCardPoints, OldHandSize, deprecated, is_whole, quote

if TYPE_CHECKING:
    from .._jsonio import JSONObject

__all__ = ["MAUMAU", "MauMauProfile"]

#: A=1, 2-10 pip value, J=20, Q=10, K=10 (M7).
MAUMAU_POINTS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 10, 10)


#: The most seats whose hand size is checked against the deck (a huge
#: ``max_players`` is refused by the deck check long before).
MAX_SEATS = 1000

#: The most points one card may be worth: sums of a whole deck's points stay
#: far inside the 64-bit counts the states and matches check for.
MAX_CARD_POINTS = 10**6
#: The largest factor a final Jack may put on the points (M7): with a whole
#: many-deck pile at the most points a card may be worth, a hand's score stays
#: inside the JSON-safe integers the results are checked against.
MAX_MULTIPLIER = 1000


def _points(value: object, name: str = "rank_points") -> tuple[int, ...]:
    try:
        return setting_ints(value, name)
    except (TypeError, RecursionError) as err:  # not a list, or nested past writing out
        raise ProfileError(f"{name}={quote(value)}: 13 whole numbers") from err


def _old_rank_points(value: object) -> tuple[int, ...] | None:
    """The deprecated ``card_points=`` keyword, read as `rank_points` is."""
    return None if value is None else _points(value, "card_points")


def _hand_sizes(value: object) -> tuple[tuple[int, int], ...]:
    try:
        return setting_pairs(_json_keys(value), (int, int), "hand_sizes")
    except (TypeError, RecursionError) as err:
        raise ProfileError(f"hand_sizes={quote(value)}: player count: cards pairs") from err


def _json_keys(value: object) -> object:
    """``value``, a mapping's digit-string keys as numbers (JSON writes keys as text)."""
    if not isinstance(value, Mapping):
        return value
    return {
        int(key) if isinstance(key, str) and key.isdigit() and len(key) <= 3 else key: size
        for key, size in value.items()
    }


def _sections(value: object) -> tuple[tuple[str, str], ...]:
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
        hand_sizes: Cards dealt to each player, by player count (M1: 7 for
            every count), as ``(players, cards)`` pairs or a mapping: the
            name and shape of the rummy `Profile.hand_sizes`.
        special_start_card: Whether the turned starting card has its special
            effect (M1 **[decision]**: no).
        reverse_rank: The rank that reverses the direction of play (M5: 10), or 0.
        skip_rank: The rank that skips the next player (M5: A = 1), or 0.
        draw_rank: The rank that makes the next player draw and lose the turn (M5: 2), or 0.
        draw_count: How many cards that player draws (M5: 3).
        wild_rank: The rank played on anything that names the next suit (M6: J = 11), or 0.
        stuck_turn: What a player does who can neither discard nor draw, the
            stock empty and nothing to reshuffle into it (M2 **[decision]**:
            ``"pass"``): ``"pass"`` passes the turn, and the hand is blocked
            (no winner, no score) when every player passes in a row;
            ``"block"`` blocks the hand at once (the pass ends it).
        last_card_penalty: Cards drawn for not announcing the last card (M4: 2).
        rank_points: Points of A, 2 … K in hand at the end (M7): the name
            of the rummy `Profile.rank_points`.
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
        max_reentries: Re-entries allowed per player per match, or ``None`` for
            no limit (M8: ``None``, the seed sets no limit). Saved profiles
            with a number (the old default 1) keep it.
        reentry_score: The score a re-entering player takes (M8 **[decision]**:
            ``"highest_not_burst"``, as in Pontinho): ``"highest_not_burst"``,
            the highest score among the players not burst; ``"zero"``, a
            fresh start at 0.
        reentry_needs_players_under: Re-entry is possible only while at least
            this many players are under ``burst_score`` (M8 **[decision]**: 2),
            counted before anyone re-enters. At least 1; below 2 only with a
            ``max_reentries`` limit, or every burst player could always come
            back and the match would never end.
        rotate_first_player: The first player moves one seat each hand.
        rule_sections: Which RULES.md section to cite for each kind of problem.
    """

    name: str = "maumau"
    description: str = "Mau-Mau: shed your cards following suit or rank, with special cards."
    decks: int = 2
    min_players: int = 2
    max_players: int = 10
    hand_sizes: tuple[tuple[int, int], ...] = attrs.field(
        default=tuple((n, 7) for n in range(2, 11)), converter=_hand_sizes
    )
    special_start_card: bool = False
    reverse_rank: int = 10
    skip_rank: int = 1
    draw_rank: int = 2
    draw_count: int = 3
    wild_rank: int = 11
    stuck_turn: str = "pass"
    last_card_penalty: int = 2
    rank_points: tuple[int, ...] = attrs.field(default=MAUMAU_POINTS, converter=_points)
    wild_finish_multiplier: int = 2
    draw_finish_count: int = 3
    held_draw_rank_count: int = 3
    burst_score: int = 100
    entry_chips: int = 1
    reentry_chips: int = 1
    max_reentries: int | None = None
    reentry_score: str = "highest_not_burst"
    reentry_needs_players_under: int = 2
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
    # The old names of `hand_sizes` and `rank_points`, still read as keywords
    # (and in `from_dict`) but deprecated; folded into those fields, then None.
    _old_hand_size: int | None = attrs.field(
        default=None, alias="hand_size", eq=False, hash=False, repr=False
    )
    _old_card_points: tuple[int, ...] | None = attrs.field(
        default=None, alias="card_points", converter=_old_rank_points, eq=False, repr=False
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
        problems = [p.replace("_old_hand_size", "hand_size") for p in self._kind_problems()]
        if problems:
            raise ProfileError(f"inconsistent profile {quote(self.name)}: " + "; ".join(problems))
        self._fold_old_names()
        if not 1 <= self.decks <= MAX_DECKS:
            problems.append(f"decks={self.decks}: from 1 to {MAX_DECKS}")
        if not 2 <= self.min_players <= self.max_players:
            problems.append(f"players {self.min_players}-{self.max_players}: not a valid range")
        sizes = dict(self.hand_sizes)
        for players in self._player_counts():
            size = sizes.get(players)
            if size is None:
                problems.append(f"hand_sizes gives no hand size for {players} players")
            elif size < 1:
                problems.append(f"hand_sizes gives {size} cards for {players} players: at least 1")
            elif players * size + 1 > 52 * self.decks:
                problems.append(
                    f"{players} players x {size} cards + 1 turned card is more "
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
        if len(self.rank_points) != 13:
            problems.append(f"rank_points has {len(self.rank_points)} values, not 13")
        elif not all(0 <= v <= MAX_CARD_POINTS for v in self.rank_points):
            problems.append(f"rank_points={quote(self.rank_points)}: from 0 to {MAX_CARD_POINTS}")
        for field in (
            "draw_count",
            "last_card_penalty",
            "draw_finish_count",
            "held_draw_rank_count",
            "entry_chips",
            "reentry_chips",
            "max_reentries",
        ):
            value = getattr(self, field)
            if value is not None and value < 0:
                problems.append(f"{field} is negative")
        if self.wild_finish_multiplier < 1 or self.burst_score < 1:
            problems.append("wild_finish_multiplier and burst_score are at least 1")
        elif self.wild_finish_multiplier > MAX_MULTIPLIER:
            problems.append(f"wild_finish_multiplier is at most {MAX_MULTIPLIER}")
        for field, choices in _CHOICES.items():
            if getattr(self, field) not in choices:
                problems.append(
                    f"{field}={quote(getattr(self, field))}: one of "
                    + ", ".join(map(repr, choices))
                )
        if self.reentry_needs_players_under < 1:
            problems.append(
                f"reentry_needs_players_under={self.reentry_needs_players_under}: at least 1"
            )
        elif self.reentry_needs_players_under < 2 and self.max_reentries is None:
            problems.append(
                f"reentry_needs_players_under={self.reentry_needs_players_under} with no "
                "max_reentries limit: every burst player could always re-enter and the match "
                f"would never end ({dict(self.rule_sections).get('match', 'M')})"
            )
        if problems:
            raise ProfileError(f"inconsistent profile {self.name!r}: " + "; ".join(problems))
        object.__setattr__(self, "_deck", make_deck(self.decks, 0))
        object.__setattr__(self, "_deck_codes", [c.code for c in self._deck])
        object.__setattr__(self, "_values", tuple(self.rank_points[x >> 2] for x in range(52)))
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

    def _fold_old_names(self) -> None:
        """Read the deprecated ``hand_size=`` and ``card_points=`` into their new fields."""
        if self._old_hand_size is not None:
            deprecated(
                "MauMauProfile(hand_size=N) is deprecated: give hand_sizes, by player count "
                "as in the rummy Profile (hand_sizes={players: N, ...})",
                depth=3,  # this method, the post-init, then attrs' __init__ (a caller or evolve)
            )
            size = self._old_hand_size
            if not is_whole(size) or not -MAX_WORD <= size < MAX_WORD:
                raise ProfileError(f"hand_size={quote(size)}: a whole number")
            sizes = tuple((n, size) for n in self._player_counts())
            object.__setattr__(self, "hand_sizes", sizes)
            object.__setattr__(self, "_old_hand_size", None)
        if self._old_card_points is not None:
            deprecated(
                "MauMauProfile(card_points=...) is deprecated: give rank_points, the name "
                "of the rummy Profile's points table",
                depth=3,
            )
            object.__setattr__(self, "rank_points", self._old_card_points)
            object.__setattr__(self, "_old_card_points", None)

    def _player_counts(self) -> range:
        """The player counts to give a hand size: none if the range itself is refused.

        At most `MAX_SEATS` of them, so a huge ``max_players`` (refused by the
        deck check) builds no huge table.
        """
        if not 2 <= self.min_players <= self.max_players:
            return range(0)
        return range(self.min_players, min(self.max_players, MAX_SEATS) + 1)

    # The same words as the rummy `Profile`, for the same things (#28): its
    # ``hand_size(players)`` and ``card_points(card)`` are methods. Here they
    # were attributes once; read the old way they still answer, deprecated.

    @property
    def hand_size(self) -> OldHandSize:
        """``hand_size(players)``: the cards dealt to each of ``players`` players (M1).

        As the rummy `Profile.hand_size`; it raises `ProfileError` for a
        player count the profile does not allow. Used as a number (the
        old attribute: the one hand size of every player count) it still
        reads, with a `DeprecationWarning`; read `hand_sizes` instead.
        """
        return OldHandSize(
            self._hand_size,
            self._one_hand_size,
            "MauMauProfile.hand_size as a number is deprecated: call hand_size(players), "
            "or read hand_sizes, by player count",
        )

    def _hand_size(self, players: int) -> int:
        problem = self.players_problem(players)
        if problem is not None:
            raise ProfileError(problem)
        return dict(self.hand_sizes)[players]

    def _one_hand_size(self) -> int:
        sizes = set(dict(self.hand_sizes).values())
        if len(sizes) != 1:
            raise ProfileError(f"{self.name!r} deals different hand sizes by player count")
        return sizes.pop()

    @property
    def card_points(self) -> OldCardPoints:
        """``card_points(card)``: the hand points of one card (M7), as in the rummy `Profile`.

        The same as `card_value`. Used as a sequence (the old attribute: the
        points of A, 2 … K) it still reads, with a `DeprecationWarning`;
        read `rank_points` instead.
        """
        return OldCardPoints(
            self.card_value,
            lambda: self.rank_points,
            "MauMauProfile.card_points as a sequence is deprecated: call card_points(card), "
            "or read rank_points",
        )

    def hand_points(self, cards: Iterable[Card]) -> int:
        """Points of ``cards`` left in hand (M7), as the rummy `Profile.hand_points` counts."""
        values = self._values
        return sum(values[card.code] for card in cards)

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

    def to_dict(self) -> JSONObject:
        """Every setting as a JSON-ready dict (tables as mappings, lists for tuples)."""
        return attrs.asdict(self, filter=_is_setting, value_serializer=_json_setting)

    @classmethod
    def from_dict(cls, data: object) -> MauMauProfile:
        """Rebuild from `to_dict` output (old JSON's ``hand_size`` and ``card_points`` too).

        Raises:
            ProfileError: If a key is unknown or the settings are inconsistent.
        """
        settings = check_settings(data, _KEYWORDS)
        try:
            return untyped_constructor(cls)(**dict(settings))
        except ProfileError:
            raise
        except (TypeError, ValueError, RecursionError) as err:  # Python's own, on hostile data
            raise ProfileError(f"invalid profile settings: {err}") from err

    def __str__(self) -> str:
        return self.name


#: The settings that take one of a few words, and the words (M2, M8).
_CHOICES: dict[str, tuple[str, ...]] = {
    "stuck_turn": ("pass", "block"),
    "reentry_score": ("highest_not_burst", "zero"),
}


#: The Mau-Mau preset (RULES.md M).
MAUMAU = MauMauProfile()


def _is_setting(field: attrs.Attribute[object], value: object) -> bool:
    """Whether ``field`` is a setting `to_dict` writes (not the derived or deprecated ones)."""
    return field.init and not field.name.startswith("_")


def _json_setting(owner: object, field: attrs.Attribute[object] | None, value: object) -> object:
    """A setting as JSON writes it: the pair tables as mappings, tuples as lists.

    A mapping's keys are text, as in JSON (and the rummy `Profile.to_dict`),
    so the dict equals the one read back from the JSON text.
    """
    if field is not None and field.name in ("hand_sizes", "rule_sections"):
        pairs = cast("tuple[tuple[object, object], ...]", value)  # as their converters made them
        return {str(key): item for key, item in pairs}
    return list(value) if isinstance(value, tuple) else value


#: The keywords `MauMauProfile.from_dict` accepts: every setting, and the deprecated names.
_KEYWORDS = frozenset(
    field.alias or field.name for field in attrs.fields(MauMauProfile) if field.init
)
