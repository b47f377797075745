"""Site search as a reader uses it: one page, many queries typed one after another.

The queries are typed with ``keyboard.type``: for Hangul and Greek, Chromium then inserts
the text without key events, as a phone's input method, dictation or a paste does, which
is the case Material's search box missed (it reads the query on "keyup" only).
"""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

# (query, a page that must be among its results): course terms, parts of words, symbols.
QUERIES = [
    ("차분 프라이버시", "lessons/randomized-response.html"),
    ("민감도", "lessons/laplace.html"),
    ("총변동", "lessons/randomized-response.html"),
    ("프라이버시 손실", "lessons/tour.html"),
    ("가우스", "lessons/gaussian.html"),
    ("라플라스", "lessons/laplace.html"),
    ("인접", "lessons/randomized-response.html"),
    ("메커니즘", "lessons/laplace.html"),
    ("무작위 응답", "lessons/randomized-response.html"),
    ("합성", "lessons/gaussian.html"),
    ("고급 합성", "lessons/composition.html"),
    ("δ", "lessons/gaussian.html"),
    ("ε", "lessons/laplace.html"),
    ("Δ", "lessons/laplace.html"),
    ("꼬리", "lessons/gaussian.html"),
    ("반직선", "lessons/gaussian.html"),
    ("언더플로", "lessons/gaussian.html"),
    ("삼각부등식", "lessons/tour.html"),
    ("우도비", "lessons/tour.html"),
    ("이항분포", "lessons/randomized-response.html"),
    ("사후 승산", "lessons/inference.html"),
    ("트레이드오프", "lessons/inference.html"),
    ("지구 이동 거리", "lessons/user-level-metric.html"),
    ("민감", "lessons/laplace.html"),  # the beginning of a word finds the word
    ("가우", "lessons/gaussian.html"),
    ("gauss", "lessons/gaussian.html"),
    ("sensitivity", "lessons/tour.html"),
]

# Each result as the reader sees it: its address, its title and its text, the text
# outside code apart (code blocks may show TeX or HTML source, on the authors' guide).
RESULTS = """() => [...document.querySelectorAll('.md-search-result__link')].map((link) => {
  const article = link.querySelector('article');
  const title = article.querySelector('h1, h2');
  const prose = article.cloneNode(true);
  prose.querySelectorAll('code, pre, h1, h2').forEach((code) => code.remove());
  return {href: link.getAttribute('href'), title: title ? title.innerText : '',
          text: article.innerText, prose: prose.innerText,
          marks: [...article.querySelectorAll('mark')].map((mark) => mark.innerText)};
})"""

STATE = """() => ({
  meta: document.querySelector('.md-search-result__meta').innerText.trim(),
  items: document.querySelectorAll('.md-search-result__item').length,
  marks: [...document.querySelectorAll('.md-search-result mark')].map((m) => m.innerText),
})"""

PLACEHOLDER = "검색어를 입력하세요"
# Outside code, a result shows no markup, no entity, no TeX and no permalink sign; code may
# show HTML or TeX source (the authors' guide does), but never a broken highlight.
LEAK = re.compile(r"</?[A-Za-z][\w-]*[\s/>]|</|&[a-z]+;|&#\d+;|[$\\¶]")
BROKEN_HIGHLIGHT = re.compile(r"</?mark|\bark>|\bmark>")


def type_query(page, query: str, placeholder: str = PLACEHOLDER) -> None:
    """Clear the search box with the keyboard, wait for the empty state (which shows
    ``placeholder``, Material's words in the page's language), type ``query`` and wait
    until the results shown are those of ``query`` (a highlighted word begins with one of
    its words)."""
    box = page.locator("input.md-search__input")
    box.press("Control+a")
    box.press("Backspace")
    page.wait_for_function(
        f"(p) => {{ const s = ({STATE})(); return s.meta === p && s.items === 0; }}",
        arg=placeholder,
        timeout=60_000,
    )
    page.keyboard.type(query)
    words = [word.lower() for word in query.split()]
    page.wait_for_function(
        f"(words) => {{ const s = ({STATE})(); return s.items > 0 && s.marks.some((m) => "
        "words.some((w) => m.toLowerCase().startsWith(w))); }",
        arg=words,
        timeout=60_000,
    )


@pytest.mark.parametrize("how", ["file", "http"])
def test_course_terms_typed_one_after_another_find_their_lessons_with_clean_results(
    open_page, served_site, how
):
    visit = open_page("lessons/tour.html", site_root=served_site if how == "http" else None)
    page = visit.page
    # From file:// the index is a script defining __index; over HTTP it is fetched as JSON.
    index_loaded = (
        "() => typeof __index !== 'undefined' || performance.getEntriesByType('resource')"
        ".some((r) => /search_index\\.json/.test(r.name))"
    )
    assert not page.evaluate(index_loaded)  # nothing of search is loaded before it is used
    page.locator("input.md-search__input").click()
    problems = {}
    for query, expected in QUERIES:
        type_query(page, query)
        results = page.evaluate(RESULTS)
        pages = {result["href"].split("#")[0].split("?")[0] for result in results}
        if not any(href.endswith(expected) for href in pages):
            problems[query] = f"{expected} not among {sorted(pages)}"
        for result in results:
            leaks = [name for name in ("title", "prose") if LEAK.search(result[name])]
            leaks += ["text"] if BROKEN_HIGHLIGHT.search(result["text"]) else []
            if leaks:
                problems[f"{query} → {result['href']}"] = (leaks, result["text"][:200])
    assert problems == {}
    assert page.evaluate(index_loaded)
    assert visit.problems() == ([], [], [], [])


@pytest.mark.parametrize("how", ["file", "http"])
def test_a_page_opened_from_a_result_highlights_the_words_searched(open_page, served_site, how):
    root = served_site if how == "http" else None
    page = open_page("lessons/tour.html?h=삼각부등식", site_root=root, draw_all=False).page
    marks = page.locator("article mark[data-md-highlight]")
    marks.first.wait_for(timeout=60_000)
    assert marks.first.inner_text() == "삼각부등식"


# (query, the lesson that must come first, words its first snippet shows)
RANKED = [
    ("합성", "lessons/composition.html", "합성"),
    ("지구 이동 거리", "lessons/user-level-metric.html", "지구 이동 거리"),
]


def test_a_course_term_lists_its_lesson_first_with_a_snippet_of_the_passage(open_page):
    page = open_page("lessons/tour.html").page
    page.locator("input.md-search__input").click()
    problems = {}
    for query, lesson, words in RANKED:
        type_query(page, query)
        results = page.evaluate(RESULTS)
        pages = [result["href"].split("#")[0].split("?")[0] for result in results]
        shown = [r["prose"] for r, place in zip(results, pages, strict=True) if place == pages[0]]
        snippet = next((text for text in shown if text.strip()), "")
        found = {
            "first page": pages[0].endswith(lesson) or pages[:3],
            "home page listed": not any(place.endswith("index.html") for place in pages),
            "snippet": (words in snippet and "합성곱" not in snippet) or snippet[:120],
        }
        problems.update({(query, name): got for name, got in found.items() if got is not True})
    assert problems == {}


# (the page searched from, the query, the page that must come first) in each edition: a
# course word lists its lesson first, and the guides (the contributing guide and its reference,
# the home page's "How to read") come after every lesson listed (student review of December
# 2026, F4).
LESSONS_FIRST = [
    ("en/lessons/tour.html", "composition", "en/lessons/composition.html"),
    ("en/lessons/tour.html", "read first", "en/lessons/"),
    ("lessons/tour.html", "민감도", "lessons/laplace.html"),
    ("lessons/tour.html", "가우스", "lessons/gaussian.html"),
]
PLACEHOLDERS = {"en": "Type to start searching", "ko": PLACEHOLDER}
GUIDES = ("contributing.html", "contributing-reference.html", "index.html")


def test_lessons_come_before_the_guides_in_each_edition(open_page, built_site):
    problems = {}
    for start, query, first in LESSONS_FIRST:
        english = start.startswith("en/")
        page = open_page(start).page
        page.locator("input.md-search__input").click()
        type_query(page, query, PLACEHOLDERS["en" if english else "ko"])
        hrefs = [r["href"].split("#")[0].split("?")[0] for r in page.evaluate(RESULTS)]
        root = (built_site / ("en" if english else "")).resolve().as_uri().rstrip("/") + "/"
        places = list(dict.fromkeys(href.removeprefix(root) for href in hrefs))
        edition = "en/" if english else ""
        if not (edition + places[0]).startswith(first):
            problems[(query, "first")] = places[:5]
        lessons = [i for i, place in enumerate(places) if place.startswith("lessons/")]
        guides = [i for i, place in enumerate(places) if place in GUIDES]
        if lessons and guides and min(guides) < max(lessons):
            problems[(query, "a guide before a lesson")] = places
    assert problems == {}
