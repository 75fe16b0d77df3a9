"""The JSON Schemas the package ships, built from the library's own definitions.

`tests/test_schemas.py` checks that the files under ``src/mexemexe/schemas``
are exactly what `build_all` writes (so a new profile setting or problem
code cannot leave them behind) and validates every kind of value against
them. To rewrite the files after a change::

    MEXEMEXE_WRITE_SCHEMAS=1 python -m pytest tests/test_schemas.py
"""

from __future__ import annotations

import json
import types
import typing
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from mexemexe._codes import CODES
from mexemexe._moves import Move
from mexemexe._profiles import Profile
from mexemexe.maumau._profile import MauMauProfile

Schema = dict[str, Any]

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "src" / "mexemexe" / "schemas"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://mexemexe.invalid/schemas/"

_CARD = r"(?:(?:[2-9]|10|[AJQK])[SHDC]|JK)"
#: Cards in the canonical notation, separated by single spaces (maybe none).
CARDS: Schema = {"type": "string", "pattern": f"^(?:{_CARD}(?: {_CARD})*)?$"}
#: One card.
CARD: Schema = {"type": "string", "pattern": f"^{_CARD}$"}
#: A meld: at least one card.
MELD: Schema = {"type": "string", "pattern": f"^{_CARD}(?: {_CARD})*$"}
COUNT: Schema = {"type": "integer", "minimum": 0}
FORMAT: Schema = {"const": 1, "description": "The version of this JSON form."}
SUIT: Schema = {"enum": ["S", "H", "D", "C"]}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def _type_schema(hint: object) -> Schema:
    """A JSON Schema for a profile setting's Python type, as `to_dict` writes it."""
    if hint is int:
        return {"type": "integer"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is str:
        return {"type": "string"}
    if hint is type(None):
        return {"type": "null"}
    origin = get_origin(hint)
    if origin is Literal:
        return {"enum": list(get_args(hint))}
    if origin in (Union, types.UnionType):
        return {"anyOf": [_type_schema(arg) for arg in get_args(hint)]}
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis and get_origin(args[0]) is tuple:
            # Pairs, written as a JSON object (hand sizes by player count, sections by key).
            value = get_args(args[0])[1]
            return {"type": "object", "additionalProperties": _type_schema(value)}
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _type_schema(args[0])}
    raise TypeError(f"no schema for {hint!r}")


def _profile(cls: type, title: str) -> Schema:
    hints = typing.get_type_hints(cls)
    properties = {
        field.alias: _type_schema(hints[field.name])
        for field in attrs.fields(cls)
        if field.init and not field.name.startswith("_")
    }
    return {
        "type": "object",
        "title": title,
        "required": ["name"],
        "properties": properties,
        "additionalProperties": False,
    }


def problem() -> Schema:
    """A `Problem` as `Problem.to_dict` writes it."""
    return {
        "type": "object",
        "title": "Problem",
        "description": "One reason a meld, table or move is not valid.",
        "required": ["format", "code", "message", "rule", "meld_index", "cards"],
        "properties": {
            "format": FORMAT,
            "code": {"enum": [*(entry.code for entry in CODES), None]},
            "message": {"type": "string"},
            "rule": {"type": "string"},
            "meld_index": _nullable(COUNT),
            "cards": CARDS,
        },
        "additionalProperties": False,
    }


_MOVE_FIELDS: dict[str, Schema] = {
    "source": {"enum": ["stock", "discard"]},
    "table": {"type": "array", "items": MELD},
    "cards": MELD,
    "card": CARD,
    "meld_index": {"type": "integer", "minimum": 0, "maximum": 999_999},
    "suit": _nullable(SUIT),
    "announce": {"type": "boolean"},
}


def move() -> Schema:
    """Any `Move`, as `Move.to_dict` writes it and `Move.from_dict` reads it: one per kind.

    What the reader fills in may be left out: ``format``, and each field
    with a default (a draw's ``source``).
    """
    kinds = []
    for keyword, cls in sorted(Move._registry.items()):
        fields = dict(cls._json_fields)
        defaults = attrs.fields_dict(cls)
        needed = [name for name in fields if defaults[name].default is attrs.NOTHING]
        kinds.append(
            {
                "type": "object",
                "title": cls.__name__,
                "required": ["kind", *needed],
                "properties": {
                    "format": FORMAT,
                    "kind": {"const": keyword},
                    **{name: _MOVE_FIELDS[name] for name in fields},
                },
                "additionalProperties": False,
            }
        )
    return {"title": "Move", "oneOf": kinds}


def round_result() -> Schema:
    """A `RoundResult` (in a state, without ``format``; from ``to_json``, with it)."""
    numbers = {"type": "array", "items": {"type": "integer"}}
    return {
        "type": "object",
        "title": "RoundResult",
        "required": ["reason", "winners", "hand_points", "scores", "multiplier"],
        "properties": {
            "format": FORMAT,
            "reason": {"enum": ["out", "stock", "blocked", "recycles", "in_progress"]},
            "winners": {"type": "array", "items": COUNT},
            "hand_points": {"type": "array", "items": COUNT},
            "scores": numbers,
            "multiplier": {"type": "integer", "minimum": 1},
            "failed_plays": {"type": "array", "items": COUNT},
        },
        "additionalProperties": False,
    }


def _outcome() -> Schema:
    return {
        "type": "object",
        "title": "Outcome",
        "description": "What the last move did.",
        "required": ["player", "move", "drawn", "placed", "penalty", "note", "hidden_draws"],
        "properties": {
            "player": COUNT,
            "move": {"type": "string", "description": "The move's text form."},
            "drawn": CARDS,
            "placed": CARDS,
            "penalty": {"type": "boolean"},
            "note": {"type": "string"},
            "hidden_draws": COUNT,
        },
        "additionalProperties": False,
    }


def proposal() -> Schema:
    """A `Proposal` as `Proposal.to_dict` writes it."""
    return {
        "type": "object",
        "title": "Proposal",
        "required": ["format", "ok", "table", "placed", "problems"],
        "properties": {
            "format": FORMAT,
            "ok": {"type": "boolean"},
            "table": {"type": "array", "items": MELD},
            "placed": CARDS,
            "problems": {"type": "array", "items": {"$ref": "#/$defs/problem"}},
        },
        "additionalProperties": False,
        "$defs": {"problem": problem()},
    }


def best_play() -> Schema:
    """A solver `BestPlay` as its ``to_dict`` writes it."""
    return {
        "type": "object",
        "title": "BestPlay",
        "required": ["format", "table", "placed", "value", "objective", "moves", "exact"],
        "properties": {
            "format": FORMAT,
            "table": {"type": "array", "items": MELD},
            "placed": CARDS,
            "value": {"type": "number"},
            "objective": {"enum": ["cards", "points"]},
            "moves": {"type": "array", "items": {"$ref": "#/$defs/move"}},
            "exact": {"type": "boolean"},
        },
        "additionalProperties": False,
        "$defs": {"move": move()},
    }


_OPEN = "Later versions may add fields: a client should ignore the ones it does not know."
#: Every move's outcome, oldest first; not required, as data written before
#: the history was kept reads with an empty one.
HISTORY: Schema = {
    "type": "array",
    "items": {"$ref": "#/$defs/outcome"},
    "description": "Every move of the round so far, oldest first (in a view, as that "
    "player may see it: another player's cards drawn from the stock counted, never named).",
}
#: A view's player: a seat, or -1 for a spectator's view.
VIEWER: Schema = {"type": "integer", "minimum": -1, "description": "-1 for a spectator."}


def _rummy_common(own: dict[str, Schema]) -> dict[str, Schema]:
    return {
        "table": {"type": "array", "items": MELD},
        "discard_pile": CARDS,
        "current_player": COUNT,
        "turn": COUNT,
        "opened": {"type": "array", "items": {"type": "boolean"}},
        "passes": COUNT,
        "recycles": COUNT,
        "last": _nullable({"$ref": "#/$defs/outcome"}),
        "result": _nullable({"$ref": "#/$defs/round_result"}),
        "phase": {"enum": ["play", "draw", "meld"]},
        "taken": _nullable(CARD),
        "jokers_owed": COUNT,
        "owners": {
            "type": "array",
            "items": {"type": "array", "items": {"type": "integer", "minimum": -1}},
        },
        **own,
    }


def state() -> Schema:
    """A rummy `GameState` (either turn structure) as `GameState.to_dict` writes it."""
    properties = {
        "schema": {"const": "mexemexe.state/1"},
        "profile": {"$ref": "#/$defs/profile"},
        "hands": {"type": "array", "items": CARDS},
        "stock": CARDS,
        **_rummy_common(
            {
                "laid_this_turn": {"type": "boolean"},
                "failed_plays": {"type": "array", "items": COUNT},
            }
        ),
    }
    return {
        "type": "object",
        "title": "GameState",
        "description": "A rummy round: shared table (B, R) or discard (G). " + _OPEN,
        "required": list(properties),
        "properties": {**properties, "history": HISTORY},
        "$defs": {
            "profile": _profile(Profile, "Profile"),
            "outcome": _outcome(),
            "round_result": round_result(),
        },
    }


def view() -> Schema:
    """A rummy `PlayerView` as its ``to_dict`` writes it."""
    properties = {
        "schema": {"const": "mexemexe.view/1"},
        "player": VIEWER,
        "profile": {
            "description": "The profile's registered name, or its settings when they differ.",
            "anyOf": [{"type": "string"}, {"$ref": "#/$defs/profile"}],
        },
        "hand": CARDS,
        "hand_sizes": {"type": "array", "items": COUNT},
        "stock_size": COUNT,
        **_rummy_common({}),
    }
    return {
        "type": "object",
        "title": "PlayerView",
        "description": "What one player may see of a rummy round. " + _OPEN,
        "required": list(properties),
        "properties": {"format": FORMAT, **properties, "history": HISTORY},
        "$defs": {
            "outcome": _outcome(),
            "round_result": round_result(),
            "profile": _profile(Profile, "Profile"),
        },
    }


def _maumau_common() -> dict[str, Schema]:
    return {
        "hand_sizes": {"type": "array", "items": COUNT},
        "discard_pile": CARDS,
        "current_player": COUNT,
        "direction": {"enum": [1, -1]},
        "turn": COUNT,
        "requested_suit": _nullable(SUIT),
        "drawn": COUNT,
        "last": _nullable({"$ref": "#/$defs/outcome"}),
        "result": _nullable({"$ref": "#/$defs/round_result"}),
    }


def maumau_state() -> Schema:
    """A `MauMauState` as its ``to_dict`` writes it."""
    common = _maumau_common()
    del common["hand_sizes"]
    properties = {
        "schema": {"const": "mexemexe.maumau/1"},
        "profile": {"$ref": "#/$defs/profile"},
        "hands": {"type": "array", "items": CARDS},
        "stock": CARDS,
        **common,
        "seed": {"type": "integer", "minimum": 0},
        "reshuffles": COUNT,
        "passes": COUNT,
    }
    return {
        "type": "object",
        "title": "MauMauState",
        "description": "A Mau-Mau hand (M). " + _OPEN,
        "required": list(properties),
        "properties": {**properties, "history": HISTORY},
        "$defs": {
            "profile": _profile(MauMauProfile, "MauMauProfile"),
            "outcome": _outcome(),
            "round_result": round_result(),
        },
    }


def maumau_view() -> Schema:
    """A Mau-Mau player's view as its ``to_dict`` writes it."""
    properties = {
        "schema": {"const": "mexemexe.maumau-view/1"},
        "player": VIEWER,
        "hand": CARDS,
        "stock_size": COUNT,
        **_maumau_common(),
    }
    return {
        "type": "object",
        "title": "MauMauView",
        "description": "What one player may see of a Mau-Mau hand. " + _OPEN,
        "required": list(properties),
        "properties": {"format": FORMAT, **properties, "history": HISTORY},
        "$defs": {"outcome": _outcome(), "round_result": round_result()},
    }


#: Every shipped schema, by name (the file is ``<name>.json``).
BUILDERS = {
    "best_play": best_play,
    "maumau_state": maumau_state,
    "maumau_view": maumau_view,
    "move": move,
    "problem": problem,
    "proposal": proposal,
    "round_result": round_result,
    "state": state,
    "view": view,
}


def build(name: str) -> Schema:
    """The schema ``name``, with its ``$schema`` and ``$id``."""
    return {"$schema": DRAFT, "$id": f"{BASE}{name}.json", **BUILDERS[name]()}


def text(name: str) -> str:
    """The shipped file's text for the schema ``name``."""
    return json.dumps(build(name), indent=2, ensure_ascii=False) + "\n"
