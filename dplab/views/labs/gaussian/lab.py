"""The linked lab of lesson 4 (the Gaussian mechanism).

Every value comes from :mod:`dplab.mechanisms.gaussian` and :mod:`dplab.mechanisms.queries`; floats
appear as the heights that charts draw and as approximations printed with the ≈ sign.

**The lab** (:func:`gaussian_lab`) shows three linked figures for one state of its
controls – query kind, ``n``, ``B``, σ, ε and a claimed δ:

(a) the output densities of the worst neighbouring pair, ``N(−Δ/2, σ²)`` and
    ``N(Δ/2, σ²)`` (the pair shifted so that its midpoint is 0), with the worst event, the
    half-line ``y < t = −εσ²/Δ``, shaded and the excess ``p − e^ε q`` over it filled
    (the chart of :mod:`dplab.views.gaussian`, which the lesson's walkthrough draws too);
(b) the certificate panel: sensitivity, required δ, ``log₁₀ δ``, underflow flag, MSE, MAE
    and the verdict on the claim;
(c) the curve ``ε ↦ log₁₀ δ(ε)`` (the x axis is ε itself) with the claim as a line.

A page opened from ``file://`` has no server, so every state the controls can reach is precomputed
here (:func:`lab_grid`): for each distinct sensitivity Δ of the grid, each σ and each ε, the double
:func:`dplab.mechanisms.gaussian.delta` returns (``null`` where it underflows), the double
``log_delta / ln 10`` and, for each claimed δ, the verdict of
:func:`dplab.mechanisms.gaussian.certify` (rigorous ball arithmetic on the exact decimal inputs).
The script's pure core ``dplab/views/labs/gaussian/core.js`` only looks these up and formats
them with the same rules as :func:`~dplab.views.numbers.float_text`, ``log10_text`` and
``tiny_text``; the densities of (a) are the one formula
:func:`~dplab.views.gaussian.density_rows` also uses.
``tests/views/labs/test_gaussian.py`` checks the grid against dplab at every state,
``tests/js/gaussian_lab.test.cjs`` checks the core's texts, verdicts and rows against this module at
every state (in Node), and ``tests/browser/test_gaussian_lab.py`` the page's wiring.
"""

from __future__ import annotations

import functools
import html
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import altair as alt

from dplab.finite import RationalLike
from dplab.mechanisms import gaussian, queries
from dplab.views._display import chart_html, chart_spec
from dplab.views._keys import Key
from dplab.views._labels import label
from dplab.views._tables import column, live_table, with_tables
from dplab.views.gaussian import (
    DATASETS,
    DENSITY_POINTS,
    WINDOW_SIGMAS,
    chart_data,
    density_layers,
    density_rows,
    density_table,
    density_window,
    rich_html,
)
from dplab.views.labs._shared import LabHtml, LabLinks, check_on_grid, chosen_point, lab_key
from dplab.views.numbers import (
    float_text,
    fraction_exact_decimal_text,
    fraction_text,
    log10_text,
    power_of_ten_text,
    tiny_text,
)

__all__ = [
    "BADGE_WORDS",
    "KIND_WORDS",
    "LAB_BOUNDS",
    "LAB_CLAIMS",
    "LAB_EPS",
    "LAB_SIGMAS",
    "LAB_SIZES",
    "PRESETS",
    "QUERY_KINDS",
    "GaussianLab",
    "PanelValues",
    "claim_text",
    "gaussian_lab",
    "lab_grid",
    "lab_query",
    "panel_texts",
    "panel_values",
    "preset_state",
    "profile_rows",
]

QUERY_KINDS: tuple[queries.QueryKind, ...] = ("sum", "mean", "count", "constant")
LAB_SIZES: tuple[int, ...] = (4, 16, 32)
LAB_BOUNDS: tuple[int, ...] = (1, 2, 4)
LAB_SIGMAS: tuple[str, ...] = (
    "0.1",
    "0.2",
    "0.3",
    "0.5",
    "0.7",
    "1",
    "1.5",
    "2",
    "3",
    "5",
    "7",
    "10",
)
LAB_EPS: tuple[str, ...] = (
    *("0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"),
    *("1.25", "1.5", "1.75", "2", "2.5", "3", "3.5", "4", "5", "6", "7", "8", "9", "10"),
)  # finer where δ changes fastest
LAB_CLAIMS: tuple[str, ...] = ("0", "1e-10", "1e-5", "0.126", "0.13", "0.5")

PRESETS: dict[str, tuple[str, int, int, str, str, str]] = {
    "sum": ("sum", 4, 1, "1", "1", "0.13"),
    "mean": ("mean", 4, 1, "1", "1", "0"),
    "underflow": ("mean", 32, 1, "10", "10", "1e-10"),
    "zero": ("sum", 4, 1, "1", "0", "0.5"),
}
"""The lesson's worked examples as lab states ``(kind, n, B, σ, ε, claimed δ)``."""

# The words of each query kind, verdict, preset and control, by name: every label key is
# written out (none is built at run time), so a search for a key finds where it is used.
KIND_WORDS = {
    "sum": "gauss.kind_sum",
    "mean": "gauss.kind_mean",
    "count": "gauss.kind_count",
    "constant": "gauss.kind_constant",
}
_DEFINITION_WORDS = {
    "sum": "gauss.def_sum",
    "mean": "gauss.def_mean",
    "count": "gauss.def_count",
    "constant": "gauss.def_constant",
}
_UNIT_WORDS = {
    "sum": "gauss.unit_sum",
    "mean": "gauss.unit_mean",
    "count": "gauss.unit_count",
    "constant": "gauss.unit_constant",
}
_SQUARED_UNIT_WORDS = {
    "sum": "gauss.unit2_sum",
    "mean": "gauss.unit2_mean",
    "count": "gauss.unit2_count",
    "constant": "gauss.unit2_constant",
}
BADGE_WORDS = {
    "pass": "gauss.badge_pass",
    "fail": "gauss.badge_fail",
    "undecided": "gauss.badge_undecided",
}
_VERDICT_WORDS = {
    "pass": "gauss.verdict_pass",
    "fail": "gauss.verdict_fail",
    "undecided": "gauss.verdict_undecided",
}
_PRESET_WORDS = {
    "sum": "gauss.preset_sum",
    "mean": "gauss.preset_mean",
    "underflow": "gauss.preset_underflow",
    "zero": "gauss.preset_zero",
}
_CONTROL_WORDS = {
    "kind": "gauss.lab_kind",
    "n": "gauss.lab_n",
    "bound": "gauss.lab_bound",
    "sigma": "gauss.lab_sigma",
    "eps": "gauss.lab_eps",
    "claim": "gauss.lab_claim",
}
_LN10 = math.log(10)


def claim_text(claim: str) -> str:
    """A claimed δ as the lab shows it: ``0.13``, ``10⁻⁵``.

    >>> claim_text("1e-10"), claim_text("0.126")
    ('10⁻¹⁰', '0.126')
    """
    if "e" in claim:
        mantissa, exponent = claim.split("e")
        return ("" if mantissa == "1" else f"{mantissa}×") + power_of_ten_text(int(exponent))
    return claim


def _tuple_text(values: Sequence[Fraction]) -> str:
    texts = [fraction_text(v) for v in values]
    if len(texts) > 4:
        texts = [*texts[:2], "…", texts[-1]]
    return "(" + ", ".join(texts) + ")"


# --- the lab's queries and one state's values ---------------------------------------------


def lab_query(kind: queries.QueryKind, n: int, bound: RationalLike) -> queries.BoundedQuery:
    """The lab's query: the count counts records ``≥ B/2``; the constant is 0."""
    if kind == "sum":
        return queries.sum_query(n, bound)
    if kind == "mean":
        return queries.mean_query(n, bound)
    if kind == "count":
        return queries.count_query(n, bound, Fraction(bound) / 2)
    if kind == "constant":
        return queries.constant_query(n, bound, 0)
    raise ValueError(f"kind must be one of {', '.join(QUERY_KINDS)}; got {kind!r}")


@dataclass(frozen=True)
class PanelValues:
    """The certificate panel of one state, straight from :mod:`dplab`.

    ``delta`` is :func:`dplab.mechanisms.gaussian.delta` (``None`` where it underflows, 0.0 for
    Δ = 0), ``log10_delta`` is ``log_delta / ln 10`` (``−inf`` for Δ = 0) and ``verdict``
    is :func:`dplab.mechanisms.gaussian.certify` on the exact decimal inputs.
    """

    kind: queries.QueryKind
    n: int
    bound: int
    sigma: str
    eps: str
    claim: str
    sensitivity: Fraction
    delta: float | None
    log10_delta: float
    verdict: gaussian.Verdict

    @property
    def underflow(self) -> bool:
        return self.delta is None


def _profile_point(sensitivity: Fraction, sigma: str, eps: str) -> tuple[float | None, float]:
    """``(delta or None, log10 delta)`` from dplab's scalar functions."""
    if sensitivity == 0:
        return 0.0, -math.inf
    arguments = (float(sensitivity), float(sigma), float(eps))
    log10_value = gaussian.log_delta(*arguments) / _LN10
    try:
        return gaussian.delta(*arguments), log10_value
    except gaussian.DeltaUnderflowError:
        return None, log10_value


def panel_values(
    kind: queries.QueryKind, n: int, bound: int, sigma: str, eps: str, claim: str
) -> PanelValues:
    """The panel's values for one state, computed directly (no grid lookup)."""
    sensitivity = lab_query(kind, n, bound).sensitivity
    value, log10_value = _profile_point(sensitivity, sigma, eps)
    verdict = gaussian.certify(sensitivity, sigma, eps, claim).verdict
    return PanelValues(kind, n, bound, sigma, eps, claim, sensitivity, value, log10_value, verdict)


def _unit(kind: str, squared: bool = False) -> str:
    return label((_SQUARED_UNIT_WORDS if squared else _UNIT_WORDS)[kind])


@functools.cache
def _pair_text(query: queries.BoundedQuery) -> str:
    pair = query.neighbours()
    return label(
        "gauss.pair_text",
        dataset=_tuple_text(pair.dataset),
        neighbour=_tuple_text(pair.neighbour),
        before=fraction_text(query.evaluate(pair.dataset)),
        after=fraction_text(query.evaluate(pair.neighbour)),
    )


def panel_texts(values: PanelValues) -> dict[str, str]:
    """The text of every panel output, keyed by its ``data-show`` name (the script writes
    the same keys from the lab's data)."""
    kind = values.kind
    query = lab_query(kind, values.n, values.bound)
    sigma = float(values.sigma)
    claim = claim_text(values.claim)
    if values.sensitivity == 0:
        delta = label("gauss.delta_zero")
        log = label("gauss.log_minus_inf")
    elif values.delta is None:
        delta = label("gauss.delta_underflow", value=tiny_text(values.log10_delta))
        log = "≈ " + log10_text(values.log10_delta)
    else:
        delta = "≈ " + float_text(values.delta)
        log = "≈ " + log10_text(values.log10_delta)
    edge = None if values.sensitivity == 0 else -(float(values.eps) * sigma * sigma)
    edge = None if edge is None else edge / float(values.sensitivity)
    return {
        "query": label(KIND_WORDS[kind]) + ": " + label(_DEFINITION_WORDS[kind]),
        "pair": _pair_text(query),
        "sensitivity": fraction_exact_decimal_text(values.sensitivity),
        "delta": delta,
        "log": log,
        "underflow": label("gauss.underflow_yes" if values.underflow else "gauss.underflow_no"),
        "claim": claim,
        "badge": label(BADGE_WORDS[values.verdict]),
        "verdict": label(_VERDICT_WORDS[values.verdict], claim=claim),
        "mse": label(
            "gauss.with_unit", value=float_text(gaussian.mse(sigma)), unit=_unit(kind, True)
        ),
        "mae": label(
            "gauss.with_unit",
            value="≈ " + float_text(gaussian.mean_absolute_error(sigma)),
            unit=_unit(kind),
        ),
        "sigma": values.sigma,
        "eps": values.eps,
        "edge": label("gauss.edge_none")
        if edge is None
        else label("gauss.edge", edge=float_text(edge, 4)),
        "edge-note": _edge_note(values.sensitivity, sigma, edge),
        "profile-note": _profile_note(values.sensitivity, values.claim),
    }


def _edge_note(sensitivity: Fraction, sigma: float, edge: float | None) -> str:
    if edge is None:
        return label("gauss.note_same")
    if edge <= -density_window(float(sensitivity), sigma):
        return label("gauss.note_edge_outside")
    return ""


def _profile_note(sensitivity: Fraction, claim: str) -> str:
    notes = []
    if sensitivity == 0:
        notes.append(label("gauss.note_profile_same"))
    if Fraction(claim) == 0:
        notes.append(label("gauss.note_claim_zero"))
    return " ".join(notes)


def profile_rows(
    sensitivity_index: int, sigma_index: int, eps_index: int, claim_index: int
) -> dict[str, list[dict]]:
    """Rows of the ε–δ chart from the lab's grid, keyed by dataset name.

    ``gauss_profile``: ``{"eps", "log10_delta", "delta", "what"}`` over :data:`LAB_EPS` (none for
    Δ = 0); ``gauss_point``: the current ε; ``gauss_claim``: ``{"log10_delta"}`` of the
    claim (none for a claim of 0, whose logarithm is −∞).
    """
    grid = lab_grid()
    logs = grid["log10"][sensitivity_index]
    rows: list[dict] = []
    point: list[dict] = []
    if logs is not None:
        deltas = grid["delta"][sensitivity_index][sigma_index]
        rows = [
            {"eps": e, "log10_delta": log, "delta": d, "what": label("gauss.profile")}
            for e, log, d in zip(grid["eps_value"], logs[sigma_index], deltas, strict=True)
        ]
        point = [rows[eps_index] | {"what": label("gauss.point")}]
    claim_log = grid["claim_log10"][claim_index]
    claim = (
        [] if claim_log is None else [{"log10_delta": claim_log, "what": label("gauss.claim_line")}]
    )
    return {DATASETS["profile"]: rows, DATASETS["point"]: point, DATASETS["claim"]: claim}


# --- the lab's grid ---------------------------------------------------------------------


@functools.cache
def lab_grid() -> dict[str, Any]:
    """Every value the lab can show, from dplab (see the module docstring).

    ``log10[d][s][e]`` and ``delta[d][s][e]`` for the d-th distinct sensitivity
    (``sens_text``), σ index s and ε index e (``None`` for Δ = 0, whose δ is 0 and whose
    ``log₁₀ δ`` is −∞; ``delta`` is ``None`` where :func:`dplab.mechanisms.gaussian.delta` signals
    underflow); ``verdicts[d][s]`` a string with one character (``p``ass, ``f``ail,
    ``u``ndecided) per ``(e, c)``, claims varying fastest; ``state_sens[kind][i][j]`` the
    sensitivity index of ``(kind, LAB_SIZES[i], LAB_BOUNDS[j])``.
    """
    sensitivities = sorted(
        {
            lab_query(kind, n, bound).sensitivity
            for kind in QUERY_KINDS
            for n in LAB_SIZES
            for bound in LAB_BOUNDS
        }
    )
    index = {value: i for i, value in enumerate(sensitivities)}
    log10: list[list[list[float]] | None] = []
    delta: list[list[list[float | None]] | None] = []
    verdicts: list[list[str]] = []
    exact = {text: Fraction(text) for text in (*LAB_SIGMAS, *LAB_EPS, *LAB_CLAIMS)}
    for sensitivity in sensitivities:
        logs_by_sigma, deltas_by_sigma, verdicts_by_sigma = [], [], []
        for sigma in LAB_SIGMAS:
            points = [_profile_point(sensitivity, sigma, eps) for eps in LAB_EPS]
            logs_by_sigma.append([log for _, log in points])
            deltas_by_sigma.append([value for value, _ in points])
            verdicts_by_sigma.append(
                "".join(
                    gaussian.certify(sensitivity, exact[sigma], exact[eps], exact[claim]).verdict[0]
                    for eps in LAB_EPS
                    for claim in LAB_CLAIMS
                )
            )
        log10.append(None if sensitivity == 0 else logs_by_sigma)
        delta.append(None if sensitivity == 0 else deltas_by_sigma)
        verdicts.append(verdicts_by_sigma)
    return {
        "kinds": list(QUERY_KINDS),
        "sizes": list(LAB_SIZES),
        "bounds": list(LAB_BOUNDS),
        "sigma_text": list(LAB_SIGMAS),
        "sigma_value": [float(s) for s in LAB_SIGMAS],
        "eps_text": list(LAB_EPS),
        "eps_value": [float(e) for e in LAB_EPS],
        "claims": list(LAB_CLAIMS),
        "claim_value": [float(c) for c in LAB_CLAIMS],
        "claim_text": [claim_text(c) for c in LAB_CLAIMS],
        "claim_log10": [None if float(c) == 0 else math.log10(float(c)) for c in LAB_CLAIMS],
        "sens_text": [fraction_exact_decimal_text(s) for s in sensitivities],
        "sens_value": [float(s) for s in sensitivities],
        "state_sens": {
            kind: [
                [index[lab_query(kind, n, b).sensitivity] for b in LAB_BOUNDS] for n in LAB_SIZES
            ]
            for kind in QUERY_KINDS
        },
        "pairs": {
            kind: [[_pair_text(lab_query(kind, n, b)) for b in LAB_BOUNDS] for n in LAB_SIZES]
            for kind in QUERY_KINDS
        },
        "mse": [gaussian.mse(float(s)) for s in LAB_SIGMAS],
        "mae": [gaussian.mean_absolute_error(float(s)) for s in LAB_SIGMAS],
        "window_sigmas": WINDOW_SIGMAS,
        "density_points": DENSITY_POINTS,
        "log10": log10,
        "delta": delta,
        "verdicts": verdicts,
        "datasets": DATASETS,
        "presets": {
            name: {
                "kind": kind,
                "n": LAB_SIZES.index(n),
                "bound": LAB_BOUNDS.index(bound),
                "sigma": LAB_SIGMAS.index(sigma),
                "eps": LAB_EPS.index(eps),
                "claim": LAB_CLAIMS.index(claim),
            }
            for name, (kind, n, bound, sigma, eps, claim) in PRESETS.items()
        },
    }


# --- chart layers -----------------------------------------------------------------------


def _profile_layers(
    sets: dict[str, list[dict]], *, width: int | str, height: int
) -> alt.LayerChart | alt.FacetChart:
    key = Key(
        (
            (label("gauss.profile"), {"shape": "circle"}),
            (label("gauss.claim_line"), {"shape": "stroke", "strokeDash": [6, 3]}),
            (label("gauss.point"), {"shape": "diamond", "strokeDash": [2, 3]}),
        )
    ).encoding("what")
    x = alt.X(
        "eps:Q",
        title=label("gauss.eps_axis"),
        scale=alt.Scale(domain=[0, 10], nice=False),
        axis=alt.Axis(values=list(range(11))),
    )
    y = alt.Y(
        "log10_delta:Q", title=label("gauss.log_axis"), scale=alt.Scale(domainMax=0, zero=False)
    )
    tooltip = [
        alt.Tooltip("eps:Q", format=".2f", title="ε"),
        alt.Tooltip("log10_delta:Q", format=".4f", title=label("gauss.log_axis")),
        alt.Tooltip("delta:Q", format=".6g", title="δ"),
    ]
    line = (
        alt.Chart(chart_data("profile", sets[DATASETS["profile"]]))
        .mark_line(strokeWidth=2.5, point=alt.OverlayMarkDef(size=12))
        .encode(x=x, y=y, **key, tooltip=tooltip)
    )
    claim = (
        alt.Chart(chart_data("claim", sets[DATASETS["claim"]]))
        .mark_rule(strokeWidth=2)
        .encode(y=y, color=key["color"], strokeDash=key["strokeDash"])
    )
    guide = (
        alt.Chart(chart_data("point", sets[DATASETS["point"]]))
        .mark_rule(opacity=0.6)
        .encode(x=x, color=key["color"], strokeDash=key["strokeDash"])
    )
    point = chosen_point(
        chart_data("point", sets[DATASETS["point"]]), x=x, y=y, colour=key["color"], tooltip=tooltip
    ).encode(shape=key["shape"])
    return alt.layer(line, claim, guide, point).properties(width=width, height=height)


# --- the lab ------------------------------------------------------------------------------


@dataclass(frozen=True)
class GaussianLab(LabLinks):
    """One lab on a page; its ``_repr_html_`` is the whole lab (see the module docstring).

    Its state as a link (:class:`~dplab.views.labs._shared.LabLinks`): ``kind``, ``n``, ``bound``,
    ``sigma``, ``eps`` and ``claim``; :meth:`with_state` takes the arguments of
    :func:`gaussian_lab` (the claim as ``delta``).

    >>> gaussian_lab(key="lesson").href(sigma="2", delta="1e-5")
    '#gauss-lab-lesson?kind=sum&n=4&bound=1&sigma=2&eps=1&claim=1e-5'
    """

    prefix: ClassVar[str] = "gauss"
    symbols: ClassVar[dict[str, str]] = {"bound": "B", "sigma": "σ", "eps": "ε", "claim": "δ"}
    kind_words: ClassVar[dict[str, str]] = KIND_WORDS
    kind: queries.QueryKind
    n: int
    bound: int
    sigma: str
    eps: str
    claim: str
    key: str

    @property
    def indices(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "n": LAB_SIZES.index(self.n),
            "bound": LAB_BOUNDS.index(self.bound),
            "sigma": LAB_SIGMAS.index(self.sigma),
            "eps": LAB_EPS.index(self.eps),
            "claim": LAB_CLAIMS.index(self.claim),
        }

    def values(self) -> PanelValues:
        return panel_values(self.kind, self.n, self.bound, self.sigma, self.eps, self.claim)

    def params(self) -> dict[str, str]:
        return {
            "kind": self.kind,
            "n": str(self.n),
            "bound": str(self.bound),
            "sigma": self.sigma,
            "eps": self.eps,
            "claim": self.claim,
        }

    def with_state(self, **changes: object) -> GaussianLab:
        state = {
            "kind": self.kind,
            "n": self.n,
            "bound": self.bound,
            "sigma": self.sigma,
            "eps": self.eps,
            "delta": self.claim,
        }
        return self.remake(state, changes, gaussian_lab)

    def data(self) -> dict[str, object]:
        """The inline JSON: the grid of :func:`lab_grid` and the initial state."""
        return {**lab_grid(), "initial": self.indices}

    def outputs(self) -> dict[str, str]:
        """The text of every output for the initial state (see :func:`panel_texts`)."""
        return panel_texts(self.values())

    def _charts(self) -> dict[str, str]:
        sensitivity = float(self.values().sensitivity)
        density = density_layers(
            density_rows(sensitivity, float(self.sigma), float(self.eps)),
            width="container",
            height=220,
        ).properties(description=label("gauss.lab_desc_density"))
        density = with_tables(density, density_table(label("gauss.density_heading")))
        grid = lab_grid()
        i = self.indices
        d = grid["state_sens"][self.kind][i["n"]][i["bound"]]
        profile = _profile_layers(
            profile_rows(d, i["sigma"], i["eps"], i["claim"]), width="container", height=230
        ).properties(description=label("gauss.lab_desc_profile"))
        profile = with_tables(
            profile,
            live_table(
                label("gauss.profile_heading"),
                DATASETS["profile"],
                column("ε", "eps"),
                [column("δ(ε)", "delta"), column(label("gauss.panel_log"), "log10_delta")],
            ),
        )
        return {
            "density": chart_html(chart_spec(density), column=True),
            "profile": chart_html(chart_spec(profile), column=True),
        }

    def _repr_html_(self) -> str:
        h = LabHtml("gauss", self.key, self.outputs(), markup=rich_html)
        i = h.id
        charts = self._charts()

        def select(name: str, options: Sequence[tuple[str, str]], chosen: str) -> str:
            escaped = [(value, html.escape(text)) for value, text in options]
            return h.select(name, _CONTROL_WORDS[name], escaped, chosen)

        def slider(name: str, grid: tuple[str, ...], chosen: str, symbol: str) -> str:
            return h.slider(
                name,
                _CONTROL_WORDS[name],
                texts=grid,
                position=grid.index(chosen),
                valuetext=f"{symbol} = {html.escape(chosen)}",
            )

        def item(key: str, name: str) -> str:
            return f"<dt>{h.words(name)}</dt><dd>{h.show(key)}</dd>"

        kinds = [(kind, label(KIND_WORDS[kind])) for kind in QUERY_KINDS]
        presets = "".join(
            f'<button type="button" class="md-button dplab-gauss-preset" data-preset="{name}">'
            f"{h.words(_PRESET_WORDS[name])}</button>"
            for name in PRESETS
        )
        controls = [
            h.group(
                "gauss.lab_query_group",
                select("kind", kinds, self.kind),
                select("n", [(str(n), str(n)) for n in LAB_SIZES], str(self.n)),
                select("bound", [(str(b), str(b)) for b in LAB_BOUNDS], str(self.bound)),
            ),
            h.group(
                "gauss.lab_mechanism_group",
                slider("sigma", LAB_SIGMAS, self.sigma, "σ"),
                slider("eps", LAB_EPS, self.eps, "ε"),
                select("claim", [(c, claim_text(c)) for c in LAB_CLAIMS], self.claim),
            ),
            f'<div class="dplab-gauss-presets" role="group" aria-labelledby="{i}-presets">'
            f'<span class="dplab-gauss-presets-label" id="{i}-presets">'
            f"{h.words('gauss.lab_presets')}</span>{presets}</div>",
        ]
        values = "".join(
            [
                item("query", "gauss.panel_query"),
                item("pair", "gauss.panel_pair"),
                item("sensitivity", "gauss.panel_sensitivity"),
                item("delta", "gauss.panel_delta"),
                item("log", "gauss.panel_log"),
                item("underflow", "gauss.panel_underflow"),
                item("claim", "gauss.panel_claim"),
                f"<dt>{h.words('gauss.panel_verdict')}</dt>"
                f"<dd>{h.badge('badge', self.values().verdict)} {h.show('verdict')}</dd>",
                item("mse", "gauss.panel_mse"),
                item("mae", "gauss.panel_mae"),
            ]
        )
        outputs = [
            h.panel(
                "panel",
                "gauss.panel_heading",
                f'<dl class="dplab-gauss-values">{values}</dl>',
                h.note(h.words("gauss.certified_note")),
            ),
            h.panel(
                "density",
                "gauss.density_heading",
                h.chart("density", charts["density"]),
                h.show("edge", "p"),
                h.show("edge-note", "p", note=True),
            ),
            h.panel(
                "profile",
                "gauss.profile_heading",
                h.chart("profile", charts["profile"]),
                h.show("profile-note", "p", note=True),
                wide=True,
            ),
        ]
        chip = h.chip(
            f'<span class="dplab-lab-chip-item">{h.words("gauss.panel_verdict")} '
            f"{h.badge('badge', self.values().verdict)}</span>",
            f'<span class="dplab-lab-chip-item">{h.words("gauss.panel_delta")} '
            f"{h.show('delta')}</span>",
        )
        return h.page("gauss.lab_title", self.data(), controls, outputs, chip=chip)


def preset_state(name: str) -> dict[str, object]:
    """The worked example ``name`` of :data:`PRESETS` as the arguments of
    :func:`gaussian_lab` (for a link to that state).

    >>> preset_state("zero")
    {'kind': 'sum', 'n': 4, 'bound': 1, 'sigma': '1', 'eps': '0', 'delta': '0.5'}
    """
    if name not in PRESETS:
        raise ValueError(f"name must be one of {', '.join(PRESETS)}; got {name!r}")
    return dict(zip(("kind", "n", "bound", "sigma", "eps", "delta"), PRESETS[name], strict=True))


def gaussian_lab(
    kind: queries.QueryKind = "sum",
    n: int = 4,
    bound: int = 1,
    sigma: str = "1",
    eps: str = "1",
    delta: str = "0.13",
    *,
    key: str | None = None,
) -> GaussianLab:
    """The linked lab, starting at the given state (each value must be on the lab's grid:
    :data:`QUERY_KINDS`, :data:`LAB_SIZES`, :data:`LAB_BOUNDS`, :data:`LAB_SIGMAS`,
    :data:`LAB_EPS`, :data:`LAB_CLAIMS`; σ, ε and δ as their decimal strings).

    >>> lab = gaussian_lab()
    >>> lab.outputs()["delta"], lab.outputs()["badge"]
    ('≈ 0.12693674', '✓ 통과')
    """
    for name, value, grid in (
        ("kind", kind, QUERY_KINDS),
        ("n", n, LAB_SIZES),
        ("bound", bound, LAB_BOUNDS),
        ("sigma", sigma, LAB_SIGMAS),
        ("eps", eps, LAB_EPS),
        ("delta", delta, LAB_CLAIMS),
    ):
        check_on_grid(name, value, grid)
    key = lab_key((kind, n, bound, sigma, eps, delta), key)
    return GaussianLab(kind, n, bound, sigma, eps, delta, key)
