"""B5, rule 20: a suit repeated in a group (``repeated_suits``, issue #29 item 2).

Under ``"later_turn"`` a group may hold a suit twice only where it holds
every card of a group of its rank that stood on the table at the start of
the turn; under ``"never"`` (every preset) a group's suits stay distinct.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import GreedyBot, IllegalMoveError, LayDown, LayOff, ProfileError, solver
from mexemexe import strategies as mst

BR = m.get_profile("brazilian")
#: The seed's reading of rule 20 on the Brazilian rules.
SEED = attrs.evolve(BR, name="brazilian-b5", repeated_suits="later_turn")
#: The same rules with suits never repeated.
NEVER = attrs.evolve(SEED, name="brazilian-b5-never", repeated_suits="never")
PRESETS = ("brazilian", "rummikub", "rummikub-classic", "galician", "galician-jokers")


def stacked(hands: list[str], table: str, profile: m.Profile = SEED) -> m.GameState:
    return m.deal(profile, hands=hands, table=table, seed=1)


def b5_problems(report: m.TableReport | m.Proposal) -> list[m.Problem]:
    return [p for p in report.problems if p.rule == "B5"]


def repeats_a_suit(meld: tuple[m.Card, ...]) -> bool:
    naturals = [c for c in meld if c.rank is not None]
    return len({c.rank for c in naturals}) == 1 and len(set(naturals)) < len(naturals)


# -- the setting -------------------------------------------------------------------------


def test_b5_every_preset_keeps_suits_distinct() -> None:
    """B5: repeated_suits defaults to "never", in every preset."""
    assert m.Profile(name="bare").repeated_suits == "never"
    assert {m.get_profile(name).repeated_suits for name in PRESETS} == {"never"}


def test_b5_an_unknown_value_is_refused_quoting_it() -> None:
    """B5: a repeated_suits value other than "never" and "later_turn" is a ProfileError."""
    with pytest.raises(ProfileError, match="repeated_suits='sometimes'"):
        attrs.evolve(BR, repeated_suits="sometimes")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"turn_structure": "discard", "draw_only_without_simple_play": False}, "shared table"),
        ({"decks": 3}, "at most 2 decks"),
        ({"joker_policy": "free"}, "jokers must stay out of groups"),
    ],
)
def test_b5_later_turn_needs_a_shared_table_two_decks_and_no_group_jokers(
    changes: dict[str, object], words: str
) -> None:
    """B5: "later_turn" is refused with a discard turn, three decks or jokers in groups."""
    with pytest.raises(ProfileError, match=words):
        attrs.evolve(SEED, **changes)


def test_b5_the_setting_round_trips_through_a_dict() -> None:
    """B5: to_dict writes repeated_suits and from_dict reads it back."""
    data = SEED.to_dict()
    assert data["repeated_suits"] == "later_turn"
    assert m.Profile.from_dict(data) == SEED
    assert "repeated_suits='later_turn'" in repr(SEED)


# -- validation of a turn's play ---------------------------------------------------------


def test_b5_a_repetition_extends_a_group_of_an_earlier_turn() -> None:
    """B5: a second 7S added to 7S 7H 7D laid on an earlier turn is a valid play."""
    state = stacked(["7S KD 2H", "KS 3D 5C"], "7S 7H 7D | 2C 3C 4C")
    after = state.play("7S 7H 7D 7S | 2C 3C 4C")
    assert after.table.card_count == 7
    assert sorted(after.hands[0]) == sorted(m.parse_cards("KD 2H"))


def test_b5_never_refuses_the_same_repetition() -> None:
    """B5: under "never" the same play is refused."""
    state = stacked(["7S KD 2H", "KS 3D 5C"], "7S 7H 7D | 2C 3C 4C", profile=BR)
    assert not state.propose("7S 7H 7D 7S | 2C 3C 4C").ok


def test_b5_a_group_laid_this_turn_may_not_repeat_a_suit() -> None:
    """B5: a group laid down this turn holding a suit twice is refused, citing B5."""
    state = stacked(["7S 7S 7H 7D KD", "KS 3D 5C"], "2C 3C 4C")
    proposal = state.propose("7S 7S 7H 7D | 2C 3C 4C")
    assert not proposal.ok
    assert b5_problems(proposal)
    with pytest.raises(IllegalMoveError):
        state.play("7S 7S 7H 7D | 2C 3C 4C")


def test_b5_a_repetition_needs_every_card_of_the_old_group() -> None:
    """B5: once a card of the old group has left it, the group may not repeat a suit."""
    state = stacked(["7S KD 2H", "KS 3D 5C"], "7S 7H 7D 7C | 8H 9H 10H")
    proposal = state.propose("7S 7D 7C 7S | 7H 8H 9H 10H")
    assert not proposal.ok
    assert b5_problems(proposal)


def test_b5_a_card_moved_from_another_meld_may_repeat_a_suit() -> None:
    """B5: the repeated copy may come from another table meld (here a run), not the hand."""
    state = stacked(["3S KD 2H", "KS 3D 5C"], "7S 7H 7D | 4S 5S 6S 7S")
    after = state.play("7S 7H 7D 7S | 3S 4S 5S 6S")
    assert sorted(after.hands[0]) == sorted(m.parse_cards("KD 2H"))


def test_b5_the_two_copies_of_a_card_are_alike() -> None:
    """B5: either copy of the old group's card may stay: containment is by card value."""
    state = stacked(["7H KD 2H", "KS 3D 5C"], "7S 7H 7D 7S | 2C 3C 4C")
    after = state.play("7H 7S 7D 7H 7S | 2C 3C 4C")
    assert after.table.card_count == 8


def test_b5_an_unchanged_repeated_group_stays_valid_next_turn() -> None:
    """B5: a group holding a suit twice on the table anchors itself on the next turn."""
    state = stacked(["KD QD JD 2H", "KS 3D 5C"], "7S 7S 7H 7D | 2C 3C 4C")
    after = state.play("7S 7S 7H 7D | 2C 3C 4C | JD QD KD")
    assert after.table.card_count == 10


def test_b5_a_ninth_card_is_refused() -> None:
    """B5: a group holds each suit at most twice: 8 cards, and no ninth is ever accepted."""
    full = "7S 7S 7H 7H 7D 7D 7C 7C"
    assert SEED.validate_table(full, start="7S 7H 7D")
    assert m.meld_extensions(m.parse_cards(full), SEED) == frozenset()
    report = SEED.validate_table(full + " 7C", start="7S 7H 7D")
    assert not report.ok
    assert b5_problems(report)


# -- validate_table on its own -----------------------------------------------------------


def test_b5_validate_table_with_start_is_the_strict_rule() -> None:
    """B5: with start, a repetition is valid only where start had a group it extends."""
    assert SEED.validate_table("7S 7H 7D 7S", start="7S 7H 7D | 2C 3C 4C")
    assert SEED.validate_table("7S 7H 7D 7S", start="7S 7S 7H 7D")  # a repeated anchor
    for start in ("", "7S 7H 7C", "7S 7H 7D 7C", "2C 3C 4C"):
        report = SEED.validate_table("7S 7H 7D 7S", start=start)
        assert not report.ok, start
        assert b5_problems(report), start


def test_b5_validate_table_without_start_needs_three_distinct_suits() -> None:
    """B5: without start, a group repeating a suit is valid with at least 3 distinct suits."""
    assert SEED.validate_table("7S 7H 7D 7S")
    assert m.validate_table("7S 7S 7H 7H 7D", SEED)
    report = SEED.validate_table("7S 7H 7S")
    assert not report.ok
    assert b5_problems(report)
    assert not BR.validate_table("7S 7H 7D 7S")  # "never": start or not


def test_b5_a_repeated_group_holds_no_joker() -> None:
    """B5: a group holding a suit twice with a joker is refused (jokers stay out of groups)."""
    assert not SEED.validate_table("7S 7H 7D 7S JK", start="7S 7H 7D")


def test_b5_a_state_read_from_json_keeps_its_repeated_group() -> None:
    """B5: a state whose table holds a repeated group reads back from JSON (the standalone rule)."""
    state = stacked(["KD QD 2H", "KS 3D 5C"], "7S 7S 7H 7D | 2C 3C 4C")
    again = m.GameState.from_json(state.to_json())
    assert again.table == state.table
    assert again.profile.repeated_suits == "later_turn"


# -- the listing and the bots ------------------------------------------------------------


def test_b5_legal_moves_list_a_repeated_lay_off() -> None:
    """B5: legal_moves lists laying a second copy off onto a table group, and it applies."""
    state = stacked(["7S KD 2H", "KS 3D 5C"], "7S 7H 7D | 2C 3C 4C")
    plays = [move for move in state.legal_moves() if isinstance(move, (LayDown, LayOff))]
    assert plays == [LayOff("7S", 0)]
    assert Counter(state.apply(plays[0]).table.cards()) - Counter(state.table.cards()) == Counter(
        m.parse_cards("7S")
    )
    never = stacked(["7S KD 2H", "KS"], "7S 7H 7D", BR)
    assert not any(isinstance(move, (LayDown, LayOff)) for move in never.legal_moves())


def test_b5_a_repeated_lay_off_is_a_simple_play() -> None:
    """B5 with B6: a second copy that extends a table group is a simple play: no draw."""
    state = stacked(["7S KD 2H", "KS 3D 5C"], "7S 7H 7D | 2C 3C 4C")
    with pytest.raises(IllegalMoveError) as info:
        state.draw()
    assert info.value.problems[0].rule == "B6"


def test_b5_greedy_bot_never_repeats_a_suit_in_its_new_group() -> None:
    """B5: the greedy bot lays a repetition onto an old group, never onto its own new one."""
    state = stacked(["7S 7H 7D 7S 2H", "KS 3D 5C"], "2C 3C 4C")
    move = GreedyBot().choose(state.view(state.current_player))
    assert state.propose(move.table).ok  # type: ignore[union-attr]


def selfplay_states(seed: int, turns: int = 24) -> list[m.GameState]:
    """The states of a seeded 3-player round under the seed's rule, played by greedy bots."""
    state = m.deal(SEED, 3, seed=seed)
    bot = GreedyBot()
    out = [state]
    for _ in range(turns):
        if state.result is not None:
            break
        state = state.apply(bot.choose(state.view(state.current_player)))
        out.append(state)
    return out


def test_b5_bots_play_legal_rounds_under_later_turn() -> None:
    """B5: greedy bots play whole turns under "later_turn", every table valid as it stands."""
    for seed in range(3):
        for state in selfplay_states(seed):
            assert SEED.validate_table(state.table), state.table


def test_b5_every_listed_play_is_legal_under_later_turn() -> None:
    """B5: on positions of seeded rounds, every play legal_moves lists is accepted."""
    listed = repeating = 0
    for seed in range(3):
        for state in selfplay_states(seed, 18):
            if state.result is not None:
                continue
            before = sum(map(repeats_a_suit, state.table.melds))
            for move in state.legal_moves():
                if isinstance(move, (LayDown, LayOff)):
                    table = state.apply(move).table  # refused if illegal
                    listed += 1
                    repeating += sum(map(repeats_a_suit, table.melds)) > before
    assert listed > 10
    assert repeating  # some of them lay a second copy off onto a table group


# -- the solver --------------------------------------------------------------------------


def test_b5_best_play_finds_a_play_that_needs_a_repetition() -> None:
    """B5: with a big hand (the exact search, no lay-off shortcut), 7S joins 7S 7H 7D."""
    hand = "7S KD 2H 4S 9C JD 5H QC 3D"
    best = solver.best_play(table="7S 7H 7D", hand=hand, profile=SEED)
    assert best.placed == (m.Card.parse("7S"),)
    assert SEED.validate_table(best.table, start="7S 7H 7D")
    assert not solver.best_play(table="7S 7H 7D", hand=hand, profile=BR).placed


def test_b5_best_play_keeps_a_run_and_repeats_elsewhere() -> None:
    """B5: the search weighs a copy in a run against a repetition: here both copies find a place."""
    table = "7S 7H 7D | 4S 5S 6S"
    hand = "7S 8S 7H KD 2H 9C JD QC 3D"
    best = solver.best_play(table=table, hand=hand, profile=SEED)
    assert set(best.placed) >= set(m.parse_cards("7S 8S 7H"))
    assert SEED.validate_table(best.table, start=table)


def test_b5_best_play_lays_out_a_table_holding_a_repeated_group() -> None:
    """B5: a table with a repeated group and nothing to place gives the table back as it is."""
    best = solver.best_play(table="7S 7S 7H 7D | 2C 3C 4C", hand="KD", profile=SEED)
    assert best.placed == ()
    assert best.exact


def test_b5_best_play_never_breaks_b5_on_random_positions() -> None:
    """B5: on positions from seeded rounds, every best play is a legal play of that state."""
    rng = random.Random(29)
    checked = 0
    for seed in range(4):
        for state in rng.sample(selfplay_states(seed, 16), 4):
            if state.result is not None:
                continue
            best = solver.best_play(state, time_limit=20)
            if best.placed:
                assert state.propose(best.table).ok, (state.table, best.table)
                assert SEED.validate_table(best.table, start=state.table)
            if best.exact and all(SEED.classify_meld(meld) for meld in state.table.melds):
                plain = solver.best_play(table=state.table, hand=state.hand, profile=NEVER)
                assert best.value >= plain.value
            checked += 1
    assert checked >= 8


# -- "never": no group ever holds a suit twice --------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_b5_never_no_valid_table_holds_a_suit_twice(data: st.DataObject) -> None:
    """B5: under "never", no group of a valid table (any preset) holds a suit twice."""
    name = data.draw(st.sampled_from(PRESETS))
    profile = m.get_profile(name)
    table = data.draw(mst.tables(profile))
    extra = data.draw(mst.groups(profile))
    for candidate in (table, m.Table((*table.melds, (*extra, extra[0])))):
        if profile.validate_table(candidate):
            assert not any(repeats_a_suit(meld) for meld in candidate.melds)


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_b5_never_the_solver_never_repeats_a_suit(data: st.DataObject) -> None:
    """B5: under "never", no group the solver lays out holds a suit twice, however many copies."""
    name = data.draw(st.sampled_from(("brazilian", "rummikub")))
    profile = m.get_profile(name)
    rank = data.draw(st.sampled_from("A23456789TJQK"))
    group = [f"{rank}{s}" for s in "SHDC"]
    table = " ".join(group)
    extra = data.draw(st.lists(st.sampled_from(group), min_size=1, max_size=4, unique=True))
    best = solver.best_play(table=table, hand=" ".join(extra), profile=profile)
    assert not any(repeats_a_suit(meld) for meld in best.table.melds)
    assert profile.validate_table(best.table)


def meld_ok(meld: tuple[m.Card, ...], start: m.Table) -> bool:
    """One meld of a play under the seed's rule, judged as validate_table judges it."""
    return bool(SEED.validate_table(m.Table([meld]), start=start))


def partitions_ok(cards: list[m.Card], start: m.Table) -> bool:
    """Whether ``cards`` split into melds each valid against ``start`` (brute force)."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for size in range(2, min(8, len(rest)) + 1):
        for others in set(combinations(rest, size)):
            meld = (first, *others)
            if meld_ok(meld, start):
                left = list(rest)
                for card in others:
                    left.remove(card)
                if partitions_ok(left, start):
                    return True
    return False


def brute_best(table: m.Table, hand: list[m.Card]) -> int:
    """The most hand cards a play can place, by trying every subset and every split."""
    for size in range(len(hand), -1, -1):
        for chosen in set(combinations(sorted(hand), size)):
            if partitions_ok(sorted([*table.cards(), *chosen]), table):
                return size
    return -1


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_b5_best_play_is_exact_on_small_positions(data: st.DataObject) -> None:
    """B5: near a table group, best_play places as many cards as a brute-force search."""
    rank = data.draw(st.integers(3, 11))
    suits = "SHDC"
    sym = "A23456789TJQK"
    group_suits = data.draw(st.lists(st.sampled_from(suits), min_size=3, max_size=4, unique=True))
    run_suit = data.draw(st.sampled_from(suits))
    group = [m.Card.parse(f"{sym[rank - 1]}{s}") for s in group_suits]
    run = [m.Card.parse(f"{sym[v - 1]}{run_suit}") for v in range(rank - 2, rank + 1)]
    table = m.Table([tuple(group), tuple(run)])
    pool = [m.Card.parse(f"{sym[v - 1]}{s}") for v in range(rank - 1, rank + 2) for s in suits]
    hand = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3))
    counts = Counter([*table.cards(), *hand])
    if any(k > 2 for k in counts.values()):
        return
    # Cards far from the rank, no two of a rank or next to each other in a suit,
    # join no meld; they make the hand big enough for the full search.
    far = [v for v in range(1, 14) if abs(v - rank) >= 4]
    junk = [m.Card.parse(f"{sym[v - 1]}{suits[i % 4]}") for i, v in enumerate(far)][:6]
    best = solver.best_play(table=table, hand=[*hand, *junk], profile=SEED)
    assert len(best.placed) == brute_best(table, hand)
    assert SEED.validate_table(best.table, start=table)


def test_b5_the_solver_adds_both_copies_of_a_suit_the_old_group_lacks() -> None:
    """B5: with a hand past the small-hand shortcut, 7C 7C join 7S 7H 7D in one group."""
    hand = "7C 7C 2S 5H 9D QC KS 4D 10H 2C 6S JD AH 3D QH KC 9S"
    found = solver.best_play(table="7S 7H 7D", hand=hand, profile=SEED)
    assert found.exact
    assert sorted(found.placed) == sorted(m.parse_cards("7C 7C"))


def test_b5_the_solver_repeats_a_suit_after_a_rearrangement() -> None:
    """B5: 8D leaves its group for a run and the J group takes both JC."""
    found = solver.best_play(table="8C 8S 8H 8D | JH JD JS", hand="JC JC 9D JK", profile=SEED)
    assert found.exact
    assert len(found.placed) == 4
    assert stacked(["JC JC 9D JK", "2S"], "8C 8S 8H 8D | JH JD JS").propose(found.table).ok


def test_b5_playable_cards_counts_a_repeated_lay_off_without_search() -> None:
    """B5: playable_cards finds the second 7S for 7S 7H 7D with no time to search."""
    state = stacked(["7S 2D", "3S"], "7S 7H 7D")
    found = state.playable_cards(0)
    assert m.parse_cards("7S")[0] in found.cards
