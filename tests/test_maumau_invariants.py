"""Mutated Mau-Mau states and matches: refused with InvalidStateError, or sound (RULES.md M1-M8).

Valid states (seeded hands at several points, finished hands) and matches
are written out with ``to_dict``; one field is changed, and the loader must
either refuse the data with an `InvalidStateError` or read a value that
keeps every invariant and reads back the same.
"""

from __future__ import annotations

import copy
from functools import cache
from itertools import chain
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import InvalidStateError
from mexemexe import maumau as mm

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

COUNTERS = ("current_player", "direction", "turn", "seed", "reshuffles", "drawn", "passes")


def deep(levels: int = 5000) -> list[Any]:
    """A list nested ``levels`` deep, past what a recursive reader survives."""
    out: list[Any] = []
    for _ in range(levels):
        out = [out]
    return out


#: Values a tampered field may take: other numbers, negatives, huge numbers,
#: the wrong kinds, and deep nesting.
JUNK = st.one_of(
    st.integers(-3, 120),
    st.sampled_from([2**63, -(2**63) - 1, 10**5000, -(10**400)]),
    st.sampled_from([True, False, None, 1.5, float("nan"), "", "7H", "S", "JK", "x" * 10_000]),
    st.sampled_from([[], [1, 2], ["7H"], {}, {"a": 1}, [[["7H"]]]]),
    st.builds(deep, st.sampled_from([50, 5000])),
)


def play(state: mm.MauMauState, moves: int) -> mm.MauMauState:
    bot = mm.MauMauBot()
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(bot.choose(state.view(state.current_player)))
    return state


def finish(state: mm.MauMauState) -> mm.MauMauState:
    return play(state, 100_000)


def blocked() -> mm.MauMauState:
    """A hand every player passed in: nothing to draw and nothing playable (M2)."""
    state = mm.deal(hands=["3D 4D", "KS KD"], discard_pile="9H", seed=1)
    stuck = attrs.evolve(
        state, hands=(state.hands[0], (*state.hands[1], *state.stock)), stock=(), passes=1
    )
    return stuck.pass_turn()


def after_a_jack() -> mm.MauMauState:
    """A state whose top discard is a Jack that named a suit (M6)."""
    state = mm.deal(hands=["JC 3D 4D", "KS KD"], discard_pile="9H", seed=1)
    return state.discard("JC", suit="S")


@cache
def states() -> dict[str, mm.MauMauState]:
    out = {
        "dealt": mm.deal(mm.MAUMAU, 3, seed=1),
        "early": play(mm.deal(mm.MAUMAU, 2, seed=5), 5),
        "middle": play(mm.deal(mm.MAUMAU, 4, seed=8), 17),
        "late": play(mm.deal(mm.MAUMAU, 6, seed=2), 40),
        "drawing": mm.deal(mm.MAUMAU, 3, seed=4).draw().draw(),
        "jack": after_a_jack(),
        "blocked": blocked(),
    }
    for seed in range(40):  # hands ending on another card and on a Jack (points double, M7)
        final = finish(mm.deal(mm.MAUMAU, 4, seed=seed))
        assert final.result is not None
        out.setdefault("finished" if final.result.multiplier == 1 else "finished on a Jack", final)
    assert "finished" in out and "finished on a Jack" in out
    return out


@cache
def matches() -> dict[str, mm.MauMauMatch]:
    start = mm.MauMauMatch.start(mm.MAUMAU, 4, 3)
    final, records = m.play_match(start, [mm.MauMauBot()] * 4)
    assert any(final.reentries)
    return {
        "start": start,
        "part way": m.replay_match(start, records[:2]),
        "finished": final,
    }


def state_invariants(state: mm.MauMauState) -> None:
    """Every invariant of a Mau-Mau state, stated again independently of the library."""
    profile = state.profile
    cards = chain(chain.from_iterable(state.hands), state.stock, state.discard_pile)
    assert sorted(cards) == sorted(profile.deck())  # §0 conservation
    n = len(state.hands)
    assert profile.min_players <= n <= profile.max_players  # M1
    assert 0 <= state.current_player < n
    assert state.direction in (1, -1)  # M5
    for name in COUNTERS[2:]:
        value = getattr(state, name)
        assert type(value) is int and 0 <= value < 2**63, name
    if state.requested_suit is not None:  # M6
        assert state.top.rank == profile.wild_rank
    assert state.drawn <= len(state.hand)
    assert state.passes <= n
    if state.passes:
        assert not state.stock and len(state.discard_pile) == 1
    result = state.result
    block = n if profile.stuck_turn == "pass" else 1  # M2 [decision]
    if result is None:
        assert all(state.hands) and state.passes < block
        return
    points = tuple(sum(profile.card_value(c) for c in hand) for hand in state.hands)
    assert result.hand_points == points
    if result.reason == "out":  # M7
        (winner,) = result.winners
        assert winner == state.current_player and not state.hands[winner]
        double = state.top.rank == profile.wild_rank
        assert result.multiplier == (profile.wild_finish_multiplier if double else 1)
        assert result.scores == tuple(p * result.multiplier for p in points)
    else:
        assert result.reason == "blocked" and state.passes == block
        assert result.winners == () and not any(result.scores)


def match_invariants(match: mm.MauMauMatch) -> None:
    """The invariants of a match that need no replay, stated independently (M8)."""
    profile = match.profile
    assert len(match.scores) == len(match.reentries) == match.players
    limit = profile.max_reentries  # None: no limit (M8)
    assert all(r >= 0 and (limit is None or r <= limit) for r in match.reentries)
    assert match.pot == (
        match.players * profile.entry_chips + sum(match.reentries) * profile.reentry_chips
    )
    assert len(match.results) == len(match.seats)
    for result, seats in zip(match.results, match.seats, strict=True):
        assert list(seats) == sorted(set(seats)) and seats[0] >= 0 and seats[-1] < match.players
        assert len(result.scores) == len(seats)
    if not any(match.reentries):  # without re-entries, the scores are plain sums
        totals = [0] * match.players
        for result, seats in zip(match.results, match.seats, strict=True):
            for player, seat in enumerate(seats):
                totals[seat] += result.scores[player]
        assert tuple(totals) == match.scores


def load_state_or_refuse(data: Any) -> None:
    """``from_dict`` refuses ``data`` with InvalidStateError, or reads a sound state."""
    try:
        state = mm.MauMauState.from_dict(data)
    except InvalidStateError as err:
        assert str(err) and "\n" not in str(err)
        return
    state_invariants(state)
    assert mm.MauMauState.from_dict(state.to_dict()) == state


def load_match_or_refuse(data: Any) -> None:
    """``from_dict`` refuses ``data`` with InvalidStateError, or reads a sound match."""
    try:
        match = mm.MauMauMatch.from_dict(data)
    except InvalidStateError as err:
        assert str(err) and "\n" not in str(err)
        return
    match_invariants(match)
    assert mm.MauMauMatch.from_dict(match.to_dict()) == match


STATE_NAMES = st.sampled_from(
    ["dealt", "early", "middle", "late", "drawing", "jack", "finished", "blocked"]
)


# -- states: one field changed ------------------------------------------------------------


@FAST
@given(name=STATE_NAMES, key=st.sampled_from(COUNTERS), value=JUNK)
def test_a_changed_counter_is_refused_or_sound(name: str, key: str, value: Any) -> None:
    """A counter set to another number, a huge one or a wrong kind: refused or sound."""
    data = states()[name].to_dict()
    data[key] = value
    load_state_or_refuse(data)


@FAST
@given(
    name=STATE_NAMES,
    key=st.sampled_from(["hands", "stock", "discard_pile", "requested_suit", "profile"]),
    value=JUNK,
)
def test_a_changed_card_field_is_refused_or_sound(name: str, key: str, value: Any) -> None:
    """Hands, stock, pile, named suit or profile replaced by junk: refused or sound."""
    data = states()[name].to_dict()
    data[key] = value
    load_state_or_refuse(data)


def _places(data: dict[str, Any]) -> list[tuple[str, int | None]]:
    """Where cards lie in a state's dict: each hand, the stock and the pile."""
    return [("hands", i) for i in range(len(data["hands"]))] + [
        ("stock", None),
        ("discard_pile", None),
    ]


def _get(data: dict[str, Any], place: tuple[str, int | None]) -> list[str]:
    key, index = place
    text = data[key] if index is None else data[key][index]
    return text.split()


def _put(data: dict[str, Any], place: tuple[str, int | None], cards: list[str]) -> None:
    key, index = place
    if index is None:
        data[key] = " ".join(cards)
    else:
        data[key][index] = " ".join(cards)


@FAST
@given(name=STATE_NAMES, data=st.data())
def test_a_moved_card_is_refused_or_sound(name: str, data: st.DataObject) -> None:
    """A card moved from one hand, the stock or the pile to another: refused or sound."""
    tampered = copy.deepcopy(states()[name].to_dict())
    places = _places(tampered)
    source = data.draw(st.sampled_from([p for p in places if _get(tampered, p)]))
    target = data.draw(st.sampled_from([p for p in places if p != source]))
    cards = _get(tampered, source)
    card = cards.pop(data.draw(st.integers(0, len(cards) - 1)))
    _put(tampered, source, cards)
    _put(tampered, target, [*_get(tampered, target), card])
    load_state_or_refuse(tampered)


@FAST
@given(name=STATE_NAMES, data=st.data())
def test_a_duplicated_or_invented_card_is_refused(name: str, data: st.DataObject) -> None:
    """§0: a card copied, or a joker or a third copy added, is refused (conservation)."""
    tampered = copy.deepcopy(states()[name].to_dict())
    places = _places(tampered)
    target = data.draw(st.sampled_from(places))
    source = data.draw(st.sampled_from([p for p in places if _get(tampered, p)]))
    extra = data.draw(st.sampled_from([*_get(tampered, source), "JK"]))
    _put(tampered, target, [*_get(tampered, target), extra])
    with pytest.raises(InvalidStateError, match="conservation"):
        mm.MauMauState.from_dict(tampered)


@FAST
@given(name=STATE_NAMES, data=st.data())
def test_a_lost_card_is_refused(name: str, data: st.DataObject) -> None:
    """§0: a card dropped from a hand, the stock or the pile is refused (conservation)."""
    tampered = copy.deepcopy(states()[name].to_dict())
    source = data.draw(st.sampled_from([p for p in _places(tampered) if _get(tampered, p)]))
    cards = _get(tampered, source)
    cards.pop(data.draw(st.integers(0, len(cards) - 1)))
    _put(tampered, source, cards)
    with pytest.raises(InvalidStateError, match="conservation"):
        mm.MauMauState.from_dict(tampered)


@pytest.mark.parametrize("name", ["dealt", "early", "late", "drawing", "finished", "blocked"])
@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_a_named_suit_without_a_jack_is_refused(name: str, suit: str) -> None:
    """M6: a suit is named only while a Jack is the top discard."""
    data = states()[name].to_dict()
    assert not data["discard_pile"].split()[-1].startswith("J")
    data["requested_suit"] = suit
    with pytest.raises(InvalidStateError, match="requested_suit=.*only on a Jack"):
        mm.MauMauState.from_dict(data)


def test_a_jack_may_name_any_suit() -> None:
    """M6: on a Jack, the named suit may be any of the four."""
    data = states()["jack"].to_dict()
    for suit in "SHDC":
        data["requested_suit"] = suit
        assert mm.MauMauState.from_dict(data).requested_suit is m.Suit.parse(suit)


@FAST
@given(name=st.sampled_from(["finished", "finished on a Jack"]), winner=JUNK)
def test_a_changed_winner_is_refused(name: str, winner: Any) -> None:
    """M7: the winner is the one player who went out; any other value is refused."""
    state = states()[name]
    assert state.result is not None
    if type(winner) is int and winner == state.result.winners[0]:
        return  # hypothesis drew the real winner: nothing changed
    data = state.to_dict()
    data["result"]["winners"] = [winner]
    with pytest.raises(InvalidStateError, match="result"):
        mm.MauMauState.from_dict(data)


@FAST
@given(
    name=st.sampled_from(["finished", "finished on a Jack", "blocked"]),
    key=st.sampled_from(["hand_points", "scores", "multiplier", "reason", "winners"]),
    data=st.data(),
)
def test_a_changed_result_is_refused_or_sound(name: str, key: str, data: st.DataObject) -> None:
    """M7: result entries other than the hands give (recomputed) are refused."""
    tampered = states()[name].to_dict()
    result = tampered["result"]
    if isinstance(result[key], list) and result[key] and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(result[key]) - 1))
        result[key][index] = data.draw(JUNK)
    else:
        result[key] = data.draw(JUNK)
    load_state_or_refuse(tampered)


@pytest.mark.parametrize("name", ["finished", "finished on a Jack"])
def test_scores_not_matching_the_hands_are_refused(name: str) -> None:
    """M7: a score one point off what the hands and the multiplier give is refused."""
    data = states()[name].to_dict()
    loser = 1 - data["result"]["winners"][0] if data["result"]["winners"][0] < 2 else 0
    data["result"]["scores"][loser] += 1
    with pytest.raises(InvalidStateError, match=r"result\.scores"):
        mm.MauMauState.from_dict(data)


def test_a_finished_hand_without_its_jack_bonus_is_refused() -> None:
    """M7: a hand that ended on a Jack doubles everyone's points; multiplier 1 is refused."""
    data = states()["finished on a Jack"].to_dict()
    result = data["result"]
    result["multiplier"], result["scores"] = 1, result["hand_points"]
    with pytest.raises(InvalidStateError, match=r"result\.multiplier=1"):
        mm.MauMauState.from_dict(data)


@pytest.mark.parametrize("name", ["dealt", "middle"])
def test_a_result_on_a_hand_in_play_is_refused(name: str) -> None:
    """M7: a hand where everyone still holds cards has no winner yet."""
    state = states()[name]
    data = state.to_dict()
    points = [sum(state.profile.card_value(c) for c in h) for h in state.hands]
    data["result"] = {
        "reason": "out",
        "winners": [state.current_player],
        "hand_points": points,
        "scores": points,
        "multiplier": 1,
    }
    with pytest.raises(InvalidStateError, match="result"):
        mm.MauMauState.from_dict(data)


def test_passes_with_cards_to_draw_are_refused() -> None:
    """M2 [decision]: a pass needs an empty stock, so passes with a stock are impossible."""
    data = states()["middle"].to_dict()
    data["passes"] = 1
    with pytest.raises(InvalidStateError, match="passes=1"):
        mm.MauMauState.from_dict(data)


def test_more_draws_than_cards_held_are_refused() -> None:
    """M2: the cards drawn this turn are in the current player's hand."""
    state = states()["drawing"]
    data = state.to_dict()
    data["drawn"] = len(state.hand) + 1
    with pytest.raises(InvalidStateError, match="drawn="):
        mm.MauMauState.from_dict(data)


@pytest.mark.parametrize("key", ["hands", "stock", "discard_pile", "last", "result"])
def test_deep_nesting_anywhere_is_an_invalid_state(key: str) -> None:
    """Data nested thousands deep is an InvalidStateError, never a RecursionError."""
    for name in ("middle", "finished"):
        data = states()[name].to_dict()
        data[key] = deep()
        with pytest.raises(InvalidStateError):
            mm.MauMauState.from_dict(data)
        data = states()[name].to_dict()
        data["profile"][key if key in data["profile"] else "rank_points"] = deep()
        with pytest.raises(InvalidStateError):
            mm.MauMauState.from_dict(data)


def test_huge_numbers_are_named_not_written_out() -> None:
    """A counter with thousands of digits is refused with a short message naming the field."""
    data = states()["middle"].to_dict()
    data["seed"] = 10**5000
    with pytest.raises(InvalidStateError, match=r"seed=<a 16610-bit integer>") as info:
        mm.MauMauState.from_dict(data)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hands", 5, "hands=5"),
        ("hands", [[1, 2], ["7H"]], "hands="),
        ("stock", [None], "stock="),
        ("discard_pile", 3.5, "discard_pile="),
        ("requested_suit", 7, "requested_suit=7"),
        ("requested_suit", "Z", "requested_suit='Z'"),
        ("current_player", 3, "current_player=3"),
        ("current_player", -1, "current_player=-1"),
        ("direction", 0, "direction=0"),
        ("turn", -1, "turn=-1"),
        ("reshuffles", 2**70, "reshuffles="),
    ],
)
def test_evolve_with_a_bad_field_is_an_invalid_state(field: str, value: Any, message: str) -> None:
    """The constructor (through attrs.evolve) refuses each bad field with InvalidStateError."""
    with pytest.raises(InvalidStateError, match=message):
        attrs.evolve(states()["dealt"], **{field: value})


def test_evolve_with_a_foreign_result_is_refused() -> None:
    """M7: a result copied from another hand does not fit this hand's cards."""
    other = states()["finished"].result
    with pytest.raises(InvalidStateError, match="result"):
        attrs.evolve(states()["middle"], result=other)


@pytest.mark.parametrize(
    "name", ["dealt", "early", "middle", "late", "jack", "finished", "blocked"]
)
def test_every_sample_state_keeps_the_invariants(name: str) -> None:
    """The sample states themselves are sound and read back the same."""
    state = states()[name]
    state_invariants(state)
    assert mm.MauMauState.from_json(state.to_json()) == state


# -- matches --------------------------------------------------------------------------------

MATCH_NAMES = st.sampled_from(["start", "part way", "finished"])


@FAST
@given(
    name=MATCH_NAMES,
    key=st.sampled_from(["players", "seed", "pot", "scores", "reentries", "seats", "results"]),
    data=st.data(),
)
def test_a_changed_match_field_is_refused_or_sound(
    name: str, key: str, data: st.DataObject
) -> None:
    """M8: a match field (or one entry of it) set to junk: refused or sound."""
    tampered = matches()[name].to_dict()
    if isinstance(tampered[key], list) and tampered[key] and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(tampered[key]) - 1))
        tampered[key][index] = data.draw(JUNK)
    else:
        tampered[key] = data.draw(JUNK)
    load_match_or_refuse(tampered)


@pytest.mark.parametrize("name", ["start", "part way", "finished"])
@pytest.mark.parametrize("key", ["pot", "scores", "reentries"])
def test_a_match_number_one_off_is_refused(name: str, key: str) -> None:
    """M8: scores, re-entries and pot are what the hands give; one more is refused."""
    data = matches()[name].to_dict()
    if key == "pot":
        data["pot"] += 1
    else:
        data[key][0] += 1
    with pytest.raises(InvalidStateError, match=key):
        mm.MauMauMatch.from_dict(data)


def test_match_seats_that_skip_an_active_player_are_refused() -> None:
    """M8: every seat under the burst score plays the next hand."""
    data = matches()["part way"].to_dict()
    result = data["results"][1]
    (winner,) = result["winners"]
    gone = 0 if winner else 1  # a player who did not win leaves the hand's seats
    del data["seats"][1][gone], result["hand_points"][gone], result["scores"][gone]
    result["winners"] = [winner - 1 if winner > gone else winner]
    with pytest.raises(InvalidStateError, match=r"seats\[1\].*is not burst, so it plays"):
        mm.MauMauMatch.from_dict(data)


def test_a_match_result_with_the_winner_out_of_range_is_refused() -> None:
    """M7, M8: a hand's winner is one of its players."""
    data = matches()["finished"].to_dict()
    data["results"][0]["winners"] = [len(data["seats"][0])]
    with pytest.raises(InvalidStateError, match=r"results\[0\].*winners"):
        mm.MauMauMatch.from_dict(data)


def test_a_match_nested_deep_is_an_invalid_state() -> None:
    """Deep nesting in a match's data is an InvalidStateError, never a RecursionError."""
    for key in ("scores", "seats", "results", "profile"):
        data = matches()["finished"].to_dict()
        data[key] = deep()
        with pytest.raises(InvalidStateError):
            mm.MauMauMatch.from_dict(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": "4"}, "players='4'"),
        ({"scores": (0.0, 0, 0, 0)}, "scores"),
        ({"reentries": (True, 0, 0, 0)}, "reentries"),
        ({"pot": 3}, "pot=3"),
        ({"seed": 10**5000}, "seed=<a"),
        ({"results": 5}, "results=5"),
        ({"seats": [[0, 0]]}, "seats"),
        ({"profile": None}, "profile=None"),
    ],
)
def test_match_evolve_with_a_bad_field_is_an_invalid_state(
    changes: dict[str, Any], message: str
) -> None:
    """The match constructor (through attrs.evolve) refuses each bad field, naming it."""
    with pytest.raises(InvalidStateError, match=message):
        attrs.evolve(matches()["start"], **changes)


def test_match_start_refuses_hostile_player_counts() -> None:
    """M1: start refuses a huge or non-numeric player count before building anything."""
    for players in (10**12, 10**5000, "3", None, 1):
        with pytest.raises(InvalidStateError, match="players"):
            mm.MauMauMatch.start(mm.MAUMAU, players, 1)  # type: ignore[arg-type]


def test_match_record_refuses_what_is_no_finished_hand_of_its_own() -> None:
    """M8: record takes only a finished MauMauState played under the match's rules."""
    match = matches()["start"]
    with pytest.raises(InvalidStateError, match="finished MauMauState"):
        match.record("a hand")  # type: ignore[arg-type]
    other = attrs.evolve(mm.MAUMAU, name="other", burst_score=50)
    final = finish(mm.deal(other, 4, seed=1))
    with pytest.raises(InvalidStateError, match="rules 'other'"):
        match.record(final)


def test_match_record_refuses_a_hand_once_the_match_is_over() -> None:
    """M8: no hand is recorded once the match is over."""
    final = matches()["finished"]
    hand = finish(mm.deal(mm.MAUMAU, 2, seed=1))
    with pytest.raises(InvalidStateError, match="the match is over"):
        final.record(hand)


@pytest.mark.parametrize("name", ["start", "part way", "finished"])
def test_every_sample_match_keeps_the_invariants(name: str) -> None:
    """The sample matches themselves are sound and read back the same."""
    match = matches()[name]
    match_invariants(match)
    assert mm.MauMauMatch.from_dict(match.to_dict()) == match
