"""How fast the exact all-pairs d_EM certificate of PrivEMDItemWise runs, and how far it reaches.

Run::

    .venv/bin/python bench/metric.py            # make bench-metric (part of make bench)
    .venv/bin/python bench/metric.py --quick    # the 10 s column only, fewer k

**Target.**  :func:`dplab.userlevel.itemwise.certify` on the clamped geometric with k = 5, p = 1/2
and m = 4 (70 datasets, 4,830 ordered pairs, every event): at the naive factor
``2^m`` per unit of d_EM (pure, exact) and at ``2^{m/2}`` (per-pair factors ``2^{c/2}``,
irrational for odd matching costs ``c``: δ enclosed by Arb), shuffled and ordered.  The
issue's target is ≤ 5 s each.

(Binary amplification at scale is timed by ``bench/amplification.py``.)

**Table.**  For each k, m grows while the certificate (shuffled, factor ``2^{⌊m/2⌋}``)
returns within the budget; the largest m done within 10 s and within 60 s are printed, or
why the search stopped (``CERTIFY_WORK_LIMIT`` refused the next m, or its estimated time
is far beyond the budget).  CPU time of this process.
"""

from __future__ import annotations

import argparse
import math
import time
from fractions import Fraction

from _record import record  # bench/, the script's folder

from dplab.userlevel import itemwise
from dplab.userlevel.metric import clamped_geometric

P = Fraction(1, 2)


def timed(function, *arguments, **keywords) -> tuple[object, float]:
    start = time.process_time()
    value = function(*arguments, **keywords)
    return value, time.process_time() - start


def target() -> dict:
    channel = clamped_geometric(5, P)
    title = "k = 5, m = 4, p = 1/2: exact all-pairs, all-events certificate"
    print(title)
    rows = []
    print("| release | factor per unit d_EM | pairs | pure | δ needed (≈) | CPU s |")
    print("| --- | --- | --- | --- | --- | --- |")
    for shuffled in (True, False):
        for label, factor in (("2^4 (naive)", 16), ("2^2", 4)):
            result, seconds = timed(itemwise.certify, channel, 4, factor, 0, shuffled)
            release = "shuffled" if shuffled else "ordered"
            print(
                f"| {release} | {label} | {len(result.pairs)} | {result.pure} | "
                f"{float(result.required_delta_upper):.6f} | {seconds:.2f} |",
                flush=True,
            )
            rows.append(
                [
                    release,
                    label,
                    len(result.pairs),
                    str(result.pure),
                    f"{float(result.required_delta_upper):.6f}",
                    f"{seconds:.2f}",
                ]
            )
    columns = ["release", "factor per unit d_EM", "pairs", "pure", "δ needed (≈)", "CPU s"]
    return {"title": title, "columns": columns, "rows": rows}


def largest_m(k: int, budgets: tuple[float, ...]) -> tuple[dict[float, int], str]:
    channel = clamped_geometric(k, P)
    best = dict.fromkeys(budgets, 0)
    m = 1
    while True:
        factor = Fraction(2) ** max(1, m // 2)
        try:
            _, seconds = timed(itemwise.certify, channel, m, factor, 0, True)
        except ValueError:
            return best, f"m = {m} refused (limit)"
        for budget in budgets:
            if seconds <= budget:
                best[budget] = m
        if seconds > budgets[-1]:
            return best, f"m = {m} took {seconds:.0f} s"
        # Skip an m whose estimated work (∝ N²·outcomes) would surely exceed the budget.
        growth = (math.comb(k + m, m + 1) / math.comb(k + m - 1, m)) ** 3
        if seconds * growth > 4 * budgets[-1]:
            return best, f"m = {m + 1} estimated at ≈{seconds * growth:.0f} s"
        m += 1


def table(quick: bool) -> dict:
    budgets = (10.0,) if quick else (10.0, 60.0)
    sizes = (2, 3, 4, 5, 6) if quick else (2, 3, 4, 5, 6, 8, 10)
    title = "Largest m certified exactly (shuffled, all pairs and events) within the CPU budget"
    print(f"\n{title}")
    rows = []
    header = " | ".join(f"m in {int(b)} s" for b in budgets)
    print(f"| k | {header} | datasets at the largest m | stopped at |")
    print("|" + " --- |" * (len(budgets) + 3))
    for k in sizes:
        best, reason = largest_m(k, budgets)
        cells = " | ".join(str(best[b]) for b in budgets)
        datasets = math.comb(k + best[budgets[-1]] - 1, best[budgets[-1]])
        print(f"| {k} | {cells} | {datasets} | {reason} |", flush=True)
        rows.append([k, *(best[b] for b in budgets), datasets, reason])
    columns = ["k", *(f"m in {int(b)} s" for b in budgets), "datasets at the largest m"]
    return {"title": title, "columns": [*columns, "stopped at"], "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 s budget only, fewer k")
    arguments = parser.parse_args()
    tables = [target(), table(arguments.quick)]
    record(
        "metric" + ("-quick" if arguments.quick else ""),
        "The exact all-pairs d_EM certificate of PrivEMDItemWise: target and reach (CPU)",
        "make bench-metric" if not arguments.quick else "make bench (bench/metric.py --quick)",
        tables,
    )


if __name__ == "__main__":
    main()
