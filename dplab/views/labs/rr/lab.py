"""The client-side randomized-response lab of lesson 2: controls, inline data, outputs.

:func:`rr_lab` returns an object whose ``_repr_html_`` is the lab: labelled HTML controls,
the lab's data as inline JSON (a page opened from ``file://`` cannot fetch files), and its
outputs already filled for the initial state from :mod:`dplab.mechanisms.randomized_response`.  The
site's script ``dplab/views/labs/rr/lab.js`` then recomputes every output whenever a
control moves.

**How the browser stays exact.**  On the lab's grid (``n = 1..12``, ``p = k/100`` for ``k =
50..100``, ``α = t/10`` for ``t = 10..100``) every count law has integer weights over ``100^n``: the
coefficients of ``(q + a z)^c (a + q z)^{n−c}`` with ``a = k``, ``q = 100 − k``. The script
multiplies these polynomials with ``BigInt``; each ordered pair's excess has the integer numerator
``Σ_y [10·w_P(y) − t·w_Q(y)]₊`` over ``10·100^n`` (:mod:`dplab.mechanisms.rr_lab_grid`), a claimed δ
is read exactly as ``D / E`` by the labs' one number reader (``readNumber`` in ``lab.js``: decimals,
fractions, ``1e-5``; a text outside [0, 1] is refused with its reason), and every verdict is the
integer comparison ``D · 10·100^n ≥ N · E``.  Floats are used only to draw and for logarithms
printed after ``≈``.  The event check prints its rationals by
:func:`~dplab.views.randomized_response.compared_texts`: exact after ``=``, rounded after ``≈``,
with enough digits that unequal values look unequal.  The script's rules are its core,
``rr-lab-core.js``, which Node checks against :func:`dplab.mechanisms.randomized_response.certify`
over the whole grid (``tests/js/rr_lab.test.cjs``).

**The queried pair and event.**  The pair is chosen from a list of the ``2n`` ordered pairs
in the chart's order (``0→1``, ``1→0``, …) or by clicking a bar of the pairs chart; the
event is one checkbox per output.  :func:`rr_lab` still takes them as ``lower``,
``direction`` and ``mask`` (:func:`dplab.mechanisms.randomized_response.check_query`), and links as
``pair`` and ``event`` (:meth:`RRLab.with_state`).

The inline data holds the grid, the initial state and a *witness*: the exact weights and
pair numerators of the initial state, computed here by :mod:`dplab`.  The script checks its
own arithmetic against the witness before showing any verdict.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from dplab._validation import check_int
from dplab.finite import Certificate, RationalLike
from dplab.mechanisms import randomized_response as rr
from dplab.mechanisms.rr_lab_grid import LAB_GRID, delta_denominator
from dplab.views._display import chart_html, chart_spec
from dplab.views._labels import label
from dplab.views._tables import with_tables
from dplab.views.labs._shared import LabHtml, LabLinks, lab_key
from dplab.views.numbers import approx_text, compared_texts, decimal_text, value_text
from dplab.views.randomized_response import (
    DATASETS,
    claim_rows,
    distribution_layers,
    distribution_rows,
    distribution_table,
    event_rows,
    event_text,
    pair_layers,
    pair_rows,
    pair_text,
    pairs_table,
    profile_layers,
    profile_point_rows,
    profile_rows,
    profile_table,
)

__all__ = ["CLAIM_PATTERN", "RRLab", "parse_claim", "required_delta_text", "rr_lab"]

CLAIM_PATTERN = re.compile(r"[ \t]*([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]{1,4}))?[ \t]*")
"""A claimed δ as typed: ASCII digits, an optional point and exponent (``1e-5``), spaces or
tabs around; matched whole (``fullmatch``), as ``rr-lab.js`` does with ``^…$``."""

MAX_CLAIM_LENGTH = 200
MAX_MASK_DIGITS = 200


def parse_claim(text: str) -> Fraction | None:
    """The exact value of a claim δ the build writes (the lab's initial state, its links), or
    ``None`` if it is not a decimal in [0, 1].

    The page's box reads more (fractions, signs, thousands separators: ``readClaim`` in
    ``rr-lab.js``, through lab.js's ``readNumber``), and every text this accepts reads there
    to the same value (``tests/js/golden_rr_lab.py``).

    >>> parse_claim("0.437"), parse_claim(".5"), parse_claim("1e-5"), parse_claim("1")
    (Fraction(437, 1000), Fraction(1, 2), Fraction(1, 100000), Fraction(1, 1))
    >>> parse_claim("1.01"), parse_claim("-0.1"), parse_claim("0,5"), parse_claim(".")
    (None, None, None, None)
    """
    if len(text) > MAX_CLAIM_LENGTH:
        return None
    match = CLAIM_PATTERN.fullmatch(text)
    if not match:
        return None
    whole, digits, exponent = match.group(1), match.group(2) or "", match.group(3)
    if not (whole + digits):
        return None
    value = Fraction(int(whole + digits), 10 ** len(digits)) * Fraction(10) ** int(exponent or 0)
    return value if value <= 1 else None


def required_delta_text(numerator: int, n: int) -> str:
    """The exact required δ ``numerator / (10·100^n)`` as the lab prints it.

    >>> required_delta_text(4374 * 10**5, 4)
    '2187/5000 = 0.4374'
    >>> required_delta_text(0, 4), required_delta_text(10**25, 12)
    ('0', '1')
    """
    value = Fraction(numerator, delta_denominator(n))
    if value.denominator == 1:
        return str(value)
    decimal = decimal_text(numerator, 2 * n + 1)
    text = f"{value} = {decimal}"
    return text + f" (≈ {approx_text(value)})" if len(decimal) > 10 else text


# The label key of each slider, by name: every key written out (none is built at run
# time), so a search for a key finds where it is used.
_CONTROL_WORDS = {"n": "rr.lab_n", "p": "rr.lab_p", "alpha": "rr.lab_alpha"}


@dataclass(frozen=True)
class RRLab(LabLinks):
    """One lab on a page; its ``_repr_html_`` is the whole lab (see the module docstring).

    Its state as a link (:class:`~dplab.views.labs._shared.LabLinks`): ``n``, ``p``, ``alpha``,
    ``delta``, ``pair`` (``"1-2"``: source and target counts) and ``event`` (the outputs of
    S, ``"0,1"``).

    >>> rr_lab(key="lesson").href(p="0.9", pair=(2, 1), event=(3, 4))
    '#rr-lab-lesson?n=4&p=0.9&alpha=3.0&delta=0&pair=2-1&event=3,4'
    """

    prefix: ClassVar[str] = "rr"
    symbols: ClassVar[dict[str, str]] = {"alpha": "α", "delta": "δ"}
    n: int
    p_percent: int
    alpha_tenths: int
    delta: str
    lower: int
    direction: rr.Direction
    mask: int
    key: str

    @property
    def p(self) -> Fraction:
        return Fraction(self.p_percent, 100)

    @property
    def alpha(self) -> Fraction:
        return Fraction(self.alpha_tenths, 10)

    @property
    def requested_pair(self) -> tuple[int, int]:
        """The ordered pair asked for, before it is clamped to ``n``."""
        up = (self.lower, self.lower + 1)
        return up if self.direction == "up" else (up[1], up[0])

    def params(self) -> dict[str, str]:
        query = rr.check_query(self.n, self.p, self.lower, self.direction, self.mask, 1, 0)
        return {
            "n": str(self.n),
            "p": approx_text(self.p),
            "alpha": _alpha_text(self.alpha_tenths),
            "delta": self.delta,
            "pair": f"{query.pair.source}-{query.pair.target}",
            "event": ",".join(map(str, query.event.outputs)),
        }

    def state_text(self, name: str, value: str) -> str:
        if name == "pair":
            return label("rr.lab_state_pair").format(pair=value.replace("-", "→"))
        if name == "event":
            return f"S = {event_text(int(y) for y in value.split(',') if y)}"
        return super().state_text(name, value)

    def with_state(self, **changes: object) -> RRLab:
        """The lab in another state: the arguments of :func:`rr_lab`, or ``pair`` (an
        ordered pair of adjacent counts) and ``event`` (outputs) for ``lower``,
        ``direction`` and ``mask``."""
        state: dict[str, object] = {
            "n": self.n,
            "p": self.p,
            "alpha": self.alpha,
            "delta": self.delta,
            "lower": self.lower,
            "direction": self.direction,
            "mask": self.mask,
        }
        if "pair" in changes:
            pair = changes.pop("pair")
            if (
                not isinstance(pair, tuple)
                or len(pair) != 2
                or not all(isinstance(c, int) and c >= 0 for c in pair)
                or abs(pair[0] - pair[1]) != 1
            ):
                raise ValueError(
                    "pair must be two adjacent counts (source, target) such as (1, 2); "
                    f"got {pair!r}"
                )
            state["lower"], state["direction"] = min(pair), "up" if pair[0] < pair[1] else "down"
        if "event" in changes:
            event = changes.pop("event")
            if not isinstance(event, tuple | list) or not all(
                isinstance(y, int) and not isinstance(y, bool) and y >= 0 for y in event
            ):
                raise ValueError(f"event must be a tuple of outputs (integers ≥ 0); got {event!r}")
            state["mask"] = sum(1 << y for y in set(event))
        return self.remake(state, changes, rr_lab)

    @property
    def claim(self) -> Fraction:
        value = parse_claim(self.delta)
        assert value is not None  # checked by rr_lab
        return value

    def data(self) -> dict[str, object]:
        """The inline JSON: grid, initial state, dataset names and the exact witness."""
        common = delta_denominator(self.n)
        certificate = rr.certify(self.n, self.p, self.alpha, 0)
        laws = [rr.count_distribution(self.n, self.p, c) for c in range(self.n + 1)]
        return {
            "grid": {
                "n": [min(LAB_GRID.sizes), max(LAB_GRID.sizes)],
                "p_percent": [min(LAB_GRID.p_percents), max(LAB_GRID.p_percents)],
                "alpha_tenths": [min(LAB_GRID.alpha_tenths), max(LAB_GRID.alpha_tenths)],
            },
            "state": {
                "n": self.n,
                "p_percent": self.p_percent,
                "alpha_tenths": self.alpha_tenths,
                "delta": self.delta,
                "lower": self.lower,
                "direction": self.direction,
                "mask": str(self.mask),
            },
            "datasets": DATASETS,
            "witness": {
                "n": self.n,
                "p_percent": self.p_percent,
                "alpha_tenths": self.alpha_tenths,
                "weights": [
                    [str(w * (100**self.n // law.denominator)) for w in law.weights] for law in laws
                ],
                "pair_numerators": [
                    str(row.numerator * (common // row.denominator)) for row in certificate.pairs
                ],
            },
        }

    def outputs(self) -> dict[str, str]:
        """The text of every output for the initial state, keyed by its ``data-show`` name.

        Computed from :mod:`dplab` here; the script writes the same keys from its own
        arithmetic, and the browser test compares the two.
        """
        query = rr.check_query(
            self.n, self.p, self.lower, self.direction, self.mask, self.alpha, self.claim
        )
        certificate = rr.certify(self.n, self.p, self.alpha, self.claim)
        required = certificate.required_delta * delta_denominator(self.n)
        check = query.check
        compared = compared_texts(check.source_probability, check.bound)
        texts = {
            "n": str(self.n),
            "p": approx_text(self.p),
            "alpha": _alpha_text(self.alpha_tenths),
            "epsilon": label("rr.lab_epsilon").format(eps=f"{math.log(self.alpha):.4f}"),
            "pair-note": (
                label(
                    "rr.lab_pair_clamped",
                    requested=pair_text(*self.requested_pair),
                    pair=pair_text(query.pair.source, query.pair.target),
                )
                if query.pair.requested_lower != query.pair.lower
                else ""
            ),
            "event-note": label("rr.lab_event_set").format(event=event_text(query.event.outputs))
            + (
                " "
                + label("rr.lab_event_ignored").format(
                    ignored=event_text(_bits(query.event.ignored))
                )
                if query.event.ignored
                else ""
            ),
            "chip-event": label("rr.lab_chip_place").format(
                pair=pair_text(query.pair.source, query.pair.target),
                event=event_text(query.event.outputs),
            ),
            "pair": label("rr.lab_pair_text").format(
                source=query.pair.source, target=query.pair.target
            ),
            "event-values": label("rr.lab_event_values").format(
                ps=compared[0], qs=value_text(check.target_probability), bound=compared[1]
            ),
            "event-badge": label("rr.badge_pass") if check.passes else label("rr.badge_fail"),
            "event-verdict": label("rr.lab_event_pass")
            if check.passes
            else label("rr.lab_event_fail"),
            "required": label("rr.lab_required").format(
                exact=required_delta_text(int(required), self.n)
            ),
            "cert-badge": label("rr.badge_pass") if certificate.passes else label("rr.badge_fail"),
            "cert-verdict": label("rr.lab_cert_pass")
            if certificate.passes
            else label("rr.lab_cert_fail"),
            "worst": _worst_text(certificate),
            "scope": label("rr.lab_cert_scope", pairs=2 * self.n, events=2 ** (self.n + 1)),
            "pure": _pure_text(self.n, self.p),
            "mse": _mse_text(self.n, self.p),
        }
        return texts

    def _charts(self) -> dict[str, str]:
        query = rr.check_query(
            self.n, self.p, self.lower, self.direction, self.mask, self.alpha, self.claim
        )
        dist = distribution_layers(
            distribution_rows(
                self.n, self.p, query.pair.source, query.pair.target, query.event.outputs
            ),
            event_rows(query.event.outputs),
            width="container",
            height=200,
        )
        chosen = pair_text(query.pair.source, query.pair.target)
        pairs = pair_layers(
            [
                {**row, "chosen": row["pair"] == chosen}
                for row in pair_rows(self.n, self.p, self.alpha, self.claim)
            ],
            claim_rows(self.claim),
            width="container",
            height=190,
            pickable=True,
        )
        profile = profile_layers(
            profile_rows(self.n, self.p),
            profile_point_rows(self.alpha, self.claim),
            width="container",
            height=210,
        )
        return {
            "distributions": chart_html(
                chart_spec(
                    with_tables(
                        dist.properties(description=label("rr.lab_query_heading")),
                        distribution_table(label("rr.lab_query_heading")),
                    )
                ),
                column=True,
            ),
            "pairs": chart_html(
                chart_spec(
                    with_tables(
                        pairs.properties(description=label("rr.lab_cert_heading")),
                        pairs_table(label("rr.lab_cert_heading")),
                    )
                ),
                column=True,
            ),
            "profile": chart_html(
                chart_spec(
                    with_tables(
                        profile.properties(description=label("rr.lab_profile_heading")),
                        profile_table(label("rr.lab_profile_heading")),
                    )
                ),
                column=True,
            ),
        }

    def _repr_html_(self) -> str:
        h = LabHtml("rr", self.key, self.outputs())
        i = h.id
        charts = self._charts()
        query = rr.check_query(
            self.n, self.p, self.lower, self.direction, self.mask, self.alpha, self.claim
        )
        certificate = rr.certify(self.n, self.p, self.alpha, self.claim)
        bits = "".join(
            f'<label class="dplab-rr-bit"><input type="checkbox" data-bit="{y}"'
            f"{' checked' if query.event.effective >> y & 1 else ''}> {y}</label>"
            for y in range(self.n + 1)
        )

        def slider(name: str, texts: list[str], low: int, value: int, **options: Any) -> str:
            """An integer slider from ``low`` whose positions show ``texts``."""
            return h.slider(
                name, _CONTROL_WORDS[name], texts=texts, low=low, position=value - low, **options
            )

        def verdict(key: str, passes: bool, text_key: str) -> str:
            badge = h.badge(key, "pass" if passes else "fail")
            return f'<p class="dplab-rr-verdict">{badge} {h.show(text_key)}</p>'

        top = max(LAB_GRID.sizes)
        chosen = (query.pair.source, query.pair.target)
        pairs = "".join(
            f'<option value="{s}-{t}"{" selected" if (s, t) == chosen else ""}'
            f"{' hidden disabled' if max(s, t) > self.n else ''}>{pair_text(s, t)}</option>"
            for s, t in rr.count_pairs(top)
        )
        grid = LAB_GRID
        controls = [
            h.group(
                "rr.lab_mechanism",
                slider("n", [str(n) for n in grid.sizes], min(grid.sizes), self.n),
                slider(
                    "p",
                    [approx_text(Fraction(k, 100)) for k in grid.p_percents],
                    min(grid.p_percents),
                    self.p_percent,
                    valuetext=f"p = {h.texts['p']}",
                    probability=True,
                ),
            ),
            h.group(
                "rr.lab_claim",
                slider(
                    "alpha",
                    [_alpha_text(t) for t in grid.alpha_tenths],
                    min(grid.alpha_tenths),
                    self.alpha_tenths,
                    valuetext=f"α = {h.texts['alpha']}",
                    after=h.hint(h.show("epsilon")),
                ),
                h.field(
                    "delta",
                    "rr.lab_delta",
                    f'<input id="{i}-delta" name="delta" type="text" inputmode="decimal" '
                    f'spellcheck="false" value="{html.escape(self.delta)}" '
                    f'aria-describedby="{i}-delta-help {i}-delta-error">',
                    h.hint(h.words("rr.lab_delta_help"), ident="delta-help"),
                    h.error("delta-error", "rr.lab_delta_invalid", ident="delta-error"),
                    wide=True,
                ),
            ),
            h.group(
                "rr.lab_query",
                h.field(
                    "pair",
                    "rr.lab_pair",
                    f'<select id="{i}-pair" name="pair" aria-describedby="{i}-pair-note">'
                    f"{pairs}</select>",
                    h.hint(h.show("pair-note"), ident="pair-note"),
                    wide=True,
                ),
                h.group(
                    "rr.lab_bits",
                    f'<span data-show="bits">{bits}</span>',
                    h.hint(h.show("event-note")),
                    extra_class="dplab-rr-bits",
                ),
            ),
        ]
        chip = h.chip(
            f'<span class="dplab-lab-chip-item">{h.words("rr.lab_chip_cert")} '
            f"{h.badge('cert-badge', 'pass' if certificate.passes else 'fail')}"
            f"{h.show('required')}</span>",
            f'<span class="dplab-lab-chip-item">{h.words("rr.lab_chip_event")} '
            f"{h.badge('event-badge', 'pass' if query.check.passes else 'fail')}"
            f"{h.show('chip-event')}</span>",
        )
        outputs = [
            h.panel(
                "query",
                "rr.lab_query_heading",
                h.show("pair", "p"),
                h.chart("distributions", charts["distributions"]),
                h.show("event-values", "p"),
                verdict("event-badge", query.check.passes, "event-verdict"),
                h.note(h.words("rr.lab_event_note")),
            ),
            h.panel(
                "certificate",
                "rr.lab_cert_heading",
                h.show("required", "p"),
                verdict("cert-badge", certificate.passes, "cert-verdict"),
                h.show("worst", "p"),
                h.show("scope", "p", note=True),
                h.chart("pairs", charts["pairs"]),
            ),
            h.panel(
                "profile",
                "rr.lab_profile_heading",
                h.chart("profile", charts["profile"]),
                h.note(h.words("rr.lab_profile_note")),
            ),
            h.panel("utility", "rr.lab_utility_heading", h.show("pure", "p"), h.show("mse", "p")),
        ]
        return h.page(
            "rr.lab_title", self.data(), controls, outputs, chip=chip, error_key="rr.lab_error"
        )


def _bits(mask: int) -> tuple[int, ...]:
    """The outputs ``y`` whose bit ``2^y`` is in ``mask``."""
    return tuple(y for y in range(mask.bit_length()) if mask >> y & 1)


def _alpha_text(tenths: int) -> str:
    """α = t/10 as the lab writes it: ``"3.0"``."""
    return f"{tenths // 10}.{tenths % 10}"


def _worst_text(certificate: Certificate) -> str:
    """Every place (pair and event) attaining the required δ, or that every pair gives 0."""
    if certificate.required_delta == 0:
        return label("rr.lab_worst_zero")
    places = [
        label("rr.lab_place").format(pair=pair_text(*row.pair), event=event_text(row.event))
        for row in certificate.worst_rows
    ]
    return label("rr.lab_worst").format(places="; ".join(places))


def _pure_text(n: int, p: Fraction) -> str:
    pure = rr.pure_privacy(n, p)
    if not pure.finite:
        return label("rr.lab_pure_none")
    if pure.alpha == 1:
        return label("rr.lab_pure_zero")
    return label("rr.lab_pure").format(eps=f"{pure.epsilon:.4f}")


def _mse_text(n: int, p: Fraction) -> str:
    estimator = rr.debiased_estimator(n, p)
    if not estimator.available:
        return label("rr.lab_mse_none")
    assert estimator.mse is not None
    exact = str(estimator.mse)
    if estimator.mse.denominator != 1:
        exact += f" ≈ {approx_text(estimator.mse)}"
    return label("rr.lab_mse").format(exact=exact)


def _on_grid(name: str, value: RationalLike, scale: int, low: int, high: int) -> int:
    exact = Fraction(value)
    scaled = exact * scale
    if scaled.denominator != 1 or not low <= scaled <= high:
        raise ValueError(
            f"{name} must be on the lab's grid {low / scale:g}, {(low + 1) / scale:g}, …, "
            f"{high / scale:g}; got {value!r}"
        )
    return int(scaled)


def rr_lab(
    n: int = 4,
    p: RationalLike = "3/4",
    alpha: RationalLike = "3",
    delta: str = "0",
    lower: int = 1,
    direction: rr.Direction = "up",
    mask: int = 3,
    *,
    key: str | None = None,
) -> RRLab:
    """The lab, starting at the given state (each value must be reachable by its control).

    ``p`` on 0.50, 0.51, …, 1.00; ``alpha`` on 1.0, 1.1, …, 10.0; ``delta`` a decimal string
    in [0, 1] (see :func:`parse_claim`); ``lower``, ``direction`` and ``mask`` as in
    :func:`dplab.mechanisms.randomized_response.check_query`.  ``key`` names the lab's element ids
    (default: derived from the state, so that builds are reproducible).

    >>> lab = rr_lab(4, "0.9", "3", "0.05", lower=2, mask=16)
    >>> lab.outputs()["required"], lab.outputs()["event-badge"]
    ('필요한 δ = 2187/5000 = 0.4374', '✓ 통과')
    """
    n = check_int("n", n, low=1)
    if n > max(LAB_GRID.sizes):
        raise ValueError(f"n must be an integer in [1, {max(LAB_GRID.sizes)}]; got {n}")
    p_percent = _on_grid("p", p, 100, min(LAB_GRID.p_percents), max(LAB_GRID.p_percents))
    alpha_tenths = _on_grid(
        "alpha", alpha, 10, min(LAB_GRID.alpha_tenths), max(LAB_GRID.alpha_tenths)
    )
    if not isinstance(delta, str) or parse_claim(delta) is None:
        raise ValueError(
            f"delta must be a decimal string in [0, 1] such as '0.05' or '1e-5'; got {delta!r}"
        )
    rr.queried_pair(n, lower, direction)  # validates lower and direction
    rr.event_from_mask(n, mask)  # validates mask
    if len(str(mask)) > MAX_MASK_DIGITS:
        raise ValueError(f"mask must have at most {MAX_MASK_DIGITS} digits; got {len(str(mask))}")
    key = lab_key((n, p_percent, alpha_tenths, delta, lower, direction, mask), key)
    return RRLab(n, p_percent, alpha_tenths, delta, lower, direction, mask, key)
