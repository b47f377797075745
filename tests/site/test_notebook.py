"""Notebook export: Jupyter-style math and admonitions (test_wheel.py runs the notebooks)."""

from __future__ import annotations

import pytest

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
