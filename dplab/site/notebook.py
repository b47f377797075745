"""Export a lesson as a Jupyter notebook with the outputs the build computed.

Prose becomes Markdown cells with math written the Jupyter way (``$…$`` and ``$$…$$``);
Material admonitions become block quotes; executed blocks become code cells (folded and
hidden ones are marked ``source_hidden``) carrying the same outputs as the page, except
what only the page's scripts can run: a lab or an exact grader becomes a sentence with a
link to the live one on the lesson page (relative, as every link of a notebook: the
notebooks sit in ``notebooks/`` beside ``lessons/``) and, for a lab, its static view, the
output panels of its initial state (:data:`dplab.views.SITE_ONLY_MIME`); a link in the
prose to a lab's state leads to that page too.  The first cell says how to install the
``dplab`` wheel that the site serves beside the notebook; the first code cell enables the
course's charts (:data:`SETUP`).

The notebook *pages* (mkdocs-jupyter's HTML) are post-processed here too: their math is
rendered at build time with the lessons' KaTeX renderer, and mkdocs-jupyter's MathJax
loader and large inline styles are removed.
"""

from __future__ import annotations

import functools
import hashlib
import html as html_text
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

import markdown_katex.extension as mk_extension
import nbformat
import tinycss2
from nbformat import v4
from pymdownx.slugs import slugify
from tinycss2.serializer import serialize_identifier

from dplab.site.bibliography import Bibliography
from dplab.site.citations import cited_keys, notebook_references, plain_citations
from dplab.site.components import NotebookCell, notebook_items
from dplab.site.execute import CellResult
from dplab.site.katex import KatexBatchRenderer, KatexError
from dplab.site.katex import renderer as katex_renderer
from dplab.site.lesson import CodeBlock, Component, Lesson, Prose
from dplab.site.render import render_context, results_by_cell
from dplab.site.wheel import SiteWheel
from dplab.views import SITE_ONLY_MIME, label, site_only_outputs

__all__ = [
    "SETUP",
    "anchor_headings",
    "drop_mathjax",
    "externalize_styles",
    "install_note",
    "jupyter_markdown",
    "lesson_page",
    "page_classes",
    "prune_css",
    "render_notebook",
    "render_notebook_math",
    "split_at_delimiters",
    "split_at_headings",
]

_STYLE = re.compile(r"<style(?P<attributes>[^>]*)>(?P<css>.*?)</style>", re.S)

_ADMONITION = re.compile(
    r'^(?P<indent>\s*)(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+"(?P<title>[^"]*)")?\s*$'
)


def _jupyter_math_line(line: str) -> str:
    for item in reversed(list(mk_extension.iter_inline_katex(line))):
        # markdown-katex's private rule for the TeX inside $`…`$ (it has no public one): the
        # notebook then holds exactly the formula the page renders.  The only use of a
        # third-party private name in dplab (tests/test_layers.py allows exactly this one).
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


_HEADING_LINE = re.compile(r"#{1,6}\s")


def split_at_headings(markdown: str) -> list[str]:
    """Cut Jupyter Markdown into cells so that each heading is a cell of its own.

    On a notebook page each cell is laid out only when it comes near the screen
    (``content-visibility`` in ``dplab.css``), except a cell that holds a heading: the table
    of contents reads every heading's position on load, and a heading inside a skipped cell
    would make the browser lay out its whole cell there and then (as on the lesson pages,
    ``dplab.site.sections``).  Heading cells are also where Jupyter folds a notebook.
    Lines inside code fences and ``$$`` math are never read as headings.

    >>> split_at_headings("a\\n\\n## B\\nb\\n```python\\n# c\\n```\\n### D")
    ['a', '## B', 'b\\n```python\\n# c\\n```', '### D']
    """
    cells: list[list[str]] = [[]]
    fence: str | None = None
    for line in markdown.split("\n"):
        stripped = line.strip()
        if fence is None and _HEADING_LINE.match(line):
            cells.extend([[line], []])
            continue
        if fence is None and (stripped.startswith("```") or stripped == "$$"):
            fence = "```" if stripped.startswith("```") else "$$"
        elif fence is not None and stripped.startswith(fence):
            fence = None
        cells[-1].append(line)
    return [text for cell in cells if (text := "\n".join(cell).strip())]


def lesson_page(slug: str) -> str:
    """The address of a lesson's page from its notebook.

    >>> lesson_page("laplace")
    '../lessons/laplace.html'
    """
    return f"../lessons/{slug}.html"


# A link to a lab's state on its own page (``LabLinks.href``: ``#<lab id>?<state>``).
_LAB_STATE_LINK = re.compile(r'href="#(?=[\w-]+\?)')


def _lab_state_links(markdown: str, page: str) -> str:
    """Links to a lab's state lead to the lab on the lesson ``page``: the notebook has none.

    >>> _lab_state_links('<a href="#rr-lab-k?n=2">a</a> <a href="#top">b</a>', "p.html")
    '<a href="p.html#rr-lab-k?n=2">a</a> <a href="#top">b</a>'
    """
    return _LAB_STATE_LINK.sub(f'href="{page}#', markdown)


def _outputs(result: CellResult, execution_count: int, page: str) -> list:
    outputs = []
    for output in result.outputs:
        if output["type"] == "stream":
            outputs.append(v4.new_output("stream", name=output["name"], text=output["text"]))
        elif SITE_ONLY_MIME in output["data"]:
            anchor = output["data"][SITE_ONLY_MIME]["anchor"]
            outputs.extend(
                v4.new_output("display_data", data=data)
                for data in site_only_outputs(output["data"], f"{page}#{anchor}")
            )
        elif output["result"]:
            outputs.append(
                v4.new_output(
                    "execute_result", data=output["data"], execution_count=execution_count
                )
            )
        else:
            outputs.append(v4.new_output("display_data", data=output["data"]))
    return outputs


SETUP = "import dplab.views\n\ndplab.views.enable()"
"""The first code cell of every notebook: importing ``dplab`` changes no Altair setting, so
the notebook enables the course's chart renderer and theme itself
(:func:`dplab.views.enable`), as the build's worker does before a lesson's first block."""


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

    With ``wheel`` (served in the notebook's folder), the first cell says how to install it:
    the title, the summary and that note stay one cell, the notebook's cover (at the top of
    the page, it is laid out on load anyway).  The first code cell is :data:`SETUP`, which
    enables the course's charts as the build did before the lesson ran.  Every later
    heading is a cell of its own (:func:`split_at_headings`).  With ``bibliography``,
    citations read as plain short citations and a last cell lists the full references the
    lesson cites.
    """
    by_cell = results_by_cell(lesson, results)
    first = f"# {lesson.meta.title}\n\n{lesson.meta.summary}"
    if wheel is not None:
        first += f"\n\n> {install_note(wheel)}"
    cells = [v4.new_markdown_cell(first), v4.new_code_cell(SETUP, execution_count=1)]
    cite = plain_citations(bibliography) if bibliography is not None else None
    ctx = render_context(lesson, by_cell, cite)
    page = lesson_page(lesson.slug)

    def markdown(text: str) -> str:
        return _lab_state_links(jupyter_markdown(text), page)

    items: list[str | CodeBlock | NotebookCell] = []
    for part in lesson.parts:
        if isinstance(part, Prose):
            items.append(markdown(ctx.fill(part)).strip())
        elif isinstance(part, Component):
            items.extend(notebook_items(part, ctx, markdown))
        else:
            items.append(part)
    count = 1
    for item in items:
        if isinstance(item, str):
            cells.extend(v4.new_markdown_cell(text) for text in split_at_headings(item))
        elif isinstance(item, NotebookCell):
            count += 1
            cell = v4.new_code_cell(item.source, execution_count=count)
            cell.outputs = _outputs(CellResult(outputs=item.outputs), count, page)
            if item.hidden:
                cell.metadata["jupyter"] = {"source_hidden": True}
            cells.append(cell)
        elif not item.executed:
            cells.append(v4.new_markdown_cell("```python\n" + item.source + "\n```"))
        else:
            count += 1
            cell = v4.new_code_cell(item.source, execution_count=count)
            cell.outputs = _outputs(by_cell[id(item)], count, page)
            if item.display != "show":
                cell.metadata["jupyter"] = {"source_hidden": True}
            cells.append(cell)
    if bibliography is not None and (
        references := notebook_references(bibliography, cited_keys(lesson))
    ):
        cells.extend(v4.new_markdown_cell(text) for text in split_at_headings(references))
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
    html: str,
    prefix: str,
    write: Callable[[str, str], None],
    *,
    threshold: int = 2048,
    prune: bool = True,
) -> str:
    """Move a notebook page's large inline ``<style>`` blocks into one style sheet, linked
    from the page's head, with only the rules that can apply to the page.

    mkdocs-jupyter inlines about 600 KB of JupyterLab CSS into every notebook page, most
    of it for JupyterLab's own widgets; on a phone it was the largest thing a reader
    waited for before the first word.  The blocks larger than ``threshold`` characters
    are joined in page order, pruned (:func:`prune_css`, against the classes the page
    uses) and written as ``nb-<sha256 prefix>.css`` (through ``write(name, css)``),
    linked at the end of the head, where the blocks' rules keep their place after the
    site's own style sheets.  A block that holds a Python list's text instead of CSS
    (mkdocs-jupyter writes the code highlighting styles a second time that way; no browser
    can read it) is dropped.  Names depend only on content: builds stay byte-identical.
    Custom properties that only another sheet reads would be lost: none of the site's own
    sheets reads JupyterLab's.  With ``prune=False`` the blocks are joined as they are
    (the tests compare the page's look both ways).
    """
    used = page_classes(html)
    kept: list[str] = []

    def take(match: re.Match[str]) -> str:
        css = match["css"]
        if len(css) < threshold:
            return match.group(0)
        if not css.strip().startswith("["):
            kept.append(css)
        return ""

    html = _STYLE.sub(take, html)
    if not kept:
        return html
    # One sheet, pruned as a whole: one block's rules read another's custom properties.
    css = "\n".join(kept)
    css = (prune_css(css, used, _SCRIPTED_CLASSES) if prune else css) + "\n"
    name = f"nb-{hashlib.sha256(css.encode()).hexdigest()[:16]}.css"
    write(name, css)
    head_end = html.index("</head>")
    link = f'<link rel="stylesheet" href="{prefix}{name}">'
    return html[:head_end] + link + html[head_end:]


_CLASS_ATTRIBUTE = re.compile(r'\sclass="(?P<names>[^"]*)"')


def page_classes(html: str) -> frozenset[str]:
    """Every class name written in ``html``'s class attributes.

    >>> sorted(page_classes('<div class="a b"><p class="c">x</p></div>'))
    ['a', 'b', 'c']
    """
    return frozenset(
        name for match in _CLASS_ATTRIBUTE.finditer(html) for name in match["names"].split()
    )


# The prefixes of the classes that scripts add to a page after it loads (Material's and
# DP Lab's); a notebook page runs no JupyterLab script, so JupyterLab's classes are all in
# its HTML.
_SCRIPTED_CLASSES = ("md-", "dplab-")
_VARIABLE_USE = re.compile(r"var\(\s*(--[\w-]+)")
_GROUPING_RULES = frozenset({"media", "supports", "layer", "container"})


def prune_css(css: str, classes: frozenset[str], scripted: tuple[str, ...] = ()) -> str:
    """The rules of ``css`` that can apply to a page whose elements carry only ``classes``,
    or classes that begin with one of the ``scripted`` prefixes (its scripts may add those).

    A selector is dropped when it names, outside any ``:not()``, ``:is()`` or other
    function, a class that no element can have;
    a rule goes when all of its selectors do, and a grouping rule (``@media``, …) when all
    of its rules do.  Then a custom property goes when nothing left reads it with
    ``var()``.  Everything else (other at-rules, attribute and element selectors) stays.

    The style sheet is parsed once (:func:`_parsed_rules`): every notebook page of a build
    prunes the same JupyterLab sheet against its own classes.

    >>> prune_css(".a{color:red}.b .a,.a{x:1}.b{y:2}@media print{.b{z:3}}", frozenset({"a"}))
    '.a{color:red;}.a{x:1;}'
    >>> prune_css(".a:not(.b){x:1}.md-on .a{y:2}.md-on{z:3}", frozenset({"a"}), ("md-",))
    '.a:not(.b){x:1;}.md-on .a{y:2;}.md-on{z:3;}'
    >>> prune_css(":root{--used:1;--unused:2}.a{color:var(--used)}", frozenset({"a"}))
    ':root{--used:1;}.a{color:var(--used);}'
    """

    def present(name: str) -> bool:
        return name in classes or name.startswith(scripted)

    rules = _kept_rules(_parsed_rules(css), present)
    read = _read_properties(rules)
    return "".join(_serialized(rule, read) for rule in rules)


class _Declaration(NamedTuple):
    name: str
    value: str  # as written, for the var() it reads
    text: str  # the declaration written back: ``name:value[!important];``


class _StyleRule(NamedTuple):
    selectors: tuple[tuple[frozenset[str], str], ...]  # (top-level classes, selector)
    declarations: tuple[_Declaration, ...]


class _GroupRule(NamedTuple):
    head: str  # ``@media print``: the at-keyword and prelude as written
    rules: tuple[_Rule, ...]


# A parsed rule: a style rule, a grouping rule (@media, …) or any other rule, kept as text.
_Rule = _StyleRule | _GroupRule | str


@functools.lru_cache(maxsize=4)
def _parsed_rules(css: str) -> tuple[_Rule, ...]:
    """``css`` parsed once into what pruning reads (without comments and whitespace)."""
    return _parse_rules(tinycss2.parse_stylesheet(css, skip_comments=True))


def _parse_rules(nodes: list) -> tuple[_Rule, ...]:
    parsed: list[_Rule] = []
    for node in nodes:
        if node.type == "qualified-rule":
            selectors = tuple(
                (frozenset(_top_level_classes(s)), tinycss2.serialize(s))
                for s in _split_selectors(node.prelude)
            )
            items = tinycss2.parse_declaration_list(
                node.content, skip_comments=True, skip_whitespace=True
            )
            declarations = tuple(
                _Declaration(
                    item.name,
                    tinycss2.serialize(item.value),
                    tinycss2.serialize(_declaration_tokens(item)),
                )
                for item in items
                if item.type == "declaration"
            )
            parsed.append(_StyleRule(selectors, declarations))
        elif node.type == "at-rule" and node.lower_at_keyword in _GROUPING_RULES and node.content:
            head = f"@{serialize_identifier(node.at_keyword)}{tinycss2.serialize(node.prelude)}"
            inner = tinycss2.parse_rule_list(node.content, skip_comments=True)
            parsed.append(_GroupRule(head, _parse_rules(inner)))
        elif node.type != "whitespace":
            parsed.append(tinycss2.serialize([node]))
    return tuple(parsed)


def _kept_rules(rules: tuple[_Rule, ...], present: Callable[[str], bool]) -> list[_Rule]:
    kept: list[_Rule] = []
    for rule in rules:
        if isinstance(rule, _StyleRule):
            matching = tuple(s for s in rule.selectors if all(map(present, s[0])))
            if matching:
                kept.append(_StyleRule(matching, rule.declarations))
        elif isinstance(rule, _GroupRule):
            inner = _kept_rules(rule.rules, present)
            if inner:
                kept.append(_GroupRule(rule.head, tuple(inner)))
        else:
            kept.append(rule)
    return kept


def _style_rules(rules: Iterable[_Rule]) -> Iterator[_StyleRule]:
    for rule in rules:
        if isinstance(rule, _StyleRule):
            yield rule
        elif isinstance(rule, _GroupRule):
            yield from _style_rules(rule.rules)


def _read_properties(rules: list[_Rule]) -> set[str]:
    """The custom properties that a declaration of ``rules`` reads with ``var()``, directly
    or through other custom properties."""
    read: set[str] = set()
    custom: dict[str, list[str]] = {}
    for rule in _style_rules(rules):
        for declaration in rule.declarations:
            if declaration.name.startswith("--"):
                custom.setdefault(declaration.name, []).append(declaration.value)
            else:
                read.update(_VARIABLE_USE.findall(declaration.value))
    pending = list(read)
    while pending:
        for value in custom.get(pending.pop(), []):
            for name in _VARIABLE_USE.findall(value):
                if name not in read:
                    read.add(name)
                    pending.append(name)
    return read


def _serialized(rule: _Rule, read: set[str]) -> str:
    """``rule`` written back without the custom properties that nothing reads."""
    if isinstance(rule, _StyleRule):
        declarations = "".join(
            d.text for d in rule.declarations if not d.name.startswith("--") or d.name in read
        )
        return ",".join(text for _, text in rule.selectors) + "{" + declarations + "}"
    if isinstance(rule, _GroupRule):
        return rule.head + "{" + "".join(_serialized(r, read) for r in rule.rules) + "}"
    return rule


def _split_selectors(prelude: list) -> list[list]:
    selectors: list[list] = [[]]
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            selectors.append([])
        else:
            selectors[-1].append(token)
    return [_strip_whitespace(s) for s in selectors if _strip_whitespace(s)]


def _strip_whitespace(tokens: list) -> list:
    start, end = 0, len(tokens)
    while start < end and tokens[start].type == "whitespace":
        start += 1
    while end > start and tokens[end - 1].type == "whitespace":
        end -= 1
    return tokens[start:end]


def _top_level_classes(selector: list) -> set[str]:
    return {
        after.value
        for token, after in itertools.pairwise(selector)
        if token.type == "literal" and token.value == "." and after.type == "ident"
    }


def _declaration_tokens(item) -> list:
    text = f"{item.name}:{tinycss2.serialize(item.value).strip()}"
    if item.important:
        text += "!important"
    return tinycss2.parse_component_value_list(text + ";")


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
    return _FRAGMENT_LINK.sub(lambda m: f'href="#{renamed.get(m["id"], m["id"])}"', html)


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
    return match is not None and MARKDOWN_OUTPUT_CLASS in "".join(match.groups("")).split()


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
