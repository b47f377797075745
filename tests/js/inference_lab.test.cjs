// The inference lab's core against dplab.views.labs.inference (tests/js/golden_inference_lab.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, labCore } = require("./load.cjs");

const vectors = golden("inference_lab");
const win = load(labCore("inference"), vectors.labels);
const CORE = win.DPLAB_CORE["inference-lab"];
const LAB = win.DPLAB_LAB;
const grid = vectors.payload.grid;

// A state {mechanism, n, p, …} from its listed grid indices.
function stateOf(listed) {
  return Object.fromEntries(vectors.controls.map((name, i) => [name, listed[i]]));
}

test("every text equals InferenceLab.outputs at every state, from the embedded grid", () => {
  const cases = vectors.texts.map(([listed]) => listed);
  assert.strictEqual(cases.length, 46 * 11 * (9 * 5 + 6));
  const got = cases.map((listed) => {
    const texts = CORE.panelState(grid, stateOf(listed)).texts;
    assert.deepStrictEqual(Object.keys(texts).sort(), vectors.keys);
    return vectors.keys.map((key) => texts[key]);
  });
  sameEach(assert, cases, got, vectors.texts.map(([, want]) => want), "texts");
});

test("the state the build wrote shows the lesson's texts", () => {
  const built = CORE.panelState(grid, vectors.payload.built).texts;
  const [listed, want] = vectors.texts.find(([listed]) => JSON.stringify(stateOf(listed)) === JSON.stringify(
    Object.fromEntries(vectors.controls.map((name) => [name, vectors.payload.built[name]]))));
  assert.ok(listed);
  assert.deepStrictEqual(vectors.keys.map((key) => built[key]), want);
});

test("chart rows equal the Python rows (doubles to 1e-12)", () => {
  for (const [listed, want] of vectors.rows) {
    const s = stateOf(listed);
    const got = CORE.chartRows(grid, s, CORE.panelState(grid, s));
    assert.deepStrictEqual(Object.keys(got).sort(), Object.keys(want).sort());
    for (const chart of Object.keys(want)) {
      assert.deepStrictEqual(Object.keys(got[chart]).sort(), Object.keys(want[chart]).sort());
      for (const name of Object.keys(want[chart])) {
        const mine = got[chart][name];
        assert.strictEqual(mine.length, want[chart][name].length, name);
        want[chart][name].forEach((row, i) => {
          assert.deepStrictEqual(Object.keys(mine[i]).sort(), Object.keys(row).sort(), name);
          for (const [key, value] of Object.entries(row)) {
            const same = typeof value === "number"
              ? Math.abs(mine[i][key] - value) <= Math.max(1e-12 * Math.abs(value), 1e-15)
              : mine[i][key] === value;
            assert.ok(same, `${JSON.stringify(s)} ${name}[${i}].${key}: ${mine[i][key]} ≠ ${value}`);
          }
        });
      }
    }
  }
});

test("a double is read as its exact binary value", () => {
  const cases = vectors.doubles.map(([x]) => x);
  const got = cases.map((x) => {
    const r = LAB.floatRatio(x);
    return `${r.n}/${r.d}`;
  });
  sameEach(assert, cases, got, vectors.doubles.map(([, want]) => want), "floatRatio");
});

test("bounds are rounded outward as approx_text and value_text round them", () => {
  const cases = vectors.rounding.map(([ratio]) => ratio);
  const got = cases.map((ratio) => {
    const [n, d] = ratio.split("/").map(BigInt);
    return ["upper", "lower"].flatMap((bound) => [LAB.approxRatio(n, d, 4, bound), LAB.valueText(n, d, bound)]);
  });
  sameEach(assert, cases, got, vectors.rounding.map(([, want]) => want), "rounding");
});
