// The pure core of the Gaussian lab of lesson 4 (its wiring: gaussian-lab.js; its HTML and
// inline data: dplab.views.labs.gaussian.gaussian_lab). Given the lab's data and a state of its
// six controls, it returns every text, number, verdict and chart row the page shows. It
// touches no page, so Node loads it: tests/js/gaussian_lab.test.cjs checks it against
// Python's golden vectors (tests/js/golden_gaussian_lab.py) at every state of the grid.
//
// Nothing about privacy is computed here. Every δ, log₁₀ δ and verdict is looked up in the
// lab's data, precomputed at build time by dplab over every reachable state: δ as the double
// dplab.mechanisms.gaussian.delta returns (null where it underflows), log₁₀ δ as log_delta / ln 10, and
// each verdict from dplab.mechanisms.gaussian.certify (ball arithmetic on the exact decimal inputs;
// tests/views/labs/test_gaussian.py checks the grid against certify at every state). The
// numbers are written with the rules of dplab.views.numbers (float_text, log10_text,
// tiny_text: lab.js's floatText, log10Text, tinyText), and the two densities are drawn with
// the one formula density_rows uses.
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var words = LAB.words;
  var INV_SQRT_2PI = 0.3989422804014327; // 1/√(2π), as in dplab.mechanisms.gaussian
  var VERDICTS = { p: "pass", f: "fail", u: "undecided" };

  // ---------------------------------------------------------------- label keys
  // Every key written out (as dplab.views.gaussian's KIND_WORDS and its twins), by query
  // kind and by verdict.

  var KIND_WORDS = { sum: "gauss.kind_sum", mean: "gauss.kind_mean", count: "gauss.kind_count", constant: "gauss.kind_constant" };
  var DEFINITION_WORDS = { sum: "gauss.def_sum", mean: "gauss.def_mean", count: "gauss.def_count", constant: "gauss.def_constant" };
  var UNIT_WORDS = { sum: "gauss.unit_sum", mean: "gauss.unit_mean", count: "gauss.unit_count", constant: "gauss.unit_constant" };
  var SQUARED_UNIT_WORDS = {
    sum: "gauss.unit2_sum", mean: "gauss.unit2_mean", count: "gauss.unit2_count", constant: "gauss.unit2_constant"
  };
  var BADGE_WORDS = { pass: "gauss.badge_pass", fail: "gauss.badge_fail", undecided: "gauss.badge_undecided" };
  var VERDICT_WORDS = { pass: "gauss.verdict_pass", fail: "gauss.verdict_fail", undecided: "gauss.verdict_undecided" };

  // ---------------------------------------------------------------- display text
  // The doubles' texts are lab.js's (float_text, log10_text, tiny_text).

  var floatText = LAB.floatText;
  var log10Text = LAB.log10Text;
  var tinyText = LAB.tinyText;

  // Super- and subscript digits as plain ones: the textContent of rich_html (plain_text).
  var PLAIN = { "⁻": "−", "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9",
    "₀": "0", "₁": "1", "₂": "2", "₃": "3", "₄": "4", "₅": "5", "₆": "6", "₇": "7", "₈": "8", "₉": "9", "ₙ": "n" };

  function plainText(text) {
    return text.replace(/[⁻⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉ₙ]+/g, function (run) {
      return run.split("").map(function (ch) { return PLAIN[ch]; }).join("");
    });
  }

  // ---------------------------------------------------------------- one state

  // The panel of state s = {kind, n, bound, sigma, eps, claim} (kind a name, the others
  // indices into the grid), from the lab's data only (panel_texts): `texts` by data-show
  // key, `live` (what the page announces after a change), the verdict and the numbers the
  // charts need.
  function panelState(data, s) {
    var d = data.state_sens[s.kind][s.n][s.bound];
    var verdict = VERDICTS[data.verdicts[d][s.sigma].charAt(s.eps * data.claims.length + s.claim)];
    if (!verdict) throw new Error("no verdict for state " + JSON.stringify(s));
    var sensitivity = data.sens_value[d];
    var sigma = data.sigma_value[s.sigma];
    var eps = data.eps_value[s.eps];
    var claim = data.claim_text[s.claim];
    var logs = data.log10[d];
    var texts = {};
    var delta;
    var log10 = null;
    var underflow = false;
    if (logs === null) {
      delta = 0;
      texts.delta = words("gauss.delta_zero");
      texts.log = words("gauss.log_minus_inf");
    } else {
      log10 = logs[s.sigma][s.eps];
      delta = data.delta[d][s.sigma][s.eps];
      underflow = delta === null;
      texts.delta = underflow ? words("gauss.delta_underflow", { value: tinyText(log10) }) : "≈ " + floatText(delta);
      texts.log = "≈ " + log10Text(log10);
    }
    var edge = sensitivity === 0 ? null : -(eps * sigma * sigma) / sensitivity;
    var half = 0.5 * sensitivity + data.window_sigmas * sigma;
    var profileNotes = [];
    if (sensitivity === 0) profileNotes.push(words("gauss.note_profile_same"));
    if (data.claim_value[s.claim] === 0) profileNotes.push(words("gauss.note_claim_zero"));
    texts.query = words(KIND_WORDS[s.kind]) + ": " + words(DEFINITION_WORDS[s.kind]);
    texts.pair = data.pairs[s.kind][s.n][s.bound];
    texts.sensitivity = data.sens_text[d];
    texts.underflow = words(underflow ? "gauss.underflow_yes" : "gauss.underflow_no");
    texts.claim = claim;
    texts.badge = words(BADGE_WORDS[verdict]);
    texts.verdict = words(VERDICT_WORDS[verdict], { claim: claim });
    texts.mse = words("gauss.with_unit", { value: floatText(data.mse[s.sigma]), unit: words(SQUARED_UNIT_WORDS[s.kind]) });
    texts.mae = words("gauss.with_unit", { value: "≈ " + floatText(data.mae[s.sigma]), unit: words(UNIT_WORDS[s.kind]) });
    texts.sigma = data.sigma_text[s.sigma];
    texts.eps = data.eps_text[s.eps];
    texts.edge = edge === null ? words("gauss.edge_none") : words("gauss.edge", { edge: floatText(edge, 4) });
    texts["edge-note"] = edge === null ? words("gauss.note_same") : edge <= -half ? words("gauss.note_edge_outside") : "";
    texts["profile-note"] = profileNotes.join(" ");
    return {
      texts: texts,
      live: plainText(words("gauss.lab_live", { delta: texts.delta, claim: claim, badge: texts.badge })),
      verdict: verdict,
      delta: delta,
      log10: log10,
      underflow: underflow,
      sensitivityIndex: d,
      sensitivity: sensitivity,
      sigma: sigma,
      eps: eps
    };
  }

  // Rows of the density chart (density_rows): p = N(−Δ/2, σ²), q = N(Δ/2, σ²) on
  // [−Δ/2 − 4σ, Δ/2 + 4σ], the visible part of the event y < t = −εσ²/Δ, and p, e^ε q on it.
  function densityRows(data, sensitivity, sigma, eps) {
    var sets = data.datasets;
    var half = 0.5 * sensitivity + data.window_sigmas * sigma;
    var steps = data.density_points - 1;
    var ys = [];
    for (var i = 0; i <= steps; i++) ys.push(-half + 2 * half * i / steps);
    var rows = [];
    [["gauss.law_p", -0.5 * sensitivity], ["gauss.law_q", 0.5 * sensitivity]].forEach(function (law) {
      var who = words(law[0]);
      ys.forEach(function (y) {
        var z = (y - law[1]) / sigma;
        rows.push({ y: y, density: Math.exp(-0.5 * z * z) * INV_SQRT_2PI / sigma, who: who });
      });
    });
    var event = [];
    var excess = [];
    if (sensitivity > 0) {
      var edge = -(eps * sigma * sigma) / sensitivity;
      if (edge > -half) {
        event.push({ x1: -half, x2: Math.min(edge, half) });
        var points = ys.filter(function (y) { return y < edge; });
        if (edge < half) points.push(edge);
        var who = words("gauss.excess");
        points.forEach(function (y) {
          var zp = (y + 0.5 * sensitivity) / sigma;
          var zq = (y - 0.5 * sensitivity) / sigma;
          excess.push({
            who: who,
            y: y,
            top: Math.exp(-0.5 * zp * zp) * INV_SQRT_2PI / sigma,
            bottom: Math.exp(eps - 0.5 * zq * zq) * INV_SQRT_2PI / sigma
          });
        });
      }
    }
    var out = {};
    out[sets.density] = rows;
    out[sets.event] = event;
    out[sets.excess] = excess;
    return out;
  }

  // Rows of the ε–δ chart (profile_rows), straight from the grid.
  function profileRows(data, d, sigmaIndex, epsIndex, claimIndex) {
    var sets = data.datasets;
    var rows = [];
    var point = [];
    if (data.log10[d] !== null) {
      var logs = data.log10[d][sigmaIndex];
      var deltas = data.delta[d][sigmaIndex];
      var what = words("gauss.profile");
      rows = data.eps_value.map(function (eps, k) {
        return { eps: eps, log10_delta: logs[k], delta: deltas[k], what: what };
      });
      point = [Object.assign({}, rows[epsIndex], { what: words("gauss.point") })];
    }
    var claimLog = data.claim_log10[claimIndex];
    var out = {};
    out[sets.profile] = rows;
    out[sets.point] = point;
    out[sets.claim] = claimLog === null ? [] : [{ log10_delta: claimLog, what: words("gauss.claim_line") }];
    return out;
  }

  // The rows of both charts at state s, by chart (the lab's data-chart names).
  function chartRows(data, s) {
    var d = data.state_sens[s.kind][s.n][s.bound];
    return {
      density: densityRows(data, data.sens_value[d], data.sigma_value[s.sigma], data.eps_value[s.eps]),
      profile: profileRows(data, d, s.sigma, s.eps, s.claim)
    };
  }

  window.DPLAB_CORE = window.DPLAB_CORE || {};
  window.DPLAB_CORE["gaussian-lab"] = {
    panelState: panelState,
    chartRows: chartRows,
    densityRows: densityRows,
    profileRows: profileRows,
    plainText: plainText
  };
})();
