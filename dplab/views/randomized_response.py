"""Charts and tables for the randomized-response count channel (lesson 2).

Every number comes from :mod:`dplab.randomized_response`, exactly; floats appear only as
the heights that charts draw and as approximations printed next to exact values.

Charts that the client-side lab (:mod:`dplab.views.rr_lab`, ``rr-lab.js``) redraws read
*named* datasets, listed in :data:`DATASETS`; the lab replaces their rows with rows of the
same shape (documented at each ``*_rows`` function), so a chart looks the same whether it
was drawn from the build's rows or from the lab's.

Display text shared with the lab script (it implements the same rules):

* :func:`approx_text` – a rational rounded half-up to 4 significant digits, trailing zeros
  dropped, plain decimals for ``10⁻⁴ ≤ |x| < 10⁶`` and ``m×10ᵉ`` otherwise;
* :func:`decimal_text` – the exact decimal ``N / 10^D``;
* :func:`event_text`, :func:`pair_text` – ``{0, 1, 2}`` (``∅`` when empty) and ``0→1``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

import altair as alt
import pandas as pd
from pandas.io.formats.style import Styler

from dplab import randomized_response as rr
from dplab.finite import RationalLike, check_alpha, check_delta
from dplab.rr_lab import LAB_GRID
from dplab.views._labels import label

__all__ = [
    "ALPHA_GRID",
    "DATASETS",
    "aggregation_chart",
    "aggregation_frame",
    "aggregation_table",
    "approx_text",
    "certificate_table",
    "claim_rows",
    "count_law_table",
    "decimal_text",
    "distribution_rows",
    "event_rows",
    "event_text",
    "pair_deltas_chart",
    "pair_distributions_chart",
    "pair_rows",
    "pair_text",
    "privacy_profile_chart",
    "profile_point_rows",
    "profile_rows",
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

WIDTH = 320  # fits a phone; the lab's charts stretch to their container instead
_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


# --- display text -----------------------------------------------------------------------


def decimal_text(numerator: int, digits: int) -> str:
    """The exact decimal ``numerator / 10**digits``, without trailing zeros.

    >>> decimal_text(4374000, 7), decimal_text(0, 3), decimal_text(-25, 1)
    ('0.4374', '0', '-2.5')
    """
    sign = "-" if numerator < 0 else ""
    text = str(abs(numerator)).rjust(digits + 1, "0")
    whole, fraction = text[: len(text) - digits], text[len(text) - digits :].rstrip("0")
    return sign + whole + ("." + fraction if fraction else "")


def approx_text(value: RationalLike, significant: int = 4) -> str:
    """``value`` rounded half-up (on its exact value) to ``significant`` digits, for display.

    >>> approx_text(Fraction(2187, 5000)), approx_text(Fraction(1, 3)), approx_text(3)
    ('0.4374', '0.3333', '3')
    >>> approx_text(Fraction(1, 80000)), approx_text(Fraction(-5, 100000))
    ('1.25×10⁻⁵', '-5×10⁻⁵')
    """
    exact = Fraction(value)
    if exact == 0:
        return "0"
    sign, exact = ("-" if exact < 0 else ""), abs(exact)
    exponent = len(str(exact.numerator)) - len(str(exact.denominator))
    while exact < Fraction(10) ** exponent:
        exponent -= 1
    while exact >= Fraction(10) ** (exponent + 1):
        exponent += 1
    shift = exponent - significant + 1
    mantissa = math.floor(exact / Fraction(10) ** shift + Fraction(1, 2))
    if mantissa == 10**significant:
        mantissa //= 10
        shift += 1
        exponent += 1
    if -4 <= exponent < 6:
        if shift >= 0:
            return sign + str(mantissa * 10**shift)
        return sign + decimal_text(mantissa, -shift)
    return f"{sign}{decimal_text(mantissa, significant - 1)}×10{str(exponent).translate(_SUPERSCRIPT)}"


def event_text(outputs: Iterable[int]) -> str:
    """``{0, 1, 2}``; ``∅`` for the empty event.

    >>> event_text((0, 1)), event_text(())
    ('{0, 1}', '∅')
    """
    outputs = tuple(outputs)
    return "{" + ", ".join(str(y) for y in outputs) + "}" if outputs else "∅"


def pair_text(source: int, target: int) -> str:
    """``0→1``."""
    return f"{source}→{target}"


def _p_text(p: RationalLike) -> str:
    return approx_text(Fraction(p)) if Fraction(p).denominator in (1, 2, 4, 5, 10, 20, 25, 50, 100) else str(Fraction(p))


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
            "verdict": label("rr.pass") if row.is_covered_by(certificate.delta) else label("rr.fail"),
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


# --- (a) the two output laws of one ordered pair, with an event outlined ----------------


def _distribution_layers(
    dist: list[dict], event: list[dict], *, width: int | str, height: int
) -> alt.LayerChart:
    names = [label("rr.law_source"), label("rr.law_target"), label("rr.event")]
    colour = alt.Scale(domain=names)
    x = alt.X("y:O", title=label("rr.output"), axis=alt.Axis(labelAngle=0))
    outline = (
        alt.Chart(_data("event", event))
        .mark_rect(filled=False, strokeWidth=2, strokeDash=[5, 3])
        .encode(
            x=x,
            y=alt.value(0),
            y2=alt.value(height),
            color=alt.Color("what:N", scale=colour, title=None),
        )
    )
    bars = (
        alt.Chart(_data("distributions", dist))
        .mark_bar()
        .encode(
            x=x,
            xOffset=alt.XOffset("role:N", sort=["P", "Q"]),
            y=alt.Y("probability:Q", title=label("rr.probability")),
            color=alt.Color("who:N", scale=colour, title=None),
            tooltip=[
                alt.Tooltip("who:N", title=" "),
                alt.Tooltip("y:O", title="y"),
                alt.Tooltip("probability:Q", format=".4f", title=label("rr.probability")),
            ],
        )
    )
    return alt.layer(outline, bars).properties(width=width, height=height)


def pair_distributions_chart(
    n: int,
    p: RationalLike,
    *,
    lower: int,
    direction: rr.Direction = "up",
    mask: int,
    width: int | str = WIDTH,
    height: int = 200,
) -> alt.LayerChart:
    """Bars of ``P = Pr[Y | c]`` and ``Q = Pr[Y | c′]`` for the queried pair, event outlined.

    The pair and event are read like the lab's controls: ``lower`` is clamped to ``n − 1``
    and mask bits above ``n`` are ignored (see :func:`dplab.randomized_response.check_query`).
    """
    pair = rr.queried_pair(n, lower, direction)
    event = rr.event_from_mask(n, mask)
    chart = _distribution_layers(
        distribution_rows(n, p, pair.source, pair.target, event.outputs),
        event_rows(event.outputs),
        width=width,
        height=height,
    )
    return chart.properties(
        description=label("rr.desc_pair").format(
            n=n, source=pair.source, target=pair.target, event=event_text(event.outputs)
        )
    )


# --- (b) required δ of every ordered pair against the claim ------------------------------


def _pair_layers(pairs: list[dict], claim: list[dict], *, width: int | str, height: int):
    names = [label("rr.required"), label("rr.claim")]
    colour = alt.Color("what:N", scale=alt.Scale(domain=names), title=None)
    x = alt.X(
        "pair:N",
        sort=alt.EncodingSortField("index"),
        title=label("rr.pair"),
        axis=alt.Axis(labelAngle=-60),
    )
    y = alt.Y("delta:Q", title=label("rr.required"), scale=alt.Scale(domainMin=0))
    bars = (
        alt.Chart(_data("pairs", pairs))
        .mark_bar()
        .encode(
            x=x,
            y=y,
            color=colour,
            tooltip=[
                alt.Tooltip("pair:N", title=label("rr.pair")),
                alt.Tooltip("delta:Q", format=".4g", title=label("rr.required")),
                alt.Tooltip("verdict:N", title=" "),
            ],
        )
    )
    marks = bars.mark_text(dy=-7, fontSize=11).encode(text="mark:N", color=alt.value(None))
    marks = alt.Chart(_data("pairs", pairs)).mark_text(dy=-7, fontSize=11).encode(
        x=x, y=y, text="mark:N"
    )
    rule = (
        alt.Chart(_data("claim", claim))
        .mark_rule(strokeWidth=2, strokeDash=[6, 3])
        .encode(y="delta:Q", color=colour)
    )
    return alt.layer(bars, rule, marks).properties(width=width, height=height)


def pair_deltas_chart(
    n: int,
    p: RationalLike,
    alpha: RationalLike,
    delta: RationalLike,
    *,
    width: int | str = WIDTH,
    height: int = 180,
) -> alt.LayerChart:
    """Each ordered pair's required δ (bars, ✓/✗ above) against the claimed δ (dashed rule)."""
    chart = _pair_layers(pair_rows(n, p, alpha, delta), claim_rows(delta), width=width, height=height)
    return chart.properties(
        description=label("rr.desc_pairs").format(
            count=2 * n, delta=approx_text(check_delta(delta)), n=n, p=_p_text(p), alpha=approx_text(check_alpha(alpha))
        )
    )
