"""Notebook export: Jupyter-style math and admonitions; exported notebooks run clean."""

from __future__ import annotations

import nbformat
import pytest
from nbclient import NotebookClient

from dplab.site.notebook import jupyter_markdown


def test_inline_and_display_math_become_dollar_math():
    text = "값 $`\\varepsilon = 1`$ 와 $`b`$\n\n```math\nM(D) = f(D) + Z\n```\n"
    assert jupyter_markdown(text) == "값 $\\varepsilon = 1$ 와 $b$\n\n$$\nM(D) = f(D) + Z\n$$\n"


def test_admonitions_become_block_quotes_with_their_math_converted():
    text = '!!! note "정의"\n    본문 $`x`$\n\n    둘째 문단\n\n다음 글'
    assert jupyter_markdown(text) == "> **정의**\n>\n> 본문 $x$\n>\n> 둘째 문단\n\n다음 글"


def test_code_fences_are_left_alone():
    text = "```python\nx = '$`a`$'\n```"
    assert jupyter_markdown(text) == text


@pytest.mark.build
def test_every_exported_notebook_runs_clean(built_site):
    notebooks = sorted((built_site / "notebooks").glob("*.ipynb"))
    assert notebooks, "the site has no notebooks"
    for path in notebooks:
        notebook = nbformat.read(path, as_version=4)
        NotebookClient(notebook, timeout=300, kernel_name="python3", allow_errors=False).execute(
            cwd=str(path.parent)
        )
        ran = [c for c in notebook.cells if c.cell_type == "code"]
        assert ran and all(c.execution_count for c in ran), path.name


def test_large_inline_styles_move_to_shared_content_named_files():
    from dplab.site.notebook import externalize_styles

    big = "a{color:red}" * 300
    html = f"<p>x</p><style>{big}</style><style>b{{}}</style><style>{big}</style>"
    written = {}
    out = externalize_styles(html, "../assets/generated/", written.__setitem__)
    (name,) = written
    assert written[name] == big and name.startswith("nb-") and name.endswith(".css")
    assert out == (
        f'<p>x</p><link rel="stylesheet" href="../assets/generated/{name}">'
        f'<style>b{{}}</style><link rel="stylesheet" href="../assets/generated/{name}">'
    )


@pytest.mark.build
def test_notebook_pages_do_not_inline_the_jupyterlab_css(built_site):
    page = (built_site / "notebooks/tour.html").read_text("utf-8")
    assert 'href="../assets/generated/nb-' in page
    assert len(page.encode()) < 600_000
