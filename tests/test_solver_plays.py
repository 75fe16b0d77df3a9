"""A suit's plays as the search makes them, against the plain way of making them (issue: solver).

`ranked` makes a suit's undominated plays at one value from the ways its
open runs can go on (`ways`), dropping the plays that those ways already
show to be dominated; the reference here makes every play (`_lazy_options`)
and drops the dominated ones pairwise (`undominated`), as `ranked` did
before. The two must agree play for play, in the same order: the search
tries plays in that order, and its answers (and ties) follow it. Runs follow
section 0 (three or more cards of a suit), with jokers as B5 (at most one
per run, counted) or R3 (any number, not counted).
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from mexemexe.solver import _memo, _sweep
from mexemexe.solver._runs import desc, most_jokers, pack, runs_stronger, stronger, unpack
from mexemexe.solver._suit_plays import (
    EVERY,
    Option,
    _lazy_options,
    plays,
    ranked,
    undominated,
    ways,
)
from tests.test_solver import larger_position

#: Rules as `ranked` takes them, ``(run_cap, min_run, track, top)``: Brazilian
#: (B4, B5), Rummikub (R2, R3), a game with no jokers in runs, and longer runs.
RULES = [
    (1, 3, True, 14),
    (1000, 3, False, 13),
    (1000, 3, False, 14),
    (2, 3, True, 13),
    (0, 3, False, 13),
    (1, 4, True, 14),
    (1000, 2, False, 13),
]

Ranked = tuple[tuple[Option, ...], tuple[Option, ...]]


def reference(
    runs: int,
    must_n: int,
    may_n: int,
    value: int,
    run_cap: int,
    min_run: int,
    track: bool,
    top: int,
    most: int = EVERY,
) -> Ranked:
    """`ranked` as it was made before `ways`: every play, then the dominated ones dropped."""
    made = _lazy_options(
        runs, must_n, may_n, 1.0, most_jokers(runs, min_run), value, run_cap, min_run, track, top
    )
    found = [play for play in undominated(made) if play[2] <= most]
    return tuple(found), tuple(sorted(found, key=lambda play: play[3]))


def random_arguments(
    rng: random.Random,
) -> tuple[int, int, int, int, int, int, bool, int]:
    """A random suit step: up to four open runs of any shape, copies, a value, rules."""
    run_cap, min_run, track, top = rng.choice(RULES)
    runs = []
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4])):
        size = rng.randint(1, min_run)
        held = rng.randint(0, 2) if track else 0
        natural = int(rng.random() < 0.85)
        low_ace = int(rng.random() < 0.15)
        waiting = int(rng.random() < 0.3)
        runs.append(desc(size, held, natural, low_ace, waiting))
    value = rng.choice([1, 2, 2, 2, 13, 14] if top == 14 else [1, 2, 2, 13])
    return (pack(runs), rng.randint(0, 3), rng.randint(0, 3), value, run_cap, min_run, track, top)


def test_ranked_matches_the_reference_on_random_steps() -> None:
    """On 3,000 random suit steps `ranked` keeps the reference's plays, in its order."""
    rng = random.Random(27)
    for _ in range(3_000):
        arguments = random_arguments(rng)
        assert ranked.__wrapped__(*arguments) == reference(*arguments), arguments


def test_ranked_with_fewer_jokers_keeps_the_plays_placing_no_more() -> None:
    """With ``most`` jokers, `ranked` is the reference less the plays placing more (R3)."""
    rng = random.Random(31)
    for _ in range(1_500):
        arguments = random_arguments(rng)
        most = rng.randint(0, 3)
        got = ranked.__wrapped__(*arguments, most)
        assert got == reference(*arguments, most), (arguments, most)


@pytest.mark.parametrize("seed", range(6))
def test_ranked_matches_the_reference_on_a_search_s_steps(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every suit step a seeded search asks for gets the reference's plays, in its order."""
    asked: set[tuple[int, ...]] = set()
    made = ranked.__wrapped__

    def recorded(*arguments: int) -> Ranked:
        asked.add(arguments)
        return made(*arguments)

    from mexemexe.solver import _bounds, _suit_plays

    monkeypatch.setattr(_suit_plays, "ranked", recorded)
    monkeypatch.setattr(_bounds, "ranked", recorded)
    monkeypatch.setattr(_memo, "plays", _suit_plays.plays.__wrapped__)
    profile, must, may = larger_position(seed)
    _sweep.Sweep(must, may, [1.0] * 53, profile).solve()
    assert asked
    for arguments in asked:
        assert made(*arguments) == reference(*arguments), arguments


def test_a_way_that_leaves_the_runs_of_an_earlier_one_is_not_made_again() -> None:
    """Two alike runs of one (R3): extending the first and joking the second is made once."""
    single = desc(1, 0, 1, 0)
    made = ways(pack([single, single]), 5, 1000, 3, False, 13)
    actions = [way[6] for way in made]
    assert ("nat", "jok") in actions
    assert ("jok", "nat") not in actions  # the same runs and jokers as ("nat", "jok")
    assert len(actions) == len(set(actions))


def test_no_new_run_is_made_beside_a_run_closed_that_could_take_its_copy() -> None:
    """A run of three closed while a copy starts a run: the run extended is the stronger."""
    full = desc(3, 0, 1, 0)
    (close,) = (way for way in ways(pack([full]), 5, 0, 3, False, 13) if way[6] == ("close",))
    assert close[7] == 0  # no new run beside it
    # With two copies, one extends the run and the other starts one: never closing it first.
    kept = ranked.__wrapped__(pack([full]), 2, 0, 5, 0, 3, False, 13)[0]
    assert all(play[4][0] != ("close",) or play[4][3] == () for play in kept)


def test_a_joker_is_not_played_beside_a_copy_left_out_that_could_take_its_place() -> None:
    """R3: a joker extending a run while a hand copy of that card is left out is never made."""
    run = desc(2, 0, 1, 0)
    (joker,) = (way for way in ways(pack([run]), 5, 1000, 3, False, 13) if way[6] == ("jok",))
    assert joker[8]  # every copy placed with it
    kept = ranked.__wrapped__(pack([run]), 0, 1, 5, 1000, 3, False, 13)[0]
    jokes = [play[3] for play in kept if play[4][0] == ("jok",)]
    assert jokes and not any(jokes)  # each places the hand copy too (a new run or a group)


def test_plays_are_the_same_whatever_the_most_jokers_they_are_made_with() -> None:
    """`plays` with ``most`` at least the jokers left gives the same plays as with every joker."""
    rng = random.Random(5)
    for _ in range(1_000):
        runs, must_n, may_n, value, run_cap, min_run, track, top = random_arguments(rng)
        left = rng.randint(0, 3)
        common = (runs, must_n, may_n, 1.0, 0, left, value, run_cap, min_run, track, top, True)
        assert plays.__wrapped__(*common, left + rng.randint(0, 2)) == plays.__wrapped__(*common)


def matched_some_order(a: int, b: int) -> bool:
    """Whether some order of ``a``'s runs matches ``b``'s one for one, each as strong."""
    runs_a, runs_b = unpack(a), unpack(b)
    return len(runs_a) == len(runs_b) and any(
        all(stronger(x, y) for x, y in zip(order, runs_b, strict=True))
        for order in permutations(runs_a)
    )


def test_runs_stronger_matches_every_order_of_the_runs() -> None:
    """Runs matched one for one by backtracking agree with trying every order (B4, B5)."""
    rng = random.Random(11)
    found = 0
    for _ in range(4_000):
        count = rng.randint(1, 5)

        def run() -> int:
            waiting, low_ace = int(rng.random() < 0.3), int(rng.random() < 0.3)
            return desc(rng.randint(1, 3), rng.choice([0, 0, 1]), 1, low_ace, waiting)

        mine = [run() for _ in range(count)]
        other = [d & ~15 | max(1, (d & 15) - rng.randint(0, 1)) for d in mine]
        rng.shuffle(other)
        if rng.random() < 0.5:
            other = [run() for _ in range(count)]
        a, b = pack(mine), pack(other)
        found += matched_some_order(a, b)
        assert runs_stronger.__wrapped__(a, b) == matched_some_order(a, b), (mine, other)
    assert found > 1_000  # both answers were tried often


@pytest.mark.parametrize("seed", [0, 4, 8, 12])
def test_plays_made_with_the_jokers_in_play_change_no_search(seed: int) -> None:
    """R3: a Rummikub search making plays with its jokers in play only expands the same states."""
    profile, must, may = larger_position(seed)  # Rummikub at these seeds
    _memo.forget_plays()
    sweep = _sweep.Sweep(must, may, [1.0] * 53, profile)
    assert sweep.plays_most == sweep.jokers
    value = sweep.solve()[0]
    _memo.forget_plays()
    every = _sweep.Sweep(must, may, [1.0] * 53, profile)
    every.plays_most = EVERY
    assert every.solve()[0] == value
    assert every.expanded == sweep.expanded
