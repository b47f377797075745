"""Export a lesson as a Jupyter notebook with the outputs the build computed.

Prose becomes Markdown cells with math written the Jupyter way (``$…$`` and ``$$…$$``);
Material admonitions become block quotes; executed blocks become code cells (folded and
hidden ones are marked ``source_hidden``) carrying the same outputs as the page.  The
first cell says how to install the ``dplab`` wheel that the site serves beside the notebook.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable

import markdown_katex.extension as mk_extension
import nbformat
from nbformat import v4

from dplab.site.components import notebook_items
from dplab.site.execute import CellResult
from dplab.site.lesson import CodeBlock, Component, Lesson, Prose
from dplab.site.render import fill_prose, render_context, results_by_cell
from dplab.site.wheel import SiteWheel
from dplab.views import label

__all__ = ["externalize_styles", "install_note", "jupyter_markdown", "render_notebook"]

_STYLE = re.compile(r"<style(?P<attributes>[^>]*)>(?P<css>.*?)</style>", re.S)

_ADMONITION = re.compile(
    r'^(?P<indent>\s*)(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+"(?P<title>[^"]*)")?\s*$'
)


def _jupyter_math_line(line: str) -> str:
    for item in reversed(list(mk_extension.iter_inline_katex(line))):
        tex = mk_extension._clean_inline_text(item.inline_text)
        line = line[: item.start] + f"${tex.strip()}$" + line[item.end :]
    return line


def jupyter_markdown(text: str) -> str:
    """Rewrite markdown-katex math and Material admonitions for Jupyter.

    >>> jupyter_markdown("a $`x^2`$ b")
    'a $x^2$ b'
    >>> print(jupyter_markdown("```math\\n\\\\sum_i x_i\\n```"))
    $$
    \\sum_i x_i
    $$
    """
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        math = mk_extension.BLOCK_START_RE.match(line)
        fence = mk_extension.FENCE_RE.match(line)
        admonition = _ADMONITION.match(line)
        if math or fence:
            close = (math or fence).group(1) + (math or fence).group(2)
            j = i + 1
            while j < len(lines) and lines[j].rstrip() != close:
                j += 1
            if math:
                out.extend(["$$", *(x.strip() for x in lines[i + 1 : j]), "$$"])
            else:
                out.extend(lines[i : j + 1])
            i = j + 1
        elif admonition:
            body_indent = len(admonition["indent"]) + 4
            j = i + 1
            body: list[str] = []
            while j < len(lines) and (
                not lines[j].strip() or lines[j].startswith(" " * body_indent)
            ):
                body.append(lines[j][body_indent:])
                j += 1
            while body and not body[-1].strip():
                body.pop()
            quoted = jupyter_markdown("\n".join(body)).split("\n")
            title = [f"> **{admonition['title']}**", ">"] if admonition["title"] else []
            out.extend(title + [f"> {q}".rstrip() for q in quoted])
            out.append("")
            i = j
        else:
            out.append(_jupyter_math_line(line))
            i += 1
    return "\n".join(out)


def _outputs(result: CellResult, execution_count: int) -> list:
    outputs = []
    for output in result.outputs:
        if output["type"] == "stream":
            outputs.append(v4.new_output("stream", name=output["name"], text=output["text"]))
        elif output["result"]:
            outputs.append(
                v4.new_output(
                    "execute_result", data=output["data"], execution_count=execution_count
                )
            )
        else:
            outputs.append(v4.new_output("display_data", data=output["data"]))
    return outputs


def install_note(wheel: SiteWheel) -> str:
    """How to install ``wheel`` offline, for a notebook saved beside it (Markdown)."""
    return label(
        "notebook.install",
        wheel=wheel.name,
        python=wheel.minimum_python,
        dependencies=", ".join(wheel.dependencies),
    )


def render_notebook(
    lesson: Lesson, results: list[CellResult], wheel: SiteWheel | None = None
) -> str:
    """The lesson as an ``.ipynb`` document (JSON text, deterministic).

    With ``wheel`` (served in the notebook's folder), the first cell says how to install it.
    """
    by_cell = results_by_cell(lesson, results)
    first = f"# {lesson.meta.title}\n\n{lesson.meta.summary}"
    if wheel is not None:
        first += f"\n\n> {install_note(wheel)}"
    cells = [v4.new_markdown_cell(first)]
    ctx = render_context(lesson, by_cell)
    items: list[str | CodeBlock] = []
    for part in lesson.parts:
        if isinstance(part, Prose):
            items.append(jupyter_markdown(fill_prose(part, by_cell)).strip())
        elif isinstance(part, Component):
            items.extend(notebook_items(part, ctx, jupyter_markdown))
        else:
            items.append(part)
    count = 0
    for item in items:
        if isinstance(item, str):
            if item:
                cells.append(v4.new_markdown_cell(item))
        elif not item.executed:
            cells.append(v4.new_markdown_cell("```python\n" + item.source + "\n```"))
        else:
            count += 1
            cell = v4.new_code_cell(item.source, execution_count=count)
            cell.outputs = _outputs(by_cell[id(item)], count)
            if item.display != "show":
                cell.metadata["jupyter"] = {"source_hidden": True}
            cells.append(cell)
    for number, cell in enumerate(cells):
        cell["id"] = f"{lesson.slug}-{number}"
    notebook = v4.new_notebook(
        cells=cells,
        metadata={
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "title": lesson.meta.title,
        },
    )
    nbformat.validate(notebook)
    # Compact JSON: chart outputs carry their data; indentation would add about 40 %.
    return json.dumps(notebook, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"


def externalize_styles(
    html: str, prefix: str, write: Callable[[str, str], None], *, threshold: int = 2048
) -> str:
    """Move large inline ``<style>`` blocks into shared, content-named CSS files.

    mkdocs-jupyter inlines about 600 KB of JupyterLab CSS into every notebook page; it is
    the same on each, so each block larger than ``threshold`` characters is written once
    as ``nb-<sha256 prefix>.css`` (through ``write(name, css)``) and linked from the page
    as ``prefix + name``.  Names depend only on content, so builds stay byte-identical.
    """

    def replace(match: re.Match[str]) -> str:
        css = match["css"]
        if len(css) < threshold:
            return match.group(0)
        name = f"nb-{hashlib.sha256(css.encode()).hexdigest()[:16]}.css"
        write(name, css)
        return f'<link rel="stylesheet" href="{prefix}{name}">'

    return _STYLE.sub(replace, html)
