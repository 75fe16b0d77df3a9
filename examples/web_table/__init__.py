"""A small multiplayer web table for any game of mexemexe, on Starlette and uvicorn.

Rooms each hold a game; a player who takes a seat gets a secret token, and
only a request carrying it sees that seat's hand. Moves arrive as the
library's move JSON, refusals go back with stable codes and translated
messages, and every move is saved in SQLite so a restarted server resumes
every game. See README.md for the routes; `create_app` builds the app.
"""

from .app import create_app

__all__ = ["create_app"]
