"""The course glossary (:mod:`dplab.site.glossary`): its file checked, a page per edition,
and the first use of each term in a lesson linked to its entry."""

from __future__ import annotations

import pytest

from dplab.site.errors import LessonError
from dplab.site.glossary import Term, glossary_page, link_first_uses, read_glossary, term_pattern
from dplab.site.lesson import parse_lesson
from dplab.site.project import Project
from dplab.views import LANGUAGES, use_language

ENTRY = """
[[term]]
id = "{id}"
lesson = "{lesson}"
ko = "{ko}"
en = "{en}"
ko_definition = "정의."
en_definition = "Definition."
"""

SENSITIVITY = Term("sensitivity", "laplace", {"ko": "민감도", "en": "sensitivity"}, {})
DP = Term("dp", "tour", {"ko": "차분 프라이버시", "en": "differential privacy"}, {})
USER_DP = Term(
    "user-dp",
    "tour",
    {"ko": "사용자 수준 차분 프라이버시", "en": "user-level differential privacy"},
    {},
)


def _glossary(tmp_path, *entries: dict[str, str]):
    path = tmp_path / "glossary.toml"
    path.write_text("".join(ENTRY.format(**entry) for entry in entries), "utf-8")
    return path


def test_the_course_glossary_reads_and_names_a_lesson_for_every_term():
    project = Project()
    lessons = {parse_lesson(p).slug: parse_lesson(p) for p in project.lesson_files()}
    terms = read_glossary(project.glossary_file, lessons)
    assert len(terms) >= 30
    for lang in LANGUAGES:
        with use_language(lang):
            page = glossary_page(terms, lang, lessons)
        assert page.count("\n## ") == len(terms)
        assert "  exclude: true" in page.split("---")[1]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"id": "Bad Id", "lesson": "tour", "ko": "가", "en": "a"}, "lowercase slug"),
        ({"id": "a", "lesson": "nowhere", "ko": "가", "en": "a"}, "no lesson 'nowhere'"),
        ({"id": "a", "lesson": "tour", "ko": "", "en": "a"}, "non-empty text"),
    ],
)
def test_a_bad_entry_is_refused_by_name(tmp_path, entry, message):
    with pytest.raises(LessonError, match=message):
        read_glossary(_glossary(tmp_path, entry), ["tour"])


def test_a_word_given_twice_in_one_language_is_refused(tmp_path):
    first = {"id": "a", "lesson": "tour", "ko": "가", "en": "a"}
    second = {"id": "b", "lesson": "tour", "ko": "나", "en": "A"}
    with pytest.raises(LessonError, match=r"'A' is also term 1"):
        read_glossary(_glossary(tmp_path, first, second), ["tour"])


@pytest.mark.parametrize(
    ("word", "text", "found"),
    [
        ("민감도", "질의의 민감도는 1입니다", "민감도는"),
        ("합성", "합성곱 신경망", None),  # the start of a longer word
        ("합성", "고급합성", None),
        ("mechanism", "two Mechanisms", "Mechanisms"),
        ("composition", "decompositions", None),
        ("trade-off curve", "trade-off curves", "trade-off curves"),
    ],
)
def test_a_term_is_found_as_a_whole_word(word, text, found):
    match = term_pattern(word).search(text)
    assert (match[0] if match else None) == found


def test_only_the_first_use_in_reading_text_is_linked_and_longer_words_come_first():
    page = (
        '<details class="dplab-notation"><p>Sensitivity</p></details>'
        "<h2>Sensitivity</h2><p><code>sensitivity</code> and "
        '<span class="katex">sensitivity</span></p>'
        "<p>User-level differential privacy bounds the sensitivity; differential privacy, "
        "sensitivity.</p>"
    )
    linked = link_first_uses(page, [SENSITIVITY, DP, USER_DP], "en", "g.html")
    assert linked.count('class="dplab-term"') == 3
    assert '<a class="dplab-term" href="g.html#user-dp">User-level differential privacy</a>' in (
        linked
    )
    assert 'the <a class="dplab-term" href="g.html#sensitivity">sensitivity</a>;' in linked
    assert '<a class="dplab-term" href="g.html#dp">differential privacy</a>, sensitivity' in (
        linked
    )
    assert linked.startswith('<details class="dplab-notation"><p>Sensitivity</p></details>')


def test_approximate_dp_warns_that_delta_permits_publishing_records_whole():
    """Review 2026-12 (B6/U3): the entry said only that δ is not the fraction of people
    exposed; it also warns that a mechanism publishing each record whole with probability
    δ is (0, δ)-DP, which is why δ is chosen far below 1/n (a wording check: only the
    words can hold this)."""
    project = Project()
    terms = read_glossary(
        project.glossary_file, [parse_lesson(p).slug for p in project.lesson_files()]
    )
    entry = next(term for term in terms if term.id == "approximate-differential-privacy")
    for lang in LANGUAGES:
        text = entry.definitions[lang]
        assert "(0, \\delta)" in text and "1/n" in text and "\\delta n" in text, lang
    assert "not the fraction of people exposed" in entry.definitions["en"].replace("neither", "not")
