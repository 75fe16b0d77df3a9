"""Every profile field's documented default equals the code's (issue #29, property tests).

The defaults are documented in ``docs/concepts/profiles.md`` ("Every
setting's default"), one table per profile class; each value is a Python
literal, or ``required`` for a field with no default.
"""

from __future__ import annotations

import ast
import pathlib
import re

import attrs
import pytest

from mexemexe import Profile
from mexemexe.maumau import MauMauProfile

PAGE = pathlib.Path(__file__).resolve().parent.parent / "docs" / "concepts" / "profiles.md"
#: A table row: ``| `field` | `default` |``.
ROW = re.compile(r"^\| `(?P<field>\w+)` \| `(?P<default>.*)` \|$")
CLASSES = {"Profile": Profile, "MauMauProfile": MauMauProfile}


def documented(cls_name: str) -> dict[str, str]:
    """The default table under the heading line naming ``cls_name``, field -> text."""
    text = PAGE.read_text(encoding="utf-8").split("## Every setting's default", 1)[1]
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"`{cls_name}`"))
    out: dict[str, str] = {}
    for line in lines[start + 1 :]:
        if line.startswith("`") and out:
            break  # the next class's table
        row = ROW.match(line)
        if row:
            out[row["field"]] = row["default"]
    return out


def fields(cls: type) -> list[attrs.Attribute[object]]:
    """The settings of a profile class: its init fields, the deprecated aliases (``_old``) aside."""
    return [f for f in attrs.fields(cls) if f.init and not f.name.startswith("_")]


def code_default(field: attrs.Attribute[object]) -> object:
    """A field's default as a built profile holds it (after its converter)."""
    default = field.default
    assert not isinstance(default, attrs.Factory)  # type: ignore[arg-type]  # none yet: a literal
    converter = field.converter
    return converter(default) if callable(converter) else default


@pytest.mark.parametrize("cls_name", sorted(CLASSES))
def test_every_field_has_a_documented_default(cls_name: str) -> None:
    """#29: the docs list a default for every field of the class, and no field it lacks."""
    assert set(documented(cls_name)) == {f.name for f in fields(CLASSES[cls_name])}


@pytest.mark.parametrize(
    ("cls_name", "field"),
    [(name, f) for name, cls in sorted(CLASSES.items()) for f in fields(cls)],
    ids=lambda x: x if isinstance(x, str) else x.name,
)
def test_documented_default_equals_the_code(cls_name: str, field: attrs.Attribute[object]) -> None:
    """#29: each field's documented default is the attrs default the class is built with."""
    text = documented(cls_name)[field.name]
    if field.default is attrs.NOTHING:
        assert text == "required"
        return
    assert ast.literal_eval(text) == code_default(field)


def test_the_default_table_is_read() -> None:
    """The parser finds both tables and tells them apart (the test can fail)."""
    rummy, maumau = documented("Profile"), documented("MauMauProfile")
    assert rummy["decks"] == "2" and maumau["decks"] == "2"
    assert rummy["max_players"] == "6" and maumau["max_players"] == "10"
    assert rummy["repeated_suits"] == "'never'"
