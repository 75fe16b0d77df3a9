"""mkdocs hook: fill the docs' markers from the library itself at build time.

* ``<!-- profile-fields: NAME -->`` — a table of a profile's settings and their meaning;
* ``<!-- svg-table: NOTATION -->`` / ``<!-- svg-hand: CARDS -->`` — pictures drawn by
  `mexemexe.render.svg`;
* ``<!-- changelog -->`` — the project's CHANGELOG.md;
* ``<!-- rulebook: PAGE -->`` — a rulebook page as the package ships it
  (``src/mexemexe/rulebook/PAGE.md``, the text ``mexemexe rules`` prints), so
  the site and the command line never disagree.
"""

from __future__ import annotations

import pathlib
import re
from typing import Any

import attrs

import mexemexe as m
from mexemexe.render import svg

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _attribute_docs(cls: type) -> dict[str, str]:
    """The ``Attributes:`` section of a Google-style class docstring, by name."""
    doc = cls.__doc__ or ""
    section = doc.split("Attributes:", 1)[1] if "Attributes:" in doc else ""
    out: dict[str, str] = {}
    name = None
    for line in section.splitlines():
        match = re.match(r"^\s{8}(\w+): (.*)$", line)
        if match:
            name = match.group(1)
            out[name] = match.group(2).strip()
        elif name and line.strip():
            out[name] += " " + line.strip()
    return out


def profile_table(name: str) -> str:
    profile: Any = m.get_game(name).rules
    docs = _attribute_docs(type(profile))
    rows = ["| field | value | meaning |", "|---|---|---|"]
    for field in attrs.fields(type(profile)):
        # Private fields (``_old_…``) only carry deprecated spellings.
        skipped = ("description", "rule_sections")
        if not field.init or field.name.startswith("_") or field.name in skipped:
            continue
        value = getattr(profile, field.name)
        if field.name == "hand_sizes":
            value = ", ".join(f"{p}: {n}" for p, n in value)
        elif isinstance(value, tuple):
            value = " ".join(map(str, value))
        meaning = docs.get(field.name, "").replace("|", "\\|").replace("**", "")
        rows.append(f"| `{field.name}` | `{value!s}` | {meaning} |")
    return "\n".join(rows)


def rulebook_page(name: str) -> str:
    """The shipped rulebook page ``name`` (the one source of the site's rulebook)."""
    return (ROOT / "src" / "mexemexe" / "rulebook" / f"{name}.md").read_text(encoding="utf-8")


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    markdown = re.sub(r"<!-- profile-fields: ([\w-]+) -->", lambda mt: profile_table(mt.group(1)), markdown)
    markdown = re.sub(
        r"<!-- svg-table: (.+?) -->",
        lambda mt: "<div class='mexemexe-picture'>" + svg.table(mt.group(1)) + "</div>",
        markdown,
    )
    markdown = re.sub(
        r"<!-- svg-hand: (.+?) -->",
        lambda mt: "<div class='mexemexe-picture'>" + svg.cards(m.parse_cards(mt.group(1))) + "</div>",
        markdown,
    )
    markdown = re.sub(r"<!-- rulebook: ([\w-]+) -->", lambda mt: rulebook_page(mt.group(1)), markdown)
    if "<!-- changelog -->" in markdown:
        changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").split("\n", 1)[1]
        markdown = markdown.replace("<!-- changelog -->", changelog)
    return markdown
