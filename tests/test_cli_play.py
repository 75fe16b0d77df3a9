"""``mexemexe play`` as people play: hint, add, layoff, whole matches, seats and bots (issue 30).

The scripted tests play the same match beside the command (the same deals,
the same bots with the same seeds), so they know what to type for the
person's seat and what the command must print at the end.
"""

from __future__ import annotations

import io

import pytest

from mexemexe import LayDown, Move, Play, format_cards, get_game
from mexemexe.cli import main
from mexemexe.games import MatchLike, RoundState


def run(*argv: str, keys: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, stdin=io.StringIO(keys))
    return code, out.getvalue()


def play(*argv: str, keys: str) -> str:
    code, text = run("play", "--plain", *argv, keys=keys)
    assert code == 0
    return text


def typed(state: RoundState, move: Move) -> str:
    """What a person types for ``move``: a meld, or a play adding a meld or a card: add/layoff."""
    if isinstance(move, LayDown):
        return "add " + format_cards(move.cards)
    if not isinstance(move, Play):
        return str(move)
    old, new = state.table.melds, move.table.melds  # type: ignore[attr-defined]
    if len(new) == len(old) + 1 and new[:-1] == old:
        return "add " + format_cards(new[-1])
    changed = [i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b]
    if len(new) == len(old) and len(changed) == 1:
        i = changed[0]
        added = list(new[i])
        for card in old[i]:
            if card in added:
                added.remove(card)
        if len(added) == 1 and len(new[i]) == len(old[i]) + 1:
            return f"layoff {added[0]} {i}"
    return str(move)


def read(text: str) -> Move:
    """The move the command reads from ``text`` (``add`` is a new meld)."""
    if text.startswith("add "):
        return LayDown(text[4:])
    return Move.parse(text)


def script(
    game_name: str, *, players: int, seed: int, seat: int, rounds: int | None
) -> tuple[list[str], MatchLike, list[RoundState]]:
    """The lines the person types (playing as the game's default bot would) and the match after."""
    game = get_game(game_name)
    match = game.start_match(players, seed=seed)
    bots = {s: game.bot(game.default_bot, seed + s) for s in range(players) if s != seat}
    me_bot = game.bot(game.default_bot, 1000)
    keys: list[str] = []
    finals: list[RoundState] = []
    played = 0
    while not match.is_over and (rounds is None or played < rounds):
        seats = match.next_seats()
        played += 1
        state = match.new_round()
        me = seats.index(seat) if seat in seats else None
        while state.result is None:
            player = state.current_player
            if player == me:
                text = typed(state, me_bot.choose(state.view(player)))
                keys.append(text)
                state = state.apply(read(text))
            else:
                state = state.apply(bots[seats[player]].choose(state.view(player)))
        finals.append(state)
        match = match.record(state).between_rounds()
    return keys, match, finals


@pytest.mark.parametrize("game", ["brazilian", "rummikub", "galician", "maumau"])
def test_a_full_round_against_bots_with_scripted_input(game: str) -> None:
    """Typed moves, add and layoff among them, play a round to the scores the rules give."""
    keys, _, finals = script(game, players=3, seed=2, seat=0, rounds=1)
    text = play("-g", game, "-n", "3", "-s", "2", keys="\n".join(keys) + "\n")
    assert "illegal move" not in text
    result = finals[0].result
    assert result is not None
    assert f"seat 0 (you): scores {result.scores[0]}" in text
    assert "bye" not in text


def test_the_scripted_rounds_use_add_and_layoff() -> None:
    """The scripts above type add and layoff, not only whole tables."""
    typed_lines = [
        line
        for game in ("brazilian", "rummikub", "galician")
        for line in script(game, players=3, seed=2, seat=0, rounds=1)[0]
    ]
    assert any(line.startswith("add ") for line in typed_lines)
    assert any(line.startswith("layoff ") for line in typed_lines)


def test_a_whole_match_with_rounds_all() -> None:
    """--rounds all plays every round of the match and prints its totals."""
    keys, match, finals = script("rummikub", players=2, seed=4, seat=1, rounds=None)
    text = play("-g", "rummikub", "-n", "2", "-s", "4", "--seat", "1", "--rounds", "all",
                keys="\n".join(keys) + "\n")  # fmt: skip
    assert match.is_over
    assert text.count("=== round") == len(finals) > 1
    assert match.summary() in text


def test_rounds_n_plays_n_rounds() -> None:
    """--rounds 2 plays two rounds, totals carried over."""
    keys, match, _ = script("brazilian", players=2, seed=5, seat=0, rounds=2)
    text = play("-g", "brazilian", "-n", "2", "-s", "5", "-r", "2", keys="\n".join(keys) + "\n")
    assert "=== round 2" in text
    assert "=== round 3" not in text
    assert match.summary() in text


def test_seat_choice_shows_that_seat_s_hand() -> None:
    """--seat 2 gives the person seat 2's cards; bots play seats 0 and 1 first."""
    from mexemexe.render import terminal

    state = get_game("rummikub").start_match(3, seed=1).new_round()
    text = play("-g", "rummikub", "--seat", "2", keys="quit\n")
    assert "you are seat 2" in text
    assert f"your hand: {terminal.cards(state.hands[2], colour=False)} " in text
    assert text.index("  player 1 ") < text.index("your hand")


def test_bots_choose_the_other_seats_players() -> None:
    """--bots names the bots of the other seats from the game registry."""
    text = play("-g", "brazilian", "-b", "random,greedy", keys="quit\n")
    assert "you are seat 0" in text


def test_an_unknown_bot_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A bot the game does not have is refused in one line, naming the bots it has."""
    code, _ = run("play", "-b", "clever", keys="")
    err = capsys.readouterr().err
    assert code == 2
    assert "no bot 'clever'" in err
    assert err.count("\n") == 1


def test_a_seat_out_of_range_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--seat beyond the players is refused in one line."""
    code, _ = run("play", "--seat", "3", keys="")
    assert code == 2
    assert "--seat 3: the seats are 0 to 2" in capsys.readouterr().err


def test_hint_suggests_a_legal_move() -> None:
    """hint prints a move the rules accept."""
    text = play("-g", "brazilian", "-s", "3", keys="hint\nquit\n")
    assert "hint: play AC 2C 3C" in text


def test_hint_is_written_as_a_lay_off_when_it_is_one() -> None:
    """A hinted play that adds one card to a table meld is shown as the layoff to type."""
    text = play("-g", "rummikub", "-s", "4", keys="draw\ndraw\nhint\nlayoff 7H 0\nquit\n")
    assert "hint: layoff 7H 0" in text
    assert "player 0: layoff 7H 0" in text


def test_hint_is_written_as_add_when_it_lays_down_one_meld() -> None:
    """A hinted play that lays down one meld is shown as the add to type."""
    assert "hint: add 6S 7S 8S" in play("-g", "brazilian", "-s", "5", keys="hint\nquit\n")


def test_playable_names_the_cards_for_the_table() -> None:
    """playable names the hand cards some play puts on the table."""
    text = play("-g", "brazilian", "-s", "3", keys="playable\nquit\n")
    assert "playable: A♣ 2♣ 3♣ Q♥ K♥ JK" in text


def test_add_lays_down_a_meld_without_retyping_the_table() -> None:
    """add CARDS is the play of the table plus that meld."""
    text = play("-g", "brazilian", "-s", "3", keys="add AC 2C 3C\nquit\n")
    assert "player 0: meld AC 2C 3C" in text
    assert "table: [0] A♣ 2♣ 3♣" in text


def test_a_refused_move_shows_its_problem_and_rule_section() -> None:
    """A refused move prints each problem and where the rulebook explains the rule."""
    text = play("-g", "brazilian", "-s", "3", keys="add AC 2C\nlayoff AC 4\nquit\n")
    assert "illegal move:" in text
    assert "meld 0 (AC 2C): run of 2 cards: at least 3 needed (§0)" in text
    assert "rule §0: mexemexe rules brazilian --section 0" in text
    assert "there is no meld 4 (the table has 0) (B6)" in text
    assert "rule B6: mexemexe rules brazilian --section B6" in text


def test_end_of_input_leaves_the_game() -> None:
    """End of input leaves without a traceback."""
    assert play("-g", "maumau", "-n", "2", keys="moves\n").rstrip().endswith("bye")


def test_rounds_must_be_a_number_or_all(capsys: pytest.CaptureFixture[str]) -> None:
    """--rounds takes 1, 2 … or 'all'."""
    code, _ = run("play", "--rounds", "0", keys="")
    assert code == 2
    assert "'all' for the whole match" in capsys.readouterr().err


# -- the same short options everywhere ------------------------------------------------------


@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_short_g_is_game_in_every_command(command: str) -> None:
    """-g names the game in every command that plays."""
    from mexemexe.cli import build_parser

    args = build_parser().parse_args([command, "-g", "maumau"])
    assert args.game == "maumau"


def test_simulate_old_short_games_still_works_with_a_warning(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """simulate -g N (the old --games) still runs, with a deprecation warning."""
    code, text = run("simulate", "-g", "2", "--bots", "simple,random", keys="")
    assert code == 0
    assert "deprecated" in capsys.readouterr().err
    assert "seat" in text
