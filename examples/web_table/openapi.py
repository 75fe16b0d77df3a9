"""The OpenAPI 3.1 description of the web table, served at ``GET /openapi.json``.

The bodies of moves and views are the library's JSON forms, whose JSON
Schemas ship in the package (`mexemexe.schemas`: ``move``, ``view``,
``maumau_view``, ``problem``); here they are referred to, not repeated.
"""

from __future__ import annotations

__all__ = ["OPENAPI"]

_JSON = "application/json"


def _body(schema: dict[str, object]) -> dict[str, object]:
    return {"required": True, "content": {_JSON: {"schema": schema}}}


def _answer(description: str, ref: str | None = None) -> dict[str, object]:
    answer: dict[str, object] = {"description": description}
    if ref is not None:
        answer["content"] = {_JSON: {"schema": {"$ref": f"#/components/schemas/{ref}"}}}
    return answer


_ERROR = _answer("refused: see error.code", "Error")
_ROOM = {"name": "room", "in": "path", "required": True, "schema": {"type": "string"}}
_SEAT = {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer"}}
_LANG = {
    "name": "lang",
    "in": "query",
    "required": False,
    "schema": {"enum": ["en", "pt_BR", "gl"]},
    "description": "locale of problem texts (else Accept-Language, else en)",
}
_TOKEN: list[dict[str, list[str]]] = [{"seatToken": []}, {}]

OPENAPI: dict[str, object] = {
    "openapi": "3.1.0",
    "info": {"title": "mexemexe web table", "version": "1"},
    "paths": {
        "/games": {
            "get": {"summary": "Every game a room can hold", "responses": {"200": _answer("games")}}
        },
        "/rooms": {
            "get": {"summary": "Every room", "responses": {"200": _answer("rooms")}},
            "post": {
                "summary": "Deal a new room",
                "requestBody": _body({"$ref": "#/components/schemas/NewRoom"}),
                "responses": {"201": _answer("the room", "Room"), "400": _ERROR, "413": _ERROR},
            },
        },
        "/rooms/{room}": {
            "get": {
                "summary": "A room's game, status and seats",
                "parameters": [_ROOM],
                "responses": {"200": _answer("the room", "Room"), "404": _ERROR},
            }
        },
        "/rooms/{room}/seats/{seat}": {
            "post": {
                "summary": "Take a seat as a player (answer holds its token) or seat a bot",
                "parameters": [_ROOM, _SEAT],
                "requestBody": _body({"$ref": "#/components/schemas/Sitter"}),
                "responses": {
                    "201": _answer("seated"),
                    "400": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                    "413": _ERROR,
                },
            }
        },
        "/rooms/{room}/view": {
            "get": {
                "summary": "The token's seat's view; without a token, the spectator's (no hand)",
                "parameters": [_ROOM],
                "security": _TOKEN,
                "responses": {"200": _answer("the view", "Seen"), "401": _ERROR, "404": _ERROR},
            }
        },
        "/rooms/{room}/view.svg": {
            "get": {
                "summary": "The same view as an SVG picture",
                "parameters": [_ROOM],
                "security": _TOKEN,
                "responses": {
                    "200": {"description": "picture", "content": {"image/svg+xml": {}}},
                    "401": _ERROR,
                    "404": _ERROR,
                },
            }
        },
        "/rooms/{room}/moves": {
            "post": {
                "summary": "Make a move (the library's move JSON); the bots then move",
                "parameters": [_ROOM, _LANG],
                "security": [{"seatToken": []}],
                "requestBody": _body({"type": "object", "description": "mexemexe.schemas 'move'"}),
                "responses": {
                    "200": _answer("the seat's view after the move and the bots'", "Seen"),
                    "400": _ERROR,
                    "401": _ERROR,
                    "409": _ERROR,
                    "413": _ERROR,
                    "422": _answer("the rules refuse the move: error.problems say why", "Error"),
                },
            }
        },
    },
    "components": {
        "securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}},
        "schemas": {
            "NewRoom": {
                "type": "object",
                "required": ["game"],
                "properties": {
                    "game": {"type": "string"},
                    "players": {"type": "integer", "default": 2},
                    "seed": {
                        "type": "integer",
                        "minimum": 0,
                        "description": "refused (400 seed_refused) unless the server runs"
                        " with client_seeds for tests: a seed's holder knows every hand",
                    },
                },
            },
            "Sitter": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "bot": {"type": "string"}},
            },
            "Room": {
                "type": "object",
                "properties": {
                    "room": {"type": "string"},
                    "game": {"type": "string"},
                    "players": {"type": "integer"},
                    "status": {"enum": ["waiting", "playing", "over"]},
                    "moves": {"type": "integer"},
                    "seats": {"type": "array", "items": {"type": "object"}},
                },
            },
            "Seen": {
                "allOf": [{"$ref": "#/components/schemas/Room"}],
                "properties": {
                    "seat": {"type": ["integer", "null"]},
                    "view": {"type": "object", "description": "mexemexe.schemas 'view'"},
                    "legal_moves": {"type": "array", "items": {"type": "object"}},
                },
            },
            "Error": {
                "type": "object",
                "properties": {
                    "error": {
                        "type": "object",
                        "required": ["code", "message"],
                        "properties": {
                            "code": {"type": "string"},
                            "message": {"type": "string"},
                            "locale": {"type": "string"},
                            "problems": {
                                "type": "array",
                                "description": "mexemexe.schemas 'problem', plus its 'text'",
                                "items": {"type": "object"},
                            },
                        },
                    }
                },
            },
        },
    },
}
