"""The pinned, batched, cached KaTeX renderer behind markdown-katex."""

from __future__ import annotations

import markdown
import pytest

from dplab.site.katex import KatexBatchRenderer, KatexError, collect_formulas
from dplab.site.project import REPOSITORY


@pytest.fixture
def renderer(tmp_path):
    fresh = KatexBatchRenderer(REPOSITORY)
    fresh.cache_dir = tmp_path / "katex"
    return fresh


def test_a_batch_renders_once_and_the_disk_cache_serves_the_next_run(renderer, tmp_path):
    formulas = [(rf"\frac{{1}}{{{k}}}", k % 2 == 0) for k in range(50)]
    first = renderer.render_many(formulas)
    assert renderer.rendered == 50
    assert all('class="katex' in html for html in first)
    assert 'class="katex-display"' in first[0] and 'class="katex-display"' not in first[1]
    again = KatexBatchRenderer(REPOSITORY)
    again.cache_dir = renderer.cache_dir
    assert again.render_many(formulas) == first
    assert again.rendered == 0


def test_duplicates_in_a_batch_are_rendered_once(renderer):
    renderer.render_many([("x", False)] * 3 + [("y", False)])
    assert renderer.rendered == 2


def test_mathml_copy_is_excluded_from_search(renderer):
    html = renderer.render("e^{\\varepsilon}", False)
    assert '<span class="katex-mathml" data-search-exclude>' in html
    assert html.count("data-search-exclude") == 1


def test_invalid_tex_is_an_error_and_is_not_cached(renderer):
    (result,) = renderer.render_many([("\\frac{1}{", False)])
    assert isinstance(result, KatexError)
    with pytest.raises(KatexError, match="invalid TeX"):
        renderer.render("\\frac{1}{", False)
    assert renderer.rendered == 0


def test_collect_formulas_finds_what_markdown_katex_renders_with_lines():
    lines = ["a $`x`$ b $`y^2`$", "", "```math", "\\sum_i z_i", "```", "```python", "$`no`$", "```"]
    found = sorted((line, tex.strip(), display) for line, tex, display in collect_formulas(lines))
    assert found == [(0, "x", False), (0, "y^2", False), (2, "\\sum_i z_i", True)]


def test_markdown_extension_uses_the_pinned_renderer_without_probing(monkeypatch):
    import markdown_katex.wrapper as wrapper

    def no_probe(*_args, **_kwargs):
        raise AssertionError("markdown-katex must not look for an executable")

    monkeypatch.setattr(wrapper, "get_bin_cmd", no_probe)
    html = markdown.markdown(
        "값 $`\\alpha`$\n\n```math\n\\beta\n```\n", extensions=["dplab.site.katex"]
    )
    assert html.count('class="katex"') == 2
    assert "cdn" not in html.lower() and "<link" not in html


def test_importing_the_extension_leaves_markdown_katex_alone_until_it_is_made():
    """The renderer is pinned by an explicit call (makeExtension), not as a side effect of
    importing dplab.site.katex (issue 39, §2): in a fresh interpreter, the import leaves
    markdown-katex's own functions in place, and makeExtension replaces both."""
    import subprocess
    import sys

    probe = (
        "import markdown_katex.wrapper as w\n"
        "before = (w.tex2html, w.parse_options)\n"
        "import dplab.site.katex as k\n"
        "print((w.tex2html, w.parse_options) == before)\n"
        "k.makeExtension()\n"
        "print(w.tex2html is k._render_for_markdown, w.parse_options() == {})\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True", "True"]
