"""The client-side Laplace lab of lesson 3: controls, inline data, outputs.

:func:`laplace_lab` returns an object whose ``_repr_html_`` is the lab: labelled HTML controls
(query kind, ``n``, ``B``, scale ``b``, ``ε``), the lab's grid as inline JSON (a page opened from
``file://`` cannot fetch files), two ``.dplab-chart`` divs and every output already filled for the
initial state from :mod:`dplab.mechanisms.queries` and :mod:`dplab.mechanisms.laplace`. The site's
script ``dplab/views/labs/laplace/lab.js`` recomputes the outputs whenever a control moves, with
the rules of its core ``laplace-lab-core.js`` (no page: Node loads it).

**The grid.**  ``n`` ∈ :data:`LAB_SIZES`; ``B = k/2`` for ``k = 1..20``; ``b`` ∈
:data:`LAB_SCALES` (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 per decade, 0.001 to 100); ``ε = k/20`` for
``k = 0..100``.  Every value is an exact decimal, so the script does exact rational
arithmetic with ``BigInt``: ``Δ`` (``B``, ``B/n``, 1 or 0), the pure ``ε = Δ/b``, the edge
``t = (Δ − εb)/2`` of the worst event, the calibrated scale ``Δ/ε``, ``2b²`` and the error
as a share of the query's range.

**δ(ε) in the browser.**  :func:`dplab.mechanisms.laplace.delta` is ``−expm1(−s)`` with
``s = (Δ/b − ε)/2`` computed exactly and rounded once to a double.  The script forms the
same ``s`` as a reduced ratio of two integers below ``2⁵³`` on this grid and divides them
(one correctly rounded division: the same double), then takes ``-Math.expm1(-s)``.  The
Node test of the core (``tests/js/golden_laplace_lab.py``) checks, over the whole grid, that
its ``Δ`` and pure ``ε`` equal dplab's exactly and its ``δ(ε)`` equals
:func:`dplab.mechanisms.laplace.delta` to a relative 1e-12, that the texts it shows equal
:meth:`LaplaceLab.outputs` and its chart rows :meth:`LaplaceLab.chart_rows`.

Text rules shared with the script: :func:`~dplab.views.laplace.exact_text`,
:func:`~dplab.views.laplace.number_text`, :func:`~dplab.views.laplace.tuple_text` and
:func:`~dplab.views.randomized_response.approx_text` (δ is shown as its float's exact
value rounded half-up to 4 significant digits).  On start the script compares its own
texts for the initial state with the ones written here and reports any difference.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import altair as alt

from dplab.mechanisms import laplace, queries
from dplab.views._display import chart_html, chart_spec
from dplab.views._keys import Key, keyed, series_style
from dplab.views._labels import label
from dplab.views._tables import column, live_table, with_tables
from dplab.views.labs._shared import LabHtml, LabLinks, chosen_point, exact_number, lab_key
from dplab.views.laplace import (
    DEFINITION_WORDS,
    KIND_WORDS,
    QUERY_KINDS,
    lesson_query,
    profile_tooltip,
    range_width,
    tuple_text,
)
from dplab.views.numbers import approx_text, fraction_decimal_text, number_text

__all__ = [
    "DATASETS",
    "LAB_BOUNDS",
    "LAB_EPS",
    "LAB_SCALES",
    "LAB_SIZES",
    "LaplaceLab",
    "density_rows",
    "event_rows",
    "lab_values",
    "laplace_lab",
    "profile_rows",
]

LAB_SIZES: tuple[int, ...] = (1, 2, 3, 4, 5, 10, 20, 50, 100, 200, 500, 1000)
"""The public numbers of records the lab offers."""

LAB_BOUNDS: tuple[Fraction, ...] = tuple(Fraction(k, 2) for k in range(1, 21))
"""The bounds B = 0.5, 1, …, 10."""

_MANTISSAS = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)
LAB_SCALES: tuple[Fraction, ...] = (
    *(Fraction(m, 10) * Fraction(10) ** e for e in range(-3, 2) for m in _MANTISSAS),
    Fraction(100),
)
"""The scales b: 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 per decade from 0.001, then 100."""

LAB_EPS: tuple[Fraction, ...] = tuple(Fraction(k, 20) for k in range(101))
"""The chosen ε = 0, 0.05, …, 5 (also the x grid of the δ(ε) chart)."""

# The label key of each unit and slider, by name (every key written out).
_UNIT_WORDS = {
    "sum": "laplace.unit_sum",
    "mean": "laplace.unit_mean",
    "count": "laplace.unit_count",
    "constant": "laplace.unit_constant",
}
_SQUARED_UNIT_WORDS = {
    "sum": "laplace.unit2_sum",
    "mean": "laplace.unit2_mean",
    "count": "laplace.unit2_count",
    "constant": "laplace.unit2_constant",
}
_CONTROL_WORDS = {
    "n": "laplace.lab_n",
    "bound": "laplace.lab_bound",
    "scale": "laplace.lab_scale",
    "eps": "laplace.lab_eps",
}

DATASETS = {
    "density": "laplace_lab_density",
    "event": "laplace_lab_event",
    "profile": "laplace_lab_profile",
    "pure": "laplace_lab_pure",
    "point": "laplace_lab_point",
}
"""Names of the datasets the lab script replaces (``view.data(name, rows)``)."""


# --- exact values and rows (the script computes the same) --------------------------------


@dataclass(frozen=True)
class LabValues:
    """Everything the lab shows for one state, from :mod:`dplab`."""

    query: queries.BoundedQuery
    pair: queries.NeighbouringPair
    scale: Fraction
    eps: Fraction
    pure: Fraction  # Δ/b
    delta: float  # δ(ε), dplab.mechanisms.laplace.delta
    edge: Fraction | None  # t = (Δ − εb)/2 when δ > 0
    calibrated: Fraction | None  # Δ/ε, None when Δ > 0 and ε = 0
    mae: Fraction
    mse: Fraction
    width: Fraction  # nB, B, n or 0

    @property
    def sensitivity(self) -> Fraction:
        return self.query.sensitivity


def lab_values(
    kind: queries.QueryKind, n: int, bound: Fraction, scale: Fraction, eps: Fraction
) -> LabValues:
    """The exact values of one lab state (``kind``, ``n``, ``B``, ``b``, ``ε``)."""
    query = lesson_query(kind, n, bound)
    sensitivity = query.sensitivity
    pure = laplace.epsilon(sensitivity, scale)
    delta = laplace.delta(sensitivity, scale, eps)
    edge = (sensitivity - eps * scale) / 2 if eps < pure else None
    if sensitivity == 0:
        calibrated: Fraction | None = Fraction(0)
    else:
        calibrated = laplace.scale_for(sensitivity, eps) if eps > 0 else None
    return LabValues(
        query=query,
        pair=query.neighbours(),
        scale=Fraction(scale),
        eps=Fraction(eps),
        pure=pure,
        delta=delta,
        edge=edge,
        calibrated=calibrated,
        mae=laplace.mean_absolute_error(scale),
        mse=laplace.mse(scale),
        width=range_width(query),
    )


def density_rows(sensitivity: Fraction, scale: Fraction, eps: Fraction) -> list[dict]:
    """Rows ``{"y", "density", "input"}``: both densities of the attaining pair.

    ``f(D) = 0`` and ``f(D′) = Δ``; ``y`` runs over ``[−6b, Δ + 6b]``: 161 even points,
    61 points within ``±6b`` of each centre (narrow peaks keep their shape) and the edge
    ``t`` of the worst event.  The script builds the same points with the same float
    operations.
    """
    d, b = float(sensitivity), float(scale)
    low, high = -6 * b, d + 6 * b
    ys = {low + (high - low) * i / 160 for i in range(161)}
    for centre in (0.0, d):
        ys |= {centre + b * k / 5 for k in range(-30, 31)}
    if eps < sensitivity / scale:
        ys.add(float((sensitivity - eps * scale) / 2))
    rows = []
    for y in sorted(v for v in ys if low <= v <= high):
        for name, centre in ((label("laplace.input"), 0.0), (label("laplace.neighbour"), d)):
            rows.append(
                {"y": y, "density": laplace.density(y, center=centre, scale=b), "input": name}
            )
    return rows


def event_rows(sensitivity: Fraction, scale: Fraction, eps: Fraction) -> list[dict]:
    """Rows ``{"start", "end", "what"}``: the worst event ``y < t`` (none when δ = 0)."""
    if eps >= sensitivity / scale:
        return []
    edge = float((sensitivity - eps * scale) / 2)
    return [{"start": -6 * float(scale), "end": edge, "what": label("laplace.lab_event_mark")}]


def profile_rows(sensitivity: Fraction, scale: Fraction) -> list[dict]:
    """Rows ``{"eps", "delta", "what"}``: ``δ(ε)`` over :data:`LAB_EPS` (and ``Δ/b`` if in it)."""
    pure = laplace.epsilon(sensitivity, scale)
    values = sorted({*LAB_EPS, pure}) if pure <= LAB_EPS[-1] else list(LAB_EPS)
    what = label("laplace.lab_profile_series")
    return [
        {"eps": float(e), "delta": laplace.delta(sensitivity, scale, e), "what": what}
        for e in values
    ]


def _pure_rows(sensitivity: Fraction, scale: Fraction) -> list[dict]:
    pure = laplace.epsilon(sensitivity, scale)
    if pure > LAB_EPS[-1]:
        return []
    return [{"eps": float(pure), "what": label("laplace.lab_pure_series")}]


def _point_rows(values: LabValues) -> list[dict]:
    return [{"eps": float(values.eps), "delta": values.delta, "what": label("laplace.lab_point")}]


# --- the lab -------------------------------------------------------------------------------


@dataclass(frozen=True)
class LaplaceLab(LabLinks):
    """One lab on a page; its ``_repr_html_`` is the whole lab (see the module docstring).

    Its state as a link (:class:`~dplab.views.labs._shared.LabLinks`): ``kind``, ``n``, ``bound``,
    ``scale`` and ``eps``, the arguments of :func:`laplace_lab`.

    >>> laplace_lab(key="lesson").href(kind="mean", n=100)
    '#laplace-lab-lesson?kind=mean&n=100&bound=1&scale=1&eps=0.5'
    """

    prefix: ClassVar[str] = "laplace"
    symbols: ClassVar[dict[str, str]] = {"bound": "B", "scale": "b", "eps": "ε"}
    kind_words: ClassVar[dict[str, str]] = KIND_WORDS
    kind: queries.QueryKind
    n: int
    bound: Fraction
    scale: Fraction
    eps: Fraction
    key: str

    def values(self) -> LabValues:
        return lab_values(self.kind, self.n, self.bound, self.scale, self.eps)

    def params(self) -> dict[str, str]:
        return {
            "kind": self.kind,
            "n": str(self.n),
            "bound": number_text(self.bound),
            "scale": number_text(self.scale),
            "eps": number_text(self.eps),
        }

    def with_state(self, **changes: object) -> LaplaceLab:
        state = {
            "kind": self.kind,
            "n": self.n,
            "bound": self.bound,
            "scale": self.scale,
            "eps": self.eps,
        }
        return self.remake(state, changes, laplace_lab)

    def data(self) -> dict[str, object]:
        """The inline JSON: the grid, the initial state and the dataset names."""
        return {
            "grid": {
                "kinds": list(QUERY_KINDS),
                "sizes": list(LAB_SIZES),
                "bound_halves": [1, 20],
                "scales": [[s.numerator, s.denominator] for s in LAB_SCALES],
                "eps_twentieths": [0, 100],
            },
            "state": {
                "kind": self.kind,
                "n": self.n,
                "bound_halves": int(self.bound * 2),
                "scale": LAB_SCALES.index(self.scale),
                "eps_twentieths": int(self.eps * 20),
            },
            "datasets": DATASETS,
        }

    def outputs(self) -> dict[str, str]:
        """The text of every output, keyed by its ``data-show`` name.

        Computed from :mod:`dplab` here; the script writes the same keys from its own
        arithmetic, and the Node test of its core compares the two over many states.
        """
        v = self.values()
        kind = self.kind
        sensitivity = v.sensitivity
        before = v.query.evaluate(v.pair.dataset)
        after = v.query.evaluate(v.pair.neighbour)
        texts = {
            "n": str(self.n),
            "bound": number_text(self.bound),
            "scale": number_text(self.scale),
            "eps": number_text(self.eps),
            "query": label(
                "laplace.lab_query",
                name=label(KIND_WORDS[kind]),
                definition=label(
                    DEFINITION_WORDS[kind],
                    threshold=number_text(v.query.threshold or 0),
                    constant=number_text(v.query.constant or 0),
                ),
            ),
            "sensitivity": label(
                "laplace.lab_sensitivity", value=fraction_decimal_text(sensitivity)
            ),
            "pair": label(
                "laplace.lab_pair",
                dataset=tuple_text(v.pair.dataset),
                neighbour=tuple_text(v.pair.neighbour),
            ),
            "gap": label("laplace.lab_gap", before=number_text(before), after=number_text(after)),
            "pure": label("laplace.lab_pure", value=fraction_decimal_text(v.pure)),
        }
        if sensitivity == 0:
            texts["delta"] = label("laplace.lab_delta_same")
            texts["event"] = label("laplace.lab_event_none")
        elif v.edge is None:
            texts["delta"] = label("laplace.lab_delta_zero")
            texts["event"] = label("laplace.lab_event_none")
        else:
            texts["delta"] = label("laplace.lab_delta", value=approx_text(v.delta))
            texts["event"] = label("laplace.lab_event", edge=fraction_decimal_text(v.edge))
        if sensitivity == 0:
            texts["calibration"] = label("laplace.lab_calibration_none_needed")
        elif v.calibrated is None:
            texts["calibration"] = label("laplace.lab_calibration_impossible")
        else:
            texts["calibration"] = label(
                "laplace.lab_calibration", value=fraction_decimal_text(v.calibrated)
            )
        texts["mae"] = label(
            "laplace.lab_mae", value=number_text(v.mae), unit=label(_UNIT_WORDS[kind])
        )
        texts["mse"] = label(
            "laplace.lab_mse", value=number_text(v.mse), unit=label(_SQUARED_UNIT_WORDS[kind])
        )
        if v.width:
            texts["relative"] = label(
                "laplace.lab_relative",
                width=number_text(v.width),
                percent=approx_text(100 * v.mae / v.width),
            )
        else:
            texts["relative"] = label("laplace.lab_relative_constant")
        return texts

    def chart_rows(self) -> dict[str, list[dict]]:
        """Every chart's rows, keyed as :data:`DATASETS` (the script computes the same)."""
        v = self.values()
        d, b = v.sensitivity, v.scale
        return {
            "density": density_rows(d, b, v.eps),
            "event": event_rows(d, b, v.eps),
            "profile": profile_rows(d, b),
            "pure": _pure_rows(d, b),
            "point": _point_rows(v),
        }

    def _charts(self) -> dict[str, str]:
        rows = self.chart_rows()
        colour = series_style("input:N", [label("laplace.input"), label("laplace.neighbour")])
        x = alt.X("y:Q", title=label("laplace.output"))
        event = keyed(
            alt.Chart(_data("event", rows["event"]))
            .mark_rect(color="#888888")
            .encode(
                x=alt.X("start:Q", title=label("laplace.output")),
                x2="end:Q",
                tooltip=[alt.Tooltip("what:N", title=label("chart.mark"))],
            ),
            "opacity",
            label("laplace.lab_event_mark"),
            0.2,
        )
        lines = (
            alt.Chart(_data("density", rows["density"]))
            .mark_line(strokeWidth=2)
            .encode(
                x=x,
                y=alt.Y("density:Q", title=label("laplace.density")),
                **colour,
            )
        )
        density = alt.layer(event, lines).properties(
            width="container",
            height=210,
            description=label("laplace.lab_desc_density"),
        )
        key = Key(
            (
                (label("laplace.lab_profile_series"), {"shape": "stroke"}),
                (label("laplace.lab_pure_series"), {"shape": "stroke", "strokeDash": [5, 4]}),
                (label("laplace.lab_point"), {"shape": "diamond"}),
            )
        ).encoding("what")
        lines = {"color": key["color"], "strokeDash": key["strokeDash"]}
        ex = alt.X(
            "eps:Q",
            title=label("laplace.eps_axis"),
            scale=alt.Scale(domain=[0, float(LAB_EPS[-1])], nice=False),
        )
        ey = alt.Y("delta:Q", title=label("laplace.delta_axis"), scale=alt.Scale(domain=[0, 1]))
        curve = (
            alt.Chart(_data("profile", rows["profile"]))
            .mark_line(strokeWidth=2)
            .encode(x=ex, y=ey, **lines, tooltip=profile_tooltip())
        )
        pure = alt.Chart(_data("pure", rows["pure"])).mark_rule(strokeWidth=2).encode(x=ex, **lines)
        point = chosen_point(
            _data("point", rows["point"]),
            x=ex,
            y=ey,
            colour=key["color"],
            tooltip=profile_tooltip(),
        ).encode(shape=key["shape"])
        profile = alt.layer(curve, pure, point).properties(
            width="container",
            height=210,
            description=label("laplace.lab_desc_profile"),
        )
        first, second = label("laplace.input"), label("laplace.neighbour")
        density_table = live_table(
            label("laplace.lab_density_heading"),
            DATASETS["density"],
            column("y", "y"),
            [
                column(label("laplace.table_density", who=w), "density", where={"input": w})
                for w in (first, second)
            ],
        )
        profile_table = live_table(
            label("laplace.lab_profile_heading"),
            DATASETS["profile"],
            column("ε", "eps"),
            [column(label("laplace.lab_profile_series"), "delta")],
        )
        return {
            "density": chart_html(chart_spec(with_tables(density, density_table)), column=True),
            "profile": chart_html(chart_spec(with_tables(profile, profile_table)), column=True),
        }

    def _repr_html_(self) -> str:
        h = LabHtml("laplace", self.key, self.outputs())
        charts = self._charts()

        def slider(name: str, grid: tuple, value: object, low: int = 0) -> str:
            """A slider over ``grid``; its positions start at ``low`` (bound: B in halves)."""
            return h.slider(
                name,
                _CONTROL_WORDS[name],
                texts=[number_text(v) for v in grid],
                position=grid.index(value),
                low=low,
                valuetext=h.texts[name],
            )

        def key(name: str) -> str:
            return f'<p class="dplab-laplace-key">{h.show(name)}</p>'

        controls = [
            h.select(
                "kind",
                "laplace.lab_kind",
                [(kind, h.words(KIND_WORDS[kind])) for kind in QUERY_KINDS],
                self.kind,
            ),
            slider("n", LAB_SIZES, self.n),
            slider("bound", LAB_BOUNDS, self.bound, low=1),
            slider("scale", LAB_SCALES, self.scale),
            slider("eps", LAB_EPS, self.eps),
        ]
        chip = h.chip(
            f'<span class="dplab-lab-chip-item">{h.show("pure")}</span>',
            f'<span class="dplab-lab-chip-item">{h.show("delta")}</span>',
        )
        outputs = [
            h.panel(
                "sensitivity",
                "laplace.lab_sensitivity_heading",
                h.show("query", "p"),
                key("sensitivity"),
                h.show("pair", "p"),
                h.show("gap", "p"),
            ),
            h.panel(
                "privacy",
                "laplace.lab_privacy_heading",
                key("pure"),
                key("delta"),
                h.show("event", "p"),
                h.show("calibration", "p"),
            ),
            h.panel(
                "error",
                "laplace.lab_error_heading",
                h.show("mae", "p"),
                h.show("mse", "p"),
                h.show("relative", "p"),
            ),
            h.panel(
                "density",
                "laplace.lab_density_heading",
                h.chart("density", charts["density"]),
                wide=True,
            ),
            h.panel(
                "profile",
                "laplace.lab_profile_heading",
                h.chart("profile", charts["profile"]),
                wide=True,
            ),
        ]
        return h.page(
            "laplace.lab_title",
            self.data(),
            controls,
            outputs,
            chip=chip,
            error_key="laplace.lab_error",
            form_group=True,
        )


def _data(key: str, rows: list[dict]) -> alt.InlineData:
    return alt.InlineData(values=rows, name=DATASETS[key])


def _on_grid(name: str, value: object, grid: tuple, text: str) -> Fraction:
    exact = exact_number(value)
    if exact is None or exact not in grid:
        raise ValueError(f"{name} must be one of {text}; got {value!r}")
    return exact


def laplace_lab(
    kind: queries.QueryKind = "sum",
    n: int = 4,
    bound: object = 1,
    scale: object = 1,
    eps: object = "0.5",
    *,
    key: str | None = None,
) -> LaplaceLab:
    """The lab, starting at the given state (each value must be reachable by its control).

    ``n`` in :data:`LAB_SIZES`, ``bound`` in 0.5, 1, …, 10, ``scale`` in :data:`LAB_SCALES`,
    ``eps`` in 0, 0.05, …, 5.  ``key`` names the lab's element ids (default: derived from
    the state, so that builds are reproducible).

    >>> lab = laplace_lab("mean", 4, 1, 1, "0.5")
    >>> lab.outputs()["sensitivity"], lab.outputs()["pure"]
    ('민감도 Δ = 1/4 = 0.25', '순수 ε = Δ/b = 1/4 = 0.25')
    """
    if kind not in QUERY_KINDS:
        raise ValueError(f"kind must be one of {', '.join(QUERY_KINDS)}; got {kind!r}")
    if isinstance(n, bool) or n not in LAB_SIZES:
        raise ValueError(f"n must be one of {', '.join(map(str, LAB_SIZES))}; got {n!r}")
    exact_bound = _on_grid("bound", bound, LAB_BOUNDS, "0.5, 1, …, 10")
    exact_scale = _on_grid("scale", scale, LAB_SCALES, "the lab's scales 0.001, 0.0012, …, 100")
    exact_eps = _on_grid("eps", eps, LAB_EPS, "0, 0.05, …, 5")
    key = lab_key((kind, n, exact_bound, exact_scale, exact_eps), key)
    return LaplaceLab(kind, n, exact_bound, exact_scale, exact_eps, key)
