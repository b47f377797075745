// The composition lab's core against dplab.views.labs.composition at every state of the lab's
// grid (tests/js/golden_composition_lab.py): the texts, the announcement, the verdict and
// the chart rows the page shows.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, sorted, labCore } = require("./load.cjs");

const vectors = golden("composition_lab");
const SCRIPTS = labCore("composition");
const core = load(SCRIPTS, vectors.labels).DPLAB_CORE["composition-lab"];
const data = vectors.data;
// Every state of the grid, claims varying fastest (golden_composition_lab.states).
const states = [];
for (let n = 0; n < data.sizes.length; n++) for (let p = 0; p < data.ps.length; p++) for (let k = 0; k < data.ks.length; k++)
  for (let factor = 0; factor < data.factors.length; factor++) for (let claim = 0; claim < data.claims.length; claim++)
    states.push({ n, p, k, factor, claim });

const shown = states.map((s) => core.cellState(data, s));

test("the core shows Python's texts at every state", () => {
  assert.strictEqual(states.length, 3 * 9 * 10 * 25 * 4);
  assert.strictEqual(vectors.texts.length, states.length);
  const want = vectors.texts.map((row) => Object.fromEntries(vectors.text_keys.map((key, i) => [key, vectors.strings[row[i]]])));
  sameEach(assert, states, shown.map((state) => sorted(state.texts)), sorted(want), "texts");
});

test("the verdict at every state is the exact one", () => {
  const want = vectors.passes.map((pass) => (pass ? "pass" : "fail"));
  sameEach(assert, states, shown.map((state) => state.verdict), want, "verdict");
});

test("the page announces Python's words at every state", () => {
  sameEach(assert, states, shown.map((state) => state.live), vectors.live.map((i) => vectors.strings[i]), "live");
});

test("the curves of every cell are Python's", () => {
  const cells = states.filter((s) => s.factor === 0 && s.claim === 0);
  assert.strictEqual(cells.length, 3 * 9 * 10);
  const got = cells.map((s) => sorted(core.cellState(data, s).rows[data.datasets.curves]));
  sameEach(assert, cells, got, cells.map((s) => vectors.curves[s.n][s.p][s.k]), "curves");
});

test("the claim's line and the chosen point are Python's at every state", () => {
  const sets = data.datasets;
  const got = shown.map((state) => sorted([state.rows[sets.claim], state.rows[sets.point]]));
  const want = states.map((s) => [vectors.claims[s.claim], vectors.points[s.n][s.p][s.k][s.factor]]);
  sameEach(assert, states, got, want, "rows");
});

test("a state off the grid is refused, not shown", () => {
  assert.throws(() => core.cellState(data, { n: 0, p: 0, k: 0, factor: 25, claim: 0 }), /no verdict/);
});
