// The randomized-response lab's core (rr-lab-core.js, with lab.js) against dplab at every
// state of the lab's grid (tests/js/golden_rr_lab.py says what each vector proves).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, labCore } = require("./load.cjs");

const vectors = golden("rr_lab");
const win = load(labCore("rr"), vectors.labels);
const core = win.DPLAB_CORE["rr-lab"];
const LAB = win.DPLAB_LAB;
const { sizes, p: percents, t: tenths } = vectors.grid;

// Every (k, t) of the grid in the vectors' order (k outer, t inner).
function states() {
  const out = [];
  for (const k of percents) for (const t of tenths) out.push([k, t]);
  return out;
}

function ratio(pair) {
  return [BigInt(pair[0]), BigInt(pair[1])];
}

test("every count law's integer weights, at every (n, p)", () => {
  assert.strictEqual(sizes.length * percents.length, 612);
  sizes.forEach((n, i) => {
    const got = percents.map((k) => core.countWeights(n, k).map((law) => law.map(String)));
    sameEach(assert, percents.map((k) => [n, k]), got, vectors.weights[i], "countWeights at n = " + n);
  });
});

test("every pair's numerator, the worst pair and every pair's event, at every (n, p, α)", () => {
  let count = 0;
  sizes.forEach((n, i) => {
    const cases = states();
    const got = cases.map(([k, t]) => {
      const c = core.certificate(n, k, t);
      return c.pairs.map((r) => r.numerator.toString()).join(",") + "|" + c.worst + "|" + c.pairs.map((r) => r.event.join(".")).join(",");
    });
    sameEach(assert, cases, got, vectors.certificates[i], "certificate at n = " + n);
    count += cases.length;
  });
  assert.strictEqual(count, 12 * 51 * 91);
});

test("the certificate's verdict at and around every threshold, at every (n, p, α)", () => {
  let fewest = Infinity;
  sizes.forEach((n, i) => {
    const cases = states();
    assert.strictEqual(vectors.thresholds[i].length, cases.length);
    const answers = cases.map(([k, t], j) => {
      const required = core.certificate(n, k, t).required;
      const texts = vectors.thresholds[i][j][0].split(";");
      fewest = Math.min(fewest, texts.length);
      return [vectors.thresholds[i][j][0], texts.map((text) => core.verdict(core.parseClaim(text), required, n)[0]).join("")];
    });
    sameEach(assert, cases, answers, vectors.thresholds[i], "threshold verdicts at n = " + n);
  });
  // 0, 1, the threshold (decimal and e-notation) and a claim on its other side, at least
  assert.ok(fewest >= 5, "claims at a state: " + fewest);
});

test("one event check (pair clamped, bits above n ignored) and its verdicts, at every (n, p, α)", () => {
  sizes.forEach((n, i) => {
    const cases = vectors.queries[i].map(([input]) => input);
    assert.strictEqual(cases.length, 51 * 91);
    const got = cases.map(([k, t, lower, direction, mask, claims]) => {
      const q = core.query(n, k, t, lower, direction, BigInt(mask));
      return [q.source, q.target, q.effective.toString(), q.ignored.toString(), q.ps.toString(), q.qs.toString(),
        claims.map((c) => core.verdict(core.parseClaim(c), q.excess, n)[0]).join("")];
    });
    sameEach(assert, cases, got, vectors.queries[i].map(([, want]) => want), "query at n = " + n);
  });
});

test("every event of every pair for n ≤ 3", () => {
  for (const [size, want] of Object.entries(vectors.small_events)) {
    const n = Number(size);
    const got = [];
    const cases = [];
    for (const k of percents) for (const [s, d] of core.countPairs(n)) for (let m = 0; m < 2 ** (n + 1); m++) {
      const c = core.eventCheck(n, k, 10, s, d, BigInt(m));
      cases.push([k, s, d, m]);
      got.push(c.ps + "/" + c.qs);
    }
    sameEach(assert, cases, got, want, "eventCheck at n = " + n);
  }
});

test("a claimed δ is read exactly, or refused with its reason", () => {
  const cases = vectors.claims.map(([text]) => text);
  const got = cases.map((text) => {
    const read = core.readClaim(text);
    return read.claim ? [read.claim.numerator.toString(), read.claim.denominator.toString()] : read.reason;
  });
  sameEach(assert, cases, got, vectors.claims.map(([, want]) => want), "readClaim");
});

test("number texts and per-state texts as dplab writes them", () => {
  const t = vectors.texts;
  const pick = (rows) => [rows.map(([input]) => input), rows.map(([, want]) => want)];
  let [cases, want] = pick(t.approx);
  sameEach(assert, cases, cases.map((v) => LAB.approxRatio(...ratio(v))), want, "approxText");
  [cases, want] = pick(t.value);
  sameEach(assert, cases, cases.map((v) => core.valueText(...ratio(v))), want, "valueText");
  [cases, want] = pick(t.required);
  sameEach(assert, cases, cases.map(([x, n]) => core.requiredDeltaText(BigInt(x), n)), want, "requiredDeltaText");
  [cases, want] = pick(t.compared);
  sameEach(assert, cases, cases.map((v) => core.comparedTexts(...v.map(BigInt))), want, "comparedTexts");
  [cases, want] = pick(t.worst);
  sameEach(assert, cases, cases.map(([n, k, a]) => core.worstText(core.certificate(n, k, a))), want, "worstText");
  [cases, want] = pick(t.pure_mse);
  assert.strictEqual(cases.length, 612);
  sameEach(assert, cases, cases.map(([n, k]) => [core.pureText(k), core.mseText(n, k)]), want, "pureText, mseText");
});

// A screen's texts as [key, text] pairs in key order (JSON objects keep no order).
function entries(texts) {
  return Object.keys(texts).sort().map((key) => [key, texts[key]]);
}

function screenOf(state, trusted) {
  return entries(core.screen({ ...state, mask: BigInt(state.mask) }, trusted).texts);
}

test("every output the lab shows, at the walked states and the controls' boundaries", () => {
  const cases = vectors.screens.map(([state]) => state);
  assert.ok(cases.length > 700);
  sameEach(assert, cases, cases.map((state) => screenOf(state, true)), vectors.screens.map(([, want]) => entries(want)), "screen");
});

test("a refused δ text shows why, and no verdict", () => {
  const cases = vectors.refused.map(([state]) => state);
  assert.ok(cases.length >= 9);
  sameEach(assert, cases, cases.map((state) => screenOf(state, true)), vectors.refused.map(([, want]) => entries(want)), "screen");
  const shown = core.screen({ ...cases[0], mask: BigInt(cases[0].mask) }, true);
  assert.deepStrictEqual([shown.claim, shown.verdicts], [null, { event: "none", cert: "none" }]);
});

test("no verdict when the script's arithmetic is not trusted", () => {
  const [state, want] = vectors.screens[0];
  const shown = core.screen({ ...state, mask: BigInt(state.mask) }, false);
  assert.deepStrictEqual(shown.verdicts, { event: "none", cert: "none" });
  assert.strictEqual(shown.texts["cert-badge"], vectors.labels["rr.badge_none"]);
  assert.strictEqual(shown.texts.required, want.required);
});
