// ready.js's Korean particles against dplab.views._particles (tests/js/golden_particles.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach } = require("./load.cjs");

const vectors = golden("particles");

test("fixParticle picks Python's particle after every value", () => {
  const lab = load([]).DPLAB_WORDS;
  const cases = vectors.particles.map(([input]) => input);
  assert.ok(cases.length > 3000);
  const got = cases.map(([value, following]) => lab.fixParticle(value, following));
  sameEach(assert, cases, got, vectors.particles.map(([, want]) => want), "fixParticle");
});

test("words() fills templates as format_with_particles does", () => {
  const cases = vectors.templates.map(([input]) => input);
  const got = cases.map(([template, values]) => load([], { case: template }).DPLAB_WORDS.words("case", values));
  sameEach(assert, cases, got, vectors.templates.map(([, want]) => want), "words");
});

test("a placeholder with no value stays as written", () => {
  const lab = load([], { case: "{missing}을 씁니다" }).DPLAB_WORDS;
  assert.strictEqual(lab.words("case", {}), "{missing}을 씁니다");
});
