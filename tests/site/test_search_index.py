"""The search index of the built site: one entry per section, titles and text as a reader
reads them, formulas as readable text, and tokens that Korean course terms can match."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

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
