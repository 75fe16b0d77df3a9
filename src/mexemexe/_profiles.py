"""Rule profiles: every rule switch of RULES.md as a field of one frozen value.

A `Profile` is data. The presets (`brazilian`, `rummikub`, `galician`,
`galician-jokers`, `rummikub-classic`) are instances; a variant is ``attrs.evolve(preset, ...)``.
The engines never test a profile's *name*: behaviour comes from its fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Literal, TypeVar, cast

import attrs

from ._cards import CODE, JOKER_CODE, Card, as_cards, make_deck
from ._errors import ProfileError
from ._kinds import kind_problems, quote
from ._melds import MeldResult, MeldRules, classify_meld
from ._validation import TableReport, validate_table

if TYPE_CHECKING:
    from attrs import AttrsInstance

    from ._jsonio import JSONObject
    from ._table import TableLike

__all__ = [
    "GALICIAN_SHORT_HAND_SIZES",
    "MAX_DECKS",
    "MAX_JOKERS",
    "Profile",
    "get_profile",
    "profile_names",
    "register_profile",
]

AcePolicy = Literal["low", "low_or_high"]
JokerPolicy = Literal["none", "runs", "free"]
TurnStructure = Literal["shared_table", "discard"]
StockExhaustion = Literal["end_round", "pass", "recycle_discard"]
Scoring = Literal["penalty", "zero_sum", "winner_takes"]
RepeatedSuits = Literal["never", "later_turn"]

_ACE_POLICIES = ("low", "low_or_high")
_JOKER_POLICIES = ("none", "runs", "free")
_TURN_STRUCTURES = ("shared_table", "discard")
_STOCK_POLICIES = ("end_round", "pass", "recycle_discard")
_SCORINGS = ("penalty", "zero_sum", "winner_takes")
_REPEATED_SUITS = ("never", "later_turn")

#: A-2 … 10 at face value, J=11, Q=12, K=13 (B10, R7).
FACE_POINTS: tuple[int, ...] = tuple(range(1, 14))
#: A=1, 2–10 at face value, J/Q/K=10 (G9).
COURT_TEN_POINTS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
#: G2's variant table of hand sizes by player count.
GALICIAN_SHORT_HAND_SIZES: tuple[tuple[int, int], ...] = ((2, 10), (3, 7), (4, 7), (5, 6), (6, 6))


#: The kinds of a pair setting's keys and values (the pairs are sorted, so comparable).
_K = TypeVar("_K", int, str)
_V = TypeVar("_V", int, str)
#: A profile class (`Profile`, `MauMauProfile`).
_P = TypeVar("_P")


def setting_pairs(
    value: object, kinds: tuple[type[_K], type[_V]], name: str
) -> tuple[tuple[_K, _V], ...]:
    """A setting given as a mapping or as ``(key, value)`` pairs, as sorted pairs.

    Each key appears once and each pair holds the ``kinds`` given (say, text
    and text), so the setting writes out as a mapping and reads back the same.

    Raises:
        ProfileError: If an item is not a pair of those kinds, or a key repeats.
    """
    items = value.items() if isinstance(value, Mapping) else value
    pairs: list[tuple[_K, _V]] = []
    # Anything but an iterable fails here with Python's TypeError, which the
    # callers turn into their own message, so it is not checked beforehand.
    for item in cast("Iterable[object]", items):
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise ProfileError(f"{name}: expected (key, value) pairs, got {quote(item)}")
        key, val = item
        if not all(
            isinstance(x, kind) and not (kind is int and isinstance(x, bool))
            for x, kind in zip(item, kinds, strict=True)
        ):
            raise ProfileError(
                f"{name}: expected pairs of {kinds[0].__name__} and {kinds[1].__name__}, "
                f"got {quote(item)}"
            )
        pairs.append(cast("tuple[_K, _V]", (key, val)))  # both checked just above
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ProfileError(f"{name}: a key appears twice in {quote(value)}")
    return tuple(sorted(pairs))


def setting_ints(value: object, name: str) -> tuple[int, ...]:
    """A setting given as whole numbers (say, points per rank), as a tuple.

    Raises:
        ProfileError: If an entry is not a whole number.
    """
    out = []
    # Anything but an iterable fails here with Python's TypeError (see setting_pairs).
    for entry in cast("Iterable[object]", value):
        if isinstance(entry, bool) or not isinstance(entry, int):
            raise ProfileError(f"{name}: expected whole numbers, got {quote(entry)}")
        out.append(entry)
    return tuple(out)


def _hand_sizes(value: object) -> tuple[tuple[int, int], ...]:
    return setting_pairs(value, (int, int), "hand_sizes")


def _rank_points(value: object) -> tuple[int, ...]:
    return setting_ints(value, "rank_points")


def _sections(value: object) -> tuple[tuple[str, str], ...]:
    return setting_pairs(value, (str, str), "rule_sections")


def setting_problems(settings: AttrsInstance) -> list[str]:
    """The settings of an attrs profile class whose value is not of its default's kind.

    A setting whose default is a flag must be ``True`` or ``False``; one whose
    default is a whole number must be one; one whose default is ``None`` must
    be ``None`` or a whole number; one whose default is text (and the name)
    must be text. Settings with a converter, and ``match_rounds`` (a number,
    ``"players"`` or ``None``), are checked where they are used. Run first,
    so the consistency checks compare numbers with numbers.
    """
    whole, flags, text, optional = [], [], [], {}
    for field in attrs.fields(type(settings)):
        if not field.init or field.converter is not None or field.name == "match_rounds":
            continue
        default = field.default
        if isinstance(default, bool):
            flags.append(field.name)
        elif isinstance(default, int):
            whole.append(field.name)
        elif default is None:
            optional[field.name] = int
        else:  # text, including a required name
            text.append(field.name)
    return kind_problems(settings, whole=whole, flags=flags, text=text, optional=optional)


def _json_whole(value: object, what: str) -> int:
    """A whole number read from JSON: an ``int``, or the digits of one as a key (never a float).

    Raises:
        ProfileError: Quoting the value, if it is anything else.
    """
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6:
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProfileError(f"{what}={quote(value)}: a whole number")
    return value


def _repeated_suit_problems(profile: Profile) -> list[str]:
    """Why ``repeated_suits="later_turn"`` (B5) does not fit the rest of ``profile`` (if so)."""
    problems = []
    if profile.turn_structure != "shared_table":
        problems.append(
            "repeated_suits='later_turn' needs a shared table (turn_structure='shared_table'): "
            "B5 judges a group against the table at the start of the turn"
        )
    if profile.decks > 2:
        problems.append(
            f"repeated_suits='later_turn' with decks={profile.decks}: B5's repetition is the "
            "two decks' copies of a card, so at most 2 decks"
        )
    if profile.joker_policy == "free":
        problems.append(
            "repeated_suits='later_turn' with joker_policy='free': a group holding a suit "
            "twice holds no joker (B5), so jokers must stay out of groups ('none' or 'runs')"
        )
    return problems


#: The most hand points one card may be worth (a profile setting's bound).
MAX_POINTS = 10**6

#: The most decks and jokers a profile may use (a bound on what a profile,
#: perhaps read from untrusted JSON, makes the library build).
MAX_DECKS = 16
MAX_JOKERS = 64


@attrs.frozen(kw_only=True)
class Profile:
    """A complete set of rules for one rummy game of the family (RULES.md B, R, G).

    Build a variant with ``attrs.evolve(get_profile("galician"), ace="low_or_high")``.
    An inconsistent profile (e.g. more cards dealt than the deck holds) is
    rejected when it is built, with a `ProfileError`.

    Attributes:
        name: A short identifier (``"brazilian"``). Used for display and the
            registry only, never to decide a rule.
        description: One line for people.
        turn_structure: ``"shared_table"`` (B6, R4: the table belongs to
            everyone and may be rearranged) or ``"discard"`` (G4: draw, meld
            and lay off, discard).
        decks: How many 52-card decks (§0: two), at most `MAX_DECKS`.
        jokers: How many jokers in the deck (B1: 4, R1: 2, G1: 0, G12: 4), at
            most `MAX_JOKERS`.
        min_players: The fewest players (B2 **[decision]**: 2).
        max_players: The most players (B2: 6, R1 **[decision]**: 6, G1: 6).
        hand_sizes: Cards dealt to each player, by player count, as
            ``((players, cards), …)`` (a dict is accepted). B2: 11, or 9 for
            6 players; R1 **[decision]**: 11; G2: 11, or the variant table
            `GALICIAN_SHORT_HAND_SIZES`.
        ace: ``"low"`` (A is 1 only) or ``"low_or_high"`` (A-2-3 and Q-K-A,
            never K-A-2): §0, B4, R2, G7.
        joker_policy: ``"none"`` (no jokers in melds), ``"runs"`` (jokers in
            runs only, B5) or ``"free"`` (runs and groups, R3, G12).
        max_jokers_per_meld: The most jokers in one meld, or ``None`` for no
            limit (B5: 1; R3: no limit, as long as one natural card is in it).
        min_run_size: The fewest cards in a run (§0: 3), at most 13.
        min_group_size: The fewest cards in a group (§0: 3).
        max_group_size: The most cards in a group (§0: 4, one per suit).
        rank_points: Hand points of A, 2, … K, 13 values (B10, R7, G9).
        joker_points: Hand points of a joker (B10 **[decision]** and R7: 30;
            G12 **[decision]**: 25).
        high_ace_points: Hand points of an ace when ``ace`` is
            ``"low_or_high"``, or ``None`` to use ``rank_points`` (G9: 15).
        failed_play_penalty: Cards drawn for a failed or forfeited turn
            (B8: 1; R5: 3, or 1 by room setting).
        stock_exhaustion: What an empty stock does. ``"end_round"``: the round
            ends as soon as a player would have to draw from it (B9
            **[decision]**); ``"pass"``: play goes on without drawing, a
            player who cannot play passes, and the round is blocked when every
            player passes in a row (R6 **[decision]**);
            ``"recycle_discard"``: the discard pile is turned over unshuffled
            as the new stock (G8).
        max_recycles: With ``"recycle_discard"``, how many times the pile may
            be turned over; after that the round ends with no winner and no
            score (G8 **[decision]**: 3).
        share_tied_wins: When a round ended without anyone going out is won
            by the lowest hand and several players tie, they all win it (B9
            **[decision]**); if False, nobody wins it.
        scoring: How a round is scored. ``"penalty"``: every player adds the
            points left in hand to a penalty total, lowest total wins the
            match (B10); ``"zero_sum"``: the winner receives the sum of the
            opponents' hand points and each loser minus their own (R8);
            ``"winner_takes"``: the winner scores the opponents' hand points,
            the others score nothing (G9).
        match_rounds: Rounds in a match: a number, ``"players"`` for as many
            rounds as players (B12 **[decision]**), or ``None`` for no round
            limit (play to ``match_target``, G11).
        match_target: Points that end a match as soon as a player reaches
            them (G11: 150), or ``None``.
        tie_break_rounds: If the match ends in a tie for the lead, play
            extra rounds among the tied players only until it is broken (R9).
        rotate_first_player: The first player moves one seat on each new
            round (G3: the deal passes to the left); if False player 0
            always starts (B3).
        min_opening_points: Hand points a player's first play must reach
            (R4: 0, no minimum; the classic Rummikub initial meld: 30).
            Read it through `opening_need`.
        opening_from_own_hand: Whether a player's first play (the initial
            meld, while they have not ``opened``) must be new melds made
            only from their own hand: no table card moved and nothing added
            to a meld already on the table. From their next turn on they
            may rearrange freely. RULES.md has no section for it (R4 says
            there is no minimum opening value): this is the classic
            Rummikub rule, cited as R4. Shared-table games only (the
            discard turn never rearranges, G4). Read it through
            `may_use_table`.
        can_discard_taken_card: Whether the card just taken from the discard
            pile may be discarded in the same turn (G5: no).
        mexe_mexe_multiplier: Factor applied to the round score of a player
            who goes out in one turn without having laid down any card
            before in the round (G10: 2; 1 turns the bonus off).
        joker_swap: Whether a player may exchange a table joker for the
            natural card it stands for, and must then use that joker in a
            meld in the same turn (G12).
        rule_sections: Which RULES.md section to cite for each kind of
            problem, as ``((key, section), …)``; keys ``"deck"``,
            ``"players"``, ``"ace"``, ``"jokers"``, ``"meld"``, ``"turn"``
            (whose turn it is), ``"play"``, ``"table_jokers"``, ``"failed"``,
            ``"discard"``, ``"out"`` (a hand emptied: the round is over),
            ``"stock"``, ``"score"``, ``"bonus"``, ``"match"``; a key a
            profile lacks cites ``"§0"``.
        draw_only_without_simple_play: Whether a draw is refused while the
            hand holds a *simple play*: a valid meld by itself, or a card
            that extends one table meld with no other table card moved (B6,
            the Brazilian seed's first line: true for ``brazilian``). A play
            that needs a rearrangement never forces a play, and neither does
            one the opening rules forbid (`opening_need`, `may_use_table`).
            It restricts the draw only: forfeiting (B8) stays allowed, and so
            does passing with an empty stock (R6) unless
            ``pass_only_without_simple_play`` says otherwise. Shared-table
            games only.
        failed_play_points: Points charged for each failed play (a forfeit,
            B8 rule 21: the joker's value, 30, for ``brazilian``; 0 for the
            others), at most `MAX_POINTS`. When the round is scored they are
            added to that player's round score under ``"penalty"`` scoring
            (the penalty total, B10) and taken from it under the others; they
            never change who wins the round. See `round_result`.
        pass_only_without_simple_play: Whether a pass on an empty stock
            (``stock_exhaustion="pass"``) is refused, like the draw of
            ``draw_only_without_simple_play``, while the hand holds a simple
            play. R6 **[decision]**: False, a player may pass even when a
            play exists (proving none exists can take a full search).
            Shared-table games only.
        repeated_suits: Whether a group may hold a suit twice (two copies of
            one card), B5 rule 20. ``"never"`` (the default, and every
            preset's: the online reading) keeps every group's suits
            distinct. ``"later_turn"`` (the seed's reading): a group of
            naturals may hold each suit up to twice (up to 8 cards) when it
            holds every card of a group of its rank that stood on the table
            at the start of the turn (with distinct suits, or itself holding
            a suit twice), so a repetition only extends a group laid down on
            an earlier turn, even with a card moved from another meld. A
            table judged without its start of turn (`validate_table` with no
            ``start``) accepts such a group when it holds at least
            ``min_group_size`` distinct suits. Needs a shared table, at most
            two decks, and jokers kept out of groups (``joker_policy``
            ``"none"`` or ``"runs"``): a group holding a suit twice never
            holds a joker.
    """

    name: str
    description: str = ""
    turn_structure: TurnStructure = "shared_table"
    decks: int = 2
    jokers: int = 0
    min_players: int = 2
    max_players: int = 6
    hand_sizes: tuple[tuple[int, int], ...] = attrs.field(
        default=((2, 11), (3, 11), (4, 11), (5, 11), (6, 11)), converter=_hand_sizes
    )
    ace: AcePolicy = "low"
    joker_policy: JokerPolicy = "none"
    max_jokers_per_meld: int | None = None
    min_run_size: int = 3
    min_group_size: int = 3
    max_group_size: int = 4
    rank_points: tuple[int, ...] = attrs.field(default=FACE_POINTS, converter=_rank_points)
    joker_points: int = 30
    high_ace_points: int | None = None
    failed_play_penalty: int = 1
    stock_exhaustion: StockExhaustion = "end_round"
    max_recycles: int = 3
    share_tied_wins: bool = True
    scoring: Scoring = "penalty"
    match_rounds: int | Literal["players"] | None = "players"
    match_target: int | None = None
    tie_break_rounds: bool = False
    rotate_first_player: bool = False
    min_opening_points: int = 0
    opening_from_own_hand: bool = False
    can_discard_taken_card: bool = True
    mexe_mexe_multiplier: int = 1
    joker_swap: bool = False
    rule_sections: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_sections)
    draw_only_without_simple_play: bool = False
    failed_play_points: int = 0
    pass_only_without_simple_play: bool = False
    repeated_suits: RepeatedSuits = "never"

    _meld_rules: MeldRules = attrs.field(init=False, eq=False, hash=False, repr=False)
    _deck: tuple[Card, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _sections: dict[str, str] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _points: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._check()
        sections: dict[str, str] = {}
        for key, section in self.rule_sections:
            sections.setdefault(key, section)  # the first entry for a key counts
        object.__setattr__(self, "_sections", sections)
        object.__setattr__(self, "_meld_rules", MeldRules.from_profile(self))
        object.__setattr__(self, "_deck", make_deck(self.decks, self.jokers))
        object.__setattr__(self, "_points", self._points_by_code())

    # -- consistency ----------------------------------------------------------

    def _check(self) -> None:
        problems = setting_problems(self)
        if problems:
            raise ProfileError(f"inconsistent profile {quote(self.name)}: " + "; ".join(problems))

        def choice(field: str, value: object, allowed: Sequence[str]) -> None:
            if value not in allowed:
                problems.append(
                    f"{field}={quote(value)} is not one of {', '.join(map(repr, allowed))}"
                )

        choice("turn_structure", self.turn_structure, _TURN_STRUCTURES)
        choice("ace", self.ace, _ACE_POLICIES)
        choice("joker_policy", self.joker_policy, _JOKER_POLICIES)
        choice("stock_exhaustion", self.stock_exhaustion, _STOCK_POLICIES)
        choice("scoring", self.scoring, _SCORINGS)
        choice("repeated_suits", self.repeated_suits, _REPEATED_SUITS)
        if not 1 <= self.decks <= MAX_DECKS:
            problems.append(f"decks={self.decks}: from 1 to {MAX_DECKS} decks")
        if not 0 <= self.jokers <= MAX_JOKERS:
            problems.append(f"jokers={self.jokers}: from 0 to {MAX_JOKERS} jokers")
        if self.jokers and self.joker_policy == "none":
            problems.append(
                f"jokers={self.jokers} but joker_policy='none': jokers could never be melded"
            )
        if self.max_jokers_per_meld is not None and self.max_jokers_per_meld < 0:
            problems.append(f"max_jokers_per_meld={self.max_jokers_per_meld} is negative")
        if not 2 <= self.min_run_size <= 13:
            problems.append(
                f"min_run_size={self.min_run_size}: from 2 to 13 (a run holds each rank once)"
            )
        if not 2 <= self.min_group_size <= self.max_group_size <= 4:
            problems.append(
                f"group sizes {self.min_group_size}-{self.max_group_size}: need "
                "2 <= min_group_size <= max_group_size <= 4 (one card per suit)"
            )
        if len(self.rank_points) != 13:
            problems.append(f"rank_points has {len(self.rank_points)} values, not 13 (A to K)")
        # Hand points are penalties or winnings, never negative, and bounded so that
        # every score the library writes reads back (JSON numbers up to 2**53).
        points = [*self.rank_points, self.joker_points]
        if self.high_ace_points is not None:
            points.append(self.high_ace_points)
        if any(not 0 <= p <= MAX_POINTS for p in points):
            problems.append(f"card points run from 0 to {MAX_POINTS}")
        if not 1 <= self.min_players <= self.max_players:
            problems.append(f"players {self.min_players}-{self.max_players}: not a valid range")
        sizes = dict(self.hand_sizes)
        deck_size = 52 * min(self.decks, MAX_DECKS) + min(self.jokers, MAX_JOKERS)
        opening = 1 if self.turn_structure == "discard" else 0
        if self.max_players > deck_size:
            problems.append(
                f"max_players={self.max_players}: more players than the {deck_size}-card deck "
                "can deal a card each"
            )
        counts = range(self.min_players, min(self.max_players, deck_size) + 1)
        if not 1 <= self.min_players <= self.max_players:
            counts = range(0)  # the range is refused above; none of it is walked
        for players in counts:
            size = sizes.get(players)
            if size is None:
                problems.append(f"hand_sizes gives no hand size for {players} players")
            elif size < 1:
                problems.append(f"hand_sizes gives {size} cards for {players} players")
            elif players * size + opening > deck_size:
                problems.append(
                    f"{players} players x {size} cards{' + 1 turned card' if opening else ''} "
                    f"is more than the {deck_size}-card deck"
                )
        if self.failed_play_penalty < 0:
            problems.append(f"failed_play_penalty={self.failed_play_penalty} is negative")
        if not 0 <= self.failed_play_points <= MAX_POINTS:
            problems.append(f"failed_play_points={self.failed_play_points}: from 0 to {MAX_POINTS}")
        if self.max_recycles < 0:
            problems.append(f"max_recycles={self.max_recycles} is negative")
        if self.stock_exhaustion == "recycle_discard" and self.turn_structure != "discard":
            problems.append(
                "stock_exhaustion='recycle_discard' needs a discard pile (turn_structure='discard')"
            )
        if self.opening_from_own_hand and self.turn_structure != "shared_table":
            problems.append(
                "opening_from_own_hand=True needs a shared table (turn_structure='shared_table'): "
                "a discard turn never rearranges the table (G4)"
            )
        for flag in ("draw_only_without_simple_play", "pass_only_without_simple_play"):
            if getattr(self, flag) is True and self.turn_structure != "shared_table":
                problems.append(
                    f"{flag}=True needs a shared table (turn_structure='shared_table'): "
                    "a discard turn always starts with a draw (G4)"
                )
        if self.repeated_suits == "later_turn":
            problems.extend(_repeated_suit_problems(self))
        if isinstance(self.match_rounds, int) and self.match_rounds < 1:
            problems.append(f"match_rounds={self.match_rounds}: at least one round")
        elif not isinstance(self.match_rounds, int) and self.match_rounds not in ("players", None):
            problems.append(f"match_rounds={quote(self.match_rounds)}: a number, 'players' or None")
        if self.match_rounds is None and self.match_target is None:
            problems.append("a match needs match_rounds or match_target, or it never ends")
        if self.mexe_mexe_multiplier < 1:
            problems.append(f"mexe_mexe_multiplier={self.mexe_mexe_multiplier}: at least 1")
        if self.joker_swap and not self.jokers:
            problems.append("joker_swap=True but the deck has no jokers")
        if problems:
            raise ProfileError(f"inconsistent profile {quote(self.name)}: " + "; ".join(problems))

    # -- deck and dealing -----------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        """The full deck of this profile, sorted (B1, R1, G1)."""
        return self._deck

    @property
    def deck_size(self) -> int:
        """How many cards the deck holds."""
        return len(self._deck)

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds: ``decks`` for a natural, else ``jokers``."""
        return self.jokers if card.rank is None else self.decks

    def hand_size(self, players: int) -> int:
        """Cards dealt to each of ``players`` players (B2, R1, G2).

        Raises:
            ProfileError: If the profile does not allow that many players.
        """
        if not self.min_players <= players <= self.max_players:
            raise ProfileError(
                f"{self.name!r} is for {self.min_players}-{self.max_players} players, not {players}"
            )
        return dict(self.hand_sizes)[players]

    # -- rules -------------------------------------------------------------------

    def section(self, key: str) -> str:
        """The RULES.md section to cite for ``key`` (``"ace"``, ``"jokers"`` …), else ``"§0"``."""
        return self._sections.get(key, "§0")

    def classify_meld(self, cards: Iterable[Card | str] | str) -> MeldResult:
        """Classify ``cards`` as a run or a group, resolving its jokers; see `classify_meld`.

        Raises:
            NotationError: If ``cards`` is text that is not valid notation.
        """
        return classify_meld(as_cards(cards), self)

    def is_valid_meld(self, cards: Iterable[Card | str] | str) -> bool:
        """True iff ``cards`` form one valid run or group under this profile.

        Raises:
            NotationError: If ``cards`` is text that is not valid notation.
        """
        return self.classify_meld(cards).kind is not None

    def validate_table(self, table: TableLike, *, start: TableLike | None = None) -> TableReport:
        """Check every meld of ``table`` and the card counts against the deck.

        Args:
            table: A `Table`, table notation, or a sequence of melds.
            start: The table at the start of the turn, which
                ``repeated_suits="later_turn"`` judges a group holding a suit
                twice against (B5); see `validate_table`.

        Returns:
            A `TableReport`, truthy iff the table is valid, listing every problem.

        Raises:
            NotationError: If ``table`` or ``start`` is text that is not valid notation.
        """
        return validate_table(table, self, start=start)

    # -- the opening (initial meld) ----------------------------------------------

    def opening_need(self, opened: bool) -> int:
        """The hand points a play must place: ``min_opening_points`` until the player has opened.

        The one place the opening minimum is read (R4; the classic initial
        meld): the turn rules, the move listing, the hint and the bots all ask
        it.

        Args:
            opened: Whether the player has laid down a card this round.
        """
        return 0 if opened else self.min_opening_points

    def may_use_table(self, opened: bool) -> bool:
        """Whether a play may move table cards or add cards to melds already on the table.

        Always, except before a player's initial meld under
        ``opening_from_own_hand`` (the classic Rummikub rule, cited as R4):
        that first play only adds new melds from the hand.

        Args:
            opened: Whether the player has laid down a card this round.
        """
        return opened or not self.opening_from_own_hand

    # -- points ------------------------------------------------------------------

    def card_points(self, card: Card) -> int:
        """Hand points of one card (B10, R7, G9, G12)."""
        return self._points[card.code]

    def hand_points(self, cards: Iterable[Card]) -> int:
        """Total hand points of ``cards``."""
        return sum(map(self._points.__getitem__, map(CODE, cards)))

    def _points_by_code(self) -> tuple[int, ...]:
        """`card_points` of every card, by code: A..K by ``rank_points``, then the joker."""
        points = [self.rank_points[code >> 2] for code in range(JOKER_CODE)]
        if self.high_ace_points is not None and self.ace == "low_or_high":
            points[:4] = [self.high_ace_points] * 4  # the aces (G9: 15 when they may be high)
        return (*points, self.joker_points)

    # -- serialization --------------------------------------------------------------

    def __reduce__(self) -> tuple[Callable[..., Profile], tuple[object, ...]]:
        # Pickled by its settings, never with the caches of its meld rules
        # (which grow with play): a built-in preset by its name alone, any
        # other profile by its settings, rebuilt (and checked) on loading.
        preset = _PRESETS.get(self.name)
        if preset is not None and (preset is self or preset == self):
            return (_builtin_preset, (self.name,))
        settings = tuple(
            (field.name, getattr(self, field.name))
            for field in attrs.fields(type(self))
            if field.init
        )
        return (_from_settings, (settings,))

    def to_dict(self) -> JSONObject:
        """Every setting as a JSON-ready dict; `from_dict` rebuilds an equal profile."""
        out: JSONObject = {}
        for field in attrs.fields(type(self)):
            if not field.init:
                continue
            value = getattr(self, field.name)
            if field.name in ("hand_sizes", "rule_sections"):
                value = {str(k): v for k, v in value}
            elif isinstance(value, tuple):
                value = list(value)
            out[field.name] = value
        return out

    @classmethod
    def from_dict(cls, data: object) -> Profile:
        """Rebuild a profile from `to_dict` output (all the usual checks apply).

        Raises:
            ProfileError: If a key is unknown or the settings are inconsistent.
        """
        if not isinstance(data, Mapping):
            raise ProfileError(f"a profile is a mapping of settings, got {type(data).__name__}")
        names = {f.name for f in attrs.fields(cls) if f.init}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ProfileError(f"unknown profile settings: {', '.join(unknown)}")
        kwargs = dict(data)
        try:
            sizes = kwargs.get("hand_sizes")
            if isinstance(sizes, Mapping):
                kwargs["hand_sizes"] = {
                    _json_whole(k, "hand_sizes key"): _json_whole(v, "hand_sizes")
                    for k, v in sizes.items()
                }
            return untyped_constructor(cls)(**kwargs)
        except ProfileError:
            raise
        except (TypeError, ValueError, OverflowError) as err:  # a converter's (rank_points …)
            raise ProfileError(f"invalid profile settings: {err}") from err

    def __str__(self) -> str:
        return self.name


BRAZILIAN = Profile(
    name="brazilian",
    description="Brazilian Mexe-Mexe: shared table, jokers only in runs (one per run), no discard.",
    turn_structure="shared_table",
    jokers=4,
    min_players=2,
    max_players=6,
    hand_sizes={2: 11, 3: 11, 4: 11, 5: 11, 6: 9},
    ace="low_or_high",
    joker_policy="runs",
    max_jokers_per_meld=1,
    rank_points=FACE_POINTS,
    joker_points=30,
    failed_play_penalty=1,
    stock_exhaustion="end_round",
    share_tied_wins=True,
    scoring="penalty",
    match_rounds="players",
    draw_only_without_simple_play=True,
    failed_play_points=30,
    rule_sections={
        "deck": "B1",
        "players": "B2",
        "ace": "B4",
        "jokers": "B5",
        "meld": "§0",
        "turn": "B3",
        "play": "B6",
        "table_jokers": "B7",
        "failed": "B8",
        "out": "B9",
        "stock": "B9",
        "score": "B10",
        "match": "B12",
    },
)

RUMMIKUB = Profile(
    name="rummikub",
    description="Rummikub-style Mexe-Mexe: shared table, free jokers, ace low, zero-sum scoring.",
    turn_structure="shared_table",
    jokers=2,
    min_players=2,
    max_players=6,
    hand_sizes={2: 11, 3: 11, 4: 11, 5: 11, 6: 11},
    ace="low",
    joker_policy="free",
    max_jokers_per_meld=None,
    rank_points=FACE_POINTS,
    joker_points=30,
    failed_play_penalty=3,
    stock_exhaustion="pass",
    scoring="zero_sum",
    match_rounds="players",
    tie_break_rounds=True,
    rule_sections={
        "deck": "R1",
        "players": "R1",
        "ace": "R2",
        "jokers": "R3",
        "meld": "§0",
        "play": "R4",
        "turn": "R4",
        "failed": "R5",
        "stock": "R6",
        "out": "R8",
        "score": "R8",
        "match": "R9",
    },
)

GALICIAN = Profile(
    name="galician",
    description="Galician rummy: draw, meld and lay off, discard; no jokers.",
    turn_structure="discard",
    jokers=0,
    min_players=2,
    max_players=6,
    hand_sizes={2: 11, 3: 11, 4: 11, 5: 11, 6: 11},
    ace="low",
    joker_policy="none",
    rank_points=COURT_TEN_POINTS,
    joker_points=25,
    high_ace_points=15,
    failed_play_penalty=0,
    stock_exhaustion="recycle_discard",
    max_recycles=3,
    scoring="winner_takes",
    match_rounds=None,
    match_target=150,
    rotate_first_player=True,
    can_discard_taken_card=False,
    mexe_mexe_multiplier=2,
    rule_sections={
        "deck": "G1",
        "players": "G1",
        "ace": "G7",
        "jokers": "G12",
        "meld": "§0",
        "play": "G4",
        "turn": "G4",
        "discard": "G5",
        "out": "G6",
        "stock": "G8",
        "score": "G9",
        "bonus": "G10",
        "match": "G11",
    },
)

GALICIAN_JOKERS = attrs.evolve(
    GALICIAN,
    name="galician-jokers",
    description="Galician rummy with the two decks' four jokers, wild in runs and groups (G12).",
    jokers=4,
    joker_policy="free",
    joker_swap=True,
)

RUMMIKUB_CLASSIC = attrs.evolve(
    RUMMIKUB,
    name="rummikub-classic",
    description=(
        "Rummikub-style Mexe-Mexe with the classic initial meld: a first play of new melds "
        "from the own hand worth 30 points, no rearranging before it."
    ),
    min_opening_points=30,
    opening_from_own_hand=True,
)

_BUILTIN = (BRAZILIAN, RUMMIKUB, GALICIAN, GALICIAN_JOKERS, RUMMIKUB_CLASSIC)
#: The built-in presets by name: the same in every process of this library.
_PRESETS: dict[str, Profile] = {preset.name: preset for preset in _BUILTIN}


def _builtin_preset(name: str) -> Profile:
    """The built-in preset called ``name`` (unpickling)."""
    return _PRESETS[name]


def _from_settings(settings: tuple[tuple[str, object], ...]) -> Profile:
    """A profile from its settings, as `Profile.__reduce__` wrote them (unpickling)."""
    return untyped_constructor(Profile)(**dict(settings))


def untyped_constructor(cls: type[_P]) -> Callable[..., _P]:
    """``cls`` called with settings of any kind: its constructor checks each one.

    `setting_problems` and the converters refuse a setting of the wrong kind
    at run time, so the readers of unchecked settings call the class untyped.
    """
    return cls


_REGISTRY: dict[str, Profile] = {}


def register_profile(profile: Profile, *, replace: bool = False) -> Profile:
    """Make ``profile`` available to `get_profile` (and the CLI) under its name.

    Args:
        profile: The profile, usually an ``attrs.evolve`` of a preset.
        replace: Allow replacing a profile already registered under that name.

    Returns:
        The profile, so the call can wrap its definition.

    Raises:
        ProfileError: If the name is taken and ``replace`` is false.
    """
    key = profile.name.lower()
    if key in _REGISTRY and not replace and _REGISTRY[key] != profile:
        raise ProfileError(f"a profile named {profile.name!r} is already registered")
    _REGISTRY[key] = profile
    return profile


for _preset in _BUILTIN:
    register_profile(_preset)


def profile_names() -> tuple[str, ...]:
    """The names `get_profile` knows, in registration order."""
    return tuple(_REGISTRY)


def get_profile(name: str | Profile) -> Profile:
    """Return the registered profile called ``name`` (case-insensitive).

    Examples:
        >>> get_profile("brazilian").ace
        'low_or_high'

    Args:
        name: ``"brazilian"``, ``"rummikub"``, ``"galician"``,
            ``"galician-jokers"``, ``"rummikub-classic"`` or a name given to `register_profile`. A
            `Profile` is returned as it is.

    Raises:
        ProfileError: If no profile has that name (the message lists the known
            ones), or ``name`` is neither a `Profile` nor text.
    """
    if isinstance(name, Profile):
        return name
    if not isinstance(name, str):
        raise ProfileError(f"a profile is a Profile or a registered name, not {quote(name)}")
    profile = _REGISTRY.get(name.strip().lower())
    if profile is None:
        raise ProfileError(f"unknown profile {quote(name)}; known profiles: {', '.join(_REGISTRY)}")
    return profile
