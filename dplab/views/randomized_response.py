"""Charts and tables for the randomized-response count channel (lesson 2).

Every number comes from :mod:`dplab.mechanisms.randomized_response`, exactly; floats appear only as
the heights that charts draw and as approximations printed next to exact values.

Charts that the client-side lab (:mod:`dplab.views.labs.rr`, ``rr-lab.js``) redraws read
*named* datasets, listed in :data:`DATASETS`; the lab replaces their rows with rows of the
same shape (documented at each ``*_rows`` function), so a chart looks the same whether it
was drawn from the build's rows or from the lab's.

Numbers are written by the rules of :mod:`dplab.views.numbers` (``lab.js`` repeats them);
the lab's own texts here are :func:`event_text` and :func:`pair_text` – ``{0, 1, 2}``
(``∅`` when empty) and ``0→1``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction

import altair as alt
import pandas as pd
from pandas.io.formats.style import Styler

from dplab.finite import Certificate, RationalLike, check_alpha, check_delta
from dplab.mechanisms import randomized_response as rr
from dplab.mechanisms.rr_lab_grid import LAB_GRID
from dplab.views._display import SMALLEST_TEXT, stacked_on_phones
from dplab.views._keys import KEY_LEGEND, Key
from dplab.views._labels import label
from dplab.views._tables import column, fixed_table, live_table, with_tables, yes_no
from dplab.views._walkthrough import Walkthrough
from dplab.views.labs._shared import chosen_point
from dplab.views.numbers import approx_text, compared_texts

__all__ = [
    "ALPHA_GRID",
    "DATASETS",
    "aggregation_chart",
    "aggregation_frame",
    "aggregation_table",
    "certificate_table",
    "claim_rows",
    "count_law_table",
    "distribution_layers",
    "distribution_rows",
    "distribution_table",
    "event_rows",
    "event_tex",
    "event_text",
    "pair_deltas_chart",
    "pair_distributions_chart",
    "pair_layers",
    "pair_rows",
    "pair_text",
    "pairs_table",
    "privacy_profile_chart",
    "profile_chord_gap",
    "profile_layers",
    "profile_point_rows",
    "profile_rows",
    "profile_table",
    "walkthrough_chart",
]

ALPHA_GRID: tuple[Fraction, ...] = tuple(Fraction(t, 10) for t in LAB_GRID.alpha_tenths)
"""The claimed factors the lesson and the lab use: α = 1.0, 1.1, …, 10.0."""

DATASETS = {
    "distributions": "rr_dist",
    "event": "rr_event",
    "pairs": "rr_pairs",
    "claim": "rr_claim",
    "profile": "rr_profile",
    "point": "rr_point",
}
"""Names of the datasets the lab script replaces (``view.data(name, rows)``)."""

CHOSEN_COLOUR = "#ab47bc"  # the lab's chosen pair: apart from the claim's orange, both palettes
GREY = "#8a8f98"  # a legend symbol without a colour of its own, legible on both themes
HOLLOW = 0.15  # the fill of a bar told apart from a filled one by its outline
WIDTH = 320  # fits a phone; the lab's charts stretch to their container instead
PANEL_HEIGHT = 170  # a walkthrough step's bars
WALK_WIDTH = 260  # a step's panel; the page scales it to its column (its SVG has a viewBox)


# --- display text -----------------------------------------------------------------------


def event_text(outputs: Iterable[Hashable]) -> str:
    """``{0, 1, 2}``; ``∅`` for the empty event.

    >>> event_text((0, 1)), event_text(())
    ('{0, 1}', '∅')
    """
    outputs = tuple(outputs)
    return "{" + ", ".join(str(y) for y in outputs) + "}" if outputs else "∅"


def event_tex(outputs: Iterable[int]) -> str:
    """The event in TeX: ``\\{0, 1, 2\\}``; ``\\varnothing`` when empty.

    >>> print(event_tex((0, 1)), event_tex(()))
    \\{0, 1\\} \\varnothing
    """
    outputs = tuple(outputs)
    return r"\{" + ", ".join(str(y) for y in outputs) + r"\}" if outputs else r"\varnothing"


def pair_text(source: Hashable, target: Hashable) -> str:
    """``0→1``."""
    return f"{source}→{target}"


# --- rows (the shapes the lab script also produces) -------------------------------------


def distribution_rows(n: int, p: RationalLike, source: int, target: int, outputs: Iterable[int]):
    """Rows of the ``rr_dist`` dataset: both output laws of the ordered pair.

    One row per output ``y`` and law: ``{"y", "who", "role", "probability", "in_event"}``,
    ``role`` being ``"P"`` (source) or ``"Q"`` (target), ``who`` its legend text.
    """
    chosen = set(outputs)
    rows = []
    for role, count, who in (
        ("P", source, label("rr.law_source")),
        ("Q", target, label("rr.law_target")),
    ):
        law = rr.count_distribution(n, p, count).probabilities
        rows += [
            {
                "y": y,
                "who": who,
                "role": role,
                "probability": float(law[y]),
                "in_event": y in chosen,
            }
            for y in range(n + 1)
        ]
    return rows


def event_rows(outputs: Iterable[int]) -> list[dict]:
    """Rows of the ``rr_event`` dataset: ``{"y", "what"}`` for each output in the event."""
    return [{"y": y, "what": label("rr.event")} for y in outputs]


def pair_rows(n: int, p: RationalLike, alpha: RationalLike, delta: RationalLike) -> list[dict]:
    """Rows of the ``rr_pairs`` dataset, one per ordered count pair in certificate order.

    ``{"index", "pair", "delta", "verdict", "mark", "what"}``: ``delta`` is the pair's
    required δ (float, for drawing), ``verdict`` and ``mark`` (✓/✗) the exact comparison
    with the claimed δ.
    """
    certificate = rr.certify(n, p, alpha, delta)
    return [
        {
            "index": index,
            "pair": pair_text(row.source, row.target),
            "delta": float(row.required_delta),
            "verdict": label("rr.pass")
            if row.is_covered_by(certificate.delta)
            else label("rr.fail"),
            "mark": "✓" if row.is_covered_by(certificate.delta) else "✗",
            "what": label("rr.required"),
        }
        for index, row in enumerate(certificate.pairs)
    ]


def claim_rows(delta: RationalLike) -> list[dict]:
    """Rows of the ``rr_claim`` dataset: ``[{"delta", "what"}]`` (the claim line)."""
    return [{"delta": float(check_delta(delta)), "what": label("rr.claim")}]


def profile_rows(n: int, p: RationalLike, alphas: Sequence[Fraction] = ALPHA_GRID) -> list[dict]:
    """Rows of the ``rr_profile`` dataset: ``{"alpha", "delta", "what"}`` over the α grid."""
    return [
        {"alpha": float(a), "delta": float(rr.required_delta(n, p, a)), "what": label("rr.profile")}
        for a in alphas
    ]


def profile_point_rows(alpha: RationalLike, delta: RationalLike) -> list[dict]:
    """Rows of the ``rr_point`` dataset: the claim ``[{"alpha", "delta", "what"}]``."""
    return [
        {
            "alpha": float(check_alpha(alpha)),
            "delta": float(check_delta(delta)),
            "what": label("rr.claim_point"),
        }
    ]


def _data(key: str, rows: list[dict]) -> alt.InlineData:
    return alt.InlineData(values=rows, name=DATASETS[key])


FLOOR = 0.01
"""Every δ axis reaches at least this far, so that an all-zero chart still has a scale."""


def _floor(y: alt.Y) -> alt.Chart:
    """An invisible point at ``δ = FLOOR`` (its own named dataset, not the chart's data)."""
    data = alt.InlineData(values=[{"delta": FLOOR}], name="rr_floor")
    return alt.Chart(data).mark_point(opacity=0).encode(y=y)


# --- the reader's tables (dplab.views._tables) -----------------------------------------


def distribution_table(caption: str) -> dict:
    """The live table of a chart of two output laws: y | P(y) | Q(y) | in S."""
    return live_table(
        caption,
        DATASETS["distributions"],
        column(label("rr.table_output"), "y"),
        [
            column(label("rr.table_p"), "probability", where={"role": "P"}),
            column(label("rr.table_q"), "probability", where={"role": "Q"}),
            column(label("rr.table_in_event"), "in_event", where={"role": "P"}, format="yesno"),
        ],
    )


def pairs_table(caption: str) -> dict:
    """The live table of a chart of the pairs' required δ: pair | required δ | verdict."""
    return live_table(
        caption,
        DATASETS["pairs"],
        column(label("rr.pair"), "pair", format="text"),
        [
            column(label("rr.required"), "delta"),
            column(label("rr.col_verdict_short"), "verdict", format="text"),
        ],
    )


def profile_table(caption: str) -> dict:
    """The live table of a privacy-profile chart: α | smallest required δ."""
    return live_table(
        caption,
        DATASETS["profile"],
        column("α", "alpha"),
        [column(label("rr.profile"), "delta")],
    )


# --- (a) the two output laws of one ordered pair, with an event outlined ----------------


def distribution_layers(
    dist: list[dict],
    event: list[dict] | None,
    *,
    width: int | str,
    height: int,
) -> alt.LayerChart | alt.FacetChart:
    """The two output laws ``P(y) = Pr[M(D) = y]`` and ``Q(y) = Pr[M(D') = y]`` of a pair as
    bars, with the event ``S`` outlined: the layers of :func:`pair_distributions_chart`,
    for a page (the lab) that adds its own parameters (rows as
    :func:`distribution_rows` and :func:`event_rows` give them).  ``event`` ``None``: no
    event at all, neither outlined nor in the legend (a walkthrough's step before it)."""
    entries: tuple[tuple[str, dict[str, object]], ...] = (
        (label("rr.law_source"), {}),
        (label("rr.law_target"), {"fillOpacity": HOLLOW, "strokeDash": [5, 3]}),
        (label("rr.event"), {"fillOpacity": 0, "strokeDash": [2, 2]}),
    )
    key = Key(entries if event is not None else entries[:2], outline=True)
    x = alt.X("y:O", title=label("rr.output"), axis=alt.Axis(labelAngle=0))
    outline = (
        alt.Chart(_data("event", event or []))
        .mark_bar(  # a bar, not a rect: Vega-Lite draws no dash on a rect
            filled=False,
            strokeWidth=2.5,
            aria=False,  # the description names the event
        )
        .encode(x=x, y=alt.value(0), y2=alt.value(height), **key.encoding("what"))
    )
    bars = (
        alt.Chart(_data("distributions", dist))
        .mark_bar(strokeWidth=1.5)
        .encode(
            x=x,
            xOffset=alt.XOffset("role:N", sort=["P", "Q"]),
            y=alt.Y("probability:Q", title=label("rr.probability")),
            **key.encoding("who"),
            tooltip=[
                alt.Tooltip("who:N", title=label("chart.distribution")),
                alt.Tooltip("y:O", title="y"),
                alt.Tooltip("probability:Q", format=".4f", title=label("rr.probability")),
            ],
        )
    )
    layers = [bars] if event is None else [bars, outline]
    return alt.layer(*layers).properties(width=width, height=height)


def pair_distributions_chart(
    n: int,
    p: RationalLike,
    *,
    lower: int,
    direction: rr.Direction = "up",
    mask: int,
    width: int | str = WIDTH,
    height: int = 200,
) -> alt.LayerChart | alt.FacetChart:
    """Bars of ``P = Pr[Y | c]`` and ``Q = Pr[Y | c′]`` for the queried pair, event outlined.

    The pair and event are read like the lab's controls: ``lower`` is clamped to ``n − 1`` and mask
    bits above ``n`` are ignored (see :func:`dplab.mechanisms.randomized_response.check_query`).
    """
    pair = rr.queried_pair(n, lower, direction)
    event = rr.event_from_mask(n, mask)
    chart = distribution_layers(
        distribution_rows(n, p, pair.source, pair.target, event.outputs),
        event_rows(event.outputs),
        width=width,
        height=height,
    )
    chosen = set(event.outputs)
    table = fixed_table(
        label("rr.lab_query_heading"),
        [*_law_header(), label("rr.table_in_event")],
        [[*row, yes_no(row[0] in chosen)] for row in _law_rows(n, p, pair.source, pair.target)],
    )
    return with_tables(
        chart.properties(
            description=label("rr.desc_pair").format(
                n=n, source=pair.source, target=pair.target, event=event_text(event.outputs)
            )
        ),
        table,
    )


# --- (b) required δ of every ordered pair against the claim ------------------------------


def pair_layers(
    pairs: list[dict],
    claim: list[dict],
    *,
    width: int | str,
    height: int,
    pickable: bool = False,
) -> alt.LayerChart | alt.FacetChart:
    """The required ``δ = Σ_y [P(y) − αQ(y)]₊`` of each ordered pair as bars, with the
    claimed δ: the layers of :func:`pair_deltas_chart` (rows as :func:`pair_rows` and
    :func:`claim_rows` give them).  ``pickable`` (the lab's) bars show a hand cursor and
    outline the rows whose ``chosen`` is true (the lab picks a pair when a bar is clicked)."""
    key = Key(
        ((label("rr.required"), {}), (label("rr.claim"), {"fillOpacity": 0, "strokeDash": [6, 3]})),
        outline=True,
    ).encoding("what")
    x = alt.X(
        "pair:N",
        sort=alt.EncodingSortField("index", op="min"),
        title=label("rr.pair"),
        axis=alt.Axis(labelAngle=-60),
    )
    y = alt.Y("delta:Q", title=label("rr.required"), scale=alt.Scale(domainMin=0))
    bars = (
        alt.Chart(_data("pairs", pairs))
        .mark_bar(cursor="pointer" if pickable else alt.Undefined)
        .encode(
            x=x,
            y=y,
            **key,
            tooltip=[
                alt.Tooltip("pair:N", title=label("rr.pair")),
                alt.Tooltip("delta:Q", format=".4g", title=label("rr.required")),
                alt.Tooltip("verdict:N", title=label("rr.col_verdict_short")),
            ],
        )
    )
    marks = (
        alt.Chart(_data("pairs", pairs))
        .mark_text(dy=-8, fontSize=SMALLEST_TEXT)
        .encode(x=x, y=y, text="mark:N")
    )
    rule = alt.Chart(_data("claim", claim)).mark_rule(strokeWidth=2).encode(y="delta:Q", **key)
    layers = [bars, rule, marks, _floor(y)]
    if pickable:
        layers.append(
            alt.Chart(_data("pairs", pairs))
            .mark_bar(filled=False, stroke=CHOSEN_COLOUR, strokeWidth=3, cursor="pointer")
            .encode(x=x, y=y)
            .transform_filter("datum.chosen")
        )
    return alt.layer(*layers).properties(width=width, height=height)


def pair_deltas_chart(
    n: int,
    p: RationalLike,
    alpha: RationalLike,
    delta: RationalLike,
    *,
    width: int | str = WIDTH,
    height: int = 180,
) -> alt.LayerChart | alt.FacetChart:
    """Each ordered pair's required δ (bars, ✓/✗ above) against the claimed δ (dashed rule)."""
    chart = pair_layers(
        pair_rows(n, p, alpha, delta), claim_rows(delta), width=width, height=height
    )
    return with_tables(
        chart.properties(
            description=label(
                "rr.desc_pairs",
                count=2 * n,
                delta=approx_text(check_delta(delta)),
                n=n,
                p=approx_text(Fraction(p)),
                alpha=approx_text(check_alpha(alpha)),
            )
        ),
        _certificate_table(rr.certify(n, p, alpha, delta), label("rr.lab_cert_heading")),
    )


# --- (c) the privacy profile δ_min(α) on the α grid --------------------------------------


def profile_layers(
    profile: list[dict], point: list[dict], *, width: int | str, height: int
) -> alt.LayerChart | alt.FacetChart:
    """The privacy profile ``α ↦ δ(α)``, the smallest δ at each factor (a convex,
    decreasing polygon), with the claimed point: the layers of
    :func:`privacy_profile_chart` (rows as :func:`profile_rows` and
    :func:`profile_point_rows` give them)."""
    key = Key(
        (
            (label("rr.profile"), {"shape": "circle"}),
            (label("rr.claim_point"), {"shape": "diamond", "strokeDash": [4, 3]}),
        )
    ).encoding("what")
    x = alt.X(
        "alpha:Q",
        title=label("rr.alpha_axis"),
        scale=alt.Scale(domain=[1, 10], nice=False),
        axis=alt.Axis(values=list(range(1, 11))),
    )
    y = alt.Y("delta:Q", title=label("rr.profile"), scale=alt.Scale(domainMin=0))
    line = (
        alt.Chart(_data("profile", profile))
        .mark_line(point=alt.OverlayMarkDef(size=10))
        .encode(
            x=x,
            y=y,
            **key,
            tooltip=[
                alt.Tooltip("alpha:Q", format=".1f", title="α"),
                alt.Tooltip("delta:Q", format=".4g", title=label("rr.profile")),
            ],
        )
    )
    guide = (
        alt.Chart(_data("point", point))
        .mark_rule(opacity=0.6)
        .encode(x=x, color=key["color"], strokeDash=key["strokeDash"])
    )
    claim = chosen_point(
        _data("point", point),
        x=x,
        y=y,
        colour=key["color"],
        tooltip=[
            alt.Tooltip("alpha:Q", format=".1f", title="α"),
            alt.Tooltip("delta:Q", format=".4g", title=label("rr.claim")),
        ],
        size=160,
    ).encode(shape=key["shape"])
    return alt.layer(line, guide, claim, _floor(y)).properties(width=width, height=height)


def profile_chord_gap(
    n: int, p: RationalLike, alphas: Sequence[Fraction] = ALPHA_GRID
) -> tuple[Fraction, Fraction, Fraction]:
    """How far the profile chart's straight segments lie above the true profile, exactly.

    ``δ_min(α)`` is convex in α: each pair's ``Σ_y [P(y) − αQ(y)]₊`` is a sum of maxima of
    functions linear in α, and ``δ_min`` is the maximum over pairs.  So between two grid
    points the chart's segment is on or above the true profile, and the grid points alone
    are exact.  Returns ``(α, exact, segment)`` at the midpoint ``α`` of the grid interval
    where ``segment − exact`` is largest (first such interval on ties).

    >>> alpha, exact, segment = profile_chord_gap(4, "0.9")
    >>> alpha, exact, segment - exact
    (Fraction(23, 20), Fraction(114849, 200000), Fraction(27, 25000))
    """
    if len(alphas) < 2:
        raise ValueError(f"alphas must hold at least two grid points; got {list(alphas)!r}")
    values = [rr.required_delta(n, p, a) for a in alphas]
    rows = []
    for i in range(len(alphas) - 1):
        middle = (Fraction(alphas[i]) + Fraction(alphas[i + 1])) / 2
        rows.append((middle, rr.required_delta(n, p, middle), (values[i] + values[i + 1]) / 2))
    return max(rows, key=lambda row: row[2] - row[1])


def privacy_profile_chart(
    n: int,
    p: RationalLike,
    *,
    alpha: RationalLike,
    delta: RationalLike,
    width: int | str = WIDTH,
    height: int = 200,
) -> alt.LayerChart | alt.FacetChart:
    """``δ_min(α)`` for α = 1.0, 1.1, …, 10.0 (x axis is α = e^ε) and the claim as a point.

    The points are exact; the segments joining them are a guide for the eye, on or above
    the true (convex) profile between grid points (:func:`profile_chord_gap`).  A claim at a
    grid α passes exactly when its point is on or above the profile's point at that α.
    """
    chart = profile_layers(
        profile_rows(n, p), profile_point_rows(alpha, delta), width=width, height=height
    )
    return with_tables(
        chart.properties(
            description=label("rr.desc_profile").format(
                alpha=approx_text(check_alpha(alpha)),
                delta=approx_text(check_delta(delta)),
                n=n,
                p=approx_text(Fraction(p)),
            )
        ),
        profile_table(label("rr.lab_profile_heading")),
    )


# --- (d) beyond the seed: the required δ at α = 1 as n grows ----------------------------


def _others_peak(n: int, p: RationalLike) -> Fraction:
    """``max_c max_y Pr[R_c = y]``, ``R_c`` the report count of the other ``n − 1`` people."""
    if n == 1:
        return Fraction(1)
    return max(max(rr.count_distribution(n - 1, p, c).probabilities) for c in range(n))


def aggregation_frame(p_values: Sequence[RationalLike], sizes: Sequence[int]) -> pd.DataFrame:
    """Required δ at α = 1 (the largest total-variation distance of adjacent counts) by n.

    Columns: ``n``, ``p`` (text), ``exact`` (Fraction), ``delta`` (float), ``ratio`` (to
    ``n = 1``, whose value is ``|2p − 1|``), ``normal`` (the normal approximation
    ``|2p−1| / sqrt(2π(n−1)p(1−p))``, ``NaN`` at ``n = 1``).
    """
    rows = []
    for p in p_values:
        exact_p = Fraction(p)
        one = rr.required_delta(1, exact_p, 1)
        for n in sizes:
            exact = rr.required_delta(n, exact_p, 1)
            spread = (n - 1) * exact_p * (1 - exact_p)
            normal = (
                float(abs(2 * exact_p - 1)) / math.sqrt(2 * math.pi * spread)
                if spread
                else math.nan
            )
            rows.append(
                {
                    "n": n,
                    "p": label("rr.series_p").format(p=approx_text(exact_p)),
                    "exact": exact,
                    "delta": float(exact),
                    "ratio": float(exact / one) if one else math.nan,
                    "normal": normal,
                }
            )
    return pd.DataFrame(rows)


def aggregation_chart(
    p_values: Sequence[RationalLike], sizes: Sequence[int], *, width: int = WIDTH, height: int = 220
) -> alt.LayerChart | alt.FacetChart:
    """Exact required δ at α = 1 against n (log axis), per p, with the normal approximation."""
    frame = aggregation_frame(p_values, sizes)
    series = [label("rr.series_p").format(p=approx_text(Fraction(p))) for p in p_values]
    kinds = [label("rr.exact"), label("rr.normal")]
    long = pd.concat(
        [
            frame.assign(kind=kinds[0], value=frame["delta"]),
            frame[frame["n"] > 1].assign(kind=kinds[1], value=frame["normal"]),
        ]
    )[["n", "p", "kind", "value"]]
    x = alt.X("n:Q", title=label("rr.size"), scale=alt.Scale(type="log"))
    y = alt.Y("value:Q", title=label("rr.tv_axis"), scale=alt.Scale(domain=[0, 1]))
    colour = alt.Color("p:N", scale=alt.Scale(domain=series), legend=KEY_LEGEND)
    shape = alt.Shape("p:N", scale=alt.Scale(domain=series), legend=KEY_LEGEND)
    lines = (
        alt.Chart(long)
        .mark_line(clip=True, point=alt.OverlayMarkDef(size=40, filled=True))
        .encode(
            x=x,
            y=y,
            color=colour,
            shape=shape,
            strokeDash=alt.StrokeDash(
                "kind:N",
                scale=alt.Scale(domain=kinds),
                # strokes (not the lines' points), grey: the kind has no colour of its own
                legend=alt.Legend(
                    **KEY_LEGEND.to_dict(),
                    symbolType="stroke",
                    symbolStrokeColor=GREY,
                    symbolFillColor="transparent",
                ),
            ),
            tooltip=[
                alt.Tooltip("p:N", title="p"),
                alt.Tooltip("n:Q", title="n"),
                alt.Tooltip("kind:N", title=label("chart.series")),
                alt.Tooltip("value:Q", format=".4g", title=label("rr.tv_axis")),
            ],
        )
    )
    ones = (
        alt.Chart(long[(long["n"] == 1) & (long["kind"] == kinds[0])])
        .mark_point(size=90, filled=True)
        .encode(x=x, y=y, color=colour, shape=shape)
    )
    table = fixed_table(
        label("rr.tv_axis"),
        ["p", label("rr.col_n"), label("rr.col_exact"), label("rr.col_normal")],
        [
            [
                approx_text(Fraction(p)),
                n,
                exact,
                "—" if math.isnan(normal) else "≈ " + approx_text(Fraction(normal)),
            ]
            for p, n, exact, normal in zip(
                [q for q in p_values for _ in sizes],
                frame["n"],
                frame["exact"],
                frame["normal"],
                strict=True,
            )
        ],
    )
    return with_tables(
        alt.layer(lines, ones)
        .properties(width=width, height=height)
        .properties(
            description=label("rr.desc_aggregation").format(
                ps=", ".join(approx_text(Fraction(p)) for p in p_values)
            )
        ),
        table,
    )


def aggregation_table(p: RationalLike, sizes: Sequence[int]) -> Styler:
    """For one p: n, exact and approximate required δ at α = 1, the ratio to n = 1, the
    peak probability of the other people's report count, and the normal approximation.

    The required δ equals ``|2p − 1|`` times that peak (proved in the lesson; tested).
    """
    frame = aggregation_frame([p], sizes)
    table = pd.DataFrame(
        {
            label("rr.col_n"): frame["n"],
            label("rr.col_exact"): [str(x) for x in frame["exact"]],
            label("rr.col_approx"): [approx_text(x) for x in frame["exact"]],
            label("rr.col_ratio"): [approx_text(Fraction(r)) for r in frame["ratio"]],
            label("rr.col_peak"): [str(_others_peak(n, p)) for n in frame["n"]],
            label("rr.col_normal"): [
                "—" if math.isnan(x) else approx_text(Fraction(x)) for x in frame["normal"]
            ],
        }
    )
    return stacked_on_phones(_unbroken(table))


# --- tables -------------------------------------------------------------------------------


def _unbroken(table: pd.DataFrame) -> Styler:
    """No line breaks inside a cell (numbers stay whole; a narrow page scrolls the table)."""
    return table.style.hide(axis="index").set_table_styles(
        [
            {"selector": "td", "props": "white-space: nowrap;"},
            {"selector": "th", "props": "overflow-wrap: normal; word-break: keep-all;"},
        ]
    )


def certificate_table(n: int, p: RationalLike, alpha: RationalLike, delta: RationalLike) -> Styler:
    """The per-pair certificate: each ordered count pair, its maximising event (all atoms with
    ``P_y > αQ_y``), its required δ exactly and approximately, and the verdict at ``delta``."""
    certificate = rr.certify(n, p, alpha, delta)
    verdict = label("rr.col_verdict").format(delta=approx_text(certificate.delta))
    table = pd.DataFrame(
        {
            label("rr.col_source"): [row.source for row in certificate.pairs],
            label("rr.col_target"): [row.target for row in certificate.pairs],
            label("rr.col_event"): [event_text(row.event) for row in certificate.pairs],
            label("rr.col_exact"): [str(row.required_delta) for row in certificate.pairs],
            label("rr.col_approx"): [approx_text(row.required_delta) for row in certificate.pairs],
            verdict: [
                label("rr.badge_pass")
                if row.is_covered_by(certificate.delta)
                else label("rr.badge_fail")
                for row in certificate.pairs
            ],
        }
    )
    return stacked_on_phones(_unbroken(table))


def count_law_table(n: int, p: RationalLike) -> Styler:
    """``Pr[Y = y | c]`` exactly: one row per true count ``c``, one column per output ``y``."""
    table = pd.DataFrame(
        [
            {label("rr.col_true_count"): c}
            | {
                label("rr.col_output").format(y=y): str(prob)
                for y, prob in enumerate(rr.count_distribution(n, p, c).probabilities)
            }
            for c in range(n + 1)
        ]
    )
    return _unbroken(table)


# --- (e) the walkthrough: one panel per step -------------------------------------------


def _law_rows(n: int, p: RationalLike, source: int, target: int) -> list[list[object]]:
    """``[y, P(y), Q(y)]`` for every output ``y``, the probabilities exact."""
    laws = [rr.count_distribution(n, p, c).probabilities for c in (source, target)]
    return [[y, laws[0][y], laws[1][y]] for y in range(n + 1)]


def _law_header() -> list[str]:
    return [label("rr.table_output"), label("rr.table_p"), label("rr.table_q")]


def walkthrough_chart(
    n: int,
    p: RationalLike,
    *,
    lower: int,
    direction: rr.Direction = "up",
    mask: int,
    alpha: RationalLike,
    delta: RationalLike,
    width: int = WALK_WIDTH,
) -> Walkthrough:
    """A figure in four steps, one panel each (:class:`~dplab.views.Walkthrough`):

    1. the two inputs, ``D`` with ``c`` ones and ``D′`` with one person's bit replaced;
    2. the two output laws of the count;
    3. one event outlined, with ``P(S)`` and ``αQ(S) + δ`` and its verdict;
    4. every ordered pair's required δ against the claimed δ.

    Every panel carries its reader's table, exact (:mod:`dplab.views._tables`).
    """
    query = rr.check_query(n, p, lower, direction, mask, alpha, delta)
    pair, check = query.pair, query.check
    changed = pair.lower  # person index whose bit differs (0-based)
    source_bits = [1] * pair.source + [0] * (n - pair.source)
    target_bits = [1] * pair.target + [0] * (n - pair.target)
    row_labels = (
        label("rr.walk_source_row").format(c=pair.source),
        label("rr.walk_target_row").format(c=pair.target),
    )
    rows = [
        {
            "row": row_label,
            "order": order,
            "person": i + 1,
            "bit": str(bit),
            "changed": i == changed,
        }
        for order, (row_label, bits) in enumerate(
            zip(row_labels, (source_bits, target_bits), strict=True)
        )
        for i, bit in enumerate(bits)
    ]
    x_person = alt.X("person:O", title=label("rr.walk_person"), axis=alt.Axis(labelAngle=0))
    y_row = alt.Y("row:N", title=None, sort=alt.EncodingSortField("order", op="min"))
    cells = alt.Chart(pd.DataFrame(rows))
    inputs = alt.layer(
        cells.mark_rect(stroke="currentColor").encode(
            x=x_person,
            y=y_row,
            fillOpacity=alt.condition("datum.bit == '1'", alt.value(0.55), alt.value(0.08)),
            strokeWidth=alt.condition("datum.changed", alt.value(4), alt.value(0.5)),
        ),
        cells.mark_text(fontSize=14).encode(x=x_person, y=y_row, text="bit:N"),
    ).properties(width=width, height=90, title=label("rr.walk_inputs"))
    inputs = with_tables(
        inputs.properties(
            description=label("rr.desc_walk_inputs").format(
                source=pair.source, target=pair.target, person=changed + 1
            )
        ),
        fixed_table(
            label("rr.walk_inputs"),
            [label("rr.walk_person"), *row_labels, label("rr.table_changed")],
            [
                [i + 1, a, b, yes_no(i == changed)]
                for i, (a, b) in enumerate(zip(source_bits, target_bits, strict=True))
            ],
        ),
    )

    dist = distribution_rows(n, p, pair.source, pair.target, query.event.outputs)
    laws = _law_rows(n, p, pair.source, pair.target)
    # Shorter than the lab's: the legend takes a line an entry on a phone, and the step's
    # panel and its text share one screen.
    outputs = distribution_layers(dist, None, width=width, height=PANEL_HEIGHT)
    outputs = with_tables(
        outputs.properties(
            title=label("rr.walk_outputs"),
            description=label("rr.desc_walk_outputs").format(
                n=n, source=pair.source, target=pair.target
            ),
        ),
        fixed_table(label("rr.walk_outputs"), _law_header(), laws),
    )

    verdict = label("rr.pass") if check.passes else label("rr.fail")
    ps, bound = compared_texts(check.source_probability, check.bound)
    sentence = label("rr.walk_event_text").format(
        event=event_text(check.event), ps=ps, bound=bound, verdict=verdict
    )
    event_line = (
        alt.Chart(pd.DataFrame([{"text": sentence}]))
        .mark_text(
            align="left", baseline="top", fontSize=SMALLEST_TEXT, lineBreak="\n", lineHeight=18
        )
        .encode(x=alt.value(0), y=alt.value(0), text="text:N")
        .properties(width=width, height=40)
    )
    outlined = distribution_layers(
        dist, event_rows(query.event.outputs), width=width, height=PANEL_HEIGHT
    ).properties(title=label("rr.walk_event"))
    chosen = set(query.event.outputs)
    event = with_tables(
        alt.vconcat(outlined, event_line, spacing=10).properties(
            description=label("rr.desc_walk_event").format(
                event=event_text(check.event), ps=ps, bound=bound, verdict=verdict
            )
        ),
        fixed_table(
            label("rr.walk_event"),
            [*_law_header(), label("rr.table_in_event")],
            [[*row, yes_no(row[0] in chosen)] for row in laws],
        ),
    )

    pairs = pair_deltas_chart(n, p, alpha, delta, width=width, height=200).properties(
        title=label("rr.walk_pairs")
    )
    return Walkthrough((inputs, outputs, event, pairs))


def _certificate_table(certificate: Certificate, caption: str) -> dict:
    """The reader's table of a pairs chart: each pair, its exact required δ, the verdict."""
    verdict = label("rr.col_verdict").format(delta=approx_text(certificate.delta))
    return fixed_table(
        caption,
        [label("rr.pair"), label("rr.col_exact"), verdict],
        [
            [
                pair_text(row.source, row.target),
                row.required_delta,
                label("rr.pass") if row.is_covered_by(certificate.delta) else label("rr.fail"),
            ]
            for row in certificate.pairs
        ],
    )
