// The exact graders' rules (claim-grader.js's Exercise, with lab.js) against dplab.finite
// and the catalogs, for every exercise of the site (tests/js/golden_claim_grader.py says
// what each vector proves).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, SHARED_LAB } = require("./load.cjs");

const vectors = golden("claim_grader");
const SCRIPTS = [SHARED_LAB, "docs/assets/dplab/claim-grader.js"];

function exercise(lang, key) {
  const win = load(SCRIPTS, vectors.labels[lang]);
  return new win.DPLAB_GRADER.Exercise(vectors.exercises[key].data);
}

function answered(result) {
  return [result.verdict, result.invalid, result.lines];
}

for (const [key, { cases }] of Object.entries(vectors.exercises)) {
  for (const lang of Object.keys(cases)) {
    test(key + " (" + lang + "): the page grades every answer as Python does", () => {
      const grader = exercise(lang, key);
      assert.ok(grader.agrees(), "the page's certificate agrees with the build's");
      const topics = cases[lang];
      if (topics.claim) {
        const got = topics.claim.map(([answer]) => answered(grader.gradeClaim(answer)));
        sameEach(assert, topics.claim.map(([a]) => a), got, topics.claim.map(([, ...want]) => want), key + " claim");
      }
      if (topics.own) {
        const got = topics.own.map(([[a, d, settled]]) => answered(grader.gradeOwn(a, d, settled)));
        sameEach(assert, topics.own.map(([a]) => a), got, topics.own.map(([, ...want]) => want), key + " own");
      }
      if (topics.delta) {
        const got = topics.delta.map(([typed]) => answered(grader.gradeDelta(typed)));
        sameEach(assert, topics.delta.map(([t]) => t), got, topics.delta.map(([, ...want]) => want), key + " delta");
      }
    });
  }
}

test("a wrong δ says the same on either side of the answer", () => {
  const grader = exercise("en", "rr-delta");
  const answer = grader.worst.excess;
  const below = grader.gradeDelta(answer.n - 1n + "/" + answer.d);
  const above = grader.gradeDelta(answer.n + 1n + "/" + answer.d);
  assert.strictEqual(below.verdict, "wrong");
  assert.strictEqual(above.verdict, "wrong");
  const strip = (r) => r.lines.join(" ").replace(/^δ = \S+( = \S+)? /, "");
  assert.strictEqual(strip(below), strip(above));
  assert.doesNotMatch(below.lines.join(" "), /too (small|large)|higher|lower|a smaller δ/i);
});

test("an empty event box is refused, a typed ∅ is graded", () => {
  const grader = exercise("en", "rr-break");
  for (const typed of ["", "   "]) {
    const refused = grader.gradeClaim({ choice: "breaks", pair: "0", event: typed });
    assert.strictEqual(refused.verdict, "invalid");
    assert.match(refused.lines[0], /^Type an event: /);
  }
  assert.strictEqual(grader.gradeClaim({ choice: "breaks", pair: "0", event: "∅" }).verdict, "wrong");
});

test("before the exercise is settled, the own-claim checker gives no number but δ", () => {
  const grader = exercise("en", "rr-break");
  const required = grader.worst.excess.n + "/" + grader.worst.excess.d;
  const result = grader.gradeOwn("3", "0", false);
  assert.strictEqual(result.verdict, "wrong");
  assert.ok(!result.lines.join(" ").includes(required), result.lines);
  assert.ok(grader.gradeOwn("3", "0", true).lines.join(" ").includes(required));
});
