"""The search index of the built site: one entry per section, titles and text as a reader
reads them, formulas as readable text, and tokens that Korean course terms can match."""

from __future__ import annotations

import html
import itertools
import json
import re
from collections import Counter

import pytest

from dplab.views import label, notation_html

pytestmark = pytest.mark.build

# Material keeps these tags in an entry's text, to show a result's paragraphs and lists.
KEPT_TAGS = {"p", "code", "pre", "li", "ol", "ul", "sub", "sup"}


@pytest.fixture(scope="module")
def index(built_site):
    return json.loads((built_site / "search/search_index.json").read_text("utf-8"))


def test_each_section_is_indexed_once_and_notebook_pages_not_at_all(index):
    locations = Counter(doc["location"] for doc in index["docs"])
    assert [place for place, count in locations.items() if count > 1] == []
    pages = {place.split("#")[0] for place in locations}
    assert {f"lessons/{slug}.html" for slug in ("tour", "laplace", "gaussian")} <= pages
    assert [page for page in pages if page.startswith("notebooks/")] == []


def test_titles_are_plain_text_and_text_holds_only_well_formed_kept_tags(index):
    for doc in index["docs"]:
        assert not re.search(r"[<>$\\¶\u200b]", doc["title"]), doc
        tags = re.findall(r"<(/?)([^\s>]*)[^>]*>", doc["text"])
        assert {name for _, name in tags} <= KEPT_TAGS, doc["location"]
        depth = Counter()
        for closing, name in tags:
            depth[name] += -1 if closing else 1
            assert depth[name] >= 0, doc["location"]
        assert set(depth.values()) <= {0}, doc["location"]


def test_formulas_are_indexed_as_readable_text_and_tex_only_inside_code(index, built_site):
    for doc in index["docs"]:
        prose = re.sub(r"<(code|pre)>.*?</\1>", "", doc["text"], flags=re.S)
        assert not re.search(r"[$\\\u200b]", prose), (doc["location"], prose[:300])
    tour = " ".join(d["text"] for d in index["docs"] if d["location"].startswith("lessons/tour"))
    assert "|L(y)| ≤ Δ / b" in tour  # $`|L(y)| \le \Delta / b`$
    page = (built_site / "lessons/tour.html").read_text("utf-8")
    assert page.count('<span class="katex">') > 10  # the page itself keeps its formulas
    assert not re.search(r'data-search-\w+="', page)


def test_tokens_are_words_of_hangul_greek_latin_and_digits(index):
    assert (index["config"]["lang"], index["config"]["pipeline"]) == (["en"], [])
    separator = re.compile(index["config"]["separator"])  # a JavaScript pattern Python reads alike
    text = "(ε, δ)-차분 프라이버시를 Pr[M(D) ∈ S] ≤ e^ε · x&lt;y, 0.5 gaussian.delta sigma_for."
    tokens = [token for token in separator.split(text) if token]
    assert tokens == [
        "ε", "δ", "차분", "프라이버시를", "Pr", "M", "D", "S", "e", "ε", "x", "y", "0.5",
        "gaussian", "delta", "sigma_for",
    ]  # fmt: skip


def entry_text(doc) -> str:
    return re.sub(r"<[^>]+>", " ", doc["text"])


def test_a_lessons_first_entry_is_its_title_and_summary_not_its_time_line(index, built_site):
    for page in sorted((built_site / "lessons").glob("*.html")):
        html = page.read_text("utf-8")
        meta = re.search(r'<p class="dplab-lesson-meta"[^>]*>(.*?)</p>', html, re.S)
        assert meta, page.name  # the line the reader sees above the title
        line = re.sub(r"<[^>]+>", "", meta.group(1)).strip()
        place = f"lessons/{page.name}"
        entries = [d for d in index["docs"] if d["location"].split("#")[0] == place]
        assert entries, page.name
        first = [d for d in entries if "#" not in d["location"]]
        assert len(first) == 1 and first[0]["text"], page.name
        summary = re.search(r'<p class="dplab-summary">(.*?)</p>', html, re.S).group(1)
        assert entry_text(first[0]).strip().startswith(summary[:10]), first[0]
        for doc in entries:
            assert line not in entry_text(doc), doc["location"]


# Course terms (a lesson's own words) and the lesson that teaches each.
TERM_LESSONS = {
    "합성": "composition",
    "고급 합성": "composition",
    "라플라스": "laplace",
    "민감도": "laplace",
    "가우스": "gaussian",
    "무작위 응답": "randomized-response",
    "총변동 거리": "randomized-response",
    "사후 승산": "inference",
    "트레이드오프": "inference",
    "지구 이동 거리": "user-level-metric",
    "셔플": "user-level-itemwise",
    "프라이버시 손실": "tour",
}


def test_the_home_page_is_indexed_by_its_own_text_not_by_its_list_of_lessons(index):
    home = [d for d in index["docs"] if d["location"].split("#")[0] == "index.html"]
    assert home and all(entry_text(d).strip() for d in home)
    for term in TERM_LESSONS:
        if term != "프라이버시 손실":
            assert [d["location"] for d in home if term in entry_text(d)] == [], term


def test_course_terms_used_as_whole_words_are_an_entrys_terms(index):
    for term, lesson in TERM_LESSONS.items():
        words = term.split()
        found = [
            d["location"]
            for d in index["docs"]
            if d["location"].startswith(f"lessons/{lesson}.html")
            and re.search(r"(?:^| )" + " ".join(words) + r"(?: |$)", d.get("terms", ""))
        ]
        assert found, term
    assert index["config"]["fields"]["terms"]["boost"] > index["config"]["fields"]["title"]["boost"]
    # "합성곱" (convolution) is not a use of the term "합성"
    for doc in index["docs"]:
        if "합성곱" in doc["text"] and not re.search(r"합성(?!곱)", entry_text(doc)):
            assert "합성" not in doc["terms"].split(), doc["location"]


# What the index holds of what every lesson repeats, of the reader's own state, and of the
# edges between blocks (student review of December 2026, F4).
EDITIONS = {"ko": "search/search_index.json", "en": "en/search/search_index.json"}


@pytest.fixture(scope="module")
def indexes(built_site):
    return {
        lang: json.loads((built_site / path).read_text("utf-8")) for lang, path in EDITIONS.items()
    }


def _notation(lang: str) -> list[tuple[str, str]]:
    """The notation panel's rows (term, description) as plain text."""
    rows = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", notation_html(lang), re.S)
    return [(_plain(term), _plain(description)) for term, description in rows]


def _plain(text: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_notation_is_indexed_once_on_the_course_map_not_on_every_lesson(indexes, lang):
    rows = _notation(lang)
    assert len(rows) >= 10
    places = {
        doc["location"]
        for doc in indexes[lang]["docs"]
        for _, description in rows
        if description[:40] in _plain(doc["text"])
    }
    assert len({place.split("#")[0] for place in places}) == 1, sorted(places)
    assert {place.split("#")[0] for place in places} == {"course-map.html"}


@pytest.mark.parametrize("lang", EDITIONS)
def test_a_definition_lists_term_and_description_are_not_glued(indexes, lang):
    # "…으로 정합니다.메커니즘 M입력 D를…": a <dt> and a <dd> ran into one token ("M입력")
    text = " ".join(
        _plain(d["text"]) for d in indexes[lang]["docs"] if d["location"].startswith("course-map")
    )
    rows = _notation(lang)
    glued = [term for term, description in rows if f"{term} — {description[:20]}" not in text]
    assert glued == []
    # and a description does not run into the next row's term ("정합니다.메커니즘")
    ends = [f"{before[-10:]}{term}" for (_, before), (term, _) in itertools.pairwise(rows)]
    assert [end for end in ends if end in text] == []


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_course_map_is_indexed_without_the_readers_state_or_doubled_numbers(indexes, lang):
    learned = label("map.learned", lang)
    entries = [d for d in indexes[lang]["docs"] if d["location"].startswith("course-map")]
    rows = [
        paragraph
        for doc in entries
        for paragraph in re.findall(r"<p>(.*?)</p>", doc["text"], re.S)
        if re.match(r"\s*\d+\.\s", paragraph)
    ]
    assert len(rows) >= 9  # "1. A tour of the executable course …", one per lesson
    # the hidden "learned" mark is the reader's own progress, not the page's words
    assert [row for row in rows if row.rstrip().endswith(learned)] == []
    # the rows carry their numbers: an ordered list would number them again ("1. 1. …")
    assert not any(re.search(r"<ol>\s*<li>\s*(?:<p>)?\s*\d+\.\s", d["text"]) for d in entries)
