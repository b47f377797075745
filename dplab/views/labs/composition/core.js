// The pure core of the composition lab of lesson 5 (its wiring: composition-lab.js; its HTML
// and inline data: dplab.views.labs.composition.composition_lab). Given the lab's data and a
// state of its five controls, it returns every text, verdict and chart row the page shows.
// It touches no page, so Node loads it: tests/js/composition_lab.test.cjs checks it against
// Python's golden vectors (tests/js/golden_composition_lab.py) at every state of the grid.
//
// Nothing about privacy is computed here. Every δ text and every verdict is looked up in
// the lab's data, precomputed at build time by dplab from exact fractions; a verdict is one
// hexadecimal digit per (A, claim) whose bits say: the claim holds (bit 0), optimal,
// advanced, basic composition prove it (bits 1–3). tests/views/labs/test_composition.py
// recomputes the grid from dplab. The chart draws the number each text shows
// (shown_number in Python).
(function () {
  "use strict";

  var words = window.DPLAB_LAB.words;
  // The label key of each method: every key written out (as dplab.views.composition's
  // _METHOD_WORDS).
  var METHOD_WORDS = {
    exact: "comp.method_exact",
    optimal: "comp.method_optimal",
    advanced: "comp.method_advanced",
    basic: "comp.method_basic"
  };
  // The number a value text shows ("= 0.5", "≈ 1.235×10⁻⁷"), as the nearest double
  // (shown_number: lab.js's shownNumber, the rule of dplab.views.numbers.shown_value).
  var shownNumber = window.DPLAB_LAB.shownNumber;

  // The rows of the chart for a cell (curve_rows) at factor index f and claim index c.
  function chartRows(data, cell, f, c) {
    var curves = [];
    data.methods.forEach(function (method) {
      var what = words(METHOD_WORDS[method]);
      cell[method].forEach(function (text, a) {
        curves.push({ factor: data.factor_value[a], delta: shownNumber(text), what: what });
      });
    });
    var sets = data.datasets;
    var rows = {};
    rows[sets.curves] = curves;
    rows[sets.claim] = [{ delta: data.claim_value[c], what: words("comp.claim_line") }];
    rows[sets.point] = [{ factor: data.factor_value[f], delta: shownNumber(cell.exact[f]), what: words("comp.point") }];
    return rows;
  }

  // The texts (by data-show key), the announcement, the verdict and the chart rows of state
  // s = {n, p, k, factor, claim} (indices into the grid).
  function cellState(data, s) {
    var cell = data.cells[s.n][s.p][s.k];
    var digit = cell.verdicts.charAt(s.factor * data.claims.length + s.claim);
    var bits = parseInt(digit, 16);
    if (isNaN(bits)) throw new Error("no verdict for state " + JSON.stringify(s));
    var claim = data.claims[s.claim];
    var pass = (bits & 1) === 1;
    var texts = {
      p: data.ps[s.p],
      k: String(data.ks[s.k]),
      factor: data.factors[s.factor],
      eps: data.eps_text[s.factor],
      pure: data.pure_text[s.p],
      badge: words(pass ? "comp.badge_pass" : "comp.badge_fail"),
      verdict: words(pass ? "comp.verdict_pass" : "comp.verdict_fail", { claim: claim })
    };
    data.methods.forEach(function (method, i) {
      texts[method] = cell[method][s.factor];
      if (i) texts[method + "-proves"] = words((bits >> i) & 1 ? "comp.proves" : "comp.proves_not");
    });
    return {
      texts: texts,
      live: words("comp.lab_live", { exact: texts.exact, claim: claim, badge: texts.badge }),
      verdict: pass ? "pass" : "fail",
      rows: chartRows(data, cell, s.factor, s.claim)
    };
  }

  window.DPLAB_CORE = window.DPLAB_CORE || {};
  window.DPLAB_CORE["composition-lab"] = { cellState: cellState };
})();
