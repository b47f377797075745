// ready.js's words(), the one reader of labels, against dplab.views.label (golden_words.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, SHARED_LAB } = require("./load.cjs");

const vectors = golden("words");

for (const lang of Object.keys(vectors.cases)) {
  test("words() fills every " + lang + " template as label() does", () => {
    const rows = vectors.cases[lang];
    assert.ok(rows.length > 100, lang + ": templates with placeholders");
    const lab = load([], vectors.labels[lang]).DPLAB_WORDS;
    const got = rows.map(([key, values]) => lab.words(key, values));
    sameEach(assert, rows.map(([key]) => key), got, rows.map(([, , want]) => want), "words " + lang);
  });
}

test("a missing key is a console error, and the key is shown", () => {
  const lab = load([], vectors.labels.ko).DPLAB_WORDS;
  const reported = [];
  const original = console.error;
  console.error = (...args) => reported.push(args.join(" "));
  let shown;
  try {
    shown = vectors.missing.map((key) => lab.words(key, { value: "3" }));
  } finally {
    console.error = original;
  }
  assert.deepStrictEqual(shown, vectors.missing);
  assert.deepStrictEqual(reported, vectors.missing.map((key) => "dplab: missing label " + JSON.stringify(key)));
});

test("a present key reports nothing", () => {
  const lab = load([], vectors.labels.ko).DPLAB_WORDS;
  const reported = [];
  const original = console.error;
  console.error = (...args) => reported.push(args.join(" "));
  try {
    lab.words("code.fold");
  } finally {
    console.error = original;
  }
  assert.deepStrictEqual(reported, []);
});

test("lab.js and the labs read words through ready.js's reader, not a copy", () => {
  const win = load([SHARED_LAB], vectors.labels.ko);
  assert.strictEqual(win.DPLAB_LAB.words, win.DPLAB_WORDS.words);
  assert.strictEqual(win.DPLAB_LAB.fixParticle, win.DPLAB_WORDS.fixParticle);
});

// ready.js's other rule every script relies on: whenParsed(start) runs start on
// DOMContentLoaded, or at once once that has fired. A deferred script runs while
// readyState is already "interactive" and the event is still to come.
function parsedCase(readyState, dclStart) {
  const win = load([], {});
  const listeners = [];
  global.document.readyState = readyState;
  global.document.addEventListener = (type) => listeners.push(type);
  if (dclStart !== undefined) {
    win.performance = { getEntriesByType: (type) => (type === "navigation" ? [{ domContentLoadedEventStart: dclStart }] : []) };
  }
  let started = 0;
  win.DPLAB_READY.whenParsed(() => { started += 1; });
  return { started, listeners };
}

test("whenParsed waits for DOMContentLoaded while it is to come, and not after", () => {
  assert.deepStrictEqual(parsedCase("loading"), { started: 0, listeners: ["DOMContentLoaded"] });
  assert.deepStrictEqual(parsedCase("loading", 0), { started: 0, listeners: ["DOMContentLoaded"] });
  // A deferred script: the parser is done, the event not fired yet.
  assert.deepStrictEqual(parsedCase("interactive", 0), { started: 0, listeners: ["DOMContentLoaded"] });
  assert.deepStrictEqual(parsedCase("interactive", 412.5), { started: 1, listeners: [] });
  assert.deepStrictEqual(parsedCase("complete", 412.5), { started: 1, listeners: [] });
  // Without the navigation's timing (a notebook's viewer), readyState decides.
  assert.deepStrictEqual(parsedCase("complete"), { started: 1, listeners: [] });
});
