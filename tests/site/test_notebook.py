"""Notebook export: Jupyter-style math and admonitions (test_wheel.py runs the notebooks),
and the post-processing of the notebook pages (math rendered at build time, shared CSS)."""

from __future__ import annotations

import ast
import html
import json
import re
from html.parser import HTMLParser

import pytest

from dplab.site.katex import KatexBatchRenderer, KatexError
from dplab.site.notebook import (
    Formula,
    drop_mathjax,
    jupyter_markdown,
    render_notebook_math,
    split_at_delimiters,
)
from dplab.site.project import REPOSITORY, Project
from dplab.views import VEGALITE_MIME


def test_inline_and_display_math_become_dollar_math():
    text = "값 $`\\varepsilon = 1`$ 와 $`b`$\n\n```math\nM(D) = f(D) + Z\n```\n"
    assert jupyter_markdown(text) == "값 $\\varepsilon = 1$ 와 $b$\n\n$$\nM(D) = f(D) + Z\n$$\n"


def test_admonitions_become_block_quotes_with_their_math_converted():
    text = '!!! note "정의"\n    본문 $`x`$\n\n    둘째 문단\n\n다음 글'
    assert jupyter_markdown(text) == "> **정의**\n>\n> 본문 $x$\n>\n> 둘째 문단\n\n다음 글"


def test_code_fences_are_left_alone():
    text = "```python\nx = '$`a`$'\n```"
    assert jupyter_markdown(text) == text


def test_large_inline_styles_become_one_pruned_sheet_linked_from_the_head():
    from dplab.site.notebook import externalize_styles

    big = ".a{color:red}.gone{color:blue}" + ".a{margin:0}" * 300
    listed = "['pre { x: 1 }\\n.a { y: 2 }']" + " " * 3000  # mkdocs-jupyter's list text
    html = (
        f'<head><title>t</title></head><p class="a">x</p><style>{big}</style>'
        f"<style>b{{}}</style><style>{listed}</style><style>.a{{padding:0}}{' ' * 3000}</style>"
    )
    written = {}
    out = externalize_styles(html, "../assets/generated/", written.__setitem__)
    (name,) = written
    assert name.startswith("nb-") and name.endswith(".css")
    css = written[name]
    assert ".gone" not in css and "pre" not in css
    assert css.startswith(".a{color:red;}.a{margin:0;}") and css.endswith(".a{padding:0;}\n")
    assert out == (
        f'<head><title>t</title><link rel="stylesheet" href="../assets/generated/{name}">'
        '</head><p class="a">x</p><style>b{}</style>'
    )
    again = {}
    externalize_styles(html, "../assets/generated/", again.__setitem__)
    assert again == written  # the name follows the content


def test_each_heading_becomes_a_cell_of_its_own_but_not_inside_code_or_math():
    from dplab.site.notebook import split_at_headings

    text = "# T\n\nsummary\n\n```python\n# not a heading\n```\n$$\n# x\n$$\n#hashtag\n## H\n\n"
    assert split_at_headings(text) == [
        "# T",
        "summary\n\n```python\n# not a heading\n```\n$$\n# x\n$$\n#hashtag",
        "## H",
    ]
    assert split_at_headings("") == []


@pytest.mark.build
def test_in_the_notebooks_every_heading_is_a_cell_of_its_own(built_site):
    import nbformat

    for path in sorted((built_site / "notebooks").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        headed = 0
        cover, *rest = notebook.cells  # title, summary and install note: one cell
        assert cover.cell_type == "markdown" and cover.source.startswith("# "), path.name
        for cell in rest:
            prose = re.sub(r"```.*?```", "", cell.source, flags=re.S)  # code may hold a '#'
            headings = re.findall(r"^#{1,6} .*$", prose, flags=re.M)
            if cell.cell_type == "markdown" and headings:
                headed += 1
                assert headings == [cell.source], (path.name, cell.source[:80])
        assert headed > 3, path.name


def test_pruning_keeps_what_functions_attributes_and_scripts_may_match():
    from dplab.site.notebook import prune_css

    css = (
        ":root{--a:1;--b:var(--a);--c:3}"
        ".x:not(.absent)>[data-y]{color:var(--b)}"
        "@media (min-width:1px){.absent{color:red}.x{top:0}}"
        "@media print{.absent{color:red}}"
        "@font-face{font-family:F}"
        ".md-later .x,.absent .x{left:0}"
    )
    out = prune_css(css, frozenset({"x"}), ("md-",))
    assert out == (
        ":root{--a:1;--b:var(--a);}"
        ".x:not(.absent)>[data-y]{color:var(--b);}"
        "@media (min-width:1px){.x{top:0;}}"
        "@font-face{font-family:F}"
        ".md-later .x{left:0;}"
    )


@pytest.mark.build
def test_notebook_pages_have_their_math_rendered_and_load_no_mathjax(built_site):
    markdown = re.compile(r'<div class="[^"]*jp-MarkdownOutput[^"]*"[^>]*>(.*?)\n</div>', re.S)
    for name in ("tour", "randomized-response", "gaussian", "laplace"):
        page = (built_site / f"notebooks/{name}.html").read_text("utf-8")
        assert "mathjax" not in page.lower() and "notebook-math" not in page
        assert page.count('<span class="katex">') > 20
        for cell in markdown.findall(page):
            text = re.sub(r"<code>.*?</code>|<annotation .*?</annotation>|<[^>]*>", "", cell)
            assert "$" not in html.unescape(text), (name, cell[:200])


@pytest.mark.build
def test_notebook_pages_do_not_inline_the_jupyterlab_css(built_site):
    page = (built_site / "notebooks/tour.html").read_text("utf-8")
    assert 'href="../assets/generated/nb-' in page
    assert len(page.encode()) < 600_000


MARKDOWN = '<div class="jp-RenderedHTMLCommon jp-RenderedMarkdown jp-MarkdownOutput" x="1">'


@pytest.fixture
def katex(tmp_path):
    fresh = KatexBatchRenderer(REPOSITORY)
    fresh.cache_dir = tmp_path / "katex"
    return fresh


def test_inline_and_display_math_of_markdown_outputs_is_rendered_in_one_batch(katex):
    page = f"{MARKDOWN}\n<p>값 $x^2$ 와</p>\n<p>$$\nM(D) = f(D)\n$$</p>\n</div>"
    out = render_notebook_math(page, "notebooks/a.ipynb", katex)
    inline, display = katex.render("x^2", False), katex.render("\nM(D) = f(D)\n", True)
    assert out == f"{MARKDOWN}\n<p>값 {inline} 와</p>\n<p>{display}</p>\n</div>"
    assert 'class="katex-display"' in display and 'class="katex-display"' not in inline
    assert "data-search-exclude" in inline  # the same output as the lesson pages
    assert katex.rendered == 2


def test_two_formulas_on_one_line_and_math_inside_inline_markup(katex):
    page = f"{MARKDOWN}<p>$a$ 그리고 $b$, <strong>순수 $c$</strong></p></div>"
    a, b, c = (katex.render(tex, False) for tex in "abc")
    expected = f"{MARKDOWN}<p>{a} 그리고 {b}, <strong>순수 {c}</strong></p></div>"
    assert render_notebook_math(page, "p", katex) == expected


def test_code_pre_and_text_outside_markdown_outputs_are_left_alone(katex):
    page = (
        f"<p>$out$</p>{MARKDOWN}<div><p><code>$x$</code> $y$</p></div>"
        "<pre>$z$</pre><script>let s = '</div> $w$';</script> $v$</div>"
        '<div class="jp-OutputArea-output">$output$</div>'
    )
    y, v = katex.render("y", False), katex.render("v", False)
    assert render_notebook_math(page, "p", katex) == (
        f"<p>$out$</p>{MARKDOWN}<div><p><code>$x$</code> {y}</p></div>"
        f"<pre>$z$</pre><script>let s = '</div> $w$';</script> {v}</div>"
        '<div class="jp-OutputArea-output">$output$</div>'
    )


def test_escaped_tex_is_read_as_the_browser_reads_it(katex):
    page = f"{MARKDOWN}<p>A &amp; B: $y &lt; -1$</p></div>"
    formula = katex.render("y < -1", False)
    assert render_notebook_math(page, "p", katex) == f"{MARKDOWN}<p>A &amp; B: {formula}</p></div>"
    assert 'encoding="application/x-tex">y &lt; -1<' in formula


def test_invalid_tex_fails_naming_the_page_and_the_formula(katex):
    page = f"{MARKDOWN}<p>$x$ and $\\frac{{1}}$</p></div>"
    with pytest.raises(KatexError, match=r"notebooks/bad\.ipynb: invalid TeX") as error:
        render_notebook_math(page, "notebooks/bad.ipynb", katex)
    assert "'\\\\frac{1}'" in str(error.value) and "'x'" not in str(error.value)


def test_a_page_without_math_is_unchanged(katex):
    page = f"<p>$5 and $6</p>{MARKDOWN}<p>It costs $5 &amp; &quot;more&quot;.</p></div>"
    assert render_notebook_math(page, "p", katex) == page
    assert katex.rendered == 0


def test_splitting_follows_auto_render():
    assert split_at_delimiters("$a$$b$") == [Formula("a", False), Formula("b", False)]
    assert split_at_delimiters("$$a$b$$ c") == [Formula("a$b", True), " c"]
    assert split_at_delimiters("$\\text{$}$ and $a\\$b$") == [
        Formula("\\text{$}", False),
        " and ",
        Formula("a\\$b", False),
    ]
    assert split_at_delimiters("$$ open $x") == ["$$ open $x"]
    assert split_at_delimiters("no math") == ["no math"]


def test_mathjax_loader_is_removed_whatever_its_url():
    block = (
        '<!-- Load mathjax -->\n<script src=""> </script>\n<!-- MathJax configuration -->\n'
        '<script type="text/x-mathjax-config">\ninit_mathjax();\n</script>\n'
        "<!-- End of mathjax configuration -->\n"
    )
    assert drop_mathjax(f"<p>a</p>\n{block}<p>b</p>") == "<p>a</p>\n<p>b</p>"


# --- notebooks to learn in: answers inside the solutions, a cell to try each exercise ----

LESSONS = Project(REPOSITORY).lesson_files()


def _names_read(field: str) -> set[str]:
    return {
        node.id
        for node in ast.walk(ast.parse(field.split(":")[0].split("!")[0]))
        if isinstance(node, ast.Name)
    }


def _names_bound(source: str) -> set[str]:
    bound = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
    return bound


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_code_before_the_exercises_binds_only_what_their_problems_state(path):
    """Between the heading of the exercises and the last exercise, a code block outside the
    exercises may bind only the givens that a problem's text shows; an answer is computed
    in its own solution (so a notebook does not show it above the problem)."""
    from dplab.site.lesson import CodeBlock, Component, InlineValue, Prose, parse_lesson

    lesson = parse_lesson(path)
    parts = list(lesson.parts)
    exercises = [
        i for i, p in enumerate(parts) if isinstance(p, Component) and p.kind == "exercise"
    ]
    if not exercises:
        return
    start = exercises[0]
    while start > 0 and not (
        isinstance(parts[start - 1], Prose)
        and any(isinstance(x, str) and "\n## " in "\n" + x for x in parts[start - 1].pieces)
    ):
        start -= 1
    stated: set[str] = set()
    for i in exercises:
        problem = parts[i].sections[0]
        for prose in [parts[i].title, *problem.parts]:
            if isinstance(prose, Prose):
                for piece in prose.pieces:
                    if isinstance(piece, InlineValue):
                        stated |= _names_read(piece.field)
    between = [p for p in parts[start : exercises[-1]] if isinstance(p, CodeBlock) and p.executed]
    for block in between:
        assert _names_bound(block.source) <= stated, (path.name, block.line, block.source)


def _in_problem(cell: dict, text: str) -> bool:
    """A cell of an exercise's problem: its prose (no heading), or something its code draws
    (a grader), whose source is hidden."""
    if cell["cell_type"] == "markdown":
        return not text.startswith("#")
    return bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"))


@pytest.mark.build
def test_every_exercise_is_followed_by_a_cell_to_try_and_then_its_solution(built_site):
    from dplab.views import label

    for path in LESSONS:
        slug = path.stem.split("-", 1)[1]
        cells = json.loads((built_site / f"notebooks/{slug}.ipynb").read_text("utf-8"))["cells"]
        texts = ["".join(cell["source"]) for cell in cells]
        numbers = [
            i
            for i, text in enumerate(texts)
            if cells[i]["cell_type"] == "markdown"
            and re.match(r"### " + label("exercise.title", number=r"\d+"), text)
        ]
        assert numbers, slug
        for k, i in enumerate(numbers, 1):
            assert texts[i].startswith("### " + label("exercise.title", number=k))
            # The heading is a cell of its own; the problem's prose follows it.
            assert cells[i + 1]["cell_type"] == "markdown" and _in_problem(
                cells[i + 1], texts[i + 1]
            )
            while _in_problem(cells[i + 1], texts[i + 1]):
                i += 1
            try_it = cells[i + 1]
            assert try_it["cell_type"] == "code" and try_it["outputs"] == []
            assert texts[i + 1] == "# " + label("exercise.try")
            assert cells[i + 2]["cell_type"] == "markdown"
            assert texts[i + 2].startswith("#### " + label("exercise.solution_heading", number=k))


# --- labs and graders: a static view and a link to the live one on the site --------------


class _Controls(HTMLParser):
    """The form controls and links of an HTML fragment."""

    CONTROLS = frozenset({"input", "button", "select", "textarea"})

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.CONTROLS:
            self.controls.append(tag)
        if tag == "a":
            self.hrefs.extend(value or "" for name, value in attrs if name == "href")


def _parsed(text: str) -> _Controls:
    parser = _Controls()
    parser.feed(text)
    parser.close()
    return parser


def _built_notebooks(built_site):
    for path in LESSONS:
        slug = path.stem.split("-", 1)[1]
        yield slug, json.loads((built_site / f"notebooks/{slug}.ipynb").read_text("utf-8"))


def _live_ids(page: str, prefix: str) -> list[str]:
    """The ids of the lesson page's labs (``prefix="lab"``) or graders (``"grader"``)."""
    if prefix == "lab":
        pattern = r'<section class="dplab-lab dplab-[\w-]+-lab" id="([\w-]+)"'
    else:
        pattern = r'<section class="dplab-grader" id="([\w-]+)"'
    return re.findall(pattern, page)


@pytest.mark.build
def test_no_notebook_output_has_controls_that_only_the_site_can_run(built_site):
    for slug, notebook in _built_notebooks(built_site):
        for cell in notebook["cells"]:
            for output in cell.get("outputs", []):
                for mime in ("text/html", "text/markdown"):
                    text = "".join(output.get("data", {}).get(mime, ""))
                    assert _parsed(text).controls == [], (slug, "".join(cell["source"])[:80])


@pytest.mark.build
def test_every_lab_and_grader_has_a_static_view_and_a_link_to_the_live_one(built_site):
    from dplab.views import label

    sentences = {
        "lab": label("notebook.lab_live", link="").split(":")[0],
        "grader": label("notebook.grader_live", link="").split(":")[0],
    }
    for slug, notebook in _built_notebooks(built_site):
        page = (built_site / f"lessons/{slug}.html").read_text("utf-8")
        outputs = [
            (cell, k, "".join(output.get("data", {}).get("text/html", "")))
            for cell in notebook["cells"]
            for k, output in enumerate(cell.get("outputs", []))
        ]
        for kind, sentence in sentences.items():
            for ident in _live_ids(page, kind):
                href = f"../lessons/{slug}.html#{ident}"
                notes = [(c, k, text) for c, k, text in outputs if href in _parsed(text).hrefs]
                assert len(notes) == 1, (slug, ident)
                cell, k, text = notes[0]
                assert sentence in html.unescape(re.sub(r"<[^>]*>", "", text)), (slug, ident)
                if kind == "lab":  # then its static view
                    assert len(cell["outputs"]) > k + 1, (slug, ident)
        for cell in notebook["cells"]:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if 'class="dplab-chart"' in "".join(data.get("text/html", "")):
                    assert VEGALITE_MIME in data, slug  # a chart that Jupyter draws too


# The words of the lessons for the labs' controls, and the word that places them on the
# site, as the notebook's own sentence for a lab does.
CONTROL_WORDS = ("단추", "조절기")
SITE = "사이트"


@pytest.mark.build
def test_notebook_prose_promises_no_controls_that_the_notebook_lacks(built_site):
    """A paragraph that speaks of a lab's controls says that they are on the site: the
    notebook has none (the same prose stands on the page, where it is true too)."""
    from dplab.views import label

    for slug, notebook in _built_notebooks(built_site):
        for cell in notebook["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            prose = re.sub(r"<[^>]*>|\$[^$]*\$", "", "".join(cell["source"]))
            for paragraph in prose.split("\n\n"):
                if any(word in paragraph for word in CONTROL_WORDS):
                    assert SITE in paragraph, (slug, paragraph)
    assert SITE in label("notebook.lab_live")  # the notebook's own sentence agrees


@pytest.mark.build
def test_links_to_lab_states_in_a_notebook_open_the_lesson_page(built_site):
    """ "Try it" buttons and "open in the lab" links lead to the lab on the site."""
    for slug, notebook in _built_notebooks(built_site):
        for cell in notebook["cells"]:
            if cell["cell_type"] == "markdown":
                for href in _parsed("".join(cell["source"])).hrefs:
                    assert not re.match(r"#[\w-]+\?", href), (slug, href)
