"""The command line's ``--notation`` (#30 item 4): every command that reads or prints cards."""

from __future__ import annotations

import io

import pytest

from mexemexe._notation import translate_cards
from mexemexe.cli import build_parser, main


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


def test_validate_reads_and_writes_portuguese() -> None:
    """validate --notation pt reads Copas as hearts and shows the melds in pt."""
    code, text = _run(["validate", "5C JK 7C | 7E 7C 7O", "--notation", "pt"])
    assert code == 0
    assert "run 5C JK 7C  (joker = 6C)" in text
    assert "group 7E 7C 7O" in text


def test_validate_in_english_names_the_portuguese_notation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A pt card given to the default English notation is one error line naming pt."""
    code, _ = _run(["validate", "5H JK 7H | 7E 7H 7D"])
    assert code == 2
    assert "looks like Portuguese notation" in capsys.readouterr().err


def test_demo_prints_cards_in_galician() -> None:
    """demo --notation gl deals hands written with the Galician suit letters."""
    _, english = _run(["demo", "--seed", "3"])
    _, galician = _run(["demo", "--seed", "3", "--notation", "gl"])
    first = next(line for line in english.splitlines() if line.startswith("player 0 is dealt"))
    first_gl = next(line for line in galician.splitlines() if line.startswith("player 0 is dealt"))
    assert first.translate(str.maketrans("SHDC", "PCDT")) == first_gl


@pytest.mark.parametrize("command", ["demo", "validate", "play"])
def test_every_card_command_takes_notation(command: str) -> None:
    """demo, validate and play all accept --notation en/pt/gl."""
    extra = ["7H 8H 9H"] if command == "validate" else []
    args = build_parser().parse_args([command, *extra, "--notation", "pt"])
    assert args.notation == "pt"


def test_an_unknown_notation_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """--notation es is refused, listing the notations."""
    code, _ = _run(["validate", "7H", "--notation", "es"])
    assert code == 2
    assert "'en', 'pt', 'gl'" in capsys.readouterr().err


def test_play_reads_a_table_in_the_notation() -> None:
    """play --notation pt reads a whole new table typed with pt letters."""
    out = io.StringIO()
    code = main(["play", "--notation", "pt", "--seed", "1"], out=out, stdin=io.StringIO("7E 7E\n"))
    assert code == 0
    # 7E is a pt card: the move is read (and refused by the rules), not a notation error.
    assert "not understood" not in out.getvalue()


def test_play_reads_move_words_in_the_notation() -> None:
    """play --notation pt reads the cards of a move ('play 7E') in pt, not as English."""
    out = io.StringIO()
    main(["play", "--notation", "pt", "--plain"], out=out, stdin=io.StringIO("play 7S\nquit\n"))
    assert "'7S' looks like English notation" in out.getvalue()


def test_play_shows_legal_moves_in_the_notation() -> None:
    """'moves' lists the legal moves with the notation's letters."""
    english, portuguese = io.StringIO(), io.StringIO()
    keys = "moves\nquit\n"
    main(["play", "-g", "maumau", "--plain"], out=english, stdin=io.StringIO(keys))
    argv = ["play", "-g", "maumau", "--plain", "--notation", "pt"]
    main(argv, out=portuguese, stdin=io.StringIO(keys))
    moves_en = next(line for line in english.getvalue().splitlines() if "legal moves" in line)
    moves_pt = next(line for line in portuguese.getvalue().splitlines() if "legal moves" in line)
    assert "discard" in moves_en
    assert moves_pt == translate_cards(moves_en, "en", "pt")
    assert moves_pt != moves_en
