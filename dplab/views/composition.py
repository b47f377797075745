"""Views of the composition lesson: copies against fresh releases, the four ways to count
and the Gaussian case; the client-side composition lab is :mod:`dplab.views.labs.composition`.

Every δ of randomized response shown here is an exact ``Fraction`` from
:mod:`dplab.accounting.composition` (``exact``:
:func:`~dplab.accounting.composition.rr_required_delta`; ``optimal``: Kairouz–Oh–Viswanath;
``advanced``: Dwork–Rothblum–Vadhan, a rational upper bound; ``basic``), each release of the count
channel taken as ``(α*, 0)``-DP with its pure factor ``α* = p/(1 − p)``.  Texts are
:func:`~dplab.views.randomized_response.value_text` of the exact values (``= x`` when exact, else
``≈ x`` to 4 significant digits), and a chart's number is the number its text shows
(:func:`shown_number`), so the page draws what it says.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import cast

import altair as alt
import pandas as pd
from pandas.io.formats.style import Styler

from dplab import finite
from dplab.accounting import composition
from dplab.finite import FiniteChannel, RationalLike
from dplab.views._display import stacked_on_phones
from dplab.views._keys import Key, series_style
from dplab.views._labels import label
from dplab.views._tables import column, fixed_table, live_table, with_tables
from dplab.views._walkthrough import Walkthrough
from dplab.views.numbers import approx_text, shown_value, value_text
from dplab.views.randomized_response import HOLLOW

__all__ = [
    "METHODS",
    "WALK_WIDTH",
    "bound_table",
    "copies_table",
    "gaussian_chart",
    "joined_outputs",
    "loss_walkthrough",
    "method_deltas",
    "method_series",
    "series_legend",
    "shown_number",
]

METHODS = ("exact", "optimal", "advanced", "basic")
"""The four ways to count, in the order every chart and table shows them."""

# The label key of each method and slider, by name: every key written out (none is built at run
# time), so a search for a key finds where it is used.
_METHOD_WORDS = {
    "exact": "comp.method_exact",
    "optimal": "comp.method_optimal",
    "advanced": "comp.method_advanced",
    "basic": "comp.method_basic",
}
WALK_WIDTH = 260  # a step's panel; the page scales it to its column (its SVG has a viewBox)


def shown_number(text: str) -> float:
    """The number a value text shows (``= 0.5``, ``≈ 1.235×10⁻⁷``), as the script reads it.

    The decimal is read once, correctly rounded (as lab.js's ``shownNumber`` reads it).

    >>> shown_number("≈ 1.235×10⁻⁷"), shown_number("= 0.5"), shown_number("1")
    (1.235e-07, 0.5, 1.0)
    """
    return float(shown_value(text))  # Fraction → float rounds correctly


@functools.cache
def method_deltas(n: int, p: str, k: int, factor: str) -> dict[str, Fraction]:
    """The δ of k releases of the count channel at total factor ``A``, counted four ways."""
    comparison = composition.rr_bound_comparison(n, p, k, factor)
    if comparison.exact is None:  # pragma: no cover - the lab's grid is within the limit
        raise ValueError(f"n = {n}, k = {k} is beyond the exact limit")
    return {method: getattr(comparison, method) for method in METHODS}


def method_series(method: str) -> str:
    """The series name of a way to count (:data:`METHODS`) in charts and tables."""
    return label(_METHOD_WORDS[method])


def series_legend() -> alt.Legend:
    """Series names under the plot, two to a row (they do not fit beside it on a phone)."""
    return alt.Legend(orient="bottom", columns=2, title=None)


def bound_table(n: int, p: str, k: int, factors: Sequence[str]) -> Styler:
    """The four δ at each factor, with ``optimal / exact`` (≈): where each bound is loose."""
    rows = []
    for factor in factors:
        deltas = method_deltas(n, p, k, factor)
        row = {"A": factor, "ε = ln A": f"≈ {math.log(Fraction(factor)):.3f}"}
        row |= {method_series(m): value_text(deltas[m]) for m in METHODS}
        exact = deltas["exact"]
        row[label("comp.col_ratio")] = (
            "≈ " + approx_text(deltas["optimal"] / exact, 3) if exact else "–"
        )
        rows.append(row)
    return _table(rows)


def _table(rows: list[dict]) -> Styler:
    """Rows as a table: cells on one line on a wide screen, cards on a phone."""
    styler = pd.DataFrame(rows).style.hide(axis="index")
    styler = styler.set_table_styles([{"selector": "td", "props": "white-space: nowrap;"}])
    return stacked_on_phones(styler)


def copies_table(channel: FiniteChannel, alpha: RationalLike, ks: Sequence[int]) -> Styler:
    """For each k: the exact δ at the total factor ``A = α`` of k copies of one output and of
    k fresh releases, and of k fresh releases at ``A = α^k`` (basic composition's factor).

    Built from :func:`~dplab.accounting.composition.copies_channel` and
    :func:`~dplab.accounting.composition.product_channel` with :func:`dplab.finite.required_delta`
    (every output enumerated), so keep ``|Y|^k`` small.
    """
    alpha = finite.check_alpha(alpha)
    rows = []
    for k in ks:
        fresh = composition.product_channel(channel, k)
        rows.append(
            {
                "k": k,
                label("comp.col_copies"): str(
                    finite.required_delta(composition.copies_channel(channel, k), alpha)
                ),
                label("comp.col_fresh"): str(finite.required_delta(fresh, alpha)),
                label("comp.col_fresh_basic"): str(finite.required_delta(fresh, alpha**k)),
                label("comp.col_outputs"): len(fresh.outputs),
            }
        )
    return _table(rows)


def joined_outputs(channel: FiniteChannel) -> FiniteChannel:
    """``channel`` with each tuple output written as one word (``(1, 0)`` → ``"10"``), so
    that a reader can type an event of a product channel (``{11, 10}``).

    >>> from dplab.mechanisms import randomized_response as rr
    >>> joined_outputs(composition.product_channel(rr.count_channel(1, "3/4"), 2)).outputs
    ('00', '01', '10', '11')
    """
    # the outputs of a product channel are tuples of outputs
    outputs = tuple("".join(map(str, cast(tuple[Hashable, ...], y))) for y in channel.outputs)
    return FiniteChannel(
        channel.inputs, outputs, channel.weights, channel.denominator, channel.adjacent_pairs
    )


# --- the walkthrough: the privacy loss of k releases ---------------------------------------


def loss_rows(p: RationalLike, k: int, total_alpha: RationalLike) -> list[dict]:
    """The law of the privacy loss of k releases of one person's randomized response.

    One report kept with probability ``p > ½`` has loss ``± ln α*`` (``α* = p/(1−p)``) under
    the first input; k fresh reports add k independent losses, so the loss is
    ``(2j − k) ln α*`` with probability ``C(k, j) p^j (1−p)^(k−j)``.  ``share`` is the exact
    contribution ``P(L)(1 − A e^{−L})₊`` to δ at the total factor ``A``.
    """
    p = Fraction(p)
    pure = p / (1 - p)
    target = Fraction(total_alpha)
    rows = []
    for j in range(k + 1):
        mass = math.comb(k, j) * p**j * (1 - p) ** (k - j)
        power = 2 * j - k  # the loss is power · ln α*
        ratio = pure**power  # e^L, exact
        share = mass * (1 - target / ratio) if ratio > target else Fraction(0)
        rows.append(
            {
                "loss": power * math.log(pure),
                "mass": float(mass),
                "mass_text": str(mass),
                "share_text": str(share),
                "share": share,
                "counts": label("comp.walk_counts") if share else label("comp.walk_free"),
            }
        )
    return rows


def loss_walkthrough(p: RationalLike, total_alpha: RationalLike, ks: Sequence[int]) -> Walkthrough:
    """One panel per k: the law of the privacy loss of k releases (n = 1), the line
    ``L = ln A`` and, in colour, the losses above it, whose weighted excess is δ."""
    target = Fraction(total_alpha)
    longest = max(ks) * math.log(Fraction(p) / (1 - Fraction(p)))
    panels = []
    for k in ks:
        rows = loss_rows(p, k, target)
        delta = sum((r["share"] for r in rows), Fraction(0))
        assert delta == composition.rr_required_delta(1, p, target, k)
        data = [{key: r[key] for key in ("loss", "mass", "counts")} for r in rows]
        key = Key(
            (
                (label("comp.walk_counts"), {}),
                (label("comp.walk_free"), {"fillOpacity": HOLLOW, "strokeDash": [2, 2]}),
                (label("comp.walk_line"), {"fillOpacity": 0, "strokeDash": [5, 4]}),
            ),
            outline=True,
            columns=2,
        ).encoding("counts")
        x = alt.X(
            "loss:Q", title=label("comp.loss_axis"), scale=alt.Scale(domain=[-longest, longest])
        )
        bars = (
            alt.Chart(alt.InlineData(values=data, name=f"comp_walk_{k}"))
            .mark_bar(size=7, strokeWidth=1.5)
            .encode(
                x=x,
                y=alt.Y("mass:Q", title=label("comp.mass_axis"), scale=alt.Scale(domain=[0, 1])),
                **key,
                tooltip=[
                    alt.Tooltip("loss:Q", title=label("comp.loss_axis"), format=".3f"),
                    alt.Tooltip("mass:Q", title=label("comp.mass_axis"), format=".4f"),
                ],
            )
        )
        line = (
            alt.Chart(pd.DataFrame([{"loss": math.log(target), "counts": label("comp.walk_line")}]))
            .mark_rule(strokeWidth=2)
            .encode(x="loss:Q", **key)
        )
        chart = alt.layer(bars, line).properties(
            width=WALK_WIDTH,
            height=220,
            title=label("comp.walk_title", k=k, delta=value_text(delta)),
            description=label(
                "comp.desc_walk", k=k, p=str(Fraction(p)), factor=str(target), delta=str(delta)
            ),
        )
        table = fixed_table(
            label("comp.walk_table", k=k),
            [label("comp.loss_axis"), label("comp.mass_axis"), label("comp.walk_share")],
            [[f"{r['loss']:.4f}", r["mass_text"], r["share_text"]] for r in rows],
        )
        panels.append(with_tables(chart, table))
    return Walkthrough(tuple(panels))


# --- Gaussian composition ------------------------------------------------------------------


def gaussian_rows(
    sensitivity: float, sigma: float, ks: Sequence[int], eps_values: Sequence[float]
) -> list[dict]:
    """Rows ``{"k", "eps", "delta", "what"}``: exact and the three bounds for each k, ε."""
    rows = []
    for k in ks:
        for eps in eps_values:
            result = composition.gaussian_bound_comparison(sensitivity, sigma, eps, k)
            for method in METHODS:
                rows.append(
                    {
                        "k": k,
                        "eps": eps,
                        "delta": getattr(result, method),
                        "what": method_series(method),
                    }
                )
    return rows


def gaussian_chart(
    sensitivity: float,
    sigma: float,
    ks: Sequence[int],
    eps_values: Sequence[float],
    initial_k: int,
) -> alt.LayerChart:
    """δ(ε) of k Gaussian releases, exact and bounded, with a selector for k."""
    rows = gaussian_rows(sensitivity, sigma, ks, eps_values)
    k_param = alt.param(
        name="k_releases",
        value=initial_k,
        bind=alt.binding_select(options=list(ks), name=label("comp.k_select") + " "),
    )
    series = [method_series(m) for m in METHODS]
    base = alt.Chart(alt.InlineData(values=rows, name="comp_gauss")).transform_filter(
        "datum.k == k_releases"
    )
    chart = (
        base.mark_line(strokeWidth=2)
        .encode(
            x=alt.X("eps:Q", title=label("comp.eps_axis")),
            y=alt.Y("delta:Q", title=label("comp.delta_axis"), scale=alt.Scale(domain=[0, 1])),
            **series_style("what:N", series, legend=series_legend()),
            tooltip=[
                alt.Tooltip("what:N", title=label("chart.series")),
                alt.Tooltip("eps:Q", title="ε", format=".2f"),
                alt.Tooltip("delta:Q", title="δ", format=".4~g"),
            ],
        )
        .add_params(k_param)
        .properties(
            width="container",
            height=260,
            description=label(
                "comp.desc_gauss", sensitivity=f"{sensitivity:g}", sigma=f"{sigma:g}"
            ),
        )
    )
    table = live_table(
        label("comp.delta_axis"),
        "comp_gauss",
        column("ε", "eps"),
        [column(s, "delta", where={"what": s}) for s in series],
        filter_signal=("k", "k_releases"),
    )
    return with_tables(chart, table)
