"""Write the Output block of each printing ```python block of Markdown pages (a helper for authors).

    python tests/doc_outputs.py docs/howto/new-page.md README.md

Runs each page's script blocks in order, in one namespace (as
`tests/test_docs.py` does), and puts what each prints in the
```` ```text title="Output" ```` block right after it, adding or replacing
that block. Review the result: replace what varies from run to run (times,
timing-dependent answers) with ``...``, and drop comments that only repeated
the output. Doctest blocks (starting with ``>>>``) are left alone.
"""

from __future__ import annotations

import contextlib
import io
import pathlib
import re
import sys

_BLOCK = re.compile(r"^```python\n(.*?)^```\n", re.S | re.M)
_OUTPUT = re.compile(r'\n*```text title="Output"\n(.*?)^```\n', re.S | re.M)


def fill(path: pathlib.Path) -> None:
    """Add or refresh the Output blocks of the page at ``path``."""
    text = path.read_text(encoding="utf-8")
    namespace: dict[str, object] = {"__name__": "__docs__"}
    pieces = []
    position = 0
    for block in _BLOCK.finditer(text):
        pieces.append(text[position : block.end()])
        position = block.end()
        source = block.group(1)
        if source.startswith(">>>"):
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(source, str(path), "exec"), namespace)
        shown = _OUTPUT.match(text, position)
        if shown is not None:
            position = shown.end()
        if printed.getvalue():
            pieces.append('\n```text title="Output"\n' + printed.getvalue() + "```\n")
    pieces.append(text[position:])
    path.write_text("".join(pieces), encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        fill(pathlib.Path(name))
