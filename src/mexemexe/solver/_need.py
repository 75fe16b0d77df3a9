"""A lower bound on the jokers a state still needs, with the groups tied across suits.

The plain bound (`mexemexe.solver._bounds`) sweeps each suit alone and lets
a copy join a group wherever enough other suits *hold* the value, even if
those suits' copies are all needed in their own runs: a position short of
jokers can look as if it needed none. Where groups hold no joker (B5), a
group holding a copy of one suit holds at least ``min_group - 1`` copies of
the others, so at each value, for each suit ``s`` giving ``g[s]`` copies to
groups::

    (min_group - 1) * g[s] <= sum of g[t] over the other suits t

Each suit is swept alone for the fewest jokers it places, the cards that
must be placed all placed, with these constraints moved into the cost
(Lagrangian relaxation): with multipliers ``lam[v][s] >= 0``, a suit giving
``g`` copies at value ``v`` pays ``g * ((min_group - 1) * lam[v][s] - sum of
lam[v][t] over the other suits t)``. For any multipliers, every arrangement
pays no more than its jokers, so the suits' sum bounds the jokers needed;
the multipliers are fitted once per search, at its start state, by
subgradient steps (any fit keeps the bound sound, a good one makes it
tight). A state whose bound exceeds its jokers left is cut.

Within a value some suits have played it and some not: the value's own
terms are left out there (multipliers of zero, as sound as any), so the
suits that played are counted from the next value and the others from this
one with no term at it.

Within a budget below the least weight of a hand card, no hand card may
be left out: the hand's cards then count as cards to place too (the
*strict* mode, with its own multipliers), and a state cut there loses a
card at least. Otherwise (the *loose* mode) the loss is priced into the
suits' sweeps too: a play leaving out weight ``w`` costs ``price * w`` on
top of its jokers (`_LOSS_PRICE`). A play within the budget ``b`` pays at
most the jokers left plus ``price * b``, so a state whose bound exceeds
that is cut, and its loss is at least (bound - jokers left) / price: a
state a hand card short of jokers is cut where the budget allows no card
less, not only where it cannot be finished at all (a price of zero). The
multipliers are fitted once a search has shown it is not quick
(`_NEED_AFTER`; at once where every hand card must be placed to beat the
play known, `_STRICT_AFTER`), once per mode, and shared by the two searches of a race
(the mirror image's relabelled). A state is checked only once the other
bounds let it through, just before it is expanded: the check is dearer.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from ._dfs import Search, SearchCut
from ._memo import INF, Kept, Runs, StateKey
from ._need_graph import _EPS, NeedKey, _Graph
from ._runs import unpack
from ._suit_plays import Option, ranked

__all__ = ["NeedSearch"]

#: States a search expands before it checks the jokers its states need: a quick
#: search would spend more fitting the multipliers than the checks save. (Set
#: to ``inf``, the cut is off, and the relaxed aces are back.)
_NEED_AFTER: float = 500

#: The same, in a search that must place every hand card to beat the play it
#: knows (a strict proof, `NeedSearch._least_loss`): there the cut is at its
#: strongest, and often refutes the start at once (say, a lone hand card that
#: fits nowhere), while a search that reaches `_NEED_AFTER` pays the fit anyway.
_STRICT_AFTER: float = 0

#: Subgradient steps that fit the multipliers (`NeedSearch._fit`).
_FIT_STEPS = 20

#: What leaving out a hand card of the least weight costs in the loose mode, in
#: jokers (`NeedSearch._expand`): any price keeps the bound sound; this one
#: cut the most states on the hard positions, and about as many as any on the
#: held-out ones (see benchmarks/README.md).
_LOSS_PRICE = 0.35

#: Steps without a better bound after which the fit's steps are halved
#: (`NeedSearch._fit`): the steps aim at a bound that cuts the start, mostly
#: far above what the relaxation can reach, and at full length they overshoot
#: and oscillate (see benchmarks/README.md).
_HALVE_AFTER = 3

#: The bound by state, less its jokers placed and group copies: ``(value, step, runs, aces kept)``.
Totals = dict[tuple[int, int, Runs, Kept], float]
#: Multipliers (or terms) per value and suit.
Grid = list[list[float]]
#: One mode's fit (`NeedSearch._use`): the terms per value and suit, the suits' parts, the totals.
Fit = tuple[Grid, dict[NeedKey, float], Totals]


class NeedSearch(Search):
    """`Search` that also cuts states short of jokers, with groups tied across suits."""

    def _prepare(self) -> None:
        super()._prepare()
        # Off where groups may hold jokers (their jokers would enter the constraints),
        # in the eager model, and without jokers (nothing to bound).
        self.need_on = self.lazy and self.group_cap == 0 and self.jokers > 0
        self.need_on = self.need_on and _NEED_AFTER < INF
        if self.need_on:
            # The relaxed aces (`mexemexe.solver._dfs`) then cost more than they cut:
            # this cut proves most of what they did (see benchmarks/README.md).
            self.free_aces = None
        self.need_memo: dict[NeedKey, float] = {}
        self.need_coef: list[list[float]] = [[0.0] * 4 for _ in range(16)]
        self.need_most = INF  # the most loss a play may leave (every hand card placed: 0)
        self.need_mode: bool | None = None  # strict (every hand card placed), loose, or not yet
        self.need_graph: _Graph | None = None  # each suit's sweep from the start (`_fit`)
        self.need_totals: Totals = {}
        self.need_fits: dict[bool, Fit] = {}
        # The terms as fitted, by mode, in the position's own labels: shared by the
        # searches of a race (`mexemexe.solver._sweep.Sweep._race`), which set
        # ``need_mirror`` in the mirror image. Any terms keep the bound sound.
        self.need_shared: dict[bool, Grid] = {}
        self.need_mirror = False
        positive = [w for code, w in enumerate(self.weights) if self.may[code] and w > 0]
        self.need_least = min(positive, default=INF)  # the least loss of leaving a hand card out
        # What a unit of loss costs in the loose mode, in jokers (`_LOSS_PRICE`).
        self.need_price = _LOSS_PRICE / self.need_least if self.need_least < INF else 0.0
        self.need_after = _NEED_AFTER

    def _expand(
        self, key: StateKey, budget: float, floor: float, left: int, plain: float | None
    ) -> float:
        """`Search._expand`, unless the state is short of jokers (checked only here).

        Checked only for the states the other bounds let through: the check is
        dearer than the plain bound, and most states that bound cuts.
        """
        if self.need_on and self.expanded >= self.need_after and key[0] <= self.top:
            bound = self._short_of_jokers(key, budget)
            if bound is not None:
                self.expanded -= 1  # cut, not expanded
                if floor > bound:
                    bound = floor
                self.memo[key] = (bound, None)
                return bound
        return super()._expand(key, budget, floor, left, plain)

    def _least_loss(self, start: StateKey) -> float:
        """`Search._least_loss`, with the cut from the first state in a strict proof.

        There the start is checked first, before its plain bound is worked
        out: that bound sweeps every suit from the start (the rows its
        children's bounds are read from), and in a strict proof it is this
        cut that refutes the start, where anything does (the plain bound
        refuted none of the strict proofs of the hard or held-out positions:
        a hand card no meld can take is set aside before the search).
        """
        if self.cap < self.need_least:
            self.need_after = min(self.need_after, _STRICT_AFTER)
            if self.need_on and self.expanded >= self.need_after and start[0] <= self.top:
                bound = self._short_of_jokers(start, self.cap)
                if bound is not None:
                    bound = max(bound, self.proven[0])
                    self.memo[start] = (bound, None)
                    self.proven[0] = bound
                    return bound
        return super()._least_loss(start)

    def _short_of_jokers(self, key: StateKey, budget: float) -> float | None:
        """The loss a state short of jokers within ``budget`` is sure of; ``None`` if not short.

        Within a budget below the least weight of a hand card, every hand card
        must be placed: a state short of jokers for that loses one at least.
        Above it, the loss is priced in jokers (the loose mode).
        """
        strict = budget < self.need_least
        if self.need_mode != strict:
            self._use(strict)
        spare = self.jokers - key[3]
        need = self._need(key)
        price = 0.0 if strict else self.need_price
        if need <= spare + price * budget + _EPS:
            return None
        if strict:
            return self.need_least
        if need == INF or price == 0:
            return INF
        # Jokers plus priced loss reach ``need``, and the jokers at most ``spare``.
        bound = (need - spare) / price
        return float(math.ceil(bound - _EPS)) if self.whole else bound

    def _use(self, strict: bool) -> None:
        """Switch the bound to the strict mode (every hand card placed) or back.

        A search that fitted the loose mode first enters the strict one only
        below a hand card's weight of budget, after losses: deep, and in few
        states, too few to pay a fit of their own (about the first's cost).
        There the strict mode takes the loose mode's terms as they are (any
        terms keep it sound). A search that fitted the strict mode first
        fits the loose one: it enters it when its budget grows past a card,
        for the whole search again.
        """
        fitted = self.need_fits.get(strict)
        if fitted is None:
            self.need_most = 0.0 if strict else INF
            shared = self.need_shared.get(strict)
            memo: dict[NeedKey, float]
            loose = self.need_fits.get(False)
            if shared is None and strict and loose is not None:
                coef, memo = loose[0], {}
                self.need_shared[strict] = self._relabelled(coef)
            elif shared is None:
                coef, memo = self._fit()
                self.need_shared[strict] = self._relabelled(coef)
            else:  # fitted by the other search of the race
                coef, memo = self._relabelled(shared), {}
            fitted = self.need_fits[strict] = (coef, memo, {})
        self.need_coef, self.need_memo, self.need_totals = fitted
        self.need_most = 0.0 if strict else INF
        self.need_mode = strict

    def _terms(self, lam: Grid) -> Grid:
        """The terms per value and suit that the multipliers ``lam`` put on a copy in a group."""
        m1 = self.min_group - 1
        terms = []
        for row in lam:
            a, b, c, d = row
            total = a + b + c + d
            if total:  # (written out: a comprehension per row costs more on four suits)
                terms.append(
                    [
                        m1 * a - (total - a),
                        m1 * b - (total - b),
                        m1 * c - (total - c),
                        m1 * d - (total - d),
                    ]
                )
            else:
                terms.append([0.0] * 4)
        return terms

    def _need(self, key: StateKey) -> float:
        """The bound on the jokers the state ``key`` still places (jokers already placed aside)."""
        v, si, runs, _used, _gcount, reserved = key
        short = (v, si, runs, reserved)
        total = self.need_totals.get(short)
        if total is not None:
            return total
        total = 0.0
        part = self._part
        for suit in range(4):
            if suit < si:
                total += part(v + 1, suit, runs[suit], reserved[suit], False)
            else:
                total += part(v, suit, runs[suit], reserved[suit], True)
        self.need_totals[short] = total
        return total

    def _part(self, v: int, suit: int, runs: int, kept: int, bare: bool) -> float:
        """One suit's fewest jokers less its terms from value ``v`` (``bare``: no term at ``v``)."""
        key = (v, suit, runs, kept, bare)
        memo = self.need_memo
        found = memo.get(key)
        if found is not None:
            return found
        if v > self.top:
            best = float(self._closing_need(unpack(runs)))
        elif not runs and v < 14 and self.next_copy[suit][v] != v:
            # Nothing open and no copy here: no play and no term until the next copy.
            best = self._part(self.next_copy[suit][v], suit, 0, kept, False)
        else:
            best = INF
            coef = 0.0 if bare else self.need_coef[v][suit]
            room = self.group_room[v][suit]
            most = self.need_most
            price = 0.0 if most == 0 else self.need_price
            middle = self._middle_plays(v, suit, runs)
            if middle is not None:
                options, weight = middle
                jokers = self.jokers
                for new_runs, g, jokers_here, left_out, _made in options:
                    loss = left_out * weight
                    if loss > most:
                        break  # least loss first
                    if (g and not room[g]) or jokers_here > jokers:
                        continue
                    cost = jokers_here + price * loss + g * coef
                    sub = self._part(v + 1, suit, new_runs, kept, False)
                    if cost + sub < best:
                        best = cost + sub
            else:
                for new_runs, g, jokers_here, loss, res, _detail in self._suit_options(
                    v, suit, runs, 0, kept
                ):
                    if loss > most:
                        break  # least loss first
                    if g and not room[g]:
                        continue
                    cost = jokers_here + price * loss + g * coef
                    sub = self._part(v + 1, suit, new_runs, res, False)
                    if cost + sub < best:
                        best = cost + sub
        memo[key] = best
        return best

    def _middle_plays(self, v: int, suit: int, runs: int) -> tuple[Sequence[Option], float] | None:
        """A suit's plays at ``v`` with every joker, as `ranked` makes them, and its weight.

        Away from the ends (and for a weight of no less than zero) the
        search's plays with every joker are these (`plays`), in the same
        order, each weighed and copied: made once for the plain bound's rows
        already, they serve here as they are, the loss their count left out
        times the weight. ``None`` at the ends (the aces, the top).
        """
        if not 1 < v < self.top:
            return None
        code = (v - 1) * 4 + suit
        weight = self.weights[code]
        if weight < 0:
            return None
        as_found, by_loss = ranked(runs, self.must[code], self.may[code], 2, *self.run_args[:4])
        return (by_loss if weight else as_found), weight

    def _relabelled(self, coef: Grid) -> Grid:
        """Terms by value and suit, from the position's labels to this search's or back."""
        if not self.need_mirror:
            return coef
        out = [[0.0] * 4 for _ in range(16)]
        for v in range(1, 14):
            # As `mexemexe.solver._symmetry.relabel` mirrors the values.
            out[v if v == 1 and self.ace_high else (15 if self.ace_high else 14) - v] = coef[v]
        return out

    def _fit(self) -> tuple[Grid, dict[NeedKey, float]]:
        """The terms fitted at the start state by subgradient steps, and the suits' parts with them.

        Each suit's sweep from the start is made once, as a graph of its
        states and plays; each step then only re-weighs the graph. The
        multipliers giving the highest bound at the start are kept. A strict
        proof stops as soon as the bound refutes its start.
        """
        start = self._start()
        v0, si, runs, used, _gcount, reserved = start
        strict = self.need_most == 0
        price = 0.0 if strict else self.need_price
        if self.need_graph is None:
            self.need_graph = _Graph()
        graph = self.need_graph
        roots = [
            graph.node(self, v0 + (suit < si), suit, runs[suit], reserved[suit], suit >= si)
            for suit in range(4)
        ]
        m1 = self.min_group - 1
        lam = [[0.0] * 4 for _ in range(16)]
        best_value = -INF
        best_coef = self.need_coef
        best_values: list[float] = []
        # A bound this high cuts the start (within the budget the search starts with).
        target = self.jokers - used + 1.0 + price * (0.0 if self.cap == INF else self.cap)
        # In a strict proof (every search strict), a bound that cuts the start
        # refutes the whole search: steps past it would be wasted. (Elsewhere the
        # start is only where the terms are fitted, for the states deep below it.)
        proof = strict and self.cap < self.need_least
        cut_at = self.jokers - used + _EPS if proof else INF
        theta, stale = 1.0, 0
        for _step in range(_FIT_STEPS):
            if self.deadline < INF and time.perf_counter() >= self.deadline:
                raise SearchCut  # a search with a time limit (`TimedSweep`)
            coef = self._terms(lam)
            values = graph.weigh(coef, strict, price, self.deadline)
            value = sum(values[root] for root in roots)
            if value > best_value:
                best_value, best_coef, best_values = value, coef, values
                stale = 0
            else:
                stale += 1
                if stale >= _HALVE_AFTER:
                    theta, stale = theta / 2, 0
            if value == INF or value > target or value > cut_at:
                break
            gives = graph.gives(roots, values, coef, strict, price)
            # A value no suit gives a copy to has no slack: its multipliers stay.
            slack: list[tuple[list[float], list[float]]] = []
            norm = 0.0
            for v in range(16):
                row = gives[v]
                total = sum(row)
                if not total:
                    continue
                lam_row = lam[v]
                slack_row = [0.0] * 4
                for s in range(4):
                    d = float(m1 * row[s] - (total - row[s]))
                    if d < 0 and lam_row[s] == 0:
                        d = 0.0
                    slack_row[s] = d
                    norm += d * d
                slack.append((lam_row, slack_row))
            if norm == 0:
                break  # the suits' plays meet every constraint: no step can raise the bound
            step = theta * (target - value) / norm
            for lam_row, slack_row in slack:
                for s in range(4):
                    lam_row[s] = max(0.0, lam_row[s] + step * slack_row[s])
        return best_coef, dict(zip(graph.keys, best_values, strict=True))
