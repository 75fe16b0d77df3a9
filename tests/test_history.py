"""The public history of a round: kept by every state, shown by every view as its player may see it.

Issue #30 item 5: who played what, who drew (never which card was drawn
from the stock; a card taken from the face-up discard pile is public), who
was penalised (B8, R5, M4, M5), so that a client that reconnects can show
what happened. Random play of every registered game.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
from typing import Any

import attrs
import jsonschema
import pytest

import mexemexe as m
from mexemexe import schemas
from mexemexe._history import EMPTY_HISTORY, History, SeenHistory
from mexemexe.games import game_names, get_game

GAMES = game_names()
#: Each game's state and view schema files.
SCHEMA_FILES = {"maumau": ("maumau_state", "maumau_view")}


def _played(game: str, seed: int, moves: int = 160) -> list[Any]:
    """The states of a random game of ``game`` (random legal moves), from the deal on."""
    rng = random.Random(seed)
    rules = get_game(game).rules
    players = rng.randint(rules.min_players, min(rules.max_players, 4))
    state: Any = get_game(game).deal(players, seed=seed)
    states = [state]
    while state.result is None and len(states) <= moves:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def _final(game: str, seed: int = 3) -> Any:
    return _played(game, seed)[-1]


def _hidden_from_others(entry: m.Outcome) -> bool:
    """Whether ``entry`` names cards that other players must not see (a stock draw)."""
    return entry.hidden() != entry


def _redrawn(state: Any, viewer: int) -> Any:
    """``state`` with every stock draw of a player but ``viewer`` naming other cards."""
    deck = list(dict.fromkeys(state.profile.deck()))
    entries = []
    for entry in state.history:
        if entry.player != viewer and _hidden_from_others(entry):
            others = tuple(deck[(deck.index(c) + 1) % len(deck)] for c in entry.drawn)
            entry = attrs.evolve(entry, drawn=others)
        entries.append(entry)
    return attrs.evolve(state, history=entries, last=entries[-1])


@pytest.mark.parametrize("game", GAMES)
def test_history_has_one_entry_per_move(game: str) -> None:
    """After every move the history holds one outcome per move made, the newest being ``last``."""
    for made, state in enumerate(_played(game, seed=1)):
        assert len(state.history) == made
        assert state.history.last is state.last


@pytest.mark.parametrize("game", GAMES)
def test_a_move_adds_its_outcome_and_keeps_the_older_entries(game: str) -> None:
    """A successor's history is its predecessor's with the move's outcome added."""
    states = _played(game, seed=2, moves=40)
    for before, after in itertools.pairwise(states):
        assert tuple(after.history) == (*before.history, after.last)


@pytest.mark.parametrize("game", GAMES)
def test_a_view_never_names_another_players_stock_draw(game: str) -> None:
    """A view's history is the same whatever cards the other players drew from the stock."""
    state = _final(game)
    assert any(_hidden_from_others(entry) for entry in state.history)
    for viewer in range(state.players):
        other = _redrawn(state, viewer)
        assert other.history != state.history
        assert other.view(viewer).history == state.view(viewer).history
        assert other.view(viewer).to_dict() == state.view(viewer).to_dict()


@pytest.mark.parametrize("game", GAMES)
def test_a_view_shows_its_own_draws_and_counts_the_others(game: str) -> None:
    """Own draws are named; another player's stock draw is counted as hidden_draws."""
    state = _final(game)
    view = state.view(0)
    assert len(view.history) == len(state.history)
    for full, seen in zip(state.history, view.history, strict=True):
        if full.player == 0 or not _hidden_from_others(full):
            assert seen == full
        else:
            assert (seen.drawn, seen.hidden_draws) == ((), len(full.drawn))


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_sees_every_move_with_every_stock_draw_hidden(game: str) -> None:
    """A spectator's history has every entry, each as `Outcome.hidden` shows it."""
    state = _final(game)
    watched = state.spectator_view()
    assert tuple(watched.history) == tuple(entry.hidden() for entry in state.history)


def test_a_card_taken_from_the_discard_pile_stays_public() -> None:
    """A draw from the face-up discard pile (G4) is named in every view."""
    state = _final("galician")
    taken = [e for e in state.history if getattr(e.move, "source", "") == "discard"]
    assert taken
    assert all(e in state.spectator_view().history for e in taken)


def test_a_failed_play_is_public_with_its_penalty_count() -> None:
    """A forfeit (B8) shows as a penalty with the cards counted, in everyone's view."""
    state = _final("brazilian", seed=5)
    penalties = [e for e in state.spectator_view().history if e.penalty]
    assert penalties
    assert all(e.hidden_draws == 1 and not e.drawn for e in penalties if not e.note)


def test_a_maumau_penalty_is_public() -> None:
    """Mau-Mau's draw penalties (M5) stay in the notes every view shows."""
    state = _final("maumau")
    notes = [e.note for e in state.spectator_view().history]
    assert any("draws" in note and "(M5)" in note for note in notes)


@pytest.mark.parametrize("game", GAMES)
def test_state_json_and_pickle_keep_the_history(game: str) -> None:
    """A state read back from its JSON or its pickle has the same history."""
    state = _final(game)
    assert len(state.to_dict()["history"]) == len(state.history)
    for back in (type(state).from_json(state.to_json()), pickle.loads(pickle.dumps(state))):
        assert back.history == state.history
        assert back == state


@pytest.mark.parametrize("game", GAMES)
def test_view_json_keeps_the_history_as_seen(game: str) -> None:
    """Every player's and the spectator's view reads back equal, history included."""
    state = _final(game)
    for view in (*map(state.view, range(state.players)), state.spectator_view()):
        back = type(view).from_json(view.to_json())
        assert back == view
        assert tuple(back.history) == tuple(view.history)


@pytest.mark.parametrize("game", GAMES)
def test_state_and_view_json_with_history_validate(game: str) -> None:
    """The shipped schemas accept the history of states, views and spectators' views."""
    state_schema, view_schema = SCHEMA_FILES.get(game, ("state", "view"))
    state = _final(game)
    jsonschema.validate(state.to_dict(), schemas.load(state_schema))
    for view in (state.view(1), state.spectator_view()):
        jsonschema.validate(view.to_dict(), schemas.load(view_schema))


@pytest.mark.parametrize("game", GAMES)
def test_older_json_without_history_reads_with_an_empty_one(game: str) -> None:
    """A state or view written before the history was kept loads, its history empty."""
    state = _final(game)
    data = state.to_dict()
    del data["history"]
    assert len(type(state).from_dict(data).history) == 0
    view = state.view(0).to_dict()
    del view["history"]
    assert len(type(state.view(0)).from_dict(view).history) == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_history_missing_a_turn_is_refused(game: str) -> None:
    """A state whose history lacks the move that ended a turn no longer matches its turn count."""
    state = _final(game)
    ends = type(state.view(0)).TURN_ENDS or (m.Move,)
    first = next(k for k, e in enumerate(state.history) if isinstance(e.move, ends))
    data = state.to_dict()
    del data["history"][first]
    with pytest.raises(m.InvalidStateError, match="history"):
        get_game(game).load_state(data)


@pytest.mark.parametrize("game", ["galician", "galician-jokers"])
def test_a_discard_game_history_starts_each_turn_with_a_draw(game: str) -> None:
    """A history of a discard game missing its first draw is refused (G4)."""
    data = _final(game).to_dict()
    del data["history"][0]
    with pytest.raises(m.InvalidStateError, match="starts a turn"):
        get_game(game).load_state(data)


@pytest.mark.parametrize("game", ["galician", "maumau"])
def test_a_history_where_another_player_moves_mid_turn_is_refused(game: str) -> None:
    """A move that leaves the turn to its player is followed by that player's move (G4, M2)."""
    state = _final(game)
    data = state.to_dict()
    draw = next(k for k, e in enumerate(state.history[:-1]) if isinstance(e.move, m.Draw))
    data["history"][draw + 1]["player"] = (state.history[draw].player + 1) % state.players
    with pytest.raises(m.InvalidStateError, match="moves in player"):
        get_game(game).load_state(data)


@pytest.mark.parametrize("game", GAMES)
def test_a_history_whose_newest_entry_is_not_the_last_move_is_refused(game: str) -> None:
    """The newest entry of a state's history is its ``last``."""
    state = _final(game)
    data = state.to_dict()
    data["history"][-1], data["history"][-2] = data["history"][-2], data["history"][-1]
    with pytest.raises(m.InvalidStateError, match="newest entry"):
        get_game(game).load_state(data)


@pytest.mark.parametrize("game", GAMES)
def test_a_view_history_naming_another_players_draw_is_refused(game: str) -> None:
    """A view read back may not name the cards another player drew from the stock."""
    state = _final(game)
    viewer = next(
        p for p in range(state.players) if any(e.player != p and e.drawn for e in state.history)
    )
    data = state.view(viewer).to_dict()
    full = state.history
    index = next(i for i, e in enumerate(full) if e.player != viewer and _hidden_from_others(e))
    data["history"][index] = full[index].to_dict()
    with pytest.raises(m.InvalidStateError, match="never sees"):
        type(state.view(viewer)).from_dict(data)


def test_a_history_entry_that_is_no_outcome_is_refused() -> None:
    """The constructor refuses a history holding something else than outcomes."""
    state = m.deal("brazilian", 2, seed=1)
    with pytest.raises(m.InvalidStateError, match="history"):
        attrs.evolve(state, history=["draw"])


@pytest.mark.parametrize("game", GAMES)
def test_a_record_replays_to_the_same_history(game: str) -> None:
    """A record read back from JSON replays to the same history (records reproduce it)."""
    state = get_game(game).deal(2, seed=4)
    bots = [get_game(game).bot(get_game(game).default_bot, seed) for seed in range(2)]
    final, record = m.play_round(state, bots)
    again = type(record).from_json(record.to_json()).replay()
    assert len(again.history) == len(record.moves)
    assert again.history == final.history


def test_the_history_does_not_copy_its_older_entries() -> None:
    """`History.add` shares the older entries: a successor's history extends its predecessor's."""
    first = EMPTY_HISTORY.add(m.Outcome(0, m.Draw()))
    second = first.add(m.Outcome(1, m.Draw()))
    assert second._before is first
    assert (len(first), len(second)) == (1, 2)


def test_a_history_reads_as_a_sequence() -> None:
    """Indexing, negative indexing, slicing and iteration follow a tuple's."""
    entries = tuple(m.Outcome(p % 2, m.Draw(), note=str(p)) for p in range(5))
    history = History(entries)
    assert tuple(history) == entries
    assert [history[i] for i in range(-5, 5)] == [*entries, *entries]
    assert history[1:4] == entries[1:4]
    assert list(reversed(history)) == list(reversed(entries))
    with pytest.raises(IndexError):
        history[5]


def test_equal_histories_hash_alike() -> None:
    """Histories built apart are equal, with the same hash, when their entries are."""
    entries = [m.Outcome(0, m.Draw()), m.Outcome(1, m.Draw(), note="x")]
    assert History(entries) == History(entries)
    assert hash(History(entries)) == hash(History(entries))
    assert History(entries) != History(entries[:1])


def test_a_long_history_pickles_and_compares_without_recursion() -> None:
    """Thousands of entries pickle flat and compare without deep recursion."""
    history = History(m.Outcome(k % 3, m.Draw(), note=str(k)) for k in range(20_000))
    back = pickle.loads(pickle.dumps(history))
    assert back == history
    assert len(back) == 20_000


def test_a_seen_history_equals_the_tuple_of_its_entries() -> None:
    """A view's history compares equal to the tuple of what its player sees."""
    drawn = m.Outcome(1, m.Draw(), drawn="7H")
    seen = SeenHistory(History([drawn]), 0)
    assert seen == (drawn.hidden(),)
    assert json.loads(json.dumps([e.to_dict() for e in seen]))[0]["drawn"] == ""


def test_changing_written_json_does_not_change_the_next_one() -> None:
    """Each `to_dict` gives fresh entry dicts, though the history writes each entry once."""
    state = _final("galician")
    first = state.to_dict()
    first["history"][0]["player"] = 9
    assert state.to_dict()["history"][0]["player"] == state.history[0].player


def test_entries_written_alike_read_back_equal() -> None:
    """Repeated entries (a long round's draws and discards) read back as equal outcomes."""
    state = _final("maumau")
    back = type(state).from_json(state.to_json())
    assert tuple(back.history) == tuple(state.history)
    assert len({id(e) for e in back.history}) < len(back.history)
