"""The randomized-response lab's core (``rr-lab-core.js``) against :mod:`dplab`, at every state.

The lab computes its certificates in the browser with ``BigInt``
(:mod:`dplab.mechanisms.rr_lab_grid` states the encoding).  These vectors hold, for the whole grid
``LAB_GRID`` (n = 1..12, p = k/100 for k = 50..100, α = t/10 for t = 10..100; 55,692 states):

1. **the numbers are exact**: every count law's integer weights (each (n, k)); every ordered
   pair's numerator over ``10·100^n``, the first worst pair and every pair's event, from
   :func:`dplab.mechanisms.randomized_response.certify` (each (n, k, t)); one event check per state
   (a lower count that may need clamping, both directions, a mask with bits above n) from the exact
   count laws, every tenth confirmed by :func:`~dplab.mechanisms.randomized_response.check_query`;
   and every event of every pair for n ≤ 3;
2. **the claim is read exactly**: tricky texts as :func:`dplab.views.labs.rr.parse_claim`
   and :class:`fractions.Fraction` read them, and the texts the box refuses with their reason;
3. **the verdict's step is in the right place**: for a fixed numerator ``N`` the verdict
   ``[δ ≥ N/(10·100^n)]`` is a monotone step in the claimed δ, and so is the script's (a
   cross-multiplication of non-negative integers, on an exactly read value).  Two monotone
   steps on [0, 1] that agree at 0, at 1, at the threshold and just below it (one unit in the
   threshold's last decimal place, and a claim a million times finer) have the same
   threshold, hence agree at *every* δ; the claims are given in decimal and in
   ``e``-notation, at every state (and around each queried event's excess);
4. **the texts**: lab.js's number texts as :mod:`dplab.views.randomized_response` writes
   them, and every output of :meth:`dplab.views.labs.rr.RRLab.outputs` on a set of states
   (the ones the browser test walks, and boundaries of every control), with the texts a
   refused δ shows.

Encoding (about 21 MB, written in about 8 s of CPU): a state's certificate is one line
``numerators|worst|events`` (events ``.``-joined, pairs ``,``-joined), its threshold claims
one ``;``-joined line with the verdicts as a string of ``p``/``f``; the verdicts compare the
integers each claim is written from (a sample of claims is read back by ``Fraction``).
"""

from __future__ import annotations

from fractions import Fraction

from dplab.mechanisms import randomized_response as rr
from dplab.mechanisms.rr_lab_grid import LAB_GRID, delta_denominator
from dplab.views import LABELS, label, numbers
from dplab.views.labs.rr import lab as lab_views
from tests.js.golden import ratio_parts

SIZES = LAB_GRID.sizes
P_PERCENTS = LAB_GRID.p_percents
ALPHA_TENTHS = LAB_GRID.alpha_tenths


def scaled_weights(n: int, k: int) -> list[list[int]]:
    """``100^n · Pr[Y = y | c]`` for every count c (the lab's integer weights)."""
    return [
        [w * (100**n // law.denominator) for w in law.weights]
        for law in (rr.count_distribution(n, Fraction(k, 100), c) for c in range(n + 1))
    ]


Claim = tuple[str, int, int]
"""A claimed δ: its text and the value it is written from, ``scaled / 10^digits``."""


def decimal_claim(scaled: int, digits: int) -> Claim:
    return numbers.decimal_text(scaled, digits), scaled, digits


def threshold_claims(numerator: int, n: int) -> list[Claim]:
    """Claims at and around the threshold ``numerator / 10^(2n+1)`` (plus 0 and 1), in
    decimal and in ``e``-notation."""
    digits = 2 * n + 1
    claims = [("0", 0, 0), ("1", 1, 0), decimal_claim(numerator, digits)]
    claims.append((f"{numerator}e-{digits}", numerator, digits))
    if numerator > 0:
        claims += [
            decimal_claim(numerator - 1, digits),
            decimal_claim(numerator * 10**6 - 1, digits + 6),
            (f"{numerator - 1}e-{digits}", numerator - 1, digits),
        ]
    if numerator < 10**digits:
        claims.append(decimal_claim(numerator + 1, digits))
    return claims


def verdicts(claims: list[Claim], numerator: int, denominator: int) -> str:
    """``p`` (the claim ≥ numerator / denominator, compared as integers) or ``f``, a claim."""
    return "".join(
        "p" if scaled * denominator >= numerator * 10**digits else "f"
        for _, scaled, digits in claims
    )


def texts_of(claims: list[Claim]) -> list[str]:
    return [text for text, _, _ in claims]


def grid_vectors() -> dict[str, list]:
    """Weights, certificates and threshold verdicts at every (n, k, t) of the grid."""
    weights, certificates, thresholds = [], [], []
    for n in SIZES:
        common = delta_denominator(n)
        weights.append(
            [[[str(w) for w in law] for law in scaled_weights(n, k)] for k in P_PERCENTS]
        )
        lines, claims_at = [], []
        for k in P_PERCENTS:
            for t in ALPHA_TENTHS:
                certificate = rr.certify(n, Fraction(k, 100), Fraction(t, 10), 0)
                numerators = [
                    row.numerator * (common // row.denominator) for row in certificate.pairs
                ]
                worst = [row.pair for row in certificate.pairs].index(certificate.worst_pair)
                events = ",".join(".".join(map(str, row.event)) for row in certificate.pairs)
                lines.append(f"{','.join(map(str, numerators))}|{worst}|{events}")
                required = max(numerators)
                assert Fraction(required, common) == certificate.required_delta
                claims = threshold_claims(required, n)
                if (k + t) % 50 == 0:  # each claim's text reads to the value it is written from
                    assert all(Fraction(text) == Fraction(a, 10**d) for text, a, d in claims)
                claims_at.append([";".join(texts_of(claims)), verdicts(claims, required, common)])
        certificates.append(lines)
        thresholds.append(claims_at)
    return {"weights": weights, "certificates": certificates, "thresholds": thresholds}


def queries(n: int) -> list[tuple[int, int, int, str, int]]:
    """One query per state (k, t): a lower count that may need clamping, both directions, a
    mask that may have bits above n."""
    chosen = []
    for k in P_PERCENTS:
        for t in ALPHA_TENTHS:
            seed = n * 1_000_003 + k * 1_009 + t
            lower = seed % (n + 2)
            direction = "up" if (seed // 7) % 2 == 0 else "down"
            mask = (seed * 2_654_435_761) % 2 ** (n + 3)
            chosen.append((k, t, lower, direction, mask))
    return chosen


def query_vectors() -> list[list]:
    """Per size: ``[[k, t, lower, direction, mask, claims], expected]`` for every (k, t)."""
    out = []
    for n in SIZES:
        scale, common = 100**n, delta_denominator(n)
        laws = {k: scaled_weights(n, k) for k in P_PERCENTS}
        cases = []
        for index, (k, t, lower, direction, mask) in enumerate(queries(n)):
            pair = rr.queried_pair(n, lower, direction)
            event = rr.event_from_mask(n, mask)
            ps = sum(laws[k][pair.source][y] for y in event.outputs)
            qs = sum(laws[k][pair.target][y] for y in event.outputs)
            excess = 10 * ps - t * qs  # over 10·100^n
            if index % 10 == 0:  # the same numbers from dplab's own query check
                alpha = Fraction(t, 10)
                check = rr.check_query(n, Fraction(k, 100), lower, direction, mask, alpha, 0)
                assert check.check.source_probability == Fraction(ps, scale)
                assert check.check.excess == Fraction(excess, common)
            claims = [("0", 0, 0), ("1", 1, 0), ("0.05", 5, 2)]
            if excess > 0:
                claims += [decimal_claim(excess, 2 * n + 1), decimal_claim(excess - 1, 2 * n + 1)]
            expected = [pair.source, pair.target, str(event.effective), str(event.ignored)]
            expected += [str(ps), str(qs), verdicts(claims, excess, common)]
            cases.append([[k, t, lower, direction, str(mask), texts_of(claims)], expected])
        out.append(cases)
    return out


def small_event_vectors() -> dict[str, list[str]]:
    """``P(S)/Q(S)`` (over 100^n) of every event of every pair, α = 1, for n = 1, 2, 3."""
    out = {}
    for n in (1, 2, 3):
        rows = []
        for k in P_PERCENTS:
            laws = scaled_weights(n, k)
            for s, d in rr.count_pairs(n):
                for mask in range(2 ** (n + 1)):
                    event = rr.event_from_mask(n, mask).outputs
                    rows.append(
                        f"{sum(laws[s][y] for y in event)}/{sum(laws[d][y] for y in event)}"
                    )
        out[str(n)] = rows
    return out


CLAIM_TEXTS = [
    "0", "1", "1.0", "1.000000", "1.0000001", "0.4374", ".5", "5.", ".", "", " 0.5 ", "\t0.25",
    "0,5", "-0", "+0.5", "1e-5", "1E-5", "2.5e-1", "10e-1", "10e-2", "1e0", "1e1", "0e5",
    "1e-999", "1e+0", "0.5e", "e-5", "0x1", "1/2", "½", "٠.٥", "0.5\n", "00.050", "1e-20000",
]  # fmt: skip

# Texts the reader may type beyond the build's rule, with what the box makes of them: the
# exact value, or the label key of what is wrong.
TYPED_CLAIMS = {
    "3/8": Fraction(3, 8), "5 / 100": Fraction(1, 20), "2187/5000": Fraction(2187, 5000),
    "1/2": Fraction(1, 2), "-0": Fraction(0), "+0.5": Fraction(1, 2), "0.5\n": Fraction(1, 2),
    "-0.1": "lab.typed_negative", "\u22121": "lab.typed_negative", "-1/8": "lab.typed_negative",
    "1.0000001": "rr.lab_delta_above", "3/2": "rr.lab_delta_above", "1e1": "rr.lab_delta_above",
    "": "number.empty", "abc": "number.not_number", "0,5": "number.comma",
    "1/0": "number.zero_denominator", "1e-20000": "number.exponent",
}  # fmt: skip


def claim_vectors() -> list[list]:
    """``[text, [numerator, denominator] | reason]``: every text the build's rule accepts reads
    to its value (parse_claim = Fraction); the box's own texts read as TYPED_CLAIMS says."""
    out = []
    for text in CLAIM_TEXTS:
        value = lab_views.parse_claim(text)
        if value is not None:
            assert value == Fraction(text.strip()), text
            out.append([text, [str(value.numerator), str(value.denominator)]])
    for text, expected in TYPED_CLAIMS.items():
        if isinstance(expected, Fraction):
            out.append([text, [str(expected.numerator), str(expected.denominator)]])
        else:
            out.append([text, expected])
    return out


def text_vectors() -> dict[str, list]:
    """lab.js's number texts and the lab's per-state texts, as dplab writes them."""
    values = [
        Fraction(2187, 5000), Fraction(12345, 10**8), Fraction(99995, 10**5), Fraction(1, 3),
        Fraction(123456), Fraction(1234567), Fraction(1, 10**5), Fraction(-1, 8), Fraction(0),
        Fraction(2, 3 * 10**7), Fraction(999949, 10**10), Fraction(5, 10**5), Fraction(7, 2),
    ]  # fmt: skip
    required = [(0, 4), (1, 4), (4374 * 10**5, 4), (10**9, 4), (123456789, 6), (10**25, 12)]
    required += [(3 * 10**24 + 7, 12)]
    compared = [
        (Fraction(6561, 10**4), Fraction(65609, 10**5)),
        (Fraction(6561, 10**4), Fraction(6561, 10**4) - Fraction(1, 10**20)),
        (Fraction(6561, 10**4) + Fraction(1, 10**20), Fraction(6561, 10**4)),
        (Fraction(0), Fraction(1, 10001)),
        (Fraction(655551, 10**6), Fraction(6555505, 10**7)),  # ≈ 0.6556 would invert them
        (Fraction(1, 3), Fraction(1, 3)),
        (Fraction(2, 7), Fraction(2, 7) + Fraction(1, 10**30)),
        (Fraction(123, 10**9), Fraction(1231, 10**10)),
    ]
    worst_states = [(n, k, t) for n in SIZES for k in (50, 73, 90, 100) for t in (10, 30, 97)]
    per_p = [(n, k) for n in SIZES for k in P_PERCENTS]
    return {
        "approx": [[ratio_parts(v), numbers.approx_text(v)] for v in values],
        "value": [[ratio_parts(v), numbers.value_text(v)] for v in values],
        "required": [[[str(x), n], lab_views.required_delta_text(x, n)] for x, n in required],
        "compared": [
            [ratio_parts(x) + ratio_parts(y), list(numbers.compared_texts(x, y))]
            for x, y in compared
        ],
        "worst": [
            [[n, k, t], lab_views.rr_lab(n, Fraction(k, 100), Fraction(t, 10)).outputs()["worst"]]
            for n, k, t in worst_states
        ],
        "pure_mse": [
            [[n, k], [out["pure"], out["mse"]]]
            for n, k in per_p
            for out in [lab_views.rr_lab(n, Fraction(k, 100), lower=0, mask=0).outputs()]
        ],
    }


INITIAL = {"n": 4, "p": "3/4", "alpha": "3", "delta": "0", "lower": 1, "mask": 3}

# The states the browser test walks (by the controls), then boundaries of every control.
WALKED = [
    INITIAL,
    {**INITIAL, "p": "0.9", "delta": "0.05"},
    *({**INITIAL, "p": "0.9", "delta": delta} for delta in ("0.437", "0.438", "0.4374")),
    {**INITIAL, "p": "0.9", "delta": "0.43739", "lower": 0, "mask": 1},
    {**INITIAL, "p": "0.9", "delta": "0.438", "mask": 19},
    {**INITIAL, "n": 12, "p": "0.9", "delta": "0.438", "mask": 19},
]


def boundary_states() -> list[dict[str, object]]:
    """Every size at the ends and middle of p and α, with claims 0, 0.05 and 1 and a query
    (clamped pair, bits above n, both directions) that varies with the state."""
    states = []
    for n in SIZES:
        for k in (50, 51, 73, 99, 100):
            for t in (10, 11, 37, 100):
                for delta in ("0", "0.05", "1"):
                    seed = n * 7919 + k * 104_729 + t * 31 + len(delta)
                    states.append(
                        {
                            "n": n,
                            "p": Fraction(k, 100),
                            "alpha": Fraction(t, 10),
                            "delta": delta,
                            "lower": seed % (n + 2),
                            "direction": "up" if seed % 3 else "down",
                            "mask": (seed * 2_654_435_761) % 2 ** (n + 3),
                        }
                    )
    return states


def screen_state(lab: lab_views.RRLab, delta: str | None = None) -> dict[str, object]:
    """The state as the core takes it (``screen``)."""
    return {
        "n": lab.n,
        "k": lab.p_percent,
        "t": lab.alpha_tenths,
        "delta": lab.delta if delta is None else delta,
        "lower": lab.lower,
        "direction": lab.direction,
        "mask": str(lab.mask),
    }


def screen_vectors() -> dict[str, list]:
    """Every output of :meth:`RRLab.outputs` at each state; the same state with a δ the box
    reads to the same value ("2187/5000"), and with δ texts it refuses."""
    labs = [lab_views.rr_lab(**state) for state in WALKED + boundary_states()]
    screens = [[screen_state(lab), lab.outputs()] for lab in labs]
    as_fraction = lab_views.rr_lab(**{**INITIAL, "p": "0.9", "delta": "0.4374"})
    screens.append([screen_state(as_fraction, "2187/5000"), as_fraction.outputs()])
    refused = []
    for text, reason in TYPED_CLAIMS.items():
        if isinstance(reason, str):
            outputs = as_fraction.outputs()
            check = rr.check_query(4, Fraction(9, 10), 1, "up", 3, 3, 0).check
            outputs.update(
                {
                    "delta-error": label(
                        "rr.lab_delta_refused",
                        typed=text.strip()[:20] + ("…" if len(text.strip()) > 20 else ""),
                        reason=label(reason),
                    ),
                    "event-values": label("rr.lab_event_values").format(
                        ps=numbers.value_text(check.source_probability),
                        qs=numbers.value_text(check.target_probability),
                        bound="= —",
                    ),
                    "event-badge": label("rr.badge_none"),
                    "cert-badge": label("rr.badge_none"),
                    "event-verdict": "",
                    "cert-verdict": "",
                }
            )
            refused.append([screen_state(as_fraction, text), outputs])
    return {"screens": screens, "refused": refused}


def golden() -> dict[str, object]:
    return {
        "labels": LABELS["ko"],
        "grid": {"sizes": list(SIZES), "p": list(P_PERCENTS), "t": list(ALPHA_TENTHS)},
        **grid_vectors(),
        "queries": query_vectors(),
        "small_events": small_event_vectors(),
        "claims": claim_vectors(),
        "texts": text_vectors(),
        **screen_vectors(),
    }
