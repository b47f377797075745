"""Views of lesson 8 (PrivEMDLinear): the lab comparing d_EM-DP with the user-level baseline,
the crossover chart and the frequency-estimation table.

**The lab.**  :func:`linear_lab` returns an object whose ``_repr_html_`` is the lab: steppers
for ε (per unit of ``d_EM``, :data:`LAB_EPS`), the user-level budget ``ε_user``
(:data:`LAB_USER_EPS`), the diameter of the item space (:data:`LAB_DIAMETERS`), the Lipschitz
constant ``l``, the dimension ``d`` and the number of users ``n``; and, for that state, the
two noise scales, the expected ℓ₂ error of one release in the local and in the central
model for both mechanisms, their ratio, which one is more accurate, the crossover
``ε = ε_user/diam`` and what the trade costs at the farthest pair.  Every value comes from
:mod:`dplab.userlevel.emd_linear` (:meth:`LinearLab.outputs`).

The lab's states are a fixed grid of exact decimals (15,000 states).  The site's script
``dplab/views/labs/linear/lab.js`` computes the same texts with exact ``BigInt`` ratios
(every value is a product and quotient of grid values) in its core, ``linear-lab-core.js``:
``tests/views/labs/test_linear.py`` checks :meth:`LinearLab.outputs` against the formulas at
every state, Node checks the core's texts against :meth:`LinearLab.outputs` at every state
(``tests/js/linear_lab.test.cjs``), and ``tests/browser/test_linear_lab.py`` moves the
sliders through a sample of them.
On start the script compares its texts for the initial state with the ones written here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement, product
from typing import Any, ClassVar

import altair as alt
import numpy as np
import pandas as pd
from pandas.io.formats.style import Styler

from dplab.finite import RationalLike
from dplab.userlevel import emd_linear, frequency, metric
from dplab.views._display import stacked_on_phones
from dplab.views._keys import KEY_LEGEND, keyed, series_style
from dplab.views._labels import label
from dplab.views._tables import fixed_table, with_tables
from dplab.views.labs._shared import LabHtml, LabLinks, check_on_grid, lab_key
from dplab.views.numbers import approx_text, fraction_decimal_text, number_text

__all__ = [
    "LAB_DIAMETERS",
    "LAB_DIMENSIONS",
    "LAB_EPS",
    "LAB_LIPSCHITZ",
    "LAB_USERS",
    "LAB_USER_EPS",
    "LabValues",
    "LinearLab",
    "SensitivityCheck",
    "crossover_chart",
    "error_check_table",
    "frequency_table",
    "lab_states",
    "lab_values",
    "linear_lab",
    "sensitivity_check",
]

LAB_EPS: tuple[str, ...] = ("0.25", "0.5", "0.75", "1", "1.5", "2", "3", "4", "6", "8")
"""ε per unit of d_EM (the paper's α)."""
LAB_USER_EPS: tuple[str, ...] = ("0.25", "0.5", "1", "2", "4")
"""The user-level budget ε_user of the baseline."""
LAB_DIAMETERS: tuple[str, ...] = ("0.5", "1", "2", "4")
"""diam(X), the largest distance between two items."""
LAB_LIPSCHITZ: tuple[str, ...] = ("0.5", "1", "2")
"""The Lipschitz constant l of f."""
LAB_DIMENSIONS: tuple[int, ...] = (1, 2, 3, 5, 10)
"""The dimension d of f's values."""
LAB_USERS: tuple[int, ...] = (1, 10, 100, 1000, 10000)
"""The number n of users in the central model."""

_NAMES = ("eps", "user", "diam", "l", "d", "n")
# The label key of each slider and verdict, by name: every key written out (none is built at run
# time), so a search for a key finds where it is used.
_CONTROL_WORDS = {
    "eps": "linear.lab_eps",
    "user": "linear.lab_user",
    "diam": "linear.lab_diam",
    "l": "linear.lab_l",
    "d": "linear.lab_d",
    "n": "linear.lab_n",
}
_VERDICT_WORDS = {
    "ours": "linear.lab_verdict_ours",
    "base": "linear.lab_verdict_base",
    "tie": "linear.lab_verdict_tie",
}
_GRIDS: dict[str, tuple] = {
    "eps": LAB_EPS,
    "user": LAB_USER_EPS,
    "diam": LAB_DIAMETERS,
    "l": LAB_LIPSCHITZ,
    "d": LAB_DIMENSIONS,
    "n": LAB_USERS,
}


@dataclass(frozen=True)
class LabValues:
    """Everything the lab shows for one state, from :mod:`dplab.userlevel.emd_linear`."""

    scale_ours: Fraction  # l/ε
    scale_base: Fraction  # l·diam/ε_user
    local_ours: Fraction  # d·l/ε
    local_base: Fraction  # d·l·diam/ε_user
    central_ours: Fraction  # d·l/(ε n)
    central_base: Fraction  # d·l·diam/(ε_user n)
    ratio: Fraction  # ε_user/(ε·diam)
    crossover: Fraction  # the ε at which the ratio is 1: ε_user/diam
    radius: Fraction  # the d_EM at which both factors agree: e^{ε r} = e^{ε_user}
    far: Fraction  # ε·diam: the exponent allowed at the farthest pair

    @property
    def winner(self) -> str:
        """``"ours"`` (d_EM-DP more accurate), ``"tie"`` or ``"base"``."""
        return "ours" if self.ratio < 1 else "tie" if self.ratio == 1 else "base"


def lab_values(eps: str, user: str, diam: str, l: str, d: int, n: int) -> LabValues:  # noqa: E741
    """The exact values of one lab state (decimal strings are read exactly)."""
    central: dict[str, Any] = {"model": "central", "users": n}
    budget, user_budget, width = Fraction(eps), Fraction(user), Fraction(diam)
    return LabValues(
        scale_ours=emd_linear.noise_scale(l, eps),
        scale_base=emd_linear.noise_scale(Fraction(l) * width, user),
        local_ours=emd_linear.expected_error(l, eps, d),
        local_base=emd_linear.user_level_expected_error(l, diam, user, d),
        central_ours=emd_linear.expected_error(l, eps, d, **central),
        central_base=emd_linear.user_level_expected_error(l, diam, user, d, **central),
        ratio=emd_linear.error_ratio(eps, user, diam),
        crossover=user_budget / width,
        radius=user_budget / budget,
        far=budget * width,
    )


def lab_states() -> list[dict[str, object]]:
    """Every state the lab's controls can make, as keyword arguments of :func:`linear_lab`."""
    return [dict(zip(_NAMES, values, strict=True)) for values in product(*_GRIDS.values())]


@dataclass(frozen=True)
class LinearLab(LabLinks):
    """One lab on a page; its ``_repr_html_`` is the whole lab (module docstring).

    Its state as a link (:class:`~dplab.views.labs._shared.LabLinks`): ``eps``, ``user``, ``diam``,
    ``l``, ``d`` and ``n``, the arguments of :func:`linear_lab`.

    >>> linear_lab(key="lesson").href(eps="4")
    '#linear-lab-lesson?eps=4&user=1&diam=1&l=1&d=3&n=100'
    """

    prefix: ClassVar[str] = "linear"
    # the state key d is the dimension, which the lessons write k
    symbols: ClassVar[dict[str, str]] = {"eps": "ε", "user": "ε_user", "diam": "diam", "d": "k"}
    eps: str
    user: str
    diam: str
    l: str  # noqa: E741 - the lesson's symbol
    d: int
    n: int
    key: str

    def state(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in _NAMES}

    def values(self) -> LabValues:
        return lab_values(self.eps, self.user, self.diam, self.l, self.d, self.n)

    def params(self) -> dict[str, str]:
        return {name: str(value) for name, value in self.state().items()}

    def with_state(self, **changes: object) -> LinearLab:
        return self.remake(self.state(), changes, linear_lab)

    def data(self) -> dict[str, object]:
        """The inline JSON: the grid of every control."""
        return {"grid": {name: [str(v) for v in grid] for name, grid in _GRIDS.items()}}

    def outputs(self) -> dict[str, str]:
        """The text of every output, keyed by its ``data-show`` name (the script writes the
        same keys from its own arithmetic)."""
        v = self.values()
        texts = self.params()
        texts.update(
            {
                "scales": label(
                    "linear.lab_scales",
                    ours=fraction_decimal_text(v.scale_ours),
                    base=fraction_decimal_text(v.scale_base),
                ),
                "local_ours": label(
                    "linear.lab_local_ours", value=fraction_decimal_text(v.local_ours)
                ),
                "local_base": label(
                    "linear.lab_local_base", value=fraction_decimal_text(v.local_base)
                ),
                "central_ours": label(
                    "linear.lab_central_ours", value=fraction_decimal_text(v.central_ours)
                ),
                "central_base": label(
                    "linear.lab_central_base", value=fraction_decimal_text(v.central_base)
                ),
                "ratio": label("linear.lab_ratio", value=fraction_decimal_text(v.ratio)),
                "verdict": label(_VERDICT_WORDS[v.winner]),
                "crossover": label(
                    "linear.lab_crossover", value=fraction_decimal_text(v.crossover)
                ),
                "radius": label("linear.lab_radius", value=fraction_decimal_text(v.radius)),
                "far": label(
                    "linear.lab_far", far=number_text(v.far), user=number_text(Fraction(self.user))
                ),
            }
        )
        return texts

    def _repr_html_(self) -> str:
        h = LabHtml("linear", self.key, self.outputs())
        verdict = "pass" if self.values().winner == "ours" else "none"

        def slider(name: str) -> str:
            grid = _GRIDS[name]
            return h.slider(
                name,
                _CONTROL_WORDS[name],
                texts=[str(v) for v in grid],
                position=grid.index(getattr(self, name)),
                valuetext=h.texts[name],
            )

        controls = [
            h.group("linear.lab_group_privacy", *(slider(name) for name in _NAMES[:3])),
            h.group("linear.lab_group_query", *(slider(name) for name in _NAMES[3:])),
        ]
        chip = h.chip(
            f'<span class="dplab-lab-chip-item">{h.badge("verdict", verdict)}</span>',
            f'<span class="dplab-lab-chip-item">{h.show("ratio")}</span>',
        )
        outputs = [
            h.panel(
                "compare",
                "linear.lab_compare_heading",
                f"<p>{h.badge('verdict', verdict)} {h.show('ratio')}</p>",
                h.show("crossover", "p"),
                h.show("far", "p"),
                h.show("radius", "p"),
                wide=True,
            ),
            h.panel(
                "local",
                "linear.lab_local_heading",
                h.show("scales", "p", note=True),
                h.show("local_ours", "p"),
                h.show("local_base", "p"),
            ),
            h.panel(
                "central",
                "linear.lab_central_heading",
                h.show("central_ours", "p"),
                h.show("central_base", "p"),
            ),
        ]
        return h.page(
            "linear.lab_title",
            self.data(),
            controls,
            outputs,
            chip=chip,
            error_key="linear.lab_error",
        )


def linear_lab(
    eps: str = "2",
    user: str = "1",
    diam: str = "1",
    l: str = "1",  # noqa: E741
    d: int = 3,
    n: int = 100,
    *,
    key: str | None = None,
) -> LinearLab:
    """The lab, starting at the given state: each value one of its control's grid (decimal
    strings for ``eps``, ``user``, ``diam`` and ``l``; integers for ``d`` and ``n``).

    >>> linear_lab(eps="4").outputs()["ratio"]
    '오차의 비(d_EM-DP ÷ 사용자 수준) = ε_user/(ε·diam) = 1/4 = 0.25'
    """
    state = {"eps": eps, "user": user, "diam": diam, "l": l, "d": d, "n": n}
    for name, value in state.items():
        check_on_grid(name, value, _GRIDS[name])
    return LinearLab(eps, user, diam, l, d, n, lab_key(tuple(state.values()), key))


# --- the lesson's chart and table -----------------------------------------------------------


def crossover_chart(
    epsilons: Sequence[RationalLike],
    user_epsilon: RationalLike,
    diameter: RationalLike,
    lipschitz: RationalLike,
    dimension: int,
    users: int,
) -> alt.LayerChart | alt.FacetChart:
    """The central model's expected error of PrivEMDLinear against ε (log scales) beside
    the user-level baseline at ``ε_user`` (flat in ε), and the crossover ``ε = ε_user/diam``
    marked.  The reader's table lists both errors exactly."""
    central: dict[str, Any] = {"model": "central", "users": users}
    ours_name, base_name = label("linear.series_ours"), label("linear.series_base")
    base = emd_linear.user_level_expected_error(
        lipschitz, diameter, user_epsilon, dimension, **central
    )
    rows, table = [], []
    for eps in epsilons:
        ours = emd_linear.expected_error(lipschitz, eps, dimension, **central)
        rows.append({"eps": float(Fraction(eps)), "error": float(ours), "series": ours_name})
        rows.append({"eps": float(Fraction(eps)), "error": float(base), "series": base_name})
        table.append([number_text(eps), fraction_decimal_text(ours), fraction_decimal_text(base)])
    crossover = Fraction(user_epsilon) / Fraction(diameter)
    x = alt.X("eps:Q", title=label("linear.eps_axis"), scale=alt.Scale(type="log"))
    lines = (
        alt.Chart(alt.InlineData(values=rows, name="linear_crossover"))
        .mark_line(point=True, strokeWidth=2.5)
        .encode(
            x=x,
            y=alt.Y("error:Q", title=label("linear.error_axis"), scale=alt.Scale(type="log")),
            **series_style(  # one entry a row: the names are long for a phone
                "series:N", [ours_name, base_name], alt.Legend(**KEY_LEGEND.to_dict(), columns=1)
            ),
            tooltip=[
                alt.Tooltip("series:N", title=label("chart.series")),
                alt.Tooltip("eps:Q", title="ε"),
                alt.Tooltip("error:Q", title=label("linear.error_axis"), format=".4g"),
            ],
        )
    )
    mark = alt.Chart(
        alt.InlineData(
            values=[{"eps": float(crossover), "what": label("linear.crossover_mark")}],
            name="linear_crossover_mark",
        )
    )
    # Named in the legend: words beside the line ran out of a phone's plot when the
    # crossover lies near its right edge.
    rule = keyed(
        mark.mark_rule(color="#888888", strokeWidth=2).encode(
            x="eps:Q", tooltip=[alt.Tooltip("what:N", title=label("chart.mark"))]
        ),
        "strokeDash",
        label("linear.crossover_mark"),
        [4, 3],
    )
    caption = label("linear.crossover_table", crossover=fraction_decimal_text(crossover))
    description = label(
        "linear.desc_crossover",
        user=number_text(user_epsilon),
        diam=number_text(diameter),
        crossover=fraction_decimal_text(crossover),
        d=dimension,
        l=number_text(lipschitz),
        n=users,
    )
    return with_tables(
        alt.layer(lines, rule).properties(width="container", height=240, description=description),
        fixed_table(caption, ["ε", ours_name, base_name], table),
    )


def frequency_table(k: int, alpha: RationalLike, users: int, sizes: Sequence[int]) -> Styler:
    """Local frequency estimation: k-ary randomized response with factor ``α`` on each of a
    user's m items (all N = n·m reports, :func:`dplab.userlevel.frequency.total_squared_error`,
    exact) against the user-level baseline
    (:func:`dplab.userlevel.frequency.user_level_total_squared_error`) at the same worst-case
    guarantee, for each m in ``sizes``.

    The release of the m reports has the naive pure factor ``α^m`` per unit of d_EM
    (lesson 7; the discrete metric, diameter 1), so it is user-level DP with
    ``ε_user = m·ln α``: the baseline is taken at that ε_user (a double, so its error is
    shown as ≈)."""
    rows = []
    for m in sizes:
        ours = frequency.total_squared_error(k, alpha, users * m)
        user_epsilon = m * math.log(Fraction(alpha))
        baseline = frequency.user_level_total_squared_error(k, user_epsilon, users)
        rows.append(
            {
                "m": m,
                label("linear.col_reports"): f"{users * m:,}",
                label("linear.col_krr"): fraction_decimal_text(ours),
                label("linear.col_naive"): f"{number_text(alpha)}^{m} = {Fraction(alpha) ** m}",
                label("linear.col_user_eps"): f"≈ {approx_text(user_epsilon)}",
                label("linear.col_base"): f"≈ {approx_text(baseline)}",
                label("linear.col_ratio"): f"≈ {approx_text(ours / baseline)}",
            }
        )
    return stacked_on_phones(pd.DataFrame(rows).style.hide(axis="index"))


@dataclass(frozen=True)
class SensitivityCheck:
    """The sensitivity lemma checked on every ordered pair of datasets (exact squares)."""

    pairs: int  # ordered pairs of distinct datasets checked
    violations: int  # pairs with ‖q_f(K) − q_f(K′)‖₂² > (l·d_EM)²
    attained: int  # pairs with equality and d_EM > 0
    example: tuple[tuple, tuple] | None  # the first pair (in order) with equality, if any
    at_zero: int = 0  # distinct pairs with d_EM = 0 ({0} and {0, 0}): both sides 0, equality

    @property
    def equalities(self) -> int:
        """Every pair with equality: at positive distance and at distance 0."""
        return self.attained + self.at_zero


def sensitivity_check(
    locations: Sequence[int],
    sizes: Sequence[int],
    f: Callable[[object], object],
    lipschitz: RationalLike,
) -> SensitivityCheck:
    """Check ``‖q_f(K) − q_f(K′)‖₂ ≤ l·d_EM(K, K′)`` on every ordered pair of multisets of
    the given ``sizes`` over ``locations`` (on a line), comparing squares exactly: ``f`` must
    return exact values (:func:`dplab.userlevel.emd_linear.linear_query`)."""
    slope = Fraction(lipschitz)
    datasets = [
        items for m in sizes for items in combinations_with_replacement(sorted(locations), m)
    ]
    queries: dict[tuple[int, ...], tuple[Fraction | float, ...]] = {
        items: emd_linear.linear_query(items, f) for items in datasets
    }
    pairs = violations = attained = at_zero = 0
    example: tuple[tuple, tuple] | None = None
    for a in datasets:
        for b in datasets:
            if a == b:
                continue
            gap = sum((x - y) ** 2 for x, y in zip(queries[a], queries[b], strict=True))
            bound = (slope * metric.emd(a, b)) ** 2
            pairs += 1
            violations += gap > bound
            if gap == bound > 0:
                attained += 1
                example = example or (a, b)
            elif gap == bound == 0:
                at_zero += 1
    return SensitivityCheck(pairs, violations, attained, example, at_zero)


def error_check_table(
    dimensions: Sequence[int], lipschitz: RationalLike, epsilon: RationalLike, draws: int, seed: int
) -> Styler:
    """The closed forms ``E‖noise‖₂ = d·b`` and ``E‖noise‖₂² = d(d + 1)·b²`` (local model,
    ``b = l/ε``) beside the means of ``draws`` seeded releases of
    :func:`dplab.userlevel.emd_linear.sample` around 0, with the standard error of the first mean
    (``b·√d`` over ``√draws``: a Gamma(d, b)
    radius has variance ``d·b²``)."""
    rows = []
    scale = emd_linear.noise_scale(lipschitz, epsilon)
    for d in dimensions:
        releases = emd_linear.sample([0.0] * d, float(scale), draws, seed=seed + d)
        norms = np.linalg.norm(releases, axis=1)
        mean, squares = float(norms.mean()), float((norms**2).mean())
        expected = emd_linear.expected_error(lipschitz, epsilon, d)
        expected_squares = emd_linear.expected_squared_error(lipschitz, epsilon, d)
        spread = float(scale) * d**0.5 / draws**0.5
        rows.append(
            {
                "k": d,  # the dimension, written k in the lesson (d is a distance there)
                label("linear.col_formula"): fraction_decimal_text(expected),
                label("linear.col_sample_mean"): f"≈ {approx_text(mean)}",
                label("linear.col_z"): f"≈ {approx_text((mean - float(expected)) / spread, 2)}",
                label("linear.col_formula2"): fraction_decimal_text(expected_squares),
                label("linear.col_sample_mean2"): f"≈ {approx_text(squares)}",
            }
        )
    return stacked_on_phones(pd.DataFrame(rows).style.hide(axis="index"))
