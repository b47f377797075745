"""The client-side inference lab of lesson 6: what an observer may conclude from a release.

:func:`inference_lab` returns an object whose ``_repr_html_`` is the lab.  The reader picks a
mechanism – the randomized-response count channel of lesson 2 (``n`` people, each report kept
with probability ``p``), Laplace noise of scale ``b`` or Gaussian noise of standard deviation
``σ`` on a query of sensitivity 1 – a factor ``α = e^ε``, a prior ``Pr[H]``, the probability
``q = Q(S)`` of the observed event under the other hypothesis and a false-positive rate ``x``.
The lab shows

(a) the guarantee: the smallest δ with which the mechanism satisfies (α, δ)-DP
    (:func:`dplab.finite.required_delta` for RR, exact; :func:`dplab.mechanisms.laplace.delta` and
    :func:`dplab.mechanisms.gaussian.delta` at ``ε = ln α`` as a double for the others);
(b) the likelihood ratios and posterior probabilities of H that this guarantee allows after
    an event of probability ``q`` (:func:`dplab.accounting.inference.posterior_range`), with a chart
    of the posterior against every prior;
(c) the mechanism's trade-off curve (type II error against type I error: exact corners
    :func:`dplab.accounting.inference.tradeoff_vertices` for RR,
    :func:`dplab.accounting.inference.laplace_tradeoff` and
    :func:`dplab.accounting.inference.gaussian_tradeoff` on a grid otherwise) over the region that
    the (α, δ) guarantee rules out (below ``f_{α,δ}``), and the most powerful test's power at ``x``
    next to the most power the guarantee allows (:func:`dplab.accounting.inference.dp_max_power`).

**What the page computes.**  A page from ``file://`` cannot run dplab, so the build puts into the
page everything that depends on the mechanism: δ per (mechanism, α) – a fraction for RR, the double
dplab returns otherwise –, the curve and the power texts.  The script
``dplab/views/labs/inference/lab.js`` (its rules: the core ``inference-lab-core.js``) turns a
double into its exact binary value (the float policy of :mod:`dplab._validation`) and computes the
posterior range and the allowed power in exact ``BigInt`` rationals, from the same formulas
:mod:`dplab.accounting.inference` uses, then shows them with the rounding rules of
:func:`~dplab.views.randomized_response.approx_text` and ``value_text``: every bound rounded outward
(a lower end down, an upper end up), so that the number shown is still a bound.  The likelihood
ratio's upper end ``α + δ/q`` is finite for every ``q > 0``; its lower end is 0 once ``δ ≥ q``, and
the lab then says that the observer may rule H out.  So the texts it shows are those of
:meth:`InferenceLab.outputs` at every state: the Node test of the core
(``tests/js/golden_inference_lab.py``) checks that over the whole grid, and
``tests/views/labs/test_inference.py`` checks the grid against dplab.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

import altair as alt

from dplab import finite
from dplab.accounting import inference
from dplab.mechanisms import gaussian, laplace
from dplab.mechanisms.randomized_response import count_channel
from dplab.views._display import SMALLEST_TEXT, chart_html, chart_spec
from dplab.views._keys import KEY_LEGEND, keyed
from dplab.views._labels import label
from dplab.views._tables import column, live_table, with_tables
from dplab.views.inference import guarantee_layers
from dplab.views.labs._shared import LabHtml, LabLinks, exact_number, lab_key
from dplab.views.numbers import approx_text, value_text

__all__ = [
    "DATASETS",
    "LAB_ALPHAS",
    "LAB_EVENTS",
    "LAB_LEVELS",
    "LAB_PRIORS",
    "LAB_PS",
    "LAB_SCALES",
    "LAB_SENSITIVITY",
    "LAB_SIGMAS",
    "LAB_SIZES",
    "MECHANISMS",
    "InferenceLab",
    "Mechanism",
    "curve_points",
    "inference_lab",
    "lab_grid",
    "mechanism_delta",
    "posterior_rows",
    "region_rows",
]

Mechanism = Literal["rr", "laplace", "gaussian"]
# The chosen prior's words: left of the rule where the prior is below 1/4, else right.
_PRIOR_WORD_SIDES: tuple[tuple[str, Literal["left", "right"]], ...] = (
    ("<", "left"),
    (">=", "right"),
)
MECHANISMS: tuple[Mechanism, ...] = ("rr", "laplace", "gaussian")
# The label key of each mechanism and slider, by name: every key written out (none is built at run
# time), so a search for a key finds where it is used.
_MECHANISM_WORDS = {
    "rr": "inference.mechanism_rr",
    "laplace": "inference.mechanism_laplace",
    "gaussian": "inference.mechanism_gaussian",
}
_CONTROL_WORDS = {
    "n": "inference.lab_n",
    "p": "inference.lab_p",
    "scale": "inference.lab_scale",
    "sigma": "inference.lab_sigma",
    "alpha": "inference.lab_alpha",
    "prior": "inference.lab_prior",
    "event": "inference.lab_event",
    "level": "inference.lab_level",
}
LAB_SIZES: tuple[int, ...] = (1, 2, 3, 4)
LAB_PS: tuple[str, ...] = ("0.55", "0.6", "0.65", "0.7", "0.75", "0.8", "0.85", "0.9")
LAB_SCALES: tuple[str, ...] = ("0.5", "0.75", "1", "1.5", "2", "3", "4")
LAB_SIGMAS: tuple[str, ...] = ("0.5", "0.75", "1", "1.5", "2", "3", "4")
LAB_ALPHAS: tuple[str, ...] = ("1", "1.25", "1.5", "2", "2.5", "3", "4", "5", "6", "8", "10")
LAB_PRIORS: tuple[str, ...] = ("0.01", "0.05", "0.1", "0.2", "0.3", "0.5", "0.7", "0.9", "0.99")
LAB_EVENTS: tuple[str, ...] = ("0.001", "0.01", "0.1", "0.5", "1")
LAB_LEVELS: tuple[str, ...] = ("0.01", "0.05", "0.1", "0.2", "0.3", "0.5")
PROBABILITIES = frozenset({"p", "prior", "event", "level"})
"""The steppers whose values are probabilities (a typed value outside [0, 1] is refused as such)."""
DRIVES: dict[str, tuple[str, ...]] = {
    "prior": ("posterior",),
    "event": ("posterior",),
    "level": ("tradeoff",),
}
"""The chart each stepper changes when not both: the prior and Q(S) only the posterior's
band and rule, x only the trade-off chart's point (the mechanism's steppers and α both)."""
CURVE_LEVELS: tuple[str, ...] = (
    *("0", "0.002", "0.005", "0.01", "0.02", "0.03", "0.05", "0.075", "0.1", "0.15", "0.2"),
    *("0.25", "0.3", "0.35", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"),
)
"""The type I errors at which the Laplace and Gaussian curves are drawn (RR: exact corners)."""

POSTERIOR_POINTS = 99  # priors 0.01, 0.02, …, 0.99 in the posterior chart

DATASETS = {
    "band": "inference_band",
    "current": "inference_current",
    "curve": "inference_curve",
    "region": "inference_region",
    "point": "inference_point",
}
"""Names of the datasets the lab script replaces (``view.data(name, rows)``)."""

LAB_SENSITIVITY = 1
"""The sensitivity Δ of the Laplace and Gaussian queries: μ = Δ/b or Δ/σ."""


@functools.cache
def mechanism_delta(mechanism: Mechanism, setting: tuple, alpha: str) -> Fraction | float:
    """The smallest δ with which the mechanism satisfies (α, δ)-DP.

    RR (``setting = (n, p)``): the exact fraction.  Laplace (``(b,)``) and Gaussian
    (``(σ,)``): the double that dplab returns at ``ε = ln α`` (≈).
    """
    if mechanism == "rr":
        n, p = setting
        return finite.required_delta(count_channel(n, p), alpha)
    eps = math.log(float(Fraction(alpha)))
    if mechanism == "laplace":
        return laplace.delta(LAB_SENSITIVITY, setting[0], eps)
    return float(gaussian.delta(LAB_SENSITIVITY, float(setting[0]), eps))


def curve_points(mechanism: Mechanism, setting: tuple) -> list[tuple[Fraction | float, ...]]:
    """``(type I, type II)`` points of the mechanism's trade-off curve, by increasing type I.

    RR: the exact corners (the curve is the polyline through them).  Laplace: the grid
    :data:`CURVE_LEVELS` with the curve's two kinks ``e^{−μ}/2`` and ``1/2``.  Gaussian: the
    grid.
    """
    if mechanism == "rr":
        return list(inference.tradeoff_vertices(count_channel(*setting)))
    levels = [float(Fraction(x)) for x in CURVE_LEVELS]
    if mechanism == "laplace":
        mu = LAB_SENSITIVITY / float(Fraction(setting[0]))
        levels = sorted({*levels, math.exp(-mu) / 2})
        return [(x, inference.laplace_tradeoff(LAB_SENSITIVITY, setting[0], x)) for x in levels]
    return [(x, inference.gaussian_tradeoff(LAB_SENSITIVITY, float(setting[0]), x)) for x in levels]


def _type_two(mechanism: Mechanism, setting: tuple, level: str) -> Fraction | float:
    """The mechanism's least type II error at type I error ``level``."""
    if mechanism == "rr":
        n, p = setting
        return inference.rr_tradeoff(n, p, level)
    x = float(Fraction(level))
    if mechanism == "laplace":
        return inference.laplace_tradeoff(LAB_SENSITIVITY, setting[0], x)
    return inference.gaussian_tradeoff(LAB_SENSITIVITY, float(setting[0]), x)


def _power(mechanism: Mechanism, setting: tuple, level: str) -> Fraction:
    """The most powerful test's power at ``level``: ``1 − β`` exactly for RR and for the
    Laplace double; the Gaussian power directly (:func:`dplab.accounting.inference.gaussian_power`),
    not as a difference that loses its digits at small x."""
    if mechanism == "gaussian":
        x = float(Fraction(level))
        return Fraction(inference.gaussian_power(LAB_SENSITIVITY, float(setting[0]), x))
    return 1 - Fraction(_type_two(mechanism, setting, level))


def _settings(mechanism: Mechanism) -> list[tuple]:
    if mechanism == "rr":
        return [(n, p) for n in LAB_SIZES for p in LAB_PS]
    return [(s,) for s in (LAB_SCALES if mechanism == "laplace" else LAB_SIGMAS)]


def _pure_text(mechanism: Mechanism, setting: tuple) -> str:
    if mechanism == "rr":
        p = Fraction(setting[1])
        return label("inference.pure_rr", value=value_text(p / (1 - p)).removeprefix("= "))
    if mechanism == "laplace":
        mu = LAB_SENSITIVITY / Fraction(setting[0])
        return label("inference.pure_laplace", mu=approx_text(mu), value=approx_text(math.exp(mu)))
    return label("inference.pure_gaussian", mu=approx_text(LAB_SENSITIVITY / Fraction(setting[0])))


def _json_number(value: Fraction | float) -> str | float:
    """A fraction as ``"p/q"`` (exact), a double as itself (JSON keeps every bit)."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return value


def _drawn(value: Fraction | float) -> float:
    """A chart coordinate: 6 significant digits are all a drawing needs."""
    return float(f"{float(value):.6g}")


@functools.cache
def lab_grid() -> dict[str, Any]:
    """Everything the page needs that depends on the mechanism (module docstring).

    ``mechanisms[m][i]`` for the i-th setting of mechanism ``m`` (RR: ``n`` varies slowest,
    then ``p``): ``delta`` per α, ``curve`` as ``[x, β]`` points, ``power`` texts and
    ``beta`` (type II error) per false-positive rate, and the pure-ε text.
    """
    mechanisms: dict[str, list[dict]] = {}
    for mechanism in MECHANISMS:
        entries = []
        for setting in _settings(mechanism):
            betas = [_type_two(mechanism, setting, x) for x in LAB_LEVELS]
            entries.append(
                {
                    "delta": [
                        _json_number(mechanism_delta(mechanism, setting, a)) for a in LAB_ALPHAS
                    ],
                    "curve": [[_drawn(x), _drawn(y)] for x, y in curve_points(mechanism, setting)],
                    "beta": [_drawn(b) for b in betas],
                    "power": [
                        _power_text(mechanism, _power(mechanism, setting, x)) for x in LAB_LEVELS
                    ],
                    "pure": _pure_text(mechanism, setting),
                }
            )
        mechanisms[mechanism] = entries
    return {
        "mechanisms": mechanisms,
        "sizes": list(LAB_SIZES),
        "ps": list(LAB_PS),
        "scales": list(LAB_SCALES),
        "sigmas": list(LAB_SIGMAS),
        "alphas": list(LAB_ALPHAS),
        "eps": [approx_text(math.log(float(Fraction(a)))) for a in LAB_ALPHAS],
        "priors": list(LAB_PRIORS),
        "events": list(LAB_EVENTS),
        "levels": list(LAB_LEVELS),
        "posterior_points": POSTERIOR_POINTS,
        "datasets": DATASETS,
    }


def _power_text(mechanism: Mechanism, power: Fraction) -> str:
    """The power (exact for RR, ≈ from a double otherwise)."""
    if mechanism == "rr":
        return value_text(power)
    return "≈ " + approx_text(power)


# --- rows of the charts (the script computes the same) -----------------------------------


def _posterior(prior: float, ratio: float) -> float:
    """``πr/(πr + 1 − π)`` in doubles: a chart height."""
    top = prior * ratio
    return top / (top + (1 - prior))


def _ratio_range(alpha: float, delta: float, q: float) -> tuple[float, float]:
    """:func:`dplab.accounting.inference.likelihood_ratio_range` in doubles, for drawing."""
    return max(0.0, (1 - delta / q) / alpha), alpha + delta / q


def posterior_rows(alpha: float, delta: float, q: float, prior: float) -> dict[str, list[dict]]:
    """Rows of the posterior chart: the band over priors 0.01…0.99 and the chosen prior."""
    low_ratio, high_ratio = _ratio_range(alpha, delta, q)
    band = []
    for k in range(1, POSTERIOR_POINTS + 1):
        pi = k / (POSTERIOR_POINTS + 1)
        band.append(
            {
                "prior": pi,
                "low": _posterior(pi, low_ratio),
                "high": _posterior(pi, high_ratio),
            }
        )
    current = [
        {
            "prior": prior,
            "low": _posterior(prior, low_ratio),
            "high": _posterior(prior, high_ratio),
        }
    ]
    return {DATASETS["band"]: band, DATASETS["current"]: current}


def region_rows(alpha: float, delta: float) -> list[dict]:
    """The corners of ``f_{α,δ}`` (:func:`dplab.accounting.inference.dp_tradeoff`): below it is the
    region no test can reach under the guarantee."""
    knee = (1 - delta) / (1 + alpha)
    points = [(0.0, 1 - delta), (knee, knee), (1 - delta, 0.0), (1.0, 0.0)]
    return [{"x": x, "beta": y} for x, y in points]


# --- the lab -------------------------------------------------------------------------------


@dataclass(frozen=True)
class InferenceLab(LabLinks):
    """One lab on a page; its ``_repr_html_`` is the whole lab (see the module docstring).

    Its state as a link: the arguments of :func:`inference_lab`.

    >>> inference_lab(key="lesson").href(mechanism="gaussian")
    '#inference-lab-lesson?mechanism=gaussian&n=1&p=0.75&scale=1&sigma=1&alpha=3&prior=0.5&event=1&level=0.1'
    """

    prefix: ClassVar[str] = "inference"
    symbols: ClassVar[dict[str, str]] = {
        "scale": "b",
        "sigma": "σ",
        "alpha": "α",
        "prior": "Pr[H]",
        "event": "Q(S)",
        "level": "x",
    }
    mechanism: Mechanism
    n: int
    p: str
    scale: str
    sigma: str
    alpha: str
    prior: str
    event: str
    level: str
    key: str

    def state_text(self, name: str, value: str) -> str:
        if name == "mechanism":
            return label(_MECHANISM_WORDS[value])
        return super().state_text(name, value)

    def params(self) -> dict[str, str]:
        return {
            "mechanism": self.mechanism,
            "n": str(self.n),
            "p": self.p,
            "scale": self.scale,
            "sigma": self.sigma,
            "alpha": self.alpha,
            "prior": self.prior,
            "event": self.event,
            "level": self.level,
        }

    def with_state(self, **changes: object) -> InferenceLab:
        state = {k: v for k, v in self.params().items() if k != "n"} | {"n": self.n}
        return self.remake(state, changes, inference_lab)

    def setting(self) -> tuple:
        if self.mechanism == "rr":
            return (self.n, self.p)
        return (self.scale if self.mechanism == "laplace" else self.sigma,)

    def _entry(self) -> dict:
        index = _settings(self.mechanism).index(self.setting())
        return lab_grid()["mechanisms"][self.mechanism][index]

    def delta(self) -> Fraction | float:
        return mechanism_delta(self.mechanism, self.setting(), self.alpha)

    def outputs(self) -> dict[str, str]:
        """The text of every output, keyed by its ``data-show`` name, from :mod:`dplab`
        (the script writes the same keys from its own exact arithmetic)."""
        delta = self.delta()
        exact_delta = Fraction(delta)
        alpha, prior, q = Fraction(self.alpha), Fraction(self.prior), Fraction(self.event)
        result = inference.posterior_range(prior, alpha, exact_delta, q)
        if isinstance(delta, Fraction) or delta == 0:
            delta_value = value_text(exact_delta)
        else:
            delta_value = "≈ " + approx_text(exact_delta)
        level_index = LAB_LEVELS.index(self.level)
        grid = lab_grid()
        bounded = not result.may_rule_out
        sliders = {k: v for k, v in self.params().items() if k != "mechanism"}
        return sliders | {
            "eps": label("inference.eps", value=grid["eps"][LAB_ALPHAS.index(self.alpha)]),
            "pure": self._entry()["pure"],
            "delta": label("inference.delta", value=delta_value),
            "ratio": label(
                "inference.ratio",
                low=approx_text(result.ratio_low, bound="lower"),
                high=approx_text(result.ratio_high, bound="upper"),
            ),
            "posterior": label(
                "inference.posterior",
                low=approx_text(result.low, bound="lower"),
                high=approx_text(result.high, bound="upper"),
            ),
            "badge": label("inference.badge_bounded" if bounded else "inference.badge_rule_out"),
            "reading": label(
                ("inference.reading_pure" if exact_delta == 0 else "inference.reading_delta")
                if bounded
                else "inference.reading_rule_out"
            ),
            "power": label("inference.power", value=self._entry()["power"][level_index]),
            "bound": label(
                "inference.bound",
                value=value_text(
                    inference.dp_max_power(alpha, exact_delta, self.level), bound="upper"
                ),
            ),
        }

    def _bounded(self) -> bool:
        """Whether the guarantee keeps the observed event's likelihood ratio above 0 (δ < q):
        otherwise the observer may rule H out."""
        return Fraction(self.delta()) < Fraction(self.event)

    def data(self) -> dict[str, object]:
        """The inline JSON: the grid of :func:`lab_grid` and the state the build wrote
        (grid indices), against which the script checks its own texts when it starts."""
        return {
            "grid": lab_grid(),
            "built": {
                "mechanism": self.mechanism,
                "n": LAB_SIZES.index(self.n),
                "p": LAB_PS.index(self.p),
                "scale": LAB_SCALES.index(self.scale),
                "sigma": LAB_SIGMAS.index(self.sigma),
                "alpha": LAB_ALPHAS.index(self.alpha),
                "prior": LAB_PRIORS.index(self.prior),
                "event": LAB_EVENTS.index(self.event),
                "level": LAB_LEVELS.index(self.level),
            },
        }

    def chart_rows(self) -> dict[str, dict[str, list[dict]]]:
        """Every chart's rows, by chart and dataset name (the script computes the same)."""
        alpha, delta = float(Fraction(self.alpha)), float(self.delta())
        entry = self._entry()
        level = LAB_LEVELS.index(self.level)
        what = label(_MECHANISM_WORDS[self.mechanism])
        return {
            "posterior": posterior_rows(
                alpha, delta, float(Fraction(self.event)), float(Fraction(self.prior))
            ),
            "tradeoff": {
                DATASETS["curve"]: [{"x": x, "beta": y, "what": what} for x, y in entry["curve"]],
                DATASETS["region"]: region_rows(alpha, delta),
                DATASETS["point"]: [
                    {"x": float(Fraction(self.level)), "beta": entry["beta"][level], "what": what}
                ],
            },
        }

    def _charts(self) -> dict[str, str]:
        rows = self.chart_rows()

        def data(key: str, part: str) -> alt.InlineData:
            return alt.InlineData(values=rows[part][DATASETS[key]], name=DATASETS[key])

        prior_axis = alt.X(
            "prior:Q", title=label("inference.prior_axis"), scale=alt.Scale(domain=[0, 1])
        )
        posterior_axis = alt.Y(
            "low:Q", title=label("inference.posterior_axis"), scale=alt.Scale(domain=[0, 1])
        )
        band = keyed(
            alt.Chart(data("band", "posterior"))
            .mark_area()
            .encode(x=prior_axis, y=posterior_axis, y2="high:Q"),
            "opacity",
            label("inference.key_allowed"),
            0.3,
        )
        edges = [
            keyed(
                alt.Chart(data("band", "posterior"))
                .mark_line(strokeWidth=2)
                .encode(
                    x=prior_axis, y=alt.Y(f"{edge}:Q", title=label("inference.posterior_axis"))
                ),
                "color",
                label("inference.key_edges"),
            )
            for edge in ("low", "high")
        ]
        unchanged = alt.InlineData(values=[{"prior": 0, "low": 0}, {"prior": 1, "low": 1}])
        diagonal = (
            alt.Chart(unchanged)
            .mark_line(strokeDash=[4, 4], strokeWidth=1, color="#888888")
            .encode(x=prior_axis, y=posterior_axis)
        )
        diagonal_words = (  # the diagonal's own words at its top end
            alt.Chart(unchanged)
            .transform_filter("datum.prior == 1")
            .mark_text(align="right", baseline="top", dx=-4, dy=36, fontSize=SMALLEST_TEXT)
            .encode(
                x=prior_axis, y=posterior_axis, text=alt.value(label("inference.key_unchanged"))
            )
        )
        current = (
            alt.Chart(data("current", "posterior"))
            .mark_rule(strokeWidth=4, color="#d62728")
            .encode(x=prior_axis, y=posterior_axis, y2="high:Q")
        )
        # The chosen prior's rule, named above its top, to its left (the band's upper edge is
        # lower there) unless the rule is near the left end: one text layer for each side.
        current_words = [
            alt.Chart(data("current", "posterior"))
            .transform_filter(f"datum.prior {test} 0.25")
            .mark_text(
                align=align,
                baseline="bottom",
                dx=4 if align == "left" else -4,
                dy=-4,
                fontSize=SMALLEST_TEXT,
                fontWeight="bold",
                color="#d62728",
            )
            .encode(x=prior_axis, y="high:Q", text=alt.value(label("inference.key_prior")))
            for test, align in _PRIOR_WORD_SIDES
        ]
        posterior = alt.layer(
            band, *edges, diagonal, diagonal_words, current, *current_words
        ).properties(height=230, description=label("inference.desc_posterior"))
        x_axis = alt.X("x:Q", title=label("inference.type_one"), scale=alt.Scale(domain=[0, 1]))
        y_axis = alt.Y("beta:Q", title=label("inference.type_two"), scale=alt.Scale(domain=[0, 1]))
        region, boundary = guarantee_layers(data("region", "tradeoff"), x_axis, y_axis)
        curve = (
            alt.Chart(data("curve", "tradeoff"))
            .mark_line(strokeWidth=2)
            .encode(x=x_axis, y=y_axis, color=alt.Color("what:N", title=None, legend=KEY_LEGEND))
        )
        point = keyed(
            alt.Chart(data("point", "tradeoff"))
            .mark_point(size=150, filled=True, opacity=1)
            .encode(x=x_axis, y=y_axis),
            "shape",
            label("inference.key_best"),
            "diamond",
        )
        tradeoff = alt.layer(region, boundary, curve, point).properties(
            height=260, description=label("inference.desc_tradeoff")
        )
        band_table = live_table(
            label("inference.posterior_heading"),
            DATASETS["band"],
            column(label("inference.prior_axis"), "prior"),
            [
                column(label("inference.col_low"), "low"),
                column(label("inference.col_high"), "high"),
            ],
        )
        curve_table = live_table(
            label("inference.tradeoff_heading"),
            DATASETS["curve"],
            column(label("inference.type_one"), "x"),
            [column(label("inference.type_two"), "beta")],
        )
        region_table = live_table(
            label("inference.region_caption"),
            DATASETS["region"],
            column(label("inference.type_one"), "x"),
            [column(label("inference.type_two"), "beta")],
        )
        return {
            "posterior": chart_html(chart_spec(with_tables(posterior, band_table)), column=True),
            "tradeoff": chart_html(
                chart_spec(with_tables(tradeoff, curve_table, region_table)), column=True
            ),
        }

    def _repr_html_(self) -> str:
        h = LabHtml("inference", self.key, self.outputs())

        def slider(name: str, grid: tuple, value: object) -> str:
            return h.slider(
                name,
                _CONTROL_WORDS[name],
                texts=[str(v) for v in grid],
                position=grid.index(value),
                valuetext=f"{self.symbols.get(name, name)} = {value}",
                probability=name in PROBABILITIES,
                drives=DRIVES.get(name, ()),
            )

        def only_for(mechanism: str, *fields: str) -> str:
            hidden = "" if mechanism == self.mechanism else " hidden"
            return (
                f'<div class="dplab-inference-only" data-mechanism="{mechanism}"{hidden}>'
                f"{''.join(fields)}</div>"
            )

        controls = [
            h.group(
                "inference.group_mechanism",
                h.select(
                    "mechanism",
                    "inference.lab_mechanism",
                    [(m, h.words(_MECHANISM_WORDS[m])) for m in MECHANISMS],
                    self.mechanism,
                ),
                only_for("rr", slider("n", LAB_SIZES, self.n), slider("p", LAB_PS, self.p)),
                only_for("laplace", slider("scale", LAB_SCALES, self.scale)),
                only_for("gaussian", slider("sigma", LAB_SIGMAS, self.sigma)),
                slider("alpha", LAB_ALPHAS, self.alpha),
            ),
            h.group(
                "inference.group_observer",
                slider("prior", LAB_PRIORS, self.prior),
                slider("event", LAB_EVENTS, self.event),
            ),
            h.group("inference.group_test", slider("level", LAB_LEVELS, self.level)),
        ]
        chip = h.chip(
            h.badge("badge", "pass" if self._bounded() else "fail"),
            f'<span class="dplab-lab-chip-item">{h.show("posterior")}</span>',
            f'<span class="dplab-lab-chip-item">{h.show("power")}</span>',
        )
        charts = self._charts()
        outputs = [
            h.panel(
                "guarantee",
                "inference.guarantee_heading",
                h.show("pure", "p"),
                h.show("eps", "p"),
                h.show("delta", "p"),
            ),
            h.panel(
                "observer",
                "inference.observer_heading",
                h.show("ratio", "p"),
                h.show("posterior", "p"),
                h.show("reading", "p", note=True),
            ),
            h.panel(
                "posterior",
                "inference.posterior_heading",
                h.chart("posterior", charts["posterior"]),
                wide=True,
            ),
            h.panel(
                "tradeoff",
                "inference.tradeoff_heading",
                h.show("power", "p"),
                h.show("bound", "p"),
                h.chart("tradeoff", charts["tradeoff"]),
                wide=True,
            ),
        ]
        return h.page(
            "inference.lab_title",
            self.data(),
            controls,
            outputs,
            chip=chip,
            error_key="inference.lab_error",
        )


def _on_grid(name: str, value: object, grid: tuple[str, ...]) -> str:
    """The grid text equal to ``value`` (compared exactly), or a clear error."""
    exact = exact_number(value)
    for text in grid:
        if exact is not None and Fraction(text) == exact:
            return text
    raise ValueError(f"{name} must be one of {', '.join(grid)}; got {value!r}")


def inference_lab(
    mechanism: Mechanism = "rr",
    n: int = 1,
    p: object = "0.75",
    scale: object = 1,
    sigma: object = 1,
    alpha: object = 3,
    prior: object = "0.5",
    event: object = 1,
    level: object = "0.1",
    *,
    key: str | None = None,
) -> InferenceLab:
    """The lab, starting at the given state (each value must be on its control's grid).

    >>> lab = inference_lab("rr", 1, "0.75", alpha=3, prior="0.5")
    >>> lab.outputs()["posterior"]
    '사후 확률 Pr[H | S] ∈ [0.25, 0.75]'
    """
    if mechanism not in MECHANISMS:
        raise ValueError(f"mechanism must be one of {', '.join(MECHANISMS)}; got {mechanism!r}")
    if isinstance(n, bool) or n not in LAB_SIZES:
        raise ValueError(f"n must be one of {', '.join(map(str, LAB_SIZES))}; got {n!r}")
    state = (
        mechanism,
        n,
        _on_grid("p", p, LAB_PS),
        _on_grid("scale", scale, LAB_SCALES),
        _on_grid("sigma", sigma, LAB_SIGMAS),
        _on_grid("alpha", alpha, LAB_ALPHAS),
        _on_grid("prior", prior, LAB_PRIORS),
        _on_grid("event", event, LAB_EVENTS),
        _on_grid("level", level, LAB_LEVELS),
    )
    return InferenceLab(*state, key=lab_key(state, key))
