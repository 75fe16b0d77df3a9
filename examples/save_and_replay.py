"""Save a game as JSON, load it back, replay it move by move, and check it.

Usage: python examples/save_and_replay.py [PATH]
"""

from __future__ import annotations

import pathlib
import sys
import tempfile

import mexemexe as m


def main() -> None:
    path = (
        pathlib.Path(sys.argv[1])
        if len(sys.argv) > 1
        else pathlib.Path(tempfile.mkdtemp()) / "game.json"
    )
    final, record = m.play_round(m.deal("galician", players=3, seed=4), [m.SimpleBot()] * 3)
    path.write_text(record.to_json(indent=1), encoding="utf-8")
    print(f"saved {len(record.moves)} moves to {path} ({path.stat().st_size} bytes)")

    loaded = m.GameRecord.from_json(path.read_text(encoding="utf-8"))  # checks every move
    for number, state in enumerate(loaded.states()):
        if number and number % 25 == 0:
            cards, stock = state.table.card_count, len(state.stock)
            print(f"after move {number:3}: table {cards} cards, stock {stock}")
    replayed = loaded.replay()
    assert replayed == final
    print(f"replayed to the same final state: {replayed.result}")

    tampered = record.to_dict()
    tampered["moves"][3] = "discard KS"
    try:
        m.GameRecord.from_dict(tampered)
    except m.InvalidStateError as err:
        print(f"a tampered record is refused: {err}")


if __name__ == "__main__":
    main()
