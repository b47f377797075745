"""The Laplace lab's core (``laplace-lab-core.js``) against :mod:`dplab.views.labs.laplace`.

The payload is the lesson's lab data as the build embeds it (:meth:`LaplaceLab.data`), with
the page's labels.  Node checks the core, from that payload, against:

* ``exact``: the sensitivity ``Δ`` and the pure ``ε = Δ/b`` of every (kind, n, B, b) of the
  grid, in the grid's order: exactly :mod:`dplab.mechanisms.queries` and
  :func:`dplab.mechanisms.laplace.epsilon`;
* ``delta``: ``δ(ε)`` for every pure ε that occurs and every ε of the grid, against
  :func:`dplab.mechanisms.laplace.delta` (relative error ≤ 1e-12, zero exactly where dplab's is).
  dplab's δ depends on a state only through the exact ``Δ/b`` and ``ε``, so with ``exact``
  this covers every state;
* ``texts``: every text the lab shows (:meth:`LaplaceLab.outputs`) at :func:`text_states`;
* ``rows``: every chart's rows (:meth:`LaplaceLab.chart_rows`) at :func:`row_states`, the
  doubles of densities and δ within 1e-12 (``Math.exp``/``expm1`` against libm's);
* ``rules``: the text rules the core uses (``approx_text``, ``number_text``,
  ``exact_text``) on awkward values.
"""

from __future__ import annotations

import random
from fractions import Fraction

from dplab.mechanisms import laplace
from dplab.views import laplace as lv
from dplab.views._labels import LABELS
from dplab.views.labs.laplace import (
    DATASETS,
    LAB_BOUNDS,
    LAB_EPS,
    LAB_SCALES,
    LAB_SIZES,
    LaplaceLab,
    laplace_lab,
)
from dplab.views.numbers import approx_text, fraction_decimal_text, number_text
from tests.js.golden import ratio_text

State = tuple[str, int, Fraction, Fraction, Fraction]  # kind, n, B, b, ε

LESSON = ("sum", 4, Fraction(1), Fraction(1), Fraction(1, 2))
"""The state the lesson builds its lab at (lessons_src/03-laplace.md)."""


def lesson_lab() -> LaplaceLab:
    return laplace_lab(*LESSON, key="lesson")


def text_states() -> list[State]:
    """The lesson's state, the grid's corners, states reached by keyboard, and a random sample."""
    rng = random.Random(5)
    states: list[State] = [
        LESSON,
        ("mean", 1000, Fraction(1, 2), Fraction(1, 1000), Fraction(0)),
        ("constant", 1, Fraction(10), Fraction(100), Fraction(5)),
        ("count", 3, Fraction(3, 2), Fraction(4, 10), Fraction(5, 2)),
        ("sum", 10, Fraction(10), Fraction(12, 10000), Fraction(1, 20)),
        ("sum", 4, Fraction(1), Fraction(1), Fraction(11, 10)),  # ε past Δ/b by keyboard
        ("mean", 4, Fraction(1), Fraction(1), Fraction(11, 10)),
    ]
    for _ in range(36):
        states.append(
            (
                rng.choice(lv.QUERY_KINDS),
                rng.choice(LAB_SIZES),
                rng.choice(LAB_BOUNDS),
                rng.choice(LAB_SCALES),
                rng.choice(LAB_EPS),
            )
        )
    for kind in lv.QUERY_KINDS:  # every kind at each end of every control
        for n in (LAB_SIZES[0], LAB_SIZES[-1]):
            for bound in (LAB_BOUNDS[0], LAB_BOUNDS[-1]):
                for scale in (LAB_SCALES[0], LAB_SCALES[-1]):
                    for eps in (LAB_EPS[0], LAB_EPS[-1]):
                        states.append((kind, n, bound, scale, eps))
    return states


def row_states() -> list[State]:
    """States whose chart rows are compared: the lesson's and three far apart."""
    return [
        LESSON,
        ("mean", 10, Fraction(3, 2), LAB_SCALES[17], Fraction(12, 20)),
        ("sum", 1000, Fraction(10), LAB_SCALES[0], Fraction(100, 20)),
        ("count", 4, Fraction(1, 2), LAB_SCALES[50], Fraction(0)),
    ]


def positions(state: State) -> dict[str, object]:
    """The controls' positions of a state (n and scale: indices; B in halves; ε in twentieths)."""
    kind, n, bound, scale, eps = state
    return {
        "kind": kind,
        "n": LAB_SIZES.index(n),
        "bound": int(bound * 2),
        "scale": LAB_SCALES.index(scale),
        "eps": int(eps * 20),
    }


def exact_cases() -> tuple[list[str], dict[Fraction, tuple[Fraction, Fraction]]]:
    """Δ and Δ/b over the grid (kind, n, B, b in the grid's order), and one (Δ, b) per Δ/b."""
    got, classes = [], {}
    for kind in lv.QUERY_KINDS:
        for n in LAB_SIZES:
            for bound in LAB_BOUNDS:
                d = lv.lesson_query(kind, n, bound).sensitivity
                for scale in LAB_SCALES:
                    pure = laplace.epsilon(d, scale)
                    classes.setdefault(pure, (d, scale))
                    got.append(f"{ratio_text(d)} {ratio_text(pure)}")
    return got, classes


def rule_values() -> tuple[list[Fraction], list[float]]:
    """Ratios and doubles on which the text rules are compared."""
    rng = random.Random(3)
    values = [Fraction(1, 64), Fraction(1, 2048), Fraction(2500, 3), Fraction(-7, 3)]
    values += [Fraction(rng.randint(1, 10**6), rng.randint(1, 10**6)) for _ in range(300)]
    values += [Fraction(5, 10**k) for k in range(12)] + [Fraction(99995, 10**5), Fraction(0)]
    floats = [laplace.delta(1, 1, Fraction(k, 97)) for k in range(97)]
    floats += [0.015625, 0.5, 1.0, 1e-300, 0.999999999, 5e-324, rng.random()]
    return values, floats


def chart_rows(lab: LaplaceLab) -> dict[str, list[dict]]:
    """The lab's chart rows by dataset name (the names the script writes)."""
    return {DATASETS[key]: rows for key, rows in lab.chart_rows().items()}


def golden() -> dict[str, object]:
    exact, classes = exact_cases()
    values, floats = rule_values()
    delta = [
        [ratio_text(pure), [laplace.delta(d, scale, eps) for eps in LAB_EPS]]
        for pure, (d, scale) in sorted(classes.items())
    ]
    return {
        "labels": LABELS["ko"],
        "payload": lesson_lab().data(),
        "exact": exact,
        "delta": delta,
        "texts": [[positions(s), laplace_lab(*s).outputs()] for s in text_states()],
        "rows": [[positions(s), chart_rows(laplace_lab(*s))] for s in row_states()],
        "rules": {
            "values": [
                [
                    ratio_text(v),
                    [approx_text(v), approx_text(v, 6), number_text(v), fraction_decimal_text(v)],
                ]
                for v in values
            ],
            "floats": [[x, approx_text(x)] for x in floats],
        },
    }
