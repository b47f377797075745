"""Speed and accuracy of dplab.mechanisms.gaussian next to the naive SciPy formula and
dp_accounting.

Run, with dp_accounting available (it pins ``attrs<24``, which conflicts with this
project's lock file, so it lives in a separate virtual environment)::

    python3 -m venv .venv-bench
    .venv-bench/bin/pip install -e . dp-accounting==0.6.0     # or: -e '.[bench]'
    .venv-bench/bin/python bench/gaussian.py

``.venv/bin/python bench/gaussian.py`` also runs and reports dp_accounting as missing.

Every method evaluates δ(ε) for Gaussian noise at the 789 points of
``tests/data/gaussian_reference.json`` (h = Δ/σ from 1e-3 to 1e3, ε from 0 to 1e4) and is
scored against the 100-digit mpmath values stored there:

* ``pts/s``: points per CPU second, for one call per point (``scalar``) and for the fewest
  calls the API allows (``vector``: one call for dplab and SciPy; for dp_accounting, one
  ``GaussianPrivacyLoss`` per distinct (Δ, σ) with its ε values in one call);
* ``δ err``: the largest relative error of δ over the points where δ is a normal double;
* ``ln δ err``: the largest relative error of ln δ over the points where δ underflows (a
  method that returns δ = 0 there has an infinite error);
* ``wrong``: points where the method returns δ ≤ 0, NaN or ±inf although δ > 0 (for
  dplab, ``delta`` raises instead of returning a value where δ underflows, and ``log_delta``
  is used there).

After each table of δ, the speed of one dplab call per point is compared with one call of
each of dp_accounting's scalar δ functions on the same points (the private
``gaussian_mechanism._get_log_delta`` that its calibrations use, and the public
``GaussianPrivacyLoss.get_delta_for_epsilon``): the ratio of CPU times, median and range
over ``SPEED_ROUNDS`` rounds that time every method in turn.

A second table does the same on random inputs (``RANDOM_POINTS`` of them, seeded): h = Δ/σ
log-uniform in [1e-12, 1e3], σ in [1e-3, 1e3], and x = ε/h − h/2 spread over [−h/2, 40] or
placed near a branch point of dplab's evaluator, each scored against mpmath at 400 bits
from the exact binary inputs.  A third does the same for the calibrations against the
table's σ* and ε*; ``unsafe`` counts results below the exact minimum, i.e. claims that are
false.  A fourth times the case dp_accounting vectorises best: one σ, 100,000 values of ε.
"""

from __future__ import annotations

import json
import math
import time
import warnings
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import mpmath as mp
import numpy as np
from _record import record  # bench/, the script's folder
from scipy import stats

from dplab.mechanisms import gaussian

TABLE = json.loads(
    (
        Path(__file__).resolve().parent.parent / "tests" / "data" / "gaussian_reference.json"
    ).read_text(encoding="utf-8")
)
TINY = float(np.finfo(np.float64).tiny)

try:
    from dp_accounting import gaussian_mechanism as dp_gaussian
    from dp_accounting.pld import privacy_loss_mechanism as dp_pld
except ImportError as error:  # pragma: no cover - depends on the environment
    dp_gaussian = dp_pld = None
    DP_MISSING = f"dp_accounting is not installed ({error}); see the module docstring"
else:
    DP_MISSING = ""


def timed(action: Callable[[], object], *, minimum: float = 0.3) -> tuple[float, object]:
    """CPU seconds per run of ``action`` (repeated until ``minimum`` CPU seconds have passed).

    CPU time of this process, not wall time, so that other work on a shared machine does
    not distort the ratios between methods.
    """
    runs, start = 0, time.process_time()
    while True:
        result = action()
        runs += 1
        elapsed = time.process_time() - start
        if elapsed >= minimum:
            return elapsed / runs, result


# --- δ(ε) at the reference points -------------------------------------------------------


def naive_scipy(sensitivity, sigma, eps):
    """The textbook formula with scipy.stats.norm.cdf and exp(ε), as often written."""
    h = np.asarray(sensitivity) / np.asarray(sigma)
    eps = np.asarray(eps)
    with np.errstate(all="ignore"):
        return stats.norm.cdf(h / 2 - eps / h) - np.exp(eps) * stats.norm.cdf(-h / 2 - eps / h)


def dp_accounting_delta(sensitivity: float, sigma: float, eps):
    """dp_accounting's public δ(ε): ``GaussianPrivacyLoss(...).get_delta_for_epsilon``."""
    loss = dp_pld.GaussianPrivacyLoss(sigma, sensitivity=sensitivity)
    return loss.get_delta_for_epsilon(eps)


def dp_accounting_grouped(sensitivity, sigma, eps) -> np.ndarray:
    groups = defaultdict(list)
    for index, key in enumerate(zip(sensitivity, sigma, strict=True)):
        groups[key].append(index)
    result = np.empty(len(eps))
    for (d, s), indices in groups.items():
        result[indices] = dp_accounting_delta(d, s, list(eps[indices]))
    return result


def dp_accounting_log(sensitivity: float, sigma: float, eps: float) -> float:
    """dp_accounting's internal ln δ used by its calibrations (sensitivity scaled to 1)."""
    return dp_gaussian._get_log_delta(sigma / sensitivity, eps)


def delta_scores(deltas, logs, references) -> tuple[str, str, str]:
    """Formatted ``(δ err, ln δ err, wrong)`` of values against reference rows.

    ``deltas[i]`` is None where the method gives no δ value (dplab where δ underflows);
    ``logs[i]`` is None where it gives no ln δ (then the ln of its δ is scored).
    """
    worst_delta = worst_log = 0.0
    wrong = 0
    with mp.workdps(60):
        for row, value, log_value in zip(references, deltas, logs, strict=True):
            exact = mp.mpf(row["delta"])
            valid = value is not None and value > 0 and math.isfinite(value)
            wrong += value is not None and not valid
            if exact >= TINY:
                error = float(abs(mp.mpf(value) - exact) / exact) if valid else math.inf
                worst_delta = max(worst_delta, error)
                continue
            if log_value is None:
                log_value = math.log(value) if valid else -math.inf
            exact_log = mp.mpf(row["log_delta"])
            if math.isfinite(log_value):
                error = float(abs(mp.mpf(log_value) - exact_log) / abs(exact_log))
            else:
                error = math.inf
            worst_log = max(worst_log, error)
    return f"{worst_delta:.1e}", f"{worst_log:.1e}", str(wrong)


def delta_rows(rows_in: list[dict] = TABLE["delta"]) -> list[list[str]]:
    """Speed and accuracy of every method at the points of ``rows_in`` (reference rows)."""

    def row(method: str, mode: str, rate: float, deltas, logs=None) -> list[str]:
        logs = [None] * len(deltas) if logs is None else logs
        return [method, mode, f"{rate:,.0f}", *delta_scores(deltas, logs, rows_in)]

    d = np.array([float(r["sensitivity"]) for r in rows_in])
    s = np.array([float(r["sigma"]) for r in rows_in])
    e = np.array([float(r["eps"]) for r in rows_in])
    normal = np.array([mp.mpf(r["delta"]) >= TINY for r in rows_in])
    points = list(zip(d.tolist(), s.tolist(), e.tolist(), strict=True))
    rate = len(points)
    table = []

    # dplab: delta() where δ is a normal double, log_delta() where it underflows (delta()
    # raises there); "vector" is one call of each, "scalar" one call per point.
    def dplab_vector():
        values = [None] * len(points)
        for index, value in zip(
            np.flatnonzero(normal), gaussian.delta(d[normal], s[normal], e[normal]), strict=True
        ):
            values[index] = value
        logs = [None] * len(points)
        for index, value in zip(
            np.flatnonzero(~normal),
            gaussian.log_delta(d[~normal], s[~normal], e[~normal]),
            strict=True,
        ):
            logs[index] = value
        return values, logs

    def dplab_scalar():
        return dplab_scalar_calls(points, normal)

    for mode, action in (("vector", dplab_vector), ("scalar", dplab_scalar)):
        seconds, (values, logs) = timed(action)
        table.append(row("dplab.mechanisms.gaussian", mode, rate / seconds, values, logs))

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seconds, values = timed(lambda: naive_scipy(d, s, e))
        table.append(row("SciPy naive", "vector", rate / seconds, values))
        seconds, values = timed(lambda: [float(naive_scipy(*p)) for p in points])
        table.append(row("SciPy naive", "scalar", rate / seconds, values))
        if dp_pld is None:
            table.append(["dp_accounting", "-", "not installed", "", "", ""])
            return table
        seconds, values = timed(lambda: dp_accounting_grouped(d, s, e))
        table.append(row("dp_accounting PLD", "vector", rate / seconds, values))
        seconds, values = timed(lambda: [dp_accounting_delta(*p) for p in points])
        table.append(row("dp_accounting PLD", "scalar", rate / seconds, values))
        seconds, logs = timed(lambda: [dp_accounting_log(*p) for p in points])
        name = "dp_accounting _get_log_delta"
        table.append(row(name, "scalar", rate / seconds, np.exp(logs).tolist(), logs))
    return table


def dplab_scalar_calls(points, normal) -> tuple[list, list]:
    """One dplab call per point: delta() where δ is a normal double, else log_delta()."""
    pairs = [
        (gaussian.delta(*p), None) if n else (None, gaussian.log_delta(*p))
        for p, n in zip(points, normal, strict=True)
    ]
    return [v for v, _ in pairs], [log for _, log in pairs]


SPEED_ROUNDS = 5


def scalar_ratios(rows_in: list[dict]) -> list[list[str]]:
    """How many times faster one dplab call per point is than one call of each of
    dp_accounting's δ functions, on the same points: the median and the range over
    ``SPEED_ROUNDS`` rounds, each round timing every method once, one after the other."""
    if dp_pld is None:
        return [["dp_accounting", "not installed", "", ""]]
    points = [(float(r["sensitivity"]), float(r["sigma"]), float(r["eps"])) for r in rows_in]
    normal = [mp.mpf(r["delta"]) >= TINY for r in rows_in]
    rivals = {
        "_get_log_delta (private)": lambda: [dp_accounting_log(*p) for p in points],
        "PLD get_delta_for_epsilon": lambda: [dp_accounting_delta(*p) for p in points],
    }
    ratios = defaultdict(list)
    own = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(SPEED_ROUNDS):
            seconds, _ = timed(lambda: dplab_scalar_calls(points, normal))
            own.append(seconds / len(points))
            for name, action in rivals.items():
                ratios[name].append(timed(action)[0] / len(points) / own[-1])
    table = []
    microseconds = f"{np.median(own) * 1e6:.1f}"
    for name, values in ratios.items():
        spread = f"{min(values):.2f}–{max(values):.2f}×"
        table.append([name, f"{np.median(values):.2f}×", spread, microseconds])
    return table


# --- random inputs ----------------------------------------------------------------------

RANDOM_POINTS = 2000
BRANCH_POINTS = (0.0, 1 / 16, 2.0, 4.0, 10.0, 37.0)  # x where dplab's method changes


def random_rows(count: int = RANDOM_POINTS, seed: int = 8) -> list[dict]:
    """Reference rows (the table's keys) at random points, exact δ from mpmath at 400 bits."""
    rng = np.random.default_rng(seed)
    rows = []
    while len(rows) < count:
        h = float(10.0 ** rng.uniform(-12, 3))
        sigma = float(10.0 ** rng.uniform(-3, 3))
        if rng.random() < 0.5:
            x = float(rng.uniform(-h / 2, 40))
        else:
            x = max(float(rng.choice(BRANCH_POINTS)) + rng.uniform(-1e-3, 1e-3), -h / 2)
        sensitivity, eps = h * sigma, h * (x + h / 2)
        if eps < 0 or not 0 < sensitivity < math.inf:
            continue
        with mp.workprec(400):
            ratio = mp.mpf(sensitivity) / mp.mpf(sigma)
            shift = mp.mpf(eps) / ratio - ratio / 2
            exact = mp.ncdf(-shift) - mp.exp(mp.mpf(eps)) * mp.ncdf(-shift - ratio)
            if not exact > 0:
                continue
            rows.append(
                {
                    "sensitivity": repr(sensitivity),
                    "sigma": repr(sigma),
                    "eps": repr(eps),
                    "delta": mp.nstr(exact, 45),
                    "log_delta": mp.nstr(mp.log(exact), 45),
                }
            )
    return rows


# --- calibration ------------------------------------------------------------------------


def calibration_scores(results, exact_key: str, rows) -> tuple[str, str]:
    worst, unsafe = 0.0, 0
    with mp.workdps(60):
        for value, row_in in zip(results, rows, strict=True):
            exact = mp.mpf(row_in[exact_key])
            if exact == 0:  # nothing lies below the minimum ε = 0
                error = abs(mp.mpf(value))
            else:
                error = abs(mp.mpf(value) - exact) / exact
                unsafe += bool(value < exact * (1 - mp.mpf(10) ** -35))
            worst = max(worst, float(error))
    return f"{worst:.1e}", str(unsafe)


def calibration_rows() -> list[list[str]]:
    sigma_rows, eps_rows = TABLE["sigma_for"], TABLE["eps_for"]
    sigma_points = [(float(r["eps"]), float(r["delta"])) for r in sigma_rows]
    eps_points = [(float(r["sigma"]), float(r["delta"])) for r in eps_rows]
    methods = [
        (
            "dplab.mechanisms.gaussian",
            lambda e, t: gaussian.sigma_for(1.0, e, t),
            lambda s, t: gaussian.eps_for(1.0, s, t),
        )
    ]
    if dp_gaussian is not None:
        methods.append(
            ("dp_accounting", dp_gaussian.get_sigma_gaussian, dp_gaussian.get_epsilon_gaussian)
        )
    table = []
    for name, sigma_for, eps_for in methods:
        for kind, solve, points, rows, key in (
            ("sigma_for", sigma_for, sigma_points, sigma_rows, "sigma"),
            ("eps_for", eps_for, eps_points, eps_rows, "eps"),
        ):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                seconds, results = timed(
                    lambda solve=solve, points=points: [solve(*p) for p in points]
                )
            scores = calibration_scores(results, key, rows)
            table.append([name, kind, f"{len(points) / seconds:,.0f}", *scores])
    if dp_gaussian is None:
        table.append(["dp_accounting", "-", "not installed", "", ""])
    return table


# --- one σ, many ε ----------------------------------------------------------------------


def dense_rows() -> list[list[str]]:
    eps = np.linspace(0.0, 10.0, 100_000)
    table = []
    seconds, _ = timed(lambda: gaussian.log_delta(1.0, 1.0, eps))
    table.append(["dplab.mechanisms.gaussian log_delta", f"{eps.size / seconds:,.0f}"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seconds, _ = timed(lambda: naive_scipy(1.0, 1.0, eps))
        table.append(["SciPy naive", f"{eps.size / seconds:,.0f}"])
        if dp_pld is not None:
            seconds, _ = timed(lambda: dp_accounting_delta(1.0, 1.0, eps))
            table.append(["dp_accounting PLD", f"{eps.size / seconds:,.0f}"])
    return table


def show(title: str, header: list[str], rows: list[list[str]]) -> dict:
    """Print a table; return it as bench/_record.py stores it."""
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    print(f"\n{title}")
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)))
    return {"title": title, "columns": header, "rows": [[str(c) for c in row] for row in rows]}


def main() -> None:
    notes = [f"{len(TABLE['delta'])} reference points; numpy {np.__version__}"]
    print(notes[0])
    if DP_MISSING:
        print(DP_MISSING)
        notes.append(DP_MISSING)
    header = ["method", "mode", "pts/s", "δ err", "ln δ err", "wrong"]
    ratio_header = ["dp_accounting scalar δ function", "dplab faster by", "range", "dplab µs/pt"]
    tables = [show("delta(eps) at the reference points", header, delta_rows())]
    tables.append(
        show(
            f"one call per reference point: dplab against dp_accounting ({SPEED_ROUNDS} rounds)",
            ratio_header,
            scalar_ratios(TABLE["delta"]),
        )
    )
    random = random_rows()
    tables.append(show(f"delta(eps) at {RANDOM_POINTS} random points", header, delta_rows(random)))
    tables.append(
        show(
            f"one call per random point: dplab against dp_accounting ({SPEED_ROUNDS} rounds)",
            ratio_header,
            scalar_ratios(random),
        )
    )
    tables.append(
        show(
            "calibration (sensitivity 1)",
            ["method", "solver", "solves/s", "rel err", "unsafe"],
            calibration_rows(),
        )
    )
    tables.append(
        show("one sigma, 100,000 eps values in one call", ["method", "pts/s"], dense_rows())
    )
    record(
        "gaussian",
        "Gaussian δ(ε): speed and accuracy against mpmath, SciPy and dp_accounting",
        "make bench-gaussian",
        tables,
        notes,
    )


if __name__ == "__main__":
    main()
