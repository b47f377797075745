// Load the site's scripts in Node with just enough of a browser, and read Python's golden
// vectors (tests/js/golden.py writes them; DPLAB_GOLDEN names their files).
"use strict";
const fs = require("fs");
const path = require("path");

const ROOT = path.resolve(__dirname, "..", "..");

// A window with no page: scripts that only define their rules (lab.js, a lab's core) load
// in it; anything that touches a real element fails loudly instead of passing silently.
function browser(labels) {
  global.window = { addEventListener() {}, DPLAB: { labels: labels || {} } };
  global.document = { addEventListener() {}, readyState: "loading", querySelectorAll: () => [] };
  global.location = { hash: "" };
  return global.window;
}

// What every page loads before its other scripts (mkdocs.yml): the words' reader.
const FIRST = ["docs/assets/dplab/ready.js"];

// The labs' scripts live in the package, one folder per lab (dplab/views/labs/<topic>/): the
// script every lab shares, and a lab's core after it.
const SHARED_LAB = "dplab/views/labs/lab.js";
function labCore(topic) {
  return [SHARED_LAB, `dplab/views/labs/${topic}/core.js`];
}

// Load scripts (paths relative to the repository) into a fresh window, after those every
// page loads first; returns the window.
function load(scripts, labels) {
  const win = browser(labels);
  for (const script of FIRST.concat(scripts)) {
    const file = path.join(ROOT, script);
    delete require.cache[require.resolve(file)];
    require(file);
  }
  return win;
}

// DPLAB_GOLDEN maps each topic's name to the file of its vectors (JSON).
function golden(name) {
  const files = JSON.parse(process.env.DPLAB_GOLDEN || "{}");
  if (!files[name]) throw new Error("no vectors for " + name + ": run the Node tests through tests/js/test_node.py");
  return JSON.parse(fs.readFileSync(files[name], "utf8"));
}

// Compare got with want case by case; fail with the first few cases that differ. Each call
// adds a line {file, what, cases} to DPLAB_CASES (tests/js/test_node.py counts them).
function sameEach(assert, cases, got, want, what) {
  assert.strictEqual(got.length, want.length, what + ": number of answers");
  if (process.env.DPLAB_CASES) {
    const file = path.basename(require.main ? require.main.filename : process.argv[1] || "");
    fs.appendFileSync(process.env.DPLAB_CASES, JSON.stringify({ file, what, cases: want.length }) + "\n");
  }
  const wrong = [];
  for (let i = 0; i < want.length; i++) {
    if (JSON.stringify(got[i]) !== JSON.stringify(want[i])) wrong.push({ input: cases[i], got: got[i], want: want[i] });
  }
  assert.deepStrictEqual(wrong.slice(0, 5), [], what + ": " + wrong.length + " of " + want.length + " differ");
}

// Objects with their keys sorted, as Python wrote them (json.dumps(sort_keys=True)).
function sorted(value) {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted(value[key])]));
}

module.exports = { ROOT, SHARED_LAB, labCore, load, golden, sameEach, sorted };
