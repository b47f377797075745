"""The contract of every public maths function, checked on a matrix of bad input.

In the spirit of scikit-learn's estimator checks: every public function (``__all__``) of
every maths module (each ``dplab/*.py`` whose name does not start with ``_``, so a new
module is covered as soon as it exists) has a row in :data:`EXAMPLES`, valid arguments with
the *kind* of each parameter.  The matrix then replaces one argument at a time by values of
every sort (NaN, ±inf, negative, zero, subnormal, huge integers, bools, strings, None,
complex, arrays with NaN, wrong types) and requires:

* a value outside the parameter's domain: a ``ValueError`` or ``TypeError`` whose message
  names the parameter;
* a value inside it (zero, subnormal, huge, a decimal string, …): either such a clear error
  or an answer with no NaN and no infinity (unless the function documents infinities, see
  :data:`DOCUMENTED_INFINITIES`);
* never a hang: each call runs in a worker process that the kernel stops once the call has
  used :data:`CALL_CPU_SECONDS` of CPU time (``RLIMIT_CPU``: the same verdict on a busy
  machine as on an idle one), and that is replaced if it sends no answer for
  :data:`SILENT_SECONDS` (a call that waits without computing); never a raw
  ``OverflowError``, ``AttributeError`` or ``KeyError``.

Sizes and work are checked before any work.  Every documented limit is tried at the limit
(an answer or a clear error) and one past it (a clear error); a sequence longer than a
limit is an :class:`Unread` one, whose items raise when read, so a function that copies or
validates items before checking the length fails with a raw ``AssertionError`` at once,
whatever the time.  :data:`LIMIT_CASES` replace several arguments together where only the
combination passes a limit (a dataset of 100 items resampled to s = 12), and call the
refusals whose work estimates are huge, so that the refusal's own message is built.  The
CPU guard only diagnoses a hang; no verdict depends on timing otherwise.

Documented exceptions are explicit: :data:`DOCUMENTED_INFINITIES` (answers that may be
±inf, never NaN) and :data:`DOCUMENTED_ERRORS` (arithmetic errors accepted like a
``ValueError``), each with its reason.
"""

from __future__ import annotations

import importlib
import inspect
import math
import multiprocessing
import os
import pkgutil
import re
import resource
import signal
from collections.abc import Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from flint import arb
from maths_support import limit_cpu

import dplab
from dplab.finite import FiniteChannel, both_directions
from dplab.mechanisms import queries
from dplab.mechanisms.gaussian import DeltaUnderflowError
from dplab.mechanisms.randomized_response import count_channel
from dplab.mechanisms.rr_lab_grid import LabGrid
from dplab.userlevel import itemwise, metric, sampling
from dplab.userlevel.metric import clamped_geometric

CALL_CPU_SECONDS = 3
SILENT_SECONDS = 300.0
MINIMUM_CASES = 5000


def hang_verdict(cpu_seconds: int) -> str:
    return f"more than {cpu_seconds} s of CPU time in one call (hang)"


# --- discovery --------------------------------------------------------------------------


def _maths_modules() -> list[str]:
    """Every public module of the maths layer: the root's plain modules and those of its
    groups (dotted below ``dplab``, e.g. ``mechanisms.gaussian``)."""
    found = [
        info.name
        for info in pkgutil.iter_modules(dplab.__path__)
        if not info.ispkg and not info.name.startswith("_")
    ]
    for group in dplab.MATHS_GROUPS:
        package = importlib.import_module(f"dplab.{group}")
        found += [
            f"{group}.{info.name}"
            for info in pkgutil.iter_modules(package.__path__)
            if not info.name.startswith("_")
        ]
    return sorted(found)


def _public_functions() -> dict[str, object]:
    """Each public function by ``<module>.<name>`` (a module's own name is unique)."""
    found = {}
    for dotted in _maths_modules():
        module = importlib.import_module(f"dplab.{dotted}")
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value) and value.__module__ == module.__name__:
                key = f"{dotted.rpartition('.')[2]}.{name}"
                assert key not in found, f"two maths modules named {key}"
                found[key] = value
    return found


# --- kinds of parameters and the values tried ---------------------------------------------

NAN = math.nan
_FOREIGN = (None, 1j, object(), {"x": 1}, np.array([1.0, NAN]), [NAN], b"1")
_NON_FINITE = (NAN, math.inf, -math.inf, np.float64("nan"), Decimal("nan"), Decimal("inf"))
_NUMBERS = (
    0,
    1,
    -1,
    2,
    0.5,
    1.5,
    -0.5,
    5e-324,
    -5e-324,
    1e-320,
    2.2250738585072014e-308,
    1e308,
    -1e308,
    10**400,
    -(10**400),
    2**53 + 1,
    Fraction(1, 3),
    Fraction(1, 10**400),
    np.float64(0.25),
    np.int64(3),
    np.float32(0.5),
)
_DECIMAL_TEXTS = ("0.5", "1/3", "1e-300", "2", Decimal("0.25"))
_BAD_TEXTS = ("abc", "1/0", "1e-5000", "", "nan")


@dataclass(frozen=True)
class Kind:
    """The values to try for a parameter: ``invalid`` must raise, ``edge`` may also answer."""

    name: str
    invalid: tuple
    edge: tuple


def _inside(value, low, high, low_open, high_open) -> bool:
    number = Fraction(float(value) if isinstance(value, np.floating) else value)
    if low is not None and (number < low or (low_open and number == low)):
        return False
    return not (high is not None and (number > high or (high_open and number == high)))


def real(low=None, high=None, *, low_open=False, high_open=False, exact=False, array=False):
    """A real number in a range; ``exact`` also takes decimal strings, ``array`` arrays."""
    invalid = [*_FOREIGN, *_NON_FINITE, True, False]
    edge = []
    for value in _NUMBERS:
        (edge if _inside(value, low, high, low_open, high_open) else invalid).append(value)
    for text in _DECIMAL_TEXTS:
        inside = _inside(text, low, high, low_open, high_open)
        (edge if exact and inside else invalid).append(text)
    invalid += _BAD_TEXTS
    if array:
        invalid += [[1.0, NAN], np.array([math.inf]), ["a"], [None], [[1.0], [NAN]]]
        middle = 1.0 if _inside(1, low, high, low_open, high_open) else 0.5
        edge += [[middle, middle], np.array([middle]), (middle,), np.array([[middle]])]
    range_text = f"{'(' if low_open else '['}{low}, {high}{')' if high_open else ']'}"
    return Kind(f"real {range_text}", tuple(invalid), tuple(edge))


class Unread(Sequence):
    """A sequence of ``length`` items that must not be read: its length is checked first."""

    def __init__(self, length: int) -> None:
        self.length = length

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index):
        raise AssertionError(
            f"an item of a sequence of {self.length} was read before its length was checked"
        )

    def __repr__(self) -> str:
        return f"Unread({self.length})"


def integer(low=None, high=None):
    """An integer in ``[low, high]``; a documented ``high`` is tried at and one past it."""
    inside = [0, 1, -1, 2, 10**9, 10**400, np.int64(3), 2**63]
    if high is not None:
        inside += [high, high + 1]
    invalid = [*_FOREIGN, *_NON_FINITE, True, False, 1.5, 2.0, "3", Fraction(3), Decimal(3)]
    edge = []
    for value in inside:
        in_range = (low is None or value >= low) and (high is None or value <= high)
        (edge if in_range else invalid).append(value)
    return Kind(f"integer [{low}, {high}]", tuple(invalid), tuple(edge))


def choice(*allowed):
    return Kind(f"one of {allowed}", (None, 1, True, "sideways", "", "UP", ("up",)), tuple(allowed))


CHANNEL = FiniteChannel.from_probabilities(
    {0: ["3/4", "1/4"], 1: ["1/4", "3/4"]}, both_directions([(0, 1)])
)
CHANNEL_KIND = Kind("FiniteChannel", (None, 5, "channel", {}, [[1, 0], [0, 1]], object()), ())
LABEL = Kind("input label of CHANNEL", (None, 7, "D", (0, 1), 0.5, [0], True, False), (0, 1))
EVENT = Kind("event of CHANNEL", (5, None, 1.5, [7], ["x"], [[0]], object()), ([], (0,), [1, 0]))
PAIRS = Kind(
    "adjacency pairs",
    (5, None, "ab", [1], [(1, 2, 3)], [([1], 2)], [None], object()),
    ([], [(0, 1)], [("a", "b"), ("b", "c")], iter([(0, 1)])),
)
ANY_TEXT = Kind("label text", (), (None, 5, "", "x" * 500))
FLAG = Kind("bool", (None, 1, "yes", 1.0), (True, False))
GRID = Kind(
    "LabGrid",
    (None, 5, "grid", (1, 2), object()),
    (LabGrid(sizes=(1,), p_percents=(50,), alpha_tenths=(10,)),),
)
CLAIM = Kind(
    "decimal claim text",
    (5, None, 0.5, "-0.1", "abc", "1.01", "0.1e5", "½", "٠.١", "0." + "1" * 5000),
    ("0", "1", "0.5", "1.0000"),
)
ALPHA_SPEC = real(1, exact=True)
ALPHA_SPEC = Kind(
    "factor or per-pair callable",
    (*ALPHA_SPEC.invalid, lambda s, t: NAN, lambda s, t: "0.5", lambda s: 2, lambda: 2),
    (*ALPHA_SPEC.edge, lambda s, t: 2),
)

RANDOMIZER = clamped_geometric(4, "1/2")
LARGEST_RANDOMIZER = clamped_geometric(metric.MAX_UNIVERSE, "1/2")
RANDOMIZER_KIND = Kind(
    "item randomizer (FiniteChannel)",
    CHANNEL_KIND.invalid,
    (RANDOMIZER, CHANNEL, LARGEST_RANDOMIZER),
)
TOO_MANY = Unread(10**9)
LINE_DATASET = Kind(
    "user dataset of reals",
    (
        *(None, 5, "03", b"1", [], [NAN], [math.inf], [None], ["a"], [1j], object(), {0: 1}),
        *([True], TOO_MANY, Unread(metric.MAX_DATASET_SIZE + 1)),
    ),
    ([0], (1, 2), [Fraction(1, 3), 2], [0.5, 1e308], [10**400], np.array([1, 2])),
)
ITEM_DATASET = Kind(
    "user dataset of randomizer inputs (a bool is not the input it equals)",
    (None, 5, "01", [], [7], [None], [0.5], [[0]], object(), [0] * 65, [True, True], [False]),
    ([0, 3], (3, 0), [1, 1], [0] * itemwise.MAX_ITEMS),
)
LINE4 = [[abs(i - j) for j in range(4)] for i in range(4)]
# Valid metrics whose exact powers are out of reach: a float's denominator is about 2^55,
# 10^9 and 10^400 are numerators (α^(10^9) has 10^9 bits).
FLOAT2 = [[0, 0.1], [0.1, 0]]
FLOAT4 = [[0 if i == j else 0.1 for j in range(4)] for i in range(4)]
BIG4 = [[10**9 * value for value in row] for row in LINE4]
HUGE4 = [[10**400 * value for value in row] for row in LINE4]
SIZES = Kind(
    "dataset sizes", (None, 5, "12", [], [0], [13], [1.5], [True], [None], object()), ([1], (1, 2))
)
SAMPLE = integer(1, sampling.MAX_SAMPLE_SIZE)
SLACKS = Kind(
    "slacks t in (0, 1], each a fraction with a denominator of at most 1000",
    (
        None,
        "1/5",
        0.2,
        [],
        [0],
        ["-1/5"],
        [2],
        ["1/1001"],
        [math.nan],
        [True],
        [None],
        ["1/5"] * 21,
        object(),
    ),
    (["1/5"], ("1/5", "3/5"), [1], [0.5]),
)
RESAMPLED_ITEMS = Kind(
    "user dataset of randomizer inputs, any size (resampled to s)",
    (
        *(v for v in ITEM_DATASET.invalid if not (isinstance(v, list) and len(v) == 65)),
        *(TOO_MANY, Unread(metric.MAX_DATASET_SIZE + 1)),
    ),
    (*ITEM_DATASET.edge, [0] * 65),
)
ANY_ITEMS = Kind(
    "user dataset of hashable items",
    (None, 5, "01", b"1", [], [[0]], [{}], object(), TOO_MANY),
    ([0, 3], [7], [0.5, "a"], [None], (1, 1), [True, 1], list(range(100))),
)
DISTANCE = Kind(
    "metric: None, matrix or callable",
    (
        5,
        "abc",
        object(),
        [],
        [[0, 1], [2, 0]],
        [[0, -1], [-1, 0]],
        [[1, 1], [1, 0]],
        [[0, 0], [0, 0]],
        [[0, 1, 5], [1, 0, 1], [5, 1, 0]],
        [[0, NAN], [NAN, 0]],
        [[0, 1]],
        [["a"]],
        [[False, True], [True, False]],
        Unread(metric.MAX_MATRIX_SIZE + 1),
        TOO_MANY,
        lambda x, y: NAN,
        lambda x, y: -1,
        lambda x: 0,
        lambda x, y, z: 0,
    ),
    (
        *(None, LINE4, lambda x, y: abs(x - y), [[0, 1], [1, 0]], [[0, 0.5] + [1] * 2] * 4),
        *(FLOAT2, FLOAT4, BIG4, HUGE4, lambda x, y: 0.1 * (x != y)),
    ),
)
METRIC_MATRIX = Kind(
    "metric matrix",
    tuple(v for v in DISTANCE.invalid if not callable(v)),
    (LINE4, [[0]], FLOAT4, HUGE4),
)
REAL = real()
REAL_NONNEG = real(0)
REAL_POS = real(0, low_open=True)
EXACT = real(exact=True)
EXACT_NONNEG = real(0, exact=True)
EXACT_POS = real(0, low_open=True, exact=True)
PROBABILITY = real(0, 1, exact=True)
ARRAY = real(array=True)
ARRAY_NONNEG = real(0, array=True)
ARRAY_POS = real(0, low_open=True, array=True)
ARRAY_OPEN_UNIT = real(0, 1, low_open=True, high_open=True, array=True)
ARRAY_KINDS = (ARRAY, ARRAY_NONNEG, ARRAY_POS, ARRAY_OPEN_UNIT)
N = integer(1)
COUNT = integer(0)
ALPHA = real(1, exact=True)
OPEN_PROBABILITY = real(0, 1, low_open=True, exact=True)
PRIOR = real(0, 1, low_open=True, high_open=True, exact=True)
DIMENSION = integer(1)
OPEN_UNIT = real(0, 1, low_open=True, high_open=True)
VALUES = integer(2)
COUNTS = Kind(
    "report counts (k ≥ 2 non-negative integers, not all zero)",
    (None, 5, "ab", [], [3], [0, 0], [1, -1], [1.5, 2], [True, 1], object(), TOO_MANY),
    ([1, 0], (0, 0, 7), [10**12, 1], [1] * 10_000),
)
MODEL = choice("local", "central")
ITEMS = Kind(
    "user dataset (a non-empty sequence of items)",
    (None, 5, "ab", [], (), object(), iter([1]), TOO_MANY),
    ([0], (1, 2, 3), [0.5, 1.5], [Fraction(1, 3)], [True]),
)
ITEM_MAP = Kind(
    "function of one item returning d reals",
    (
        *(None, 5, "f", lambda x: NAN, lambda x: "a", lambda x: None, lambda x: [], lambda x: 1j),
        *(lambda x, y: 0, lambda: 0),  # the wrong number of arguments
    ),
    (lambda x: x, lambda x: (x, x), lambda x: 0.5),
)


def example(**arguments):
    """One row of :data:`EXAMPLES`: ``parameter=(valid value, kind)``."""
    return arguments


EXAMPLES: dict[str, dict[str, tuple[object, Kind]]] = {
    # finite
    "finite.alpha_from_epsilon": example(eps=("0.5", EXACT_NONNEG), digits=(10, integer(1))),
    "finite.both_directions": example(pairs=([(0, 1)], PAIRS)),
    "finite.brute_force_required_delta": example(
        channel=(CHANNEL, CHANNEL_KIND), alpha=(2, ALPHA_SPEC)
    ),
    "finite.certify": example(
        channel=(CHANNEL, CHANNEL_KIND), alpha=(2, ALPHA_SPEC), delta=("0.1", PROBABILITY)
    ),
    "finite.check_alpha": example(alpha=("1.5", ALPHA_SPEC), name=("alpha", ANY_TEXT)),
    "finite.check_channel": example(channel=(CHANNEL, CHANNEL_KIND), name=("channel", ANY_TEXT)),
    "finite.check_delta": example(delta=("0.1", PROBABILITY)),
    "finite.check_event": example(
        channel=(CHANNEL, CHANNEL_KIND),
        source=(0, LABEL),
        target=(1, LABEL),
        event=([0], EVENT),
        alpha=(2, ALPHA_SPEC),
        delta=("0.1", PROBABILITY),
    ),
    "finite.delta_from_privacy_loss": example(
        channel=(CHANNEL, CHANNEL_KIND),
        source=(0, LABEL),
        target=(1, LABEL),
        epsilon=(0.5, REAL_NONNEG),
    ),
    "finite.pair_excess": example(
        channel=(CHANNEL, CHANNEL_KIND), source=(0, LABEL), target=(1, LABEL), alpha=(2, ALPHA_SPEC)
    ),
    "finite.privacy_loss": example(
        channel=(CHANNEL, CHANNEL_KIND), source=(0, LABEL), target=(1, LABEL)
    ),
    "finite.pure_privacy": example(channel=(CHANNEL, CHANNEL_KIND)),
    "finite.required_delta": example(channel=(CHANNEL, CHANNEL_KIND), alpha=(2, ALPHA_SPEC)),
    "finite.total_variation": example(
        channel=(CHANNEL, CHANNEL_KIND), source=(0, LABEL), target=(1, LABEL)
    ),
    # composition
    "composition.advanced_composition": example(
        alpha=("1.1", ALPHA), delta=(0, PROBABILITY), k=(10, N), slack=("1e-6", OPEN_PROBABILITY)
    ),
    "composition.advanced_delta": example(
        alpha=("1.1", ALPHA), delta=(0, PROBABILITY), k=(10, N), total_alpha=(5, ALPHA)
    ),
    "composition.basic_composition": example(
        alpha=(2, ALPHA), delta=("0.01", PROBABILITY), k=(3, N)
    ),
    "composition.basic_delta": example(
        alpha=(2, ALPHA), delta=("0.01", PROBABILITY), k=(3, N), total_alpha=(8, ALPHA)
    ),
    "composition.composed_required_delta": example(
        channel=(CHANNEL, CHANNEL_KIND), total_alpha=(3, ALPHA), k=(2, N)
    ),
    "composition.copies_channel": example(channel=(CHANNEL, CHANNEL_KIND), k=(3, N)),
    "composition.gaussian_composition_delta": example(
        sensitivity=(1, REAL_NONNEG), sigma=(2, REAL_POS), eps=(1, REAL_NONNEG), k=(4, N)
    ),
    "composition.gaussian_bound_comparison": example(
        sensitivity=(1, REAL_NONNEG), sigma=(4, REAL_POS), eps=(1, REAL_NONNEG), k=(3, N)
    ),
    "composition.optimal_delta": example(
        alpha=(2, ALPHA), delta=("0.01", PROBABILITY), k=(3, N), total_alpha=(4, ALPHA)
    ),
    "composition.product_channel": example(channel=(CHANNEL, CHANNEL_KIND), k=(3, N)),
    "composition.rr_bound_comparison": example(
        n=(2, N), p=("3/4", PROBABILITY), k=(3, N), total_alpha=(9, ALPHA)
    ),
    "composition.rr_delta_upper_bound": example(
        n=(3, N),
        p=("0.9", PROBABILITY),
        total_alpha=(3, ALPHA),
        k=(3, N),
        interval=("1/50", EXACT_POS),
    ),
    "composition.rr_largest_exact_k": example(n=(4, N), p=("3/4", PROBABILITY)),
    "composition.rr_required_delta": example(
        n=(3, N), p=("0.9", PROBABILITY), total_alpha=(3, ALPHA), k=(3, N)
    ),
    # amplification
    "amplification.derived_bound": example(
        m=(2000, N), flipped=(3, N), epsilon0=(1.0, REAL_POS), step_delta=(1e-8, OPEN_UNIT)
    ),
    "amplification.derived_log_delta": example(
        m=(3000, N), flipped=(2, N), epsilon0=(1.0, REAL_POS), epsilon=(1.0, REAL_NONNEG)
    ),
    "amplification.epsilon_for_delta": example(
        m=(10, N),
        ones=(4, N),
        flipped=(2, N),
        epsilon0=(0.5, REAL_POS),
        delta=(1e-3, OPEN_UNIT),
        shuffled=(True, FLAG),
    ),
    "amplification.log_delta_curve": example(
        m=(10, N),
        ones=(4, N),
        flipped=(2, N),
        epsilon0=(0.5, REAL_POS),
        epsilons=([0.0, 0.5, 2.0], ARRAY_NONNEG),
        shuffled=(True, FLAG),
    ),
    # emd_linear
    "emd_linear.error_ratio": example(
        epsilon=(4, EXACT_POS), user_epsilon=(1, EXACT_POS), diameter=(1, EXACT_POS)
    ),
    "emd_linear.expected_error": example(
        lipschitz=(1, EXACT_POS),
        epsilon=("0.5", EXACT_POS),
        dimension=(3, DIMENSION),
        model=("central", MODEL),
        users=(10, N),
    ),
    "emd_linear.expected_squared_error": example(
        lipschitz=(1, EXACT_POS),
        epsilon=("0.5", EXACT_POS),
        dimension=(3, DIMENSION),
        model=("local", MODEL),
        users=(1, N),
    ),
    "emd_linear.linear_query": example(
        items=([0, 1, 1], ITEMS), f=(lambda x: (x, 2 * x), ITEM_MAP)
    ),
    "emd_linear.local_average_squared_error": example(
        lipschitz=(1, EXACT_POS), epsilon=(2, EXACT_POS), dimension=(2, DIMENSION), users=(5, N)
    ),
    "emd_linear.noise_scale": example(
        lipschitz=(2, EXACT_POS), epsilon=(1, EXACT_POS), model=("central", MODEL), users=(4, N)
    ),
    "emd_linear.sample": example(
        center=([0.0, 1.0], ARRAY), scale=(0.5, REAL_POS), draws=(5, N), seed=(3, COUNT)
    ),
    "emd_linear.user_level_expected_error": example(
        lipschitz=(1, EXACT_POS),
        diameter=(2, EXACT_POS),
        epsilon=(1, EXACT_POS),
        dimension=(2, DIMENSION),
        model=("local", MODEL),
        users=(1, N),
    ),
    # frequency
    "frequency.estimate": example(counts=([5, 3, 2], COUNTS), alpha=(2, ALPHA)),
    "frequency.k_randomized_response": example(k=(3, integer(2, 200)), alpha=("5/2", ALPHA)),
    "frequency.report_probabilities": example(k=(4, VALUES), alpha=(3, ALPHA)),
    "frequency.total_squared_error": example(k=(4, VALUES), alpha=(3, ALPHA), reports=(100, N)),
    "frequency.user_level_total_squared_error": example(
        k=(4, VALUES), epsilon=(1, EXACT_POS), users=(100, N)
    ),
    "frequency.variance": example(
        frequency=("1/3", PROBABILITY), k=(4, VALUES), alpha=(3, ALPHA), reports=(100, N)
    ),
    # gaussian
    "gaussian.certify": example(
        sensitivity=(1, EXACT_NONNEG),
        sigma=(1, EXACT_POS),
        eps=(1, EXACT_NONNEG),
        claimed_delta=("0.13", PROBABILITY),
    ),
    "gaussian.classic_sigma": example(
        sensitivity=(1, REAL_NONNEG),
        eps=(0.5, real(0, 1, low_open=True, high_open=True)),
        delta=(1e-5, real(0, 1, low_open=True, high_open=True)),
    ),
    "gaussian.compare_calibrations": example(
        sensitivity=(1, REAL_NONNEG),
        eps=(0.5, REAL_NONNEG),
        delta=(1e-5, real(0, 1, low_open=True, high_open=True)),
    ),
    "gaussian.delta": example(
        sensitivity=(1, ARRAY_NONNEG), sigma=(1, ARRAY_POS), eps=(1, ARRAY_NONNEG), k=(4, N)
    ),
    "gaussian.delta_enclosure": example(
        sensitivity=(1, EXACT_NONNEG),
        sigma=(1, EXACT_POS),
        eps=(1, EXACT_NONNEG),
        digits=(10, integer(1, 10_000)),
    ),
    "gaussian.density": example(y=(0.0, ARRAY), center=(0, ARRAY), sigma=(1, ARRAY_POS)),
    "gaussian.eps_for": example(
        sensitivity=(1, ARRAY_NONNEG), sigma=(1, ARRAY_POS), delta=(1e-5, ARRAY_OPEN_UNIT)
    ),
    "gaussian.error_interval": example(
        sigma=(1.0, REAL_POS), center=(0.0, REAL), z=(1.96, REAL_POS)
    ),
    "gaussian.interval_coverage": example(z=(1.96, REAL_POS)),
    "gaussian.log_delta": example(
        sensitivity=(1, ARRAY_NONNEG), sigma=(1, ARRAY_POS), eps=(1, ARRAY_NONNEG), k=(4, N)
    ),
    "gaussian.mean_absolute_error": example(sigma=(1, ARRAY_POS)),
    "gaussian.mse": example(sigma=(1, ARRAY_POS)),
    "gaussian.privacy_loss": example(
        y=(0.5, ARRAY), sensitivity=(1, ARRAY_NONNEG), sigma=(1, ARRAY_POS)
    ),
    "gaussian.sigma_for": example(
        sensitivity=(1, ARRAY_NONNEG), eps=(1, ARRAY_NONNEG), delta=(1e-5, ARRAY_OPEN_UNIT)
    ),
    "gaussian.worst_event_edge": example(
        sensitivity=(1.0, REAL_POS), sigma=(1.0, REAL_POS), eps=(1.0, REAL_NONNEG)
    ),
    # inference
    "inference.channel_tradeoff": example(
        channel=(CHANNEL, CHANNEL_KIND), type_one_error=("1/8", PROBABILITY)
    ),
    "inference.dp_max_power": example(
        alpha=(3, ALPHA), delta=(0, PROBABILITY), false_positive_rate=("1/8", PROBABILITY)
    ),
    "inference.dp_tradeoff": example(
        alpha=(3, ALPHA), delta=(0, PROBABILITY), type_one_error=("1/8", PROBABILITY)
    ),
    "inference.gaussian_mu": example(sensitivity=(1, REAL_NONNEG), sigma=(2, REAL_POS), k=(4, N)),
    "inference.gaussian_tradeoff": example(
        sensitivity=(1, REAL_NONNEG), sigma=(1, REAL_POS), type_one_error=(0.05, real(0, 1))
    ),
    "inference.laplace_tradeoff": example(
        sensitivity=(1, EXACT_NONNEG), scale=(1, EXACT_POS), type_one_error=(0.1, real(0, 1))
    ),
    "inference.concave_corners": example(channel=(CHANNEL, CHANNEL_KIND)),
    "inference.gaussian_power": example(
        sensitivity=(1, REAL_NONNEG), sigma=(1, REAL_POS), false_positive_rate=(0.05, real(0, 1))
    ),
    "inference.likelihood_ratio_range": example(
        alpha=(3, ALPHA), delta=("0.01", PROBABILITY), event_probability=("0.1", OPEN_PROBABILITY)
    ),
    "inference.most_powerful_test": example(
        channel=(CHANNEL, CHANNEL_KIND),
        source=(0, LABEL),
        target=(1, LABEL),
        false_positive_rate=("1/8", PROBABILITY),
    ),
    "inference.posterior_odds": example(prior=("1/4", PRIOR), likelihood_ratio=(3, EXACT_NONNEG)),
    "inference.posterior_probability": example(
        prior=("1/4", PRIOR), likelihood_ratio=(3, EXACT_NONNEG)
    ),
    "inference.posterior_range": example(
        prior=("1/2", PRIOR),
        alpha=(3, ALPHA),
        delta=("0.01", PROBABILITY),
        event_probability=("0.1", OPEN_PROBABILITY),
    ),
    "inference.rr_tradeoff": example(
        n=(3, N), p=("0.9", PROBABILITY), type_one_error=("1/8", PROBABILITY)
    ),
    "inference.tradeoff_contact": example(
        channel=(CHANNEL, CHANNEL_KIND), alpha=(3, ALPHA), delta=(0, PROBABILITY)
    ),
    "inference.tradeoff_vertices": example(channel=(CHANNEL, CHANNEL_KIND)),
    # itemwise
    "itemwise.certify": example(
        randomizer=(RANDOMIZER, RANDOMIZER_KIND),
        m=(2, integer(1, itemwise.MAX_ITEMS)),
        alpha=(4, ALPHA),
        delta=(0, PROBABILITY),
        shuffled=(True, FLAG),
        distance=(None, DISTANCE),
    ),
    "itemwise.max_ratio": example(
        randomizer=(RANDOMIZER, RANDOMIZER_KIND),
        K=([0, 3], ITEM_DATASET),
        K2=([1, 2], ITEM_DATASET),
        shuffled=(True, FLAG),
    ),
    "itemwise.release_distribution": example(
        randomizer=(RANDOMIZER, RANDOMIZER_KIND), K=([0, 3], ITEM_DATASET), shuffled=(True, FLAG)
    ),
    "itemwise.required_delta": example(
        randomizer=(RANDOMIZER, RANDOMIZER_KIND),
        K=([0, 3], ITEM_DATASET),
        K2=([1, 2], ITEM_DATASET),
        alpha=(2, ALPHA),
        shuffled=(True, FLAG),
    ),
    # laplace
    "laplace.delta": example(
        sensitivity=(1, EXACT_NONNEG), scale=(1, EXACT_POS), eps=(0, EXACT_NONNEG)
    ),
    "laplace.density": example(y=(0.0, REAL), center=(0.0, REAL), scale=(1.0, REAL_POS)),
    "laplace.epsilon": example(sensitivity=(1, EXACT_NONNEG), scale=(2, EXACT_POS)),
    "laplace.log_delta": example(
        sensitivity=(1, EXACT_NONNEG), scale=(1, EXACT_POS), eps=(0, EXACT_NONNEG)
    ),
    "laplace.mean_absolute_error": example(scale=("0.5", EXACT_POS)),
    "laplace.mse": example(scale=("0.5", EXACT_POS)),
    "laplace.privacy_loss": example(
        y=(0.5, REAL), center=(0.0, REAL), neighbour_center=(1.0, REAL), scale=(1.0, REAL_POS)
    ),
    "laplace.scale_for": example(sensitivity=(1, EXACT_NONNEG), eps=("0.5", EXACT_NONNEG)),
    # metric
    "metric.check_metric": example(distance=(LINE4, METRIC_MATRIX)),
    "metric.clamped_geometric": example(
        k=(4, integer(2, metric.MAX_UNIVERSE)), p=("1/2", PROBABILITY)
    ),
    "metric.emd": example(
        a=([0, 3], LINE_DATASET), b=([1, 2], LINE_DATASET), distance=(None, DISTANCE)
    ),
    "metric.emd_matching": example(
        a=([0, 3], LINE_DATASET), b=([1, 2], LINE_DATASET), distance=(None, DISTANCE)
    ),
    "metric.emd_plan": example(
        a=([0, 3], LINE_DATASET), b=([1, 2], LINE_DATASET), distance=(None, DISTANCE)
    ),
    "metric.exponential_mechanism": example(
        distance=(LINE4, METRIC_MATRIX), p=("1/2", OPEN_PROBABILITY)
    ),
    "metric.input_emd": example(
        randomizer=(RANDOMIZER, RANDOMIZER_KIND), distance=(None, DISTANCE)
    ),
    "metric.item_privacy": example(
        randomizer=(RANDOMIZER, RANDOMIZER_KIND), alpha=(2, ALPHA), distance=(None, DISTANCE)
    ),
    # sampling
    "sampling.check_sampling": example(
        randomizer=(CHANNEL, RANDOMIZER_KIND),
        sizes=([1, 2], SIZES),
        s=(2, SAMPLE),
        alpha=(4, ALPHA),
        t=("1/2", EXACT_POS),
        distance=(None, DISTANCE),
    ),
    "sampling.check_sampling_slacks": example(
        randomizer=(CHANNEL, RANDOMIZER_KIND),
        sizes=([1, 2], SIZES),
        s=(2, SAMPLE),
        alpha=(4, ALPHA),
        ts=(["1/4", "1/2"], SLACKS),
        distance=(None, DISTANCE),
    ),
    "sampling.hoeffding_delta": example(s=(3, N), t=("1/5", EXACT_POS)),
    "sampling.hoeffding_slack": example(s=(3, N), delta=(1e-6, OPEN_UNIT)),
    "sampling.resample_distribution": example(K=([0, 3], ANY_ITEMS), s=(2, SAMPLE)),
    "sampling.resampled_release": example(
        randomizer=(RANDOMIZER, RANDOMIZER_KIND),
        K=([0, 3], RESAMPLED_ITEMS),
        s=(2, SAMPLE),
        shuffled=(True, FLAG),
    ),
    # queries
    "queries.constant_query": example(n=(4, N), bound=(1, EXACT_POS), value=(3, EXACT)),
    "queries.count_query": example(
        n=(4, N), bound=(1, EXACT_POS), threshold=("0.5", real(0, 1, low_open=True, exact=True))
    ),
    "queries.mean_query": example(n=(4, N), bound=(1, EXACT_POS)),
    "queries.sum_query": example(n=(4, N), bound=(1, EXACT_POS)),
    # randomized_response
    "randomized_response.bit_vector_channel": example(n=(2, integer(1, 8)), p=("3/4", PROBABILITY)),
    "randomized_response.certify": example(
        n=(4, N), p=("0.9", PROBABILITY), alpha=(3, ALPHA_SPEC), delta=("0.05", PROBABILITY)
    ),
    "randomized_response.check_query": example(
        n=(4, N),
        p=("0.9", PROBABILITY),
        lower=(1, COUNT),
        direction=("up", choice("up", "down")),
        mask=(3, COUNT),
        alpha=(3, real(1, exact=True)),
        delta=("0.05", PROBABILITY),
    ),
    "randomized_response.count_channel": example(n=(4, N), p=("0.9", PROBABILITY)),
    "randomized_response.count_distribution": example(
        n=(4, N), p=("0.9", PROBABILITY), true_count=(2, integer(0, 4))
    ),
    "randomized_response.count_pairs": example(n=(4, N)),
    "randomized_response.debiased_estimate": example(
        n=(4, N), p=("3/4", PROBABILITY), y=(2, integer(0, 4))
    ),
    "randomized_response.debiased_estimator": example(n=(4, N), p=("3/4", PROBABILITY)),
    "randomized_response.estimator_mse": example(n=(4, N), p=("3/4", PROBABILITY)),
    "randomized_response.event_from_mask": example(n=(4, N), mask=(3, COUNT)),
    "randomized_response.pure_epsilon": example(p=("3/4", PROBABILITY)),
    "randomized_response.pure_privacy": example(n=(4, N), p=("0.9", PROBABILITY)),
    "randomized_response.queried_pair": example(
        n=(4, N), lower=(1, COUNT), direction=("up", choice("up", "down"))
    ),
    "randomized_response.required_delta": example(
        n=(4, N), p=("0.9", PROBABILITY), alpha=(3, real(1, exact=True))
    ),
    # rr_lab_grid
    "rr_lab_grid.claim_covers": example(
        required_numerator=(4374 * 10**5, COUNT), n=(4, integer(1, 100)), claim=("0.438", CLAIM)
    ),
    "rr_lab_grid.delta_denominator": example(n=(2, integer(1, 100))),
    "rr_lab_grid.lab_count_weights": example(grid=(LabGrid(sizes=(1, 2), p_percents=(75,)), GRID)),
    "rr_lab_grid.lab_states": example(
        grid=(LabGrid(sizes=(1, 2), p_percents=(75, 90), alpha_tenths=(10, 30)), GRID)
    ),
}
"""Valid arguments and the kind of every parameter of every public maths function."""

DOCUMENTED_INFINITIES = {
    "amplification.log_delta_curve": "−inf exactly where δ = 0 for certain (ε ≥ flipped·ε₀)",
    "finite.privacy_loss": "L(y) = ±inf where one of P_y, Q_y is 0 (documented rules)",
    "finite.pure_privacy": "epsilon = inf when no finite pure ε exists (finite=False)",
    "randomized_response.pure_privacy": "epsilon = inf at p ∈ {0, 1} (finite=False)",
    "randomized_response.pure_epsilon": "inf at p ∈ {0, 1}",
    "gaussian.log_delta": "−inf exactly when Δ = 0 (δ = 0)",
    "laplace.log_delta": "−inf exactly when ε ≥ Δ/b (δ = 0)",
    "gaussian.compare_calibrations": "classic_log_delta = −inf when Δ = 0",
    "itemwise.max_ratio": "math.inf when some Q(y) = 0 < P(y) (documented)",
    "itemwise.certify": "tightness = inf when some ratio is infinite or α = 1 < ratio",
    "metric.item_privacy": "tightest = inf when A(y|x') = 0 < A(y|x)",
}
"""Functions whose documented answers include ±inf (never NaN), with the reason."""

DOCUMENTED_ERRORS = {
    "gaussian.delta": (
        (DeltaUnderflowError, OverflowError),
        "δ below the normal range (use log_delta); ln δ itself below −1.8e308",
    ),
    "gaussian.log_delta": ((OverflowError,), "ln δ below −1.8e308, outside the double range"),
    "laplace.delta": ((DeltaUnderflowError,), "δ below the normal range (use log_delta)"),
    "composition.gaussian_composition_delta": (
        (DeltaUnderflowError, OverflowError),
        "as gaussian.delta, which it calls",
    ),
    "composition.gaussian_bound_comparison": (
        (DeltaUnderflowError, OverflowError),
        "as gaussian.delta, which it calls for the exact value",
    ),
}
"""Documented arithmetic errors accepted like a ValueError (their messages name the inputs),
with the reason."""

# --- the matrix ---------------------------------------------------------------------------


def _value_id(value: object) -> str:
    if callable(value) and getattr(value, "__name__", "") == "<lambda>":
        return "lambda"
    if isinstance(value, FiniteChannel):  # its repr can run to millions of characters
        return f"FiniteChannel:{len(value.inputs)}x{len(value.outputs)}"
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**20 else "10**400"
    text = type(value).__name__ if " at 0x" in text else text
    if isinstance(value, int) and value < -(10**20):
        text = "-10**400"
    text = text if len(text) <= 40 else f"{text[:30]}…{len(text)}ch"
    return f"{type(value).__name__}:{text}"


@dataclass(frozen=True)
class Case:
    function: str
    parameter: str | None  # None: the valid example itself
    value: object
    must_raise: bool
    also: tuple[tuple[str, object], ...] = ()  # further replaced arguments (shapes, limits)
    serial: int = 0  # tells apart cases whose values print alike (two lambdas)

    @property
    def id(self) -> str:
        if self.parameter is None:
            return f"{self.function}(valid example)"
        replaced = [(self.parameter, self.value), *self.also]
        text = f"{self.function}({', '.join(f'{k}={_value_id(v)}' for k, v in replaced)})"
        return f"{text}#{self.serial}" if self.serial else text


def _shape_cases(function: str, row: dict) -> list[Case]:
    """Two array arguments of valid values whose shapes do not broadcast must be refused."""
    arrays = [name for name in row if row[name][1] in ARRAY_KINDS]
    if len(arrays) < 2:
        return []
    first, second = arrays[:2]
    return [
        Case(
            function,
            first,
            [row[first][0]] * 2,
            True,
            ((second, [row[second][0]] * 3),),
        )
    ]


def _cases() -> list[Case]:
    cases = []
    for function, row in EXAMPLES.items():
        cases.append(Case(function, None, None, False))
        for parameter, (_, kind) in row.items():
            cases += [Case(function, parameter, value, True) for value in kind.invalid]
            cases += [Case(function, parameter, value, False) for value in kind.edge]
        cases += _shape_cases(function, row)
    return cases


def limit(function: str, must_raise: bool, **arguments) -> Case:
    """A case replacing several arguments at once (the first one names the case)."""
    (first, value), *rest = arguments.items()
    return Case(function, first, value, must_raise, tuple(rest))


LIMIT_CASES = [
    # work past a limit only in combination: refused before the work starts
    limit("sampling.resample_distribution", True, K=list(range(100)), s=12),
    limit(
        "sampling.resampled_release",
        True,
        randomizer=LARGEST_RANDOMIZER,
        K=list(range(metric.MAX_UNIVERSE)),
        s=12,
    ),
    limit("sampling.resampled_release", True, K=[0, 1, 2, 3], s=12),  # 455 × 455 × 4 units
    limit("sampling.check_sampling", True, randomizer=LARGEST_RANDOMIZER, sizes=[12]),
    limit("sampling.check_sampling_slacks", True, randomizer=LARGEST_RANDOMIZER, sizes=[12]),
    limit("itemwise.certify", True, randomizer=LARGEST_RANDOMIZER, m=itemwise.MAX_ITEMS),
    limit("itemwise.certify", False, m=3, distance=FLOAT4),
    limit(
        "metric.item_privacy",
        False,
        randomizer=clamped_geometric(20, "1/2"),
        distance=[[0 if i == j else 0.1 for j in range(20)] for i in range(20)],
    ),
    # refusals whose work estimates are huge (their messages must not overflow a float)
    limit("composition.rr_largest_exact_k", False, n=300),
    limit("composition.rr_bound_comparison", False, n=1000),
    limit("composition.rr_required_delta", True, n=1000, k=1000),
    limit("composition.composed_required_delta", True, channel=count_channel(300, "0.9"), k=5000),
]
"""Cases past a limit only in combination, the limits' own refusal messages, and float
distances where exact powers would have about 2^55 · bits digits."""


def _numbered(cases: list[Case]) -> list[Case]:
    """The cases, each id made unique by a serial number where values print alike."""
    seen: dict[str, int] = {}
    numbered = []
    for case in cases:
        seen[case.id] = seen.get(case.id, -1) + 1
        numbered.append(replace(case, serial=seen[case.id]) if seen[case.id] else case)
    return numbered


FUNCTIONS = _public_functions()
MATRIX = _cases()
CASES = _numbered([*MATRIX, *LIMIT_CASES])
LIMITS = CASES[len(MATRIX) :]
CASE_INDEX = {case.id: index for index, case in enumerate(CASES)}


def _nonfinite(value: object) -> bool:
    """Whether ``value`` holds a NaN or an infinity anywhere (floats, arrays, arb, nesting)."""
    if isinstance(value, float | np.floating):
        return not math.isfinite(value)
    if isinstance(value, np.ndarray):
        return value.dtype.kind == "f" and not bool(np.isfinite(value).all())
    if isinstance(value, arb):
        return not value.is_finite()
    if isinstance(value, tuple | list):
        return any(_nonfinite(item) for item in value)
    if isinstance(value, dict):
        return any(_nonfinite(item) for item in value.values())
    if is_dataclass(value) and not isinstance(value, type):
        return any(_nonfinite(getattr(value, field.name)) for field in fields(value))
    return False


def _has_nan(value: object) -> bool:
    if isinstance(value, float | np.floating):
        return math.isnan(value)
    if isinstance(value, np.ndarray):
        return value.dtype.kind == "f" and bool(np.isnan(value).any())
    if isinstance(value, tuple | list):
        return any(_has_nan(item) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(_has_nan(getattr(value, field.name)) for field in fields(value))
    return False


def judge(case: Case) -> str | None:
    """Run one case; ``None`` if it keeps the contract, else what went wrong."""
    row = EXAMPLES[case.function]
    arguments = {name: value for name, (value, _) in row.items()}
    if case.parameter is not None:
        arguments[case.parameter] = case.value
        arguments.update(case.also)
    accepted = (ValueError, TypeError, *DOCUMENTED_ERRORS.get(case.function, ((), ""))[0])
    try:
        result = FUNCTIONS[case.function](**arguments)
    except accepted as error:
        if case.parameter is None:
            return f"the valid example raised {type(error).__name__}: {error}"
        # A value outside the domain must be named; one inside it may instead conflict with
        # another argument (a threshold above a new bound), which the message then names.
        named = [case.parameter, *dict(case.also)] if case.must_raise else list(row)
        if not any(re.search(rf"\b{re.escape(name)}\b", str(error)) for name in named):
            return f"{type(error).__name__} names none of {named}: {error}"
        return None
    except Exception as error:  # any other error breaks the contract
        return f"raw {type(error).__name__}: {str(error)[:200]}"
    if case.must_raise:
        return f"returned {_value_id(result)[:80]} instead of raising"
    if case.function in DOCUMENTED_INFINITIES:
        return "returned NaN" if _has_nan(result) else None
    return "returned NaN or inf" if _nonfinite(result) else None


def _exact_at_float_distance() -> str | None:
    """A float distance is its exact binary value, decided exactly, not by doubles.

    ``d = Fraction(0.1)`` is 10⁻¹ plus about 5.6e-18; the clamped geometric on two points
    has the largest ratio 2, so it passes at factor α iff ``α ≥ 2^{1/d}``, which is
    ``1024 − 3.94e-13``: 1024 − 10⁻¹² fails and 1024 − 10⁻¹³ passes (``b = 2^55``).
    """
    channel = clamped_geometric(2, "1/2")
    near = {"1024": Fraction(1024), "1024-1e-12": 1024 - Fraction(1, 10**12)}
    near["1024-1e-13"] = 1024 - Fraction(1, 10**13)
    expected = {"1024": True, "1024-1e-12": False, "1024-1e-13": True}
    for text, factor in near.items():
        verdicts = (
            metric.item_privacy(channel, factor, FLOAT2).passes,
            itemwise.certify(channel, 1, factor, 0, True, FLOAT2).pure,  # d_EM = d at m = 1
        )
        if verdicts != (expected[text],) * 2:
            return f"at α = {text}: item_privacy, certify say {verdicts}, not {expected[text]}"
    return None


def _query_methods_check_n_first() -> str | None:
    """The queries' methods (not in the matrix, which calls functions) at ``n = 10⁹``: the
    sensitivity is exact, building or reading the records is refused before it starts."""
    n = 10**9
    for query in (
        queries.sum_query(n, 1),
        queries.mean_query(n, 1),
        queries.count_query(n, 1, "1/2"),
        queries.constant_query(n, 1),
    ):
        if query.sensitivity > 1:
            return f"{query.kind}: sensitivity {query.sensitivity}"
        for method, call in (("neighbours", query.neighbours), ("evaluate", query.evaluate)):
            try:
                call(*([Unread(n)] if method == "evaluate" else []))
            except ValueError as error:
                if not str(error).startswith("n must be at most MAX_RECORDS"):
                    return f"{query.kind}.{method}: {error}"
            else:
                return f"{query.kind}.{method} answered at n = {n}"
    try:
        queries.sum_query(queries.MAX_RECORDS + 1, 1).neighbours()
    except ValueError:
        return None
    return "neighbours() answered at n = MAX_RECORDS + 1"


EXACT_CHECKS = {
    "float distance 0.1, exact threshold": _exact_at_float_distance,
    "query methods at n = 10**9": _query_methods_check_n_first,
}
"""Checks of answers' values and of methods, each under the time guard (and the memory
limit) of the worker; a raw error is their failure."""


def _serve(connection, cpu_seconds: int) -> None:
    """The worker: run case indices (or names of :data:`EXACT_CHECKS`) sent by the parent,
    answer with the verdicts; a call may use ``cpu_seconds`` of CPU time."""
    rss_limit = 3 * 2**30
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        virtual = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (virtual + rss_limit, hard))
    while True:
        message = connection.recv()
        limit_cpu(cpu_seconds)  # the kernel ends the process (SIGXCPU) past it
        try:
            verdict = judge(CASES[message]) if isinstance(message, int) else EXACT_CHECKS[message]()
        except MemoryError:
            verdict = "MemoryError: more than 3 GiB"
        except Exception as error:  # a check's own raw error (the matrix's are judged)
            verdict = f"raw {type(error).__name__}: {str(error)[:200]}"
        connection.send(verdict)


class Worker:
    """One forked process that runs cases and is replaced when a call exceeds its CPU time
    (or sends nothing for :data:`SILENT_SECONDS`)."""

    def __init__(self, cpu_seconds: int = CALL_CPU_SECONDS) -> None:
        self._cpu_seconds = cpu_seconds
        self._context = multiprocessing.get_context("fork")
        self._start()

    def _start(self) -> None:
        self._connection, child = self._context.Pipe()
        self._process = self._context.Process(
            target=_serve, args=(child, self._cpu_seconds), daemon=True
        )
        self._process.start()

    def run(self, case: Case) -> str | None:
        return self._ask(CASE_INDEX[case.id])

    def check(self, name: str) -> str | None:
        return self._ask(name)

    def _ask(self, message: int | str) -> str | None:
        self._connection.send(message)
        if self._connection.poll(SILENT_SECONDS):
            try:
                return self._connection.recv()
            except EOFError:
                self._process.join()
                verdict = (
                    hang_verdict(self._cpu_seconds)
                    if self._process.exitcode == -signal.SIGXCPU
                    else f"the worker process died (exit code {self._process.exitcode})"
                )
        else:
            verdict = f"no answer within {SILENT_SECONDS} s (waits without computing)"
        self._process.kill()
        self._process.join()
        self._start()
        return verdict

    def close(self) -> None:
        self._process.kill()
        self._process.join()


@pytest.fixture(scope="module")
def worker():
    running = Worker()
    yield running
    running.close()


# --- the tests ----------------------------------------------------------------------------


def test_every_public_function_has_an_example_row():
    missing = sorted(set(FUNCTIONS) - set(EXAMPLES))
    assert not missing, (
        f"public functions without a row in EXAMPLES of {__name__}: {missing}; add valid "
        f"arguments and the kind of each parameter so the contract matrix covers them"
    )
    stale = sorted(set(EXAMPLES) - set(FUNCTIONS))
    assert not stale, f"EXAMPLES rows for functions that are not public: {stale}"


@pytest.mark.parametrize("function", sorted(EXAMPLES))
def test_example_rows_name_every_parameter(function):
    if function not in FUNCTIONS:
        pytest.skip("not a public function (reported by the test above)")
    parameters = list(inspect.signature(FUNCTIONS[function]).parameters)
    assert list(EXAMPLES[function]) == parameters, (
        f"EXAMPLES[{function!r}] must list the parameters {parameters} in order"
    )


@pytest.mark.parametrize("size", [len(CASES)], ids=lambda size: f"{size}-cases")
def test_the_matrix_is_large(size):
    print(f"contract matrix: {size} cases over {len(EXAMPLES)} functions")
    assert size >= MINIMUM_CASES


def test_every_case_has_its_own_id():
    assert len(CASE_INDEX) == len(CASES), "two cases share an id: one of them would not run"


def test_an_unread_sequence_fails_when_read():
    with pytest.raises(AssertionError, match="read before its length was checked"):
        tuple(Unread(3))
    assert judge(limit("metric.check_metric", True, distance=Unread(3))).startswith(
        "raw AssertionError"
    )


@pytest.mark.parametrize("function", sorted(EXAMPLES))
def test_bad_input_gets_a_clear_error_or_a_sane_answer(function, worker):
    if function not in FUNCTIONS:
        pytest.skip("not a public function (reported above)")
    failures = [
        f"{case.id}: {verdict}"
        for case in CASES[: len(MATRIX)]
        if case.function == function
        for verdict in [worker.run(case)]
        if verdict is not None
    ]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("case", LIMITS, ids=lambda case: case.id)
def test_work_past_a_limit_is_refused_before_it_starts(case, worker):
    verdict = worker.run(case)
    assert verdict is None, f"{case.id}: {verdict}"


@pytest.mark.parametrize("name", sorted(EXACT_CHECKS))
def test_exact_answers_at_inputs_beyond_exact_powers(name, worker):
    verdict = worker.check(name)
    assert verdict is None, f"{name}: {verdict}"


def test_the_worker_stops_a_call_that_hangs(monkeypatch):
    def spins(seconds):
        while seconds > 0:  # computes without end for any seconds > 0
            seconds += 1

    hang = Case("contract.spins", "seconds", 60, False)
    valid = Case(hang.function, None, None, False)
    monkeypatch.setitem(FUNCTIONS, hang.function, spins)
    monkeypatch.setitem(EXAMPLES, hang.function, example(seconds=(0, REAL_NONNEG)))
    monkeypatch.setitem(CASE_INDEX, hang.id, len(CASES))
    monkeypatch.setitem(CASE_INDEX, valid.id, len(CASES) + 1)
    monkeypatch.setattr(f"{__name__}.CASES", [*CASES, hang, valid])
    hanging = Worker(cpu_seconds=1)  # forked now, so it sees the extra cases
    try:
        assert hanging.run(hang) == hang_verdict(1)
        assert hanging.run(valid) is None  # a fresh process took over
    finally:
        hanging.close()
