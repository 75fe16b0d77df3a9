"""Problem messages in the players' languages, from standard gettext catalogs.

The sources are ``locale/<lang>/LC_MESSAGES/mexemexe.po`` in the package, a
translator's usual files: each message's context (``msgctxt``) is its
stable code and its id the English template of `mexemexe._codes`, named
placeholders and all. The compiled ``.mo`` files ship beside them and are
read with the standard library's `gettext` alone. To change a translation,
edit the ``.po`` and compile it::

    pybabel compile -d src/mexemexe/locale -D mexemexe

(a test fails while a ``.mo`` differs from its ``.po``). A new kind of
problem, or a changed English template, goes into the template
``locale/mexemexe.pot`` (``MEXEMEXE_WRITE_CATALOGS=1 pytest
tests/test_translations.py`` writes it from `mexemexe._codes`) and from
there into each ``.po`` with ``pybabel update -i
src/mexemexe/locale/mexemexe.pot -d src/mexemexe/locale -D mexemexe
--width 100``; a test fails while a code lacks a translation.
"""

from __future__ import annotations

import functools
import gettext
import io
from importlib import resources

from ._codes import ProblemCode, render

__all__ = ["LOCALES", "LOCALE_NOTATIONS", "normalize_locale", "translate"]

#: The languages problems are written in: English (the messages themselves),
#: Galician and Brazilian Portuguese.
LOCALES: tuple[str, ...] = ("en", "gl", "pt_BR")
#: The card notation a reader of each locale expects (see `mexemexe.notations`).
LOCALE_NOTATIONS: dict[str, str] = {"en": "en", "gl": "gl", "pt_BR": "pt"}

#: Other spellings of each locale, lower case, ``-`` read as ``_``.
_ALIASES = {"en": "en", "gl": "gl", "gl_es": "gl", "pt": "pt_BR", "pt_br": "pt_BR"}
_ALIASES.update({f"en_{region}": "en" for region in ("us", "gb", "ie", "au", "ca", "nz")})


def normalize_locale(locale: str) -> str | None:
    """``locale`` as one of `LOCALES` (``"pt-BR"`` and ``"pt"`` are ``"pt_BR"``), else ``None``."""
    if not isinstance(locale, str):
        return None
    return _ALIASES.get(locale.strip().replace("-", "_").lower())


@functools.cache
def _catalog(locale: str) -> gettext.NullTranslations:
    """The compiled catalog of ``locale`` (one of `LOCALES` but English), read once."""
    path = resources.files("mexemexe") / "locale" / locale / "LC_MESSAGES" / "mexemexe.mo"
    return gettext.GNUTranslations(io.BytesIO(path.read_bytes()))


def translate(kind: ProblemCode, values: dict[str, str], locale: str) -> str:
    """The message of ``kind`` with ``values`` in ``locale``, one of `LOCALES`.

    A message the catalog lacks stays English (gettext's own rule); the
    tests make sure none does.
    """
    if kind.plural is None:
        template = (
            kind.template if locale == "en" else _catalog(locale).pgettext(kind.code, kind.template)
        )
    else:
        count = int(values[kind.count or ""])
        if locale == "en":
            template = kind.template if count == 1 else kind.plural
        else:
            template = _catalog(locale).npgettext(kind.code, kind.template, kind.plural, count)
    return render(template, values)
