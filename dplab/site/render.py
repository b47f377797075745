"""Turn a parsed lesson and its cell results into the page Markdown that MkDocs builds.

Prose is copied with its inline values filled in; executed blocks are shown according
to their option (``show``, ``fold``, ``hide``) and followed by their outputs: charts as
the chart ``<div>``, tables as HTML, printed text as preformatted text.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from textwrap import indent

from dplab.site.execute import CellResult, lesson_cells
from dplab.site.lesson import CodeBlock, InlineValue, Lesson, Prose
from dplab.views import label

__all__ = ["fill_prose", "output_html", "render_page", "results_by_cell"]


def results_by_cell(lesson: Lesson, results: list[CellResult]) -> dict[int, CellResult]:
    """Map ``id(cell)`` of each executed block and inline value to its result."""
    cells = lesson_cells(lesson)
    if len(cells) != len(results):
        raise ValueError(f"{len(cells)} cells but {len(results)} results")
    return {id(cell): result for cell, result in zip(cells, results, strict=True)}


def fill_prose(prose: Prose, results: dict[int, CellResult]) -> str:
    """The prose text with every inline value replaced by its computed text."""
    return "".join(
        results[id(piece)].value or "" if isinstance(piece, InlineValue) else piece
        for piece in prose.pieces
    )


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


def _blocks(lesson: Lesson, results: dict[int, CellResult]) -> Iterator[str]:
    for part in lesson.parts:
        if isinstance(part, Prose):
            yield fill_prose(part, results)
            continue
        code = _code_markdown(part) if part.executed else "```python\n" + part.source + "\n```"
        if code:
            yield code
        if part.executed:
            for output in results[id(part)].outputs:
                yield output_html(output)


def render_page(lesson: Lesson, results: list[CellResult], source_name: str) -> str:
    """The Markdown page of ``lesson`` (front matter for MkDocs, title, body)."""
    by_cell = results_by_cell(lesson, results)
    title = lesson.meta.title.replace('"', '\\"')
    header = (
        f'---\ntitle: "{title}"\n---\n\n'
        f"<!-- generated from {source_name}: edit that file, not this one -->\n\n"
        f"# {lesson.meta.title}\n\n"
        f'<p class="dplab-notebook-links">'
        f'<a href="../notebooks/{lesson.slug}.ipynb" download>{label("notebook.download")}</a>'
        f' · <a href="../notebooks/{lesson.slug}.html">{label("notebook.view")}</a></p>\n'
    )
    body = "\n\n".join(block.strip("\n") for block in _blocks(lesson, by_cell))
    return header + "\n" + body.strip() + "\n"
