"""Turn a parsed lesson and its cell results into the page Markdown that MkDocs builds.

Prose is copied with its inline values filled in; executed blocks are shown according
to their option (``show``, ``fold``, ``hide``) and followed by their outputs: charts as
the chart ``<div>``, tables as HTML, printed text as preformatted text.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from textwrap import indent

from dplab.site.components import RenderContext, heading_anchors, is_walkthrough, page_html
from dplab.site.execute import CellResult, lesson_cells
from dplab.site.lesson import CodeBlock, Component, InlineValue, Lesson, Part, Prose
from dplab.site.reading import LessonTime, lesson_time
from dplab.views import fix_particle, label, notation_html

__all__ = [
    "fill_prose",
    "output_html",
    "render_context",
    "render_page",
    "results_by_cell",
    "time_text",
]


def results_by_cell(lesson: Lesson, results: list[CellResult]) -> dict[int, CellResult]:
    """Map ``id(cell)`` of each executed block and inline value to its result."""
    cells = lesson_cells(lesson)
    if len(cells) != len(results):
        raise ValueError(f"{len(cells)} cells but {len(results)} results")
    return {id(cell): result for cell, result in zip(cells, results, strict=True)}


def fill_prose(prose: Prose, results: dict[int, CellResult]) -> str:
    """The prose text with every inline value replaced by its computed text, and the
    Korean particle right after a value agreeing with it (:func:`fix_particle`)."""
    pieces: list[str] = []
    value: str | None = None
    for piece in prose.pieces:
        if isinstance(piece, InlineValue):
            value = results[id(piece)].value or ""
            pieces.append(value)
            continue
        pieces.append(piece if value is None else fix_particle(value, piece))
        value = None
    return "".join(pieces)


def output_html(output: dict) -> str:
    """One cell output as an HTML block (single logical block, no blank lines inside)."""
    if output["type"] == "stream":
        return f'<pre class="dplab-output"><code>{html.escape(output["text"])}</code></pre>'
    data = output["data"]
    if "text/html" in data:
        body = "\n".join(line for line in data["text/html"].splitlines() if line.strip())
        return f'<div class="dplab-output">\n{body}\n</div>'
    return f'<pre class="dplab-output"><code>{html.escape(data["text/plain"])}</code></pre>'


def _code_markdown(block: CodeBlock) -> str:
    fence = "```python\n" + block.source + "\n```"
    if block.display == "fold":
        return f'??? code "{label("code.fold")}"\n\n' + indent(fence, "    ")
    if block.display == "hide":
        return ""
    return fence


def _blocks(
    parts: tuple[Part, ...],
    results: dict[int, CellResult],
    ctx: RenderContext,
    *,
    without_panels: bool = False,
) -> Iterator[str]:
    for part in parts:
        if isinstance(part, Prose):
            yield ctx.fill(part)
            continue
        if isinstance(part, Component):
            yield page_html(part, ctx)
            continue
        code = _code_markdown(part) if part.executed else "```python\n" + part.source + "\n```"
        if code:
            yield code
        if part.executed:
            for output in results[id(part)].outputs:
                if not (without_panels and is_walkthrough(output)):
                    yield output_html(output)


def render_context(
    lesson: Lesson, results: dict[int, CellResult], cite: Callable[[str], str] | None = None
) -> RenderContext:
    """The context components render in: inline values and nested parts of this lesson.

    ``cite`` rewrites the citations of filled prose (:mod:`dplab.site.citations`).
    """

    def body(parts: tuple[Prose | CodeBlock, ...], *, without_panels: bool = False) -> str:
        return _join(_blocks(parts, results, ctx, without_panels=without_panels))

    def fill(prose: Prose) -> str:
        text = fill_prose(prose, results)
        return cite(text) if cite is not None else text

    ctx = RenderContext(
        slug=lesson.slug,
        fill=fill,
        body=body,
        outputs=lambda block: results[id(block)].outputs,
        headings=heading_anchors(lesson.parts),
    )
    return ctx


def _join(blocks: Iterator[str]) -> str:
    return "\n\n".join(block.strip("\n") for block in blocks).strip()


def time_text(time: LessonTime, *, exercises: bool = True) -> str:
    """The lesson's time line, the parts that apply: "읽기 약 33분 · 풀며 읽기 약 54분 ·
    연습 문제 5개 약 30분" (working through only when it takes longer than reading, the
    exercises only if asked for and there are some)."""
    parts = [label("lesson.reading_time", minutes=time.reading_minutes)]
    if time.working_minutes > time.reading_minutes:
        parts.append(label("lesson.working_time", minutes=time.working_minutes))
    if exercises and time.exercises:
        parts.append(
            label("lesson.exercise_time", exercises=time.exercises, minutes=time.exercise_minutes)
        )
    return " · ".join(parts)


def _prerequisite_link(name: str, lessons: dict[str, Lesson]) -> str:
    other = lessons.get(name)
    return f"[{other.meta.title}]({other.slug}.md)" if other else name


def _header(
    lesson: Lesson,
    lessons: dict[str, Lesson],
    wheel: str | None,
) -> str:
    meta = lesson.meta
    unit = label("lesson.unit", order=meta.order)
    minutes = time_text(lesson_time(lesson))
    # guide.time_anchor: the section of docs/contributing-reference.md that states the rates
    anchor = label("guide.time_anchor")
    how = f'<a href="../contributing-reference.html#{anchor}">{label("lesson.time_how")}</a>'
    needs = label("catalog.separator").join(
        _prerequisite_link(p, lessons) for p in meta.prerequisites
    )
    package = (
        f' · <a href="../notebooks/{wheel}" download>{label("notebook.package_download")}</a>'
        if wheel
        else ""
    )
    prerequisites = (
        f'<p class="dplab-prerequisites" markdown="span"><strong>'
        f"{label('catalog.prerequisites')}</strong>: {needs}</p>\n\n"
        if needs
        else ""
    )
    goals = (
        f'<div class="dplab-goals" markdown="block">\n\n**{label("map.goals")}**\n\n'
        + "".join(f"- {goal}\n" for goal in meta.goals)
        + "\n</div>\n\n"
        if meta.goals
        else ""
    )
    return (
        f'<p class="dplab-lesson-meta">{unit} · {minutes} · {how}</p>\n\n'
        f"# {meta.title}\n\n"
        f'<p class="dplab-summary">{meta.summary}</p>\n\n'
        f"{goals}"
        f"{prerequisites}"
        f'<p class="dplab-notebook-links">'
        f'<a href="../notebooks/{lesson.slug}.ipynb" download>{label("notebook.download")}</a>'
        f"{package}"
        f' · <a href="../notebooks/{lesson.slug}.html">{label("notebook.view")}</a></p>\n\n'
        f'<details class="dplab-notation" id="dplab-notation">'
        f"<summary>{label('notation.title')}</summary>{notation_html()}</details>\n"
    )


def _footer(lesson: Lesson, lessons: dict[str, Lesson]) -> str:
    order = list(lessons.values())
    index = order.index(lesson)
    links = []
    if index > 0:
        before = order[index - 1]
        links.append(
            f'<a class="dplab-previous" href="{before.slug}.html" rel="prev">'
            f"<small>{label('lesson.previous')}</small>{before.meta.title}</a>"
        )
    if index + 1 < len(order):
        after = order[index + 1]
        links.append(
            f'<a class="dplab-next" href="{after.slug}.html" rel="next">'
            f"<small>{label('lesson.next')}</small>{after.meta.title}</a>"
        )
    if not links:
        return ""
    aria = label("lesson.navigation")
    return f'<nav class="dplab-lesson-nav" aria-label="{aria}">\n' + "\n".join(links) + "\n</nav>"


def render_page(
    lesson: Lesson,
    results: list[CellResult],
    source_name: str,
    lessons: dict[str, Lesson] | None = None,
    wheel: str | None = None,
    cite: Callable[[str], str] | None = None,
) -> str:
    """The Markdown page of ``lesson``: header from its front matter, body, lesson footer.

    ``lessons`` (slug → lesson, in course order) links prerequisites and the previous and
    next lessons; ``wheel`` (a file name in ``notebooks/``) adds a link to the package;
    ``cite`` turns citations into links (:class:`dplab.site.citations.PageCitations`).
    """
    lessons = lessons or {lesson.slug: lesson}
    by_cell = results_by_cell(lesson, results)
    title = lesson.meta.title.replace('"', '\\"')
    body = _join(_blocks(lesson.parts, by_cell, render_context(lesson, by_cell, cite)))
    return (
        f'---\ntitle: "{title}"\n---\n\n'
        f"<!-- generated from {source_name}: edit that file, not this one -->\n\n"
        f"{_header(lesson, lessons, wheel)}\n{body}\n\n{_footer(lesson, lessons)}\n"
    )
