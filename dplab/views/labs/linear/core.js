// The PrivEMDLinear lab's rules (the lab of lesson 8, built by dplab.views.labs.linear), with
// no page: a state's exact values and every text the lab shows. linear-lab.js wires them to
// the page.
//
// Exactness. Every control value is an exact decimal of the lab's grid (ε, ε_user, diam, l)
// or an integer (d, n). Each value the lab shows is a product and quotient of them –
// the noise scales l/ε and l·diam/ε_user, the expected errors d·l/ε, d·l·diam/ε_user and
// the same divided by n, the error ratio ε_user/(ε·diam), the crossover ε_user/diam, the
// radius ε_user/ε and the exponent ε·diam – so the core forms them as BigInt ratios
// (lab.js) with the formulas of dplab.userlevel.emd_linear and writes them with the rules of
// dplab.views.laplace.exact_text / number_text. Node checks its texts against
// LinearLab.outputs at every state (tests/js/linear_lab.test.cjs).
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var words = LAB.words;
  // The label key of each verdict: every key written out (as dplab.views.labs.linear's
  // _VERDICT_WORDS).
  var VERDICT_WORDS = { ours: "linear.lab_verdict_ours", base: "linear.lab_verdict_base", tie: "linear.lab_verdict_tie" };
  var Q = LAB.Q;
  var mul = LAB.mul;
  var div = LAB.div;
  var less = LAB.less;
  var exactText = LAB.exactText;
  var numberText = LAB.numberText;

  // The controls, in the order of dplab.views.labs.linear's state.
  var NAMES = ["eps", "user", "diam", "l", "d", "n"];

  var ratioOf = LAB.exactValue;

  // The values of one state {eps, user, diam, l, d, n} (texts of the grid).
  function values(state) {
    var eps = ratioOf(state.eps);
    var user = ratioOf(state.user);
    var diam = ratioOf(state.diam);
    var l = ratioOf(state.l);
    var d = Q(state.d);
    var n = Q(state.n);
    var scaleOurs = div(l, eps);
    var scaleBase = div(mul(l, diam), user);
    var ratio = div(user, mul(eps, diam));
    return {
      scaleOurs: scaleOurs,
      scaleBase: scaleBase,
      localOurs: mul(d, scaleOurs),
      localBase: mul(d, scaleBase),
      centralOurs: div(mul(d, scaleOurs), n),
      centralBase: div(mul(d, scaleBase), n),
      ratio: ratio,
      winner: less(ratio, Q(1)) ? "ours" : less(Q(1), ratio) ? "base" : "tie",
      crossover: div(user, diam),
      radius: div(user, eps),
      far: mul(eps, diam),
      user: user
    };
  }

  // Every text of one state, keyed by data-show name (LinearLab.outputs).
  function texts(state) {
    var v = values(state);
    var out = {};
    NAMES.forEach(function (name) { out[name] = String(state[name]); });
    out.scales = words("linear.lab_scales", { ours: exactText(v.scaleOurs), base: exactText(v.scaleBase) });
    out.local_ours = words("linear.lab_local_ours", { value: exactText(v.localOurs) });
    out.local_base = words("linear.lab_local_base", { value: exactText(v.localBase) });
    out.central_ours = words("linear.lab_central_ours", { value: exactText(v.centralOurs) });
    out.central_base = words("linear.lab_central_base", { value: exactText(v.centralBase) });
    out.ratio = words("linear.lab_ratio", { value: exactText(v.ratio) });
    out.verdict = words(VERDICT_WORDS[v.winner]);
    out.crossover = words("linear.lab_crossover", { value: exactText(v.crossover) });
    out.radius = words("linear.lab_radius", { value: exactText(v.radius) });
    out.far = words("linear.lab_far", { far: numberText(v.far), user: numberText(v.user) });
    return out;
  }

  // The verdict badge's mark: "pass" when d_EM-DP is the more accurate, else "none".
  function mark(state) {
    return values(state).winner === "ours" ? "pass" : "none";
  }

  // The live announcement of a state's texts.
  function live(out) {
    return words("linear.lab_live", { verdict: out.verdict, ratio: out.ratio });
  }

  window.DPLAB_CORE = window.DPLAB_CORE || {};
  window.DPLAB_CORE["linear-lab"] = { NAMES: NAMES, values: values, texts: texts, mark: mark, live: live };
})();
