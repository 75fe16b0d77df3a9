"""The lower bound on a state's loss: each suit swept on its own, groups taken optimistically.

Each suit is swept alone (lazy model): groups are taken as possible
wherever enough other suits hold the value, and each suit may use every
joker left. Each suit's least loss under those looser rules is at most its
share of the true loss, so the sum bounds it. A group short of naturals
needs jokers, and its naturals carry shares of them
(`mexemexe.solver._groups.group_facts`); the copies already given to the
value being played take their shares first (`Bounds._pending`).

Each suit's part is worked out for every count of joker units at once (its
*row*, `Bounds._suit_row`): a search asks for one part with several counts
(the units a state has left; none, and each count, for the sharing below),
and one pass over a suit's plays serves them all.

Where the suits' best plays need more jokers between them than are left,
the jokers are shared out among the suits instead (`Bounds._shared_at`):
tighter, and dearer, so it is asked only where the plain sum does not cut.
A state whose bound exceeds the search's budget is cut.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from functools import lru_cache

from ._groups import group_copies, group_facts, pair_share, share
from ._memo import INF, Kept, Runs, SweepBase
from ._runs import deficit, most_jokers, unpack
from ._suit_plays import EVERY, ranked

__all__ = ["Bounds", "SuitRow"]

#: A suit's row of parts (`Bounds._suit_row`): ``(value, suit, its runs, its aces kept)``.
RowKey = tuple[int, int, int, int]


#: A suit's part of a bound by joker units, 0 to all the units in play
#: (`Bounds._suit_row`): never rising with more units.
SuitRow = list[float]


class Bounds(SweepBase):
    """`SweepBase` with the lower bounds of its states, remembered per search."""

    def _prepare(self) -> None:
        super()._prepare()
        self.suit_rows: dict[RowKey, SuitRow] = {}
        self.bounds: dict[tuple[int, int, Runs, Kept, int], float] = {}
        self.shared: dict[tuple[int, int, Runs, Kept, int], float] = {}
        self.pending: dict[tuple[int, int, int], int] = {}  # `_pending`, remembered
        self.ranked_rules = self.run_args[:4]  # the run rules as `ranked` takes them (`_suit_row`)
        counts = list(map(operator.add, self.must, self.may))
        # next_copy[suit][v]: the first value from v on (up to 13) where the suit has
        # a copy, else 14; a suit's row skips the values before it (`_suit_row`).
        self.next_copy = [next_copies(tuple(counts[suit:52:4])) for suit in range(4)]
        # Per value, what the bound needs to know about groups there (see
        # `group_facts`): group_room[v][suit][g], group_share[v][suit][g], and
        # later[v][si], how many of the suits si..3 hold the value.
        self.unit = math.lcm(*range(1, max(self.min_group, 2)))
        facts = [
            group_facts(
                tuple(n),
                self.min_group,
                self.max_group,
                min(self.group_cap, self.jokers),
                self.unit,
            )
            for n in self.present
        ]
        self.group_room = [f[0] for f in facts]
        self.group_share = [f[1] for f in facts]
        self.later = [f[2] for f in facts]

    def _bound(
        self, v: int, si: int, runs: Runs, used: int, reserved: Kept, gcount: int = 0
    ) -> float:
        """A lower bound on the loss from a state: each suit alone, groups optimistic.

        The copies already given to this value's groups (``gcount``) first
        take their share of the jokers.
        """
        return self._bound_at(v, si, runs, reserved, self._units_left(v, si, used, gcount))

    def _bound_at(self, v: int, si: int, runs: Runs, reserved: Kept, left: int) -> float:
        """`_bound` given the joker units left (`_units_left`)."""
        if left < 0:
            return INF
        total = self.bounds.get((v, si, runs, reserved, left))
        if total is None:
            total = self._bound_sum(v, si, runs, reserved, left)
        return total

    def _bound_sum(self, v: int, si: int, runs: Runs, reserved: Kept, left: int) -> float:
        """`_bound_at` for a key not remembered yet; remembers it, and its sharing (`_shared_at`).

        The search asks for the sharing of nearly every key whose plain bound
        it asks for and does not cut (where two suits want units, the only
        case that needs any work), and both read the same four rows: so both
        are settled here, in one pass.
        """
        key = (v, si, runs, reserved, left)
        if left < 0:  # the groups cannot have the jokers they need
            self.bounds[key] = self.shared[key] = INF
            return INF
        rows = self.suit_rows
        total = 0.0
        base = 0.0  # the parts of the suits that want no units (`_shared_sum` adds them)
        first: SuitRow | None = None  # the first row whose part falls with more units
        wanting: list[SuitRow] | None = None  # all of them, from the second on
        for suit in range(4):
            w = v + (suit < si)
            row = rows.get((w, suit, runs[suit], reserved[suit]))
            if row is None:
                row = self._suit_row(w, suit, runs[suit], reserved[suit])
            most = row[left]
            total += most
            if row[0] != most:
                if first is None:
                    first = row
                elif wanting is None:
                    wanting = [first, row]
                else:
                    wanting.append(row)
            else:
                base += most
        self.bounds[key] = total
        # With fewer than two suits wanting units, sharing them changes nothing.
        self.shared[key] = total if wanting is None else self._shared_sum(wanting, base, left)
        return total

    def _units_left(self, v: int, si: int, used: int, gcount: int) -> int:
        """Joker units the suits may still share: the jokers left, less the pending shares."""
        if gcount:
            key = (v, si, gcount)
            owed = self.pending.get(key)
            if owed is None:
                owed = self.pending[key] = self._pending(v, si, gcount)
            return (self.jokers - used) * self.unit - owed
        return (self.jokers - used) * self.unit

    def _pending(self, v: int, si: int, gcount: int) -> int:
        """Joker units the copies already given to value ``v``'s groups must carry.

        Each copy sits in a group of at most one copy per suit: the suits
        that gave copies and the suits still to come that hold the value.
        More units than there are jokers if those suits cannot fill the groups.
        """
        c1, c2 = group_copies(gcount)
        if not c1 and not c2:
            return 0
        later = self.later[v][si]
        # Each group needs this many naturals, and a suit giving two copies
        # needs two groups: if the suits left cannot supply them, no joker can.
        least = self.min_group - self.group_args[2]  # less the jokers a group may hold
        if c1 + c2 + later < least or (c2 and c1 + 2 * (c2 + later) < 2 * least):
            return (self.jokers + 1) * self.unit
        most = min(self.max_group, c1 + c2 + later)  # naturals in one group
        single = share(most, self.min_group, self.unit)
        if not c2:
            return c1 * single
        # A suit giving two copies: their two groups hold the other copies given
        # and at most two copies of each suit still to come (`pair_share`).
        both = c1 + 2 * c2 + sum(self.present[v][si:])
        return c1 * single + c2 * pair_share(most, both, self.min_group, self.unit)

    def _shared_at(self, v: int, si: int, runs: Runs, reserved: Kept, left: int) -> float:
        """`_bound_at` with the ``left`` joker units shared out among the suits (tighter, dearer).

        Settled with the plain bound (`_bound_sum`), which it remembers too.
        """
        if left < 0:
            return INF
        found = self.shared.get((v, si, runs, reserved, left))
        if found is None:
            self._bound_sum(v, si, runs, reserved, left)
            found = self.shared[v, si, runs, reserved, left]
        return found

    def _shared_sum(self, wanting: list[SuitRow], base: float, left: int) -> float:
        """The plain bound with the ``left`` units shared out among ``wanting``'s suits.

        ``base`` is the sum of the other suits' parts.

        ``wanting`` holds the rows (two or more) of the suits whose part falls
        with more units; a suit whose bound with no units is its bound with
        all of them wants none. When the suits' best plays need no more units
        between them than are left (the usual case), sharing changes nothing
        and the sum over splits is skipped.
        """
        need = 0
        wanted = 0.0  # the bounds of the suits that want some, with all the units
        for row in wanting:  # the fewest units that give the suit its bound
            most = row[left]
            wanted += most
            units = left
            while units and row[units - 1] == most:
                units -= 1
            need += units
        if need <= left:
            return base + wanted
        # The least sum over the ways to split the units among the suits that want
        # some. A suit's bound never rises with more units, so every split may as
        # well spend them all: by the units given to the suits so far, the least
        # sum (``spent``), then the last suit takes what is left.
        # (Plain loops: on so few units a comprehension's call costs more.)
        spent = wanting[0][: left + 1]
        for costs in wanting[1:-1]:
            after: list[float] = []
            for u in range(left + 1):
                lowest = INF
                for j in range(u + 1):
                    if spent[u - j] + costs[j] < lowest:
                        lowest = spent[u - j] + costs[j]
                after.append(lowest)
            spent = after
        last = wanting[-1]
        lowest = INF
        for j in range(left + 1):
            if spent[left - j] + last[j] < lowest:
                lowest = spent[left - j] + last[j]
        return base + lowest

    def _suit_row(self, v: int, suit: int, runs: int, reserved: int) -> SuitRow:
        """One suit's least loss from value ``v`` on, alone, by joker units (0 to all in play).

        A row never rises with more units (a play allowed with some is allowed
        with more), and stays so as the plays lower it: so its first entry is
        its largest, and a play losing at least the entry of its own cost
        lowers none (nor are the rows after it worked out).
        """
        key = (v, suit, runs, reserved)
        rows = self.suit_rows
        if not runs and v < 14 and self.next_copy[suit][v] != v:
            # Nothing open and no copy here: nothing happens until the suit's next copy.
            w = self.next_copy[suit][v]
            row = rows.get((w, suit, 0, reserved))
            if row is None:
                row = self._suit_row(w, suit, 0, reserved)
            rows[key] = row
            return row
        unit = self.unit
        size = self.jokers * unit + 1
        if v > self.top:
            need = self._closing_need(unpack(runs)) * unit
            row = [0.0 if units >= need else INF for units in range(size)]
            rows[key] = row
            return row
        row = [INF] * size
        shares, room = self.group_share[v][suit], self.group_room[v][suit]
        w = v + 1
        code = (v - 1) * 4 + suit
        weight = self.weights[code] if v < 14 else 0.0
        if self.lazy and ((v == 1 and not self.ace_high) or 1 < v < 14) and weight >= 0:
            # Away from the aces kept back, a row needs the suit's undominated plays
            # only (`ranked`, with every joker they may place: a play placing more
            # than a count of units is skipped by its cost), least cards left out
            # first, weighed here: the plays the search takes would be made for
            # each count of jokers and aces kept, for the same options.
            value = v if v == 1 or v >= self.top else 2
            must_n, may_n = self.must[code], self.may[code]
            cap, min_run, track, top = self.ranked_rules
            most = self.plays_most
            if most < EVERY and most < most_jokers(runs, min_run):  # fewer jokers in play
                options = ranked(runs, must_n, may_n, value, cap, min_run, track, top, most)[1]
            else:
                options = ranked(runs, must_n, may_n, value, cap, min_run, track, top)[1]
            for new_runs, g, jokers_here, left_out, _made in options:
                loss = left_out * weight
                if loss >= row[0]:
                    break  # least loss first: no later play can do better
                if g and not room[g]:
                    continue
                cost = jokers_here * unit + shares[g]
                if cost >= size or loss >= row[cost]:
                    continue
                sub = rows.get((w, suit, new_runs, reserved))
                if sub is None:
                    sub = self._suit_row(w, suit, new_runs, reserved)
                # From the most units down: the sub-row never falls with fewer, and
                # once it is infinite so is the rest (often a third of the entries).
                for units in range(size - 1, cost - 1, -1):
                    total = loss + sub[units - cost]
                    if total < row[units]:
                        row[units] = total
                    elif total == INF:
                        break
            rows[key] = row
            return row
        # The aces (kept back or played low), and the eager model: the search's plays.
        # The loop repeats the one above on purpose: this is the bound's innermost
        # work, and a shared generator or helper call per play measurably slowed it.
        for new_runs, g, jokers_here, loss, res, _detail in self._suit_options(
            v, suit, runs, 0, reserved
        ):
            if loss >= row[0]:
                break  # least loss first: no later play can do better
            if g and not room[g]:
                continue
            cost = jokers_here * unit + shares[g]
            if cost >= size or loss >= row[cost]:
                continue
            sub = rows.get((w, suit, new_runs, res))
            if sub is None:
                sub = self._suit_row(w, suit, new_runs, res)
            for units in range(size - 1, cost - 1, -1):
                total = loss + sub[units - cost]
                if total < row[units]:
                    row[units] = total
                elif total == INF:
                    break
        rows[key] = row
        return row

    def _closing_need(self, runs: Sequence[int]) -> float:
        """Jokers that closing all ``runs`` needs (lazy model); ``inf`` if one cannot close."""
        need = 0
        for d in runs:
            short = deficit(d, *self.run_args)
            if short < 0:
                return INF
            need += short
        return need


@lru_cache(maxsize=4096)
def next_copies(column: tuple[int, ...]) -> tuple[int, ...]:
    """Per value 0..14, the first value from it on (1..13) where ``column`` has a copy, else 14.

    ``column`` counts one suit's copies of the values 1..13; value 0 reads as 1.
    Remembered: a suit's copies change little from one position to the next.
    """
    row = [14] * 15
    after = 14
    for v in range(13, 0, -1):
        if column[v - 1]:
            after = v
        row[v] = after
    row[0] = after
    return tuple(row)
