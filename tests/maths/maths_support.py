"""Independent references and hypothesis strategies shared by the maths tests.

Nothing here uses the closed forms or recurrences under test: count laws come from the
textbook binomial convolution in Fractions, and the brute-force oracle enumerates events.
"""

from __future__ import annotations

import math
import multiprocessing
import resource
import signal
from collections.abc import Callable
from fractions import Fraction
from math import comb, lcm

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from dplab.finite import FiniteChannel

# The machine is shared: no deadlines, a modest number of examples per property.
PROPERTY_SETTINGS = settings(
    deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow]
)


def limit_cpu(seconds: int) -> None:
    """Let this process use at most ``seconds`` more of CPU time; the kernel then ends it
    with SIGXCPU.  CPU time, unlike the clock, does not grow when the machine is busy."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = math.ceil(used.ru_utime + used.ru_stime) + seconds
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def _run_limited(call: Callable[[], object], seconds: int, connection) -> None:
    limit_cpu(seconds)
    try:
        outcome: tuple = ("value", call())
    except Exception as error:  # the outcome under test, sent to the parent
        outcome = ("error", type(error).__name__, str(error))
    connection.send(outcome)


def within_cpu(call: Callable[[], object], seconds: int = 2) -> tuple:
    """What ``call()`` does in a forked process allowed ``seconds`` of CPU time:
    ``("value", result)`` or ``("error", type name, message)``.  A call that computes
    longer fails the test; "at once" means "within this CPU budget", never a clock."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_run_limited, args=(call, seconds, sender), daemon=True)
    process.start()
    sender.close()
    try:
        outcome = receiver.recv()
    except EOFError:
        outcome = None
    process.join()
    if outcome is None:
        killed = process.exitcode == -signal.SIGXCPU
        raise AssertionError(
            f"more than {seconds} s of CPU time" if killed else f"exit code {process.exitcode}"
        )
    return outcome


def naive_count_law(n: int, p: Fraction, c: int) -> list[Fraction]:
    """``Pr[Bin(c, p) + Bin(n − c, 1 − p) = y]`` by the convolution sum, in Fractions."""
    law = []
    for y in range(n + 1):
        total = Fraction(0)
        for k in range(max(0, y - (n - c)), min(c, y) + 1):
            ones_kept = comb(c, k) * p**k * (1 - p) ** (c - k)
            zeros_flipped = comb(n - c, y - k) * (1 - p) ** (y - k) * p ** (n - c - (y - k))
            total += ones_kept * zeros_flipped
        law.append(total)
    return law


def naive_count_channel(n: int, p: Fraction, pairs=None) -> FiniteChannel:
    """The count channel built from :func:`naive_count_law` (default: all 2n count pairs)."""
    if pairs is None:
        pairs = [pair for c in range(n) for pair in ((c, c + 1), (c + 1, c))]
    return FiniteChannel.from_probabilities(
        {c: naive_count_law(n, p, c) for c in range(n + 1)}, pairs
    )


def positive_part_excess(p_row, q_row, alpha) -> Fraction:
    """``Σ_y [P_y − αQ_y]₊`` straight from the definition, in Fractions."""
    return sum(
        (max(Fraction(0), x - alpha * y) for x, y in zip(p_row, q_row, strict=True)), Fraction(0)
    )


# --- strategies ---------------------------------------------------------------------------

small_probabilities = st.builds(
    Fraction, st.integers(min_value=0, max_value=40), st.just(40)
) | st.fractions(min_value=0, max_value=1, max_denominator=30)

alphas = st.fractions(min_value=1, max_value=12, max_denominator=20)


@st.composite
def small_channels(draw, max_inputs: int = 4, max_outputs: int = 6) -> FiniteChannel:
    """A random channel with integer weights, 2..max_inputs inputs and a random adjacency."""
    inputs = draw(st.integers(min_value=2, max_value=max_inputs))
    outputs = draw(st.integers(min_value=1, max_value=max_outputs))
    rows = []
    for _ in range(inputs):
        weights = draw(st.lists(st.integers(0, 6), min_size=outputs, max_size=outputs).filter(any))
        rows.append(weights)
    # One common denominator: scale each row to the lcm of the row sums.
    denominator = lcm(*(sum(row) for row in rows))
    scaled = tuple(tuple(w * (denominator // sum(row)) for w in row) for row in rows)
    all_pairs = [(i, j) for i in range(inputs) for j in range(inputs) if i != j]
    pairs = draw(st.lists(st.sampled_from(all_pairs), min_size=1, unique=True))
    return FiniteChannel(tuple(range(inputs)), tuple(range(outputs)), scaled, denominator, pairs)
