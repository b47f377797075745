"""How far the exact k-fold randomized-response δ reaches, and a cross-check with dp_accounting.

Run::

    .venv/bin/python bench/composition.py                 # the table (make bench)
    .venv-bench/bin/python bench/composition.py --cross-check   # make bench-composition

**Table.**  For each n, k grows (by 1, or by 15 % once that is larger) while
:func:`dplab.accounting.composition.rr_required_delta` at p = 9/10, α = 3 returns within 60 CPU
seconds; the largest k done within 10 s and within 60 s are printed, or the limit that
refused the next k (``RR_WORK_LIMIT``, ``RR_WORD_LIMIT`` or the size cap).  CPU time of
this process (one core), so a loaded machine changes the figures less than wall time would.

**Cross-check.**  dp_accounting's privacy-loss distributions built from the two exact
count laws of every ordered adjacent pair (``from_two_probability_mass_functions``,
pessimistic and optimistic rounding, interval 1e-4), self-composed k times, δ at
ε = ln α, the maximum over the pairs.  Our exact value is the reference: the pessimistic
figure must not be below it, and the relative differences are printed.  Beyond the exact
range, :func:`dplab.accounting.composition.rr_delta_upper_bound` is shown next to dp_accounting.
"""

from __future__ import annotations

import argparse
import math
import time
from fractions import Fraction

from _record import record  # bench/, the script's folder

from dplab.accounting import composition
from dplab.mechanisms.randomized_response import count_distribution

P, ALPHA = Fraction(9, 10), Fraction(3)
SIZES = (1, 2, 3, 5, 8, 10, 12, 15, 20)
BUDGETS = (10.0, 60.0)


def timed(function, *arguments) -> tuple[object, float]:
    start = time.process_time()
    value = function(*arguments)
    return value, time.process_time() - start


def largest_k(n: int) -> tuple[dict[float, int], str]:
    """The largest k per budget, and why the search stopped."""
    best = dict.fromkeys(BUDGETS, 0)
    k = 1
    while True:
        try:
            _, seconds = timed(composition.rr_required_delta, n, P, ALPHA, k)
        except ValueError as error:
            reason = "size cap" if "must be an integer" in str(error) else "limit"
            return best, f"k = {k} refused ({reason})"
        for budget in BUDGETS:
            if seconds <= budget:
                best[budget] = k
        if seconds > BUDGETS[-1]:
            return best, f"k = {k} took {seconds:.0f} s"
        if k == composition.RR_MAX_SIZE:
            return best, f"k = {k} is the size cap"
        k = min(max(k + 1, math.floor(k * 1.15)), composition.RR_MAX_SIZE)


def table() -> None:
    title = f"Exact rr_required_delta(n, {P}, {ALPHA}, k): largest k within the CPU budget"
    print(title)
    print("| n | k in 10 s | k in 60 s | stopped at |")
    print("| --- | --- | --- | --- |")
    rows = []
    for n in SIZES:
        best, reason = largest_k(n)
        print(f"| {n} | {best[10.0]} | {best[60.0]} | {reason} |", flush=True)
        rows.append([n, best[10.0], best[60.0], reason])
    value, seconds = timed(composition.rr_required_delta, 10, P, ALPHA, 10)
    note = f"n = 10, k = 10: δ = {float(value):.12f} (exact Fraction) in {seconds:.2f} s CPU"
    print(f"\n{note}")
    columns = ["n", "k in 10 s", "k in 60 s", "stopped at"]
    record(
        "composition",
        "Exact δ of k fresh randomized-response releases: how far it reaches (CPU, one core)",
        "make bench (bench/composition.py)",
        [{"title": title, "columns": columns, "rows": rows}],
        [note],
    )


def accounting_delta(n: int, k: int, pessimistic: bool) -> float:
    from dp_accounting.pld import privacy_loss_distribution as pld

    laws = [count_distribution(n, P, c) for c in range(n + 1)]

    def log_pmf(law) -> dict[int, float]:
        return {y: math.log(w) - math.log(law.denominator) for y, w in enumerate(law.weights) if w}

    worst = 0.0
    for c in range(n):
        for s, t in ((c, c + 1), (c + 1, c)):
            distribution = pld.from_two_probability_mass_functions(
                log_pmf(laws[t]), log_pmf(laws[s]), pessimistic_estimate=pessimistic
            )
            composed = distribution.self_compose(k)
            worst = max(worst, composed.get_delta_for_epsilon(math.log(ALPHA)))
    return worst


def cross_check() -> None:
    try:
        import dp_accounting  # noqa: F401
    except ImportError:
        print("\ndp_accounting is not installed here: run make bench-composition")
        return
    title = "Cross-check with dp_accounting 0.6 (PLD, interval 1e-4), reference: our exact δ"
    print(f"\n{title}")
    print(
        "| n | k | exact δ | pessimistic | rel. diff | optimistic | rel. diff | ours, grid 1/1000 |"
    )
    rows, notes = [], []
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for n, k in ((1, 2), (4, 4), (10, 10), (20, 10), (10, 20)):
        exact = composition.rr_required_delta(n, P, ALPHA, k)
        high = accounting_delta(n, k, True)
        low = accounting_delta(n, k, False)
        ours = composition.rr_delta_upper_bound(n, P, ALPHA, k, "1/1000")
        assert ours >= exact, (n, k)
        reference = float(exact)
        print(
            f"| {n} | {k} | {reference:.10f} | {high:.10f} | {high / reference - 1:+.2e} | "
            f"{low:.10f} | {low / reference - 1:+.2e} | {float(ours):.10f} |",
            flush=True,
        )
        rows.append(
            [
                n,
                k,
                f"{reference:.10f}",
                f"{high:.10f}",
                f"{high / reference - 1:+.2e}",
                f"{low:.10f}",
                f"{low / reference - 1:+.2e}",
                f"{float(ours):.10f}",
            ]
        )
        if high < reference:
            notes.append(f"dp_accounting's pessimistic δ is below the exact value at n={n}, k={k}")
            print(f"  ! {notes[-1]}")
    beyond_title = "Beyond the exact range (no reference): our rigorous bound and dp_accounting"
    print(f"\n{beyond_title}")
    beyond = []
    print("| n | k | ours, grid 1/500 | CPU s | dp_accounting pessimistic | optimistic |")
    print("| --- | --- | --- | --- | --- | --- |")
    for n, k in ((30, 30), (50, 50)):
        ours, seconds = timed(composition.rr_delta_upper_bound, n, P, ALPHA, k, "1/500")
        high, low = accounting_delta(n, k, True), accounting_delta(n, k, False)
        print(f"| {n} | {k} | {float(ours):.10f} | {seconds:.1f} | {high:.10f} | {low:.10f} |")
        beyond.append(
            [n, k, f"{float(ours):.10f}", f"{seconds:.1f}", f"{high:.10f}", f"{low:.10f}"]
        )
    columns = ["n", "k", "exact δ", "pessimistic", "rel. diff", "optimistic", "rel. diff"]
    beyond_columns = ["n", "k", "ours, grid 1/500", "CPU s", "dp_accounting pessimistic"]
    record(
        "composition-cross-check",
        "Exact k-fold randomized-response δ against dp_accounting's privacy-loss distributions",
        "make bench-composition",
        [
            {"title": title, "columns": [*columns, "ours, grid 1/1000"], "rows": rows},
            {"title": beyond_title, "columns": [*beyond_columns, "optimistic"], "rows": beyond},
        ],
        notes,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cross-check", action="store_true", help="only the dp_accounting part")
    options = parser.parse_args()
    if not options.cross_check:
        table()
    cross_check()


if __name__ == "__main__":
    main()
