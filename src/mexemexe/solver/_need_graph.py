"""The graph of each suit's sweep that fits the jokers-needed bound's multipliers.

`mexemexe.solver._need` fits its multipliers at a search's start state by
subgradient steps, each re-weighing every suit's sweep from there under new
terms. The sweeps are made once, as a graph of each suit's states with its
plays as edges (`_Graph`, a state with no play left out before it is made,
`_waiting`); each mode (every hand card placed, or the loss priced) then
flattens the graph once into a program (`_Program`) that a step runs.
"""

from __future__ import annotations

import time
from functools import lru_cache

from ._dfs import Search, SearchCut
from ._memo import INF
from ._runs import jokers as run_jokers
from ._runs import pending, unpack
from ._suit_plays import ranked

__all__ = ["_EPS", "NeedKey", "_Graph", "_Program", "_waiting"]

#: A mask of the states between two looks at the clock while a program is
#: made (`_Program`): a look costs far more than a state there.
_LOOK_EVERY = 63

#: A tolerance on the bound's float sums (a least-cost play, a cut).
_EPS = 1e-9

#: The index of a zero term in `_Program.run`'s flattened terms (after the 16 values' 4 suits).
_BARE = 64

#: A suit's state: ``(value, suit, its runs, its aces kept, from the next value)``.
NeedKey = tuple[int, int, int, int, bool]
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


class _Graph:
    """Each suit's sweep for the fit: its states, and its plays as edges.

    (The fit is `mexemexe.solver._need.NeedSearch._fit`.) A state whose
    runs leave it no play (`_waiting`) is not made.
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

    def node(self, search: Search, v: int, suit: int, runs: int, kept: int, bare: bool) -> int:
        """The index of a suit's state, made with all below it if new.

        Raises:
            SearchCut: At the search's deadline (a big graph takes a while to make).
        """
        found = self.index.get((v, suit, runs, kept, bare))
        if found is not None:
            return found
        return self._made(search, v, suit, runs, kept, bare)

    def _made(self, search: Search, v: int, suit: int, runs: int, kept: int, bare: bool) -> int:
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
                # Away from the ends, the plays as `ranked` makes them (`mexemexe.solver._need`).
                as_found, by_loss = ranked(
                    runs,
                    search.must[code],
                    search.may[code],
                    2,
                    search.run_cap,
                    search.min_run,
                    search.track,
                    top,
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
    count = 0
    for d in unpack(runs):  # (a plain loop: a generator costs more on a few runs)
        if pending(d) and run_jokers(d) >= cap:
            count += 1
    return count


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
            # (A plain loop: a comprehension's own call costs more on so few plays.)
            plays = []
            for jokers_here, g, child, loss in edges:
                read = reads[child]
                if read is None:
                    continue
                if loss:
                    if strict:
                        continue
                    plays.append((jokers_here + price * loss + read[0], float(g), read[1]))
                else:
                    plays.append((jokers_here + read[0], float(g), read[1]))
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
        self.values_of_layers = sorted(layers, reverse=True)
        self.layers = [layers[v] for v in self.values_of_layers]
        self.passing = passing
        # The last run's terms and costs (`run`): a step changes the terms of
        # some values only, and the states above the highest of them keep their costs.
        self.last_terms: list[float] | None = None
        self.last_values: list[float] = []

    def run(self, coef: list[list[float]]) -> list[float]:
        """Each state's least cost under the terms ``coef`` (as `_Graph.weigh`).

        The states of up to four plays (most of them) are written out: the
        same sums and the same least (the first of equals), without a loop.
        """
        terms = [c for row in coef for c in row]
        terms.append(0.0)  # `_BARE`: no term at the state's value
        last = self.last_terms
        layers = self.layers
        if last is None:
            values = list(self.init)
        else:
            # Every play leads to a higher value, so a state's cost depends only on
            # the terms from its value up: the states above the highest value whose
            # terms changed cost what they did in the last run.
            top = _BARE // 4 - 1
            while top >= 0 and terms[4 * top : 4 * top + 4] == last[4 * top : 4 * top + 4]:
                top -= 1
            values = list(self.last_values)
            skip = 0
            for value in self.values_of_layers:
                if value <= top:
                    break
                skip += 1
            if skip:
                layers = layers[skip:]
        for ones, twos, threes, fours, more in layers:
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
        self.last_terms, self.last_values = terms, values
        return values
