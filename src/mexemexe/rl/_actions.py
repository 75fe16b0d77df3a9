"""Action ids: a fixed number for every move an agent can make, and the mask of legal ones.

Three layouts, chosen by the game's rules data (never its name):

* **discard rummy** (a `Profile` whose ``turn_structure`` is ``"discard"``,
  G4): every primitive move has an id — draw from the stock, draw from the
  discard pile, lay down each meld of the catalogue (`meld_catalogue`), lay
  off each card onto each table slot, exchange each card for the joker of
  each table slot (only with ``joker_swap``, G12), discard each card. The
  mask is exactly ``legal_moves()``.
* **shared-table rummy** (``"shared_table"``, B6, R4): draw, pass, forfeit,
  the solver's best play by cards, by points, each new meld from the hand
  (catalogue) and each single card laid off onto a table slot — the moves of
  ``legal_moves()`` plus two solver actions. Plays that rearrange the table
  are reachable only through the solver actions.
* **shedding** (Mau-Mau's rules, or any rules that are not a rummy profile,
  M2-M6): draw, pass, and each card played
  with each named suit (none, S, H, D, C) and with or without the last-card
  announcement (M4). The mask is exactly ``legal_moves()``.

A table slot is a meld's index on the table; there are at most
``deck_size // min(min_run_size, min_group_size)`` of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import numpy as np
import numpy.typing as npt

from .._cards import JOKER_CODE, Card, Suit
from .._errors import ProfileError
from .._kinds import quote
from .._moves import Discard, Draw, Forfeit, LayDown, LayOff, Move, Pass, Play, SwapJoker
from .._profiles import Profile
from ..games import GameRules
from ._catalogue import meld_catalogue, meld_index
from ._rules import SHEDDING, structure

__all__ = ["BEST_BY_CARDS", "BEST_BY_POINTS", "ActionLayout", "Mask", "layout_for", "table_slots"]

Mask = npt.NDArray[np.int8]

#: The names of the solver's actions in a shared-table layout.
BEST_BY_CARDS = "best_by_cards"
BEST_BY_POINTS = "best_by_points"
#: Card codes: 52 naturals and the joker.
CARDS = JOKER_CODE + 1
#: Mau-Mau's suit choices after a card: none, then S, H, D, C (M6).
SUIT_CHOICES: tuple[Suit | None, ...] = (None, *Suit)


def table_slots(profile: Profile) -> int:
    """The most melds a table of ``profile`` can hold: its deck in melds of the smallest size."""
    return profile.deck_size // min(profile.min_run_size, profile.min_group_size)


#: How many moves `ActionLayout` remembers the ids of (the largest layouts have fewer ids).
_KNOWN_MOVES = 1 << 16


def _codes(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(card.code for card in cards))


@attrs.frozen
class ActionLayout:
    """The action ids of one game's rules: named blocks of consecutive ids.

    Attributes:
        structure: The turn structure: ``"discard"``, ``"shared_table"`` or ``"shedding"``.
        blocks: Each block's name and size, in id order.
        rules: The rules the layout encodes.
    """

    structure: str
    blocks: tuple[tuple[str, int], ...]
    rules: GameRules = attrs.field(eq=False)
    _starts: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _size: int = attrs.field(init=False, eq=False, repr=False)
    #: The ids of moves already encoded that do not depend on the table (all but `Play`).
    _known: dict[Move, int] = attrs.field(init=False, eq=False, repr=False, factory=dict)
    _shedding: bool = attrs.field(init=False, eq=False, repr=False)
    #: The solver actions' ids (none outside a shared-table layout).
    _solver: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    # The first ids of the shedding blocks (-1 without them), read on every move.
    _draw: int = attrs.field(init=False, eq=False, repr=False)
    _pass: int = attrs.field(init=False, eq=False, repr=False)
    _play: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        starts: dict[str, int] = {}
        at = 0
        for name, size in self.blocks:
            starts[name] = at
            at += size
        object.__setattr__(self, "_starts", starts)
        object.__setattr__(self, "_size", at)
        object.__setattr__(self, "_shedding", self.structure == SHEDDING)
        solver = tuple(starts[name] for name in (BEST_BY_CARDS, BEST_BY_POINTS) if name in starts)
        object.__setattr__(self, "_solver", solver)
        for name in ("draw", "pass", "play"):
            object.__setattr__(self, f"_{name}", starts.get(name, -1))

    @property
    def solver_actions(self) -> tuple[int, ...]:
        """The ids of the solver's actions (by cards, by points), or ``()`` without them."""
        return self._solver

    @property
    def size(self) -> int:
        """How many action ids there are."""
        return self._size

    def start(self, block: str) -> int:
        """The first id of ``block``, or -1 when the layout has no such block."""
        return self._starts.get(block, -1)

    def block_of(self, action: int) -> tuple[str, int]:
        """The block holding ``action`` and the action's offset in it.

        Raises:
            ProfileError: If ``action`` is not an integer id of this layout.
        """
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise ProfileError(f"action {quote(action)} is not an action id (an integer)")
        for name, size in self.blocks:
            begin = self._starts[name]
            if begin <= action < begin + size:
                return name, action - begin
        raise ProfileError(f"action {quote(action)} is outside 0-{self.size - 1}")

    def encode(self, move: Move, table: Sequence[Sequence[Card]] = ()) -> int | None:
        """The id of ``move`` (``table``: the melds before it), or ``None`` if none expresses it."""
        if self._shedding:  # worked out directly: cheaper than looking the move up
            return self._encode_shedding(move)
        if isinstance(move, Play):
            return self._encode_play(move, table)
        known = self._known.get(move)
        if known is None:
            known = self._encode(move)
            if known is not None and len(self._known) < _KNOWN_MOVES:
                self._known[move] = known
        return known

    def encode_moves(
        self, moves: Sequence[Move], table: Sequence[Sequence[Card]] = ()
    ) -> dict[int, Move]:
        """The id of each of ``moves`` that has one, and its move (the first listed of each id)."""
        found: dict[int, Move] = {}
        # The shedding encoder straight away: this runs on every step of the environment.
        encode = self._encode_shedding if self._shedding else self.encode
        for move in moves:
            encoded = encode(move, table)
            if encoded is not None and encoded not in found:
                found[encoded] = move
        return found

    def _encode(self, move: Move) -> int | None:
        if isinstance(move, Draw):
            return self.start("draw" if move.source == "stock" else "draw_discard")
        if isinstance(move, Pass):
            return self._at("pass", 0)
        if isinstance(move, Forfeit):
            return self._at("forfeit", 0)
        if isinstance(move, LayDown):
            return self._meld(_codes(move.cards))
        if isinstance(move, LayOff):
            return self._at("layoff", move.meld_index * CARDS + move.card.code)
        if isinstance(move, SwapJoker):
            return self._at("swap", move.meld_index * CARDS + move.card.code)
        if isinstance(move, Discard):
            return self._at("discard", move.card.code)
        return None

    def _at(self, block: str, offset: int) -> int | None:
        begin = self.start(block)
        return None if begin < 0 else begin + offset

    def _meld(self, codes: tuple[int, ...]) -> int | None:
        assert isinstance(self.rules, Profile)
        index = meld_index(self.rules).get(codes)
        return None if index is None else self._at("meld", index)

    def _encode_play(self, move: Play, table: Sequence[Sequence[Card]]) -> int | None:
        """A play of one new meld, or of one card added to one meld; else ``None``."""
        old = [_codes(meld) for meld in table]
        new = Counter(_codes(meld) for meld in move.table.melds)
        added = new - Counter(old)
        removed = Counter(old) - new
        if len(added) != 1 or sum(added.values()) != 1:
            return None
        (meld,) = added
        if not removed:
            return self._meld(meld)
        if sum(removed.values()) != 1:
            return None
        (before,) = removed
        extra = Counter(meld) - Counter(before)
        if len(meld) != len(before) + 1 or sum(extra.values()) != 1:
            return None
        (code,) = extra
        return self._at("layoff", old.index(before) * CARDS + code)

    def _encode_shedding(self, move: Move, table: Sequence[Sequence[Card]] = ()) -> int | None:
        """`encode` in a shedding game (no table: ``table`` is ignored)."""
        if isinstance(move, Draw):
            return self._draw
        if isinstance(move, Pass):
            return self._pass
        if isinstance(move, Discard) and move.card.code < JOKER_CODE:
            choice = SUIT_CHOICES.index(move.suit)
            return self._play + (move.card.code * 5 + choice) * 2 + move.announce
        return None

    def describe(self, action: int) -> str:
        """What ``action`` does, for people (``"layoff 7H onto slot 2"``).

        Raises:
            ProfileError: If ``action`` is not an integer id of this layout.
        """
        block, offset = self.block_of(action)
        if block == "meld":
            assert isinstance(self.rules, Profile)
            codes = meld_catalogue(self.rules)[offset]
            return "meld " + " ".join(str(Card.from_code(c)) for c in codes)
        if block in ("layoff", "swap"):
            slot, code = divmod(offset, CARDS)
            return f"{block} {Card.from_code(code)} onto slot {slot}"
        if block == "discard":
            return f"discard {Card.from_code(offset)}"
        if block == "play":
            choice, announce = divmod(offset, 2)
            code, suit = divmod(choice, 5)
            move = Discard(Card.from_code(code), SUIT_CHOICES[suit], bool(announce))
            return str(move)
        return block.replace("_", " ")


def layout_for(rules: GameRules) -> ActionLayout:
    """The action layout of a game's rules, chosen by their turn structure (`structure`).

    Raises:
        ProfileError: If the rules are of a type the environments do not know.
    """
    kind = structure(rules)
    if not isinstance(rules, Profile):
        plays = 52 * len(SUIT_CHOICES) * 2
        return ActionLayout(kind, (("draw", 1), ("pass", 1), ("play", plays)), rules)
    slots = table_slots(rules) * CARDS
    melds = len(meld_catalogue(rules))
    if kind == "discard":
        swaps = slots if rules.joker_swap else 0
        blocks: tuple[tuple[str, int], ...] = (
            ("draw", 1),
            ("draw_discard", 1),
            ("meld", melds),
            ("layoff", slots),
            ("swap", swaps),
            ("discard", CARDS),
        )
    else:
        blocks = (
            ("draw", 1),
            ("pass", 1),
            ("forfeit", 1),
            (BEST_BY_CARDS, 1),
            (BEST_BY_POINTS, 1),
            ("meld", melds),
            ("layoff", slots),
        )
    return ActionLayout(kind, tuple((name, size) for name, size in blocks if size), rules)
