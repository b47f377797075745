// The Laplace lab's core against dplab.views.labs.laplace (tests/js/golden_laplace_lab.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, sorted, labCore } = require("./load.cjs");

const vectors = golden("laplace_lab");
const SCRIPTS = labCore("laplace");
const win = load(SCRIPTS, vectors.labels);
const CORE = win.DPLAB_CORE["laplace-lab"];
const LAB = win.DPLAB_LAB;
const grid = vectors.payload.grid;

// |got − want| ≤ 1e-12·|want| (or ≤ tiny, for densities deep in a tail that are subnormal),
// and zero exactly where want is zero when tiny is 0.
function close(got, want, tiny) {
  if (want === 0 && !tiny) return got === 0;
  return Math.abs(got - want) <= Math.max(1e-12 * Math.abs(want), tiny || 0);
}

test("Δ and Δ/b equal dplab's exactly at every (kind, n, B, b) of the embedded grid", () => {
  const cases = [];
  for (const kind of grid.kinds) for (let n = 0; n < grid.sizes.length; n++)
    for (let h = grid.bound_halves[0]; h <= grid.bound_halves[1]; h++)
      for (let s = 0; s < grid.scales.length; s++) cases.push({ kind: kind, n: n, bound: h, scale: s, eps: 0 });
  assert.strictEqual(cases.length, 4 * 12 * 20 * 51);
  const got = cases.map((p) => {
    const v = CORE.exact(CORE.stateAt(grid, p));
    return `${v.sensitivity.n}/${v.sensitivity.d} ${v.pure.n}/${v.pure.d}`;
  });
  sameEach(assert, cases, got, vectors.exact, "Δ and Δ/b");
});

test("δ(ε) equals dplab's to 1e-12 for every pure ε and every ε of the grid", () => {
  let count = 0;
  const wrong = [];
  for (const [pure, want] of vectors.delta) {
    const [n, d] = pure.split("/");
    const q = LAB.Q(BigInt(n), BigInt(d));
    for (let k = grid.eps_twentieths[0]; k <= grid.eps_twentieths[1]; k++) {
      count++;
      const got = CORE.deltaAt(q, k);
      if (!close(got, want[k])) wrong.push({ pure: pure, k: k, got: got, want: want[k] });
    }
  }
  assert.ok(count > 100000, "cases: " + count);
  assert.deepStrictEqual(wrong.slice(0, 5), [], wrong.length + " of " + count + " differ");
});

test("every text equals LaplaceLab.outputs at every state the lab is checked at", () => {
  const cases = vectors.texts.map(([positions]) => positions);
  assert.ok(cases.length >= 100);
  const got = cases.map((p) => sorted(CORE.texts(CORE.stateAt(grid, p))));
  sameEach(assert, cases, got, vectors.texts.map(([, want]) => want), "texts");
});

test("chart rows equal the Python rows (densities and δ to 1e-12)", () => {
  for (const [positions, want] of vectors.rows) {
    const rows = CORE.chartRows(CORE.stateAt(grid, positions), vectors.payload.datasets);
    const got = Object.assign({}, rows.density, rows.profile);
    assert.deepStrictEqual(Object.keys(got).sort(), Object.keys(want).sort());
    for (const name of Object.keys(want)) {
      assert.strictEqual(got[name].length, want[name].length, name);
      want[name].forEach((row, i) => {
        const mine = got[name][i];
        assert.deepStrictEqual(Object.keys(mine).sort(), Object.keys(row).sort(), name);
        for (const key of Object.keys(row)) {
          const same = key === "density" ? close(mine[key], row[key], 1e-300)
            : key === "delta" ? close(mine[key], row[key]) : mine[key] === row[key];
          assert.ok(same, `${JSON.stringify(positions)} ${name}[${i}].${key}: ${mine[key]} ≠ ${row[key]}`);
        }
      });
    }
  }
});

test("the text rules equal approx_text, number_text and exact_text", () => {
  const values = vectors.rules.values.map(([ratio]) => ratio);
  const got = values.map((ratio) => {
    const [n, d] = ratio.split("/");
    const q = LAB.Q(BigInt(n), BigInt(d));
    return [LAB.approxRatio(q.n, q.d, 4), LAB.approxRatio(q.n, q.d, 6), LAB.numberText(q), LAB.exactText(q)];
  });
  sameEach(assert, values, got, vectors.rules.values.map(([, want]) => want), "ratios");
  const floats = vectors.rules.floats.map(([x]) => x);
  const shown = floats.map((x) => CORE.approxText(LAB.floatRatio(x)));
  sameEach(assert, floats, shown, vectors.rules.floats.map(([, want]) => want), "doubles");
});
