"""The English edition of the built course (issue 23): no Korean word on it except the ones
marked as Korean on purpose, the same pages as the Korean edition, each page linked to
itself in the other edition, and the glossary linked from lessons."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dplab.site.catalog import lessons_in_order
from dplab.site.project import Project

pytestmark = pytest.mark.build

HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]+")
# Attributes a reader meets: read aloud, shown on hover, or shown in place of a picture.
READ_ATTRIBUTES = ("alt", "title", "aria-label", "aria-description", "placeholder")
_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}


class _KoreanWords(HTMLParser):
    """The Hangul a reader of a page meets: its text outside scripts and styles, the
    attributes above and the page's description, leaving out what an element marks as
    another language (``lang="ko"``: the language switch, a glossary entry's Korean term)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._stack: list[tuple[str, bool]] = []  # (tag, text inside is not read)

    def _skipped(self) -> bool:
        return bool(self._stack) and self._stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        lang = values.get("lang")
        foreign = lang is not None and not lang.startswith("en")
        skipped = self._skipped() or foreign or tag in ("script", "style", "template")
        if not skipped:
            read = [values.get(name) or "" for name in READ_ATTRIBUTES]
            if tag == "meta" and values.get("name") == "description":
                read.append(values.get("content") or "")
            self.found += [word for text in read for word in HANGUL.findall(text)]
        if tag not in _VOID:
            self._stack.append((tag, skipped))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index][0] == tag:
                del self._stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if not self._skipped():
            self.found += HANGUL.findall(data)


def korean_words(page_html: str) -> list[str]:
    reader = _KoreanWords()
    reader.feed(page_html)
    reader.close()
    return reader.found


def test_the_reader_of_korean_words_finds_them_and_leaves_marked_ones():
    page = (
        '<html lang="en"><head><meta name="description" content="차분"><script>"비밀"</script>'
        '</head><body><p>Text <span lang="ko">한국어 <b>굵게</b></span> after'
        '<img alt="그림" src="x.svg"><br>민감도</p><a title="제목">x</a></body></html>'
    )
    assert korean_words(page) == ["차분", "그림", "민감도", "제목"]


def _english_site(built_site: Path) -> Path:
    return built_site / Project(edition="en").site_dir.relative_to(Project().site_dir)


def test_the_english_site_has_no_korean_word_a_reader_meets(built_site):
    site = _english_site(built_site)
    found: dict[str, list[str]] = {}
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 20
    for page in pages:
        words = korean_words(page.read_text("utf-8"))
        if words:
            found[page.relative_to(site).as_posix()] = words
    # The words drawn in charts, the data behind charts and labs, the page words the
    # scripts show, the search index and the notebooks a reader downloads.
    generated = site / "assets" / "generated"
    data_files = [
        *sorted(generated.rglob("*.svg")),
        *sorted((generated / "data").glob("*")),
        generated / "dplab-config.js",
        site / "search" / "search_index.json",
        *sorted((site / "notebooks").glob("*.ipynb")),
    ]
    assert len(data_files) > 100
    for path in data_files:
        words = HANGUL.findall(path.read_text("utf-8"))
        if words:
            found[path.relative_to(site).as_posix()] = words[:5]
    assert found == {}


def test_every_page_has_its_twin_in_the_other_edition_and_links_to_it(built_site):
    site = _english_site(built_site)
    english = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    korean = {
        p.relative_to(built_site).as_posix()
        for p in built_site.rglob("*.html")
        if not p.is_relative_to(site)
    }
    assert english == korean
    for name in sorted(english - {"404.html"}):
        page = (site / name).read_text("utf-8")
        depth = name.count("/")
        twin = "../" * (depth + 1) + name
        assert f'<link rel="alternate" hreflang="ko" href="{twin}">' in page, name
        assert f'href="{twin}" hreflang="ko" lang="ko"' in page, name
        korean_page = (built_site / name).read_text("utf-8")
        assert f'href="{"../" * depth}en/{name}" hreflang="en" lang="en"' in korean_page, name


def test_each_lesson_links_a_course_term_at_its_first_use(built_site):
    site = _english_site(built_site)
    for edition_site in (built_site, site):
        glossary = (edition_site / "glossary.html").read_text("utf-8")
        anchors = set(re.findall(r'<h2 id="([a-z0-9-]+)"', glossary))
        assert len(anchors) >= 30
        for page in sorted((edition_site / "lessons").glob("*.html")):
            links = re.findall(
                r'class="dplab-term" href="\.\./glossary\.html#([a-z0-9-]+)"',
                page.read_text("utf-8"),
            )
            assert links, page
            assert len(links) == len(set(links)), page  # the first use only
            assert set(links) <= anchors, page


def test_the_search_index_of_each_edition_is_in_its_language(built_site):
    site = _english_site(built_site)
    english = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    korean = json.loads((built_site / "search" / "search_index.json").read_text("utf-8"))
    assert english["config"]["lang"] == korean["config"]["lang"]
    for edition, index in (("en", english), ("ko", korean)):
        lesson = lessons_in_order(Project(edition=None if edition == "ko" else edition))[0]
        titles = {doc["title"] for doc in index["docs"] if doc["location"] == "lessons/tour.html"}
        assert titles == {lesson.meta.title}, edition
        # the glossary names every term in a heading; a term's search leads to its lesson
        assert not any(doc["location"].startswith("glossary.html") for doc in index["docs"])
    assert any(HANGUL.search(doc["title"]) for doc in korean["docs"])


_STYLE_SHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)">')
_INLINE_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
_TABLE_ID = re.compile(r"#T_\w+")  # a pandas table's id, made of its words


def _styles(page: Path) -> list[bytes]:
    """What styles ``page``: its style sheets' bytes (a sheet at an absolute path, as the 404
    page's, by that path) and its inline styles (a table's id left out), in order."""
    text = page.read_text("utf-8")
    sheets = [
        href.encode() if href.startswith("/") else (page.parent / href).resolve().read_bytes()
        for href in _STYLE_SHEET.findall(text)
    ]
    inline = [_TABLE_ID.sub("#T_", style) for style in _INLINE_STYLE.findall(text)]
    return sheets + [style.encode() for style in inline]


def test_every_english_page_is_styled_as_its_korean_twin(built_site):
    """The same style sheets (byte for byte) and inline styles, in the same order: what an
    English page's words sit on has the colours of its Korean twin's, whose axe colour rules
    the browser walk runs in light and dark (tests.browser.test_pages, ``twin``)."""
    site = _english_site(built_site)
    differ = [
        page.relative_to(site).as_posix()
        for page in sorted(site.rglob("*.html"))
        if _styles(page) != _styles(built_site / page.relative_to(site))
    ]
    assert _styles(site / "lessons" / "gaussian.html")
    assert differ == []
