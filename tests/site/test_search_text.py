"""The text the site search indexes for a formula: one line of Unicode a reader can read."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplab.site.katex import KatexBatchRenderer
from dplab.site.project import REPOSITORY
from dplab.site.search_text import readable_tex, search_view

# How a careful reader writes each formula on one line (written by hand, not by the code).
READINGS = [
    (r"\varepsilon = \Delta / b", "ε = Δ / b"),
    (r"\frac{1}{2b}", "1/(2b)"),
    (r"\tfrac12 e^{-s}", "1/2 e^(−s)"),
    (r"\frac{\Delta}{b}", "Δ/b"),
    (r"e^{\varepsilon}", "e^ε"),
    (r"e^{\varepsilon}\varphi(c)", "e^ε φ(c)"),
    (r"\sigma^2 + x_1 + x_{12}", "σ² + x₁ + x₁₂"),
    (r"\delta_{\min}(\alpha)", "δ_min(α)"),
    (r"\frac{1}{\sigma\sqrt{2\pi}} e^{-y^2/(2\sigma^2)}", "1/(σ√(2π)) e^(−y²/(2σ²))"),
    (r"\ln\frac{p(y)}{q(y)}", "ln(p(y))/(q(y))"),
    (r"2\ln(1 - \delta)", "2 ln(1 − δ)"),
    (r"\ln 3", "ln 3"),
    (r"\sup_S \bigl(P(S) - e^{\varepsilon} Q(S)\bigr)", "sup_S(P(S) − e^ε Q(S))"),
    (r"\Pr[M(D) \in S] \le e^{\varepsilon} \Pr[M(D') \in S] + \delta",
     "Pr[M(D) ∈ S] ≤ e^ε Pr[M(D′) ∈ S] + δ"),
    (r"\left|\frac{a}{b}\right|", "|a/b|"),
    (r"\mathbb{E}|Z| = \sigma\sqrt{2/\pi}", "𝔼|Z| = σ√(2/π)"),
    (r"\hat c", "ĉ"),
    (r"x_i \in \{0, 1\}", "xᵢ ∈ {0, 1}"),
    (r"\#\{i : x_i \ge \tau\}", "#{i : xᵢ ≥ τ}"),
    (r"\text{합 } \sum_i x_i", "합 ∑ᵢ xᵢ"),
    (r"\mathrm{Laplace}(0, b)", "Laplace(0, b)"),
    (r"Y \overset{d}{=} X", "Y =ᵈ X"),
    (r"\begin{aligned} a &= b \\ &\le c \end{aligned}", "a = b; ≤ c"),
    (r"\begin{cases} 1, & y \le 0, \\ 0, & y > 0 \end{cases}", "1, y ≤ 0, 0, y > 0"),
    (r"\operatorname{erf}(x)", "erf(x)"),
    (r"10^{-5}", "10⁻⁵"),
    (r"\foo{x}", "foox"),  # an unknown command reads as its name
    (r"a \approx 0.5 \times 10^{-3}", "a ≈ 0.5 × 10⁻³"),
]  # fmt: skip


@pytest.mark.parametrize(("tex", "reading"), READINGS)
def test_a_formula_reads_as_a_reader_writes_it(tex, reading):
    assert readable_tex(tex) == reading


TEX_PIECES = st.sampled_from(
    [r"\frac", r"\sqrt", r"\text", r"\mathbb", r"\hat", r"\overset", r"\begin", r"\end",
     r"\left", r"\right", r"\ln", r"\varepsilon", r"\{", r"\}", r"\\", r"\,", r"\!", r"\$",
     r"\unknown", "{", "}", "[", "]", "^", "_", "&", "$", "'", "-", " ", "x", "2", "ε", "합"]
)  # fmt: skip


@given(st.lists(TEX_PIECES, max_size=40).map("".join))
def test_any_tex_reads_without_backslash_dollar_or_control_characters(tex):
    reading = readable_tex(tex)
    assert not any(char in reading for char in "\\$\x00\x01")
    assert reading == reading.strip() and "  " not in reading


def test_search_view_replaces_each_katex_formula_by_its_reading(tmp_path):
    renderer = KatexBatchRenderer(REPOSITORY)
    renderer.cache_dir = tmp_path / "katex"
    inline = renderer.render(r"x < \frac{\Delta}{2}", False)
    display = renderer.render(r"\delta(\varepsilon) = 1 - e^{-s}", True)
    page = f"<p>값 {inline}이고</p>\n<p>{display}</p><p>끝</p>"
    assert search_view(page) == "<p>값 x &lt; Δ/2이고</p>\n<p>δ(ε) = 1 − e^(−s)</p><p>끝</p>"
    assert search_view("<p>수식 없음</p>") == "<p>수식 없음</p>"


def test_search_view_refuses_a_formula_it_cannot_read():
    with pytest.raises(ValueError, match="never closed"):
        search_view('<p><span class="katex"><span>x</span></p>')
    with pytest.raises(ValueError, match="no TeX annotation"):
        search_view('<p><span class="katex"><span>x</span></span></p>')


def test_search_view_leaves_out_what_every_lesson_repeats_and_the_readers_state():
    # A lesson's header as dplab.site.render writes it, and the course map's list as
    # dplab.site.catalog.prerequisite_list does (after Markdown).
    page = (
        '<h1 id="t">가우스 메커니즘</h1><p class="dplab-summary">요약</p>\n'
        '<details class="dplab-notation" id="dplab-notation"><summary>기호</summary>'
        '<dl class="dplab-notation-list"><dt>ε</dt><dd>프라이버시 매개변수.</dd></dl></details>\n'
        '<ol aria-label="단원" class="dplab-map-list" role="list">\n<li class="dplab-map-node">'
        '<p class="dplab-map-title"><a href="lessons/tour.html">1. 둘러보기</a> '
        '<span class="dplab-map-check">학습함</span></p></li>\n</ol>'
    )
    assert search_view(page) == (
        '<h1 id="t">가우스 메커니즘</h1> <p class="dplab-summary">요약</p>\n\n'
        '<ul aria-label="단원" class="dplab-map-list" role="list">\n<li class="dplab-map-node">'
        '<p class="dplab-map-title"><a href="lessons/tour.html">1. 둘러보기</a></p></li>\n</ul>'
    )


def test_search_view_keeps_blocks_apart():
    # "…으로 정합니다.메커니즘 M입력 D를…": a <dt> and a <dd> ran into one word ("M입력")
    page = (
        '<h1 id="t">과정 지도</h1><dl class="dplab-notation-list"><dt>d<sub>EM</sub></dt>'
        "<dd>거리로 정합니다.</dd><dt>메커니즘 M</dt><dd>입력 D를 받는 절차.</dd></dl>"
        "<div>표</div><table><tr><td>가</td><td>나</td></tr></table>"
    )
    text = re.sub(r"<[^>]+>", "", search_view(page))
    assert " ".join(text.split()) == (
        "과정 지도 dEM — 거리로 정합니다. 메커니즘 M — 입력 D를 받는 절차. 표 가 나"
    )
