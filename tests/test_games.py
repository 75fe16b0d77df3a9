"""The game registry: every caller finds a game by name, and a user's variant plays everywhere."""

from __future__ import annotations

import ast
import io
import pathlib

import attrs
import pytest

import mexemexe as m
from mexemexe import _profiles, games, maumau
from mexemexe.cli import main


@pytest.fixture(autouse=True)
def _own_registries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test registers into copies of the registries, so no variant outlives it."""
    monkeypatch.setattr(games, "_GAMES", dict(games._GAMES))
    monkeypatch.setattr(games, "_FAMILIES", list(games._FAMILIES))
    monkeypatch.setattr(_profiles, "_REGISTRY", dict(_profiles._REGISTRY))


def quick_maumau() -> games.Game:
    """A Mau-Mau variant registered with one call: five cards a hand."""
    rules = attrs.evolve(
        maumau.MAUMAU, name="maumau-quick", hand_sizes=dict.fromkeys(range(2, 11), 5)
    )
    game = games.get_game("maumau").with_rules(rules)
    games.register_game(game)
    return game


def quick_rummy() -> games.Game:
    """A rummy variant registered with one call: seven cards a hand."""
    rules = attrs.evolve(
        m.get_profile("brazilian"), name="brazilian-quick", hand_sizes=dict.fromkeys(range(2, 7), 7)
    )
    m.register_profile(rules)
    return games.get_game("brazilian-quick")


VARIANTS = {"maumau-quick": quick_maumau, "brazilian-quick": quick_rummy}


def test_every_shipped_game_is_registered() -> None:
    """The rummy presets and Mau-Mau are games under their names."""
    names = games.game_names()
    assert {"brazilian", "rummikub", "galician", "maumau"} <= set(names)
    assert all(games.get_game(name).name == name for name in names)


def test_a_game_is_found_by_its_rules() -> None:
    """get_game of a rules value is the game played under them."""
    assert games.get_game(maumau.MAUMAU) == games.get_game("maumau")
    assert games.get_game(m.get_profile("galician")).state_type is m.GameState


def test_a_game_is_found_by_its_state_schema() -> None:
    """game_of_schema finds the game whose states write a tag."""
    assert games.game_of_schema(maumau.SCHEMA).state_type is maumau.MauMauState
    with pytest.raises(m.ProfileError, match="unknown state schema"):
        games.game_of_schema("chess/1")


def test_an_unknown_game_names_the_known_ones() -> None:
    """An unknown name is a ProfileError listing the profiles and the other games."""
    with pytest.raises(m.ProfileError, match="known profiles: .*other games: maumau"):
        games.get_game("chess")


def test_a_game_name_of_the_wrong_shape_is_refused() -> None:
    """register_game refuses a name the command line could not take."""
    game = games.get_game("maumau").with_rules(attrs.evolve(maumau.MAUMAU, name="Mau Mau"))
    with pytest.raises(m.ProfileError, match="lower-case letters"):
        games.register_game(game)


def test_a_different_game_under_a_taken_name_is_refused() -> None:
    """register_game refuses to replace a game by another of the same name."""
    quick_maumau()
    other = attrs.evolve(maumau.MAUMAU, name="maumau-quick", burst_score=50)
    with pytest.raises(m.ProfileError, match="already registered"):
        games.register_game(games.get_game("maumau").with_rules(other))


def test_a_game_has_its_bots_by_name() -> None:
    """Game.bot builds a bot by name, and an unknown one names the game's bots."""
    game = games.get_game("maumau")
    assert isinstance(game.bot("simple"), maumau.MauMauBot)
    with pytest.raises(m.ProfileError, match="its bots: random, simple"):
        game.bot("greedy")


def test_the_match_protocol_is_met_by_both_matches() -> None:
    """Match and MauMauMatch are both MatchLike, the protocol play_match plays."""
    assert isinstance(m.Match.start("brazilian", 2, 1), games.MatchLike)
    assert isinstance(maumau.MauMauMatch.start(maumau.MAUMAU, 2, 1), games.MatchLike)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_registered_variant_is_a_game_by_name(name: str) -> None:
    """A variant registered with one call is listed and found by its name."""
    game = VARIANTS[name]()
    assert name in games.game_names()
    assert games.get_game(name) == game


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_registered_variant_deals_by_its_own_rules(name: str) -> None:
    """The variant's deal gives five or seven cards a hand, as its rules say."""
    game = VARIANTS[name]()
    state = game.deal(3, seed=1)
    assert {len(hand) for hand in state.hands} == {5 if "maumau" in name else 7}  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_simulate_plays_a_registered_variant_by_name(name: str) -> None:
    """simulate plays a registered variant by its name, with the game's bots."""
    VARIANTS[name]()
    result = m.simulate(name, ["simple", "random", "simple"], games=3, seed=2)
    assert result.profile_name == name
    assert result.games == 3


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_play_match_plays_a_registered_variant(name: str) -> None:
    """play_match plays the variant's match to its end, and replay_match rebuilds it."""
    game = VARIANTS[name]()
    start = game.start_match(3, seed=4)
    bots = [game.bot("simple", seat) for seat in range(3)]
    final, records = m.play_match(start, bots)
    assert final.is_over
    assert m.replay_match(start, records) == final


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_variant_record_round_trips_through_json(name: str) -> None:
    """A record of the variant's round reads back from JSON, its deal checked by its seed."""
    game = VARIANTS[name]()
    start = game.start_match(3, seed=5)
    _, records = m.play_match(start, [game.bot("simple", seat) for seat in range(3)])
    loaded = m.GameRecord.from_json(records[0].to_json())
    assert loaded == records[0]
    assert loaded.seed is not None


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_cli_simulates_a_registered_variant(name: str) -> None:
    """mexemexe simulate --game NAME plays a registered variant in-process."""
    VARIANTS[name]()
    out = io.StringIO()
    code = main(["simulate", "--game", name, "--bots", "simple,random", "--games", "2"], out=out)
    assert code == 0
    assert f"2 rounds of {name}" in out.getvalue()


def test_the_cli_takes_any_game_as_a_profile_too() -> None:
    """--profile maumau plays Mau-Mau as --game maumau does."""
    out = io.StringIO()
    code = main(
        ["simulate", "--profile", "maumau", "--bots", "simple,random", "--games", "2"], out=out
    )
    assert code == 0
    assert "2 rounds of maumau" in out.getvalue()


def test_the_cli_prints_any_game_s_rules() -> None:
    """mexemexe rules maumau prints Mau-Mau's rulebook, then its settings (or those alone)."""
    out = io.StringIO()
    assert main(["rules", "maumau"], out=out) == 0
    assert out.getvalue().startswith("Mau-Mau\n=======\n")
    assert "\nmaumau: Mau-Mau" in out.getvalue()
    out = io.StringIO()
    assert main(["rules", "maumau", "--settings"], out=out) == 0
    assert out.getvalue().startswith("maumau: Mau-Mau")


# -- the import graph --------------------------------------------------------------------

SRC = pathlib.Path(m.__file__).parent


def module_name(path: pathlib.Path) -> str:
    """``mexemexe.maumau._state`` for ``src/mexemexe/maumau/_state.py``."""
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def name_tests(tree: ast.AST) -> list[str]:
    """Comparisons with a game's name, and isinstance tests on Mau-Mau's types, in ``tree``."""
    names = set(games.game_names()) | {"rummy"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            values = [node.left, *node.comparators]
            for value in values:
                for leaf in ast.walk(value):
                    if isinstance(leaf, ast.Constant) and leaf.value in names:
                        found.append(ast.unparse(node))
        elif (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) in ("isinstance", "issubclass")
            and "MauMau" in ast.unparse(node)
        ):
            found.append(ast.unparse(node))
    return found


def test_no_caller_of_the_registry_tests_a_game_s_name() -> None:
    """Outside Mau-Mau's package and the registry, no code compares a game's name or type."""
    for path in SRC.rglob("*.py"):
        name = module_name(path)
        if name.startswith("mexemexe.maumau") or name == "mexemexe.games":
            continue
        assert name_tests(ast.parse(path.read_text(encoding="utf-8"))) == [], name


def test_register_game_refuses_a_rummy_profile_s_name() -> None:
    """A game may not take the name of a rummy profile, whose game it already is."""
    other = attrs.evolve(
        games.get_game("brazilian"), state_type=maumau.MauMauState, schema="mexemexe.maumau/1"
    )
    with pytest.raises(m.ProfileError, match="already registered as 'brazilian'"):
        games.register_game(other)
    assert games.get_game("brazilian").state_type is m.GameState


def test_register_game_refuses_a_new_rules_type_on_a_taken_schema() -> None:
    """A game with rules of a new type must write states under a schema tag of its own."""

    @attrs.frozen
    class OwnRules:
        name: str = "own-rules-game"
        min_players: int = 2
        max_players: int = 4

    game = attrs.evolve(games.get_game("maumau"), name="own-rules-game", rules=OwnRules())
    with pytest.raises(m.ProfileError, match="schema tag"):
        games.register_game(game)


def test_a_name_both_a_game_and_a_rummy_profile_is_refused_by_get_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rummy profile registered under a game's name makes the name ambiguous: an error."""
    # Both registrations are undone after the test: later tests list every game.
    monkeypatch.setattr(games, "_GAMES", dict(games._GAMES))
    monkeypatch.setattr(_profiles, "_REGISTRY", dict(_profiles._REGISTRY))
    mm = games.get_game("maumau")
    games.register_game(mm.with_rules(attrs.evolve(mm.rules, name="twice-named")))
    m.register_profile(attrs.evolve(m.get_profile("brazilian"), name="twice-named"))
    with pytest.raises(m.ProfileError, match="both a registered game and a rummy profile"):
        games.get_game("twice-named")
