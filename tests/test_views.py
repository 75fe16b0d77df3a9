"""Views of every game: one base, JSON that rebuilds them, strict loaders (#28, #30)."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import games, maumau
from mexemexe._views import View
from mexemexe.bots import Bot

JSONDict = dict[str, object]


def played(name: str, seed: int, moves: int, players: int = 3) -> games.RoundState:
    """A round of ``name`` after up to ``moves`` bot moves from the deal of ``seed``."""
    game = games.get_game(name)
    players = max(game.rules.min_players, min(players, game.rules.max_players))
    state = game.deal(players, seed=seed)
    bot = game.bot(game.default_bot, seed)
    for _ in range(moves):
        if state.result is not None:
            break
        state = state.apply(bot.choose(state.view(state.current_player)))
    return state


def a_view(name: str, seed: int = 2, moves: int = 12, player: int = 1) -> View[m.Profile]:
    """The view of ``player`` after a few moves of a round of ``name``."""
    view: View[m.Profile] = played(name, seed, moves).view(player)
    return view


@pytest.mark.parametrize("name", games.game_names())
def test_every_game_view_derives_from_the_common_view(name: str) -> None:
    """Every registered game's view is a View, holding the fields every game shares."""
    view = a_view(name)
    assert isinstance(view, View)
    assert view.players == len(view.hand_sizes) and view.is_over is (view.result is not None)


@pytest.mark.parametrize("name", games.game_names())
@pytest.mark.parametrize("moves", [0, 7, 40])
def test_every_game_view_round_trips_through_json(name: str, moves: int) -> None:
    """from_dict(to_dict()) and from_json(to_json()) give the same view, for every game."""
    view = played(name, 5, moves).view(0)
    data = view.to_dict()
    assert data["format"] == 1
    assert type(view).from_dict(data) == view
    assert type(view).from_json(view.to_json()) == view
    assert type(view).from_dict(data).to_dict() == data


@pytest.mark.parametrize("name", ["brazilian", "rummikub", "galician"])
def test_player_view_from_dict_builds_the_view_type_of_the_turn_structure(name: str) -> None:
    """PlayerView.from_dict reads any rummy view into its turn structure's type (B6, G4)."""
    view = a_view(name)
    assert type(m.PlayerView.from_dict(view.to_dict())) is type(view)


@pytest.mark.parametrize("name", ["brazilian", "maumau"])
def test_a_view_without_a_format_field_still_reads(name: str) -> None:
    """Views written before the format field read back the same."""
    view = a_view(name)
    data = view.to_dict()
    del data["format"]
    assert type(view).from_dict(data) == view


def test_a_maumau_view_without_its_rules_reads_as_the_default_rules() -> None:
    """A Mau-Mau view written before it carried its rules reads with MAUMAU (M1)."""
    view = a_view("maumau")
    data = view.to_dict()
    del data["profile"]
    assert maumau.MauMauView.from_dict(data) == view


def test_a_rummy_view_takes_its_rules_as_an_argument() -> None:
    """profile= gives the rules of a view whose profile is not registered under its name."""
    view = a_view("brazilian")
    assert m.PlayerView.from_dict(view.to_dict(), profile=m.get_profile("brazilian")) == view
    with pytest.raises(m.InvalidStateError, match="the view is of 'rummikub'"):
        m.PlayerView.from_dict(view.to_dict(), profile="rummikub")


def _set(key: str, value: object) -> Callable[[JSONDict], None]:
    def change(data: JSONDict) -> None:
        data[key] = value

    return change


def _drop(key: str) -> Callable[[JSONDict], None]:
    def change(data: JSONDict) -> None:
        del data[key]

    return change


def _grow_hand(data: JSONDict) -> None:
    data["hand"] = f"{data['hand']} 2C"


def _swap_sizes(data: JSONDict) -> None:
    sizes = data["hand_sizes"]
    assert isinstance(sizes, list)
    data["hand_sizes"] = [sizes[0] + 1, *sizes[1:]]


#: Tamperings every game's view loader refuses, with a word of the message.
COMMON_TAMPERINGS: list[tuple[Callable[[JSONDict], None], str]] = [
    (_drop("hand"), "missing key 'hand'"),
    (_set("schema", "mexemexe.state/1"), "unknown schema"),
    (_set("format", 2), "format=2"),
    (_set("player", 7), "player=7"),
    (_set("player", True), "player=True"),
    (_set("current_player", -1), "current_player"),
    (_set("turn", "3"), "turn='3'"),
    (_set("hand_sizes", "7"), "hand_sizes"),
    (_set("hand_sizes", [1]), "one size per player"),
    (_set("stock_size", 10**6), "conservation"),
    (_swap_sizes, "conservation"),
    (_grow_hand, "hand"),
    (_set("hand", "ZZ"), "hand"),
    (_set("last", 3), "last=3"),
    (_set("result", []), "result"),
]


@pytest.mark.parametrize("name", ["brazilian", "galician", "maumau"])
@pytest.mark.parametrize(("tamper", "word"), COMMON_TAMPERINGS)
def test_a_tampered_view_is_refused_naming_the_field(
    name: str, tamper: Callable[[JSONDict], None], word: str
) -> None:
    """Each tampering raises InvalidStateError (no KeyError or TypeError), naming the fault."""
    view = a_view(name)
    data = view.to_dict()
    tamper(data)
    with pytest.raises(m.InvalidStateError, match=word):
        type(view).from_dict(data)


@pytest.mark.parametrize("name", ["brazilian", "galician", "maumau"])
def test_a_view_of_a_list_or_of_bad_json_is_refused(name: str) -> None:
    """A loader given something other than a mapping, or bad JSON text, raises InvalidStateError."""
    cls = type(a_view(name))
    with pytest.raises(m.InvalidStateError):
        cls.from_dict([])  # type: ignore[arg-type]
    with pytest.raises(m.InvalidStateError):
        cls.from_json("[1, 2")


def _bad_table(data: JSONDict) -> None:
    data["table"] = ["2C 9D KS"]
    data["stock_size"] = int(str(data["stock_size"])) - 3  # the count still adds up


#: Tamperings of the rummy views' own fields: the game, the change, a word of the message.
RUMMY_TAMPERINGS: list[tuple[str, Callable[[JSONDict], None], str]] = [
    ("brazilian", _set("discard_pile", "5H"), "discard_pile"),  # B11: no pile
    ("brazilian", _bad_table, "table"),  # B5: melds only
    ("brazilian", _set("profile", "no-such-game"), "no-such-game"),
    ("brazilian", _set("opened", [True]), "opened"),
    ("galician", _set("phase", "nap"), "phase='nap'"),  # G4: draw, meld
    ("galician", _set("owners", [[0, 0, 0, 0, 0, 0, 0, 0, 0]]), "owners"),  # G4
]


@pytest.mark.parametrize(("name", "tamper", "word"), RUMMY_TAMPERINGS)
def test_a_rummy_view_with_a_tampered_own_field_is_refused(
    name: str, tamper: Callable[[JSONDict], None], word: str
) -> None:
    """A rummy view's table, openings, phase, owners or profile tampered with is refused."""
    data = a_view(name).to_dict()
    tamper(data)
    with pytest.raises(m.InvalidStateError, match=word):
        m.PlayerView.from_dict(data)


def test_a_maumau_view_naming_a_suit_without_a_jack_is_refused() -> None:
    """A suit to follow with no Jack on top is refused (M6)."""
    view = played("maumau", 3, 0).view(0)
    assert isinstance(view, maumau.MauMauView)
    assert view.top.rank != 11
    data = view.to_dict()
    data["requested_suit"] = "H"
    with pytest.raises(m.InvalidStateError, match="requested_suit"):
        maumau.MauMauView.from_dict(data)


def test_a_maumau_view_with_a_bad_direction_is_refused() -> None:
    """The direction of play is +1 or -1 (M5)."""
    data = a_view("maumau").to_dict()
    data["direction"] = 2
    with pytest.raises(m.InvalidStateError, match="direction"):
        maumau.MauMauView.from_dict(data)


@pytest.mark.parametrize("name", ["galician", "maumau"])
def test_a_view_showing_another_players_drawn_card_is_refused(name: str) -> None:
    """A previous move that shows another player's card drawn from the stock is refused."""
    state = played(name, 4, 0)
    mover = state.current_player
    state = state.apply(m.Draw())
    assert state.last is not None and state.last.drawn
    own = state.view(mover)
    data = own.to_dict()
    data["player"] = (mover + 1) % len(own.hand_sizes)
    other = state.view((mover + 1) % len(own.hand_sizes))
    data["hand"] = other.to_dict()["hand"]
    with pytest.raises(m.InvalidStateError, match="never sees"):
        type(own).from_dict(data)


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(games.game_names()),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
    player=st.integers(0, 5),
)
def test_views_of_random_play_round_trip(name: str, seed: int, moves: int, player: int) -> None:
    """Any view of random bot play reads back equal to itself from its JSON."""
    game = games.get_game(name)
    rng = random.Random(seed)
    state = game.deal(game.rules.min_players + rng.randint(0, 1), seed=seed)
    bot = game.bot("random", seed)
    for _ in range(moves):
        if state.result is not None:
            break
        state = state.apply(bot.choose(state.view(state.current_player)))
    view = state.view(player % len(state.hands))
    assert type(view).from_json(view.to_json()) == view


def test_a_rebuilt_view_holds_no_more_than_the_view_written() -> None:
    """A view read back has the same fields as the view, and no field of the full state."""
    state = played("galician", 6, 9)
    view = state.view(0)
    rebuilt = m.PlayerView.from_dict(view.to_dict())
    names = {field.name for field in attrs.fields(type(rebuilt))}
    assert names.isdisjoint({"hands", "stock", "seed", "laid_this_turn"})
    assert attrs.asdict(rebuilt, recurse=False) == attrs.asdict(view, recurse=False)


def test_both_games_bots_are_bots() -> None:
    """SimpleBot, GreedyBot, RandomBot and MauMauBot all follow the one Bot protocol."""
    for bot in (m.SimpleBot(), m.GreedyBot(), m.RandomBot(1), maumau.MauMauBot()):
        assert isinstance(bot, Bot)


def test_a_rummy_bot_refuses_a_maumau_view() -> None:
    """SimpleBot given a Mau-Mau view raises the library's error, naming the view type."""
    with pytest.raises(m.MexeMexeError, match="MauMauView"):
        m.SimpleBot().choose(a_view("maumau"))


def test_the_maumau_bot_refuses_a_rummy_view() -> None:
    """MauMauBot given a rummy view raises the library's error, naming the view type."""
    with pytest.raises(m.MexeMexeError, match="SharedTableView"):
        maumau.MauMauBot().choose(a_view("brazilian"))


def _rehidden(state: games.RoundState, seed: int) -> games.RoundState:
    """``state`` with its hidden cards (hands and stock) dealt again, the sizes kept."""
    full = state
    hidden = [card for hand in full.hands for card in hand] + list(getattr(full, "stock", ()))
    random.Random(seed).shuffle(hidden)
    hands = []
    for hand in full.hands:
        hands.append(hidden[: len(hand)])
        hidden = hidden[len(hand) :]
    changes: dict[str, object] = {"hands": hands, "stock": hidden}
    if hasattr(full, "seed"):
        changes["seed"] = seed
    changed: games.RoundState = attrs.evolve(full, **changes)
    return changed


@pytest.mark.parametrize("name", games.game_names())
def test_every_game_has_a_spectator_view_without_a_hand(name: str) -> None:
    """state.spectator_view() holds no hand, no seat and no moves, and reads back from JSON."""
    state = played(name, 8, 5)
    spectator = state.spectator_view()  # type: ignore[attr-defined]
    assert spectator.is_spectator and spectator.player == -1 and spectator.hand == ()
    assert spectator.hand_sizes == tuple(map(len, state.hands))
    assert spectator.legal_moves() == ()
    assert spectator.to_dict()["hand"] == ""
    assert type(spectator).from_json(spectator.to_json()) == spectator


@pytest.mark.parametrize("name", games.game_names())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_spectator_view_does_not_depend_on_hidden_cards(name: str, seed: int) -> None:
    """Dealing the hands and stock again, sizes kept, leaves the spectator's view unchanged."""
    state = games.get_game(name).deal(3, seed=seed)
    other = _rehidden(state, seed + 100)
    assert other.hands != state.hands
    assert other.spectator_view() == state.spectator_view()  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", games.game_names())
def test_a_spectator_does_not_see_a_drawn_card(name: str) -> None:
    """After a draw from the stock the spectator's previous move holds no card (#30)."""
    deals = (games.get_game(name).deal(2, seed=seed) for seed in range(50))
    state = next(s for s in deals if m.Draw() in s.legal_moves()).apply(m.Draw())
    last = state.spectator_view().last  # type: ignore[attr-defined]
    assert last is not None and last.drawn == () and last.hidden_draws == 1


@pytest.mark.parametrize("name", ["brazilian", "galician", "maumau"])
def test_a_spectator_view_with_a_hand_is_refused(name: str) -> None:
    """A spectator's view (player -1) that shows cards in hand is refused."""
    state = played(name, 2, 3)
    data = state.spectator_view().to_dict()  # type: ignore[attr-defined]
    data["hand"] = state.view(0).to_dict()["hand"]
    with pytest.raises(m.InvalidStateError, match="a spectator holds no cards"):
        type(state.view(0)).from_dict(data)


@pytest.mark.parametrize("name", ["galician", "maumau"])
def test_a_spectator_view_showing_a_drawn_card_is_refused(name: str) -> None:
    """A spectator's view whose previous move shows the card drawn from the stock is refused."""
    state = played(name, 4, 0).apply(m.Draw())
    assert state.last is not None
    data = state.spectator_view().to_dict()  # type: ignore[attr-defined]
    data["last"] = state.last.to_dict()
    with pytest.raises(m.InvalidStateError, match="never sees"):
        type(state.view(0)).from_dict(data)


def test_a_custom_profiles_view_reads_back_from_json_text_given_the_profile() -> None:
    """from_json takes profile= as from_dict does, for a profile no registry knows."""
    custom = attrs.evolve(m.get_profile("rummikub"), name="unregistered-view-test")
    view = m.deal(custom, players=2, seed=3).view(0)
    assert m.PlayerView.from_json(view.to_json(), profile=custom) == view


def test_old_positional_view_construction_is_refused() -> None:
    """The table and what follows are keyword-only: the old positional order raises."""
    v = m.deal("brazilian", players=2, seed=1).view(0)
    with pytest.raises(TypeError):
        type(v)(
            v.player, v.profile, v.hand, v.table, v.hand_sizes, v.stock_size,
            v.current_player, v.turn, v.opened, v.last, v.result,
        )  # fmt: skip


def test_the_base_view_class_refuses_to_guess_the_game() -> None:
    """View.from_json raises the library's error, naming the classes to use."""
    text = m.deal("galician", players=2, seed=1).view(0).to_json()
    with pytest.raises(m.InvalidStateError, match="PlayerView"):
        View.from_json(text)


def test_a_variant_that_kept_a_presets_name_reads_back_as_itself() -> None:
    """A view of changed rules under a registered name writes the rules, not just the name."""
    rules = attrs.evolve(m.get_profile("brazilian"), min_opening_points=51)
    view = m.deal(rules, players=2, seed=1).view(0)
    assert m.PlayerView.from_dict(view.to_dict()) == view
    assert m.deal("brazilian", players=2, seed=1).view(0).to_dict()["profile"] == "brazilian"
