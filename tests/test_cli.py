"""The command line: demo, validate, rules; errors without tracebacks."""

from __future__ import annotations

import io
import pathlib
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
    assert "your hand: A♠ A♣" in text
    assert "illegal move:" in text
    assert "run of 2 cards" in text
    assert "not understood: bad token 'ZZ'" in text
    assert text.rstrip().endswith("bye")


def test_play_never_shows_cards_other_players_drew() -> None:
    """The human learns that a bot drew, never which card."""
    text = play("--game", "rummikub", "--seed", "3", "--plain", keys="draw\ndraw\ndraw\nquit\n")
    lines = [line.strip() for line in text.splitlines()]
    others = [line for line in lines if line.startswith(("player 1 drew", "player 2 drew"))]
    assert others
    assert all(line.endswith("drew 1 card") for line in others)


def test_play_ends_cleanly_at_end_of_input() -> None:
    """End of input leaves the game without a traceback."""
    assert "bye" in play("--game", "maumau", "--players", "2", "--plain", keys="moves\n")


# -- every error is one line on stderr with exit code 2 ------------------------------------


def one_error_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``main(argv)`` in-process; check exit code 2 and one line on stderr; return it."""
    code = main(list(argv), out=io.StringIO(), stdin=io.StringIO(""))
    err = capsys.readouterr().err
    assert code == 2
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err


def bot_module(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str
) -> None:
    """Write the module ``name`` in a fresh working directory, where --bots looks for it."""
    (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the command may add the directory


def test_simulate_a_function_as_a_bot_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--bots os:getcwd (a function, not a bot class) is one error line, not a traceback."""
    err = one_error_line(capsys, "simulate", "--bots", "os:getcwd,simple", "--games", "1")
    assert "'os:getcwd' is neither a bot nor a bot class" in err


def test_simulate_a_class_without_choose_is_one_error_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--bots module:Class naming a class with no choose method is refused before playing."""
    err = one_error_line(capsys, "simulate", "--bots", "mexemexe:Card,simple", "--games", "1")
    assert "a class without a choose method" in err


def test_simulate_a_bot_class_whose_constructor_fails_is_one_error_line(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot class whose constructor raises is named in one error line."""
    bot_module(
        tmp_path,
        monkeypatch,
        "cli_bots_failing_init",
        "class Boom:\n"
        "    def __init__(self, seed):\n"
        "        raise RuntimeError('no\\nseed for me')\n\n"
        "    def choose(self, view):\n"
        "        return None\n",
    )
    err = one_error_line(
        capsys, "simulate", "--bots", "cli_bots_failing_init:Boom,simple", "--games", "1"
    )
    assert "bot class 'cli_bots_failing_init:Boom' cannot be built: RuntimeError" in err


def test_simulate_a_bot_module_that_fails_to_load_is_one_error_line(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot module with a syntax error is one error line naming the module."""
    bot_module(tmp_path, monkeypatch, "cli_bots_syntax_error", "def broken(:\n")
    err = one_error_line(capsys, "simulate", "--bots", "cli_bots_syntax_error:Bot,simple")
    assert "cannot import 'cli_bots_syntax_error'" in err
    assert "SyntaxError" in err


def test_simulate_a_bot_failing_mid_run_is_one_error_line(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user's bot raising in choose ends the run with one error line naming the error."""
    bot_module(
        tmp_path,
        monkeypatch,
        "cli_bots_crashing",
        "class Crash:\n    def choose(self, view):\n        raise KeyError('oops')\n",
    )
    args = ("--game", "maumau", "--bots", "cli_bots_crashing:Crash,simple", "--games", "2")
    err = one_error_line(capsys, "simulate", *args)
    assert "KeyError: 'oops'" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["bogus"],
        [""],
        ["--no-such-option"],
        ["demo", "--seed", "x"],
        ["demo", "--players"],
        ["validate"],
        ["simulate", "--games", "1e3"],
    ],
)
def test_bad_arguments_are_one_error_line_in_process(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad arguments: exit code 2 from main(), no SystemExit, one line pointing to --help."""
    assert "--help' for usage" in one_error_line(capsys, *argv)


@pytest.mark.parametrize("workers", ["0", "-3", "100000"])
def test_simulate_refuses_a_worker_count_out_of_range(
    workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--workers must be 1-256: a huge count would start that many processes at once."""
    err = one_error_line(capsys, "simulate", "--workers", workers, "--games", "1")
    assert f"--workers {workers}: from 1 to 256" in err


def test_simulate_refuses_a_huge_game_count(capsys: pytest.CaptureFixture[str]) -> None:
    """--games is at most ten million: the work for the workers is listed up front."""
    err = one_error_line(capsys, "simulate", "--games", "9" * 40, "--workers", "2")
    assert "from 1 to 10000000" in err


def test_demo_maumau_with_a_huge_player_count_is_one_error_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """demo --game maumau --players 10**30 is refused in one line (it built a huge tuple)."""
    err = one_error_line(capsys, "demo", "--game", "maumau", "--players", "9" * 30)
    assert "players" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--players", "9" * 4000],
        ["demo", "--profile", "\udcff"],
        ["demo", "--game", "maumau", "--seed", "-" + "9" * 4000, "--players", "2"],
        ["validate", "\udcff"],
        ["validate", "|" * 5000],
        ["validate", "7H 8H 9H", "--profile", ""],
        ["rules", ""],
        ["rules", "☃" * 10_000],
        ["play", "--players", "-1"],
        ["play", "--game", "maumau", "--players", "11"],
        ["simulate", "--profile", "", "--games", "1"],
        ["simulate", "--bots", ":,simple"],
        ["simulate", "--bots", "os:,simple"],
        ["simulate", "--bots", "", "--games", "1"],
        ["simulate", "--bots", "ñ,☃", "--games", "1"],
        ["simulate", "--game", "maumau", "--bots", ",".join(["simple"] * 11)],
    ],
)
def test_hostile_arguments_never_give_a_traceback(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Huge, empty and odd unicode arguments to every subcommand give one short error line."""
    assert len(one_error_line(capsys, *argv)) < 700


def test_rules_maumau_prints_the_mau_mau_settings() -> None:
    """rules maumau prints the Mau-Mau profile, which the other commands play with --game."""
    code, text = run("rules", "maumau")
    assert code == 0
    assert "burst_score" in text
    assert "rank_points              1 2 3 4 5 6 7 8 9 10 20 10 10" in text


def test_simulate_takes_a_time_limit_for_the_searching_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """simulate --time-limit plays its rounds with that much search a move, and prints its table."""
    code = main(["simulate", "--bots", "greedy,simple", "--games", "2", "--time-limit", "0.01"])
    assert code == 0
    assert "greedy" in capsys.readouterr().out


def test_simulate_refuses_a_negative_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate --time-limit -1 is one error line with exit status 2."""
    err = one_error_line(capsys, "simulate", "--bots", "greedy,simple", "--time-limit", "-1")
    assert "time" in err.lower()
