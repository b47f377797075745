"""Views of the PrivEMDItemWise lesson: exact pair tables of the shuffled and the ordered
release, the δ(ε) curves of binary randomized response at scale (a selector over m), the
scale plot against the derived bound, and the exact tables of the sampling check (the
(α, δ) statement at each slack, and what stays pure).

The finite tables are exact (:mod:`dplab.userlevel.itemwise`, :mod:`dplab.userlevel.sampling`); the
curves come from :mod:`dplab.userlevel.amplification` in log space and are drawn as ``log₁₀ δ`` (≈),
since δ falls far below what a linear axis can show.  A δ that is 0 for certain, or below the floor
of :data:`dplab.userlevel.amplification.LOG_DELTA_FLOOR`, has no point on a curve.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import altair as alt
import pandas as pd
from pandas.io.formats.style import Styler

from dplab.finite import FiniteChannel, RationalLike
from dplab.userlevel import amplification, itemwise, metric, sampling
from dplab.views._display import stacked_on_phones
from dplab.views._keys import series_style
from dplab.views._labels import label
from dplab.views._tables import column, fixed_table, live_table, with_tables, yes_no
from dplab.views.metric import dataset_text
from dplab.views.numbers import approx_text, number_text

__all__ = [
    "curve_rows",
    "delta_curves_chart",
    "log10_delta",
    "pair_table",
    "pure_sampling_table",
    "sampling_table",
    "scale_chart",
    "scale_rows",
]

_LN10 = math.log(10)
_CELLS = [{"selector": "th, td", "props": [("overflow-wrap", "normal")]}]


def _styled(frame: pd.DataFrame) -> Styler:
    return stacked_on_phones(frame.style.hide(axis="index").set_table_styles(_CELLS))


def _exact_and_approx(value: Fraction | float) -> str:
    """``13/4 (≈ 3.25)``; an integer alone; ``∞`` for an infinite ratio."""
    if value == math.inf:
        return "∞"
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    return f"{exact} (≈ {approx_text(exact)})"


def log10_delta(log_delta: float) -> float | None:
    """``log₁₀ δ`` from ``ln δ``, or ``None`` when no point is drawn (δ = 0 for certain, or
    at or below the floor :data:`dplab.userlevel.amplification.LOG_DELTA_FLOOR`).

    >>> round(log10_delta(math.log(1e-5)), 9), log10_delta(-math.inf)
    (-5.0, None)
    """
    if not log_delta > amplification.LOG_DELTA_FLOOR:
        return None
    return log_delta / _LN10


def pair_table(
    randomizer: FiniteChannel, pairs: Sequence[tuple[Sequence, Sequence]], factor: RationalLike
) -> Styler:
    """For each pair of equal-size datasets: ``d_EM``, the largest ratio ``P/Q`` and the
    smallest δ at ``factor`` (``Σ [P − αQ]₊``), shuffled and ordered, all exact
    (:func:`dplab.userlevel.itemwise.max_ratio`,
    :func:`dplab.userlevel.itemwise.required_delta`)."""
    alpha = Fraction(factor)
    rows = []
    for K, K2 in pairs:
        row = {
            "K": dataset_text(K),
            "K′": dataset_text(K2),
            "d_EM": number_text(Fraction(metric.emd(list(K), list(K2)))),
        }
        for shuffled, ratio_key, delta_key in (
            (True, "item.col_ratio_shuffled", "item.col_delta_shuffled"),
            (False, "item.col_ratio_ordered", "item.col_delta_ordered"),
        ):
            ratio = itemwise.max_ratio(randomizer, K, K2, shuffled=shuffled)
            delta = itemwise.required_delta(randomizer, K, K2, alpha, shuffled=shuffled)
            row[label(ratio_key)] = _exact_and_approx(ratio)
            row[label(delta_key, factor=number_text(alpha))] = _exact_and_approx(delta)
        rows.append(row)
    return _styled(pd.DataFrame(rows))


def _release(shuffled: bool) -> str:
    return label("item.shuffled" if shuffled else "item.ordered")


def curve_rows(
    ms: Sequence[int], flipped: int, epsilon0: float, epsilons: Sequence[float]
) -> list[dict]:
    """``log₁₀ δ(ε)`` (≈) of both releases for each m: m bits, half of them ones, ``flipped``
    ones turned to zeros (:func:`dplab.userlevel.amplification.log_delta_curve`).  Points without a
    drawable δ (:func:`log10_delta`) are left out."""
    rows = []
    for m in ms:
        for shuffled in (True, False):
            curve = amplification.log_delta_curve(
                m, m // 2, flipped, epsilon0, epsilons, shuffled=shuffled
            )
            for epsilon, value in zip(epsilons, curve, strict=True):
                shown = log10_delta(float(value))
                if shown is not None:
                    rows.append(
                        {
                            "m": m,
                            "eps": round(float(epsilon), 6),
                            "log10_delta": round(shown, 4),
                            "what": _release(shuffled),
                        }
                    )
    return rows


def _log_delta_lines(
    data: alt.InlineData,
    x: alt.X,
    x_tooltip: alt.Tooltip,
    series: list[str],
    description: str,
) -> alt.Chart:
    """One line per series (field ``what``) of ``log10_delta`` against ``x``, the series'
    names under the plot (beside it they leave a phone's plot too narrow), one a line and
    whole: the English names are longer than the default label limit and than half a phone."""
    legend = alt.Legend(orient="bottom", title=None, columns=1, labelLimit=0)
    return (
        alt.Chart(data)
        .mark_line(strokeWidth=2, point=alt.OverlayMarkDef(size=14))
        .encode(
            x=x,
            y=alt.Y("log10_delta:Q", title=label("item.log_delta_axis")),
            **series_style("what:N", series, legend=legend),
            tooltip=[
                alt.Tooltip("what:N", title=label("chart.series")),
                x_tooltip,
                alt.Tooltip("log10_delta:Q", title="log₁₀ δ", format=".2f"),
            ],
        )
        .properties(width="container", height=260, description=description)
    )


def delta_curves_chart(
    ms: Sequence[int],
    flipped: int,
    epsilon0: float,
    epsilons: Sequence[float],
    initial_m: int,
) -> alt.Chart:
    """δ(ε) of the shuffled and the ordered release on a ``log₁₀`` axis, with a selector
    over the precomputed ``ms``."""
    if initial_m not in ms:
        raise ValueError(f"initial_m must be one of {list(ms)}; got {initial_m!r}")
    series = [_release(True), _release(False)]
    m_param = alt.param(
        name="items_m",
        value=initial_m,
        bind=alt.binding_select(options=list(ms), name=label("item.m_select") + " "),
    )
    description = label(
        "item.desc_curves",
        flipped=flipped,
        epsilon0=f"{epsilon0:g}",
        ms=", ".join(f"{m:,}" for m in ms),
    )
    data = alt.InlineData(values=curve_rows(ms, flipped, epsilon0, epsilons), name="item_curves")
    chart = (
        _log_delta_lines(
            data,
            alt.X("eps:Q", title=label("item.eps_axis")),
            alt.Tooltip("eps:Q", title="ε", format=".2f"),
            series,
            description,
        )
        .transform_filter("datum.m == items_m")
        .add_params(m_param)
    )
    table = live_table(
        label("item.log_delta_axis"),
        "item_curves",
        column("ε", "eps"),
        [column(name, "log10_delta", where={"what": name}) for name in series],
        filter_signal=("m", "items_m"),
    )
    return with_tables(chart, table)


def scale_rows(ms: Sequence[int], flipped: int, epsilon0: float, epsilon: float) -> list[dict]:
    """For each m: ``log₁₀ δ(ε)`` (≈) of both releases, exact, and of the derived bound
    (:func:`dplab.userlevel.amplification.derived_log_delta`; left out where it proves nothing,
    ``δ ≤ 1``)."""
    rows = []
    for m in ms:
        for shuffled in (True, False):
            value = amplification.log_delta_curve(
                m, m // 2, flipped, epsilon0, [epsilon], shuffled=shuffled
            )[0]
            shown = log10_delta(float(value))
            if shown is not None:
                rows.append({"m": m, "log10_delta": round(shown, 4), "what": _release(shuffled)})
        bound = amplification.derived_log_delta(m, flipped, epsilon0, epsilon)
        if bound < 0:
            rows.append(
                {"m": m, "log10_delta": round(bound / _LN10, 4), "what": label("item.bound")}
            )
    return rows


def scale_chart(ms: Sequence[int], flipped: int, epsilon0: float, epsilon: float) -> alt.Chart:
    """δ at a fixed ε as m grows (log axis), exact for both releases, against the derived
    bound where it says something; the reader's table lists every value (≈)."""
    rows = scale_rows(ms, flipped, epsilon0, epsilon)
    series = [_release(True), _release(False), label("item.bound")]
    chart = _log_delta_lines(
        alt.InlineData(values=rows, name="item_scale"),
        alt.X(
            "m:Q",
            title=label("item.m_axis"),
            scale=alt.Scale(type="log"),
            axis=alt.Axis(format="~s"),
        ),
        alt.Tooltip("m:Q", title="m", format=","),
        series,
        label("item.desc_scale", flipped=flipped, epsilon0=f"{epsilon0:g}", eps=f"{epsilon:g}"),
    )
    by_m: dict[int, dict[str, str]] = {m: {} for m in ms}
    for row in rows:
        by_m[row["m"]][row["what"]] = f"{row['log10_delta']:.2f}"
    table = fixed_table(
        label("item.scale_table"),
        ["m", *series],
        [[f"{m:,}", *(by_m[m].get(s, "—") for s in series)] for m in ms],
    )
    return with_tables(chart, table)


def sampling_table(checks: Sequence[sampling.SamplingCheck]) -> Styler:
    """The exact sampling checks (:func:`dplab.userlevel.sampling.check_sampling_slacks`), one
    row per slack t: ``δ = e^{−2st²}`` (≈), the pairs checked and the pairs violating the
    ``(α^{d_EM + t}, δ)`` statement."""
    rows = []
    for check in checks:
        rows.append(
            {
                "t": number_text(check.t),
                label("item.col_hoeffding"): f"≈ {check.delta:.4f}",
                label("emd.col_pairs"): check.pairs,
                label("item.col_violations"): len(check.violations),
                label("item.col_holds"): yes_no(not check.violations),
            }
        )
    return _styled(pd.DataFrame(rows))


def _short_text(value: Fraction) -> str:
    """An integer exactly, anything else as ``≈`` four significant digits."""
    return str(value.numerator) if value.denominator == 1 else f"≈ {approx_text(value)}"


def _upper_text(value: Fraction, significant: int = 4) -> str:
    """An upper bound: exact if an integer, else rounded up to ``significant`` digits."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"≤ {approx_text(value, significant, bound='upper')}"


def _log(value: Fraction) -> float:
    return math.log(value.numerator) - math.log(value.denominator)  # no float overflow


def _log_ratio_text(value: float) -> str:
    return "∞" if value == math.inf else f"≈ {approx_text(value)}"


def pure_sampling_table(checks: Sequence[sampling.SamplingCheck]) -> Styler:
    """What stays pure after resampling, one row per exact check
    (:func:`dplab.userlevel.sampling.check_sampling`): the largest ``ln(P/Q)/d_EM`` over every pair
    (≈) beside ``ln α`` (the same factor) and the derived exponent ``α(α − 1)`` (rounded
    up), and the pairs violating each of the two pure bounds (decided exactly)."""
    rows = []
    for check in checks:
        rows.append(
            {
                label("item.col_release_factor"): _short_text(check.alpha),
                label("emd.col_pairs"): check.pairs,
                label("item.col_log_factor"): f"≈ {approx_text(_log(check.alpha))}",
                label("item.col_largest_log_ratio"): _log_ratio_text(check.largest_log_ratio),
                label("item.col_pure_bound"): _upper_text(check.pure_bound_exponent),
                label("item.col_same_factor_violations"): check.same_factor_violations,
                label("item.col_pure_bound_violations"): len(check.pure_bound_violations),
            }
        )
    return _styled(pd.DataFrame(rows))
