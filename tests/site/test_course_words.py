"""The words the course chose (``[[usage]]`` in ``lessons_src/glossary.toml``, shown on the
glossary page as “Words this course uses”) are the words its text uses.

Review 2026-12 (English, §2.2) found the English edition saying “output law” beside
“output distribution”, “adjacent pair” beside “neighbouring pair”, “Unit 4” beside “lesson
4”, three titles for the opening pictures, “Earth Mover's” and “Balle·Wang”.  The glossary
holds the choices once; this test reads them from there and scans every English text a
reader sees outside code: the catalog, the notation panel, the glossary's own words, the
lessons (prose and components) and the pages of ``docs/en``.  A failure lists each variant
as ``file:line``.  This is a scan of source wording: the words are the defect.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dplab.site.glossary import Usage, glossary_page, read_glossary, read_usage
from dplab.site.lesson import parse_lesson
from dplab.site.project import Project
from dplab.views import use_language
from dplab.views._notation import NOTATION

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "lessons_src" / "glossary.toml"
USAGE = [choice for choice in read_usage(GLOSSARY) if choice.language == "en"]
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+)(?!\$).*?(?<!\$)\1")  # `code`, not $`math`$
CATALOG_ENTRY = re.compile(r'^"[^"]+" = ')


def _markdown_lines(path: Path):
    """Each line of a Markdown file outside fenced code, with its code spans blanked."""
    fence = None
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        opening = FENCE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            continue
        yield number, CODE_SPAN.sub(lambda m: " " * len(m.group()), line)


def _catalog_lines(path: Path):
    """The words of each line of a catalog (its keys and comments left out)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if not line.lstrip().startswith("#"):
            yield number, CATALOG_ENTRY.sub("", line)


def _glossary_lines(path: Path):
    """The English words of the glossary's terms (not its [[usage]] entries)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if line.startswith("[[usage]]"):
            return
        if line.startswith(("en = ", "en_definition = ")):
            yield number, line


def english_texts():
    """``(place, text)`` for every English line a reader sees outside code."""
    rel = lambda path: path.relative_to(ROOT).as_posix()  # noqa: E731
    catalog = ROOT / "dplab" / "views" / "locales" / "en.toml"
    for number, text in _catalog_lines(catalog):
        yield f"{rel(catalog)}:{number}", text
    for symbol, meaning in NOTATION["en"]:
        yield f"dplab/views/_notation.py (row {symbol!r})", f"{symbol} {meaning}"
    for number, text in _glossary_lines(GLOSSARY):
        yield f"{rel(GLOSSARY)}:{number}", text
    # docs/en's hand-written pages; its glossary.md and references.md are written by the
    # build from the glossary and the catalog, scanned above
    written = {"glossary.md", "references.md"}
    pages = sorted((ROOT / "lessons_src" / "en").glob("*.md")) + sorted(
        path for path in (ROOT / "docs" / "en").glob("*.md") if path.name not in written
    )
    for path in pages:
        for number, text in _markdown_lines(path):
            yield f"{rel(path)}:{number}", text


def test_the_glossary_states_the_english_choices():
    uses = {choice.use for choice in USAGE}
    assert {"the data are", "Lesson n", "In pictures", "earth mover's distance"} <= uses
    assert any("distribution" in use for use in uses)
    assert any("neighbouring pair" in use for use in uses)


def test_english_text_uses_the_words_the_glossary_chose():
    found = [
        f"{place}: “{variant}” (the course writes “{choice.use}”)"
        for place, text in english_texts()
        for choice in USAGE
        for _, variant in choice.find(text)
    ]
    assert found == [], "variants the glossary rejects ([[usage]]):\n" + "\n".join(found)


def test_the_variant_rules_catch_what_they_should_and_nothing_else():
    law = Usage("en", "distribution", ("law", "laws"), ("law of large numbers",))
    assert [
        v for _, v in law.find("the output laws; Law 2; a lawyer; the law of large numbers")
    ] == [
        "laws",
        "Law",
    ]
    unit = Usage("en", "Lesson n", ("Unit",))
    assert [v for _, v in unit.find("Unit 4 · per unit of distance · Units")] == ["Unit"]
    cite = Usage(
        "en", "Balle and Wang 2018", ("Balle·Wang 2018",), pattern="[A-Z][a-z]+·[A-Z][a-z]+"
    )
    assert [v for _, v in cite.find("(Dwork·Roth 2014) and P(S) − α·Q(S)")] == ["Dwork·Roth"]
    spaced = Usage("en", "neighbouring pair", ("adjacent pair",))
    assert [v for _, v in spaced.find("ordered adjacent\npair")] == ["adjacent\npair"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_glossary_page_shows_the_choices_of_its_language_only(lang):
    project = Project()
    lessons = {parse_lesson(p).slug: parse_lesson(p) for p in project.lesson_files()}
    terms = read_glossary(GLOSSARY, lessons)
    with use_language(lang):
        page = glossary_page(terms, lang, lessons, read_usage(GLOSSARY))
    if lang == "en":
        assert "## Words this course uses { #usage }" in page
        assert "- **the data are**: not “data is” or “data was”. “Data” is plural." in page
        assert "not “First, in pictures”, “First, the picture” or “Seeing it" in page
    else:
        assert "{ #usage }" not in page


@pytest.mark.parametrize(
    ("path", "words"),
    [
        (
            "docs/index.md",
            ("정확한 산술이나 엄밀한\n구간 산술로", "≈로 표시하며 판정에 쓰지 않습니다"),
        ),
        (
            "docs/en/index.md",
            ("exactly or with rigorous\ninterval arithmetic", "never decide a verdict"),
        ),
        (
            "README.md",
            ("엄밀한 구간\n산술", "rigorous interval\narithmetic", "never decide a verdict"),
        ),
    ],
)
def test_the_home_page_and_readme_claim_no_more_exactness_than_the_course_has(path, words):
    """Review 2026-12 (B3/U4): "verified in exact arithmetic" overclaimed (the Gaussian
    verdicts use rigorous intervals, some curves are floating point).  A wording check."""
    text = (ROOT / path).read_text(encoding="utf-8")
    assert "verified in exact\narithmetic" not in text and "정확한 산술로 검증합니다" not in text
    for phrase in words:
        assert re.sub(r"\s+", " ", phrase) in re.sub(r"\s+", " ", text), phrase
