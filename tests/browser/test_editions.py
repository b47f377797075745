"""The two editions in a browser: the language switch leads to the same page and keeps a
lab's state, from disk and over HTTP; the English search finds each course term's lesson
first, with clean results."""

from __future__ import annotations

import re

import pytest

from dplab.views import label
from tests.browser.helpers import wait_until_ready
from tests.browser.test_search import LEAK, RESULTS, type_query

pytestmark = pytest.mark.browser

RR = "lessons/randomized-response.html"
STATE = "#lab-rr?n=6&alpha=1&pair=5-4"


def _switch_to(page, lang: str) -> None:
    """Open the header's language menu as a reader does and choose ``lang``."""
    page.hover(".md-header__option .md-select")
    page.locator(f"a.dplab-edition-link[hreflang={lang}]").click()


@pytest.mark.parametrize("how", ["file", "http"])
def test_the_language_switch_leads_to_the_same_page_and_the_same_lab_state(
    open_page, served_site, how
):
    visit = open_page(RR + STATE, site_root=served_site if how == "http" else None, draw_all=False)
    page = visit.page
    permalink = page.locator(".dplab-rr-lab a.dplab-lab-permalink")
    korean_state = permalink.get_attribute("href")
    assert korean_state.startswith("#rr-lab-lesson?n=6&")
    address = page.evaluate("() => location.hash")  # the lab writes its state as it reads it
    assert address == korean_state
    _switch_to(page, "en")
    page.wait_for_url(lambda url: url.endswith(f"/en/{RR}{address}"))
    wait_until_ready(page)
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert permalink.get_attribute("href") == korean_state
    # And back; a heading's anchor is not carried (the other edition's headings differ).
    page.evaluate("() => history.replaceState(null, '', '#the-lab')")
    _switch_to(page, "ko")
    page.wait_for_url(lambda url: url.endswith(f"/{RR}"))
    wait_until_ready(page)
    assert page.evaluate("() => document.documentElement.lang") == "ko"
    assert visit.problems() == ([], [], [], [])


# (query, the lesson that must come first): at least 15 of the course's terms in English.
EN_QUERIES = [
    ("differential privacy", "lessons/randomized-response.html"),
    ("neighbouring inputs", "lessons/randomized-response.html"),
    ("sensitivity", "lessons/laplace.html"),
    ("privacy loss", "lessons/tour.html"),
    ("randomized response", "lessons/randomized-response.html"),
    ("Laplace mechanism", "lessons/laplace.html"),
    ("Gaussian mechanism", "lessons/gaussian.html"),
    ("underflow", "lessons/gaussian.html"),
    ("composition", "lessons/composition.html"),
    ("advanced composition", "lessons/composition.html"),
    ("hypothesis test", "lessons/inference.html"),
    ("trade-off curve", "lessons/inference.html"),
    ("posterior odds", "lessons/inference.html"),
    ("earth mover's distance", "lessons/user-level-metric.html"),
    ("PrivEMDLinear", "lessons/user-level-linear.html"),
    ("shuffling", "lessons/user-level-itemwise.html"),
    ("amplification", "lessons/user-level-itemwise.html"),
]


def test_english_search_finds_each_course_term_in_its_lesson_first(open_page):
    page = open_page("en/lessons/tour.html", draw_all=False).page
    page.locator("input.md-search__input").click()
    # the longest piece of the reading-time words between placeholders: "min to read"
    reading_time = max(re.split(r"\{[^}]*\}", label("lesson.reading_time", "en")), key=len).strip()
    problems = {}
    for query, lesson in EN_QUERIES:
        type_query(page, query, placeholder="Type to start searching")
        results = page.evaluate(RESULTS)
        pages = [result["href"].split("#")[0].split("?")[0] for result in results]
        if not pages[0].endswith(lesson):
            problems[query] = f"first {pages[:4]}, expected {lesson}"
        for result in results:
            leaks = [name for name in ("title", "prose") if LEAK.search(result[name])]
            # a lesson's snippet is its text, not the reading-time line of its header
            in_lesson = "/lessons/" in result["href"]
            if leaks or (in_lesson and reading_time in result["prose"]):
                problems[f"{query} → {result['href']}"] = result["text"][:200]
    assert len(EN_QUERIES) >= 15
    assert problems == {}
