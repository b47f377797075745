"""Time the exact randomized-response certificate against simpler exact implementations.

Run: ``.venv/bin/python bench/randomized_response.py [--quick]``.  Prints one row per
(n, p, α) with the wall time of

* ``walk``      – :func:`dplab.mechanisms.randomized_response.certify` (the O(n)-step MLR walk);
* ``general``   – :func:`dplab.finite.certify` on
:func:`~dplab.mechanisms.randomized_response.count_channel`
  (integer weights for all (n+1)² outputs, every atom of every pair compared);
* ``fractions`` – a straightforward reference written here: each count law expanded as a
  polynomial product in :class:`~fractions.Fraction`, then ``Σ max(0, P − αQ)`` over all 2n
  pairs in Fractions.

Slower methods are skipped when their projected cost is too high (the ``fractions`` time
grows like n³, the ``general`` path holds (n+1)² big integers); skipped cells show the
projection.  Every method that runs must give the same required δ, or the script fails.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from _record import record  # bench/, the script's folder

from dplab import finite
from dplab.mechanisms import randomized_response as rr

SIZES = (10, 100, 1000, 2000)
CASES = (("0.9", "3", "0.05"), ("0.37", "1.5", "0.05"))
FRACTIONS_MAX_N = 100
GENERAL_MAX_N = 300


def fraction_reference(n: int, p: Fraction, alpha: Fraction) -> Fraction:
    """Required δ the obvious way: Fraction polynomials, then every atom of every pair."""
    laws = []
    for c in range(n + 1):
        law = [Fraction(1)]
        factors = [(1 - p, p)] * c + [(p, 1 - p)] * (n - c)
        for constant, linear in factors:
            law = [
                (law[y] if y < len(law) else 0) * constant + (law[y - 1] * linear if y else 0)
                for y in range(len(law) + 1)
            ]
        laws.append(law)
    best = Fraction(0)
    for c in range(n):
        for source, target in ((c, c + 1), (c + 1, c)):
            pairs = zip(laws[source], laws[target], strict=True)
            excess = sum((max(Fraction(0), x - alpha * y) for x, y in pairs), Fraction(0))
            best = max(best, excess)
    return best


def general_path(n: int, p: Fraction, alpha: Fraction, delta: str) -> finite.Certificate:
    """The count channel as a general finite channel, every atom of every pair compared."""
    return finite.certify(rr.count_channel(n, p), alpha, delta)


def timed(repeats: int, function: Callable[..., Any], *args: object) -> tuple[float, Any]:
    """Best wall time of ``repeats`` calls ``function(*args)`` and the last result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function(*args)
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only n = 10 and 100")
    args = parser.parse_args()
    sizes = SIZES[:2] if args.quick else SIZES
    header = (
        f"{'n':>5} {'p':>5} {'α':>4} {'walk [ms]':>10} {'general [ms]':>14} "
        f"{'fractions [ms]':>16}  required δ"
    )
    print(header)
    print("-" * len(header))
    rows: list[list[str]] = []
    reference_seconds: dict[tuple[str, str], tuple[int, float]] = {}
    for p_text, alpha_text, delta_text in CASES:
        p, alpha = Fraction(p_text), Fraction(alpha_text)
        for n in sizes:
            walk_seconds, certificate = timed(3, rr.certify, n, p_text, alpha_text, delta_text)
            value = certificate.required_delta
            cells = []
            if n <= GENERAL_MAX_N:
                seconds, general = timed(1, general_path, n, p, alpha, delta_text)
                if general.required_delta != value:
                    print(f"MISMATCH general path at n={n}", file=sys.stderr)
                    return 1
                cells.append(f"{seconds * 1e3:.1f}")
            else:
                megabytes = (n + 1) ** 2 * n * math.log2(p.denominator) / 8 / 1e6
                cells.append(f"skip ~{megabytes:,.0f} MB")
            if n <= FRACTIONS_MAX_N:
                seconds, reference = timed(1, fraction_reference, n, p, alpha)
                if reference != value:
                    print(f"MISMATCH Fraction reference at n={n}", file=sys.stderr)
                    return 1
                reference_seconds[(p_text, alpha_text)] = (n, seconds)
                cells.append(f"{seconds * 1e3:.1f}")
            else:
                measured_n, measured = reference_seconds[(p_text, alpha_text)]
                cells.append(f"skip ~{measured * (n / measured_n) ** 3 / 3600:.1f} h")
            print(
                f"{n:>5} {p_text:>5} {alpha_text:>4} {walk_seconds * 1e3:>10.2f} "
                f"{cells[0]:>14} {cells[1]:>16}  {float(value):.6g}"
            )
            rows.append(
                [
                    str(n),
                    p_text,
                    alpha_text,
                    f"{walk_seconds * 1000.0:.2f}",
                    *cells,
                    f"{float(value):.6g}",
                ]
            )
    columns = ["n", "p", "α", "walk [ms]", "general [ms]", "fractions [ms]", "required δ"]
    record(
        "randomized-response" + ("-quick" if args.quick else ""),
        "Exact randomized-response certificate: O(n) walk, general path, plain Fractions",
        "bench/randomized_response.py" + (" --quick" if args.quick else ""),
        [{"title": "wall time, best of 3 (walk) or 1", "columns": columns, "rows": rows}],
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
