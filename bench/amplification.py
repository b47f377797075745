"""Time the δ(ε) curves of one user's m randomized bits, shuffled and ordered
(:func:`dplab.userlevel.amplification.log_delta_curve`), up to m = 10⁶.

Run: ``.venv/bin/python bench/amplification.py [--quick]``.  Prints, per m, the wall time
of one curve of 50 ε values (median of 3) with half of the bits equal to 1 and 20 of them
flipped, ln δ at ε = 1 for both releases, and the derived bound of the digest with its
validity condition.  The issue's target: at most 1 s per curve at m = 10⁵.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from _record import record  # bench/, the script's folder

from dplab.userlevel import amplification

FLIPPED = 20
EPSILON0 = 1.0
STEP_DELTA = 1e-8


def timed(m: int, shuffled: bool) -> tuple[float, float]:
    epsilons = np.linspace(0.0, 5.0, 50)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        curve = amplification.log_delta_curve(
            m, m // 2, FLIPPED, EPSILON0, epsilons, shuffled=shuffled
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times), float(curve[10])  # epsilons[10] = 1.0 (approximately)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="stop at m = 10^5")
    arguments = parser.parse_args()
    sizes = [10**3, 10**4, 10**5] + ([] if arguments.quick else [10**6])
    print(
        f"{'m':>8} | {'shuffled s':>10} | {'ordered s':>9} | {'ln δ(≈1) shuf.':>14} | "
        f"{'ln δ(≈1) ord.':>13} | derived bound (E, δ), condition"
    )
    rows = []
    for m in sizes:
        shuffled_time, shuffled_value = timed(m, True)
        ordered_time, ordered_value = timed(m, False)
        bound = amplification.derived_bound(m, FLIPPED, EPSILON0, STEP_DELTA)
        print(
            f"{m:>8} | {shuffled_time:>10.3f} | {ordered_time:>9.3f} | {shuffled_value:>14.2f} | "
            f"{ordered_value:>13.4f} | ({bound.epsilon:.3g}, {bound.delta:.3g}), {bound.condition}"
        )
        rows.append(
            [
                m,
                f"{shuffled_time:.3f}",
                f"{ordered_time:.3f}",
                f"{shuffled_value:.2f}",
                f"{ordered_value:.4f}",
                f"({bound.epsilon:.3g}, {bound.delta:.3g})",
                bound.condition,
            ]
        )
    columns = ["m", "shuffled s", "ordered s", "ln δ(≈1) shuf.", "ln δ(≈1) ord."]
    record(
        "amplification" + ("-quick" if arguments.quick else ""),
        "δ(ε) curves of one user's m randomized bits, shuffled and ordered (50 ε, median of 3)",
        "bench/amplification.py" + (" --quick" if arguments.quick else ""),
        [
            {
                "title": f"half the bits 1, {FLIPPED} of them flipped, ε₀ = {EPSILON0}"
                "; target ≤ 1 s a curve at m = 10⁵",
                "columns": [*columns, "derived bound (E, δ)", "condition"],
                "rows": rows,
            }
        ],
    )


if __name__ == "__main__":
    main()
