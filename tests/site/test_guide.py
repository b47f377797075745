"""The contributing guide is a short path (issue "A contributor's first lesson"); the rest is in
its reference page.  Both are pages of both editions, with the same sections in the same order,
the search boost that keeps them after the lessons, and a place in each edition's nav.  A scan
of the sources (no build): the built pages' links are checked by tests/site/test_links.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE_MAX_LINES = 250
PAGES = ("contributing.md", "contributing-reference.md")
EDITIONS = {"ko": ROOT / "docs", "en": ROOT / "docs" / "en"}


def _text(lang: str, page: str) -> str:
    return (EDITIONS[lang] / page).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_guide_is_a_short_path(lang):
    lines = _text(lang, "contributing.md").splitlines()
    assert len(lines) <= GUIDE_MAX_LINES, f"{lang}: {len(lines)} lines"
    text = "\n".join(lines)
    for command in ("make lesson", "TITLE_EN=", "make check-lesson", "make test", "make shots"):
        assert command in text, (lang, command)


@pytest.mark.parametrize("page", PAGES)
def test_both_editions_have_the_same_sections_in_the_same_order(page):
    levels = {
        lang: [len(m.group(1)) for m in re.finditer(r"(?m)^(#{2,3}) \S", _text(lang, page))]
        for lang in EDITIONS
    }
    assert levels["ko"] == levels["en"] and len(levels["ko"]) >= 10


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", EDITIONS)
def test_each_page_keeps_the_guides_search_boost_and_is_in_the_nav(lang, page):
    assert re.match(r"---\n(?:#.*\n)*search:\n  boost: 0\.001\n---\n", _text(lang, page))
    config = "mkdocs.yml" if lang == "ko" else f"mkdocs.{lang}.yml"
    assert re.search(rf"(?m)^  - .+: {re.escape(page)}$", (ROOT / config).read_text("utf-8"))
