"""Serve the web table: ``python -m examples.web_table [--host H] [--port P] [--db FILE]``."""

from __future__ import annotations

import argparse

import uvicorn

from .app import create_app


def main(argv: list[str] | None = None) -> None:
    """Read the options and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m examples.web_table", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--db", default="web_table.sqlite3", help="the SQLite file of the rooms")
    options = parser.parse_args(argv)
    uvicorn.run(create_app(options.db), host=options.host, port=options.port)


if __name__ == "__main__":
    main()
