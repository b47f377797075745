"""The randomized-response lab (``rr-lab.js``) in headless Chromium, against ``dplab``.

The lesson page of the built site is opened from ``file://`` with the network blocked, and
the script's own functions (``window.DPLAB_RR``, the ones the lab's controls call) are run
over the whole reachable grid: n = 1..12, p = k/100 for k = 50..100, α = t/10 for
t = 10..100.

**Why this covers every verdict at every reachable state.**  Each verdict the lab shows is
``verdict(claim, N, n)``: "pass" exactly when ``D · 10·100^n ≥ N · E``, where the claim
``D / E`` is read exactly from the δ text by ``readClaim`` (lab.js's number reader) and
``N`` is an integer numerator over ``10·100^n`` – the required δ (certificate badge, profile
point), one ordered pair's excess (pair bars), or one event's excess
``Σ_{y∈S} (10·P_y − t·Q_y)`` (event badge).

1. The numerators are exact: every pair's numerator, the maximising pair and its event
   equal :func:`dplab.randomized_response.certify` at every grid state, and every event's
   ``P(S)``, ``Q(S)`` equal :func:`~dplab.randomized_response.check_query` (all events and
   pairs for n ≤ 3, one clamped/ignored-bits query per state for every n).
2. The claim is read exactly: ``readClaim`` agrees with the Python rule on tricky texts,
   both agree with :class:`fractions.Fraction`, and a text out of [0, 1] is refused with
   its reason.
3. The comparison puts the step in the right place.  For a fixed ``N``, the exact verdict
   ``[δ ≥ N/(10·100^n)]`` is a monotone step function of the claimed value ``δ``, and so is the
   script's (a cross-multiplication of non-negative integers, applied to an exactly parsed
   value).  Two monotone step functions on [0, 1] that agree at 0, at 1, at the threshold
   itself and just below it (one unit in the threshold's last decimal place, and a claim a
   million times finer) have the same threshold, hence agree at *every* claimed δ.  The
   tests check exactly those claims, in decimal and in ``e``-notation, at every grid state.
"""

from __future__ import annotations

import contextlib
from fractions import Fraction

import pytest

from dplab import randomized_response as rr
from dplab.rr_lab import LAB_GRID, delta_denominator
from dplab.views import label
from dplab.views import rr_lab as lab_views
from dplab.views.numbers import approx_text, compared_texts, decimal_text, value_text
from tests.browser.helpers import run_json

pytestmark = pytest.mark.browser

LESSON = "lessons/randomized-response.html"
SIZES = LAB_GRID.sizes
P_PERCENTS = LAB_GRID.p_percents
ALPHA_TENTHS = LAB_GRID.alpha_tenths


@pytest.fixture
def lab_page(shared_lab_page):
    """The lesson page, loaded once for the consecutive read-only exhaustive checks."""
    return shared_lab_page(LESSON)


def certificate_lines(n: int) -> list[str]:
    """``numerators|worst|events`` of every state at size n, from dplab."""
    common = delta_denominator(n)
    lines = []
    for k in P_PERCENTS:
        for t in ALPHA_TENTHS:
            certificate = rr.certify(n, Fraction(k, 100), Fraction(t, 10), 0)
            numerators = ",".join(str(row.required_delta * common) for row in certificate.pairs)
            worst = certificate.pairs.index(
                next(row for row in certificate.pairs if row.pair == certificate.worst_pair)
            )
            events = ",".join(".".join(map(str, row.event)) for row in certificate.pairs)
            lines.append(f"{numerators}|{worst}|{events}")
    return lines


JS_CERTIFICATES = """(n) => {
  const R = window.DPLAB_RR, lines = [];
  for (let k = 50; k <= 100; k++) for (let t = 10; t <= 100; t++) {
    const c = R.certificate(n, k, t);
    lines.push(c.pairs.map((r) => r.numerator.toString()).join(",") + "|" + c.worst + "|" +
      c.pairs.map((r) => r.event.join(".")).join(","));
  }
  return lines;
}"""


def test_certificates_equal_dplab_over_the_whole_grid(lab_page):
    for n in SIZES:
        weights = lab_page.evaluate(
            "(n) => { const out = []; for (let k = 50; k <= 100; k++) "
            "out.push(window.DPLAB_RR.countWeights(n, k).map((law) => law.map(String))); "
            "return out; }",
            n,
        )
        for j, k in enumerate(P_PERCENTS):
            expected = [
                [str(w * (100**n // law.denominator)) for w in law.weights]
                for law in (rr.count_distribution(n, Fraction(k, 100), c) for c in range(n + 1))
            ]
            assert weights[j] == expected, (n, k)
        got = run_json(lab_page, JS_CERTIFICATES, n)
        expected = certificate_lines(n)
        mismatches = [i for i, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b]
        assert mismatches == [], (n, mismatches[:3])


def threshold_claims(numerator: int, n: int) -> list[str]:
    """Claims at and around the threshold ``numerator / 10^(2n+1)`` (plus 0 and 1)."""
    digits = 2 * n + 1
    claims = ["0", "1", decimal_text(numerator, digits), f"{numerator}e-{digits}"]
    if numerator > 0:
        claims += [
            decimal_text(numerator - 1, digits),
            decimal_text(numerator * 10**6 - 1, digits + 6),
            f"{numerator - 1}e-{digits}",
        ]
    if numerator < 10**digits:
        claims.append(decimal_text(numerator + 1, digits))
    return claims


JS_VERDICTS = """([n, claims]) => {
  const R = window.DPLAB_RR, out = [];
  let i = 0;
  for (let k = 50; k <= 100; k++) for (let t = 10; t <= 100; t++) {
    const required = R.certificate(n, k, t).required;
    out.push(claims[i++].map((text) => R.verdict(R.parseClaim(text), required, n)).join(","));
  }
  return out;
}"""


def test_certificate_verdicts_equal_exact_comparisons_at_and_around_every_threshold(lab_page):
    for n in SIZES:
        common = delta_denominator(n)
        claims, expected = [], []
        for k in P_PERCENTS:
            for t in ALPHA_TENTHS:
                required = rr.required_delta(n, Fraction(k, 100), Fraction(t, 10))
                state_claims = threshold_claims(int(required * common), n)
                claims.append(state_claims)
                expected.append(
                    ",".join("pass" if Fraction(c) >= required else "fail" for c in state_claims)
                )
        got = run_json(lab_page, JS_VERDICTS, [n, claims])
        mismatches = [i for i, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b]
        assert mismatches == [], (n, [(claims[i], got[i], expected[i]) for i in mismatches[:3]])
    # Spot-check the exact comparison itself against dplab's certificate.
    assert not rr.certify(4, "0.9", 3, "0.437").passes and rr.certify(4, "0.9", 3, "0.438").passes


def queries(n: int) -> list[tuple[int, int, int, str, str]]:
    """One query per state (k, t): a lower count that may need clamping, both directions, a
    mask that may have bits above n."""
    chosen = []
    for k in P_PERCENTS:
        for t in ALPHA_TENTHS:
            seed = n * 1_000_003 + k * 1_009 + t
            lower = seed % (n + 2)
            direction = "up" if (seed // 7) % 2 == 0 else "down"
            mask = (seed * 2_654_435_761) % 2 ** (n + 3)
            chosen.append((k, t, lower, direction, str(mask)))
    return chosen


JS_QUERIES = """([n, asked]) => asked.map(([k, t, lower, direction, mask, claims]) => {
  const R = window.DPLAB_RR, q = R.query(n, k, t, lower, direction, BigInt(mask));
  return [q.source, q.target, q.effective.toString(), q.ignored.toString(), q.ps.toString(),
    q.qs.toString(), claims.map((c) => R.verdict(R.parseClaim(c), q.excess, n)).join(",")];
})"""


def test_one_event_checks_equal_check_query_at_every_state(lab_page):
    for n in SIZES:
        scale, common = 100**n, delta_denominator(n)
        laws = {
            (k, c): rr.count_distribution(n, Fraction(k, 100), c).probabilities
            for k in P_PERCENTS
            for c in range(n + 1)
        }
        asked, expected = [], []
        for index, (k, t, lower, direction, mask) in enumerate(queries(n)):
            alpha = Fraction(t, 10)
            pair = rr.queried_pair(n, lower, direction)
            event = rr.event_from_mask(n, int(mask))
            ps = sum(laws[k, pair.source][y] for y in event.outputs)
            qs = sum(laws[k, pair.target][y] for y in event.outputs)
            excess = ps - alpha * qs
            if index % 10 == 0:  # the same numbers from dplab's own query check
                check = rr.check_query(n, Fraction(k, 100), lower, direction, int(mask), alpha, 0)
                assert (check.check.source_probability, check.check.excess) == (ps, excess)
            claims = ["0", "1", "0.05"]
            if excess > 0:
                numerator = int(excess * common)
                claims += [
                    decimal_text(numerator, 2 * n + 1),
                    decimal_text(numerator - 1, 2 * n + 1),
                ]
            asked.append([k, t, lower, direction, mask, claims])
            expected.append(
                [
                    pair.source,
                    pair.target,
                    str(event.effective),
                    str(event.ignored),
                    str(ps * scale),
                    str(qs * scale),
                    ",".join("pass" if Fraction(c) >= excess else "fail" for c in claims),
                ]
            )
        got = run_json(lab_page, JS_QUERIES, [n, asked])
        mismatches = [i for i, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b]
        assert mismatches == [], (n, [(asked[i], got[i], expected[i]) for i in mismatches[:3]])


def test_every_event_of_every_pair_for_small_n(lab_page):
    for n in (1, 2, 3):
        got = lab_page.evaluate(
            """(n) => { const R = window.DPLAB_RR, out = [];
              for (let k = 50; k <= 100; k++) for (const [s, d] of R.countPairs(n))
                for (let m = 0; m < 2 ** (n + 1); m++) {
                  const c = R.eventCheck(n, k, 10, s, d, BigInt(m));
                  out.push(c.ps + "/" + c.qs);
                }
              return out; }""",
            n,
        )
        expected = []
        for k in P_PERCENTS:
            laws = [
                [w * (100**n // law.denominator) for w in law.weights]
                for law in (rr.count_distribution(n, Fraction(k, 100), c) for c in range(n + 1))
            ]
            for s, d in rr.count_pairs(n):
                for mask in range(2 ** (n + 1)):
                    event = rr.event_from_mask(n, mask).outputs
                    expected.append(
                        f"{sum(laws[s][y] for y in event)}/{sum(laws[d][y] for y in event)}"
                    )
        assert got == expected


CLAIM_TEXTS = [
    "0", "1", "1.0", "1.000000", "1.0000001", "0.4374", ".5", "5.", ".", "", " 0.5 ", "\t0.25",
    "0,5", "-0", "+0.5", "1e-5", "1E-5", "2.5e-1", "10e-1", "10e-2", "1e0", "1e1", "0e5",
    "1e-999", "1e+0", "0.5e", "e-5", "0x1", "1/2", "½", "٠.٥", "0.5\n", "00.050", "1e-20000",
]  # fmt: skip


# Texts the reader may type beyond the build's rule, with what the box makes of them.
TYPED_CLAIMS = {
    "3/8": Fraction(3, 8), "5 / 100": Fraction(1, 20), "2187/5000": Fraction(2187, 5000),
    "1/2": Fraction(1, 2), "-0": Fraction(0), "+0.5": Fraction(1, 2), "0.5\n": Fraction(1, 2),
    "-0.1": "lab.typed_negative", "\u22121": "lab.typed_negative", "-1/8": "lab.typed_negative",
    "1.0000001": "rr.lab_delta_above", "3/2": "rr.lab_delta_above", "1e1": "rr.lab_delta_above",
    "": "number.empty", "abc": "number.not_number", "0,5": "number.comma",
    "1/0": "number.zero_denominator", "1e-20000": "number.exponent",
}  # fmt: skip


def test_claims_are_read_by_the_labs_number_reader(lab_page):
    """Every text the build's rule (``parse_claim``) accepts reads to the same value in the
    page; the page's box takes fractions and signs too and names what is wrong otherwise."""
    texts = CLAIM_TEXTS + list(TYPED_CLAIMS)
    got = lab_page.evaluate(
        "(texts) => texts.map((t) => { const r = window.DPLAB_RR.readClaim(t); "
        "return r.claim ? [r.claim.numerator.toString(), r.claim.denominator.toString()] "
        ": r.reason; })",
        texts,
    )
    read = {
        text: Fraction(int(g[0]), int(g[1])) if isinstance(g, list) else g
        for text, g in zip(texts, got, strict=True)
    }
    for text in CLAIM_TEXTS:
        expected = lab_views.parse_claim(text)
        if expected is not None:
            assert read[text] == expected == Fraction(text.strip()), text
    for text, expected in TYPED_CLAIMS.items():
        assert read[text] == expected, text


def test_display_texts_equal_the_python_ones(lab_page):
    values = [
        Fraction(2187, 5000), Fraction(12345, 10**8), Fraction(99995, 10**5), Fraction(1, 3),
        Fraction(123456), Fraction(1234567), Fraction(1, 10**5), Fraction(-1, 8), Fraction(0),
        Fraction(2, 3 * 10**7), Fraction(999949, 10**10), Fraction(5, 10**5), Fraction(7, 2),
    ]  # fmt: skip
    got = lab_page.evaluate(
        "(pairs) => pairs.map(([a, b]) => window.DPLAB_RR.approxText(BigInt(a), BigInt(b)))",
        [[str(v.numerator), str(v.denominator)] for v in values],
    )
    assert got == [approx_text(v) for v in values]
    numerators = [0, 1, 4374 * 10**5, 10**9, 123456789, 10**25, 3 * 10**24 + 7]
    got = lab_page.evaluate(
        "(pairs) => pairs.map(([x, n]) => window.DPLAB_RR.requiredDeltaText(BigInt(x), n))",
        [[str(x), n] for x, n in zip(numerators, (4, 4, 4, 4, 6, 12, 12), strict=True)],
    )
    assert got == [
        lab_views.required_delta_text(x, n)
        for x, n in zip(numerators, (4, 4, 4, 4, 6, 12, 12), strict=True)
    ]
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
    got = lab_page.evaluate(
        "(cases) => cases.map(([a, b, c, d]) => "
        "window.DPLAB_RR.comparedTexts(BigInt(a), BigInt(b), BigInt(c), BigInt(d)))",
        [
            [str(x.numerator), str(x.denominator), str(y.numerator), str(y.denominator)]
            for x, y in compared
        ],
    )
    assert got == [list(compared_texts(x, y)) for x, y in compared]
    assert got[4] == ["= 0.655551", "≈ 0.65555"]  # five digits put them in their true order
    got = lab_page.evaluate(
        "(pairs) => pairs.map(([a, b]) => window.DPLAB_RR.valueText(BigInt(a), BigInt(b)))",
        [[str(v.numerator), str(v.denominator)] for v in values],
    )
    assert got == [value_text(v) for v in values]
    states = [(n, k, t) for n in SIZES for k in (50, 73, 90, 100) for t in (10, 30, 97)]
    got = lab_page.evaluate(
        "(states) => states.map(([n, k, t]) => "
        "window.DPLAB_RR.worstText(window.DPLAB_RR.certificate(n, k, t)))",
        states,
    )
    assert got == [
        lab_views._worst_text(rr.certify(n, Fraction(k, 100), Fraction(t, 10), 0))
        for n, k, t in states
    ]
    texts = lab_page.evaluate(
        "() => { const out = []; for (let n = 1; n <= 12; n++) for (let k = 50; k <= 100; k++) "
        "out.push([window.DPLAB_RR.pureText(k), window.DPLAB_RR.mseText(n, k)]); return out; }"
    )
    expected = [
        [lab_views._pure_text(n, Fraction(k, 100)), lab_views._mse_text(n, Fraction(k, 100))]
        for n in SIZES
        for k in P_PERCENTS
    ]
    assert texts == expected


# --- the lab as a reader uses it ---------------------------------------------------------

INITIAL = {"n": 4, "p": "3/4", "alpha": "3", "delta": "0", "lower": 1, "mask": 3}


SHOWN = """() => { const out = {};
  document.querySelectorAll('.dplab-rr-lab [data-show]').forEach((e) => {
    const key = e.getAttribute('data-show');
    if (!['bits', 'live', 'lab-error', 'delta-error', 'link-note'].includes(key))
      out[key] = e.tagName === 'INPUT' ? e.value : e.textContent;
  });
  return out; }"""


def assert_shown(page, expected: dict[str, str]) -> None:
    """Wait until the lab's outputs settle on ``expected`` (updates run on the next frame)."""
    with contextlib.suppress(Exception):  # on timeout, the assertion below shows the difference
        page.wait_for_function(
            f"(expected) => {{ const got = ({SHOWN})(); "
            "return Object.keys(got).length === Object.keys(expected).length && "
            "Object.keys(expected).every((key) => got[key] === expected[key]); }",
            arg=expected,
            timeout=5000,
        )
    assert page.evaluate(SHOWN) == expected


def test_moving_the_controls_changes_outputs_badges_and_charts(open_page):
    visit = open_page(LESSON)
    page = visit.page
    lab = page.locator(".dplab-rr-lab")
    page.wait_for_function(
        "document.querySelectorAll('.dplab-rr-lab .dplab-chart svg.marks').length === 3"
    )
    # After the script ran, every output equals the build's (dplab's) text for the state.
    assert_shown(page, lab_views.rr_lab(**INITIAL).outputs())

    # Keyboard: p from 0.75 to 0.90 with the arrow key; then type the claimed δ.
    lab.locator("input[name=p]").focus()
    for _ in range(15):
        page.keyboard.press("ArrowRight")
    claim = lab.locator("input[name=delta]")
    claim.fill("0.05")
    expected = lab_views.rr_lab(**{**INITIAL, "p": "0.9", "delta": "0.05"}).outputs()
    assert_shown(page, expected)
    assert expected["cert-badge"] == label("rr.badge_fail")
    badge = lab.locator('.dplab-lab-outputs [data-show="cert-badge"]')
    chip_badge = lab.locator('.dplab-lab-chip [data-show="cert-badge"]')
    assert badge.get_attribute("data-verdict") == chip_badge.get_attribute("data-verdict") == "fail"
    marks = page.evaluate(
        "() => document.querySelector('.dplab-rr-lab [data-chart=pairs] .dplab-chart')"
        ".dplabView.data('rr_pairs').map((r) => r.mark).join('')"
    )
    assert marks == "✗" * 8

    # The δ box reads numbers as every lab and grader does (readNumber): the exact required
    # δ typed as a fraction passes; a refused text is told what is wrong with it.
    error = lab.locator('[data-show="delta-error"]')
    for text, verdict, reason in (
        ("0.437", "fail", None),
        ("0.438", "pass", None),
        ("2187/5000", "pass", None),
        ("437/1000", "fail", None),
        ("\u22121", "none", "lab.typed_negative"),
        ("3/2", "none", "rr.lab_delta_above"),
        ("0,5", "none", "number.comma"),
    ):
        claim.fill(text)
        page.wait_for_function(
            "(v) => document.querySelector('.dplab-rr-lab [data-show=\"cert-badge\"]')"
            ".getAttribute('data-verdict') === v",
            arg=verdict,
        )
        assert error.is_visible() == (reason is not None)
        if reason is not None:
            assert error.inner_text() == label(
                "rr.lab_delta_refused", typed=text, reason=label(reason)
            )
    assert lab.locator("input[name=delta]").get_attribute("aria-invalid") == "true"
    assert badge.inner_text() == chip_badge.inner_text() == label("rr.badge_none")

    # The reviewed case: on the event {0} of 0→1, P(S) = 0.6561 exceeds αQ(S) + δ = 0.65609
    # by 10⁻⁵. Both are exact and shown after "="; rounded to four digits they would look equal.
    claim.fill("0.43739")
    lab.locator("select[name=pair]").select_option("0-1")
    lab.locator("input[data-bit='1']").uncheck()
    reviewed = lab_views.rr_lab(4, "0.9", "3", "0.43739", lower=0, mask=1).outputs()
    assert_shown(page, reviewed)
    assert reviewed["event-values"] == label("rr.lab_event_values").format(
        ps="= 0.6561", qs="= 0.0729", bound="= 0.65609"
    )
    assert reviewed["event-badge"] == label("rr.badge_fail")
    lab.locator("select[name=pair]").select_option("1-2")
    lab.locator("input[data-bit='1']").check()
    claim.fill("0.438")

    # A checkbox adds output 4 to the event: the mask becomes 3 + 16.
    lab.locator("input[data-bit='4']").check()
    expected = lab_views.rr_lab(**{**INITIAL, "p": "0.9", "delta": "0.438", "mask": 19}).outputs()
    assert_shown(page, expected)

    # n to its maximum by keyboard: 13 outputs, 24 pairs, the requested c = 1 still valid.
    lab.locator("input[name=n]").focus()
    page.keyboard.press("End")
    expected = lab_views.rr_lab(
        **{**INITIAL, "n": 12, "p": "0.9", "delta": "0.438", "mask": 19}
    ).outputs()
    assert_shown(page, expected)
    assert lab.locator("input[data-bit]").count() == 13
    page.wait_for_function(
        "document.querySelector('.dplab-rr-lab [data-chart=pairs] .dplab-chart')"
        ".dplabView.data('rr_pairs').length === 24"
    )

    # The palette switch redraws the charts; they are refilled with the current rows.
    page.locator("label[for=__palette_1]").first.click()
    page.wait_for_function(
        "Array.from(document.querySelectorAll('.dplab-rr-lab .dplab-chart'))"
        ".every((c) => c.getAttribute('data-dplab-theme') === 'dark')"
    )
    page.wait_for_function(
        "document.querySelector('.dplab-rr-lab [data-chart=profile] .dplab-chart')"
        ".dplabView.data('rr_profile').length === 91 && "
        "document.querySelector('.dplab-rr-lab [data-chart=pairs] .dplab-chart')"
        ".dplabView.data('rr_pairs').length === 24"
    )
    assert (visit.console_errors, visit.off_site, visit.failed) == ([], [], [])


def test_every_control_has_a_visible_label_and_takes_keyboard_focus(open_page):
    page = open_page(LESSON).page
    controls = page.locator(".dplab-rr-lab input, .dplab-rr-lab select")
    # three sliders, each with its typed box; δ; the pair; one checkbox per output
    assert controls.count() == 3 * 2 + 2 + 5
    for i in range(controls.count()):
        control = controls.nth(i)
        assert control.evaluate(
            "(el) => el.labels.length > 0 && Array.from(el.labels).every((l) => "
            "l.offsetWidth > 0 && l.textContent.trim().length > 0)"
        )
        control.focus()
        assert control.evaluate("(el) => document.activeElement === el")
