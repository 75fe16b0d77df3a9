"""The rulebook (issue #29): the docs' ``rules/`` pages, the text the package ships, the anchors.

The pages are written once, in ``src/mexemexe/rulebook`` (package data, so
``mexemexe rules`` works from an installed wheel); each page of
``docs/rules`` includes its shipped page through the docs hook. The
sections and their anchors are read from those pages, and every section
must have a test (`test_every_rulebook_section_has_a_test`).
"""

from __future__ import annotations

import ast
import io
import pathlib
import re
from importlib.resources import files

import attrs
import pytest

import mexemexe as m
from mexemexe import games, maumau
from mexemexe._errors import RULEBOOK_PAGES, rulebook_location
from mexemexe.cli import main

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS_RULES = ROOT / "docs" / "rules"
SHIPPED = ROOT / "src" / "mexemexe" / "rulebook"
TESTS = ROOT / "tests"
MARKER = re.compile(r"<!-- rulebook: ([\w-]+) -->")
#: A section heading: ``## B5 · Jokers and groups {#b5}``.
HEADING = re.compile(r"^## (?P<id>[0-9]|[BRGM][0-9]+) · .+ \{#(?P<anchor>[\w-]+)\}$", re.M)

#: The sections of RULES.md, game by game (the rulebook of record).
RULES_SECTIONS = {
    "index": ["0"],
    "brazilian": [f"B{i}" for i in range(1, 13)],
    "rummikub": [f"R{i}" for i in range(1, 10)],
    "galician": [f"G{i}" for i in range(1, 13)],
    "maumau": [f"M{i}" for i in range(1, 9)],
}

#: Settings the rulebook names that other work of issue #29 is adding to the
#: profiles right now (each page says "Being changed (#29)"). Remove a name
#: here when its field lands: the test then checks it like any other.
PENDING_SETTINGS: set[str] = set()


def docs_page(name: str) -> str:
    """A ``docs/rules`` page as the docs build sees it: its marker replaced by the shipped page."""
    text = (DOCS_RULES / f"{name}.md").read_text(encoding="utf-8")
    return MARKER.sub(lambda mt: (SHIPPED / f"{mt[1]}.md").read_text(encoding="utf-8"), text)


def docs_sections() -> list[tuple[str, str, str]]:
    """Every numbered section of the docs rulebook: (page, section id, its text)."""
    found = []
    for path in sorted(DOCS_RULES.glob("*.md")):
        text = docs_page(path.stem)
        parts = re.split(r"(?m)^(?=## )", text)
        for part in parts:
            heading = HEADING.match(part)
            if heading:
                found.append((path.stem, heading["id"], part))
    return found


SECTIONS = docs_sections()
GAME_SECTIONS = [section for _, section, _ in SECTIONS if section != "0"]


def test_docs_pages_are_the_shipped_pages() -> None:
    """Each docs/rules page is exactly its shipped page (the marker and nothing else)."""
    docs = sorted(p.stem for p in DOCS_RULES.glob("*.md"))
    shipped = sorted(p.stem for p in SHIPPED.glob("*.md"))
    assert docs == shipped == sorted(RULEBOOK_PAGES.values())
    for name in docs:
        assert (DOCS_RULES / f"{name}.md").read_text(encoding="utf-8") == (
            f"<!-- rulebook: {name} -->\n"
        )


def test_the_package_ships_the_rulebook() -> None:
    """The pages are package data, read as the installed package reads them."""
    for name in RULEBOOK_PAGES.values():
        shipped = (files("mexemexe") / "rulebook" / f"{name}.md").read_text(encoding="utf-8")
        assert shipped == (SHIPPED / f"{name}.md").read_text(encoding="utf-8")


def test_every_section_of_rules_md_is_in_the_rulebook_once_in_order() -> None:
    """B1-B12, R1-R9, G1-G12, M1-M8 and section 0, each on its game's page, in order."""
    by_page: dict[str, list[str]] = {}
    for page, section, _ in SECTIONS:
        by_page.setdefault(page, []).append(section)
    assert by_page == RULES_SECTIONS


@pytest.mark.parametrize(("page", "section", "text"), SECTIONS, ids=[s for _, s, _ in SECTIONS])
def test_each_section_has_its_id_as_anchor(page: str, section: str, text: str) -> None:
    """Each section's anchor is its id in lower case, where `Problem.anchor` points."""
    heading = HEADING.match(text)
    assert heading is not None
    assert heading["anchor"] == section.lower()
    cited = "§0" if section == "0" else section
    assert rulebook_location(cited) == (page, section.lower())


def fields_of(page: str) -> set[str]:
    rules = maumau.MAUMAU if page == "maumau" else m.get_profile("brazilian")
    return {field.name for field in attrs.fields(type(rules)) if field.init}


@pytest.mark.parametrize(("page", "section", "text"), SECTIONS, ids=[s for _, s, _ in SECTIONS])
def test_named_settings_are_profile_fields(page: str, section: str, text: str) -> None:
    """Every setting a section names is a field of its game's profile (or pending in #29)."""
    named: set[str] = set()
    for line in re.findall(r"(?ms)^Settings:(.*?)(?:\n\n|\Z)", text):
        named.update(re.findall(r"`([a-z_]+)`", line))
    unknown = named - fields_of(page) - PENDING_SETTINGS
    assert not unknown, f"{section} names settings that do not exist: {sorted(unknown)}"


@pytest.mark.parametrize(("page", "section", "text"), SECTIONS, ids=[s for _, s, _ in SECTIONS])
def test_each_decision_names_its_setting(page: str, section: str, text: str) -> None:
    """A section with a [decision] names the setting that changes it (or says it is coming)."""
    if "**[decision]**" not in text:
        return
    assert "\nSettings:" in text or "Being changed (#29)" in text


def test_pending_settings_are_not_yet_fields() -> None:
    """A pending setting that has become a field is checked like the others: drop it here."""
    landed = PENDING_SETTINGS & (fields_of("brazilian") | fields_of("maumau"))
    assert not landed, f"remove {sorted(landed)} from PENDING_SETTINGS"


def every_rules() -> list[object]:
    return [games.get_game(name).rules for name in games.game_names()]


@pytest.mark.parametrize("rules", every_rules(), ids=lambda r: str(r))
def test_every_cited_section_has_a_rulebook_anchor(rules: object) -> None:
    """Every section a registered profile cites leads to an existing heading of the rulebook."""
    anchors = {(page, section.lower()) for page, section, _ in SECTIONS}
    for _, section in getattr(rules, "rule_sections", ()):
        location = rulebook_location(section)
        assert location in anchors, f"{rules} cites {section!r}, not in the rulebook"


# -- Problem.anchor and Problem.url ------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "anchor"),
    [
        ("B5", "rules/brazilian/#b5"),
        ("B12", "rules/brazilian/#b12"),
        ("R6", "rules/rummikub/#r6"),
        ("G12", "rules/galician/#g12"),
        ("M8", "rules/maumau/#m8"),
        ("§0", "rules/#0"),
        ("M", "rules/maumau/"),
        ("house rule", None),
        ("B", "rules/brazilian/"),
        ("X5", None),
        ("b5", None),
        ("", None),
    ],
)
def test_problem_anchor(rule: str, anchor: str | None) -> None:
    """Problem.anchor: the game's page from the section's letter, the id in lower case."""
    assert m.Problem("why", rule).anchor == anchor


def test_problem_url_joins_the_docs_root() -> None:
    """Problem.url puts the anchor under the docs' root, with or without its final slash."""
    problem = m.Problem("joker not allowed in a group", "B5")
    assert problem.url("https://x.org/docs") == "https://x.org/docs/rules/brazilian/#b5"
    assert problem.url("https://x.org/docs/") == "https://x.org/docs/rules/brazilian/#b5"
    assert m.Problem("why", "house rule").url("https://x.org") is None


def test_a_refusal_links_to_the_section_it_cites() -> None:
    """A real refusal's problem leads to the heading of the section it names (B5)."""
    report = m.get_profile("brazilian").validate_table("5H JK 7H | 7S 7H JK")
    problem = report.problems[0]
    assert problem.rule == "B5"
    assert problem.anchor == "rules/brazilian/#b5"
    assert "{#b5}" in docs_page("brazilian")


# -- mexemexe rules ------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


@pytest.mark.parametrize("name", games.game_names())
def test_rules_prints_the_rulebook_then_the_settings(name: str) -> None:
    """`mexemexe rules GAME` prints its family's sections, section 0, then every setting."""
    code, text = run("rules", name)
    assert code == 0
    page = {"b": "brazilian", "r": "rummikub", "g": "galician", "m": "maumau"}[name[0]]
    for section in RULES_SECTIONS[page]:
        assert re.search(rf"(?m)^{section} · ", text), section
    assert re.search(r"(?m)^0 · Common ground$", text)
    assert "{#" not in text and "**" not in text and "](" not in text  # plain text
    settings = text.split(f"Settings of {name}\n", 1)[1]
    assert "rule_sections" in settings


def test_rules_settings_prints_only_the_settings() -> None:
    """`rules NAME --settings` prints the profile's settings alone, as before the rulebook."""
    code, text = run("rules", "galician", "--settings")
    assert code == 0
    assert text.startswith("galician: ")
    assert "G4 · " not in text
    assert "max_recycles" in text


@pytest.mark.parametrize("section", ["B5", "r8", "G12", "M6", "0"])
def test_rules_section_prints_one_section(section: str) -> None:
    """`rules NAME --section ID` prints that section of the rulebook only."""
    code, text = run("rules", "brazilian", "--section", section)
    assert code == 0
    assert text.startswith(f"{section.upper()} · ")
    assert text.count(" · ") == 1


@pytest.mark.parametrize("section", ["B99", "X1", "M", ""])
def test_rules_unknown_section_is_one_error_line(
    section: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A section the rulebook has not is one error line, exit 2."""
    code, _ = run("rules", "brazilian", "--section", section)
    assert code == 2
    assert "no rulebook section" in capsys.readouterr().err


def test_rules_of_rules_citing_no_section_prints_the_settings() -> None:
    """A registered game whose rules cite no section gets its settings and a note."""
    bare = attrs.evolve(m.get_profile("brazilian"), name="bare-rules-29", rule_sections=())
    m.register_profile(bare, replace=True)
    code, text = run("rules", "bare-rules-29")
    assert code == 0
    assert "cites no rulebook section" in text
    assert "joker_policy" in text


# -- every section has a test --------------------------------------------------------------


def sections_with_tests() -> dict[str, list[str]]:
    """The tests of each section: a test function with its id in its name or its docstring."""
    found: dict[str, list[str]] = {section: [] for section in GAME_SECTIONS}
    for path in sorted(TESTS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if not node.name.startswith("test"):
                continue
            doc = ast.get_docstring(node) or ""
            words = node.name.lower().split("_")
            for section in found:
                named = section.lower() in words
                cited = re.search(rf"(?<![A-Za-z0-9]){section}(?![0-9])", doc)
                if named or cited:
                    found[section].append(f"{path.name}::{node.name}")
    return found


def test_every_rulebook_section_has_a_test() -> None:
    """Every section of the docs rulebook is named by a test function or its docstring."""
    assert len(GAME_SECTIONS) == 41
    untested = [section for section, tests in sections_with_tests().items() if not tests]
    assert untested == []


def test_the_section_scan_finds_names_and_docstrings() -> None:
    """The scan counts a section in a test's name (test_b5_…) or docstring ("B5:"), not B50."""
    found = sections_with_tests()
    assert "test_rule_sections.py::test_r7_points_left_in_hand_by_rank" in found["R7"]
    assert all("test_b10" not in test for test in found["B1"])
