"""The command line: demo, validate, rules; errors without tracebacks."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from mexemexe.cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_demo_plays_a_seeded_brazilian_round() -> None:
    """The demo plays a full seeded 4-player Brazilian round, turn by turn."""
    code, text = run("demo")
    assert code == 0
    assert "a seeded brazilian round, 4 simple bots (seed 7)" in text
    assert "turn   1  player 0 played" in text
    assert "round over" in text
    assert text.count("<- wins") >= 1


def test_demo_is_reproducible() -> None:
    """The same seed prints the same game."""
    assert run("demo", "--seed", "3") == run("demo", "--seed", "3")
    assert run("demo", "--seed", "3") != run("demo", "--seed", "4")


def test_demo_other_profile_and_players() -> None:
    """The demo takes a profile and a player count."""
    code, text = run("demo", "--profile", "rummikub", "--players", "3", "--unicode")
    assert code == 0
    assert "rummikub round, 3 simple bots" in text


def test_validate_valid_table_exits_0() -> None:
    """A valid table exits 0 and shows its melds."""
    code, text = run("validate", "5H JK 7H | 7S 7H 7D", "--profile", "brazilian")
    assert code == 0
    assert "run 5H JK 7H" in text


def test_validate_invalid_table_exits_1_with_reasons() -> None:
    """An invalid table exits 1 and cites the rule."""
    code, text = run("validate", "7S 7H JK", "-p", "brazilian")
    assert code == 1
    assert "(B5)" in text


def test_validate_bad_notation_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad notation is one error line on stderr, exit 2."""
    code, _ = run("validate", "7S XX")
    assert code == 2
    assert "bad token 'XX'" in capsys.readouterr().err


def test_unknown_profile_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown profile lists the known ones."""
    code, _ = run("rules", "chess")
    assert code == 2
    assert "known profiles" in capsys.readouterr().err


def test_rules_prints_fields() -> None:
    """rules NAME prints every setting."""
    code, text = run("rules", "galician")
    assert code == 0
    assert "mexe_mexe_multiplier" in text
    assert "recycle_discard" in text


def test_no_command_prints_help() -> None:
    """Without a command, the usage is printed."""
    code, text = run()
    assert code == 2
    assert "usage" in text


def test_bad_arguments_give_usage_not_traceback() -> None:
    """python -m mexemexe with a bad command prints usage and exits 2."""
    proc = subprocess.run(
        [sys.executable, "-m", "mexemexe", "bogus"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2
    assert "usage" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_demo_plays_a_maumau_match() -> None:
    """demo --game maumau plays a whole seeded match and names who takes the pot."""
    code, text = run("demo", "--game", "maumau", "--players", "3", "--seed", "2")
    assert code == 0
    assert "a seeded Mau-Mau match, 3 bots" in text
    assert "takes the pot" in text
    assert "hand records: the same match" in text


def test_demo_galician_round() -> None:
    """demo --profile galician plays a Galician round with its phases."""
    code, text = run("demo", "--profile", "galician", "--seed", "5")
    assert code == 0
    assert "discard" in text
    assert "round over" in text


def play(*argv: str, keys: str) -> str:
    out = io.StringIO()
    code = main(["play", *argv], out=out, stdin=io.StringIO(keys))
    assert code == 0
    return out.getvalue()


def test_play_reprompts_with_reasons_on_bad_input() -> None:
    """play shows the hand, explains an illegal table and unreadable text, and reprompts."""
    text = play("--seed", "3", "--plain", keys="7H 8H\nZZ\nquit\n")
    assert "your hand: 2♠ 3♠" in text
    assert "illegal move:" in text
    assert "run of 2 cards" in text
    assert "not understood: bad token 'ZZ'" in text
    assert text.rstrip().endswith("bye")


def test_play_never_shows_cards_other_players_drew() -> None:
    """The human learns that a bot drew, never which card."""
    text = play("--seed", "3", "--plain", keys="draw\ndraw\ndraw\nquit\n")
    lines = [line.strip() for line in text.splitlines()]
    others = [line for line in lines if line.startswith(("player 1 drew", "player 2 drew"))]
    assert others
    assert all(line.endswith("drew 1 card") for line in others)


def test_play_ends_cleanly_at_end_of_input() -> None:
    """End of input leaves the game without a traceback."""
    assert "bye" in play("--game", "maumau", "--players", "2", "--plain", keys="moves\n")


def test_play_a_whole_maumau_hand_with_legal_moves() -> None:
    """Typing legal moves plays a hand to its end."""
    from mexemexe import maumau

    state = maumau.deal(2, seed=1)
    keys = []
    bot = maumau.MauMauBot()
    # The human (seat 0) plays what the bot would; the CLI's bot plays seat 1.
    while state.result is None:
        move = bot.choose(state.view(state.current_player))
        if state.current_player == 0:
            keys.append(str(move))
        state = state.apply(move)
    text = play("--game", "maumau", "--players", "2", "--plain", keys="\n".join(keys) + "\n")
    assert "The round is over" in text
