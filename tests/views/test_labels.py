"""The word catalogs (``dplab/views/locales/<lang>.toml``) and the code that names their keys.

* every language has the keys of Korean, the source language, or fewer (a missing key
  falls back to Korean), and a key's ``{placeholders}`` are the same in every language;
* every catalog key is named, as written, somewhere in the code, the lessons, the
  templates or the page scripts (an unused word fails), and every key the code names is
  in the Korean catalog;
* no key is built at run time (``f"gauss.kind_{kind}"``, ``"comp.method_" + method``):
  each is written out in a map, so that the two checks above see every use.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from dplab.views import LABELS, SOURCE_LANGUAGE, label, use_language
from dplab.views._labels import CATALOGS

ROOT = Path(__file__).resolve().parents[2]
SOURCE = CATALOGS[SOURCE_LANGUAGE]
SECTIONS = "|".join(sorted({key.split(".")[0] for key in SOURCE}))
# Where keys are named: the package (not its catalogs), the lessons, the templates, the
# page scripts (the site's and the labs', dplab/views/labs/).
USES = [
    *sorted((ROOT / "dplab").rglob("*.py")),
    *sorted((ROOT / "lessons_src").glob("*.md")),
    *sorted((ROOT / "overrides").rglob("*.html")),
    *sorted((ROOT / "docs" / "assets" / "dplab").glob("*.js")),
    *sorted((ROOT / "dplab" / "views" / "labs").rglob("*.js")),
]
# A quoted "section.name" in any of them, not the start of a built key ("gauss.kind_" +);
# file names (lab.js, references.md) are not keys.
QUOTED_KEY = re.compile(rf"""["']((?:{SECTIONS})\.[a-z0-9_]+)["'](?!\s*\+)""")
FILE_SUFFIXES = {"js", "css", "html", "md", "bib", "json", "py", "toml", "yml", "ipynb"}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def quoted_keys() -> set[str]:
    text = "\n".join(path.read_text(encoding="utf-8") for path in USES)
    return {k for k in QUOTED_KEY.findall(text) if k.rsplit(".", 1)[1] not in FILE_SUFFIXES}


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_a_language_has_no_key_that_korean_lacks_and_the_same_placeholders(lang):
    catalog = CATALOGS[lang]
    assert set(catalog) <= set(SOURCE), sorted(set(catalog) - set(SOURCE))
    differ = {
        key: (placeholders(SOURCE[key]), placeholders(text))
        for key, text in catalog.items()
        if placeholders(text) != placeholders(SOURCE[key])
    }
    assert differ == {}


def test_english_lacks_no_key_today():
    """The fallback is for a word not yet translated; today every word is."""
    assert sorted(set(SOURCE) - set(CATALOGS["en"])) == []


def test_labels_is_each_catalog_over_korean():
    """What :func:`label` reads: a key a language lacks shows the Korean words."""
    for lang, catalog in CATALOGS.items():
        assert LABELS[lang] == {**SOURCE, **catalog}


def test_every_catalog_key_is_used():
    unused = sorted(set(SOURCE) - quoted_keys())
    assert unused == [], f"words that no code names (remove them from every catalog): {unused}"


def test_every_key_the_code_names_is_in_the_korean_catalog():
    unknown = sorted(quoted_keys() - set(SOURCE))
    assert unknown == [], f"keys named in code but missing from ko.toml: {unknown}"


def _python_built_keys(path: Path) -> list[str]:
    """f-strings and concatenations that start with ``"<section>."`` in a Python file."""
    starts_key = re.compile(rf"(?:{SECTIONS})\.")
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        head = None
        if isinstance(node, ast.JoinedStr) and any(
            isinstance(v, ast.FormattedValue) for v in node.values
        ):
            first = node.values[0]
            head = first.value if isinstance(first, ast.Constant) else None
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left = node.left
            head = left.value if isinstance(left, ast.Constant) else None
        if isinstance(head, str) and starts_key.match(head) and " " not in head:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {head}…")
    return found


# A key built by a page script: a quoted "section.prefix" joined with +, or a template
# literal `section.prefix${…}`.
JS_BUILT_KEY = re.compile(
    rf"""["'](?:{SECTIONS})\.[a-z0-9_]*["']\s*\+|`(?:{SECTIONS})\.[a-z0-9_]*\$\{{"""
)


def test_no_key_is_built_at_run_time():
    built = [found for path in USES if path.suffix == ".py" for found in _python_built_keys(path)]
    lessons = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in USES
        if path.suffix == ".md"
        for match in re.finditer(r"""label\(f["'][^"']*\{""", path.read_text(encoding="utf-8"))
    ]
    scripts = {
        path.relative_to(ROOT).as_posix(): JS_BUILT_KEY.findall(path.read_text(encoding="utf-8"))
        for path in USES
        if path.suffix == ".js"
    }
    assert built + lessons == []
    assert {name: found for name, found in scripts.items() if found} == {}


def test_the_language_in_force_is_korean_unless_chosen():
    assert label("code.fold") == "코드 보기"
    with use_language("en"):
        assert label("code.fold") == "Show code"
        assert label("code.fold", "ko") == "코드 보기"
    assert label("code.fold") == "코드 보기"


def test_bad_language_and_missing_key_are_errors():
    with pytest.raises(ValueError, match="lang must be one of"):
        label("code.fold", "fr")
    with pytest.raises(ValueError, match="lang must be one of"):
        use_language("fr")
    with pytest.raises(KeyError, match=r"no label 'code\.nothing'"):
        label("code.nothing")


def test_the_page_scripts_read_words_through_one_reader():
    """ready.js's ``words()`` (every page loads it first) reads ``window.DPLAB.labels`` and
    reports a missing key on the console; no other script reads the table itself."""
    readers = sorted(
        path.name
        for path in USES
        if path.suffix == ".js" and "DPLAB.labels" in path.read_text(encoding="utf-8")
    )
    assert readers == ["ready.js"]


# A count placed before a noun in an English sentence: "{count} pairs", "{n} exercises".
COUNT_BEFORE_NOUN = re.compile(r"\{(\w+)\} ([a-z]+s)\b")
# The nouns the course counts (a placeholder before "as", "suffices" or "exceeds" is not a
# count).
COUNTED_NOUNS = set(
    [
        "exercises",
        "questions",
        "minutes",
        "cases",
        "pairs",
        "events",
        "rows",
        "releases",
        "items",
        "ones",
        "bits",
        "outputs",
        "reports",
        "copies",
        "steps",
        "lessons",
        "records",
        "people",
        "users",
        "datasets",
    ]
)


def test_an_english_count_agrees_with_its_noun():
    """Review 2026-12 (A8): "1 exercises". A count before a noun in an English template
    gives the noun through ``{count:one|other}``, so that 1 reads "1 exercise"."""
    fixed = [
        f"{key}: {{{name}}} {noun}"
        for key, text in CATALOGS["en"].items()
        for name, noun in COUNT_BEFORE_NOUN.findall(text)
        if noun in COUNTED_NOUNS
    ]
    assert fixed == [], "write {count} {count:noun|nouns}"
    assert label("lesson.exercise_time", "en", exercises=1, minutes=6) == "1 exercise (about 6 min)"
    assert label("lesson.exercise_time", "en", exercises=3, minutes=18) == (
        "3 exercises (about 18 min)"
    )
    assert label("rr.lab_cert_scope", "en", pairs=1, events=8) == (
        "Covers 1 ordered neighbouring pair × 8 events."
    )
    assert label("lesson.exercise_time", "ko", exercises=1, minutes=6) == "연습 문제 1개 약 6분"


def _formatted_keys(path: Path) -> list[tuple[str, int]]:
    """Keys filled by ``label("key").format(…)`` (str.format, not :func:`label`'s values)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and isinstance(node.func.value, ast.Call)
            and getattr(node.func.value.func, "id", None) == "label"
            and node.func.value.args
            and isinstance(node.func.value.args[0], ast.Constant)
        ):
            found.append((node.func.value.args[0].value, node.lineno))
    return found


def test_a_key_with_a_plural_choice_is_filled_by_label():
    """``{count:one|other}`` is read by :func:`label` (and ready.js), not by str.format,
    which refuses the choice as a format specifier."""
    plural = {
        key
        for catalog in CATALOGS.values()
        for key, text in catalog.items()
        if any(spec and "|" in spec for _, _, spec, _ in string.Formatter().parse(text))
    }
    assert "lesson.exercise_time" in plural
    misused = [
        f"{path.relative_to(ROOT)}:{line}: {key}"
        for path in USES
        if path.suffix == ".py"
        for key, line in _formatted_keys(path)
        if key in plural
    ]
    assert misused == []
