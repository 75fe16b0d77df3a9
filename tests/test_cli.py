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


def test_demo_galician_round() -> None:
    """demo --profile galician plays a Galician round with its phases."""
    code, text = run("demo", "--profile", "galician", "--seed", "5")
    assert code == 0
    assert "discard" in text
    assert "round over" in text
