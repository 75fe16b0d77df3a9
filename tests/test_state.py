"""GameState: dealing, conservation, immutability, views and serialization (§0, B2, R1)."""

from __future__ import annotations

import json
import pickle
import random
import re

import attrs
import pytest

import mexemexe as m
from mexemexe import InvalidStateError
from mexemexe._state import successor
from tests.helpers import assert_conserved

BR = m.get_profile("brazilian")
#: Brazilian with B6's draw restriction off: these tests draw whatever the hand holds.
BR_DRAW = attrs.evolve(BR, name="brazilian-draw", draw_only_without_simple_play=False)
RK = m.get_profile("rummikub")


# -- deal -------------------------------------------------------------------------


def test_deal_is_reproducible() -> None:
    """The same seed gives the same deal."""
    assert m.deal(BR, players=4, seed=7) == m.deal("brazilian", players=4, seed=7)
    assert m.deal(BR, players=4, seed=7) != m.deal(BR, players=4, seed=8)


def test_deal_is_the_same_on_every_platform() -> None:
    """The shuffle depends only on getrandbits, so this deal is fixed forever."""
    state = m.deal(BR, players=4, seed=7)
    assert m.format_cards(state.hands[0]) == "AC 2C 3H 4H 6S 6C 7D 9C 9C KH JK"
    assert str(state.stock[-1]) == "2D"


def test_deal_accepts_a_random_instance() -> None:
    """A random.Random may be passed instead of an int."""
    assert m.deal(BR, players=2, seed=random.Random(5)) == m.deal(BR, players=2, seed=5)


@pytest.mark.parametrize("seed", [None, "7", 1.5])
def test_deal_needs_an_explicit_seed(seed: object) -> None:
    """Randomness is always explicit: no default, no other seed types."""
    with pytest.raises(TypeError, match="seed must be an int or a random.Random"):
        m.deal(BR, players=2, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "size"), [(2, 11), (3, 11), (4, 11), (5, 11), (6, 9)])
def test_brazilian_hand_sizes(players: int, size: int) -> None:
    """B2: 11 cards each for 2-5 players, 9 for 6; the rest is the stock."""
    state = m.deal(BR, players=players, seed=1)
    assert all(len(h) == size for h in state.hands)
    assert len(state.stock) == 108 - players * size
    assert state.discard_pile == ()


def test_rummikub_hand_size() -> None:
    """R1: 11 cards each from a 106-card deck."""
    state = m.deal(RK, players=3, seed=1)
    assert [len(h) for h in state.hands] == [11, 11, 11]
    assert len(state.stock) == 106 - 33


def test_deal_for_no_players_names_the_player_range() -> None:
    """B2: zero players is refused by the profile's player range, not as a first-player error."""
    with pytest.raises(m.ProfileError, match="2-6 players, not 0"):
        m.deal(BR, players=0, seed=1)


def test_deal_rejects_too_many_players() -> None:
    """B2: at most 6 players."""
    with pytest.raises(m.ProfileError, match="not 7"):
        m.deal(BR, players=7, seed=1)


def test_player_zero_starts() -> None:
    """B3: player 0 ('o mão') starts."""
    assert m.deal(BR, players=4, seed=1).current_player == 0


def test_stacked_deal_places_cards_and_shuffles_the_rest() -> None:
    """A stacked deal places the given hands and table; the rest becomes the stock."""
    state = m.deal(BR, hands=["7H 8H 9H 2C", "KS KD"], table="5S 6S 7S", seed=1)
    assert state.hands[0] == m.parse_cards("2C 7H 8H 9H")
    assert state.table == m.parse_table("5S 6S 7S")
    assert len(state.stock) == 108 - 9
    assert_conserved(state)


def test_stacked_deal_rejects_extra_copies() -> None:
    """More copies of a card than the deck holds is a clear error."""
    with pytest.raises(InvalidStateError, match="3 x 7H"):
        m.deal(BR, hands=["7H 7H", "7H"], seed=1)


def test_stacked_deal_rejects_an_invalid_table() -> None:
    """A stacked table must be valid under the profile."""
    with pytest.raises(InvalidStateError, match="joker not allowed in a group"):
        m.deal(BR, hands=["2C", "3C"], table="7S 7H JK", seed=1)


def test_stacked_deal_player_count_must_match() -> None:
    """players= and hands= must agree."""
    with pytest.raises(InvalidStateError, match="players=3 but 2 hands"):
        m.deal(BR, 3, hands=["2C", "3C"], seed=1)


def test_first_player_must_be_a_player() -> None:
    """first_player outside the players is an error."""
    with pytest.raises(InvalidStateError, match="first_player 4"):
        m.deal(BR, players=4, seed=1, first_player=4)


# -- conservation and construction ------------------------------------------------


def test_every_deal_conserves_the_deck() -> None:
    """§0: stock + hands + table is the full deck."""
    for profile in (BR, RK):
        for players in range(2, 7):
            assert_conserved(m.deal(profile, players=players, seed=players))


def test_a_state_that_loses_a_card_cannot_be_built() -> None:
    """§0: a missing card is an InvalidStateError naming it."""
    state = m.deal(BR, players=2, seed=1)
    with pytest.raises(InvalidStateError, match=r"missing: " + str(state.stock[0])):
        attrs.evolve(state, stock=state.stock[1:])


def test_a_state_that_duplicates_a_card_cannot_be_built() -> None:
    """§0: a duplicated card is an InvalidStateError naming it."""
    state = m.deal(BR, players=2, seed=1)
    extra = state.hands[0][0]
    hands = ((*state.hands[0], extra), state.hands[1])
    with pytest.raises(InvalidStateError, match=f"too many: {extra} x1"):
        attrs.evolve(state, hands=hands)


def test_engine_successors_guard_the_card_count() -> None:
    """§0: an engine successor that changes a card field and loses a card is refused."""
    state = m.deal(BR, players=2, seed=1)
    build = successor(m.SharedTableState, "hands", "turn")
    short = (state.hands[0][1:], state.hands[1])
    with pytest.raises(InvalidStateError, match="missing: " + str(state.hands[0][0])):
        build(state, short, 1)
    assert build(state, state.hands, 5) == attrs.evolve(state, turn=5)


def test_engine_successors_name_distinct_fields() -> None:
    """A successor builder for a misspelt or repeated field is a ValueError at once."""
    with pytest.raises(ValueError, match="not distinct fields of SharedTableState"):
        successor(m.SharedTableState, "hand")
    with pytest.raises(ValueError, match="not distinct fields of DiscardState"):
        successor(m.DiscardState, "turn", "turn")


def test_current_player_must_exist() -> None:
    """An out-of-range current player is rejected."""
    with pytest.raises(InvalidStateError, match="current_player 5"):
        attrs.evolve(m.deal(BR, players=2, seed=1), current_player=5)


def test_states_are_immutable_values() -> None:
    """States are frozen, hashable and compare by value."""
    state = m.deal(BR, players=2, seed=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.turn = 3  # type: ignore[misc]
    assert hash(state) == hash(m.deal(BR, players=2, seed=1))


def test_a_move_returns_a_new_state_and_leaves_the_old_one() -> None:
    """Moves never mutate: the old state stays usable and unchanged."""
    state = m.deal(BR_DRAW, players=2, seed=1)
    before = state.to_dict()
    after = state.draw()
    assert after is not state
    assert state.to_dict() == before
    assert after.turn == 1


def test_successor_shares_structure() -> None:
    """Unchanged parts are shared, not copied."""
    state = m.deal(BR_DRAW, players=2, seed=1)
    after = state.draw()
    assert after.table is state.table
    assert after.hands[1] is state.hands[1]
    assert after.profile is state.profile


# -- views --------------------------------------------------------------------------


def test_view_shows_own_hand_and_sizes_only() -> None:
    """A view holds own hand, the table and the other hands' sizes."""
    state = m.deal(BR, players=3, seed=4)
    view = state.view(1)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == (11, 11, 11)
    assert view.stock_size == len(state.stock)
    data = view.to_dict()
    assert set(data) >= {"hand", "table", "hand_sizes", "stock_size", "current_player"}
    text = json.dumps(data)
    for other in (0, 2):
        assert m.format_cards(state.hands[other]) not in text
    assert "seed" not in text
    assert "stock" not in {k for k in data if k != "stock_size"}


def test_views_cannot_tell_hidden_cards_apart() -> None:
    """Two states differing only in cards player 0 cannot see give player 0 identical views."""
    state = m.deal(BR, players=3, seed=4)
    # Swap one card of player 2's hand with a different card from the stock.
    hidden = state.hands[2][0]
    k = next(i for i, c in enumerate(state.stock) if c != hidden)
    swapped = state.stock[k]
    stock = (*state.stock[:k], hidden, *state.stock[k + 1 :])
    hand2 = tuple(sorted((*state.hands[2][1:], swapped)))
    other = attrs.evolve(state, hands=(state.hands[0], state.hands[1], hand2), stock=stock)
    assert other != state
    assert other.view(0) == state.view(0)
    assert other.view(0).to_json() == state.view(0).to_json()
    assert other.view(2) != state.view(2)


def test_views_hide_the_card_another_player_drew() -> None:
    """After a draw, other players learn that a card was drawn, not which."""
    state = m.deal(BR_DRAW, players=2, seed=4)
    # A state identical except for the order of the stock's top two cards.
    stock = (*state.stock[:-2], state.stock[-1], state.stock[-2])
    if stock[-1] == state.stock[-1]:
        pytest.skip("top two cards are equal")
    other = attrs.evolve(state, stock=stock)
    a, b = state.draw(), other.draw()
    assert a.view(0).last != b.view(0).last
    assert a.view(1) == b.view(1)
    assert a.view(1).last is not None
    assert a.view(1).last.drawn == ()


def test_view_of_unknown_player_is_an_error() -> None:
    """A view for a player who is not in the round raises a library error."""
    with pytest.raises(InvalidStateError, match="no player 5"):
        m.deal(BR, players=2, seed=1).view(5)


# -- serialization -----------------------------------------------------------------


def test_state_round_trips_through_json() -> None:
    """to_json / from_json give an equal state, with a schema tag."""
    state = m.deal(BR_DRAW, players=4, seed=9).draw().draw()
    data = state.to_dict()
    assert data["schema"] == "mexemexe.state/1"
    assert m.GameState.from_json(state.to_json()) == state


def test_custom_profile_round_trips() -> None:
    """A custom variant is serialized with all its settings."""
    variant = attrs.evolve(BR, name="br-2j", jokers=2, failed_play_penalty=3)
    state = m.deal(variant, players=2, seed=3)
    assert m.GameState.from_dict(state.to_dict()).profile == variant


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (
            lambda d: d["hands"].__setitem__(0, d["hands"][0] + " " + d["hands"][0].split()[0]),
            "too many",
        ),
        (lambda d: d.__setitem__("stock", d["stock"].split(" ", 1)[1]), "missing"),
        (lambda d: d.__setitem__("schema", "other/9"), "unknown schema"),
        (lambda d: d.pop("hands"), "missing key 'hands'"),
        (lambda d: d.__setitem__("current_player", "0"), "expected an integer"),
        (lambda d: d["hands"].__setitem__(0, "7H ZZ"), "bad token 'ZZ'"),
        (lambda d: d["profile"].__setitem__("jokers", 9), "invalid"),
        (lambda d: d["profile"].__setitem__("colour", "red"), "unknown profile settings"),
        (lambda d: d.__setitem__("table", ["7S 7H JK"]), "table is not valid"),
        (lambda d: d.__setitem__("opened", [True]), "opened has 1 entries"),
        (
            lambda d: d.__setitem__("last", {"player": 0, "move": "draw", "drawn": [1, 2]}),
            "expected a Card or a card string, got 1",
        ),
    ],
)
def test_tampered_data_is_rejected_clearly(tamper, message: str) -> None:  # type: ignore[no-untyped-def]
    """from_dict on tampered data raises InvalidStateError saying what is wrong."""
    data = m.deal(BR, players=2, seed=1).to_dict()
    tamper(data)
    with pytest.raises(InvalidStateError, match=message):
        m.GameState.from_dict(data)


def test_from_json_rejects_non_json() -> None:
    """Text that is not JSON is an InvalidStateError."""
    with pytest.raises(InvalidStateError, match="not JSON"):
        m.GameState.from_json("{nope")


def test_from_dict_rejects_non_mapping() -> None:
    """A list is not a state."""
    with pytest.raises(InvalidStateError, match="a state is a mapping"):
        m.GameState.from_dict([1, 2])  # type: ignore[arg-type]


def test_repr_and_str_are_readable() -> None:
    """repr summarises; str shows hands and table."""
    state = m.deal(BR, players=2, seed=1)
    assert repr(state).startswith("<GameState brazilian turn=0 player=0 hands=[11, 11]")
    assert "player 1 (11 cards)" in str(state)


def test_json_that_is_not_an_object_is_rejected() -> None:
    """A JSON list is not a state, a Mau-Mau state or a record."""
    from mexemexe import maumau

    for loader in (m.GameState.from_json, maumau.MauMauState.from_json, m.GameRecord.from_json):
        with pytest.raises(InvalidStateError, match="is a JSON object"):
            loader("[1, 2]")


def test_a_pickled_state_plays_on_like_the_original() -> None:
    """A state sent to a worker process (pickle) plays on alike, its table memo left behind."""
    state = m.deal("brazilian", 4, seed=5)
    bots = [m.SimpleBot()] * 4
    while state.table == m.Table() and not state.is_over:
        state = state.apply(bots[state.current_player].choose(state.view(state.current_player)))
    state.propose(state.table)  # fill the table's memo
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert copy.table._memo == {}  # object ids mean nothing in another process
    final, _ = m.play_round(state, bots)
    final_copy, _ = m.play_round(copy, bots)
    assert final_copy == final


@pytest.mark.parametrize("name", ["brazilian", "rummikub", "galician", "galician-jokers"])
def test_a_pickled_state_is_small_whatever_the_caches_hold(name: str) -> None:
    """A pickle holds the cards (a byte each) and the profile's settings, never its caches."""
    bots = [m.SimpleBot()] * 4
    for seed in range(10):  # the profile's meld caches grow with play
        final, record = m.play_round(m.deal(name, 4, seed=seed), bots)
    assert len(final.profile._meld_rules.cache) > 50
    middle = record.initial
    for move in record.moves[: len(record.moves) // 2]:
        middle = middle.apply(move)
    for state in (record.initial, middle, final):
        data = pickle.dumps(state)
        # The round's history (every move's outcome) comes on top, packed as compactly.
        assert len(data) < 1500 + 100 * len(state.history)
        copy = pickle.loads(data)
        assert copy == state
        assert copy.to_dict() == state.to_dict()
        assert copy.profile is state.profile  # a built-in preset: the module's own object
        assert all(type(c) is m.Card for hand in copy.hands for c in hand)


def test_a_custom_profile_pickles_by_its_settings() -> None:
    """A profile that is no preset is rebuilt from its settings, checked, without its caches."""
    custom = attrs.evolve(m.get_profile("rummikub"), name="rk-pickle", failed_play_penalty=1)
    m.play_round(m.deal(custom, 2, seed=1), [m.SimpleBot()] * 2)
    assert custom._meld_rules.cache
    data = pickle.dumps(custom)
    assert len(data) < 1200
    copy = pickle.loads(data)
    assert copy == custom
    assert copy.to_dict() == custom.to_dict()
    assert not copy._meld_rules.cache
    renamed = attrs.evolve(m.get_profile("brazilian"), joker_points=25)  # a preset's name, changed
    assert pickle.loads(pickle.dumps(renamed)) == renamed


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"turn": "x"}, "turn='x': a whole number"),
        ({"current_player": True}, "current_player=True: a whole number"),
        ({"laid_this_turn": 1}, "laid_this_turn=1: True or False"),
        ({"result": 0}, "result=0: a RoundResult or None"),
        ({"last": "draw"}, "last='draw': an Outcome or None"),
        ({"owners": [["X"]]}, "owners is a list of player numbers per meld"),
    ],
)
def test_fields_of_the_wrong_kind_are_invalid_states(
    changes: dict[str, object], message: str
) -> None:
    """A state built by hand with a field of the wrong kind is an InvalidStateError naming it."""
    state = m.deal("galician", players=2, seed=1)
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        attrs.evolve(state, **changes)


# -- invariants of a hand-built or loaded state (hardening) --------------------------


def galician(name: str = "galician") -> m.GameState:
    """A Galician state in its meld phase with one meld of player 0 on the table."""
    for seed in range(50):
        state = m.deal(name, players=2, seed=seed).draw()
        for move in state.legal_moves():
            if isinstance(move, m.LayDown):
                return state.apply(move)
    raise AssertionError("no deal with a meld")  # pragma: no cover


def test_the_constructor_refuses_an_invalid_table() -> None:
    """B5: a table that is not valid under the profile is refused by the constructor too."""
    state = m.deal(BR, players=2, seed=1)
    hand = state.hands[0]
    group = [c for c in hand if c.rank == hand[0].rank][:1] * 3  # one card thrice: no meld
    with pytest.raises(InvalidStateError, match="table is not valid"):
        m.GameState(BR, hands=[hand[1:], state.hands[1]], table=[group[:1]], stock=state.stock)


def test_a_shared_table_state_has_no_discard_pile() -> None:
    """B11: a Brazilian state with a discard pile is refused, naming the field."""
    state = m.deal(BR, players=2, seed=1)
    with pytest.raises(InvalidStateError, match=r"discard_pile=.*has no discard pile \(B6, B11\)"):
        attrs.evolve(state, stock=state.stock[1:], discard_pile=state.stock[:1])


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"taken": "7H"}, "taken="),
        ({"laid_this_turn": True}, "laid_this_turn=True"),
        ({"recycles": 1}, "recycles=1"),
        ({"owners": [[0, 0, 0]]}, "owners="),
    ],
)
def test_discard_only_fields_are_refused_in_a_shared_table_game(
    changes: dict[str, object], message: str
) -> None:
    """B6, R4: the discard turn's fields keep their resting values in a shared-table round."""
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        attrs.evolve(m.deal(RK, players=2, seed=1), **changes)


def test_a_galician_table_without_owners_is_refused() -> None:
    """G4: a discard game's owners are parallel to its melds (found: no owners, IndexError)."""
    state = galician()
    with pytest.raises(InvalidStateError, match="owners=.*does not match the table's melds"):
        attrs.evolve(state, owners=())


@pytest.mark.parametrize(
    ("changes", "message"),
    [({"taken": "7H"}, "taken=7H in the draw phase"), ({"passes": 1}, "passes=1")],
)
def test_discard_turn_fields_follow_the_phase(changes: dict[str, object], message: str) -> None:
    """G4, G5: nothing is taken before the draw, and a discard round has no passes."""
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        attrs.evolve(m.deal("galician", players=2, seed=1), **changes)


def test_recycles_beyond_the_cap_are_refused() -> None:
    """G8: the recycle count stays within the profile's cap."""
    with pytest.raises(InvalidStateError, match=r"recycles=4: 'galician' turns .* at most 3"):
        attrs.evolve(m.deal("galician", players=2, seed=1), recycles=4)


def test_jokers_owed_in_a_jokerless_game_is_refused() -> None:
    """G12: no joker is owed without the joker exchange (found: jokers_owed=1 in a deadlock)."""
    state = m.deal("galician", players=2, seed=1).draw()
    with pytest.raises(InvalidStateError, match="jokers_owed=1: 'galician' has no joker exchange"):
        attrs.evolve(state, jokers_owed=1)


def test_jokers_owed_beyond_the_jokers_in_hand_is_refused() -> None:
    """G12: a player never owes more jokers than the hand holds."""
    state = m.deal("galician-jokers", players=2, seed=1).draw()
    held = state.hand.count(m.JOKER)
    with pytest.raises(InvalidStateError, match=f"holds {held} joker"):
        attrs.evolve(state, jokers_owed=held + 1)


def test_passes_need_an_empty_stock() -> None:
    """R6: a pass happens only with an empty stock."""
    with pytest.raises(InvalidStateError, match="passes only with an empty stock"):
        attrs.evolve(m.deal(RK, players=2, seed=1), passes=1)


def final_state(name: str = "brazilian") -> m.GameState:
    final, _ = m.play_round(m.deal(name, players=2, seed=4), [m.SimpleBot()] * 2)
    return final


def test_a_result_winner_out_of_range_is_refused() -> None:
    """B9: the result's winners are players of the round."""
    final = final_state()
    assert final.result is not None
    with pytest.raises(InvalidStateError, match=r"winners=\(7,\)"):
        m.RoundResult("out", (7,), final.result.hand_points, final.result.scores)


def test_a_result_with_made_up_scores_is_refused() -> None:
    """B10: the result's scores are those the profile scores for the final hands."""
    final = final_state()
    assert final.result is not None
    scores = (1000, -1000)
    fake = m.RoundResult(
        final.result.reason, final.result.winners, final.result.hand_points, scores
    )
    with pytest.raises(InvalidStateError, match=r"result scores \(1000, -1000\)"):
        attrs.evolve(final, result=fake)


def test_a_result_whose_hand_points_differ_from_the_hands_is_refused() -> None:
    """B10, G9: the result's hand points are those of the final hands."""
    final = final_state("galician")
    assert final.result is not None
    points = tuple(p + 1 for p in final.result.hand_points)
    fake = m.RoundResult(final.result.reason, final.result.winners, points, final.result.scores)
    with pytest.raises(InvalidStateError, match="but the hands hold"):
        attrs.evolve(final, result=fake)


def test_a_result_for_a_round_still_in_play_must_say_how_it_ended() -> None:
    """B9: an 'out' result names a winner whose hand is empty."""
    state = m.deal(BR, players=2, seed=1)
    fake = round_result_for(state)
    with pytest.raises(InvalidStateError, match="went out with cards in hand"):
        attrs.evolve(state, result=fake)


def round_result_for(state: m.GameState) -> m.RoundResult:
    from mexemexe._scoring import _scored

    points = tuple(state.hand_points(p) for p in range(state.players))
    return _scored(state.profile, points, "out", 0, 1)


def test_the_last_outcome_names_a_player_of_the_round() -> None:
    """B3: the previous move's player is a player of the round."""
    state = m.deal(BR_DRAW, players=2, seed=1).draw()
    assert state.last is not None
    with pytest.raises(InvalidStateError, match="last.player 5 is not a player"):
        attrs.evolve(state, last=attrs.evolve(state.last, player=5))


def test_a_hand_of_the_wrong_kind_names_the_field() -> None:
    """§0: the constructor refuses a hand that is not cards with InvalidStateError naming hands."""
    state = m.deal(BR, players=2, seed=1)
    with pytest.raises(InvalidStateError, match="hands"):
        attrs.evolve(state, hands=[5, 6])


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("turn", 10**40),
        ("passes", 10**5000),
        ("opened", [1, 0]),
        ("laid_this_turn", "no"),
        ("last", {"player": 0.0, "move": "draw"}),
        ("last", {"player": 0, "move": "draw", "penalty": "yes"}),
        ("result", {"reason": "out", "winners": [True], "hand_points": [0, 1], "scores": [1, 0]}),
    ],
    ids=[
        "huge-turn",
        "5000-digit-passes",
        "int-flags",
        "text-flag",
        "float-player",
        "text-penalty",
        "bool-winner",
    ],
)
def test_from_dict_refuses_values_of_the_wrong_kind(key: str, value: object) -> None:
    """§0: huge numbers, floats, and flags or bools of the wrong kind are InvalidStateError."""
    data = m.deal(BR, players=2, seed=1).to_dict()
    data[key] = value
    with pytest.raises(InvalidStateError):
        m.GameState.from_dict(data)


def test_from_dict_refuses_non_string_keys_and_deep_nesting() -> None:
    """§0: hostile nested Python data is an InvalidStateError, never RecursionError or TypeError."""
    data = m.deal(BR, players=2, seed=1).to_dict()
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    for key, value in (("hands", deep), ("table", deep), ("last", {1: 2}), ("owners", deep)):
        tampered = dict(data, **{key: value})
        with pytest.raises(InvalidStateError):
            m.GameState.from_dict(tampered)


def test_from_json_refuses_deep_nesting_quickly() -> None:
    """§0: a million '[' is an InvalidStateError at once, not a RecursionError."""
    import time

    start = time.perf_counter()
    for text in ("[" * 10**6, '{"hands": ' + "[" * 10**6, '{"a": ' + "[" * 40 + "]" * 40 + "}"):
        with pytest.raises(InvalidStateError, match="nested"):
            m.GameState.from_json(text)
    assert time.perf_counter() - start < 1


def test_from_json_refuses_a_number_of_thousands_of_digits() -> None:
    """§0: a 5,000-digit number is an InvalidStateError, not int conversion's ValueError."""
    data = m.deal(BR, players=2, seed=1).to_json()
    for text in (data.replace('"turn": 0', '"turn": ' + "9" * 5000), '{"turn": NaN}'):
        with pytest.raises(InvalidStateError, match="not a state"):
            m.GameState.from_json(text)


@pytest.mark.parametrize("profile", ["brazilian", "galician"])
def test_a_stacked_deal_with_an_empty_hand_is_refused(profile: str) -> None:
    """B9, G6: an empty hand ends the round, so a round in play with one is impossible."""
    with pytest.raises(m.InvalidStateError, match="holds no card"):
        m.deal(profile, hands=["", "AS 2S 5H"], seed=1)


def test_a_stacked_discard_pile_without_stacked_hands_is_refused() -> None:
    """G2: a discard pile given to a normal deal is refused, not silently dropped."""
    with pytest.raises(m.InvalidStateError, match="discard pile"):
        m.deal("galician", players=2, seed=1, discard_pile="9D")
