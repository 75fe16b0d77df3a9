"""Each turn structure's state holds only its own fields (issue #28, item 3).

`GameState` is the common base; `SharedTableState` adds the passes of R6 and
`DiscardState` the discard pile and the phases of G4.
"""

from __future__ import annotations

import pickle

import attrs
import pytest

import mexemexe as m
from mexemexe import DiscardState, GameState, InvalidStateError, SharedTableState

#: The keys schema mexemexe.state/1 has always written, in order.
SCHEMA_KEYS = [
    "schema",
    "profile",
    "hands",
    "table",
    "stock",
    "discard_pile",
    "current_player",
    "turn",
    "opened",
    "passes",
    "recycles",
    "last",
    "result",
    "phase",
    "taken",
    "laid_this_turn",
    "jokers_owed",
    "owners",
    "failed_plays",  # B8's failed plays (issue #29): a shared table's, [] in a discard game
    "history",  # every move's outcome (issue #30)
]


def field_names(cls: type) -> set[str]:
    return {field.name for field in attrs.fields(cls)}


@pytest.mark.parametrize(
    ("profile", "cls"),
    [
        ("brazilian", SharedTableState),
        ("rummikub", SharedTableState),
        ("rummikub-classic", SharedTableState),
        ("galician", DiscardState),
        ("galician-jokers", DiscardState),
    ],
)
def test_deal_builds_the_state_type_of_the_turn_structure(profile: str, cls: type) -> None:
    """deal gives each profile's turn structure its own state type, a GameState."""
    state = m.deal(profile, players=2, seed=1)
    assert type(state) is cls
    assert isinstance(state, GameState)


def test_the_base_holds_only_the_common_fields() -> None:
    """GameState's fields are those every turn structure shares."""
    assert field_names(GameState) == {
        "profile",
        "hands",
        "table",
        "stock",
        "current_player",
        "turn",
        "opened",
        "last",
        "result",
        "history",
    }


def test_a_shared_table_state_adds_only_passes() -> None:
    """SharedTableState adds the passes of R6 and failed plays of B8, no discard-turn field."""
    assert field_names(SharedTableState) - field_names(GameState) == {"passes", "failed_plays"}


def test_a_discard_state_adds_only_its_turn_fields() -> None:
    """DiscardState adds the pile, recycles, phase, taken card, flags, owed jokers, owners."""
    assert field_names(DiscardState) - field_names(GameState) == {
        "discard_pile",
        "recycles",
        "phase",
        "taken",
        "laid_this_turn",
        "jokers_owed",
        "owners",
    }


def test_a_shared_table_state_reads_an_empty_pile_and_the_play_phase() -> None:
    """B11: a shared-table state reads discard_pile as () and phase as 'play' (read-only)."""
    state = m.deal("brazilian", players=2, seed=1)
    assert (state.discard_pile, state.phase) == ((), "play")
    with pytest.raises(AttributeError):
        state.discard_pile = ()  # type: ignore[misc]


def test_a_discard_state_has_no_passes() -> None:
    """G8: a discard state has no passes attribute at all."""
    assert not hasattr(m.deal("galician", players=2, seed=1), "passes")


def test_direct_construction_dispatches_on_the_profile() -> None:
    """GameState(profile=..., hands=...) builds the state type of the profile's structure."""
    dealt = m.deal("galician", players=2, seed=1)
    assert isinstance(dealt, DiscardState)
    state = GameState(
        profile="galician",
        hands=dealt.hands,
        stock=dealt.stock,
        discard_pile=dealt.discard_pile,
        phase="draw",
    )
    assert type(state) is DiscardState
    assert state == dealt


def test_a_discard_field_is_refused_on_a_shared_table_naming_it() -> None:
    """B11: GameState(...) of a shared-table profile refuses taken=, naming the field."""
    dealt = m.deal("rummikub", players=2, seed=1)
    with pytest.raises(
        InvalidStateError, match=r"taken='7H': a 'rummikub' round has no card taken"
    ):
        GameState(profile="rummikub", hands=dealt.hands, stock=dealt.stock, taken="7H")


def test_a_shared_table_field_is_refused_in_a_discard_game_naming_it() -> None:
    """G4: evolving a discard state with passes= is refused, naming the field."""
    with pytest.raises(InvalidStateError, match=r"passes=0: a 'galician' round has no passes"):
        attrs.evolve(m.deal("galician", players=2, seed=1), passes=0)


def test_a_state_type_refuses_a_profile_of_another_structure() -> None:
    """A SharedTableState built for a discard profile is refused."""
    dealt = m.deal("galician", players=2, seed=1)
    with pytest.raises(InvalidStateError, match="turn_structure='discard'"):
        SharedTableState("galician", dealt.hands, stock=(*dealt.stock, *dealt.discard_pile))


@pytest.mark.parametrize("profile", ["brazilian", "galician"])
def test_to_dict_writes_the_same_keys_as_before(profile: str) -> None:
    """Schema mexemexe.state/1: every state writes every key, in the same order."""
    assert list(m.deal(profile, players=2, seed=1).to_dict()) == SCHEMA_KEYS


def test_a_shared_table_state_writes_the_discard_keys_at_rest() -> None:
    """A shared-table state writes the discard turn's keys at their resting values."""
    data = m.deal("rummikub", players=2, seed=1).to_dict()
    rest = {key: data[key] for key in SCHEMA_KEYS[13:-2]}
    assert rest == {
        "phase": "play",
        "taken": None,
        "laid_this_turn": False,
        "jokers_owed": 0,
        "owners": [],
    }
    assert (data["discard_pile"], data["recycles"]) == ("", 0)


@pytest.mark.parametrize("profile", ["rummikub", "galician-jokers"])
def test_json_round_trips_to_the_same_type(profile: str) -> None:
    """from_json(to_json()) gives back an equal state of the same type."""
    state = m.deal(profile, players=3, seed=2).draw()
    again = GameState.from_json(state.to_json())
    assert type(again) is type(state)
    assert again == state


def test_from_dict_on_a_subclass_still_follows_the_profile() -> None:
    """SharedTableState.from_dict of a discard state's data builds a DiscardState."""
    data = m.deal("galician", players=2, seed=1).to_dict()
    assert type(SharedTableState.from_dict(data)) is DiscardState


def test_from_dict_refuses_another_structures_field_away_from_rest() -> None:
    """A shared-table state's data with a discard pile is refused, naming the field."""
    data = m.deal("brazilian", players=2, seed=1).to_dict()
    data["discard_pile"] = data["stock"][:2]
    data["stock"] = data["stock"][3:]
    with pytest.raises(InvalidStateError, match="discard_pile="):
        GameState.from_dict(data)


@pytest.mark.parametrize("profile", ["rummikub", "galician"])
def test_pickle_keeps_the_state_type(profile: str) -> None:
    """A pickled state comes back equal and of the same type."""
    state = m.deal(profile, players=2, seed=4).draw()
    again = pickle.loads(pickle.dumps(state))
    assert type(again) is type(state)
    assert again == state


@pytest.mark.parametrize("profile", ["rummikub", "galician"])
def test_evolve_keeps_the_state_type(profile: str) -> None:
    """attrs.evolve of a state gives a state of the same type."""
    state = m.deal(profile, players=2, seed=4)
    assert type(attrs.evolve(state, turn=3)) is type(state)


def test_successors_keep_the_state_type() -> None:
    """Every move of a round returns a state of the round's type."""
    final, record = m.play_round(m.deal("galician", players=2, seed=5), [m.SimpleBot()] * 2)
    assert type(final) is DiscardState
    assert type(record.replay()) is DiscardState


#: The keys schema mexemexe.view/1 has always written, in order (``format`` added last, #30).
VIEW_KEYS = [
    "schema",
    "player",
    "profile",
    "hand",
    "table",
    "hand_sizes",
    "stock_size",
    "discard_pile",
    "current_player",
    "turn",
    "opened",
    "passes",
    "recycles",
    "last",
    "result",
    "phase",
    "taken",
    "jokers_owed",
    "owners",
    "history",
    "format",
]


@pytest.mark.parametrize(
    ("profile", "cls"), [("brazilian", m.SharedTableView), ("galician", m.DiscardView)]
)
def test_view_builds_the_view_type_of_the_turn_structure(profile: str, cls: type) -> None:
    """state.view gives each turn structure its own view type, a PlayerView."""
    view = m.deal(profile, players=2, seed=1).view(1)
    assert type(view) is cls
    assert isinstance(view, m.PlayerView)


def test_each_view_type_adds_only_its_own_fields() -> None:
    """SharedTableView adds passes; DiscardView the discard turn's visible fields."""
    base = field_names(m.PlayerView)
    assert field_names(m.SharedTableView) - base == {"passes"}
    assert field_names(m.DiscardView) - base == {
        "discard_pile",
        "recycles",
        "phase",
        "taken",
        "jokers_owed",
        "owners",
    }


def test_a_shared_table_view_reads_the_discard_fields_at_rest() -> None:
    """A shared-table view reads the discard fields bots read at rest: (), play, None, 0."""
    view = m.deal("rummikub", players=2, seed=1).view(0)
    assert (view.discard_pile, view.phase, view.taken, view.jokers_owed) == ((), "play", None, 0)


@pytest.mark.parametrize("profile", ["brazilian", "galician"])
def test_view_to_dict_writes_the_same_keys_as_before(profile: str) -> None:
    """Schema mexemexe.view/1: every view writes every key, in the same order."""
    assert list(m.deal(profile, players=2, seed=1).view(0).to_dict()) == VIEW_KEYS
