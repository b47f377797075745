"""Reference values of the Gaussian mechanism's δ(ε), ln δ and calibrations, by mpmath.

Rerun from the repository root (about a minute on one core)::

    .venv/bin/python tools/gaussian_reference.py            # rewrites the table
    .venv/bin/python tools/gaussian_reference.py --check    # recomputes, compares, writes nothing

The output, ``tests/data/gaussian_reference.json``, is deterministic (sorted keys, fixed point
order, no timestamps) and committed; ``tests/maths/mechanisms/test_gaussian.py`` compares
:mod:`dplab.mechanisms.gaussian` against it.  Nothing here imports :mod:`dplab`: the values come
from the textbook formula of Balle & Wang (2018, Thm. 8),

    δ = Φ(h/2 − ε/h) − e^ε Φ(−h/2 − ε/h),   h = Δ/σ,

evaluated with mpmath's ``ncdf`` and ``exp`` at the exact binary values of the inputs.
The two terms cancel by up to ``log₁₀(first term / δ)`` digits, and an exponent as large
as ``|ln δ|`` costs ``log₁₀|ln δ|`` more, so each value is computed at 100 digits *plus*
those losses (measured first at a lower precision) plus a margin, and again 40 digits
higher; the script stops with an error unless both agree to 100 digits.
Calibration references solve ``δ(h) = target`` for ``h`` by the Illinois method to 45
digits, each checked the same way.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import mpmath as mp
import numpy as np

OUTPUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "gaussian_reference.json"
DIGITS = 100  # correct digits required of every value
CHECK_EXTRA = 40  # the confirming run works this many digits higher
STORED_DIGITS = 40  # significant digits written to the table


class ReferenceMismatch(RuntimeError):
    """Two runs at different precisions disagree: the reference cannot be trusted."""


def _terms(sensitivity: float, sigma: float, eps: float) -> tuple[mp.mpf, mp.mpf]:
    h = mp.mpf(sensitivity) / mp.mpf(sigma)
    e = mp.mpf(eps)
    first = mp.ncdf(h / 2 - e / h)
    second = mp.exp(e) * mp.ncdf(-h / 2 - e / h)
    return first, second


def _digits_lost(sensitivity: object, sigma: object, eps: object) -> int:
    """Digits a working precision loses on δ: the digits of ``|ln Φ(a)|`` (an exponent of
    size 10^k costs k digits of relative accuracy) plus the terms' shared leading digits,
    the latter measured at a precision that already covers the former."""
    with mp.workdps(30):
        exponent = int(mp.ceil(mp.log10(1 + abs(mp.log(_terms(sensitivity, sigma, eps)[0])))))
    dps = 30 + exponent
    while dps <= 200_000:
        with mp.workdps(dps):
            first, second = _terms(sensitivity, sigma, eps)
            difference = first - second
            if difference > 0 and difference > first * mp.mpf(10) ** (15 + exponent - dps):
                return exponent + max(0, int(mp.ceil(mp.log10(first / difference))))
        dps *= 2
    raise ReferenceMismatch(f"no cancellation estimate for {sensitivity, sigma, eps}")


def reference_delta(sensitivity: float, sigma: float, eps: float, digits: int = DIGITS) -> mp.mpf:
    """δ to ``digits`` correct digits, confirmed by a run ``CHECK_EXTRA`` digits higher."""
    lost = _digits_lost(sensitivity, sigma, eps)
    values = []
    for extra in (0, CHECK_EXTRA):
        with mp.workdps(digits + lost + 10 + extra):
            first, second = _terms(sensitivity, sigma, eps)
            values.append(first - second)
    with mp.workdps(digits + lost + 10 + CHECK_EXTRA):
        low, high = values
        if not (high > 0 and abs(low - high) <= high * mp.mpf(10) ** (-digits)):
            raise ReferenceMismatch(
                f"delta{sensitivity, sigma, eps}: runs disagree: {mp.nstr(low, 30)} "
                f"vs {mp.nstr(high, 30)}"
            )
        return +high


def _log_delta_at(sensitivity: mp.mpf, sigma: mp.mpf, eps: mp.mpf) -> mp.mpf:
    """ln δ at the current precision, working higher by the digits the terms share."""
    dps = mp.mp.dps
    with mp.workdps(dps + _digits_lost(sensitivity, sigma, eps) + 20):
        first, second = _terms(sensitivity, sigma, eps)
        return mp.log(first - second)


def _tolerance() -> mp.mpf:
    return mp.mpf(10) ** (15 - mp.mp.dps)


def _solve_h(eps: float, target: float) -> mp.mpf:
    """``h`` with ``δ(h, ε) = target`` (δ increases in h), to about 45 digits."""

    def excess(log_h: mp.mpf) -> mp.mpf:
        return _log_delta_at(mp.exp(log_h), mp.mpf(1), eps) - mp.log(target)

    # Bracket in log h around the Gaussian-tail guess, then Illinois (bracketing secant).
    x = math.sqrt(2 * max(-math.log(target), 0.5))
    guess = math.log(2 * eps / (math.sqrt(x * x + 2 * eps) + x)) if eps > 0 else 0.0
    low, high, step = mp.mpf(guess), mp.mpf(guess), mp.mpf(1)
    while excess(low) > 0:
        low, step = low - step, 2 * step
    step = mp.mpf(1)
    while excess(high) < 0:
        high, step = high + step, 2 * step
    return mp.exp(mp.findroot(excess, (low, high), solver="illinois", tol=_tolerance()))


def reference_h(eps: float, target: float) -> mp.mpf:
    """The solved ``h``, confirmed by a second solve 40 digits higher."""
    with mp.workdps(60):
        low = _solve_h(eps, target)
    with mp.workdps(60 + CHECK_EXTRA):
        high = _solve_h(eps, target)
        if abs(low - high) > high * mp.mpf(10) ** -45:
            raise ReferenceMismatch(f"h for eps={eps}, delta={target}: solves disagree")
        return +high


# --- the grid ---------------------------------------------------------------------------

GRID_H = [float(v) for v in np.logspace(-3, 3, 25)]
GRID_EPS = [0.0, 1e-6, 1e-3, 0.01, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 300.0,
            1000.0, 3000.0, 10000.0]  # fmt: skip
# The lesson's slider states: three query sensitivities (sum or count of n = 4 records in
# [0, 1], the mean of 4, the mean of 32) × six noise levels × ten ε values = 180 points.
LESSON_SENSITIVITY = [1.0, 0.25, 0.03125]
LESSON_SIGMA = [0.25, 0.5, 1.0, 2.0, 5.0, 10.0]
LESSON_EPS = [0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 10.0]
# Around the switch points of dplab.mechanisms.gaussian (x = ε/h − h/2 ∈ {0, 10}, h = 1) and where
# the two terms cancel most (small h, large x), each as (h, x) with ε = h(x + h/2).
BOUNDARY_H = [1e-3, 0.3, 0.999999, 1.0, 1.000001, 3.0]
BOUNDARY_X = [-0.25, 0.0, 1e-9, 0.5, 2.0, 9.9999999, 10.0, 10.0000001, 12.0, 40.0, 1e3]
SEED = 20_181_218  # fixed: the table must not change between runs


def points() -> list[tuple[str, float, float, float]]:
    """``(group, sensitivity, sigma, eps)`` in a fixed order."""
    rows = [("grid", h, 1.0, eps) for h in GRID_H for eps in GRID_EPS]
    rows += [
        ("lesson", d, s, e) for d in LESSON_SENSITIVITY for s in LESSON_SIGMA for e in LESSON_EPS
    ]
    for h in BOUNDARY_H:
        for x in BOUNDARY_X:
            eps = h * (x + h / 2)
            if eps >= 0 and eps <= 1e4:
                rows.append(("boundary", h, 1.0, eps))
    rng = np.random.default_rng(SEED)
    for _ in range(120):  # inexact h = Δ/σ: random Δ and σ, ε log-uniform or 0
        sensitivity = float(10 ** rng.uniform(-2, 2))
        sigma = sensitivity / float(10 ** rng.uniform(-3, 3))
        eps = 0.0 if rng.uniform() < 0.1 else float(10 ** rng.uniform(-6, 4))
        rows.append(("random", sensitivity, sigma, eps))
    return rows


CALIBRATION_EPS = [0.0, 0.01, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 100.0, 1000.0, 10000.0]
CALIBRATION_DELTA = [1e-300, 1e-100, 1e-20, 1e-10, 1e-5, 1e-2, 0.1, 0.5]
EPS_FOR_SIGMA = [0.01, 0.1, 0.5, 1.0, 2.0, 10.0, 100.0]
EPS_FOR_DELTA = [1e-300, 1e-50, 1e-10, 1e-5, 1e-2, 0.3]


def _text(value: mp.mpf) -> str:
    return mp.nstr(value, STORED_DIGITS, min_fixed=-4, max_fixed=6, strip_zeros=False)


def _delta_row(group: str, sensitivity: float, sigma: float, eps: float) -> dict[str, str]:
    value = reference_delta(sensitivity, sigma, eps)
    with mp.workdps(DIGITS):
        return {
            "group": group,
            "sensitivity": repr(sensitivity),
            "sigma": repr(sigma),
            "eps": repr(eps),
            "delta": _text(value),
            "log_delta": _text(mp.log(value)),
        }


def _sigma_rows() -> list[dict[str, str]]:
    rows = []
    for eps in CALIBRATION_EPS:
        for target in CALIBRATION_DELTA:
            h = reference_h(eps, target)
            with mp.workdps(DIGITS):
                rows.append({"eps": repr(eps), "delta": repr(target), "sigma": _text(1 / h)})
    return rows


def _eps_rows() -> list[dict[str, str]]:
    rows = []
    for sigma in EPS_FOR_SIGMA:
        for target in EPS_FOR_DELTA:
            with mp.workdps(DIGITS):
                at_zero = reference_delta(1.0, sigma, 0.0, digits=40)
                if at_zero <= target:
                    rows.append({"sigma": repr(sigma), "delta": repr(target), "eps": "0"})
                    continue
            eps = _solve_eps(sigma, target)
            with mp.workdps(DIGITS):
                rows.append({"sigma": repr(sigma), "delta": repr(target), "eps": _text(eps)})
    return rows


def _solve_eps(sigma: float, target: float) -> mp.mpf:
    """ε with ``δ(Δ=1, σ, ε) = target``, by Illinois on ε, checked 40 digits higher."""
    results = []
    for dps in (60, 60 + CHECK_EXTRA):
        with mp.workdps(dps):

            def excess(eps: mp.mpf) -> mp.mpf:
                return _log_delta_at(mp.mpf(1), mp.mpf(sigma), eps) - mp.log(target)

            high = mp.mpf(1)
            while excess(high) > 0:
                high *= 2
            results.append(
                mp.findroot(excess, (mp.mpf(0), high), solver="illinois", tol=_tolerance())
            )
    with mp.workdps(60 + CHECK_EXTRA):
        if abs(results[0] - results[1]) > results[1] * mp.mpf(10) ** -45:
            raise ReferenceMismatch(f"eps for sigma={sigma}, delta={target}: solves disagree")
        return +results[1]


# The seed lesson's numbers: the table must reproduce them to the digits the lesson shows.
SEED_EXAMPLES = [
    ("sum n=4 B=1 sigma=1 eps=1", (1.0, 1.0, 1.0), "delta", "0.12693674", 8),
    ("mean n=4 B=1 sigma=1 eps=1", (0.25, 1.0, 1.0), "delta", "2.9242721e-6", 8),
    ("mean n=32 sigma=10 eps=10", (0.03125, 10.0, 10.0), "log10_delta", "-2223595.4904", 11),
    ("eps=0: 2 Phi(1/2) - 1", (1.0, 1.0, 0.0), "delta", "0.3829249225", 10),
]


def _check_seed_examples() -> dict[str, dict[str, str]]:
    examples = {}
    for name, (sensitivity, sigma, eps), kind, shown, digits in SEED_EXAMPLES:
        value = reference_delta(sensitivity, sigma, eps)
        with mp.workdps(DIGITS):
            number = mp.log10(value) if kind == "log10_delta" else value
            if mp.nstr(number, digits) != mp.nstr(mp.mpf(shown), digits):
                raise ReferenceMismatch(f"{name}: {mp.nstr(number, 20)} does not round to {shown}")
            examples[name] = {
                "sensitivity": repr(sensitivity),
                "sigma": repr(sigma),
                "eps": repr(eps),
                kind: _text(number),
            }
    with mp.workdps(DIGITS):
        mae = mp.sqrt(2 / mp.pi)
        if mp.nstr(mae, 8) != "0.79788456":
            raise ReferenceMismatch(f"mean absolute error {mae} does not round to 0.79788456")
        examples["mean absolute error at sigma=1"] = {"sigma": "1.0", "value": _text(mae)}
    return examples


def build() -> dict[str, object]:
    rows = [_delta_row(*row) for row in points()]
    return {
        "about": (
            "Gaussian mechanism reference values by tools/gaussian_reference.py (mpmath, "
            f"{DIGITS} correct digits, each confirmed {CHECK_EXTRA} digits higher; "
            f"{STORED_DIGITS} significant digits stored). Inputs are the exact binary "
            "values of the decimal strings; sensitivity is Delta, sigma the noise std."
        ),
        "delta": rows,
        "sigma_for": _sigma_rows(),
        "eps_for": _eps_rows(),
        "seed_examples": _check_seed_examples(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the stored table")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    text = json.dumps(build(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if args.check:
        if args.output.read_text(encoding="utf-8") != text:
            print(f"{args.output} differs from a fresh computation", file=sys.stderr)
            return 1
        print(f"{args.output} matches a fresh computation")
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    table = json.loads(text)
    print(
        f"wrote {args.output}: {len(table['delta'])} delta values, "
        f"{len(table['sigma_for'])} sigma and {len(table['eps_for'])} eps calibrations"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
