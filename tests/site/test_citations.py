"""Citations: the syntax, the build's checks (file:line), and on the built site every
lesson's citations lead to the references page and back."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dplab.site.bibliography import parse_bibliography
from dplab.site.citations import (
    Cite,
    PageCitations,
    parse_citation,
    plain_citations,
    references_page,
)
from dplab.site.lesson import parse_lesson_text
from dplab.site.prebuild import BuildFailed, prebuild
from dplab.site.project import REPOSITORY
from dplab.views import use_language
from tests.helpers import lesson_text, make_project

BIB_TEXT = (
    "@misc{warner1965,\n  author = {Warner, Stanley L.},\n  title = {Randomized response},\n"
    "  year = {1965},\n}\n\n"
    "@misc{dwork2014,\n  author = {Dwork, Cynthia and Roth, Aaron},\n"
    "  title = {The Algorithmic Foundations},\n  year = {2014},\n}\n"
)
BIB = parse_bibliography(BIB_TEXT, Path("lessons_src/references.bib"))


@pytest.mark.parametrize(
    ("body", "cites"),
    [
        ("@warner1965", (Cite("warner1965"),)),
        ("@dwork2014, 정리 A.1", (Cite("dwork2014", "정리 A.1"),)),
        ("-@dwork2014, 정의 2.4", (Cite("dwork2014", "정의 2.4", year_only=True),)),
        (" @a ; @b, p. 3 ", (Cite("a"), Cite("b", "p. 3"))),
    ],
)
def test_citation_syntax(body, cites):
    assert parse_citation(body) == cites


@pytest.mark.parametrize("body", ["@", "@a b", "@a; b", "@Upper"])
def test_malformed_citations_are_refused(body):
    with pytest.raises(ValueError):
        parse_citation(body)


def test_plain_citations_leave_code_math_fences_and_escaped_brackets_alone():
    text = (
        "응답[@warner1965]과 책[-@dwork2014, 정의 2.4]; 둘[@warner1965; @dwork2014].\n"
        "코드 `[@warner1965]`, 수식 $`[@x]`$, 글자 그대로 \\[@warner1965].\n"
        "```text\n[@warner1965]\n```\n"
        "[링크](https://example.org)"
    )
    assert plain_citations(BIB)(text) == (
        "응답(Warner 1965)과 책(2014, 정의 2.4); 둘(Warner 1965; Dwork·Roth 2014).\n"
        "코드 `[@warner1965]`, 수식 $`[@x]`$, 글자 그대로 \\[@warner1965].\n"
        "```text\n[@warner1965]\n```\n"
        "[링크](https://example.org)"
    )


def test_page_citations_link_to_the_references_and_number_each_key_in_page_order():
    cite = PageCitations(BIB)
    first = cite("가[@warner1965] 나[@dwork2014, 정리 A.1]")
    second = cite("다[@warner1965]")
    assert first == (
        '가(<a class="dplab-cite" id="cite-warner1965-1" href="../references.html#ref-warner1965">'
        'Warner 1965</a>) 나(<a class="dplab-cite" id="cite-dwork2014-1" '
        'href="../references.html#ref-dwork2014">Dwork·Roth 2014</a>, 정리 A.1)'
    )
    assert 'id="cite-warner1965-2"' in second
    assert cite.occurrences == [
        ("warner1965", "cite-warner1965-1"),
        ("dwork2014", "cite-dwork2014-1"),
        ("warner1965", "cite-warner1965-2"),
    ]


def test_english_citations_join_two_authors_with_and_and_place_lessons_by_number():
    """Review 2026-12 (§3): the English pages said "Dwork·Roth 2014" (a Korean convention)
    and "Cited in: Unit 4"; English writes "Dwork and Roth 2014" and "Lesson 4"."""
    lesson = parse_lesson_text(
        lesson_text("글[@dwork2014].\n", title="A lesson", order=4),
        Path("lessons_src/en/04-a.md"),
    )
    with use_language("en"):
        cite = PageCitations(BIB)
        page = cite("Text[@dwork2014, Theorem A.1] and [@warner1965].")
        assert ">Dwork and Roth 2014</a>, Theorem A.1)" in page
        assert plain_citations(BIB)("[@dwork2014]") == "(Dwork and Roth 2014)"
        references = references_page(BIB, [lesson], {lesson.slug: cite.occurrences})
    assert "**Dwork and Roth 2014** · Cynthia Dwork, Aaron Roth (2014)." in references
    assert "Cited in: Lesson 4 · " in references and "Unit" not in references
    assert "·Roth" not in references
    assert BIB.label("dwork2014") == "Dwork·Roth 2014"  # Korean keeps its style
    assert plain_citations(BIB)("[@dwork2014]") == "(Dwork·Roth 2014)"


def build(tmp_path, lessons):
    project = make_project(tmp_path / "course", {"references.bib": BIB_TEXT, **lessons})
    prebuild(project, log=lambda _line: None)
    return project


CITING = lesson_text(
    "첫 줄[@warner1965].\n\n::: theorem 정리 [@dwork2014, 정리 3.6]\n본문[@warner1965].\n:::\n\n"
    "```python exec\nx = 2\n```\n\n값 {{ x }}[-@dwork2014].\n"
)


def test_the_build_links_citations_writes_the_references_page_and_notebook_references(tmp_path):
    project = build(tmp_path, {"01-a.md": CITING})
    page = (project.generated_lessons / "a.md").read_text()
    assert re.findall(r'id="(cite-[^"]+)"', page) == [
        "cite-warner1965-1",
        "cite-dwork2014-1",
        "cite-warner1965-2",
        "cite-dwork2014-2",
    ]
    assert '값 2(<a class="dplab-cite" id="cite-dwork2014-2"' in page
    references = project.generated_references.read_text()
    assert references.index('id="ref-dwork2014"') < references.index('id="ref-warner1965"')
    assert "[인용 2](lessons/a.md#cite-warner1965-2)" in references
    notebook = (project.generated_notebooks / "a.ipynb").read_text()
    assert "첫 줄(Warner 1965)." in notebook and "dplab-cite" not in notebook
    assert "참고 문헌" in notebook and "Cynthia Dwork, Aaron Roth (2014)" in notebook


def test_an_unknown_key_fails_the_build_with_file_and_line(tmp_path):
    lesson = lesson_text("좋은 인용[@warner1965].\n\n::: note\n나쁜 인용[@warner1956].\n:::\n")
    with pytest.raises(BuildFailed) as caught:
        build(tmp_path, {"01-a.md": lesson, "02-b.md": lesson_text("[@@x]", order=2)})
    messages = [str(error) for error in caught.value.errors]
    assert messages == [
        "lessons_src/01-a.md:10: unknown citation key 'warner1956': no such entry in "
        "references.bib (did you mean 'warner1965'?)",
        "lessons_src/02-b.md:7: citation key '@x' must be lowercase letters, digits, '-' or '_'",
    ]


def test_an_entry_no_lesson_cites_fails_the_build_at_its_line(tmp_path):
    with pytest.raises(BuildFailed, match=r"references.bib:7: entry 'dwork2014' is cited by no"):
        build(tmp_path, {"01-a.md": lesson_text("인용[@warner1965].")})


def test_a_course_without_citations_gets_an_empty_references_page(tmp_path):
    project = make_project(tmp_path / "course", {"01-a.md": lesson_text("인용 없음.")})
    prebuild(project, log=lambda _line: None)
    assert "아직 인용한 자료가 없습니다." in project.generated_references.read_text()


class _Anchors(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[tuple[dict, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.links.append(dict(attrs))


def anchors(path: Path) -> list[dict]:
    parser = _Anchors()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.links


@pytest.mark.build
def test_every_lessons_citations_resolve_into_the_references_page_and_back(built_site):
    """Counted from the lesson sources with a plain pattern, not with the build's code."""
    references = built_site / "references.html"
    ids = set(re.findall(r'id="(ref-[^"]+)"', references.read_text(encoding="utf-8")))
    back_links = [a["href"] for a in anchors(references) if "#cite-" in a.get("href", "")]
    cited_somewhere = set()
    citations = 0
    for source in sorted((REPOSITORY / "lessons_src").glob("[0-9]*.md")):
        slug = source.stem.split("-", 1)[1]
        text = re.sub(r"```.*?```", "", source.read_text(encoding="utf-8"), flags=re.S)
        keys = re.findall(r"(?<!\\)\[-?@([a-z0-9_-]+)", text)
        keys += re.findall(r";\s*-?@([a-z0-9_-]+)", text)
        page = built_site / "lessons" / f"{slug}.html"
        cites = [a for a in anchors(page) if "dplab-cite" in a.get("class", "")]
        assert len(cites) == len(keys), slug
        citations += len(cites)
        for link in cites:
            key = link["href"].removeprefix("../references.html#ref-")
            assert link["href"] == f"../references.html#ref-{key}" and f"ref-{key}" in ids
            assert f"lessons/{slug}.html#{link['id']}" in back_links
            cited_somewhere.add(key)
    assert {f"ref-{key}" for key in cited_somewhere} == ids  # each source listed once, all cited
    assert len(back_links) == len(set(back_links)) == citations  # one back-link per citation


LESSON_SOURCES = sorted((Path(__file__).parents[2] / "lessons_src").glob("[0-9]*.md"))


@pytest.mark.parametrize("path", LESSON_SOURCES, ids=lambda p: p.name)
def test_every_further_reading_section_cites_the_work_it_points_to(path):
    """A "연구로 이어지기" section sends the reader on: each work it speaks of is a
    citation into the references page (issue 21: lessons 4 and 5 named none)."""
    text = path.read_text("utf-8")
    sections = re.findall(r"^## 연구로 이어지기\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    for section in sections:
        assert re.search(r"\[[^\]]*@\w", section), f"{path.name}: no citation in 연구로 이어지기"
