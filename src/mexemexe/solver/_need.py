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
from functools import lru_cache

from ._dfs import Search, SearchCut
from ._memo import INF, Kept, Runs, StateKey
from ._runs import jokers as run_jokers
from ._runs import pending, unpack
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
#: cut the most states on the hard positions (see benchmarks/README.md).
_LOSS_PRICE = 0.5

#: Steps without a better bound after which the fit's steps are halved
#: (`NeedSearch._fit`): the steps aim at a bound that cuts the start, mostly
#: far above what the relaxation can reach, and at full length they overshoot
#: and oscillate (see benchmarks/README.md).
_HALVE_AFTER = 3

#: A mask of the states between two looks at the clock while a program is
#: made (`_Program`): a look costs far more than a state there.
_LOOK_EVERY = 63

#: A tolerance on the bound's float sums before a state is cut.
_EPS = 1e-9

#: The index of a zero term in `_Program.run`'s flattened terms (after the 16 values' 4 suits).
_BARE = 64

#: A suit's part of the bound: ``(value, suit, its runs, its aces kept, from the next value)``.
NeedKey = tuple[int, int, int, int, bool]
#: The bound by state, less its jokers placed and group copies: ``(value, step, runs, aces kept)``.
Totals = dict[tuple[int, int, Runs, Kept], float]
#: Multipliers (or terms) per value and suit.
Grid = list[list[float]]
#: A play in a re-weighing: ``(constant cost, copies to groups, the state whose cost it adds)``.
Play3 = tuple[float, float, int]
#: One value's states in a re-weighing, by their count of plays: one to four, more
#: (`_Program.run`); each ``(state, term slot, its plays...)``.
Layer = tuple[
    list[tuple[int, int, float, float, int]],
    list[tuple[int, int, Play3, Play3]],
    list[tuple[int, int, Play3, Play3, Play3]],
    list[tuple[int, int, Play3, Play3, Play3, Play3]],
    list[tuple[int, int, tuple[Play3, ...]]],
]
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
        self.need_run_rules = self.run_args[:4]  # as `ranked` takes them, after the value

    def _expand(
        self, key: StateKey, budget: float, floor: float, left: int, plain: float | None
    ) -> float:
        """`Search._expand`, unless the state is short of jokers (checked only here).

        Checked only for the states the other bounds let through: the check is
        dearer than the plain bound, and most states that bound cuts.
        """
        if self.need_on and self.expanded >= self.need_after and key[0] <= self.top:
            # Within a budget below the least weight of a hand card, every hand card
            # must be placed: a state short of jokers for that loses one at least.
            strict = budget < self.need_least
            if self.need_mode != strict:
                self._use(strict)
            spare = self.jokers - key[3]
            need = self._need(key)
            price = 0.0 if strict else self.need_price
            if need > spare + price * budget + _EPS:
                self.expanded -= 1  # cut, not expanded
                if strict:
                    bound = self.need_least
                elif need == INF or price == 0:
                    bound = INF
                else:
                    # Jokers plus priced loss reach ``need``, and the jokers at most ``spare``.
                    bound = (need - spare) / price
                    if self.whole:
                        bound = math.ceil(bound - _EPS)
                if floor > bound:
                    bound = floor
                self.memo[key] = (bound, None)
                return bound
        return super()._expand(key, budget, floor, left, plain)

    def _least_loss(self, start: StateKey) -> float:
        """`Search._least_loss`, with the cut from the first state in a strict proof."""
        if self.cap < self.need_least:
            self.need_after = min(self.need_after, _STRICT_AFTER)
        return super()._least_loss(start)

    def _use(self, strict: bool) -> None:
        """Switch the bound to the strict mode (every hand card placed) or back."""
        fitted = self.need_fits.get(strict)
        if fitted is None:
            self.need_most = 0.0 if strict else INF
            shared = self.need_shared.get(strict)
            if shared is None:
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
        return [[m1 * row[s] - (sum(row) - row[s]) for s in range(4)] for row in lam]

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
            slack = [[0.0] * 4 for _ in range(16)]
            norm = 0.0
            for v in range(16):
                row = gives[v]
                total = sum(row)
                for s in range(4):
                    d = float(m1 * row[s] - (total - row[s]))
                    if d < 0 and lam[v][s] == 0:
                        d = 0.0
                    slack[v][s] = d
                    norm += d * d
            if norm == 0:
                break  # the suits' plays meet every constraint: no step can raise the bound
            step = theta * (target - value) / norm
            for v in range(16):
                for s in range(4):
                    lam[v][s] = max(0.0, lam[v][s] + step * slack[v][s])
        return best_coef, dict(zip(graph.keys, best_values, strict=True))


class _Graph:
    """Each suit's sweep for `NeedSearch._fit`: its states, and its plays as edges.

    A state whose runs leave it no play (`_waiting`) is not made.
    """

    def __init__(self) -> None:
        self.keys: list[NeedKey] = []
        self.index: dict[NeedKey, int] = {}
        # Per state: its plays as (jokers, copies to groups, next state, the weight
        # it leaves out), or None at the end, where ``ends`` holds its
        # jokers; children come before parents.
        self.edges: list[list[tuple[int, int, int, float]] | None] = []
        self.ends: list[float] = []
        # Per state: where its term is in `_Program.run`'s flattened terms (`_BARE`: none).
        self.slots: list[int] = []
        self.programs: dict[tuple[bool, float], _Program] = {}  # by mode, made on first use

    def node(self, search: NeedSearch, v: int, suit: int, runs: int, kept: int, bare: bool) -> int:
        """The index of a suit's state, made with all below it if new.

        Raises:
            SearchCut: At the search's deadline (a big graph takes a while to make).
        """
        found = self.index.get((v, suit, runs, kept, bare))
        if found is not None:
            return found
        return self._made(search, v, suit, runs, kept, bare)

    def _made(self, search: NeedSearch, v: int, suit: int, runs: int, kept: int, bare: bool) -> int:
        """`node` for a state not yet in the graph: made, with all below it."""
        if search.deadline < INF and time.perf_counter() >= search.deadline:
            raise SearchCut  # a node is indexed only once whole, so the graph stays sound
        key = (v, suit, runs, kept, bare)
        index = self.index
        edges: list[tuple[int, int, int, float]] | None
        end = 0.0
        top = search.top
        if v > top:
            edges, end = None, float(search._closing_need(unpack(runs)))
        elif not runs and v < 14 and search.next_copy[suit][v] != v:
            # Nothing happens until the suit's next copy: that state stands for this one.
            after = self.node(search, search.next_copy[suit][v], suit, 0, kept, False)
            index[key] = after
            return after
        else:
            edges = []
            room = search.group_room[v][suit]
            w = v + 1
            code = (v - 1) * 4 + suit
            weight = search.weights[code] if 1 < v < top else -1.0
            if weight >= 0:
                # Away from the ends, the plays as `ranked` makes them (`NeedSearch._middle_plays`).
                as_found, by_loss = ranked(
                    runs, search.must[code], search.may[code], 2, *search.need_run_rules
                )
                jokers = search.jokers
                # Copies of the next value, if a middle one (the top's are the aces kept back).
                copies = search.present[w][suit] if w < 14 else INF
                cap = search.run_cap if w < top else 0  # no joker at the top
                made = self._made
                for new_runs, g, jokers_here, left_out, _made in by_loss if weight else as_found:
                    if (g and not room[g]) or jokers_here > jokers:
                        continue
                    child = index.get((w, suit, new_runs, kept, False))
                    if child is None:
                        if new_runs and _waiting(new_runs, cap) > copies:
                            continue  # no play there (see `_waiting`)
                        child = made(search, w, suit, new_runs, kept, False)
                    edges.append((jokers_here, g, child, left_out * weight))
            else:
                for new_runs, g, jokers_here, loss, res, _detail in search._suit_options(
                    v, suit, runs, 0, kept
                ):
                    if g and not room[g]:
                        continue
                    child = self.node(search, w, suit, new_runs, res, False)
                    edges.append((jokers_here, g, child, loss))
        at = index[key] = len(self.keys)
        self.keys.append(key)
        self.edges.append(edges)
        self.ends.append(end)
        self.slots.append(_BARE if bare else v * 4 + suit)
        return at

    def weigh(
        self, coef: list[list[float]], strict: bool, price: float, deadline: float = INF
    ) -> list[float]:
        """Each state's least cost under the terms ``coef`` (children first).

        ``strict``: every card of weight placed (no play leaving one out);
        else each unit of loss costs ``price``.
        A subgradient step re-weighs the whole graph, so it runs the mode's
        `_Program` (the plays that matter, flattened once) rather than the graph.

        Raises:
            SearchCut: At ``deadline`` (a `time.perf_counter` reading), while
                the program is being made.
        """
        program = self.programs.get((strict, price))
        if program is None or program.size != len(self.keys):
            program = self.programs[strict, price] = _Program(self, strict, price, deadline)
        return program.run(coef)

    def gives(
        self,
        roots: list[int],
        values: list[float],
        coef: list[list[float]],
        strict: bool,
        price: float,
    ) -> list[list[int]]:
        """Per value and suit, the copies the suits' least-cost sweeps give to groups."""
        gives = [[0] * 4 for _ in range(16)]
        for root in roots:
            at = root
            while True:
                edges = self.edges[at]
                if edges is None or values[at] == INF:
                    break
                v, suit, _runs, _kept, bare = self.keys[at]
                c = 0.0 if bare else coef[v][suit]
                for jokers_here, g, child, loss in edges:
                    if loss and strict:
                        continue
                    if jokers_here + price * loss + g * c + values[child] <= values[at] + _EPS:
                        gives[v][suit] = g
                        at = child
                        break
                else:
                    break
        return gives


@lru_cache(maxsize=16_384)
def _waiting(runs: int, cap: int) -> int:
    """How many of ``runs`` only a natural can go on with, runs taking at most ``cap`` jokers.

    A run waiting for a natural (`mexemexe.solver._runs.pending`) cannot
    close; where it cannot take one more joker either (``cap`` is 0 at the
    top), a natural must extend it. With more such runs than copies, the
    suit has no play there: `_Graph` leaves the state out before making it
    (and its plays), as the program would leave it out after; the search
    works such a state's part out itself if it ever asks for one.
    """
    return sum(1 for d in unpack(runs) if pending(d) and run_jokers(d) >= cap)


class _Program:
    """`_Graph.weigh` for one mode, flattened: what a re-weighing needs and no more.

    A state none of whose plays reaches the end (in this mode) costs
    infinity whatever the terms, so it is left out, as are the plays into
    it; and the term each state pays is looked up by one index. A state
    with a single play and no term costs a constant more than the state that
    play leads to: its parents read through it to that state, and it is
    filled in after the others. The costs come out as the graph's own would, up to the order of
    the sums.
    """

    def __init__(self, graph: _Graph, strict: bool, price: float, deadline: float = INF) -> None:
        """Flatten ``graph`` for one mode.

        Raises:
            SearchCut: At ``deadline`` (a big graph takes a while to flatten).
        """
        self.size = len(graph.keys)
        timed = deadline < INF
        init: list[float] = []
        # The states by value: every play leads to a higher value, so the values
        # from the top down are an order children-first, and within one value
        # the states are free to go by their count of plays (`run`).
        layers: dict[int, Layer] = {}
        passing: list[tuple[int, float, int]] = []
        # Per state, what its parents read: (a constant, the state whose cost it
        # adds to), itself and 0 but for a state read through; None if dead.
        # (Floats throughout: the run's arithmetic is quicker on floats alone.)
        reads: list[tuple[float, int] | None] = []
        for at, (key, edges, end, slot) in enumerate(
            zip(graph.keys, graph.edges, graph.ends, graph.slots, strict=True)
        ):
            if timed and not at & _LOOK_EVERY and time.perf_counter() >= deadline:
                raise SearchCut
            if edges is None:
                init.append(end)
                reads.append((0.0, at) if end < INF else None)
                continue
            init.append(INF)
            if strict:
                plays = [
                    (jokers_here + read[0], float(g), read[1])
                    for jokers_here, g, child, loss in edges
                    if not loss and (read := reads[child]) is not None
                ]
            else:
                plays = [
                    (jokers_here + price * loss + read[0], float(g), read[1])
                    for jokers_here, g, child, loss in edges
                    if (read := reads[child]) is not None
                ]
            if not plays:
                reads.append(None)
                continue
            count = len(plays)
            if count == 1 and (slot == _BARE or not plays[0][1]):
                # A state with one play and no term costs its child's cost plus a
                # constant: its parents read through it, and it is filled in after.
                fixed, _g, target = plays[0]
                reads.append((fixed, target))
                passing.append((at, fixed, target))
                continue
            reads.append((0.0, at))
            layer = layers.get(key[0])
            if layer is None:
                layer = layers[key[0]] = ([], [], [], [], [])
            if count == 1:
                layer[0].append((at, slot, *plays[0]))
            elif count == 2:
                layer[1].append((at, slot, plays[0], plays[1]))
            elif count == 3:
                layer[2].append((at, slot, plays[0], plays[1], plays[2]))
            elif count == 4:
                layer[3].append((at, slot, plays[0], plays[1], plays[2], plays[3]))
            else:
                layer[4].append((at, slot, tuple(plays)))
        self.init = init
        self.layers = [layers[v] for v in sorted(layers, reverse=True)]
        self.passing = passing

    def run(self, coef: list[list[float]]) -> list[float]:
        """Each state's least cost under the terms ``coef`` (as `_Graph.weigh`).

        The states of up to four plays (most of them) are written out: the
        same sums and the same least (the first of equals), without a loop.
        """
        terms = [c for row in coef for c in row]
        terms.append(0.0)  # `_BARE`: no term at the state's value
        values = list(self.init)
        for ones, twos, threes, fours, more in self.layers:
            for at, index, fixed, g, child in ones:
                values[at] = fixed + g * terms[index] + values[child]
            for at, index, (f1, g1, k1), (f2, g2, k2) in twos:
                c = terms[index]
                a = f1 + g1 * c + values[k1]
                b = f2 + g2 * c + values[k2]
                values[at] = a if a <= b else b
            for at, index, (f1, g1, k1), (f2, g2, k2), (f3, g3, k3) in threes:
                c = terms[index]
                a = f1 + g1 * c + values[k1]
                b = f2 + g2 * c + values[k2]
                if b < a:
                    a = b
                b = f3 + g3 * c + values[k3]
                values[at] = a if a <= b else b
            for at, index, (f1, g1, k1), (f2, g2, k2), (f3, g3, k3), (f4, g4, k4) in fours:
                c = terms[index]
                a = f1 + g1 * c + values[k1]
                b = f2 + g2 * c + values[k2]
                if b < a:
                    a = b
                b = f3 + g3 * c + values[k3]
                if b < a:
                    a = b
                b = f4 + g4 * c + values[k4]
                values[at] = a if a <= b else b
            for at, index, plays in more:
                c = terms[index]
                best = INF
                for fixed, g, child in plays:
                    cost = fixed + g * c + values[child]
                    if cost < best:
                        best = cost
                values[at] = best
        for at, off, target in self.passing:
            values[at] = off + values[target]
        return values
