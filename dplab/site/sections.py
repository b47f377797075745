"""The text between two headings of a page in its own ``<section class="dplab-section">``.

As a Python-Markdown extension (``dplab.site.sections`` in ``mkdocs.yml``): from the first
``<h2>`` on, each run of elements between two headings becomes one section; the headings
stay where they are, and what comes before the first ``<h2>`` too.  ``dplab.css`` gives
sections ``content-visibility: auto``, so that the browser lays out and paints a long
lesson one screen at a time instead of all of its thousands of formula nodes before the
reader sees anything; find in page, anchors, the accessibility tree and printing still
see every section.  The headings are left outside on purpose, and so is an element that holds
one (a quiz under its title): the table of contents reads their positions on load and while
scrolling, and a heading inside a section that is not shown would force the browser to
lay that section out (on the Gaussian lesson, a quiz title inside the exercises' section
made Material's first table-of-contents pass lay out 2,400 objects).

A box that scrolls sideways (wide display math, a table, code) must be reachable by
keyboard (``tabindex="0"``), but whether it scrolls is known only once the browser has
laid it out, and measuring a box in a section that is not shown would lay that section
out.  :func:`mark_scroll_boxes` therefore makes every such box focusable in the built
page (``data-dplab-scroll``); ``components.js`` takes the ``tabindex`` away again from
each box that turns out not to scroll, when the browser lays it out anyway.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Extension
from markdown.treeprocessors import Treeprocessor

__all__ = ["SECTION_CLASS", "makeExtension", "mark_scroll_boxes", "wrap_sections"]

SECTION_CLASS = "dplab-section"


HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})

# The opening tag of a box that may scroll: display math, an output table, a notebook's
# code cell, and a code block: its <code> where it has one (Material scrolls that, not the
# <pre>), else the <pre> itself (a notebook page's code).
_SCROLL_BOX = re.compile(
    r'<(?:span|div)\b[^>]*\bclass="(?:[^"]*\s)?(?:katex-display|dplab-output|highlight-ipynb)(?:\s[^"]*)?"'
    r"|<pre\b(?P<pre>[^>]*)>(?P<code>(?:<span></span>)?<code\b)?"
)
_FOCUSABLE = ' tabindex="0" data-dplab-scroll'


def _mark(match: re.Match) -> str:
    if match.group("pre") is None:  # a box with one of the classes
        return match.group(0) + _FOCUSABLE
    if match.group("code"):
        return match.group(0) + _FOCUSABLE
    return f"<pre{match.group('pre')}{_FOCUSABLE}>"


def wrap_sections(root: etree.Element) -> None:
    """From the first ``h2`` of ``root`` on, put each run of children between two
    headings into a section.

    >>> root = etree.fromstring("<div><p>a</p><h2>B</h2><p>b</p><p>c</p><h3>D</h3><h2>E</h2></div>")
    >>> wrap_sections(root)
    >>> etree.tostring(root, encoding="unicode").replace(' class="dplab-section"', "")
    '<div><p>a</p><h2>B</h2><section><p>b</p><p>c</p></section><h3>D</h3><h2>E</h2></div>'

    A child that holds a heading (a quiz under its own title) stays outside as a whole:

    >>> root = etree.fromstring("<div><h2>A</h2><p>a</p><form><h2>Q</h2><p>q</p></form></div>")
    >>> wrap_sections(root)
    >>> etree.tostring(root, encoding="unicode").replace(' class="dplab-section"', "")
    '<div><h2>A</h2><section><p>a</p></section><form><h2>Q</h2><p>q</p></form></div>'
    """
    children = list(root)
    first = next((i for i, child in enumerate(children) if child.tag == "h2"), None)
    if first is None:
        return
    for child in children[first:]:
        root.remove(child)
    section = None
    for child in children[first:]:
        if any(node.tag in HEADINGS for node in child.iter()):
            root.append(child)
            section = None
            continue
        if section is None:
            section = etree.SubElement(root, "section", {"class": SECTION_CLASS})
        section.append(child)


def mark_scroll_boxes(page: str) -> str:
    """Make every box of a built page that may scroll sideways focusable until measured.

    >>> mark_scroll_boxes('<span class="katex-display"><span class="katex">x</span></span>')
    '<span class="katex-display" tabindex="0" data-dplab-scroll><span class="katex">x</span></span>'
    >>> mark_scroll_boxes('<pre class="x"><span></span><code>a = 1</code></pre>')
    '<pre class="x"><span></span><code tabindex="0" data-dplab-scroll>a = 1</code></pre>'
    >>> mark_scroll_boxes('<div class="highlight"><pre><span></span>a = 1</pre></div>')
    '<div class="highlight"><pre tabindex="0" data-dplab-scroll><span></span>a = 1</pre></div>'
    >>> mark_scroll_boxes('<p class="katex-display-like">no</p>')
    '<p class="katex-display-like">no</p>'
    """
    return _SCROLL_BOX.sub(_mark, page)


class _SectionTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        wrap_sections(root)


class SectionsExtension(Extension):
    def extendMarkdown(self, md):
        # After the table of contents (priority 5) has read the headings.
        md.treeprocessors.register(_SectionTreeprocessor(md), "dplab_sections", 1)


def makeExtension(**kwargs: object) -> SectionsExtension:
    return SectionsExtension(**kwargs)
