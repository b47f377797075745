// The Gaussian lab's core against dplab.views.labs.gaussian (tests/js/golden_gaussian_lab.py):
// at every state of the lab's grid, each text the panel shows and the verdict, which must be
// the one the build embedded; whole panels and the announcement on a sample of states; the
// chart rows on the cases the browser test used to walk.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, sorted, labCore } = require("./load.cjs");

const vectors = golden("gaussian_lab");
const SCRIPTS = labCore("gaussian");
const core = load(SCRIPTS, vectors.labels).DPLAB_CORE["gaussian-lab"];
const data = vectors.data;

// Equal to 1e-12 relative, or apart by less than the smallest normal double (below it a
// double is subnormal and loses relative precision).
function close(a, b) {
  return Math.abs(a - b) <= Math.max(1e-12 * Math.max(Math.abs(a), Math.abs(b)), 2.2250738585072014e-308);
}

// The first few differences between rows (numbers to 1e-12), as messages.
function rowDifferences(got, want, where) {
  const wrong = [];
  for (const name of Object.keys(want)) {
    if (!got[name] || got[name].length !== want[name].length) {
      wrong.push(where + " " + name + ": " + (got[name] || []).length + " rows, want " + want[name].length);
      continue;
    }
    want[name].forEach((row, i) => {
      const mine = got[name][i];
      if (Object.keys(mine).sort().join() !== Object.keys(row).sort().join()) wrong.push(where + " " + name + "[" + i + "] keys");
      for (const key of Object.keys(row)) {
        const ok = typeof row[key] === "number" ? close(mine[key], row[key]) : mine[key] === row[key];
        if (!ok) wrong.push(where + " " + name + "[" + i + "]." + key + ": " + mine[key] + " ≠ " + row[key]);
      }
    });
  }
  if (Object.keys(got).sort().join() !== Object.keys(want).sort().join()) wrong.push(where + ": datasets " + Object.keys(got));
  return wrong;
}

// Every state of the grid, in the order of Python's verdict lines.
const states = [];
for (const kind of data.kinds) {
  for (let n = 0; n < data.sizes.length; n++) for (let bound = 0; bound < data.bounds.length; bound++)
    for (let sigma = 0; sigma < data.sigma_text.length; sigma++) for (let eps = 0; eps < data.eps_text.length; eps++)
      for (let claim = 0; claim < data.claims.length; claim++) states.push({ kind, n, bound, sigma, eps, claim });
}
const shown = states.map((s) => core.panelState(data, s));

test("the verdict at every state is the one the build embedded", () => {
  assert.strictEqual(states.length, 4 * 3 * 3 * 12 * 25 * 6);
  const want = [];
  for (const kind of data.kinds) for (const line of vectors.verdicts[kind]) want.push(...line.split(""));
  sameEach(assert, states, shown.map((state) => state.verdict.charAt(0)), want, "verdict");
});

test("every text at every state is Python's", () => {
  const texts = vectors.texts;
  const expected = {
    query: (s) => texts.query[s.kind][s.n][s.bound],
    point: (s) => texts.point[data.state_sens[s.kind][s.n][s.bound]][s.sigma][s.eps],
    claim: (s, state) => {
      const zero = data.sens_value[data.state_sens[s.kind][s.n][s.bound]] === 0 ? 1 : 0;
      return texts.claim[zero + state.verdict][s.claim];
    },
    sigma: (s) => texts.sigma[s.kind][s.sigma],
    eps: (s) => texts.eps[s.eps]
  };
  const keys = Object.values(vectors.groups).flat();
  assert.deepStrictEqual(keys.slice().sort(), Object.keys(shown[0].texts).sort(), "the groups hold every text");
  for (const [group, names] of Object.entries(vectors.groups)) {
    const got = shown.map((state) => names.map((name) => state.texts[name]));
    const want = states.map((s, i) => names.map((name) => expected[group](s, shown[i])[name]));
    sameEach(assert, states, got, want, group + " texts");
  }
});

test("whole panels and the announcement on a sample of states", () => {
  const cases = vectors.panels.map(([s]) => s);
  assert.ok(cases.length > 600);
  const got = cases.map((s) => { const state = core.panelState(data, s); return [sorted(state.texts), state.live]; });
  sameEach(assert, cases, got, vectors.panels.map(([, texts, live]) => [texts, live]), "panels");
});

test("an underflowing state shows log₁₀ δ, never δ = 0", () => {
  const state = core.panelState(data, data.presets.underflow);
  assert.strictEqual(state.underflow, true);
  assert.strictEqual(state.delta, null);
  assert.ok(shown.some((s) => s.underflow) && shown.every((s) => s.delta === null || s.delta >= 0));
});

// The rows Python wrote for each case, by dataset (golden_gaussian_lab.distinct_rows).
function casesOf(written) {
  return written.cases.map(([c, refs]) => [c, Object.fromEntries(Object.entries(refs).map(([name, i]) => [name, written.rows[i]]))]);
}

test("density rows agree with density_rows to 1e-12", () => {
  const cases = casesOf(vectors.density);
  assert.strictEqual(cases.length, 9 * 12 * 5);
  const wrong = cases.flatMap(([c, want]) => rowDifferences(core.densityRows(data, ...c), want, JSON.stringify(c)));
  assert.deepStrictEqual(wrong.slice(0, 5), [], wrong.length + " differences");
});

test("profile rows equal profile_rows", () => {
  const cases = casesOf(vectors.profile);
  assert.strictEqual(cases.length, 9 * 12 * 3 * 6);
  const got = cases.map(([c]) => sorted(core.profileRows(data, ...c)));
  sameEach(assert, cases.map(([c]) => c), got, cases.map(([, rows]) => sorted(rows)), "profile rows");
});

test("both charts' rows at the states the browser test moves to", () => {
  const wrong = vectors.charts.flatMap(([s, want]) => {
    const got = core.chartRows(data, s);
    return rowDifferences(got.density, want.density, "density " + JSON.stringify(s))
      .concat(rowDifferences(got.profile, want.profile, "profile " + JSON.stringify(s)));
  });
  assert.deepStrictEqual(wrong.slice(0, 5), [], wrong.length + " differences");
});

test("a state off the grid is refused, not shown", () => {
  assert.throws(() => core.panelState(data, { kind: "sum", n: 0, bound: 0, sigma: 0, eps: 25, claim: 0 }), /no verdict/);
});
