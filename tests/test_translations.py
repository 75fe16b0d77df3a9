"""Problem messages in Brazilian Portuguese and Galician from gettext catalogs (#30 item 3).

The ``.po`` sources are what translators edit; the compiled ``.mo`` files
are what the package reads. These tests fail if a code lacks a translation
in any locale, if a translation loses or invents a placeholder, or if a
``.mo`` no longer says what its ``.po`` says (compile with
``pybabel compile -d src/mexemexe/locale -D mexemexe``).
"""

from __future__ import annotations

import datetime
import gettext
import os
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import mexemexe as m
from mexemexe._codes import CODES, placeholders
from mexemexe._translations import LOCALES

LOCALE_DIR = Path(__file__).resolve().parent.parent / "src" / "mexemexe" / "locale"
TRANSLATED = [locale for locale in LOCALES if locale != "en"]


def _po(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _source(locale: str) -> Catalog:
    return _po(LOCALE_DIR / locale / "LC_MESSAGES" / "mexemexe.po")


def _msgid(entry: object) -> str | tuple[str, str]:
    template, plural = getattr(entry, "template"), getattr(entry, "plural")  # noqa: B009
    return template if plural is None else (template, plural)


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_code_is_translated(locale: str) -> None:
    """The catalog has one finished translation per code, of the code's current English."""
    catalog = _source(locale)
    for entry in CODES:
        message = catalog.get(_msgid(entry), context=entry.code)
        assert message is not None, f"{locale}: no translation of {entry.code}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{locale}: empty translation of {entry.code}"
        assert not message.fuzzy, f"{locale}: fuzzy translation of {entry.code}"
        for text in strings:
            assert placeholders(text) == placeholders(entry.template), (locale, entry.code)
    codes = {message.context for message in catalog if message.id}
    assert codes == {entry.code for entry in CODES}, "a catalog entry of no code"


def _write_template(path: Path) -> None:
    """Write the catalog template from the code table (each code a context, its English an id)."""
    fixed = datetime.datetime(2026, 12, 3, tzinfo=datetime.timezone.utc)
    template = Catalog(
        domain="mexemexe",
        project="mexemexe",
        version="1",
        copyright_holder="The mexemexe developers",
        creation_date=fixed,
        revision_date=fixed,
        fuzzy=False,
    )
    for entry in CODES:
        sections = ", ".join(entry.sections)
        comment = f"Rule sections: {sections}. Example: {entry.example}"
        template.add(_msgid(entry), context=entry.code, auto_comments=[comment])
    with path.open("wb") as f:
        write_po(f, template, width=100, sort_output=False)


def test_template_lists_every_code() -> None:
    """mexemexe.pot, the starting point of a new language, holds every code's English.

    After a change to the code table: ``MEXEMEXE_WRITE_CATALOGS=1`` writes
    the template, ``pybabel update -i src/mexemexe/locale/mexemexe.pot -d
    src/mexemexe/locale -D mexemexe --width 100`` carries it into each
    ``.po``; translate, then compile.
    """
    if os.environ.get("MEXEMEXE_WRITE_CATALOGS"):
        _write_template(LOCALE_DIR / "mexemexe.pot")
    template = _po(LOCALE_DIR / "mexemexe.pot")
    found = {(message.context, message.id) for message in template if message.id}
    assert found == {(entry.code, _msgid(entry)) for entry in CODES}


@pytest.mark.parametrize("locale", TRANSLATED)
def test_compiled_catalog_matches_its_source(locale: str) -> None:
    """The shipped .mo gives exactly the .po's translations, plural forms included."""
    with (LOCALE_DIR / locale / "LC_MESSAGES" / "mexemexe.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    source = _source(locale)
    plural_index = gettext.c2py(source.plural_expr)
    count = 0
    for message in source:
        if not message.id:
            continue
        count += 1
        if isinstance(message.id, tuple):
            singular, plural = message.id
            assert isinstance(message.string, tuple)
            for n in (1, 2, 5):
                got = compiled.npgettext(message.context, singular, plural, n)
                assert got == message.string[plural_index(n)], (locale, message.context, n)
        else:
            assert compiled.pgettext(message.context, message.id) == message.string
    # Entries only in the .mo (a stale compile) would show as a larger catalog.
    assert len(compiled._catalog) - 1 == sum(  # type: ignore[attr-defined]
        len(message.string) if isinstance(message.string, tuple) else 1
        for message in source
        if message.id
    )
    assert count == len(CODES)


@pytest.mark.parametrize("locale", TRANSLATED)
def test_plural_forms_are_two(locale: str) -> None:
    """Portuguese and Galician catalogs have two plural forms, and no entry writes a third."""
    assert _source(locale).num_plurals == 2
    text = (LOCALE_DIR / locale / "LC_MESSAGES" / "mexemexe.po").read_text(encoding="utf-8")
    assert set(re.findall(r"^msgstr\[([0-9]+)\]", text, re.MULTILINE)) == {"0", "1"}


@pytest.mark.parametrize("locale", TRANSLATED)
@pytest.mark.parametrize("entry", CODES, ids=lambda entry: entry.code)
def test_example_reads_in_locale(locale: str, entry: object) -> None:
    """Each code's example reads in the locale: translated, every placeholder filled."""
    problem = m.Problem(getattr(entry, "example"))  # noqa: B009
    text = problem.text(locale)
    assert text != problem.message
    assert "{" not in text
    assert "}" not in text


def test_plural_follows_the_count() -> None:
    """A count of one takes the singular, more the plural, in every language."""
    one = m.Problem("at most 1 joker per run, found 2", "B5")
    two = m.Problem("at most 2 jokers per run, found 3", "B5")
    assert one.text("pt_BR") == "no máximo 1 coringa por sequência, e há 2"
    assert two.text("pt_BR") == "no máximo 2 coringas por sequência, e há 3"
    assert one.text("gl") == "como moito 1 comodín por escaleira, e hai 2"
    assert two.text("gl") == "como moito 2 comodíns por escaleira, e hai 3"


def test_cards_are_written_in_the_locales_notation() -> None:
    """A message's cards read in the reader's notation: 10H is 10C (Copas) in Portuguese."""
    problem = m.Problem("10H does not match the suit or rank of QS", "M2")
    assert problem.text("pt_BR") == "10C não combina em naipe nem em valor com QE"
    assert problem.text("gl") == "10C non coincide en pau nin en valor con QP"


def test_a_notation_can_be_chosen_for_the_cards() -> None:
    """notation= overrides the locale's: English cards in Portuguese, or the reverse."""
    problem = m.Problem("10H does not match the suit or rank of QS", "M2")
    assert problem.text("pt_BR", notation="en") == "10H não combina em naipe nem em valor com QS"
    assert problem.text("en", notation="pt") == "10C does not match the suit or rank of QE"


def test_an_unknown_notation_is_refused() -> None:
    """A notation no registry knows raises NotationError."""
    with pytest.raises(m.NotationError):
        m.Problem("7H is not in the hand", "G4").text("pt_BR", notation="klingon")


def test_english_is_the_message() -> None:
    """In English the text is the message itself."""
    problem = m.Problem("joker not allowed in a run", "B5")
    assert problem.text() == problem.text("en") == problem.text("en_US") == problem.message


def test_locale_spellings() -> None:
    """``pt-BR``, ``pt_br`` and ``pt`` are Brazilian Portuguese; ``gl_ES`` is Galician."""
    problem = m.Problem("the round is over", "B9")
    assert {problem.text(s) for s in ("pt_BR", "pt-BR", "pt_br", "pt")} == {"a rodada acabou"}
    assert problem.text("gl_ES") == problem.text("gl") == "a rolda rematou"


@pytest.mark.parametrize("locale", ["fr", "", "xx_YY", "es"])
def test_unknown_locale_is_refused_with_the_available_ones(locale: str) -> None:
    """A locale without messages raises the library's error listing the available locales."""
    with pytest.raises(m.MexeMexeError, match="en, gl, pt_BR"):
        m.Problem("the round is over", "B9").text(locale)


def test_problem_without_code_reads_unchanged() -> None:
    """A problem of no known kind (an app's own) has its message in every locale."""
    problem = m.Problem("the dealer's cat sat on the stock")
    assert problem.text("gl") == problem.text("pt_BR") == problem.message


def test_text_names_the_cards_of_a_problem_about_no_single_meld() -> None:
    """A lay-off of a card not in the hand says which card, in every locale."""
    state = m.deal("brazilian", seed=1, hands=["7H 8H 9H 4S", "2D 3D 4D"], table="5S 6S 7S")
    with pytest.raises(m.IllegalMoveError) as caught:
        state.lay_off("KC", 0)
    (problem,) = [p for p in caught.value.problems if p.code == "cards_not_in_hand"]
    assert problem.text("en").startswith("KC: ")
    assert problem.text("pt_BR").startswith("KP: ")
    assert problem.text("gl").startswith("KT: ")


def test_every_locale_names_a_registered_notation() -> None:
    """Each locale's default card notation exists, so text() never falls back silently."""
    from mexemexe._translations import LOCALE_NOTATIONS, LOCALES
    from mexemexe.notations import notation_names

    assert set(LOCALE_NOTATIONS) == set(LOCALES)
    assert set(LOCALE_NOTATIONS.values()) <= set(notation_names())
