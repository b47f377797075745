"""The notation page part: ``[[notation]]`` in a page becomes the course's table of
notation and terms (:mod:`dplab.views._notation`), as a Python-Markdown extension
(``dplab.site.notation`` in ``mkdocs.yml``).  The course map prints it; lesson pages offer
the same table in a panel (:func:`dplab.site.render.render_page`)."""

from __future__ import annotations

from markdown import Extension
from markdown.preprocessors import Preprocessor

from dplab.views import notation_html

__all__ = ["MARKER", "makeExtension"]

MARKER = "[[notation]]"


class _NotationPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        # a raw HTML block (the <dl> on one line, blank lines around it in the page)
        return [notation_html() if line.strip() == MARKER else line for line in lines]


class NotationExtension(Extension):
    def extendMarkdown(self, md):
        md.preprocessors.register(_NotationPreprocessor(md), "dplab_notation", 40)


def makeExtension(**kwargs: object) -> NotationExtension:
    return NotationExtension(**kwargs)
