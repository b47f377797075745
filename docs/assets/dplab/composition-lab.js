// The composition lab of lesson 5 (built by dplab.views.composition.composition_lab): the δ
// of k fresh releases of the randomized-response count channel at a total factor A,
// counted four ways (exact, optimal, advanced, basic), and whether each proves a claim.
//
// Nothing about privacy is computed here. Every δ text and every verdict is looked up in
// the lab's inline data, precomputed at build time by dplab from exact fractions; a
// verdict is one hexadecimal digit per (A, claim) whose bits say: the claim holds (bit 0),
// optimal, advanced, basic composition prove it (bits 1–3). The chart draws the number each
// text shows (shown_number in Python). tests/views/test_composition_views.py recomputes the
// grid from dplab; tests/browser/test_composition_lab.py checks this script's texts and
// rows against the build. window.DPLAB_COMP exposes the functions it calls.
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var words = LAB.words;
  var DIGITS = { "⁻": "-", "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9" };

  // The number a value text shows: "= 0.5", "≈ 1.235×10⁻⁷" (shown_number), the decimal
  // read once and correctly rounded.
  function shownNumber(text) {
    var body = text.replace(/^[=≈] /, "");
    var parts = body.split("×10");
    var exponent = parts.length > 1
      ? parts[1].split("").map(function (ch) { return DIGITS[ch]; }).join("")
      : "0";
    return parseFloat(parts[0] + "e" + exponent);
  }

  // The texts and chart rows of state s = {n, p, k, factor, claim} (indices into the grid).
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
    var sets = data.datasets;
    var curves = [];
    data.methods.forEach(function (method) {
      var what = words("comp.method_" + method);
      cell[method].forEach(function (text, f) {
        curves.push({ factor: data.factor_value[f], delta: shownNumber(text), what: what });
      });
    });
    var rows = {};
    rows[sets.curves] = curves;
    rows[sets.claim] = [{ delta: data.claim_value[s.claim], what: words("comp.claim_line") }];
    rows[sets.point] = [{
      factor: data.factor_value[s.factor],
      delta: shownNumber(cell.exact[s.factor]),
      what: words("comp.point")
    }];
    return { texts: texts, verdict: pass ? "pass" : "fail", rows: rows };
  }

  function Lab(root) {
    LAB.Lab.call(this, root, "comp", "composition-lab");
    this.updateQuietly();
  }

  Lab.prototype = Object.create(LAB.Lab.prototype);
  Lab.prototype.constructor = Lab;

  Lab.prototype.read = function () {
    var data = this.data;
    var n = data.sizes.indexOf(parseInt(this.control("n").value, 10));
    var claim = data.claims.indexOf(this.control("claim").value);
    return {
      n: n < 0 ? 0 : n,
      p: this.readInt("p", 0, data.ps.length - 1),
      k: this.readInt("k", 0, data.ks.length - 1),
      factor: this.readInt("factor", 0, data.factors.length - 1),
      claim: claim < 0 ? 0 : claim
    };
  };

  Lab.prototype.state = function (s) {
    return cellState(this.data, s);
  };

  Lab.prototype.update = function () {
    var s = this.read();
    var state = cellState(this.data, s);
    var lab = this;
    Object.keys(state.texts).forEach(function (key) { lab.show(key, state.texts[key]); });
    this.mark("badge", state.verdict);
    this.control("p").setAttribute("aria-valuetext", "p = " + state.texts.p);
    this.control("k").setAttribute("aria-valuetext", "k = " + state.texts.k);
    this.control("factor").setAttribute("aria-valuetext", "A = " + state.texts.factor);
    this.root.setAttribute("data-state", JSON.stringify(s));
    if (!this.quiet) {
      this.show("live", words("comp.lab_live", {
        exact: state.texts.exact,
        claim: this.data.claims[s.claim],
        badge: state.texts.badge
      }));
    }
    this.rows = { curves: state.rows };
    this.refresh();
  };

  // Count each chart's updates and announce them (the browser test waits on them).
  Lab.prototype.pushed = function (chart) {
    chart.dplabUpdates = (chart.dplabUpdates || 0) + 1;
    chart.dispatchEvent(new CustomEvent("dplab:comp-updated", { bubbles: true }));
  };

  window.DPLAB_COMP = { cellState: cellState, shownNumber: shownNumber, labs: [] };

  LAB.start("comp", "composition-lab", Lab, window.DPLAB_COMP.labs);
})();
