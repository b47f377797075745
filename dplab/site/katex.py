"""markdown-katex with a pinned, batched and cached KaTeX renderer.

markdown-katex parses ``$`…`$`` and ```` ```math ```` and wraps the HTML; out of the box it
probes for a ``katex`` executable for every formula and runs one process per formula.
This module keeps markdown-katex's parsing and replaces its renderer:

* the executable is pinned: Node.js with the ``katex`` package from the project's
  ``package-lock.json`` (the same version whose CSS and fonts the site serves); nothing
  is probed;
* formulas are rendered in batches, one Node process per batch; each page is scanned
  first, and all its formulas that are not cached yet go in one batch;
* results are cached on disk under ``.cache/katex`` keyed on the KaTeX version, the
  options and the TeX, so a rebuild renders no formula twice (the batch and the cache are
  :class:`dplab.site.node_batch.NodeBatchRenderer`'s);
* the MathML copy of each formula is excluded from Material's search index (otherwise
  every formula is indexed three times).

Use it in ``mkdocs.yml`` as the Markdown extension ``dplab.site.katex``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import markdown_katex.extension as mk_extension
import markdown_katex.wrapper as mk_wrapper
from markdown_katex.wrapper import KatexError

from dplab.site.node_batch import NodeBatchRenderer

__all__ = [
    "KatexBatchRenderer",
    "KatexError",
    "collect_formulas",
    "makeExtension",
    "renderer",
    "use_course_renderer",
]

_SEARCH_EXCLUDE = ('<span class="katex-mathml">', '<span class="katex-mathml" data-search-exclude>')


class KatexBatchRenderer(NodeBatchRenderer):
    """Render TeX to HTML with the project's KaTeX, in batches, with a disk cache."""

    name = package = "katex"
    script = "katex_batch.js"
    suffix = ".html"
    error = KatexError

    def finish(self, output: str) -> str:
        return output.replace(*_SEARCH_EXCLUDE)

    def render_many(self, formulas: Iterable[tuple[str, bool]]) -> list[str | KatexError]:
        """HTML for each ``(tex, display)``; an invalid formula yields a :class:`KatexError`."""
        return self.render_items(
            [{"tex": tex, "displayMode": display} for tex, display in formulas]
        )

    def render(self, tex: str, display: bool) -> str:
        (result,) = self.render_many([(tex, display)])
        if isinstance(result, KatexError):
            raise KatexError(f"invalid TeX {tex!r}: {result}")
        return result


renderer = KatexBatchRenderer()


class _Recorder:
    """Stands in for the renderer while a page is scanned: remembers what it is asked, and
    how many lines the scanner had read then (the formula ends on the last of them)."""

    def __init__(self, lines: _Lines) -> None:
        self.lines = lines
        self.formulas: list[tuple[int, str, bool]] = []

    def __call__(self, tex: str, options: dict[str, object] | None = None) -> str:
        display = bool((options or {}).get("display-mode"))
        self.formulas.append((self.lines.taken, tex, display))
        return ""


class _Lines:
    """An iterable over lines that knows how many it has handed out."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.taken = 0

    def __iter__(self) -> Iterator[str]:
        for line in self.lines:
            self.taken += 1
            yield line


def collect_formulas(lines: list[str]) -> list[tuple[int, str, bool]]:
    """Every formula markdown-katex would render in ``lines``: ``(line index, tex, display)``.

    It runs markdown-katex's own scanner with a recording renderer, so what is found here
    is exactly what the Markdown extension renders later.
    """
    tracked = _Lines(lines)
    recorder = _Recorder(tracked)
    scanner = mk_extension.KatexPreprocessor(None, _ScanOnly())
    original = mk_wrapper.tex2html
    mk_wrapper.tex2html = recorder
    try:
        scanner.run(tracked)
    finally:
        mk_wrapper.tex2html = original
    found: list[tuple[int, str, bool]] = []
    for taken, tex, display in recorder.formulas:
        line = taken - 1
        while display and line > 0 and not mk_extension.BLOCK_START_RE.match(lines[line]):
            line -= 1
        found.append((line, tex, display))
    return found


class _ScanOnly:
    """The part of a KatexExtension that markdown-katex's scanner reads."""

    def __init__(self) -> None:
        self.options: dict[str, object] = {}
        self.math_html: dict[str, str] = {}


def _render_for_markdown(tex: str, options: dict[str, object] | None = None) -> str:
    return renderer.render(tex, bool((options or {}).get("display-mode")))


def _no_probing() -> dict[str, str]:
    return {}


class _BatchingPreprocessor(mk_extension.KatexPreprocessor):
    def run(self, lines: list[str]) -> list[str]:
        formulas = [(tex, display) for _, tex, display in collect_formulas(lines)]
        for (tex, _display), result in zip(formulas, renderer.render_many(formulas), strict=True):
            if isinstance(result, KatexError):
                raise KatexError(f"invalid TeX {tex!r}: {result}")
        return super().run(lines)


class DplabKatexExtension(mk_extension.KatexExtension):
    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("insert_fonts_css", False)
        kwargs.setdefault("no_inline_svg", False)
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        super().extendMarkdown(md)
        md.preprocessors.register(
            _BatchingPreprocessor(md, self), name="katex_fenced_code_block", priority=50
        )


def use_course_renderer() -> None:
    """Point markdown-katex at the course's renderer: its ``wrapper.tex2html`` (which its
    extension calls for every formula) becomes :data:`renderer`, and its ``parse_options``
    (which runs ``katex --help`` through an executable it looks for) returns no options.

    markdown-katex offers no other way in, so the two module attributes are set; this is
    done explicitly, by :func:`makeExtension` before the extension exists, never at import
    time (importing this module changes nothing in markdown-katex).  Calling it again
    changes nothing.
    """
    mk_wrapper.parse_options = _no_probing
    mk_wrapper.tex2html = _render_for_markdown


def makeExtension(**kwargs: object) -> DplabKatexExtension:
    """The Markdown extension ``dplab.site.katex``: markdown-katex with the course's renderer."""
    use_course_renderer()
    return DplabKatexExtension(**kwargs)
