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
  options and the TeX, so a rebuild renders no formula twice;
* the MathML copy of each formula is excluded from Material's search index (otherwise
  every formula is indexed three times).

Use it in ``mkdocs.yml`` as the Markdown extension ``dplab.site.katex``.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path

import markdown_katex.extension as mk_extension
import markdown_katex.wrapper as mk_wrapper

__all__ = ["KatexBatchRenderer", "KatexError", "collect_formulas", "makeExtension", "renderer"]

ROOT = Path(__file__).resolve().parents[2]
KatexError = mk_wrapper.KatexError
_SEARCH_EXCLUDE = ('<span class="katex-mathml">', '<span class="katex-mathml" data-search-exclude>')


class KatexBatchRenderer:
    """Render TeX to HTML with the project's KaTeX, in batches, with a disk cache."""

    def __init__(self, root: Path = ROOT) -> None:
        self.node_modules = root / "node_modules"
        self.cache_dir = root / ".cache" / "katex"
        self.script = Path(__file__).with_name("katex_batch.js")
        self._memory: dict[str, str] = {}
        self.rendered = 0  # formulas actually sent to KaTeX (not served from a cache)

    @property
    def version(self) -> str:
        package = self.node_modules / "katex" / "package.json"
        if not package.is_file():
            raise KatexError(f"KaTeX is not installed: {package} is missing (run 'make setup')")
        return json.loads(package.read_text())["version"]

    def _key(self, tex: str, display: bool) -> str:
        data = json.dumps([self.version, display, tex], ensure_ascii=False)
        return hashlib.sha256(data.encode()).hexdigest()

    def _cache_file(self, key: str) -> Path:
        return self.cache_dir / key[:2] / f"{key}.html"

    def _lookup(self, key: str) -> str | None:
        if key in self._memory:
            return self._memory[key]
        path = self._cache_file(key)
        if path.is_file():
            self._memory[key] = path.read_text(encoding="utf-8")
            return self._memory[key]
        return None

    def _store(self, key: str, html: str) -> None:
        self._memory[key] = html
        path = self._cache_file(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(html, encoding="utf-8")
        temporary.replace(path)

    def render_many(self, formulas: Iterable[tuple[str, bool]]) -> list[str | KatexError]:
        """HTML for each ``(tex, display)``; an invalid formula yields a :class:`KatexError`."""
        formulas = list(formulas)
        keys = [self._key(tex, display) for tex, display in formulas]
        missing: dict[str, tuple[str, bool]] = {}
        for key, formula in zip(keys, formulas, strict=True):
            if self._lookup(key) is None:
                missing.setdefault(key, formula)
        errors: dict[str, KatexError] = {}
        if missing:
            batch = [{"tex": tex, "displayMode": display} for tex, display in missing.values()]
            for key, result in zip(missing, self._run_node(batch), strict=True):
                if "html" in result:
                    self._store(key, result["html"].replace(*_SEARCH_EXCLUDE))
                else:
                    errors[key] = KatexError(result["error"])
            self.rendered += len(missing) - len(errors)
        return [errors[key] if key in errors else self._memory[key] for key in keys]

    def render(self, tex: str, display: bool) -> str:
        (result,) = self.render_many([(tex, display)])
        if isinstance(result, KatexError):
            raise KatexError(f"invalid TeX {tex!r}: {result}")
        return result

    def _run_node(self, batch: list[dict[str, object]]) -> list[dict[str, str]]:
        env = {**os.environ, "NODE_PATH": str(self.node_modules)}
        completed = subprocess.run(
            ["node", str(self.script)],
            input=json.dumps(batch),
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        if completed.returncode != 0:
            raise KatexError(f"the KaTeX renderer failed: {completed.stderr.strip()}")
        return json.loads(completed.stdout)


renderer = KatexBatchRenderer()


class _Recorder:
    """Stands in for the renderer while a page is scanned: remembers what it is asked."""

    def __init__(self) -> None:
        self.formulas: list[tuple[str, bool]] = []

    def __call__(self, tex: str, options: dict[str, object] | None = None) -> str:
        self.formulas.append((tex, bool((options or {}).get("display-mode"))))
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
    recorder = _Recorder()
    scanner = mk_extension.KatexPreprocessor(None, _ScanOnly())
    tracked = _Lines(lines)
    found: list[tuple[int, str, bool]] = []
    original = mk_wrapper.tex2html
    mk_wrapper.tex2html = recorder
    try:
        for _ in scanner._iter_out_lines(tracked):
            while len(found) < len(recorder.formulas):
                tex, display = recorder.formulas[len(found)]
                line = tracked.taken - 1
                while display and line > 0 and not mk_extension.BLOCK_START_RE.match(lines[line]):
                    line -= 1
                found.append((line, tex, display))
    finally:
        mk_wrapper.tex2html = original
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


# Pin the renderer before any KatexExtension exists: no executable probing, ever.
mk_wrapper.parse_options = _no_probing
mk_wrapper.tex2html = _render_for_markdown


def makeExtension(**kwargs: object) -> DplabKatexExtension:
    return DplabKatexExtension(**kwargs)
