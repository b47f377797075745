// The PrivEMDLinear lab's core (linear-lab-core.js, with lab.js) against
// LinearLab.outputs at every state (tests/js/golden_linear_lab.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, labCore } = require("./load.cjs");

const vectors = golden("linear_lab");
const core = load(labCore("linear"), vectors.labels).DPLAB_CORE["linear-lab"];

test("every text and the verdict's mark, at every state of the lab", () => {
  const cases = vectors.states.map(([state]) => state);
  assert.strictEqual(cases.length, 15000);
  const got = cases.map((state) => {
    const texts = core.texts(state);
    return vectors.keys.map((key) => (key === "mark" ? core.mark(state) : texts[key]));
  });
  sameEach(assert, cases, got, vectors.states.map(([, want]) => want), "texts");
  const keys = vectors.keys.filter((key) => key !== "mark");
  assert.deepStrictEqual(Object.keys(core.texts(cases[0])).sort(), keys.slice().sort(), "the core shows no other text");
});
