"""Exact rank-by-rank dynamic programme for `arrange` and `best_play` (shared-table rules).

Sweep the values from 1 (ace low) to 13 — and to 14, the ace after the king,
where the profile allows it. Between two values the state is, for each
suit, the runs still open (each: its length capped at 3, the jokers in it,
whether it holds a natural card, whether it began on a low ace), the jokers
placed so far and, in ace-high profiles, the aces kept back for the top.
At each value every copy of every suit's card extends an open run, starts a
run or joins a group of that value; jokers may do the same; open runs not
continued are closed, which needs 3 cards and a natural. Suits are folded in
one at a time; groups are settled from how many copies each suit gives them
(a precomputed table says which mixes can form valid groups). Memoized, so
the best weight is proven optimal (van Rijn, Takes & Vis, 2015, with the
table cards made mandatory and jokers added).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from .._cards import _BY_CODE, JOKER_CODE, Card

if TYPE_CHECKING:
    from .._profiles import Profile

__all__ = ["Sweep"]

NEG = float("-inf")

# A run descriptor packed in an int: length (1-3) | jokers << 2 | natural << 5 | low ace << 6.
_L, _J, _N, _A = 3, 2, 5, 6


def _desc(length: int, jokers: int, natural: int, ace: int) -> int:
    return min(length, 3) | (jokers << _J) | (natural << _N) | (ace << _A)


def _length(d: int) -> int:
    return d & _L


def _jokers(d: int) -> int:
    return (d >> _J) & 7


def _natural(d: int) -> int:
    return (d >> _N) & 1


def _ace(d: int) -> int:
    return (d >> _A) & 1


class Sweep:
    """One exact optimisation over fixed card counts (``must`` placed, ``may`` optional)."""

    def __init__(
        self, must: Sequence[int], may: Sequence[int], weights: Sequence[float], profile: Profile
    ) -> None:
        rules = profile._meld_rules
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
        self.memo: dict[Any, tuple[float, Any]] = {}
        self.group_args = (self.min_group, self.max_group, min(self.group_cap, self.jokers))

    # -- entry ---------------------------------------------------------------------

    def solve(self) -> tuple[float, list[tuple[Card, ...]], list[int]]:
        """Best weight, the melds, and the ``may`` codes placed; ``-inf`` if impossible."""
        start = (1, 0, ((), (), (), ()), 0, (0, 0), ((0, 0),) * 4)
        best = self._best(start)
        if best == NEG:
            return best, [], []
        return best, *self._rebuild(start)

    # -- the programme ---------------------------------------------------------------

    def _best(self, key: tuple[Any, ...]) -> float:
        found = self.memo.get(key)
        if found is not None:
            return found[0]
        value, choice = self._compute(key)
        self.memo[key] = (value, choice)
        return value

    def _compute(self, key: tuple[Any, ...]) -> tuple[float, Any]:
        v, si, runs, used, gcount, reserved = key
        if v > self.top:
            # Open runs close here; table jokers all placed; hand jokers score.
            closable = all(_length(d) >= self.min_run and _natural(d) for r in runs for d in r)
            if not closable or used < self.jokers_must:
                return NEG, None
            return (used - self.jokers_must) * self.weights[JOKER_CODE], None
        if si == 4:
            return self._settle_groups(v, runs, used, gcount, reserved)
        best: float = NEG
        choice: Any = None
        for option in self._suit_options(v, si, runs[si], used, reserved[si]):
            new_runs_s, g, jokers_here, gain, res, _detail = option
            c1, c2 = gcount
            if g == 1:
                c1 += 1
            elif g == 2:
                c2 += 1
            runs2 = (*runs[:si], new_runs_s, *runs[si + 1 :])
            reserved2 = (*reserved[:si], res, *reserved[si + 1 :])
            nxt = (v, si + 1, runs2, used + jokers_here, (c1, c2), reserved2)
            value = self._best(nxt)
            if value == NEG:
                continue
            value += gain
            if value > best:
                best, choice = value, (nxt, option)
        return best, choice

    def _settle_groups(
        self,
        v: int,
        runs: tuple[Any, ...],
        used: int,
        gcount: tuple[int, int],
        reserved: tuple[Any, ...],
    ) -> tuple[float, Any]:
        best: float = NEG
        choice: Any = None
        c1, c2 = gcount
        for gj in range(self.jokers - used + 1):
            if not _groups_possible(c1, c2, gj, *self.group_args):
                continue
            nxt = (v + 1, 0, runs, used + gj, (0, 0), reserved)
            value = self._best(nxt)
            if value > best:
                best, choice = value, (nxt, ("groups", gj))
        return best, choice

    def _suit_options(
        self, v: int, suit: int, runs: tuple[int, ...], used: int, reserved: tuple[int, int]
    ) -> list[tuple[tuple[int, ...], int, int, float, tuple[int, int], Any]]:
        """Every way suit ``suit`` can play its copies of value ``v`` with its open runs."""
        jokers_left = self.jokers - used

        def plays(must_n: int, may_n: int, weight: float) -> list[Any]:
            return _options(
                runs, must_n, may_n, weight, jokers_left, self.run_cap, self.min_run, self.track, v
            )

        if v == 14:
            # Only the aces kept back for the top take part (code `suit` is that ace).
            must_n, may_n = reserved
            return [(*o[:4], reserved, o[4]) for o in plays(must_n, may_n, self.weights[suit])]
        code = (v - 1) * 4 + suit
        must_n, may_n = self.must[code], self.may[code]
        weight = self.weights[code]
        if v == 1 and self.ace_high:
            # Split the aces: some played low now, the rest kept for the top (14).
            out: list[Any] = []
            for low_must in range(must_n + 1):
                for low_may in range(may_n + 1):
                    kept = (must_n - low_must, may_n - low_may)
                    out.extend((*o[:4], kept, o[4]) for o in plays(low_must, low_may, weight))
            return out
        return [(*o[:4], reserved, o[4]) for o in plays(must_n, may_n, weight)]

    # -- rebuilding the melds ------------------------------------------------------------

    def _rebuild(self, start: tuple[Any, ...]) -> tuple[list[tuple[Card, ...]], list[int]]:
        melds: list[list[int]] = []
        open_runs: list[list[tuple[int, list[int]]]] = [[], [], [], []]  # per suit: (desc, codes)
        group_copies: list[int] = []
        placed: list[int] = []
        jokers_may_left = self.jokers_may
        jokers_must_left = self.jokers_must

        def joker() -> int:
            nonlocal jokers_must_left, jokers_may_left
            if jokers_must_left:
                jokers_must_left -= 1
            else:
                jokers_may_left -= 1
                placed.append(JOKER_CODE)
            return JOKER_CODE

        key = start
        while True:
            _value, choice = self.memo[key]
            if choice is None:
                break
            nxt, option = choice
            v, si = key[0], key[1]
            if option[0] == "groups":
                gj = option[1]
                melds.extend(_form_groups(group_copies, gj, self.min_group, self.max_group, joker))
                group_copies = []
                key = nxt
                continue
            _new_runs, _g, _jk, _gain, _res, detail = option
            actions, used_must, used_may, leads, to_group = detail
            code = suit_code = ((v - 1) % 13) * 4 + si
            placed.extend([suit_code] * used_may)
            copies = [code] * (used_must + used_may)
            current = sorted(open_runs[si], key=lambda r: r[0])
            survivors: list[tuple[int, list[int]]] = []
            for (desc, cards), action in zip(current, actions, strict=True):
                if action == "close":
                    melds.append(cards)
                    continue
                if action == "nat":
                    cards = [*cards, copies.pop()]
                    desc = _extend(desc, natural=True, track=self.track)
                else:
                    cards = [*cards, joker()]
                    desc = _extend(desc, natural=False, track=self.track)
                survivors.append((desc, cards))
            for pre in leads:
                desc = _desc(1 + pre, pre if self.track else 0, 1, int(v - pre == 1))
                survivors.append((desc, [*(joker() for _ in range(pre)), copies.pop()]))
            group_copies.extend(copies[:to_group])
            del copies[:to_group]
            assert not copies
            open_runs[si] = survivors
            key = nxt
        for suit_runs in open_runs:
            melds.extend(cards for _, cards in suit_runs)
        return [tuple(_BY_CODE[c] for c in meld) for meld in melds], placed


def _extend(desc: int, *, natural: bool, track: bool) -> int:
    length = min(_length(desc) + 1, 3)
    jokers = _jokers(desc) + (0 if natural or not track else 1)
    return _desc(length, jokers, _natural(desc) | int(natural), _ace(desc))


@lru_cache(maxsize=200_000)
def _options(
    runs: tuple[int, ...],
    must_n: int,
    may_n: int,
    weight: float,
    jokers_left: int,
    run_cap: int,
    min_run: int,
    track: bool,
    value: int,
) -> list[tuple[tuple[int, ...], int, int, float, Any]]:
    """All plays of one suit at one value: extend/close each open run, start runs, feed groups.

    A new run's leading jokers are placed with its first natural (``value`` is
    the value being played, so at most ``value - 1`` of them), so every open
    run holds a natural.

    At value 14 (the ace after the king) only open runs take part: no run
    starts there, no group forms, and a run that began on the low ace cannot
    grow (it would hold the ace twice).

    Returns ``(new runs, copies to groups, jokers used, weight, detail)``
    where detail is ``(actions, must used, may used, leading jokers of each
    new run, copies to groups)`` for rebuilding the melds.
    """
    top = value == 14
    start_runs = groups = not top
    out = []
    n_runs = len(runs)
    choices_per_run = []
    for d in runs:
        acts = []
        if _length(d) >= min_run and _natural(d):
            acts.append("close")
        if not (top and _ace(d)):
            acts.append("nat")
            if _jokers(d) < run_cap:
                acts.append("jok")
        choices_per_run.append(acts)
    for actions in product(*choices_per_run) if n_runs else [()]:
        nat_ext = sum(1 for a in actions if a == "nat")
        jok_ext = sum(1 for a in actions if a == "jok")
        if jok_ext > jokers_left:
            continue
        extended = []
        for d, a in zip(runs, actions, strict=True):
            if a == "nat":
                extended.append(_extend(d, natural=True, track=track))
            elif a == "jok":
                extended.append(_extend(d, natural=False, track=track))
        for may_used in range(may_n + 1):
            total = must_n + may_used
            if nat_ext > total:
                continue
            rest = total - nat_ext
            for new_nat in range(rest + 1 if start_runs else 1):
                to_group = rest - new_nat
                if to_group and not groups:
                    continue
                if to_group > 2:
                    continue
                # Each new run may begin with jokers before its first natural.
                spare = jokers_left - jok_ext
                most = min(run_cap, spare, value - 1)
                for leads in _lead_choices(new_nat, most, spare):
                    new_runs = list(extended)
                    for pre in leads:
                        new_runs.append(
                            _desc(1 + pre, pre if track else 0, 1, int(value - pre == 1))
                        )
                    detail = (actions, must_n, may_used, leads, to_group)
                    out.append(
                        (
                            tuple(sorted(new_runs)),
                            to_group,
                            jok_ext + sum(leads),
                            weight * may_used,
                            detail,
                        )
                    )
    return out


def _lead_choices(runs: int, most: int, spare: int) -> list[tuple[int, ...]]:
    """Leading-joker counts for ``runs`` new runs: each 0..most, in total at most ``spare``."""
    if runs == 0:
        return [()]
    out = []
    for first in range(most + 1):
        for rest in _lead_choices(runs - 1, min(most, first), spare - first):
            out.append((first, *rest))
    return out


@lru_cache(maxsize=4096)
def _groups_possible(c1: int, c2: int, gj: int, min_group: int, max_group: int, cap: int) -> bool:
    """Can c1 suits giving one copy, c2 suits giving two, and gj jokers form valid groups?"""
    naturals = c1 + 2 * c2
    if naturals == 0:
        return gj == 0
    most = (naturals + gj) // min_group  # every group needs min_group cards
    for k in range(2 if c2 else 1, min(naturals, most) + 1):
        for sizes in _natural_sizes(c1, c2, k):
            if any(s < 1 for s in sizes):
                continue
            need = sum(max(0, min_group - s) for s in sizes)
            room = sum(min(cap, max_group - s) for s in sizes)
            if any(s > max_group for s in sizes):
                continue
            if need <= gj <= room and all(max(0, min_group - s) <= cap for s in sizes):
                return True
    return False


def _natural_sizes(c1: int, c2: int, k: int) -> set[tuple[int, ...]]:
    """Natural counts of k groups when c2 suits give two copies (two groups) and c1 one."""
    results: set[tuple[int, ...]] = set()
    pairs = list(combinations(range(k), 2)) if k >= 2 else []
    if c2 and not pairs:
        return results
    for twos in product(pairs, repeat=c2) if c2 else [()]:
        for ones in product(range(k), repeat=c1) if c1 else [()]:
            sizes = [0] * k
            for a, b in twos:
                sizes[a] += 1
                sizes[b] += 1
            for a in ones:
                sizes[a] += 1
            results.add(tuple(sorted(sizes)))
    return results


def _form_groups(
    copies: list[int], gj: int, min_group: int, max_group: int, joker: Any
) -> list[list[int]]:
    """Split one value's group copies (and ``gj`` jokers) into valid groups, explicitly."""
    if not copies and not gj:
        return []
    by_suit: dict[int, int] = {}
    for code in copies:
        by_suit[code] = by_suit.get(code, 0) + 1
    twos = [c for c, k in by_suit.items() if k == 2]
    ones = [c for c, k in by_suit.items() if k == 1]
    naturals = len(copies)
    for k in range(1, naturals + 1):
        pairs = list(combinations(range(k), 2))
        for two_places in product(pairs, repeat=len(twos)) if twos else [()]:
            for one_places in product(range(k), repeat=len(ones)) if ones else [()]:
                groups: list[list[int]] = [[] for _ in range(k)]
                for code, (a, b) in zip(twos, two_places, strict=True):
                    groups[a].append(code)
                    groups[b].append(code)
                for code, a in zip(ones, one_places, strict=True):
                    groups[a].append(code)
                if any(not g or len(g) > max_group for g in groups):
                    continue
                need = sum(max(0, min_group - len(g)) for g in groups)
                room = sum(max_group - len(g) for g in groups)
                if not need <= gj <= room:
                    continue
                left = gj
                for g in groups:
                    add = max(0, min_group - len(g))
                    g.extend(joker() for _ in range(add))
                    left -= add
                for g in groups:
                    while left and len(g) < max_group:
                        g.append(joker())
                        left -= 1
                return groups
    raise AssertionError("groups were feasible but could not be formed")  # pragma: no cover
