"""The text between two headings of a page in its own ``<section class="dplab-section">``.

As a Python-Markdown extension (``dplab.site.sections`` in ``mkdocs.yml``): from the first
``<h2>`` on, each run of elements between two headings becomes one section; the headings
stay where they are, and what comes before the first ``<h2>`` too.  ``dplab.css`` gives
sections ``content-visibility: auto``, so that the browser lays out and paints a long
lesson one screen at a time instead of all of its thousands of formula nodes before the
reader sees anything; find in page, anchors, the accessibility tree and printing still
see every section.  The headings are left outside on purpose: the table of contents
reads their positions on load and while scrolling, and a heading inside a section that
is not shown would force the browser to lay that section out.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Extension
from markdown.treeprocessors import Treeprocessor

__all__ = ["SECTION_CLASS", "makeExtension", "wrap_sections"]

SECTION_CLASS = "dplab-section"


HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})


def wrap_sections(root: etree.Element) -> None:
    """From the first ``h2`` of ``root`` on, put each run of children between two
    headings into a section.

    >>> root = etree.fromstring("<div><p>a</p><h2>B</h2><p>b</p><p>c</p><h3>D</h3><h2>E</h2></div>")
    >>> wrap_sections(root)
    >>> etree.tostring(root, encoding="unicode").replace(' class="dplab-section"', "")
    '<div><p>a</p><h2>B</h2><section><p>b</p><p>c</p></section><h3>D</h3><h2>E</h2></div>'
    """
    children = list(root)
    first = next((i for i, child in enumerate(children) if child.tag == "h2"), None)
    if first is None:
        return
    for child in children[first:]:
        root.remove(child)
    section = None
    for child in children[first:]:
        if child.tag in HEADINGS:
            root.append(child)
            section = None
            continue
        if section is None:
            section = etree.SubElement(root, "section", {"class": SECTION_CLASS})
        section.append(child)


class _SectionTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        wrap_sections(root)


class SectionsExtension(Extension):
    def extendMarkdown(self, md):
        # After the table of contents (priority 5) has read the headings.
        md.treeprocessors.register(_SectionTreeprocessor(md), "dplab_sections", 1)


def makeExtension(**kwargs: object) -> SectionsExtension:
    return SectionsExtension(**kwargs)
