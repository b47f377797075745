"""Whole-site builds: atomic replacement, byte-identical output, nothing fetched from elsewhere."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dplab.site.build import build_site
from dplab.site.catalog import lessons_in_order
from dplab.site.prebuild import BuildFailed
from dplab.site.project import Project
from tests.helpers import complete_lesson, lesson_text, make_project

pytestmark = pytest.mark.build


def tree(site: Path) -> dict[str, bytes]:
    return {
        p.relative_to(site).as_posix(): p.read_bytes()
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def test_a_failed_build_leaves_the_previous_site_untouched(tmp_path):
    project = make_project(
        tmp_path / "course", {"01-a.md": lesson_text("```python exec\nx = 1\n```\n")}
    )
    site = build_site(project)
    before = tree(site)
    assert "lessons/a.html" in before
    (project.lessons_dir / "02-b.md").write_text(
        complete_lesson(lesson_text("```python exec\n1 / 0\n```\n", order=2))
    )
    with pytest.raises(BuildFailed, match=r"lessons_src/02-b.md:8: this block raised an error"):
        build_site(project)
    assert tree(site) == before
    assert sorted(p.name for p in site.parent.iterdir() if p.name.startswith("site")) == ["site"]


def test_two_builds_from_the_same_sources_are_byte_identical_from_any_directory(
    built_site, tmp_path, checkout_lock, monkeypatch
):
    """The second build starts from another directory (``built_site`` from the checkout's)
    and must never change the process's working directory, even for a while."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)

    def refuse(path: object) -> None:
        raise AssertionError(f"the build changed the working directory to {path}")

    monkeypatch.setattr(os, "chdir", refuse)
    with checkout_lock():
        again = build_site(Project(), site_dir=tmp_path / "again")
    assert Path.cwd() == elsewhere and list(elsewhere.iterdir()) == []
    first, second = tree(built_site), tree(again)
    assert sorted(first) == sorted(second)
    differing = [name for name in first if first[name] != second[name]]
    assert differing == []


ASSET_FROM_ELSEWHERE = re.compile(
    r"""<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)=["'](?:https?:)?//""", re.I
)


def test_no_page_loads_an_asset_from_another_host(built_site):
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) >= 4
    offenders = [p.name for p in pages if ASSET_FROM_ELSEWHERE.search(p.read_text("utf-8"))]
    assert offenders == []
    styles = "\n".join(p.read_text("utf-8") for p in built_site.rglob("*.css"))
    assert not re.search(r"@import\s+url\(\s*['\"]?https?:", styles)


def test_vendor_assets_and_the_course_pages_are_in_the_site(built_site):
    for name in ("vega.min.js", "vega-lite.min.js", "vega-embed.min.js", "iframe-worker-shim.js"):
        assert (built_site / "assets/vendor" / name).is_file()
    assert list((built_site / "assets/vendor/katex/fonts").glob("*.woff2"))
    assert (built_site / "search/search_index.js").is_file()  # search works from file://
    index = (built_site / "index.html").read_text("utf-8")
    assert 'href="lessons/tour.html"' in index  # the catalog links each lesson
    assert (built_site / "notebooks/tour.ipynb").is_file()


def test_korean_headings_get_korean_ids_and_the_polyfill_is_our_own(built_site):
    page = (built_site / "lessons/tour.html").read_text("utf-8")
    assert 'id="프라이버시-손실"' in page
    assert '<script src="../assets/vendor/iframe-worker-shim.js" defer></script>' in page
    assert "unpkg" not in page and "fonts.googleapis" not in page


def test_no_script_of_our_pages_names_another_host(built_site):
    """Inline scripts of every page and the site's own scripts hold no remote URL (data
    blocks such as a chart's inline JSON are inert and not checked)."""
    executable = re.compile(
        r"<script(?![^>]*type=\"application/(?:json|ld\+json)\")[^>]*>(.*?)</script>", re.S
    )
    remote = re.compile(r"https?://(?!127\.0\.0\.1|localhost)[\w.-]+")
    found = []
    for page in sorted(built_site.rglob("*.html")):
        for script in executable.findall(page.read_text(encoding="utf-8")):
            found += [(page.name, url) for url in remote.findall(script)]
    ours = [built_site / "assets" / "dplab", built_site / "assets" / "generated" / "labs"]
    assert list(ours[1].glob("*-lab-core.js"))  # the labs' scripts are checked too
    for script in sorted(path for folder in ours for path in folder.glob("*.js")):
        found += [(script.name, url) for url in remote.findall(script.read_text(encoding="utf-8"))]
    assert found == []


def test_no_page_has_a_script_that_blocks_the_parser(built_site):
    """Every script a page loads from a file is deferred, Material's included
    (dplab.site.loading): a parser-blocking one counts in Lighthouse's first contentful
    paint whenever Chromium withholds the first frame."""
    tag = re.compile(r"<script\b([^>]*)>")
    blocking, deferred = [], 0
    for page in sorted(built_site.rglob("*.html")):
        sources = [a for a in tag.findall(page.read_text(encoding="utf-8")) if " src=" in a]
        blocking += [(page.name, attrs) for attrs in sources if " defer" not in attrs]
        deferred += len(sources)
    assert blocking == []
    assert deferred > 300  # every page loads seven scripts or more


def test_every_quiz_question_links_to_a_heading_of_its_page(built_site):
    """The anchors the build checked (dplab.site.components.heading_anchors) are the ids
    MkDocs gave the headings."""
    links = 0
    for page in sorted((built_site / "lessons").glob("*.html")):
        text = page.read_text("utf-8")
        ids = set(re.findall(r'<h[2-6] id="([^"]+)"', text))
        for anchor in re.findall(r'<p class="dplab-quiz-section">[^<]*<a href="#([^"]+)"', text):
            assert anchor in ids, (page.name, anchor)
            links += 1
    assert links >= 15


class _MapRows(HTMLParser):
    """The rows of the course map (``.dplab-map-node``), in the page's order, each with
    the lessons its prerequisite chips (``a.dplab-map-chip``) link to and their texts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[tuple[str, list[tuple[str, str]]]] = []
        self.chip: list[str] | None = None  # the text of the chip being read

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        if "dplab-map-node" in classes:
            self.rows.append((values["data-lesson"], []))
        elif tag == "a" and "dplab-map-chip" in classes:
            self.rows[-1][1].append((values["href"], ""))
            self.chip = []

    def handle_data(self, data):
        if self.chip is not None:
            self.chip.append(data)

    def handle_endtag(self, tag):
        if tag == "a" and self.chip is not None:
            href, _ = self.rows[-1][1][-1]
            self.rows[-1][1][-1] = (href, "".join(self.chip))
            self.chip = None


def test_the_course_map_draws_each_lesson_in_order_with_exactly_its_prerequisites(built_site):
    """Issue 21, point 3: the map's arrows ran through other boxes (2 → 4 read as 7 → 4).
    Now one row per lesson, in the lesson order, and under it a chip for each lesson it
    needs (every one, nothing else, in the lesson order), each a link to that lesson named
    by its number."""
    lessons = lessons_in_order(Project())
    slugs = {lesson.slug: lesson for lesson in lessons}
    page = (built_site / "course-map.html").read_text("utf-8")
    parser = _MapRows()
    parser.feed(page)
    assert [slug for slug, _ in parser.rows] == [lesson.slug for lesson in lessons]
    for (slug, chips), lesson in zip(parser.rows, lessons, strict=True):
        needs = sorted(
            (p for p in lesson.meta.prerequisites if p in slugs), key=lambda p: slugs[p].meta.order
        )
        assert [href for href, _ in chips] == [f"lessons/{p}.html" for p in needs], slug
        for (href, text), p in zip(chips, needs, strict=True):
            assert (built_site / href).is_file()
            assert text.startswith(f"{slugs[p].meta.order}. "), (slug, text)
    assert sum(len(chips) for _, chips in parser.rows) >= 10
    assert page.count("이 단원을 마치면 할 수 있는 것") == len(lessons)
    assert "풀며 읽기 약" in page and "연습 문제" in page  # both times of each lesson


def test_every_page_links_the_course_sheets_as_one_file(built_site):
    """The course's sheets (docs/assets/dplab/dplab.css, dplab/views/labs/lab.css and each
    lab's lab.css) reach the reader as one file, in that order, each sheet whole and named
    by its source path (issue 9: every further sheet delays a phone's first paint)."""
    project = Project()
    sheet = (built_site / "assets/generated/dplab.css").read_text("utf-8")
    names = re.findall(r"^/\* ---- (\S+) ---- \*/$", sheet, re.M)
    labs = sorted(p.parent.name for p in project.labs_dir.glob("*/lab.css"))
    assert names == [
        "docs/assets/dplab/dplab.css",
        "dplab/views/labs/lab.css",
        *(f"dplab/views/labs/{topic}/lab.css" for topic in labs),
    ]
    assert len(labs) >= 5  # rr, laplace, gaussian, inference, emd
    for name in names:
        assert (project.root / name).read_text("utf-8").strip() in sheet
    assert not list((built_site / "assets/dplab").glob("*.css"))  # not served twice
    for page in sorted(built_site.rglob("*.html")):
        html = page.read_text("utf-8")
        if "md-header" not in html:
            continue  # not a page of the theme (a redirect, an embedded picture)
        links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
        assert not [link for link in links if "assets/dplab/" in link], page
        assert sum(link.endswith("assets/generated/dplab.css") for link in links) == 1, page


def test_the_course_sheets_load_nothing_and_survive_the_move(built_site):
    """The sheets are served from assets/generated/, one folder from their sources: a
    relative url() or an @import would break there, so none may have one."""
    sheet = (built_site / "assets/generated/dplab.css").read_text("utf-8")
    assert "url(" not in sheet and "@import" not in sheet


class _HeadingsInSections(HTMLParser):
    """The headings with an id (those the table of contents lists) that lie inside a
    ``dplab-section``."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[bool] = []  # for each open <section>: is it a dplab-section?
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "section":
            self.open.append("dplab-section" in (dict(attrs).get("class") or "").split())
        elif tag in {"h2", "h3", "h4", "h5", "h6"} and any(self.open) and dict(attrs).get("id"):
            self.found.append(dict(attrs)["id"])

    def handle_endtag(self, tag):
        if tag == "section":
            self.open.pop()


def test_no_heading_lies_in_a_section_that_skips_its_rendering(built_site):
    """Material reads every heading's position on load; one inside a section that is not
    shown would make the browser lay that whole section out (issue 9)."""
    for page in sorted((built_site / "lessons").glob("*.html")):
        parser = _HeadingsInSections()
        parser.feed(page.read_text("utf-8"))
        assert parser.found == [], page.name


class _ProseText(HTMLParser):
    """The text a reader reads on a page, a formula standing as one opaque mark (∎) and
    every block ending a line: scripts, styles, code and KaTeX's markup left out."""

    OPAQUE = frozenset({"script", "style", "code", "pre", "svg"})
    BLOCKS = frozenset({"p", "li", "div", "td", "th", "summary", "label", "button", "option", "a"})
    VOID = frozenset({"area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, bool]] = []  # (tag, opaque) of each open element
        self.parts: list[str] = []

    def _inside(self) -> bool:
        return any(opaque for _, opaque in self.open)

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        # A formula, or the copy of a notebook cell's code for its copy button.
        opaque = tag in self.OPAQUE or "katex" in classes or "clipboard-copy-txt" in classes
        if not self._inside():
            self.parts.append("∎" if opaque else "\n" if tag in self.BLOCKS else "")
        self.open.append((tag, opaque))

    def handle_endtag(self, tag):
        if tag not in (name for name, _ in self.open):
            return  # an end tag without its start (HTML lets some be left out)
        while self.open.pop()[0] != tag:
            pass
        if not self._inside() and tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self._inside():
            self.parts.append(data)


NUMBER_AND_PARTICLE = re.compile(r"(?<![\w.,/])\d[\d,]*(?:\.\d+)?(?:/\d+)?(?=[가-힣])")


def test_every_particle_after_a_number_agrees_with_how_the_number_is_read(built_site):
    """'2를', '3/8이', '1.0으로': the build picks the particle after each computed value
    (dplab.views.fix_particle); a number typed in the prose must be followed by the right
    one too."""
    from dplab.views import fix_particle

    wrong = []
    for page in sorted([*built_site.glob("lessons/*.html"), *built_site.glob("notebooks/*.html")]):
        parser = _ProseText()
        parser.feed(page.read_text("utf-8"))
        text = "".join(parser.parts)
        for match in NUMBER_AND_PARTICLE.finditer(text):
            after = text[match.end() : match.end() + 8]
            if fix_particle(match.group(), after) != after:
                wrong.append(f"{page.name}: {text[match.start() - 20 : match.end() + 8]!r}")
    assert wrong == [], "\n".join(wrong)
