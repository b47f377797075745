// The d_EM lab's core against dplab.userlevel.metric and dplab.views.labs.emd (tests/js/golden_emd_lab.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, labCore } = require("./load.cjs");

const vectors = golden("emd_lab");
const win = load(labCore("emd"), vectors.labels);
const CORE = win.DPLAB_CORE["emd-lab"];
const LAB = win.DPLAB_LAB;

function stateOf([a, b, sizeA, sizeB]) {
  return CORE.stateAt({ a: a, b: b }, { a: sizeA, b: sizeB });
}

function ratioText(num, den) {
  const q = LAB.Q(num, den);
  return `${q.n}/${q.d}`;
}

test("the optimal coupling and ∫|F_K − F_K′| equal dplab's exactly on every pair", () => {
  assert.strictEqual(vectors.cases.length, 125 ** 2);
  const got = vectors.cases.map((c) => {
    const s = stateOf(c);
    const p = CORE.plan(s.a, s.b);
    const area = CORE.integral(s.a, s.b);
    return [
      p.flows.map((f) => [f.source, f.target, ratioText(f.units, p.units)]),
      ratioText(p.cost, p.units),
      `${area.n}/${area.d}`
    ];
  });
  sameEach(assert, vectors.cases, got, vectors.plans, "plan, cost and integral");
});

test("every text equals EmdLab.outputs on every pair", () => {
  const got = vectors.cases.map((c) => {
    const texts = CORE.texts(stateOf(c));
    assert.deepStrictEqual(Object.keys(texts).sort(), vectors.keys);
    return vectors.keys.map((key) => texts[key]);
  });
  sameEach(assert, vectors.cases, got, vectors.texts, "texts");
});

test("the picture's flows, masses and items are matching_svg's (stroke widths to 6 digits)", () => {
  assert.ok(vectors.pictures.length > 3000);
  for (const [c, want] of vectors.pictures) {
    const got = CORE.pictureParts(stateOf(c));
    assert.strictEqual(got.length, want.length, JSON.stringify(c));
    got.forEach(([name, attributes, text], i) => {
      const [wantName, wantAttributes, wantText] = want[i];
      assert.deepStrictEqual([name, text, Object.keys(attributes).sort()], [wantName, wantText, Object.keys(wantAttributes).sort()]);
      for (const [key, value] of Object.entries(wantAttributes)) {
        const same = key === "stroke-width"
          ? Math.abs(Number(attributes[key]) - Number(value)) <= 1e-5 * Number(value)
          : attributes[key] === value;
        assert.ok(same, `${JSON.stringify(c)} part ${i} ${key}: ${attributes[key]} ≠ ${value}`);
      }
    });
  }
});
