"""The plays of one suit at one value: the sweep's slices, enumerated and pruned.

At each value, every copy of a suit's card extends an open run, starts a
run or joins a group of that value; open runs not continued are closed
(`options`). The search takes them least loss first, with the plays another
play dominates dropped (`plays`): of a suit's plays at one step, one that
another gives as many copies to groups, uses no more jokers, leaves out no
more cards and leaves runs one for one as strong (`runs_stronger`) is never
tried.

Both are remembered across searches (`functools.lru_cache`): positions
differ little from one call to the next, and the same slices recur.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from operator import itemgetter

from ._runs import (
    RUN_BITS,
    A,
    J,
    N,
    P,
    ace,
    deficit,
    desc,
    extend,
    jokers,
    length,
    most_jokers,
    natural,
    pack,
    runs_stronger,
    unpack,
)

__all__ = [
    "EVERY",
    "Option",
    "Play",
    "PlayDetail",
    "group_play",
    "options",
    "play_loss",
    "plays",
    "ranked",
    "run_actions",
    "undominated",
    "ways",
]


# The three records below are plain tuples, not NamedTuples. Every first
# search of a position builds thousands of them (`options` is a large share of
# its time), and the search unpacks and indexes plays in its innermost loops:
# a NamedTuple's constructor is a Python call, and Python takes its fast path
# for unpacking and indexing only on exact tuples.

#: What the rebuild needs to turn a suit's play back into cards: ``(actions,
#: table copies played, hand copies played, leading jokers of each new run,
#: copies given to groups)``. The actions follow the open runs in ascending
#: order of their descriptors: ``"nat"`` (a natural extends the run),
#: ``"jok"`` (a joker does) or ``"close"``; the leading jokers are none in the
#: lazy model.
PlayDetail = tuple[tuple[str, ...], int, int, tuple[int, ...], int]

#: One play of a suit at a value, before its weight and aces kept are known
#: (`options`): ``(runs, groups, jokers, loss, detail)`` — the suit's open runs
#: after it (packed), the copies it gives to groups (0, 1 or 2), the jokers it
#: places, the copies it leaves out times the weight given, how to rebuild it.
Option = tuple[int, int, int, float, PlayDetail]

#: One play of a search step, a suit's at one value or a value's groups
#: (`group_play`): ``(runs, groups, jokers, loss, kept, detail)`` — as an
#: `Option`, with the loss weighed, and the aces the suit keeps back for the
#: top (`mexemexe.solver._runs.aces`); the detail is ``None`` for a groups
#: play (its jokers say all).
Play = tuple[int, int, int, float, int, PlayDetail | None]


#: No bound on the jokers a play may place (`ranked`, `ways`).
EVERY = 1 << 30


def play_loss(play: Play) -> float:
    """A play's loss (the search sorts plays by it)."""
    return play[3]


def group_play(jokers: int) -> Play:
    """A value's groups taking ``jokers`` jokers, as a play (`SweepBase._group_plays`)."""
    return (0, 0, jokers, 0.0, 0, None)


@lru_cache(maxsize=200_000)
def options(
    packed: int,
    must_n: int,
    may_n: int,
    weight: float,
    jokers_left: int,
    value: int,
    run_cap: int,
    min_run: int,
    track: bool,
    top: int,
    lazy: bool,
) -> list[Option]:
    """All plays of one suit at one value: extend/close each open run, start runs, feed groups.

    Lazy model: a run closes when not continued, paying its deficit in
    jokers; a joker continues a run only where a natural follows (the run is
    *pending* until then); new runs begin on a natural. Eager model: any run
    may take a joker at any value and a new run may begin with jokers before
    its first natural (placed with it, so at most ``value - 1`` of them).

    At value 14 (the ace after the king) only open runs take part: no run
    starts there, no group forms, and a run that began on the low ace cannot
    grow (it would hold the ace twice).

    ``packed`` is the suit's open runs (`mexemexe.solver._runs.pack`); the
    rules from ``run_cap`` on are a `mexemexe.solver._runs.RunRules`.
    """
    if lazy:
        return _lazy_options(
            packed, must_n, may_n, weight, jokers_left, value, run_cap, min_run, track, top
        )
    runs = unpack(packed)
    at_top = value == 14
    start_runs = groups = not at_top
    args = (run_cap, min_run, track, top, lazy)
    out = []
    choices_per_run = []
    for d in runs:
        acts: list[tuple[str, int]] = []
        grows = not (at_top and ace(d))  # a run begun on the low ace cannot reach 14
        if grows:
            acts.append(("nat", 0))
        if lazy:
            need = deficit(d, *args)
            if need >= 0:
                acts.append(("close", need))
        elif length(d) >= min_run and natural(d):
            acts.append(("close", 0))
        if grows and jokers(d) < run_cap and not (lazy and value >= top):
            acts.append(("jok", 1))
        choices_per_run.append(acts)
    for combo in product(*choices_per_run) if runs else [()]:
        actions = tuple(a for a, _ in combo)
        nat_ext = actions.count("nat")
        jokers_here = sum(j for _, j in combo)
        if jokers_here > jokers_left:
            continue
        extended = [
            extend(d, a == "nat", *args) for d, a in zip(runs, actions, strict=True) if a != "close"
        ]
        for may_used in range(may_n, -1, -1):
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
                spare = jokers_left - jokers_here
                if lazy:
                    lead_options: list[tuple[int, ...]] = [(0,) * new_nat]
                else:
                    most = min(run_cap, spare, value - 1)
                    lead_options = _lead_choices(new_nat, most, spare)
                for leads in lead_options:
                    new_runs = list(extended)
                    for pre in leads:
                        new_runs.append(
                            desc(
                                min(1 + pre, min_run), pre if track else 0, 1, int(value - pre == 1)
                            )
                        )
                    detail = (actions, must_n, may_used, leads, to_group)
                    out.append(
                        (
                            pack(new_runs),
                            to_group,
                            jokers_here + sum(leads),
                            weight * (may_n - may_used),
                            detail,
                        )
                    )
    return out


@lru_cache(maxsize=32_768)
def run_actions(
    packed: int, value: int, run_cap: int, min_run: int, track: bool, top: int
) -> tuple[tuple[int, int, tuple[int, ...], tuple[str, ...]], ...]:
    """Every way a suit's open runs can go on at a value, lazy model: the open-run half of a play.

    Each way is ``(jokers, naturals, runs kept open, actions)``: per run
    (ascending), a natural extends it, it closes on its deficit in jokers,
    or a joker extends it and it waits for a natural. The same for every
    count of copies, so made once for all (`_lazy_options`).
    """
    at_top = value == 14
    # (`extend` and `deficit` written out: a call costs more than the arithmetic.)
    per_run = []
    for d in unpack(packed):
        acts: list[tuple[str, int, int]] = []
        grows = not (at_top and d >> A & 1)  # a run begun on the low ace cannot reach 14
        size = d & 15
        grown = size + 1 if size < min_run else min_run
        if grows:  # a natural: longer, holding a natural, no longer waiting
            acts.append(("nat", 0, (d & ~(15 | 1 << P)) | grown | 1 << N))
        if d >> N & 1 and not d >> P & 1:  # it may close, on its deficit in jokers
            short = min_run - size if size < min_run else 0
            if not short or (short <= run_cap and not (track and (d >> J & 15) + short > run_cap)):
                acts.append(("close", short, 0))
        if grows and (d >> J & 15) < run_cap and value < top:  # a joker: then it waits
            acts.append(("jok", 1, ((d & ~15) | grown | 1 << P) + (track << J)))
        per_run.append(acts)
    ways = []
    for combo in product(*per_run):
        jokers_here = 0
        nat_ext = 0
        kept = []
        for name, used, after in combo:
            jokers_here += used
            if after:
                kept.append(after)
                nat_ext += name == "nat"
        ways.append((jokers_here, nat_ext, tuple(kept), tuple([act[0] for act in combo])))
    return tuple(ways)


def _lazy_options(
    packed: int,
    must_n: int,
    may_n: int,
    weight: float,
    jokers_left: int,
    value: int,
    run_cap: int,
    min_run: int,
    track: bool,
    top: int,
) -> list[Option]:
    """`options` in the lazy model, the same plays in the same order, made with less work.

    A first search makes thousands of these: the open runs' half of each
    play is made once for every count of copies (`run_actions`), and the
    copies that start runs and join groups are counted out directly.
    """
    at_top = value == 14
    fresh = desc(min(1, min_run), 0, 1, int(value == 1))  # a run begun on a natural here
    out: list[Option] = []
    most = must_n + may_n
    for jokers_here, nat_ext, kept, actions in run_actions(
        packed, value, run_cap, min_run, track, top
    ):
        if jokers_here > jokers_left or nat_ext > most:
            continue
        for may_used in range(may_n, -1, -1):
            rest = must_n + may_used - nat_ext
            if rest < 0:
                continue
            loss = weight * (may_n - may_used)
            # Copies not extending runs start runs (not at 14) or join groups (at most 2).
            first = 0 if at_top else max(0, rest - 2)
            for new_nat in range(first, rest + 1 if not at_top else 1):
                to_group = rest - new_nat
                if to_group and at_top:
                    continue
                new_runs = sorted(kept + (fresh,) * new_nat, reverse=True)
                packed_runs = 0
                for d in new_runs:
                    packed_runs = packed_runs << RUN_BITS | d
                out.append(
                    (
                        packed_runs,
                        to_group,
                        jokers_here,
                        loss,
                        (actions, must_n, may_used, (0,) * new_nat, to_group),
                    )
                )
    return out


@lru_cache(maxsize=32_768)  # each entry holds a suit's plays: keep the memory bounded
def plays(
    runs: int,
    must_n: int,
    may_n: int,
    weight: float,
    kept: int,
    jokers_left: int,
    value: int,
    run_cap: int,
    min_run: int,
    track: bool,
    top: int,
    lazy: bool,
    most: int = EVERY,
) -> tuple[Play, ...]:
    """`options` as the search takes them, least loss first (a stable sort).

    Each card left out is worth ``weight``, and ``kept`` are the aces kept
    back for the top. The rest are `options`'s arguments. In the lazy model
    the undominated plays come from `ranked`, shared by every weight, aces
    kept and count of jokers left, made with at most ``most`` jokers (the
    search's jokers in play, at least ``jokers_left``: the plays are the same
    whatever it is, only `ranked`'s memo entry differs).
    """
    if not lazy:
        found = options(
            runs, must_n, may_n, 1.0, jokers_left, value, run_cap, min_run, track, top, lazy
        )
        return tuple(
            sorted(
                ((o[0], o[1], o[2], o[3] * weight, kept, o[4]) for o in found),
                key=play_loss,
            )
        )
    if most < most_jokers(runs, min_run):
        as_found, by_loss = ranked(runs, must_n, may_n, value, run_cap, min_run, track, top, most)
    else:
        as_found, by_loss = ranked(runs, must_n, may_n, value, run_cap, min_run, track, top)
    # With a positive weight, the weighted losses sort as the counts left out do;
    # with none, they are all equal and the plays keep the order they were found in.
    order = by_loss if weight > 0 else sorted(as_found, key=lambda o: o[3] * weight)
    if jokers_left < most_jokers(runs, min_run):
        order = [o for o in order if o[2] <= jokers_left]
    # (A list comprehension, unpacking each play: a generator resumes once per play.)
    return tuple([(r, g, j, left * weight, kept, made) for r, g, j, left, made in order])


#: An option's count of cards left out (its loss at weight 1), as `ranked` sorts by:
#: an `itemgetter` is a call in C, not in Python.
_COUNT_LEFT = itemgetter(3)

#: A way (`ways`): ``(jokers, naturals, runs kept open above a new run, those
#: below it, the bits of those below, count of runs kept, actions, most new
#: runs, all copies)``.
Way = tuple[int, int, int, int, int, int, tuple[str, ...], int, bool]

#: The most copies of one card in any deck the rules know, and then some: a
#: suit's play starts at most this many runs.
_MOST_COPIES = 16
#: ``n`` runs begun on a natural here, packed (`ranked`): not at the ace, then at it.
_FRESH = tuple(
    tuple(pack([desc(1, 0, 1, ace)] * n) for n in range(_MOST_COPIES + 1)) for ace in (0, 1)
)
#: The leading jokers of ``n`` new runs: none in the lazy model.
_LEADS = tuple((0,) * n for n in range(_MOST_COPIES + 1))


@lru_cache(maxsize=32_768)
def ranked(
    runs: int,
    must_n: int,
    may_n: int,
    value: int,
    run_cap: int,
    min_run: int,
    track: bool,
    top: int,
    most: int = EVERY,
) -> tuple[tuple[Option, ...], tuple[Option, ...]]:
    """A suit's undominated lazy plays, placing at most ``most`` jokers: as found, least loss first.

    With fewer jokers left, the plays are those placing no more of them:
    a play that dominates another places no more jokers, so the plays of
    fewer jokers left are these filtered (`plays`), and the dominance
    checks, a large share of a first search's time, are made once. So too
    with ``most`` (the jokers in play, say): the plays of every joker less
    those placing more. A caller that needs no play placing more than the
    jokers in play passes them where a play could place more
    (`mexemexe.solver._runs.most_jokers`), and leaves ``most`` out
    otherwise, so that the memo holds one entry for both.

    The same plays in the same order as `undominated` of `_lazy_options`
    (with every joker), less those placing more than ``most`` jokers: the
    plays that the ways made once for every count of copies (`ways`)
    already show to be dominated are never made.
    """
    made = ways(runs, value, run_cap, min_run, track, top, most)
    found: list[Option] = []
    add = found.append
    # Only plays alike in copies given to groups and count of runs left open can
    # dominate one another (`undominated`); two plays of one way never are alike
    # (they differ in one or the other), so with one way there is none to drop.
    # Each kind maps to its first play, and the kinds met again gather their
    # plays apart (`clashes`): most plays have no other of their kind.
    several = len(made) > 1
    first_of: dict[int, Option] = {}
    clashes: dict[int, list[Option]] = {}
    if value == 14:
        # At the ace after the king every copy extends a run (none starts, none
        # goes to groups): each way has one play at most, its copies all used.
        for jokers_here, nat_ext, high, low, shift, count, actions, _, all_copies in made:
            may_used = nat_ext - must_n
            if may_used < 0 or may_used > may_n or (all_copies and may_used < may_n):
                continue
            add(
                (
                    high << shift | low,
                    0,
                    jokers_here,
                    float(may_n - may_used),
                    (actions, must_n, may_used, (), 0),
                )
            )
            if several:
                met = first_of.setdefault(count, found[-1])
                if met is not found[-1]:
                    clashes.setdefault(count, [met]).append(found[-1])
    else:
        fresh_runs = _FRESH[value == 1]
        for jokers_here, nat_ext, high, low, shift, count, actions, fresh_most, all_copies in made:
            # The copies that may be placed, most first: down to the fewest that leave
            # no natural short, or only all of them where leaving one out is dominated.
            fewest = nat_ext - must_n
            if all_copies:
                fewest = fewest if fewest > may_n else may_n
            elif fewest < 0:
                fewest = 0
            for may_used in range(may_n, fewest - 1, -1):
                rest = must_n + may_used - nat_ext
                loss = float(may_n - may_used)
                # Copies not extending runs start runs or join groups (at most 2).
                for new_nat in range(
                    rest - 2 if rest > 2 else 0, (rest if rest < fresh_most else fresh_most) + 1
                ):
                    to_group = rest - new_nat
                    add(
                        (
                            ((high << RUN_BITS * new_nat | fresh_runs[new_nat]) << shift) | low,
                            to_group,
                            jokers_here,
                            loss,
                            (actions, must_n, may_used, _LEADS[new_nat], to_group),
                        )
                    )
                    if several:
                        kind = to_group << 8 | (count + new_nat)
                        met = first_of.setdefault(kind, found[-1])
                        if met is not found[-1]:
                            clashes.setdefault(kind, [met]).append(found[-1])
    if clashes:
        beaten: list[Option] = []
        for group in clashes.values():
            if len(group) == 2:  # the usual clash: one test each way, as `undominated` makes
                a, b = group
                if a[2] <= b[2] and a[3] <= b[3] and runs_stronger(a[0], b[0]):
                    beaten.append(b)
                elif b[2] <= a[2] and b[3] <= a[3] and runs_stronger(b[0], a[0]):
                    beaten.append(a)
            else:
                kept = undominated(group)
                if len(kept) < len(group):
                    beaten.extend(option for option in group if option not in kept)
        # (Plays are never equal: each way's actions are its own. Few are beaten.)
        for option in beaten:
            found.remove(option)
    as_found = tuple(found)
    if not may_n or len(as_found) < 2:  # with no copy that may be left out, no play leaves any
        return as_found, as_found
    return as_found, tuple(sorted(as_found, key=_COUNT_LEFT))


@lru_cache(maxsize=32_768)
def ways(
    runs: int, value: int, run_cap: int, min_run: int, track: bool, top: int, most: int = EVERY
) -> tuple[Way, ...]:
    """`run_actions` as `ranked` takes them, placing at most ``most`` jokers, less the dominated.

    Three kinds of play are dominated by another play of the same suit,
    whatever the copies: a way that leaves the same runs as an earlier one
    (two runs alike, each extended in turn: the same plays again); a run
    closed while a copy starts a new run, where the run can take that copy
    instead (the longer run is the stronger, and closing costs no fewer
    jokers: so no new run with it, ``most new runs`` 0); and a joker
    extending a natural run while a copy is left out, where the copy could
    extend it instead (where jokers in runs are not counted: so every copy
    placed, ``all copies``). Each of them only drops plays that `undominated`
    would drop, so the plays kept, and their order, stay the same.

    In `run_actions`' order: the order of the plays `ranked` makes from them.
    """
    at_top = value == 14
    fresh = desc(min(1, min_run), 0, 1, int(value == 1))
    # Per run (ascending), as `run_actions`: (jokers, naturals, the run after or 0,
    # action, flag), where a flag of 1 is a run closed beside which a new run is
    # dominated, and of 2 a joker beside which a copy left out is.
    per_run = []
    for d in unpack(runs):
        acts: list[tuple[int, int, int, str, int]] = []
        grows = not (at_top and d >> A & 1)  # a run begun on the low ace cannot reach 14
        size = d & 15
        grown = size + 1 if size < min_run else min_run
        # (`extend` and `deficit` written out, as in `run_actions`.)
        if grows:  # a natural: longer, holding a natural, no longer waiting
            acts.append((0, 1, (d & ~(15 | 1 << P)) | grown | 1 << N, "nat", 0))
        if d >> N & 1 and not d >> P & 1:  # it may close, on its deficit in jokers
            short = min_run - size if size < min_run else 0
            if not short or (short <= run_cap and not (track and (d >> J & 15) + short > run_cap)):
                # Extended by a natural, it would be as strong as a new run or stronger
                # where it holds no joker counted and did not begin on the low ace here.
                beside = not at_top and not d >> J & 15 and (not d >> A & 1 or value == 1)
                acts.append((short, 0, 0, "close", int(beside)))
        if grows and (d >> J & 15) < run_cap and value < top:  # a joker: then it waits
            after = ((d & ~15) | grown | 1 << P) + (track << J)
            acts.append((1, 0, after, "jok", 2 if not track and d >> N & 1 else 0))
        per_run.append(acts)
    out: list[Way] = []
    seen: set[tuple[int, int, int]] = set()
    for combo in product(*per_run):
        jokers_here = nat_ext = flags = 0
        kept = []
        names = []
        for used, nat, after, name, flag in combo:
            jokers_here += used
            nat_ext += nat
            flags |= flag
            names.append(name)
            if after:
                kept.append(after)
        if jokers_here > most:
            continue
        # The runs kept, packed on either side of where new runs go (`ranked`).
        high = low = shift = 0
        if len(kept) > 1:
            kept.sort(reverse=True)
        for d in kept:
            if d > fresh:
                high = high << RUN_BITS | d
            else:
                low = low << RUN_BITS | d
                shift += RUN_BITS
        outcome = (jokers_here, nat_ext, high << shift | low)
        if outcome in seen:
            continue  # the same plays as an earlier way's
        seen.add(outcome)
        out.append(
            (
                jokers_here,
                nat_ext,
                high,
                low,
                shift,
                len(kept),
                tuple(names),
                0 if flags & 1 else _MOST_COPIES,
                bool(flags & 2),
            )
        )
    return tuple(out)


def undominated(found: list[Option]) -> list[Option]:
    """``found`` less each play that another play, kept or earlier, dominates (lazy model).

    A play dominates another when it gives as many copies to groups, uses no
    more jokers, leaves out no more cards, and leaves open runs that are
    one for one as strong (`runs_stronger`): whatever the other can still
    do, it can do at no more loss. Of two equal plays the first is kept.
    """
    kept: list[Option] = []
    # (Plain loops, the cheap tests first: most plays are compared with few others,
    # and a generator per play cost more than the comparisons.)
    for play in found:
        runs, g, used, loss = play[0], play[1], play[2], play[3]
        beaten = False
        weaker = False  # whether it beats a play kept
        for o in kept:
            if o[1] != g:
                continue
            if o[2] <= used and o[3] <= loss and runs_stronger(o[0], runs):
                beaten = True
                break
            if used <= o[2] and loss <= o[3] and runs_stronger(runs, o[0]):
                weaker = True
        if beaten:
            continue
        if weaker:
            kept = [
                o
                for o in kept
                if not (o[1] == g and used <= o[2] and loss <= o[3] and runs_stronger(runs, o[0]))
            ]
        kept.append(play)
    return kept


def _lead_choices(runs: int, most: int, spare: int) -> list[tuple[int, ...]]:
    """Leading-joker counts for ``runs`` new runs: each 0..most, in total at most ``spare``."""
    if runs == 0:
        return [()]
    out = []
    for first in range(most + 1):
        for rest in _lead_choices(runs - 1, min(most, first), spare - first):
            out.append((first, *rest))
    return out
