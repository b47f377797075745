"""The inference lab's core (``inference-lab-core.js``) against :mod:`dplab.views.labs.inference`.

The payload is the lesson's lab data as the build embeds it (:meth:`InferenceLab.data`: the
grid of what depends on the mechanism, computed by dplab, and the state the build wrote),
with the page's labels.  The core looks δ, the curve and the power texts up in that grid
and computes the rest exactly; Node checks, from the payload:

* ``texts``: every text at every state of :func:`text_states` equals
  :meth:`InferenceLab.outputs`.  Each text depends only on some controls: the posterior,
  ratio, badge and reading on (setting, α, prior, event), the allowed power on (setting, α,
  level), the mechanism's power on (setting, level); the states run over every (setting, α)
  with every (prior, event) and with every level, so every value any state shows;
* ``rows``: every chart's rows (:meth:`InferenceLab.chart_rows`) at :func:`row_states`, the
  doubles within 1e-12 (or 1e-15);
* ``doubles``: lab.js reads a double as its exact binary value;
* ``rounding``: lab.js rounds a bound outward as ``approx_text``/``value_text`` do.

``tests/views/labs/test_inference.py`` checks these same texts against Bayes' rule.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

from dplab.views._labels import LABELS
from dplab.views.labs.inference import (
    LAB_ALPHAS,
    LAB_EVENTS,
    LAB_LEVELS,
    LAB_PRIORS,
    LAB_PS,
    LAB_SCALES,
    LAB_SIGMAS,
    LAB_SIZES,
    InferenceLab,
    inference_lab,
)
from dplab.views.numbers import approx_text, value_text

START = inference_lab("rr", 1, "0.75", alpha=3, prior="0.5", key="lesson")
"""The lab as the lesson builds it (lessons_src/06-inference.md)."""

CONTROLS = ("mechanism", "n", "p", "scale", "sigma", "alpha", "prior", "event", "level")
"""A state's grid indices (the mechanism: its name), in the order the vectors list them."""

DEFAULTS = {  # the grid indices of the lesson's state
    "n": LAB_SIZES.index(START.n),
    "p": LAB_PS.index(START.p),
    "scale": LAB_SCALES.index(START.scale),
    "sigma": LAB_SIGMAS.index(START.sigma),
    "alpha": LAB_ALPHAS.index(START.alpha),
    "prior": LAB_PRIORS.index(START.prior),
    "event": LAB_EVENTS.index(START.event),
    "level": LAB_LEVELS.index(START.level),
}


def settings() -> Iterator[tuple[dict, dict]]:
    """(state arguments, grid indices) of every mechanism setting."""
    for i, n in enumerate(LAB_SIZES):
        for j, p in enumerate(LAB_PS):
            yield {"mechanism": "rr", "n": n, "p": p}, {"mechanism": "rr", "n": i, "p": j}
    for k, scale in enumerate(LAB_SCALES):
        yield {"mechanism": "laplace", "scale": scale}, {"mechanism": "laplace", "scale": k}
    for k, sigma in enumerate(LAB_SIGMAS):
        yield {"mechanism": "gaussian", "sigma": sigma}, {"mechanism": "gaussian", "sigma": k}


def text_states() -> Iterator[tuple[dict, dict]]:
    """(arguments of :func:`inference_lab`, grid indices): every (setting, α) with every
    (prior, event), then with every level."""
    for arguments, indices in settings():
        for a, alpha in enumerate(LAB_ALPHAS):
            for r, prior in enumerate(LAB_PRIORS):
                for e, event in enumerate(LAB_EVENTS):
                    state = arguments | {"alpha": alpha, "prior": prior, "event": event}
                    yield state, DEFAULTS | indices | {"alpha": a, "prior": r, "event": e}
            for k, level in enumerate(LAB_LEVELS):
                state = arguments | {"alpha": alpha, "level": level}
                yield state, DEFAULTS | indices | {"alpha": a, "level": k}


def row_states() -> Iterator[tuple[InferenceLab, dict]]:
    """Every ninth setting at α = 2, Pr[H] = 0.3, Q(S) = 0.01, and the lesson's state."""
    yield START, DEFAULTS | {"mechanism": START.mechanism}
    for arguments, indices in list(settings())[::9]:
        lab = inference_lab(**arguments, alpha="2", prior="0.3", event="0.01")
        yield (
            lab,
            DEFAULTS
            | indices
            | {
                "alpha": LAB_ALPHAS.index("2"),
                "prior": LAB_PRIORS.index("0.3"),
                "event": LAB_EVENTS.index("0.01"),
            },
        )


def _listed(indices: dict) -> list:
    return [indices[name] for name in CONTROLS]


def rounding_values() -> list[Fraction]:
    """Ratios around the rounding rules' edges, and random ones over many decades."""
    rng = random.Random(11)
    values = [Fraction(3001, 102001), Fraction(99999, 10**5), Fraction(-1, 3), Fraction(1, 3)]
    for _ in range(300):
        scale = Fraction(10) ** rng.randint(-12, 8)
        values.append(
            Fraction(rng.choice([-1, 1]) * rng.randint(1, 10**9), rng.randint(1, 10**9)) * scale
        )
    return values


def double_values() -> list[float]:
    """Doubles of every kind: subnormal, tiny, round, random over many decades, negative."""
    rng = random.Random(7)
    values = [0.1, 1e-300, 5e-324, 2.2250738585072014e-308, 0.5, 1.0, 123456.789, -0.3]
    return values + [rng.random() * 10 ** rng.randint(-30, 3) for _ in range(200)]


def golden() -> dict[str, object]:
    keys = sorted(START.outputs())
    texts = []
    for arguments, indices in text_states():
        outputs = inference_lab(**arguments).outputs()
        assert sorted(outputs) == keys
        texts.append([_listed(indices), [outputs[key] for key in keys]])
    return {
        "labels": LABELS["ko"],
        "payload": START.data(),
        "controls": list(CONTROLS),
        "keys": keys,
        "texts": texts,
        "rows": [[_listed(indices), lab.chart_rows()] for lab, indices in row_states()],
        "doubles": [
            [x, f"{Fraction(x).numerator}/{Fraction(x).denominator}"] for x in double_values()
        ],
        "rounding": [
            [
                f"{v.numerator}/{v.denominator}",
                [
                    text
                    for bound in ("upper", "lower")
                    for text in (approx_text(v, bound=bound), value_text(v, bound=bound))
                ],
            ]
            for v in rounding_values()
        ],
    }
