"""The move helpers: `add_meld`, `lay_off` and `playable_cards` on every rummy game (issue 30).

On a shared table (B6, R4) a new meld or a lay-off is the play of the table
it makes, checked as any play; in a discard game (G4) they are the meld
phase's moves. `playable_cards` is checked against brute force.
"""

from __future__ import annotations

import random
import time
from itertools import combinations

import attrs
import pytest

import mexemexe as m
from mexemexe import IllegalMoveError, LayDown, LayOff, Move
from mexemexe._state import PlayableCards
from mexemexe.solver import arrange

SHARED = ("brazilian", "rummikub", "rummikub-classic")


def shared(profile: str, hand: str, table: str = "", *, opened: bool = True) -> m.GameState:
    """A two-player stacked round on ``table``, player 0 (holding ``hand``) to move."""
    state = m.deal(profile, seed=1, hands=[hand, "2D 3D 4D"], table=table or None)
    return attrs.evolve(state, opened=(opened, opened)) if opened else state


def galician(hand: str, table: str = "") -> m.GameState:
    """A Galician round in its meld phase: player 0 holds ``hand`` plus the card drawn."""
    state = m.deal("galician", seed=1, hands=[hand, "2D 3D 4D 5D 6D 7D 8D"], table=table or None)
    return state.draw()


# -- add_meld ---------------------------------------------------------------------------


@pytest.mark.parametrize("profile", SHARED)
def test_add_meld_on_a_shared_table_appends_the_meld(profile: str) -> None:
    """add_meld lays the meld beside the table's melds, which stay as they were (B6, R4)."""
    state = shared(profile, "10H JH QH 2C", "5S 6S 7S")
    after = state.add_meld("QH 10H JH")
    assert str(after.table) == "5S 6S 7S | 10H JH QH"
    assert after.hands[0] == m.parse_cards("2C")
    assert after.current_player == 1


@pytest.mark.parametrize("profile", SHARED)
def test_add_meld_equals_the_play_of_the_same_table(profile: str) -> None:
    """A new meld and the play of the whole table it makes lead to the same hands and table."""
    state = shared(profile, "10H JH QH 2C", "5S 6S 7S")
    by_meld = state.add_meld("10H JH QH")
    by_play = state.play("5S 6S 7S | 10H JH QH")
    assert (by_meld.hands, by_meld.table) == (by_play.hands, by_play.table)


def test_add_meld_in_a_galician_meld_phase() -> None:
    """add_meld is the meld phase's lay-down in a discard game (G4)."""
    state = galician("7H 8H 9H KS KC 2D 5C")
    after = state.add_meld("7H 8H 9H")
    assert str(after.table) == "7H 8H 9H"
    assert after.phase == "meld"


def test_meld_is_add_meld() -> None:
    """The older name meld() does what add_meld() does."""
    state = galician("7H 8H 9H KS KC 2D 5C")
    assert state.meld("7H 8H 9H") == state.add_meld("7H 8H 9H")


# -- lay_off ----------------------------------------------------------------------------


@pytest.mark.parametrize("profile", SHARED)
def test_lay_off_on_a_shared_table_grows_the_meld(profile: str) -> None:
    """lay_off adds the card to meld i in its place; the other melds stay (B6, R4)."""
    state = shared(profile, "4S 2C 9D", "5S 6S 7S | 9H 9C 9S")
    after = state.lay_off("4S", 0)
    assert str(after.table) == "4S 5S 6S 7S | 9H 9C 9S"
    assert after.table.melds[1] is state.table.melds[1]


@pytest.mark.parametrize("profile", SHARED)
def test_lay_off_records_the_move_as_sent(profile: str) -> None:
    """The outcome of a lay-off on a shared table names the lay-off, not a whole table."""
    state = shared(profile, "4S 2C 9D", "5S 6S 7S")
    after = state.lay_off("4S", 0)
    assert after.last is not None
    assert after.last.move == LayOff("4S", 0)
    assert after.last.placed == m.parse_cards("4S")


def test_lay_off_in_a_galician_meld_phase() -> None:
    """lay_off is the meld phase's lay-off onto anyone's meld (G4)."""
    state = galician("4S KS KC 2D 5C 9H 10C", "5S 6S 7S")
    assert str(state.lay_off("4S", 0).table) == "4S 5S 6S 7S"


@pytest.mark.parametrize("profile", SHARED)
def test_shared_table_apply_takes_the_moves_as_text(profile: str) -> None:
    """An app may send 'meld …' and 'layoff … i' to a shared table, as to a discard game."""
    state = shared(profile, "4S 10H JH QH", "5S 6S 7S")
    after = state.apply("layoff 4S 0").current_player
    assert after == 1
    assert str(state.apply(Move.parse("meld 10H JH QH")).table) == "5S 6S 7S | 10H JH QH"


# -- refusals ---------------------------------------------------------------------------


def refused(state: m.GameState, move: Move) -> IllegalMoveError:
    """The error ``move`` raises on ``state``, checked to leave the state as it was."""
    before = state.to_dict()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert state.to_dict() == before
    assert info.value.problems
    return info.value


@pytest.mark.parametrize("profile", SHARED)
def test_add_meld_of_an_invalid_meld_is_refused_with_its_problem(profile: str) -> None:
    """An invalid new meld is refused, the problem naming the meld at its place (§0)."""
    error = refused(shared(profile, "10H JH 2C", "5S 6S 7S"), LayDown("10H JH"))
    assert any(p.meld_index == 1 and "2 cards" in p.message for p in error.problems)


@pytest.mark.parametrize("profile", SHARED)
def test_add_meld_of_cards_not_held_is_refused(profile: str) -> None:
    """Cards the hand does not hold are refused, as in a play (B6, R4)."""
    error = refused(shared(profile, "10H JH 2C", "5S 6S 7S"), LayDown("10H JH QH"))
    assert any("not in player 0's hand" in p.message for p in error.problems)


@pytest.mark.parametrize("profile", SHARED)
def test_lay_off_onto_a_meld_it_does_not_extend_is_refused(profile: str) -> None:
    """A card that leaves the meld invalid is refused, naming meld i."""
    error = refused(shared(profile, "2C 9D", "5S 6S 7S"), LayOff("2C", 0))
    assert error.problems[0].meld_index == 0


@pytest.mark.parametrize("profile", [*SHARED, "galician"])
def test_lay_off_onto_a_missing_meld_is_refused(profile: str) -> None:
    """A meld number beyond the table is refused with the play rule's section."""
    if profile == "galician":
        state = galician("4S KS KC 2D 5C 9H 10C", "5S 6S 7S")
    else:
        state = shared(profile, "4S 9D", "5S 6S 7S")
    error = refused(state, LayOff("4S", 3))
    assert "no meld 3" in error.problems[0].message
    assert error.problems[0].rule == state.profile.section("play")


def test_classic_opening_refuses_a_lay_off_before_the_initial_meld() -> None:
    """Under the classic initial meld a first play only lays down new melds (R4)."""
    state = shared("rummikub-classic", "8S 10H JH QH", "5S 6S 7S", opened=False)
    error = refused(state, LayOff("8S", 0))
    assert any(p.rule == "R4" for p in error.problems)


def test_classic_opening_refuses_a_meld_short_of_the_minimum() -> None:
    """A first meld worth less than 30 points is refused (R4)."""
    state = shared("rummikub-classic", "2H 3H 4H 9D", "5S 6S 7S", opened=False)
    error = refused(state, LayDown("2H 3H 4H"))
    assert any("30 points" in p.message for p in error.problems)


def test_galician_refuses_a_meld_in_the_draw_phase() -> None:
    """Before the draw no meld is laid down (G4)."""
    state = m.deal("galician", seed=1, hands=["7H 8H 9H KS KC 2D 5C", "2D 3D 4D 5D 6D 7D 8D"])
    error = refused(state, LayDown("7H 8H 9H"))
    assert "draw phase" in error.problems[0].message


# -- playable_cards ---------------------------------------------------------------------


def codes(cards: tuple[m.Card, ...] | list[m.Card]) -> set[int]:
    return {card.code for card in cards}


def test_playable_cards_is_a_named_record() -> None:
    """The answer says which cards and whether that is exact."""
    found = shared("brazilian", "4S 2C 9D", "5S 6S 7S").playable_cards()
    assert found == PlayableCards(m.parse_cards("4S"), True)


def test_playable_cards_finds_a_card_only_a_rearrangement_places() -> None:
    """7S goes to the table only by splitting a run (B6): the search finds it."""
    state = shared("brazilian", "7S 2C", "3S 4S 5S 6S 7S 8S 9S 10S")
    assert state.playable_cards().cards == m.parse_cards("7S")


def test_playable_cards_grows_a_meld_by_several_cards() -> None:
    """9H joins 5H-7H only with 8H: both are playable without rearranging."""
    state = shared("rummikub", "9H 8H 2C", "5H 6H 7H")
    assert codes(state.playable_cards(time_limit=0).cards) == codes(m.parse_cards("8H 9H"))


def test_playable_cards_before_a_classic_initial_meld_weighs_points() -> None:
    """Two melds together reach 30 points, neither alone: both are playable (R4)."""
    state = shared("rummikub-classic", "7H 8H 9H 5S 5D 5C 2D", "KS KH KD", opened=False)
    found = state.playable_cards()
    assert codes(found.cards) == codes(m.parse_cards("7H 8H 9H 5S 5D 5C"))
    assert found.exact


def test_playable_cards_of_a_finished_round_is_empty() -> None:
    """A round that is over has nothing to play."""
    state = shared("brazilian", "10H JH QH", "5S 6S 7S").add_meld("10H JH QH")
    assert state.playable_cards() == PlayableCards((), True)


def test_playable_cards_time_limit_is_honoured_and_says_not_exact() -> None:
    """With no time to search, a card only a rearrangement places is left out, not exact."""
    state = shared("brazilian", "7S 2C", "3S 4S 5S 6S 7S 8S 9S 10S")
    start = time.perf_counter()
    found = state.playable_cards(time_limit=0)
    assert time.perf_counter() - start < 1.0
    assert found == PlayableCards((), False)


def test_playable_cards_needs_no_search_to_be_exact_in_galician() -> None:
    """In a discard game nothing rearranges: the answer is exact at once (G4)."""
    state = galician("4S KS KC KD 5C 9H 10C", "5S 6S 7S")
    found = state.playable_cards(time_limit=0)
    assert found.exact
    assert codes(found.cards) == codes(m.parse_cards("4S KS KC KD"))


def random_shared_position(profile: str, rng: random.Random, opened: bool) -> m.GameState:
    """A small shared-table position: a table from a bot game, a 6-card hand from the rest."""
    state = m.deal(profile, players=2, seed=rng.randrange(10**6))
    bots = [m.SimpleBot(), m.SimpleBot()]
    for _ in range(rng.randrange(4, 30)):
        if state.result is not None:
            break
        state = state.apply(bots[state.current_player].choose(state.view(state.current_player)))
    table = state.table
    rest = list(state.stock) + [c for hand in state.hands for c in hand]
    rng.shuffle(rest)
    start = m.deal(profile, seed=1, hands=[rest[:6], rest[6:9]], table=table)
    return attrs.evolve(start, opened=(opened, opened)) if opened else start


def brute_force_shared(state: m.GameState) -> set[int]:
    """The hand cards of some subset of the hand that, with the table, lays out validly."""
    profile = state.profile
    hand = state.hand
    opened = state.opened[0]
    need = profile.opening_need(opened)
    own = not profile.may_use_table(opened)
    base = () if own else tuple(state.table.cards())
    found: set[int] = set()
    for size in range(1, len(hand) + 1):
        for subset in combinations(hand, size):
            if codes(list(subset)) <= found or profile.hand_points(subset) < need:
                continue
            if arrange((*base, *subset), profile) is not None:
                found |= codes(list(subset))
    return found


@pytest.mark.parametrize("profile", SHARED)
@pytest.mark.parametrize("seed", range(6))
def test_playable_cards_agrees_with_brute_force_on_shared_tables(profile: str, seed: int) -> None:
    """Exactly the cards some subset of the hand places with the table laid out anew (B6, R4)."""
    rng = random.Random(f"{profile}-{seed}")
    state = random_shared_position(profile, rng, opened=seed % 2 == 0)
    found = state.playable_cards()
    assert found.exact
    assert codes(found.cards) == brute_force_shared(state)


def brute_force_galician(state: m.GameState) -> set[int]:
    """The hand cards some sequence of meld-phase moves puts on the table (G4), by search."""
    start = set(range(53))
    found: set[int] = set()
    seen: set[str] = set()

    def visit(now: m.GameState) -> None:
        key = now.to_json()
        if key in seen or now.current_player != state.current_player or now.result is not None:
            return
        seen.add(key)
        for move in now.legal_moves():
            if isinstance(move, (LayDown, LayOff, m.SwapJoker)):
                after = now.apply(move)
                assert after.last is not None
                found.update(c.code for c in after.last.placed if c.code in start)
                visit(after)

    visit(state)
    return {code for code in found if code in codes(state.hand)}


def galician_meld_phase(rng: random.Random, profile: str) -> m.GameState:
    """A Galician round in a meld phase some random number of bot turns in."""
    bots = [m.SimpleBot(), m.SimpleBot()]
    while True:
        state = m.deal(profile, players=2, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(2, 40)):
            if state.result is not None or (state.phase == "meld" and rng.random() < 0.2):
                break
            state = state.apply(bots[state.current_player].choose(state.view(state.current_player)))
        if state.result is None and state.phase == "meld":
            return state


@pytest.mark.parametrize("profile", ["galician", "galician-jokers"])
@pytest.mark.parametrize("seed", range(8))
def test_playable_cards_agrees_with_brute_force_in_galician(profile: str, seed: int) -> None:
    """Exactly the cards some sequence of melds, lay-offs and exchanges places (G4, G12)."""
    rng = random.Random(seed)
    state = galician_meld_phase(rng, profile)
    found = state.playable_cards()
    assert found.exact
    assert codes(found.cards) == brute_force_galician(state)


def test_playable_cards_counts_what_a_won_joker_melds() -> None:
    """10C takes the table's joker (G12), which then melds 9H 10H JK: all three are playable."""
    state = m.deal(
        "galician-jokers",
        seed=1,
        hands=["AD 3H 5S 6D 9H 10H 10C", "2D 3D 4D 5D 6D 7D 8D"],
        table="5C 6C 7C JK 9C JK",
    ).draw()
    found = state.playable_cards()
    assert codes(m.parse_cards("9H 10H 10C")) <= codes(found.cards)
    assert codes(found.cards) == brute_force_galician(state)


def test_a_record_of_melds_and_lay_offs_on_a_shared_table_replays() -> None:
    """A game record of meld and layoff moves on a shared table reloads and replays."""
    state = m.deal("rummikub", seed=1, hands=["4S 9D 2C", "2D 3D 4D 5D"], table="5S 6S 7S")
    record = m.GameRecord(state).append("layoff 4S 0").append("meld 2D 3D 4D")
    again = m.GameRecord.from_json(record.to_json())
    assert str(again.replay().table) == "4S 5S 6S 7S | 2D 3D 4D"
