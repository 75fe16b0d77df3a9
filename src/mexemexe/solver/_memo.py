"""The sweep's states: their keys, the memo of what is proven of them, and how they advance.

A state sits between two steps of the sweep: a suit about to play its
copies of a value, or a value's groups about to be settled (``si`` 4). Its
key is `StateKey`; the memo holds, per key, either its exact least loss and
the choice reaching it, or a lower bound proven by a failed search
(`MemoEntry`).

Here too is what every part of the search shares: the position and its
rules (`SweepBase`), the plays at each step, remembered per search and
across searches (`known_plays`), and the steps that are played in passing
(`SweepBase._advance`): a step with a single play that loses nothing and
gives nothing to groups, or a value's groups that fit a single count of
jokers, is no state.
"""

from __future__ import annotations

import enum
import operator
import sys
from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING

from .._cards import JOKER_CODE
from ._groups import group_copies, group_needs, groups_possible
from ._runs import (
    NO_ACES,
    P,
    RunRules,
    aces,
    length,
    most_jokers,
    pack,
    pending,
    unpack,
)
from ._suit_plays import (
    EVERY,
    Play,
    group_play,
    play_loss,
    plays,
)

if TYPE_CHECKING:
    from .._profiles import Profile

__all__ = [
    "END",
    "FREE_ACES",
    "INF",
    "NEG",
    "Choice",
    "End",
    "GroupRules",
    "Kept",
    "MemoEntry",
    "PlaysKey",
    "Runs",
    "StateKey",
    "SweepBase",
    "forget_plays",
]

NEG = float("-inf")
INF = float("inf")

#: Each suit's open runs, packed (`mexemexe.solver._runs.pack`), suits in code order.
Runs = tuple[int, ...]
#: Each suit's aces kept back for the top (`mexemexe.solver._runs.aces`).
Kept = tuple[int, ...]
#: A flag of a suit's aces kept back (`Kept`): the aces of a relaxed state, each
#: optional and worth nothing (`SweepBase.free_aces`).
FREE_ACES = 1 << 4
#: ``(value, suit or 4 for the groups, runs, jokers placed, group copies, aces kept)``.
#: A plain tuple, not a record: a memo key whose shape only this package knows,
#: hashed at every state.
StateKey = tuple[int, int, Runs, int, int, Kept]
#: A suit's plays as `plays` takes them, less the rules: ``(runs, table copies,
#: hand copies, weight, aces kept, jokers left, value)``.
PlaysKey = tuple[int, int, int, float, int, int, int]


class End(enum.Enum):
    """The choice of a state past the last value: nothing is left to choose."""

    END = "end"


#: `End.END`, read once: the search stores it at every state past the last
#: value, and an enum member looked up on its class costs far more than a
#: module constant.
END = End.END


#: A state's choice: the next state and the play that leads there, or the end.
Choice = tuple[StateKey, Play] | End
#: What the memo proves of a state: ``(least loss, choice)``, or ``(lower bound,
#: None)`` when a search within a budget failed. A plain tuple: one is made at
#: every state the search visits, and a record's constructor costs more.
MemoEntry = tuple[float, Choice | None]

#: Plays (`plays`) by the rules they follow (`SweepBase.run_args`), then by the
#: rest of their arguments: a dict lookup is cheaper than the function's own
#: cache, and every search asks for many. Emptied when it holds more than
#: `_KNOWN_PLAYS` entries.
_PLAYS_BY_RULES: dict[RunRules, dict[PlaysKey, Sequence[Play]]] = {}
_KNOWN_PLAYS = 100_000
#: The most sets of rules `_PLAYS_BY_RULES` keeps plays for before it is emptied.
_KNOWN_RULES = 32


def forget_plays() -> None:
    """Clear all the searches remember across calls, so that the next search starts cold.

    For benchmarks timing cold calls; the searches never need it. Besides
    the plays, every cache the solver's modules define goes (the small ones
    too: unpacked runs, group facts), found by the modules' names, so that
    this module need not import the ones above it. Caches of other modules
    that a solver module imports are left to those modules.
    """
    _PLAYS_BY_RULES.clear()
    package = __name__.rpartition(".")[0]
    for name, module in list(sys.modules.items()):
        if name != package and not name.startswith(package + "."):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if (
                callable(clear)
                and not isinstance(value, type)  # a class's method would want an instance
                and getattr(value, "__module__", "") == name
            ):
                clear()


#: The rules a value's groups follow, as the group functions take them:
#: ``(min_group, max_group, cap, jokers)`` — the fewest and most cards in a
#: group, the most jokers a group may hold (capped at the jokers in play), and
#: the jokers in play. A plain tuple, as `RunRules` is, for the same reason.
GroupRules = tuple[int, int, int, int]


class SweepBase:
    """The position, its rules, and the plays at each step: what the sweep's parts share.

    Args:
        must: Counts by code (jokers at 52) of the cards that must be placed.
        may: Counts of the cards that may be placed.
        weights: The worth of placing one card of each code.
        profile: The rules.
        lazy: Place jokers lazily (the fast model; see `mexemexe.solver._sweep`).
    """

    def __init__(
        self,
        must: Sequence[int],
        may: Sequence[int],
        weights: Sequence[float],
        profile: Profile,
        *,
        lazy: bool = True,
    ) -> None:
        rules = profile._meld_rules
        self.profile = profile
        self.lazy = lazy
        self.ace_high = rules.ace_high
        self.run_cap = rules.max_jokers if rules.jokers_in_runs else 0
        # Count jokers per run only where the per-run cap can bind (B5); else it
        # would split states that behave alike.
        self.track = self.run_cap < must[JOKER_CODE] + may[JOKER_CODE]
        self.group_cap = rules.max_jokers if rules.jokers_in_groups else 0
        self.min_run, self.min_group, self.max_group = (
            rules.min_run,
            rules.min_group,
            rules.max_group,
        )
        self.must, self.may, self.weights = list(must), list(may), list(weights)
        self.jokers_must, self.jokers_may = must[JOKER_CODE], may[JOKER_CODE]
        self.jokers = self.jokers_must + self.jokers_may
        self.top = 14 if self.ace_high else 13
        self.memo: dict[StateKey, MemoEntry] = {}
        self.suit_memo: dict[tuple[int, int, int, int, int], Sequence[Play]] = {}
        self.longer_runs: dict[int, tuple[int, ...]] = {}
        self.group_jokers: dict[tuple[int, int], list[int]] = {}  # `_group_jokers`, remembered
        self.group_plays: dict[tuple[int, int], Sequence[Play]] = {}  # `_group_plays`, remembered
        self.group_args: GroupRules = (
            self.min_group,
            self.max_group,
            min(self.group_cap, self.jokers),
            self.jokers,
        )
        self.run_args: RunRules = (self.run_cap, self.min_run, self.track, self.top, lazy)
        # The most jokers a suit's plays are made with (`ranked`): those in play, as
        # no play can place more; where the jokers-needed fit may run
        # (`mexemexe.solver._need`: no jokers in groups) it asks for the plays with
        # every joker, which then serve both.
        self.plays_most = EVERY if lazy and self.group_cap == 0 and self.jokers else self.jokers
        if self.run_args not in _PLAYS_BY_RULES and len(_PLAYS_BY_RULES) >= _KNOWN_RULES:
            _PLAYS_BY_RULES.clear()  # rules come from callers' profiles: keep the memo bounded
        self.known_plays = _PLAYS_BY_RULES.setdefault(self.run_args, {})
        # present[v][suit]: copies of that card (the ace at v = 1; none at v = 14 here).
        counts = list(map(operator.add, self.must, self.may))
        self.present = [[0] * 4] + [counts[c : c + 4] for c in range(0, 52, 4)] + [[0] * 4]
        # The aces kept back of the relaxed states (`Search._visit`): every ace of
        # each suit, optional and worth nothing at the top. None where no ace is high.
        self.free_aces: Kept | None = None
        if self.ace_high and max(counts[:4]) <= 3:
            self.free_aces = tuple(FREE_ACES | n for n in counts[:4])
        self._prepare()

    def _prepare(self) -> None:
        """Set up what a part of the search adds (each part extends it, calling ``super``)."""

    def _start(self) -> StateKey:
        """The state before the first value: nothing open, no joker placed."""
        return self._advance(1, 0, (0, 0, 0, 0), 0, 0, NO_ACES)

    def _advance(
        self,
        v: int,
        si: int,
        runs: Runs,
        used: int,
        gcount: int,
        reserved: Kept,
        forced: list[tuple[int, int, Play]] | None = None,
    ) -> StateKey:
        """The state key ``(v, si, runs, used, gcount, reserved)``, past the empty and forced steps.

        An empty step has one empty choice: a suit with no copy and no open
        run, or the groups of a value where no suit gave any. A forced step
        has one play, which leaves nothing out and gives nothing to groups
        (say, a run of one that its copy must extend), or is a value's groups
        with one count of jokers that fits them: it is played here, and
        recorded in ``forced`` as ``(v, si, play)`` when a list is given, so
        that no state of the search stops at it.
        """
        top = self.top
        present = self.present
        known = self.suit_memo
        while v <= top:
            if si == 4:
                if gcount:
                    counts = self._group_jokers(used, gcount)
                    if len(counts) != 1:
                        break
                    used += counts[0]
                    gcount = 0
                    if forced is not None:
                        forced.append((v, 4, group_play(counts[0])))
                v, si = v + 1, 0
                continue
            if runs[si] or (reserved[si] if v == 14 else present[v][si]):
                found = known.get((v, si, runs[si], used, reserved[si]))
                if found is None:
                    found = self._suit_options(v, si, runs[si], used, reserved[si])
                # (By index: `Play` says why it is a plain tuple.)
                if len(found) != 1 or found[0][1] or found[0][3]:  # groups, loss
                    break
                play = found[0]
                runs = (*runs[:si], play[0], *runs[si + 1 :])
                used += play[2]
                if play[4] != reserved[si]:  # the aces kept back
                    reserved = (*reserved[:si], play[4], *reserved[si + 1 :])
                if forced is not None:
                    forced.append((v, si, play))
            si += 1
        return (v, si, runs, used, gcount, reserved)

    def _longer_runs(self, suit_runs: int) -> tuple[int, ...]:
        """One suit's open runs with some of them stronger, every way.

        Stronger: lengthened (up to the minimum run), or, for a run that ends
        on a joker, no longer waiting for a natural. Not the runs as they
        are. A longer open run can do all a shorter one can, at no more cost:
        it grows the same, and it closes on fewer jokers; a run free to close
        can do all a waiting one can, and close too (lazy model). Remembered.
        """
        found = self.longer_runs.get(suit_runs)
        if found is None:
            choices = []
            for d in unpack(suit_runs):
                way = [(d & ~15) | n for n in range(length(d), self.min_run + 1)]
                if pending(d):
                    way += [w & ~(1 << P) for w in way]
                choices.append(way)
            longer = {pack(runs) for runs in product(*choices)}
            longer.discard(suit_runs)
            found = self.longer_runs[suit_runs] = tuple(sorted(longer))
        return found

    def _group_jokers(self, used: int, gcount: int) -> Sequence[int]:
        """The joker counts a value's groups can take, from the copies given (``gcount``).

        Remembered: the same few ``(used, gcount)`` pairs come up at every value.
        """
        found = self.group_jokers.get((used, gcount))
        if found is None:
            c1, c2 = group_copies(gcount)
            left = self.jokers - used
            if self.lazy:
                found = [n for n in group_needs(c1, c2, *self.group_args) if n <= left]
            else:
                found = [
                    gj for gj in range(left + 1) if groups_possible(c1, c2, gj, *self.group_args)
                ]
            self.group_jokers[used, gcount] = found
        return found

    def _group_plays(self, used: int, gcount: int) -> Sequence[Play]:
        """A value's groups step as plays shaped like a suit's (`_suit_options`).

        One play for each joker count the groups can take (``jokers``); they
        leave nothing out, and the runs and aces stay as they are. Remembered
        (`group_plays`), as the joker counts are.
        """
        found = self.group_plays.get((used, gcount))
        if found is None:
            found = self.group_plays[used, gcount] = tuple(
                [group_play(gj) for gj in self._group_jokers(used, gcount)]
            )
        return found

    def _suit_options(
        self, v: int, suit: int, runs: int, used: int, reserved: int
    ) -> Sequence[Play]:
        """Every way suit ``suit`` can play its copies of value ``v`` with its open runs.

        Least loss first (a stable sort): the search tries them in this order.
        """
        memo_key = (v, suit, runs, used, reserved)
        found = self.suit_memo.get(memo_key)
        if found is None:
            found = self.suit_memo[memo_key] = self._suit_options_new(v, suit, runs, used, reserved)
        return found

    def _plays_key(
        self, v: int, suit: int, runs: int, reserved: int, jokers_left: int
    ) -> PlaysKey | None:
        """A suit's plays at value ``v`` as `plays` takes them, which keys `known_plays`.

        In the lazy model the value matters only at the ends (the low ace, the
        top); elsewhere one value stands for all, and the weight multiplies the
        count of cards left out afterwards, so the plays are shared across
        values and searches. ``None`` for the plays put together otherwise: the
        ace where it is also high (split between low and kept back) and the
        aces kept back at 14.

        In the lazy model the jokers left count only up to the most that a
        play of the suit can place (`most_jokers`).
        """
        if v == 14 or (v == 1 and self.ace_high):
            return None
        if self.lazy:
            jokers_left = min(jokers_left, most_jokers(runs, self.min_run))
        code = (v - 1) * 4 + suit
        value = v if not self.lazy or v == 1 or v >= self.top else 2
        weight = self.weights[code]
        return (runs, self.must[code], self.may[code], weight, reserved, jokers_left, value)

    def _suit_options_new(
        self, v: int, suit: int, runs: int, used: int, reserved: int
    ) -> Sequence[Play]:
        jokers_left = self.jokers - used
        key = self._plays_key(v, suit, runs, reserved, jokers_left)
        if key is not None:
            found = self.known_plays.get(key)
            if found is None:
                if len(self.known_plays) > _KNOWN_PLAYS:
                    self.known_plays.clear()
                found = self.known_plays[key] = plays(*key, *self.run_args, self.plays_most)
            return found
        if self.lazy:
            jokers_left = min(jokers_left, most_jokers(runs, self.min_run))
        # At the ends the value stands for itself.
        if v == 14:
            # Only the aces kept back for the top take part (code `suit` is that ace).
            must_n, may_n, weight = reserved >> 2, reserved & 3, self.weights[suit]
            if reserved & FREE_ACES:  # a relaxed state's aces (`free_aces`): optional, free
                must_n, weight = 0, 0.0
            return plays(
                runs,
                must_n,
                may_n,
                weight,
                reserved,
                jokers_left,
                v,
                *self.run_args,
                self.plays_most,
            )
        code = (v - 1) * 4 + suit
        must_n, may_n = self.must[code], self.may[code]
        weight = self.weights[code]
        # The ace, ace high: some copies played low now, the rest kept for the top (14).
        out: list[Play] = []
        for low_must in range(must_n + 1):
            for low_may in range(may_n + 1):
                kept = aces(must_n - low_must, may_n - low_may)
                out.extend(
                    plays(
                        runs,
                        low_must,
                        low_may,
                        weight,
                        kept,
                        jokers_left,
                        v,
                        *self.run_args,
                        self.plays_most,
                    )
                )
        out.sort(key=play_loss)
        return out
