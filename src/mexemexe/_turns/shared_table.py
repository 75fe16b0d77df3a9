"""The shared-table turn (Brazilian and Rummikub-style Mexe-Mexe, RULES.md B and R).

The table belongs to everyone. On a turn the player either

* **plays** (B6a, R4): proposes a whole new table made of the old table's
  cards plus at least one card from the hand, freely regrouped, every meld
  valid — no table card may return to the hand (B6), a joker on the table
  stays in a valid meld of the profile (B7);
* **draws** one card from the stock (B6b, R4) — under the profile's
  ``draw_only_without_simple_play`` only while the hand holds no simple
  play (B6: `simple_play`); with an empty stock the
  profile's ``stock_exhaustion`` decides: ``"end_round"`` ends the round as
  soon as a player would have to draw (B9), ``"pass"`` makes the player pass
  instead, and the round is blocked when every player passes in a row (R6);
* **forfeits**: a failed or timed-out play is undone and the player draws
  ``failed_play_penalty`` cards (B8, R5).

A player who empties the hand wins the round (B9, R8).
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

import attrs

from .._cards import _BY_CODE, CODE, JOKER, JOKER_CODE, Card
from .._errors import IllegalMoveError, Problem
from .._kinds import MAX_COUNT, quote
from .._meld_finder import find_melds
from .._melds import MeldRules, classify_meld, extension_mask
from .._moves import Draw, Forfeit, LayDown, LayOff, Move, Pass, Play
from .._multiset import cards_without
from .._notation import format_cards
from .._outcomes import Outcome, Proposal, RoundResult, build_outcome
from .._profiles import Profile
from .._scoring import round_result
from .._state import GameState, PlayerView, deal, successor
from .._table import Meld, Table
from .._validation import repeated_verdict
from .discard import _lay_down_move, _lay_off_move
from .move_helpers import table_after

if TYPE_CHECKING:
    from .._jsonio import JSONObject
    from .._outcomes import EndReason

__all__ = [
    "INITIAL_PHASE",
    "PHASES",
    "SharedTableState",
    "SharedTableView",
    "apply",
    "deal",
    "legal_moves",
    "play_table",
    "propose",
    "search_table",
    "shape",
    "simple_play",
    "whole_table",
]

#: A shared-table turn is one move: a play, a draw, a pass or a forfeit.
PHASES: tuple[str, ...] = ("play",)
INITIAL_PHASE = "play"


@attrs.frozen(repr=False, weakref_slot=False, kw_only=True)
class SharedTableView(PlayerView):
    """What one player may see of a shared-table round: the common `PlayerView` and the passes.

    Attributes:
        passes: Consecutive passes with an empty stock (R6).
    """

    passes: int = 0

    def _structure_json(self) -> JSONObject:
        return {"passes": self.passes}


def _failed_plays(value: object) -> object:
    """Failed plays as a tuple, ``()`` for none (checked by `_structure_problems`)."""
    if isinstance(value, (list, tuple)):
        value = tuple(value)
        if all(type(x) is int and x == 0 for x in value):
            return ()
    return value


@attrs.frozen(repr=False, weakref_slot=False)
class SharedTableState(GameState):
    """A round on a shared table (B6, R4): the common `GameState`, R6's passes, B8's failed plays.

    It has no discard pile (B11), no phases and no owners of table cards:
    `discard_pile` reads as ``()`` and `phase` as ``"play"``, and the
    constructor refuses those fields of the discard turn, naming them.

    Attributes:
        passes: Consecutive turns passed with an empty stock (R6).
        failed_plays: Each player's failed plays (forfeits) this round, which
            ``Profile.failed_play_points`` charges when the round is scored
            (B8), or ``()`` while nobody has failed one.
    """

    passes: int = attrs.field(default=0, kw_only=True)
    failed_plays: tuple[int, ...] = attrs.field(default=(), converter=_failed_plays, kw_only=True)

    TURN_STRUCTURE: ClassVar[str] = "shared_table"
    _VIEW: ClassVar[type[PlayerView]] = SharedTableView
    _OWN: ClassVar[tuple[tuple[str, object, str], ...]] = (
        ("passes", 0, "passes"),
        ("failed_plays", (), "failed plays"),
    )
    _WHOLE: ClassVar[tuple[str, ...]] = ("passes",)

    @classmethod
    def _foreign_rule(cls, profile: Profile) -> str:
        return f"{profile.section('play')}, B11"  # B11: no discard, ever

    def _structure_problems(self) -> list[str]:
        """Passes only with an empty stock, and fewer than the players until a block (R6)."""
        profile = self.profile
        n = len(self.hands)
        problems: list[str] = []
        blocked = self.result is not None and self.result.reason == "blocked"
        limit = n if blocked else n - 1
        if self.passes > limit:
            problems.append(
                f"passes={self.passes}: {n} players block the round at {n} passes in a row "
                f"({profile.section('stock')})"
            )
        failed = self.failed_plays
        if failed and (
            not isinstance(failed, tuple)
            or len(failed) != n
            or not all(type(x) is int and 0 <= x <= MAX_COUNT for x in failed)
        ):
            problems.append(
                f"failed_plays={quote(failed)}: a count from 0 to {MAX_COUNT} for each of "
                f"{n} players, or () for none ({profile.section('failed')})"
            )
        elif failed:
            # A failed play takes a turn, and no player has had more than
            # one turn in n of those played so far.
            most = -(-self.turn // n)
            if sum(failed) > self.turn or max(failed) > most:
                problems.append(
                    f"failed_plays={quote(failed)}: more failed plays than turns taken "
                    f"(turn {self.turn}, {n} players; {profile.section('failed')})"
                )
        if self.passes and (self.stock or profile.stock_exhaustion != "pass"):
            problems.append(
                f"passes={self.passes}: a player passes only with an empty stock "
                f"under stock_exhaustion='pass' ({profile.section('stock')})"
            )
        return problems

    def _structure_result_problems(self, result: RoundResult, rule: str) -> list[str]:
        """A blocked round after every player's pass (R6); no recycles, no bonus (B11)."""
        profile = self.profile
        n = len(self.hands)
        problems = []
        if result.reason == "blocked" and self.passes != n:
            problems.append(f"result reason 'blocked' after {self.passes} of {n} passes ({rule})")
        if result.reason == "recycles" and profile.max_recycles != 0:
            problems.append(
                f"result reason 'recycles' after 0 of {profile.max_recycles} turn-overs ({rule})"
            )
        if result.reason == "out" and result.multiplier != 1:
            problems.append(f"result multiplier {result.multiplier}: no bonus in this game")
        return problems

    def _view_structure(self) -> tuple[object, ...]:
        return (self.passes,)

    def _structure_json(self) -> JSONObject:
        return {"passes": self.passes, "failed_plays": list(self.failed_plays)}

    def _pickled_structure(self) -> tuple[object, ...]:
        return (self.passes, self.failed_plays)


def _own(state: GameState) -> SharedTableState:
    """``state``, which the engine is only ever given for a shared-table profile."""
    assert isinstance(state, SharedTableState), type(state)
    return state


def propose(state: GameState, table: Table) -> Proposal:
    """Check a proposed new table for the current player without changing anything."""
    return _check(_own(state), table)[0]


def _check(state: SharedTableState, table: Table) -> tuple[Proposal, tuple[Card, ...] | None]:
    """`propose`, and the current player's hand after the play (``None`` if illegal)."""
    profile = state.profile
    play_rule = profile.section("play")
    problems: list[Problem] = []
    if state.result is not None:
        return Proposal(table, (), (state._over(),)), None
    deck_size = len(profile._deck)
    if table.card_count > deck_size:
        # No play can hold more cards than the deck: answer at once, whatever
        # the size of what was sent, and with one problem, not one a meld.
        return Proposal(
            table,
            (),
            (
                Problem(
                    f"the proposed table holds {table.card_count} cards; "
                    f"the whole deck has {deck_size}",
                    "§0",
                ),
            ),
        ), None
    old_rest, new_rest = _changed_melds(state.table, table)
    removed, added = _moved(state.table, table, old_rest, new_rest)
    placed = added
    if removed:
        problems.append(
            Problem(
                "table cards taken off the table: no table card may return to the hand",
                play_rule,
                None,
                removed,
            )
        )
    if not added:
        problems.append(
            Problem("no card from the hand is added: a play lays down at least one", play_rule)
        )
    rest = cards_without(state.hand, added)
    if rest is None:
        not_held = _multiset_minus(_code_counts([added]), _code_counts([state.hand]))
        problems.append(
            Problem(
                f"not in player {state.current_player}'s hand",
                play_rule,
                None,
                not_held,
            )
        )
    # Every meld valid (§0, B5, B7, R3); under B5's "later_turn" a group may
    # repeat a suit where it extends a group of the table before this play.
    # Card counts need no check of their own: old table plus cards from the
    # hand cannot exceed the deck.
    rules = profile._meld_rules
    # Melds a play keeps (the very objects) from a table already found valid
    # under these rules need no second look.
    kept = state.table._memo.get("valid_under") is rules
    # The melds not kept as they were are the play's new ones (`_changed_melds`).
    all_valid = kept and all(classify_meld(meld, profile).kind is not None for meld in new_rest)
    if not all_valid:
        # Look at every meld (not kept as it was) in order, to report each problem.
        old_ids = _meld_ids(state.table)
        all_valid = True
        for index, meld in enumerate(table.melds):
            if kept and id(meld) in old_ids:
                continue
            result = classify_meld(meld, profile)
            if result.kind is None and rules.repeat_groups:
                # B5 "later_turn": a suit may repeat where the group extends
                # one of the table at the start of this turn.
                repeated = repeated_verdict(meld, profile, state.table)
                if repeated is not None:
                    result = repeated
            if result.kind is None:
                all_valid = False
                problems.extend(p.at(index) for p in result.problems)
                if JOKER in meld and profile.joker_policy == "runs" and _joker_count(state.table):
                    problems.append(
                        Problem(
                            "a joker already on the table must stay in a valid run",
                            profile.section("table_jokers"),
                            index,
                            meld,
                        )
                    )
    if all_valid:
        table._memo["valid_under"] = rules
    opened = state.opened[state.current_player]
    need = profile.opening_need(opened)
    if added and need:
        points = profile.hand_points(placed)
        if points < need:
            problems.append(
                Problem(
                    f"a first play must be worth {need} points, this one is worth {points}",
                    play_rule,
                    None,
                    placed,
                )
            )
    if added and not profile.may_use_table(opened):
        problems.extend(_opening_problems(old_rest, new_rest, play_rule))
    return Proposal(table, placed, tuple(problems)), None if problems else rest


def _opening_problems(old_rest: list[Meld], new_rest: list[Meld], rule: str) -> list[Problem]:
    """Why a first play under ``opening_from_own_hand`` is not an initial meld from the hand.

    The classic initial meld (cited as R4): every meld of the old table stays
    as it was and the play only adds new melds. A meld written in another
    order is the same meld, so melds are compared as multisets of cards; the
    new melds then hold exactly the cards added, which `_check` has already
    found in the hand.
    """
    if not old_rest:
        return []  # every old meld kept as the very same object
    kept = Counter(_codes(meld) for meld in new_rest)
    changed = []
    for meld in old_rest:
        codes = _codes(meld)
        if kept[codes]:
            kept[codes] -= 1
        else:
            changed.append(meld)
    return [
        Problem(
            "this table meld is changed, but a first play (the classic initial meld) only "
            "lays down new melds from the hand: no table card may move and nothing may be "
            "added to a table meld before the player's next turn",
            rule,
            None,
            meld,
        )
        for meld in changed
    ]


def _codes(meld: Meld) -> tuple[int, ...]:
    """A meld as the sorted codes of its cards: melds written in another order compare equal."""
    return tuple(sorted(map(CODE, meld)))


def _joker_count(table: Table) -> int:
    """How many jokers lie on ``table`` (memoized on the table)."""
    count: int | None = table._memo.get("jokers")
    if count is None:
        count = table._memo["jokers"] = list(map(CODE, table.cards())).count(JOKER_CODE)
    return count


def _meld_ids(table: Table) -> dict[int, Meld]:
    """The melds of ``table`` by object id (memoized on the table, which holds them)."""
    found: dict[int, Meld] | None = table._memo.get("meld_ids")
    if found is None:
        found = table._memo["meld_ids"] = dict(zip(map(id, table.melds), table.melds, strict=True))
    return found


def _changed_melds(old: Table, new: Table) -> tuple[list[Meld], list[Meld]]:
    """The melds of ``old`` and of ``new`` left once the very same meld objects pair off.

    A play usually keeps most melds as they were (the same tuple objects), so
    the cards that moved are found from the few melds that changed; equal
    objects hold equal cards, so the multiset difference is the same.
    """
    base = new._memo.get("base")
    if base is not None and base[0] is old._memo:
        # Made from ``old`` by `Table._with_meld` (a `LayDown` or a `LayOff`,
        # `table_after`): only meld i is new (or appended).
        i = base[1]
        return ([old.melds[i]] if i < len(old.melds) else []), [new.melds[i]]
    old_ids, new_ids = _meld_ids(old), _meld_ids(new)
    if len(old_ids) == len(old.melds) and len(new_ids) == len(new.melds):
        # No meld object twice in a table (the usual case): sets pair them off.
        return (
            [old_ids[i] for i in old_ids.keys() - new_ids.keys()],
            [new_ids[i] for i in new_ids.keys() - old_ids.keys()],
        )
    kept: dict[int, int] = {}
    for meld in old.melds:
        kept[id(meld)] = kept.get(id(meld), 0) + 1
    new_rest: list[Meld] = []
    for meld in new.melds:
        if kept.get(id(meld)):
            kept[id(meld)] -= 1
        else:
            new_rest.append(meld)
    old_rest: list[Meld] = []
    for meld in old.melds:
        if kept.get(id(meld)):
            kept[id(meld)] -= 1
            old_rest.append(meld)
    return old_rest, new_rest


def _code_counts(groups: Iterable[Iterable[Card]]) -> list[int]:
    counts = [0] * 53
    for group in groups:
        for code in map(CODE, group):
            counts[code] += 1
    return counts


def _table_counts(table: Table) -> list[int]:
    """Card counts by code of ``table`` (memoized on the table; do not mutate)."""
    counts: list[int] | None = table._memo.get("code_counts")
    if counts is None:
        counts = table._memo["code_counts"] = _code_counts(table.melds)
    return counts


def _moved(
    old: Table, new: Table, old_rest: list[Meld], new_rest: list[Meld]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards of ``old`` missing from ``new``, and those of ``new`` not in ``old`` (sorted).

    ``old_rest`` and ``new_rest`` are the melds that changed (`_changed_melds`).
    When a play keeps most melds as they were (the same tuple objects, as
    bots and apps that edit the table build it), only those are compared;
    otherwise the whole tables, whose counts are memoized.
    """
    if len(old_rest) + len(new_rest) > _FEW_MELDS:
        before, after = _table_counts(old), _table_counts(new)
        return _multiset_minus(before, after), _multiset_minus(after, before)
    added = [code for meld in new_rest for code in map(CODE, meld)]
    removed = []
    for meld in old_rest:
        for code in map(CODE, meld):
            try:
                added.remove(code)
            except ValueError:
                removed.append(code)
    added.sort()
    removed.sort()
    return tuple(map(_BY_CODE.__getitem__, removed)), tuple(map(_BY_CODE.__getitem__, added))


#: Up to this many changed melds, comparing them beats the tables' memoized counts.
_FEW_MELDS = 8


def _multiset_minus(a: list[int], b: list[int]) -> tuple[Card, ...]:
    """The cards counted in ``a`` beyond ``b`` (both counts by code), sorted."""
    if not any(map(operator.gt, a, b)):
        return ()
    return tuple(
        _BY_CODE[code]
        for code, (x, y) in enumerate(zip(a, b, strict=True))
        if x > y
        for _ in range(x - y)
    )


def apply(state: GameState, move: Move) -> SharedTableState:
    """The state after ``move`` by the current player.

    A `LayDown` or a `LayOff` (the moves a discard game's meld phase takes,
    G4) is the `Play` of the table it makes (`table_after`: the old melds
    kept, the meld added or grown), checked as any play (B6, R4); the
    outcome records the move as sent. `legal_moves` lists the plays of one
    new meld or one card in that form.

    Raises:
        IllegalMoveError: If the move is not allowed; ``state`` is unchanged.
    """
    state = _own(state)
    if state.result is not None:
        raise IllegalMoveError(f"cannot {move}", [state._over()])
    if isinstance(move, Play):
        return _play(state, move)
    if isinstance(move, Draw):
        return _draw(state, move)
    if isinstance(move, Forfeit):
        return _forfeit(state, move)
    if isinstance(move, Pass):
        return _pass(state, move)
    if isinstance(move, (LayDown, LayOff)):
        # An app's "lay down this meld" or "add this card to meld i": the play
        # of the table it makes, checked as any play (B6, R4); the outcome
        # keeps the move as it was sent.
        return _play(state, Play(table_after(state, move)), move)
    raise IllegalMoveError(
        f"'{move}' is not a move of the shared-table game",
        [
            Problem(
                "a turn is a play (a whole new table, a new meld or a lay-off), a draw, "
                "a pass or a forfeit",
                state.profile.section("play"),
            )
        ],
    )


def _next(state: SharedTableState, **changes: object) -> SharedTableState:
    """Advance to the next player (B3: in index order)."""
    return state._successor(
        current_player=(state.current_player + 1) % state.players,
        turn=state.turn + 1,
        **changes,
    )


def _end(
    state: SharedTableState,
    reason: EndReason,
    outcome: Outcome,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    failed_plays: tuple[int, ...] | None = None,
    **changes: object,
) -> SharedTableState:
    if hands is None:
        hands = state.hands
    else:
        changes["hands"] = hands
    if failed_plays is None:
        failed_plays = state.failed_plays
    else:
        changes["failed_plays"] = failed_plays
    went_out = state.current_player if reason == "out" else None
    result = round_result(state.profile, hands, reason, went_out, failed_plays=failed_plays)
    return state._successor(turn=state.turn + 1, last=outcome, result=result, **changes)


def _play(state: SharedTableState, move: Play, sent: Move | None = None) -> SharedTableState:
    """The state after ``move``; ``sent``, if given, is the move the outcome records."""
    proposal, rest = _check(state, move.table)
    player = state.current_player
    if rest is None:
        what = f"illegal play by player {player}" if sent is None else f"cannot {sent}"
        raise IllegalMoveError(what, proposal.problems)
    hands = (*state.hands[:player], rest, *state.hands[player + 1 :])
    opened = (*state.opened[:player], True, *state.opened[player + 1 :])
    outcome = build_outcome(player, sent or move, (), proposal.placed, False, "", 0)
    if not rest:
        return _end(state, "out", outcome, hands=hands, table=move.table, opened=opened, passes=0)
    following = (player + 1) % len(state.hands)
    return _after_play(
        state,
        hands,
        move.table,
        opened,
        0,
        outcome,
        following,
        state.turn + 1,
        state.history.add(outcome),
    )


def _drawn(
    state: SharedTableState, count: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Hands, stock and drawn cards after the current player draws ``count`` from the top."""
    player = state.current_player
    k = min(count, len(state.stock))
    drawn: tuple[Card, ...] = state.stock[len(state.stock) - k :][::-1] if k else ()
    stock = state.stock[: len(state.stock) - k]
    hand = tuple(sorted(state.hand + drawn, key=CODE))
    hands = (*state.hands[:player], hand, *state.hands[player + 1 :])
    return hands, stock, drawn


def _draw(state: SharedTableState, move: Draw) -> SharedTableState:
    profile = state.profile
    player = state.current_player
    if move.source != "stock":
        raise IllegalMoveError(
            "cannot draw from the discard pile",
            [Problem("there is no discard pile in this game", profile.section("play"))],
        )
    if profile.draw_only_without_simple_play:
        # The rule is B6's whichever game turns the setting on.
        _refuse_with_simple_play(state, "draw", "B6")
    if not state.stock:
        if profile.stock_exhaustion == "pass":
            raise IllegalMoveError(
                "cannot draw",
                [Problem("the stock is empty: pass instead", profile.section("stock"))],
            )
        note = f"the stock is empty: the round ends ({profile.section('stock')})"
        return _end(state, "stock", Outcome(player, move, note=note))
    hands, stock, drawn = _drawn(state, 1)
    outcome = build_outcome(player, move, drawn, (), False, "", 0)
    following = (player + 1) % len(state.hands)
    return _after_draw(
        state, hands, stock, 0, outcome, following, state.turn + 1, state.history.add(outcome)
    )


# The successors of the commonest moves (B3: the next player in index order),
# built without a mapping of changes; each sets ``history``, with ``last`` added.
_after_play = successor(
    SharedTableState,
    "hands",
    "table",
    "opened",
    "passes",
    "last",
    "current_player",
    "turn",
    "history",
)
_after_draw = successor(
    SharedTableState, "hands", "stock", "passes", "last", "current_player", "turn", "history"
)


def _forfeit(state: SharedTableState, move: Forfeit) -> SharedTableState:
    profile = state.profile
    player = state.current_player
    want = profile.failed_play_penalty
    hands, stock, drawn = _drawn(state, want)
    outcome = Outcome(player, move, drawn=drawn, penalty=True)
    # B8: every failed play is counted, for failed_play_points when the round is scored.
    counts = list(state.failed_plays or (0,) * len(state.hands))
    counts[player] += 1
    failed = tuple(counts)
    if len(drawn) < want:
        if profile.stock_exhaustion == "end_round":
            note = f"the stock ran out: the round ends ({profile.section('stock')})"
            return _end(
                state,
                "stock",
                attrs.evolve(outcome, note=note),
                hands=hands,
                stock=stock,
                failed_plays=failed,
            )
        if not drawn and want:
            # Nothing to draw under R6: the forfeit counts as a pass.
            note = "the stock is empty"
            return _passed(state, attrs.evolve(outcome, note=note), failed)
    return _next(state, hands=hands, stock=stock, passes=0, last=outcome, failed_plays=failed)


def _refuse_with_simple_play(state: SharedTableState, what: str, rule: str) -> None:
    """Refuse to ``what`` ("draw", B6; "pass", R6) while the hand holds a simple play.

    Raises:
        IllegalMoveError: Naming the play, citing ``rule``.
    """
    player = state.current_player
    simple = simple_play(state.profile, state.hand, state.table, state.opened[player])
    if simple is not None:
        raise IllegalMoveError(
            f"cannot {what}",
            [
                Problem(
                    f"player {player} can play {simple}: a player may {what} only without "
                    "a meld from the hand or a card to add to a table meld",
                    rule,
                )
            ],
        )


def _pass(state: SharedTableState, move: Pass) -> SharedTableState:
    profile = state.profile
    if state.stock or profile.stock_exhaustion != "pass":
        why = "the stock is not empty: draw instead" if state.stock else "this game has no passing"
        raise IllegalMoveError("cannot pass", [Problem(why, profile.section("stock"))])
    player = state.current_player
    if profile.pass_only_without_simple_play:
        _refuse_with_simple_play(state, "pass", profile.section("stock"))
    return _passed(state, Outcome(player, move), None)


def _passed(
    state: SharedTableState, outcome: Outcome, failed_plays: tuple[int, ...] | None
) -> SharedTableState:
    """The turn passed (R6), ``failed_plays`` updated when the pass was a forfeit (B8)."""
    passes = state.passes + 1
    if passes >= state.players:
        rule = state.profile.section("stock")
        note = f"every player passed with an empty stock: the round is blocked ({rule})"
        outcome = attrs.evolve(outcome, note=note)
        return _end(state, "blocked", outcome, failed_plays=failed_plays, passes=passes)
    if failed_plays is None:
        return _next(state, passes=passes, last=outcome)
    return _next(state, passes=passes, last=outcome, failed_plays=failed_plays)


def legal_moves(view: PlayerView) -> tuple[Move, ...]:
    """The current player's moves that need no rearranging, from what that player can see.

    Lists, in this order:

    1. `Draw` (if the stock has cards, or an empty stock ends the round, B9;
       under ``draw_only_without_simple_play`` only when no play follows,
       B6), `Pass` (empty stock under R6; likewise only when no play follows
       under ``pass_only_without_simple_play``) and `Forfeit` (B8, R5);
    2. one `LayDown` per distinct meld the hand can lay down on its own,
       added to the table as it stands (melds of the same cards once: the
       jokers' places follow from the cards);
    3. one `LayOff` per single-card lay-off: a distinct hand card added to
       one table meld, which stays valid (B6, R4), every other meld as it
       was. The card extends the meld, or takes the place of its joker,
       which then moves within the meld (to an end of a run, or to another
       suit of a group where jokers may be in groups, R3): the meld keeps
       the same cards either way, so a `LayOff` says it. A joker on the
       table stays in a valid meld (B7), and one that would have to leave
       the meld needs a rearrangement.

    `apply` plays a `LayDown` or a `LayOff` as the `Play` of the whole table
    it makes (`table_after`). Under an opening minimum
    (`Profile.opening_need`) a player who has not laid down yet gets only
    the melds and lay-offs that reach it; under the classic initial meld
    (`Profile.may_use_table`), only the melds. Every move listed is legal,
    every legal `LayDown` and `LayOff` is listed (a lay-off onto each of two
    melds written alike too: an app offers both), and listing them never
    searches: it costs tens of microseconds.
    Rearrangements of the table are legal too but not listed (there are far
    too many): they are `Play` moves of the whole new table, which
    `mexemexe.solver.best_play` and `GameState.hint` find (this module never
    searches: the solver builds on it).

    Args:
        view: The current player's view.
    """
    profile = view.profile
    moves: list[Move]
    if view.stock_size:
        moves = [_DRAW, _FORFEIT]
    elif profile.stock_exhaustion == "pass":
        moves = [_PASS, _FORFEIT]
    elif profile.stock_exhaustion == "end_round":
        moves = [_DRAW, _FORFEIT]
    else:
        moves = [_FORFEIT]
    opened = view.opened[view.player]
    need = profile.opening_need(opened)
    hand = view.hand
    table = view.table
    rules = profile._meld_rules
    downs = [
        _lay_down_move(meld)
        for meld in find_melds(hand, profile)
        if not need or profile.hand_points(meld) >= need
    ]
    if len(downs) > 1 and hand[-1].code == JOKER_CODE:
        # Melds differing only in where their jokers stand are one LayDown.
        downs = list(dict.fromkeys(downs))
    moves.extend(downs)
    if table.melds and profile.may_use_table(opened):
        masks = _extension_masks(table, rules)
        held = _held_mask(profile, hand, need)
        if any(map(held.__and__, masks)):
            _list_lay_offs(moves, masks, held)
    if len(moves) > 2 and (
        (moves[0] is _DRAW and profile.draw_only_without_simple_play)
        or (moves[0] is _PASS and profile.pass_only_without_simple_play)
    ):
        del moves[0]  # B6 (R6): a play is listed, so no draw (pass); `simple_play` agrees
    return tuple(moves)


def _held_mask(profile: Profile, hand: Iterable[Card], need: int) -> int:
    """The hand's distinct cards as a bit mask of codes, only those worth ``need`` if any."""
    held = 0
    for card in hand:
        held |= _BIT[card.code]
    if need:
        points = profile._points
        held &= sum(_BIT[code] for code in range(53) if points[code] >= need)
    return held


def simple_play(profile: Profile, hand: tuple[Card, ...], table: Table, opened: bool) -> str | None:
    """A simple play of ``hand`` on ``table``, described, or ``None`` if it has none (B6).

    A simple play is a valid meld made from the hand by itself, or a hand
    card that extends one table meld with no other table card moved: exactly
    the plays `legal_moves` lists, so one the opening rules forbid
    (`Profile.opening_need`, `Profile.may_use_table`) is none. Cheap, like
    the listing: no search. Under ``draw_only_without_simple_play`` a draw
    is refused while one exists.
    """
    need = profile.opening_need(opened)
    for meld in find_melds(hand, profile):
        if not need or profile.hand_points(meld) >= need:
            return f"the meld {format_cards(meld)}"
    if not table.melds or not profile.may_use_table(opened):
        return None
    held = _held_mask(profile, hand, need)
    for i, extends in enumerate(_extension_masks(table, profile._meld_rules)):
        hit = extends & held
        if hit:
            card = _BY_CODE[(hit & -hit).bit_length() - 1]
            return f"{card} onto the table meld {format_cards(table.melds[i])}"
    return None


#: Moves are immutable values: the listing hands out these shared ones.
_DRAW = Draw()
_PASS = Pass()
_FORFEIT = Forfeit()


#: By card code, its bit in a mask of codes.
_BIT = tuple(1 << code for code in range(53))

#: The listed `LayOff` of each card onto each meld, by ``meld_index << 6 | code``:
#: moves are values, so every listing hands out the same ones.
_LAY_OFFS: dict[int, LayOff] = {}


def _lay_off(code: int, index: int) -> LayOff:
    """``LayOff`` of the card of ``code`` onto meld ``index`` (shared, built once)."""
    key = index << 6 | code
    move = _LAY_OFFS.get(key)
    if move is None:
        move = _LAY_OFFS[key] = _lay_off_move(_BY_CODE[code], index)
    return move


def _list_lay_offs(moves: list[Move], masks: tuple[int, ...], held: int) -> None:
    """Append to ``moves`` a `LayOff` per card of ``held`` (a mask of codes) per meld it extends.

    ``masks`` are the melds' `extension_mask`: by meld in the table's order,
    then by card code.
    """
    for i, extends in enumerate(masks):
        hit = extends & held
        while hit:
            low = hit & -hit
            hit ^= low
            moves.append(_lay_off(low.bit_length() - 1, i))


def _extension_masks(table: Table, rules: MeldRules) -> tuple[int, ...]:
    """The `extension_mask` of every meld of ``table`` (memoized on the table).

    A table made from another by one new or grown meld (`Table._with_meld`,
    as `apply` makes it for a `LayDown` or a `LayOff`) works out only the
    meld that changed. Keyed by the rules' settings, never by an id(), as
    `table_extensions` is.
    """
    key = ("ext_masks", rules.memo_key)
    memo = table._memo
    found: tuple[int, ...] | None = memo.get(key)
    if found is None:
        melds = table.melds
        base = table._from_base(key)
        if base is not None:
            old, i = base
            found = (*old[:i], extension_mask(melds[i], rules), *old[i + 1 :])
        else:
            found = tuple(extension_mask(meld, rules) for meld in melds)
        memo[key] = found
    return found


def play_table(view: PlayerView, move: Move) -> Table | None:
    """The whole new table a move that plays proposes from ``view``'s table (B6, R4).

    A `Play`'s own table; for a `LayDown` the table with the meld appended,
    for a `LayOff` with the card added to its meld (each written in its
    canonical order if valid), as `apply` checks them (`table_after`).
    ``None`` for any other move, or a lay-off onto a meld the table lacks.
    For bots, hints and apps that weigh a listed move by the table it makes.
    """
    if isinstance(move, Play):
        return move.table
    melds = view.table.melds
    if isinstance(move, LayDown):
        return Table._trusted((*melds, _canonical(move.cards, view.profile)))
    if isinstance(move, LayOff) and move.meld_index < len(melds):
        i = move.meld_index
        grown = _canonical((*melds[i], move.card), view.profile)
        return Table._trusted((*melds[:i], grown, *melds[i + 1 :]))
    return None


def _canonical(cards: tuple[Card, ...], profile: Profile) -> tuple[Card, ...]:
    """``cards`` in their canonical order if they are a valid meld, else as given."""
    result = classify_meld(cards, profile)
    return result.canonical if result.kind is not None else cards


def search_table(view: PlayerView) -> Table:
    """The table a search for ``view``'s player may rearrange.

    The view's table; before a classic initial meld (`Profile.may_use_table`)
    none at all, so a search of the hand alone finds only new melds from the
    hand (`whole_table` then puts them beside the table's melds, unchanged).
    """
    if view.profile.may_use_table(view.opened[view.player]):
        return view.table
    return _NO_TABLE


def whole_table(view: PlayerView, found: Table) -> Table:
    """The new table of a play found by searching `search_table` (the whole table, B6, R4)."""
    if view.profile.may_use_table(view.opened[view.player]):
        return found
    return Table._trusted((*view.table.melds, *found.melds))


_NO_TABLE = Table()


def shape(table: Table) -> tuple[tuple[int, ...], ...]:
    """A table as a multiset of melds, each a multiset of cards: plays that differ only in order."""
    return tuple(sorted(tuple(sorted(card.code for card in meld)) for meld in table.melds))
