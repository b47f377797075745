"""Export a lesson as a Jupyter notebook with the outputs the build computed.

Prose becomes Markdown cells with math written the Jupyter way (``$…$`` and ``$$…$$``);
Material admonitions become block quotes; executed blocks become code cells (folded and
hidden ones are marked ``source_hidden``) carrying the same outputs as the page.  The
first cell says how to install the ``dplab`` wheel that the site serves beside the notebook.

The notebook *pages* (mkdocs-jupyter's HTML) are post-processed here too: their math is
rendered at build time with the lessons' KaTeX renderer, and mkdocs-jupyter's MathJax
loader and large inline styles are removed.
"""

from __future__ import annotations

import hashlib
import html as html_text
import json
import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

import markdown_katex.extension as mk_extension
import nbformat
from nbformat import v4
from pymdownx.slugs import slugify

from dplab.site.bibliography import Bibliography
from dplab.site.citations import cited_keys, notebook_references, plain_citations
from dplab.site.components import NotebookCell, notebook_items
from dplab.site.execute import CellResult
from dplab.site.katex import KatexBatchRenderer, KatexError
from dplab.site.katex import renderer as katex_renderer
from dplab.site.lesson import CodeBlock, Component, Lesson, Prose
from dplab.site.render import render_context, results_by_cell
from dplab.site.wheel import SiteWheel
from dplab.views import label

__all__ = [
    "anchor_headings",
    "drop_mathjax",
    "externalize_styles",
    "install_note",
    "jupyter_markdown",
    "render_notebook",
    "render_notebook_math",
    "split_at_delimiters",
]

_STYLE = re.compile(r"<style(?P<attributes>[^>]*)>(?P<css>.*?)</style>", re.S)

_ADMONITION = re.compile(
    r'^(?P<indent>\s*)(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+"(?P<title>[^"]*)")?\s*$'
)


def _jupyter_math_line(line: str) -> str:
    for item in reversed(list(mk_extension.iter_inline_katex(line))):
        tex = mk_extension._clean_inline_text(item.inline_text)
        line = line[: item.start] + f"${tex.strip()}$" + line[item.end :]
    return line


_SIBLING_LESSON = re.compile(r"\]\((?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.md(?:#[^)\s]*)?\)")


def _sibling_notebook_links(line: str) -> str:
    """A link to another lesson (``[…](slug.md)``, its page beside this one) goes to that
    lesson's notebook, which sits beside this notebook (an anchor cannot follow it there)."""
    return _SIBLING_LESSON.sub(lambda m: f"]({m['slug']}.ipynb)", line)


def jupyter_markdown(text: str) -> str:
    """Rewrite markdown-katex math, Material admonitions and links to other lessons for
    Jupyter.

    >>> jupyter_markdown("a $`x^2`$ b")
    'a $x^2$ b'
    >>> jupyter_markdown("[합성](composition.md#실험실) and [map](../course-map.md)")
    '[합성](composition.ipynb) and [map](../course-map.md)'
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
            out.append(_sibling_notebook_links(_jupyter_math_line(line)))
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
    lesson: Lesson,
    results: list[CellResult],
    wheel: SiteWheel | None = None,
    bibliography: Bibliography | None = None,
) -> str:
    """The lesson as an ``.ipynb`` document (JSON text, deterministic).

    With ``wheel`` (served in the notebook's folder), the first cell says how to install it.
    With ``bibliography``, citations read as plain short citations and a last cell lists
    the full references the lesson cites.
    """
    by_cell = results_by_cell(lesson, results)
    first = f"# {lesson.meta.title}\n\n{lesson.meta.summary}"
    if wheel is not None:
        first += f"\n\n> {install_note(wheel)}"
    cells = [v4.new_markdown_cell(first)]
    cite = plain_citations(bibliography) if bibliography is not None else None
    ctx = render_context(lesson, by_cell, cite)
    items: list[str | CodeBlock | NotebookCell] = []
    for part in lesson.parts:
        if isinstance(part, Prose):
            items.append(jupyter_markdown(ctx.fill(part)).strip())
        elif isinstance(part, Component):
            items.extend(notebook_items(part, ctx, jupyter_markdown))
        else:
            items.append(part)
    count = 0
    for item in items:
        if isinstance(item, str):
            if item:
                cells.append(v4.new_markdown_cell(item))
        elif isinstance(item, NotebookCell):
            count += 1
            cell = v4.new_code_cell(item.source, execution_count=count)
            cell.outputs = _outputs(CellResult(outputs=item.outputs), count)
            if item.hidden:
                cell.metadata["jupyter"] = {"source_hidden": True}
            cells.append(cell)
        elif not item.executed:
            cells.append(v4.new_markdown_cell("```python\n" + item.source + "\n```"))
        else:
            count += 1
            cell = v4.new_code_cell(item.source, execution_count=count)
            cell.outputs = _outputs(by_cell[id(item)], count)
            if item.display != "show":
                cell.metadata["jupyter"] = {"source_hidden": True}
            cells.append(cell)
    if bibliography is not None and (references := notebook_references(bibliography, cited_keys(lesson))):
        cells.append(v4.new_markdown_cell(references))
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


# mkdocs-jupyter's template loads MathJax (or the ``custom_mathjax_url`` script) and
# configures it in this block, whatever URL it is given (even the default "").
_HEADING = re.compile(
    r'<h(?P<level>[1-6]) id="[^"]*">(?P<inner>.*?)'
    r'<a class="anchor-link" href="#[^"]*">(?P<mark>[^<]*)</a></h(?P=level)>',
    re.S,
)
_FRAGMENT_LINK = re.compile(r'href="#(?P<id>[^"]+)"')


def anchor_headings(html: str, toc: list[tuple[str, str]], page: str) -> str:
    """Give a notebook page's headings the ids its table of contents links to.

    nbconvert derives a heading's id from its ASCII letters only (a Korean heading gets
    ``id=""``), while mkdocs-jupyter builds the table of contents with its own ids
    (``#_1``, ``#_2``, …): none of those links led anywhere.  ``toc`` lists the table's
    ``(id, title)`` in page order, one for each heading of the notebook's Markdown cells;
    each heading gets the id that a lesson page would give it (``pymdownx.slugs``, as in
    ``mkdocs.yml``), and every link to an old id follows it.
    """
    headings = list(_HEADING.finditer(html))
    if len(headings) != len(toc):
        raise ValueError(
            f"{page}: {len(headings)} headings but {len(toc)} entries in the table of contents"
        )
    slug = slugify(case="lower")
    taken: set[str] = set()
    new_ids = []
    for _, title in toc:
        base = slug(title, "-") or "section"
        new_id, number = base, 1
        while new_id in taken:
            new_id, number = f"{base}_{number}", number + 1
        taken.add(new_id)
        new_ids.append(new_id)
    renamed = {old: new for (old, _), new in zip(toc, new_ids, strict=True)}
    pieces, position = [], 0
    for heading, new_id in zip(headings, new_ids, strict=True):
        pieces.append(_rename_links(html[position : heading.start()], renamed))
        level = heading["level"]
        pieces.append(
            f'<h{level} id="{new_id}">{heading["inner"]}'
            f'<a class="anchor-link" href="#{new_id}">{heading["mark"]}</a></h{level}>'
        )
        position = heading.end()
    pieces.append(_rename_links(html[position:], renamed))
    return "".join(pieces)


def _rename_links(html: str, renamed: dict[str, str]) -> str:
    return _FRAGMENT_LINK.sub(
        lambda m: f'href="#{renamed.get(m["id"], m["id"])}"', html
    )


_MATHJAX = re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->\n?", re.S)


def drop_mathjax(html: str) -> str:
    """Remove mkdocs-jupyter's MathJax loader: notebook pages get their math at build time.

    >>> drop_mathjax('<p>a</p><!-- Load mathjax --><script src=""></script>'
    ...              '<!-- End of mathjax configuration --><p>b</p>')
    '<p>a</p><p>b</p>'
    """
    return _MATHJAX.sub("", html)


class Formula(NamedTuple):
    """A formula found in text: its TeX and whether it is display math."""

    tex: str
    display: bool


# The delimiters the notebook pages always used (KaTeX auto-render's options), in
# auto-render's order of preference: ``$$`` before ``$`` at the same place.
_DELIMITERS = (("$$", True), ("$", False))


def _end_of_math(delimiter: str, text: str, start: int) -> int:
    # auto-render's findEndOfMath: the first delimiter outside braces; a backslash
    # escapes the next character.
    index, braces = start, 0
    while index < len(text):
        if braces <= 0 and text.startswith(delimiter, index):
            return index
        if text[index] == "\\":
            index += 1
        elif text[index] == "{":
            braces += 1
        elif text[index] == "}":
            braces -= 1
        index += 1
    return -1


def split_at_delimiters(text: str) -> list[str | Formula]:
    """Split a text node into text and formulas exactly as the pinned KaTeX's auto-render does.

    An opening delimiter without its closing one stays text, with the rest of the node.

    >>> split_at_delimiters("a $x$ and $$y$$ but $5")
    ['a ', Formula(tex='x', display=False), ' and ', Formula(tex='y', display=True), ' but ', '$5']
    """
    parts: list[str | Formula] = []
    while (index := text.find("$")) != -1:
        if index > 0:
            parts.append(text[:index])
            text = text[index:]
        left, display = next(d for d in _DELIMITERS if text.startswith(d[0]))
        end = _end_of_math(left, text, len(left))
        if end == -1:
            break
        parts.append(Formula(text[len(left) : end], display))
        text = text[end + len(left) :]
    if text:
        parts.append(text)
    return parts


_MARKUP = re.compile(
    r"<!--.*?-->|<![^>]*>|<\?[^>]*>"
    r"|<(?P<end>/?)(?P<name>[A-Za-z][A-Za-z0-9-]*)"
    r"(?P<attributes>(?:[^>\"']|\"[^\"]*\"|'[^']*')*)>",
    re.S,
)
_CLASS = re.compile(r"""\bclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.I)
# Elements whose content the HTML parser reads as plain text (tags in it are not tags).
_RAW_TEXT = frozenset({"script", "style", "textarea", "noscript"})
# Elements auto-render does not look into (its default ``ignoredTags``).
_NO_MATH = frozenset({"script", "noscript", "style", "textarea", "pre", "code", "option"})
MARKDOWN_OUTPUT_CLASS = "jp-MarkdownOutput"


def _is_markdown_output(attributes: str) -> bool:
    match = _CLASS.search(attributes)
    return bool(match) and MARKDOWN_OUTPUT_CLASS in "".join(match.groups("")).split()


def _text_with_math(html: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of every text node auto-render scans in ``html``: inside a Markdown
    output's ``<div>``, outside the elements it ignores."""
    depth = 0  # <div>s open in the current Markdown output (0: outside one)
    ignored: list[int] = []  # for each ignored element open, the depth it opened at
    position = 0
    while True:
        match = _MARKUP.search(html, position)
        stop = match.start() if match else len(html)
        if depth and not ignored and stop > position:
            yield position, stop
        if match is None:
            return
        position = match.end()
        name = (match["name"] or "").lower()
        if not name:  # a comment, doctype or processing instruction
            continue
        if match["end"]:
            if depth and name == "div":
                depth -= 1
                ignored = [level for level in ignored if level <= depth]
            elif ignored and name in _NO_MATH:
                ignored.pop()
        elif name in _RAW_TEXT:
            close = re.compile(rf"</{name}\s*>", re.I).search(html, position)
            position = close.end() if close else len(html)
        elif depth:
            depth += name == "div"
            if name in _NO_MATH:
                ignored.append(depth)
        elif name == "div" and _is_markdown_output(match["attributes"]):
            depth = 1


def render_notebook_math(
    html: str, page: str, renderer: KatexBatchRenderer = katex_renderer
) -> str:
    """Render the ``$…$`` and ``$$…$$`` math of a notebook page's Markdown outputs.

    Formulas are found as KaTeX auto-render finds them in the browser (text nodes of the
    ``jp-MarkdownOutput`` elements, not inside ``<code>``, ``<pre>``, ``<script>`` …; see
    :func:`split_at_delimiters`), in the text as the browser reads it (entities decoded:
    nbconvert writes ``<`` as ``&lt;``).  All formulas of the page are rendered in one
    batch, with the renderer and options of the lesson pages (display mode for ``$$``).
    Invalid TeX raises :class:`KatexError` naming ``page`` and each invalid formula.
    """
    found: list[tuple[int, int, list[str | Formula]]] = []
    for start, end in _text_with_math(html):
        parts = split_at_delimiters(html_text.unescape(html[start:end]))
        if any(isinstance(part, Formula) for part in parts):
            found.append((start, end, parts))
    formulas = [part for *_, parts in found for part in parts if isinstance(part, Formula)]
    if not formulas:
        return html
    results = renderer.render_many(formulas)
    invalid = [
        f"  {formula.tex!r}: {result}"
        for formula, result in zip(formulas, results, strict=True)
        if isinstance(result, KatexError)
    ]
    if invalid:
        raise KatexError(f"{page}: invalid TeX in a Markdown cell:\n" + "\n".join(invalid))
    rendered = iter(results)
    out: list[str] = []
    position = 0
    for start, end, parts in found:
        out.append(html[position:start])
        out.extend(
            next(rendered) if isinstance(part, Formula) else html_text.escape(part, quote=False)
            for part in parts
        )
        position = end
    out.append(html[position:])
    return "".join(out)
