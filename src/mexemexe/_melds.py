"""Meld classification: is a list of cards a run or a group, and what do its jokers stand for?

Pure functions of (cards, profile), following RULES.md §0 and the profile's
ace policy (B4, R2, G7) and joker policy (B5, R3, G12):

* a *group* is 3–4 cards of one rank with all suits distinct;
* a *run* is 3+ cards of one suit with consecutive ranks, each rank once,
  never wrapping (K-A-2 is never valid);
* a joker stands for exactly one missing card; validity never depends on the
  order the cards are written in; when the written order is itself a valid
  run, each joker takes the card its position implies; otherwise the
  assignment is chosen deterministically (extra jokers extend a run upwards
  first, a group's jokers take the missing suits in the order ♠ ♥ ♦ ♣);
* a meld made only of jokers is never valid.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

import attrs

from ._cards import _BY_CODE, _RANK_SYMBOLS, _SUITS, JOKER_CODE, Card, Rank
from ._errors import Problem

if TYPE_CHECKING:
    from ._profiles import Profile
    from ._table import Table

#: Per suit index, the card of each run value 1-14 (14 is the ace after the king).
_RUN_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(_BY_CODE[((v - 1) % 13) * 4 + s] for v in range(15)) for s in range(4)
)

__all__ = [
    "MeldKind",
    "MeldResult",
    "MeldRules",
    "classify_meld",
    "meld_extensions",
    "table_extensions",
]

V = TypeVar("V")


class MeldKind(enum.Enum):
    """The two kinds of meld (RULES.md §0)."""

    RUN = "run"
    GROUP = "group"

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class MeldRules:
    """The meld-relevant settings of a profile, flattened for speed.

    Built once per profile by `Profile`; not normally built by hand.
    """

    ace_high: bool
    jokers_in_runs: bool
    jokers_in_groups: bool
    max_jokers: int
    min_run: int
    min_group: int
    max_group: int
    meld_rule: str
    ace_rule: str
    joker_rule: str
    #: B5's ``repeated_suits="later_turn"``: a group on the table at the start
    #: of a turn may take a second copy of a suit (`meld_extensions`).
    repeat_groups: bool = False
    #: Verdicts already computed, by the meld's cards as written (bounded).
    cache: dict[tuple[Card, ...], MeldResult] = attrs.field(
        factory=dict, eq=False, hash=False, repr=False
    )
    #: The same verdicts by the meld tuple's identity: ``id -> (tuple, verdict)``.
    identity_cache: dict[int, tuple[tuple[Card, ...], MeldResult]] = attrs.field(
        factory=dict, eq=False, hash=False, repr=False
    )
    #: `meld_extensions` already computed (bounded).
    extension_cache: dict[tuple[Card, ...], frozenset[Card]] = attrs.field(
        factory=dict, eq=False, hash=False, repr=False
    )
    #: The same extensions by the meld tuple's identity.
    identity_extensions: dict[int, tuple[tuple[Card, ...], frozenset[Card]]] = attrs.field(
        factory=dict, eq=False, hash=False, repr=False
    )
    #: By a meld tuple's identity, the card codes that extend it as a bit mask
    #: (bit ``code``): ``id -> (tuple, mask)`` (bounded).
    identity_masks: dict[int, tuple[tuple[Card, ...], int]] = attrs.field(
        factory=dict, eq=False, hash=False, repr=False
    )
    #: By a meld tuple's identity and a card code, the meld with that card laid
    #: off, in canonical order: ``(id, code) -> (tuple, grown)`` (bounded).
    identity_grown: dict[tuple[int, int], tuple[tuple[Card, ...], tuple[Card, ...]]] = attrs.field(
        factory=dict, eq=False, hash=False, repr=False
    )
    #: `find_melds` answers by the values held per suit and the jokers (bounded).
    finder_cache: dict[tuple[int, ...], tuple[tuple[Card, ...], ...]] = attrs.field(
        factory=dict, eq=False, hash=False, repr=False
    )
    #: The settings a meld's lay-off extensions depend on, as a plain value: the
    #: key of what tables memoize per rules (`table_extensions`). A value, not the
    #: rules object's ``id()``, which a later profile may reuse once this one is
    #: collected, and which would keep these caches alive from a table's memo.
    memo_key: tuple[bool, bool, bool, int, int, int, int, bool] = attrs.field(
        init=False,
        default=attrs.Factory(
            lambda self: (
                self.ace_high,
                self.jokers_in_runs,
                self.jokers_in_groups,
                self.max_jokers,
                self.min_run,
                self.min_group,
                self.max_group,
                self.repeat_groups,
            ),
            takes_self=True,
        ),
        eq=False,
        hash=False,
        repr=False,
    )

    def clear_caches(self) -> None:
        """Forget every remembered verdict, extension and meld search (for cold timings)."""
        for cache in (
            self.cache,
            self.identity_cache,
            self.finder_cache,
            self.identity_extensions,
            self.extension_cache,
            self.identity_masks,
            self.identity_grown,
        ):
            cache.clear()

    @classmethod
    def from_profile(cls, profile: Profile) -> MeldRules:
        """Flatten ``profile``'s meld settings."""
        policy = profile.joker_policy
        return cls(
            ace_high=profile.ace == "low_or_high",
            jokers_in_runs=policy in ("runs", "free"),
            jokers_in_groups=policy == "free",
            max_jokers=1_000
            if profile.max_jokers_per_meld is None
            else profile.max_jokers_per_meld,
            min_run=profile.min_run_size,
            min_group=profile.min_group_size,
            max_group=profile.max_group_size,
            meld_rule=profile.section("meld"),
            ace_rule=profile.section("ace"),
            joker_rule=profile.section("jokers"),
            repeat_groups=profile.repeated_suits == "later_turn",
        )


@attrs.frozen(repr=False)
class MeldResult:
    """The verdict on one meld: its kind, what its jokers stand for, or why it is invalid.

    A result is truthy iff the meld is valid.

    Attributes:
        cards: The cards as written.
        kind: `MeldKind.RUN` or `MeldKind.GROUP`, or ``None`` if invalid.
        resolved: For a valid meld, the natural card each position stands for
            (a joker's entry is the card it represents); ``()`` if invalid.
        order: For a valid meld, the indices of ``cards`` in canonical order
            (a run by rank with each joker in its place; a group by suit).
        problems: Why the meld is invalid (empty if valid).
    """

    cards: tuple[Card, ...]
    kind: MeldKind | None
    resolved: tuple[Card, ...] = ()
    order: tuple[int, ...] = ()
    problems: tuple[Problem, ...] = ()
    # `canonical`, once built: a cached result hands out the same tuple object
    # each time, which the identity caches of `classify_meld` and
    # `meld_extensions` then recognise.
    _canonical: tuple[Card, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    @property
    def ok(self) -> bool:
        """True iff the meld is valid."""
        return self.kind is not None

    def __bool__(self) -> bool:
        return self.kind is not None

    @property
    def jokers(self) -> tuple[Card, ...]:
        """The cards the jokers stand for, in the order the jokers are written."""
        return tuple(r for c, r in zip(self.cards, self.resolved, strict=True) if c.rank is None)

    @property
    def canonical(self) -> tuple[Card, ...]:
        """The cards in canonical order (the cards as written if the meld is invalid)."""
        found = self._canonical
        if found is None:
            found = tuple(map(self.cards.__getitem__, self.order)) if self.order else self.cards
            object.__setattr__(self, "_canonical", found)
        return found

    @property
    def low(self) -> int | None:
        """For a run, the value of its lowest card (ace low = 1); else ``None``."""
        if self.kind is not MeldKind.RUN:
            return None
        first = self.resolved[self.order[0]].rank
        assert first is not None
        return int(first)

    @property
    def high(self) -> int | None:
        """For a run, the value of its highest card (an ace after the king = 14); else ``None``."""
        if self.kind is not MeldKind.RUN:
            return None
        last = self.resolved[self.order[-1]].rank
        assert last is not None
        return 14 if last == Rank.ACE else int(last)

    def __str__(self) -> str:
        text = " ".join(str(c) for c in self.canonical)
        if self.kind is None:
            return f"invalid meld {text}: " + "; ".join(p.message for p in self.problems)
        return f"{self.kind} {text}"

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        kind = None if self.kind is None else self.kind.value
        return f"<MeldResult {cards!r} kind={kind} problems={len(self.problems)}>"


def _invalid(cards: tuple[Card, ...], problems: list[Problem]) -> MeldResult:
    return MeldResult(cards, None, problems=tuple(problems))


def classify_meld(cards: Sequence[Card], profile: Profile) -> MeldResult:
    """Classify ``cards`` as a run or a group under ``profile``, resolving its jokers.

    Never raises for a bad meld: an invalid meld gives a result whose
    ``problems`` say why, each citing its RULES.md section.

    Args:
        cards: The meld's cards, in any order.
        profile: The rules to apply (ace policy, joker policy, meld sizes).

    Returns:
        A `MeldResult`, truthy iff the meld is valid.
    """
    if type(cards) is not tuple:
        cards = tuple(cards)
    return _verdict(cards, profile._meld_rules)


def _verdict(cards: tuple[Card, ...], rules: MeldRules) -> MeldResult:
    """`classify_meld` of a tuple under ``rules``."""
    seen = rules.identity_cache.get(id(cards))
    if seen is not None and seen[0] is cards:
        return seen[1]
    cache = rules.cache
    result = cache.get(cards)
    if result is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        result = cache[cards] = _classify(cards, rules)
    _remember(rules.identity_cache, cards, result)
    return result


def _remember(
    identity: dict[int, tuple[tuple[Card, ...], V]], cards: tuple[Card, ...], value: V
) -> None:
    """Remember ``value`` for the tuple object ``cards`` itself (bounded).

    The melds of a table are the same tuple objects move after move, and
    hashing a tuple of cards costs more than the work it looks up. The entry
    holds the tuple, so its id cannot be reused while the entry lives.
    """
    if len(identity) >= _CACHE_LIMIT:
        identity.clear()
    identity[id(cards)] = (cards, value)


#: How many verdicts a profile remembers before starting afresh.
_CACHE_LIMIT = 65_536


def _classify(cards: tuple[Card, ...], rules: MeldRules) -> MeldResult:
    """`classify_meld` without the cache."""
    n = len(cards)
    if n == 0:
        return _invalid(cards, [Problem("empty meld", rules.meld_rule, None, cards)])
    codes = [c.code for c in cards]
    nat = [x for x in codes if x != JOKER_CODE]
    jokers = n - len(nat)
    if not nat:
        return _invalid(
            cards,
            [Problem("a meld made only of jokers is never valid", rules.meld_rule, None, cards)],
        )
    suits = {x & 3 for x in nat}
    ranks = {x >> 2 for x in nat}
    if len(nat) == 1:  # one natural card and jokers: either kind may fit
        run = _run(cards, codes, nat, ranks, jokers, rules)
        if run.kind is not None:
            return run
        group = _group(cards, nat, jokers, rules)
        if group.kind is not None:
            return group
        return _invalid(cards, _merge(run.problems, group.problems))
    if len(suits) == 1:
        if len(ranks) == 1:
            return _invalid(
                cards,
                [
                    Problem(
                        f"{cards[codes.index(nat[0])]} appears {len(nat)} times: a group needs "
                        "distinct suits and a run distinct ranks",
                        rules.meld_rule,
                        None,
                        cards,
                    )
                ],
            )
        return _run(cards, codes, nat, ranks, jokers, rules)
    if len(ranks) == 1:
        return _group(cards, nat, jokers, rules)
    return _invalid(
        cards,
        [
            Problem(
                "neither a group (one rank) nor a run (one suit): mixes ranks "
                + " ".join(_RANK_SYMBOLS[r] for r in sorted(ranks))
                + " and suits "
                + " ".join(_SUITS[i].unicode for i in sorted(suits)),
                rules.meld_rule,
                None,
                cards,
            )
        ],
    )


def _merge(a: tuple[Problem, ...], b: tuple[Problem, ...]) -> list[Problem]:
    out = list(a)
    for p in b:
        if p not in out:
            out.append(p)
    return out


def _joker_problems(
    cards: tuple[Card, ...], jokers: int, kind: str, allowed: bool, rules: MeldRules
) -> list[Problem]:
    if not jokers:
        return []
    if not allowed:
        return [Problem(f"joker not allowed in a {kind}", rules.joker_rule, None, cards)]
    if jokers > rules.max_jokers:
        plural = "joker" if rules.max_jokers == 1 else "jokers"
        return [
            Problem(
                f"at most {rules.max_jokers} {plural} per {kind}, found {jokers}",
                rules.joker_rule,
                None,
                cards,
            )
        ]
    return []


def _group(cards: tuple[Card, ...], nat: list[int], jokers: int, rules: MeldRules) -> MeldResult:
    problems = _joker_problems(cards, jokers, "group", rules.jokers_in_groups, rules)
    n = len(cards)
    seen: set[int] = set()
    repeated: list[int] = []
    for x in nat:
        suit = x & 3
        if suit in seen and suit not in repeated:
            repeated.append(suit)
        seen.add(suit)
    for suit in repeated:
        problems.append(
            Problem(f"group repeats suit {_SUITS[suit].unicode}", rules.meld_rule, None, cards)
        )
    if n < rules.min_group:
        problems.append(
            Problem(
                f"group of {n} cards: at least {rules.min_group} needed",
                rules.meld_rule,
                None,
                cards,
            )
        )
    elif n > rules.max_group:
        problems.append(
            Problem(
                f"group of {n} cards: at most {rules.max_group} (one per suit)",
                rules.meld_rule,
                None,
                cards,
            )
        )
    if problems:
        return _invalid(cards, problems)
    base = nat[0] & ~3
    missing = iter([s for s in range(4) if s not in seen])
    resolved = tuple(_BY_CODE[base + next(missing)] if c.code == JOKER_CODE else c for c in cards)
    order = tuple(sorted(range(n), key=lambda i: resolved[i].code))
    return MeldResult(cards, MeldKind.GROUP, resolved, order)


def _run(
    cards: tuple[Card, ...],
    codes: list[int],
    nat: list[int],
    ranks: set[int],
    jokers: int,
    rules: MeldRules,
) -> MeldResult:
    problems = _joker_problems(cards, jokers, "run", rules.jokers_in_runs, rules)
    n = len(cards)
    if n < rules.min_run:
        problems.append(
            Problem(
                f"run of {n} cards: at least {rules.min_run} needed", rules.meld_rule, None, cards
            )
        )
    if len(ranks) != len(nat):
        all_ranks = [x >> 2 for x in nat]
        dup = sorted(r for r in ranks if all_ranks.count(r) > 1)
        problems.append(
            Problem(
                "run repeats rank " + " ".join(_RANK_SYMBOLS[r] for r in dup),
                rules.meld_rule,
                None,
                cards,
            )
        )
        return _invalid(cards, problems)
    if problems:
        return _invalid(cards, problems)
    suit = nat[0] & 3
    # 1. The written order, if it is itself an ascending valid run: the ace
    #    low first, then (if the profile allows it) after the king.
    start = _written_start(codes, 0, 1, 13)
    if start is None and rules.ace_high:
        start = _written_start(codes, 13, 2, 14)
    if start is not None:
        run_cards = _RUN_CARDS[suit]
        resolved = tuple(
            [run_cards[start + i] if x == JOKER_CODE else cards[i] for i, x in enumerate(codes)]
        )
        return MeldResult(cards, MeldKind.RUN, resolved, tuple(range(n)))
    # 2. Otherwise the first assignment that works: ace low first; extra
    #    jokers extend the run upwards, then downwards.
    values = [(x >> 2) + 1 for x in nat]
    windows = ((0, 1, 13), (13, 2, 14)) if rules.ace_high else ((0, 1, 13),)
    for ace_shift, wlo, whi in windows:
        vals = [v + ace_shift if v == 1 else v for v in values] if ace_shift else values
        lo, hi = min(vals), max(vals)
        if lo < wlo or hi > whi or hi - lo + 1 > n or n > whi - wlo + 1:
            continue
        extra = n - (hi - lo + 1)
        top = min(whi, hi + extra)
        bottom = lo - (extra - (top - hi))
        # Naturals keep their values; jokers take the free values from the bottom.
        slot: list[int] = [-1] * n  # position by value - bottom
        k = 0
        for i, x in enumerate(codes):
            if x != JOKER_CODE:
                slot[vals[k] - bottom] = i
                k += 1
        resolved_list = list(cards)
        run_cards = _RUN_CARDS[suit]
        free = [j for j in range(n) if slot[j] < 0]
        k = 0
        for i, x in enumerate(codes):
            if x == JOKER_CODE:
                j = free[k]
                k += 1
                slot[j] = i
                resolved_list[i] = run_cards[bottom + j]
        return MeldResult(cards, MeldKind.RUN, tuple(resolved_list), tuple(slot))
    return _invalid(cards, [_run_shape_problem(cards, values, jokers, rules, 1 in values)])


def _written_start(codes: list[int], ace_shift: int, wlo: int, whi: int) -> int | None:
    """The value of the first position if the cards as written ascend by one, else None."""
    start: int | None = None
    for i, x in enumerate(codes):
        if x == JOKER_CODE:
            continue
        v = (x >> 2) + 1
        if v == 1:
            v += ace_shift
        if start is None:
            start = v - i
        elif v != start + i:
            return None
    if start is None or start < wlo or start + len(codes) - 1 > whi:
        return None
    return start


def _run_shape_problem(
    cards: tuple[Card, ...], values: list[int], jokers: int, rules: MeldRules, has_ace: bool
) -> Problem:
    """Explain why same-suit cards with distinct ranks cannot form a run."""
    n = len(cards)
    if has_ace and len(values) > 1:
        # Would the cards fit if the ace could follow the king (low-only profiles),
        # or if a run could wrap around the ace (K-A-2, never valid)?
        high = [14 if v == 1 else v for v in values]
        if not rules.ace_high and _fits(high, n, 2, 14):
            return Problem(
                "the ace is low only: it cannot follow the king", rules.ace_rule, None, cards
            )
        for cut in range(2, 14):
            wrapped = [v + 13 if v < cut else v for v in values]
            if _fits(wrapped, n, 1, 26):
                return Problem(
                    "wraps around the ace (like K-A-2): a run never wraps, "
                    "the ace is only at an end",
                    rules.ace_rule,
                    None,
                    cards,
                )
    if len(cards) > 13:
        return Problem(f"run of {len(cards)} cards: at most 13", rules.meld_rule, None, cards)
    lo, hi = min(values), max(values)
    missing = hi - lo + 1 - len(values)
    present = set(values)
    suit = next(c.suit for c in cards if c.suit is not None)
    gap_cards = [_RANK_SYMBOLS[v - 1] + suit.value for v in range(lo, hi + 1) if v not in present]
    if jokers:
        return Problem(
            f"not consecutive: missing {' '.join(gap_cards)}, and {jokers} "
            f"joker{'s' if jokers > 1 else ''} can fill only {jokers}",
            rules.meld_rule,
            None,
            cards,
        )
    return Problem(
        f"not consecutive: missing {' '.join(gap_cards)}" if missing else "not a run",
        rules.meld_rule,
        None,
        cards,
    )


def meld_extensions(cards: Sequence[Card], profile: Profile) -> frozenset[Card]:
    """The cards that can be added to the valid meld ``cards`` keeping it valid (lay-off, G4).

    Exact: for a group, a missing suit of its rank, or a suit a joker stands
    for (the joker takes another); for a run, a card just past an end, or
    one the jokers can make room for by moving (``JK 2S 3S`` takes ``5S``);
    and the joker, where the profile lets one join. Empty for an invalid meld.

    Under ``repeated_suits="later_turn"`` (B5) the meld is taken to stand on
    the table at the start of the turn (as every meld does when a lay-off is
    listed): a group of naturals also takes a second copy of a suit it holds
    once, and a group already holding a suit twice (valid where it holds at
    least ``min_group_size`` distinct suits) takes the copies it lacks. A
    meld laid down this turn takes no second copy: check those with
    `classify_meld`.

    Args:
        cards: A meld, as written.
        profile: The rules.

    Returns:
        The set of distinct cards that extend the meld.
    """
    if type(cards) is not tuple:
        cards = tuple(cards)
    return _extensions(cards, profile._meld_rules)


def _extensions(cards: tuple[Card, ...], rules: MeldRules) -> frozenset[Card]:
    """`meld_extensions` of a tuple under ``rules``."""
    found_by_id = rules.identity_extensions.get(id(cards))
    if found_by_id is not None and found_by_id[0] is cards:
        return found_by_id[1]
    cache = rules.extension_cache
    found = cache.get(cards)
    if found is not None:
        _remember(rules.identity_extensions, cards, found)
        return found
    codes = [c.code for c in cards if c.code != JOKER_CODE]
    jokers = len(cards) - len(codes)
    found = frozenset(map(_BY_CODE.__getitem__, _extension_codes(codes, jokers, rules)))
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[cards] = found
    _remember(rules.identity_extensions, cards, found)
    return found


def extension_mask(meld: tuple[Card, ...], rules: MeldRules) -> int:
    """`meld_extensions` of the tuple ``meld`` as a bit mask of card codes (bit ``code``).

    Remembered by the tuple's identity: a table's melds are the same tuple
    objects move after move.
    """
    seen = rules.identity_masks.get(id(meld))
    if seen is not None and seen[0] is meld:
        return seen[1]
    mask = 0
    for card in _extensions(meld, rules):
        mask |= 1 << card.code
    _remember(rules.identity_masks, meld, mask)
    return mask


def grown_meld(meld: tuple[Card, ...], code: int, rules: MeldRules) -> tuple[Card, ...]:
    """The valid meld ``meld`` with the card of ``code`` (one of its extensions) laid off.

    In canonical order, the same tuple object each time (remembered by the
    identity of ``meld`` and the code, so no tuple of cards is hashed).
    """
    key = (id(meld), code)
    seen = rules.identity_grown.get(key)
    if seen is not None and seen[0] is meld:
        return seen[1]
    verdict = _verdict((*meld, _BY_CODE[code]), rules)
    # A group holding a suit twice (B5, "later_turn") is no meld by itself: sorted by code.
    grown = verdict.canonical if verdict.kind is not None else tuple(sorted(verdict.cards))
    identity = rules.identity_grown
    if len(identity) >= _CACHE_LIMIT:
        identity.clear()
    identity[key] = (meld, grown)
    return grown


def _extension_codes(codes: list[int], jokers: int, rules: MeldRules) -> list[int]:
    """The codes of the cards that extend the meld of naturals ``codes`` and ``jokers``, sorted.

    `_is_valid`'s rules for the meld one card longer, worked out for every
    card at once: a group takes a suit of its rank it lacks, a run a value of
    its suit that leaves every natural inside a window of the new length
    (the jokers move to make room), and the joker goes where one more fits.
    """
    if rules.repeat_groups and not jokers:
        repeats = _repeat_codes(codes, rules)
        if repeats is not None:
            return repeats
    if not _is_valid(codes, jokers, rules):
        return []
    n = len(codes) + jokers + 1  # the meld's size after the lay-off
    found: list[int] = []
    suits = {x & 3 for x in codes}
    if len({x >> 2 for x in codes}) == 1 and (
        rules.min_group <= n <= rules.max_group
        and (not jokers or (rules.jokers_in_groups and jokers <= rules.max_jokers))
    ):
        base = codes[0] & ~3  # a group: a suit of the rank it does not hold yet
        found.extend(base + s for s in range(4) if s not in suits)
    if (
        len(suits) == 1
        and rules.min_run <= n <= 13
        and (not jokers or (rules.jokers_in_runs and jokers <= rules.max_jokers))
    ):
        # A value v fits if the naturals and v span at most n values: v lies
        # in [hi - n + 1, lo + n - 1] (when the naturals span fewer than n).
        # Where the ace may be high, also with the ace counted as 14 (the ace
        # added, or the ace already held).
        suit = codes[0] & 3
        values = [(x >> 2) + 1 for x in codes]
        lo, hi = min(values), max(values)
        fits = set(range(max(1, hi - n + 1), min(13, lo + n - 1) + 1) if hi - lo < n else ())
        if rules.ace_high:
            if lo == 1:
                high = [14 if v == 1 else v for v in values]
                hlo, hhi = min(high), max(high)
                if hhi - hlo < n:
                    fits.update(range(max(2, hhi - n + 1), min(13, hlo + n - 1) + 1))
            elif 14 - lo < n:
                fits.add(1)
        fits.difference_update(values)
        found.extend((v - 1) * 4 + suit for v in fits)
    if _is_valid(codes, jokers + 1, rules):
        found.append(JOKER_CODE)
    found.sort()
    return found


def _repeat_codes(codes: list[int], rules: MeldRules) -> list[int] | None:
    """B5 ``"later_turn"``: the codes a group of naturals on the table at the start of a turn takes.

    Each suit of its rank it holds fewer than twice (the group is its own
    anchor), or ``None`` if ``codes`` is no such group: not one rank, a suit
    three times, or too few cards or suits (`_is_valid` then decides).
    """
    if len(codes) < rules.min_group:
        return None
    rank = codes[0] >> 2
    held = [0, 0, 0, 0]
    for x in codes:
        if x >> 2 != rank:
            return None
        held[x & 3] += 1
    if max(held) > 2:
        return None
    suits = 4 - held.count(0)
    if suits < rules.min_group or (suits == len(codes) and len(codes) > rules.max_group):
        return None
    return [rank * 4 + s for s in range(4) if held[s] < 2]


def _is_valid(nat: list[int], jokers: int, rules: MeldRules) -> bool:
    """Whether naturals ``nat`` (codes) and ``jokers`` make a valid meld: `classify_meld`'s verdict.

    The same rules without building a result, for the hot paths that only
    need a yes or no; ``tests/test_melds.py`` checks the two agree.
    """
    n = len(nat) + jokers
    if not nat:
        return False
    suits = {x & 3 for x in nat}
    ranks = {x >> 2 for x in nat}
    if len(nat) == 1 or len(ranks) == 1:
        # A group: distinct suits, the size bounds, jokers where allowed.
        if (
            len(suits) == len(nat)
            and rules.min_group <= n <= rules.max_group
            and (not jokers or (rules.jokers_in_groups and jokers <= rules.max_jokers))
        ):
            return True
        if len(nat) > 1:
            return False
    if len(suits) != 1 or len(ranks) != len(nat) or n < rules.min_run:
        return False
    if jokers and (not rules.jokers_in_runs or jokers > rules.max_jokers):
        return False
    values = [(x >> 2) + 1 for x in nat]
    lo, hi = min(values), max(values)
    if hi - lo + 1 <= n <= 13:
        return True
    if rules.ace_high and lo == 1:
        high = [14 if v == 1 else v for v in values]
        lo, hi = min(high), max(high)
        return hi - lo + 1 <= n <= 13
    return False


def table_extensions(table: Table, profile: Profile) -> tuple[frozenset[Card], ...]:
    """`meld_extensions` of every meld of ``table``, memoized on the table.

    A table made by `Table._with_meld` from one whose extensions are known
    works out only the meld that changed.
    """
    key = ("extensions", profile._meld_rules.memo_key)
    memo = table._memo
    found: tuple[frozenset[Card], ...] | None = memo.get(key)
    if found is None:
        base = table._from_base(key)
        if base is not None:
            known, i = base
            found = (*known[:i], meld_extensions(table.melds[i], profile), *known[i + 1 :])
        else:
            found = tuple(meld_extensions(meld, profile) for meld in table.melds)
        memo[key] = found
    return found


def remember_extensions(
    table: Table, profile: Profile, extensions: tuple[frozenset[Card], ...]
) -> None:
    """Memoize on ``table`` its `table_extensions`, already worked out by the caller.

    ``extensions[i]`` must be ``meld_extensions(table.melds[i], profile)``.
    """
    table._memo[("extensions", profile._meld_rules.memo_key)] = extensions


def _fits(values: list[int], n: int, wlo: int, whi: int) -> bool:
    """Whether distinct ``values`` plus jokers up to ``n`` cards fit a run inside [wlo, whi]."""
    lo, hi = min(values), max(values)
    return wlo <= lo and hi <= whi and hi - lo + 1 <= n <= whi - wlo + 1
