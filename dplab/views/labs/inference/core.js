// The inference lab's pure core (lesson 6; the lab is built by
// dplab.views.labs.inference.inference_lab and wired to its page by inference-lab.js): for a
// mechanism (randomized response, Laplace, Gaussian), a factor α = e^ε, a prior, the
// probability q = Q(S) of the observed event and a false-positive rate x, it shows the
// posterior range that the mechanism's (α, δ) guarantee allows and the mechanism's
// trade-off curve over the region the guarantee rules out.
//
// What depends on the mechanism is looked up in the lab's inline data, computed at build
// time by dplab: δ per (mechanism, α) – "p/q" (exact, RR) or the double dplab returns –,
// the curve and the power texts. Everything else is exact BigInt arithmetic here, with the
// formulas of dplab.accounting.inference: a double is read as its exact binary value (the float
// policy of dplab._validation), the likelihood ratio range is
// [max(0, (1 − δ/q)/α), α + δ/q] (finite for every q > 0; its lower end is 0 when δ ≥ q,
// and H may then be ruled out), the posterior πr/(πr + 1 − π), the most power allowed
// 1 − max(0, 1 − δ − αx, (1 − δ − x)/α). Texts follow approx_text and value_text (lab.js),
// every bound rounded outward (a lower end down, an upper end up). It touches no page: Node
// compares its texts with InferenceLab.outputs at every state of the embedded grid that
// tests/js/golden_inference_lab.py lists, and its chart rows with the Python rows.
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var words = LAB.words;
  // The label key of each mechanism: every key written out (as dplab.views.labs.inference's
  // _MECHANISM_WORDS).
  var MECHANISM_WORDS = {
    rr: "inference.mechanism_rr",
    laplace: "inference.mechanism_laplace",
    gaussian: "inference.mechanism_gaussian"
  };

  // ---------------------------------------------------------------- exact rationals {n, d} (lab.js)

  var Q = LAB.Q;
  var add = LAB.add;
  var sub = LAB.sub;
  var mul = LAB.mul;
  var div = LAB.div;
  var less = LAB.less;
  function larger(a, b) { return less(a, b) ? b : a; }
  function text(a) { return LAB.approxRatio(a.n, a.d, 4); }
  function lowText(a) { return LAB.approxRatio(a.n, a.d, 4, "lower"); }
  function highText(a) { return LAB.approxRatio(a.n, a.d, 4, "upper"); }

  // A δ of the data: "p/q" (exact) or a double.
  function deltaOf(value) {
    if (typeof value === "number") return LAB.floatRatio(value);
    var parts = value.split("/");
    return Q(parts[0], parts[1]);
  }

  var decimalOf = LAB.exactValue;

  // πr/(πr + 1 − π)
  function posterior(prior, r) {
    var top = mul(prior, r);
    return div(top, add(top, sub(Q(1), prior)));
  }

  // ---------------------------------------------------------------- one state

  // s = {mechanism, n, p, scale, sigma, alpha, prior, event, level}: the mechanism a name,
  // the others indices into the grid.
  function entryOf(grid, s) {
    var list = grid.mechanisms[s.mechanism];
    if (s.mechanism === "rr") return list[s.n * grid.ps.length + s.p];
    return list[s.mechanism === "laplace" ? s.scale : s.sigma];
  }

  function panelState(grid, s) {
    var entry = entryOf(grid, s);
    var raw = entry.delta[s.alpha];
    var delta = deltaOf(raw);
    var alpha = decimalOf(grid.alphas[s.alpha]);
    var prior = decimalOf(grid.priors[s.prior]);
    var q = decimalOf(grid.events[s.event]);
    var x = decimalOf(grid.levels[s.level]);
    var share = div(delta, q);
    var bounded = less(delta, q);
    var lowRatio = larger(Q(0), div(sub(Q(1), share), alpha));
    var highRatio = add(alpha, share);
    var low = posterior(prior, lowRatio);
    var high = posterior(prior, highRatio);
    var deltaText = typeof raw === "number" && raw !== 0
      ? "≈ " + text(delta)
      : LAB.valueText(delta.n, delta.d);
    var bestBeta = larger(
      Q(0),
      larger(sub(sub(Q(1), delta), mul(alpha, x)), div(sub(sub(Q(1), delta), x), alpha))
    );
    var bound = sub(Q(1), bestBeta);
    var texts = {
      n: String(grid.sizes[s.n]),
      p: grid.ps[s.p],
      scale: grid.scales[s.scale],
      sigma: grid.sigmas[s.sigma],
      alpha: grid.alphas[s.alpha],
      prior: grid.priors[s.prior],
      event: grid.events[s.event],
      level: grid.levels[s.level],
      eps: words("inference.eps", { value: grid.eps[s.alpha] }),
      pure: entry.pure,
      delta: words("inference.delta", { value: deltaText }),
      ratio: words("inference.ratio", { low: lowText(lowRatio), high: highText(highRatio) }),
      posterior: words("inference.posterior", { low: lowText(low), high: highText(high) }),
      badge: words(bounded ? "inference.badge_bounded" : "inference.badge_rule_out"),
      reading: words(
        !bounded ? "inference.reading_rule_out"
          : LAB.isZero(delta) ? "inference.reading_pure" : "inference.reading_delta"
      ),
      power: words("inference.power", { value: entry.power[s.level] }),
      bound: words("inference.bound", { value: LAB.valueText(bound.n, bound.d, "upper") })
    };
    return {
      texts: texts,
      bounded: bounded,
      entry: entry,
      alpha: Number(grid.alphas[s.alpha]),
      delta: Number(delta.n) / Number(delta.d),
      q: Number(grid.events[s.event]),
      prior: Number(grid.priors[s.prior]),
      level: Number(grid.levels[s.level])
    };
  }

  // ---------------------------------------------------------------- chart rows (doubles)
  // The same operations as posterior_rows and region_rows in dplab.views.labs.inference.

  function drawnPosterior(prior, r) {
    var top = prior * r;
    return top / (top + (1 - prior));
  }

  function posteriorRows(grid, st) {
    var low = Math.max(0, (1 - st.delta / st.q) / st.alpha);
    var high = st.alpha + st.delta / st.q;
    var band = [];
    var points = grid.posterior_points;
    for (var k = 1; k <= points; k++) {
      var pi = k / (points + 1);
      band.push({ prior: pi, low: drawnPosterior(pi, low), high: drawnPosterior(pi, high) });
    }
    var out = {};
    out[grid.datasets.band] = band;
    out[grid.datasets.current] = [
      { prior: st.prior, low: drawnPosterior(st.prior, low), high: drawnPosterior(st.prior, high) }
    ];
    return out;
  }

  function tradeoffRows(grid, s, st) {
    var what = words(MECHANISM_WORDS[s.mechanism]);
    var knee = (1 - st.delta) / (1 + st.alpha);
    var out = {};
    out[grid.datasets.curve] = st.entry.curve.map(function (point) {
      return { x: point[0], beta: point[1], what: what };
    });
    out[grid.datasets.region] = [[0, 1 - st.delta], [knee, knee], [1 - st.delta, 0], [1, 0]].map(
      function (point) { return { x: point[0], beta: point[1] }; }
    );
    out[grid.datasets.point] = [{ x: st.level, beta: st.entry.beta[s.level], what: what }];
    return out;
  }

  // Every chart's rows, by chart and dataset name.
  function chartRows(grid, s, st) {
    return { posterior: posteriorRows(grid, st), tradeoff: tradeoffRows(grid, s, st) };
  }

  window.DPLAB_CORE = window.DPLAB_CORE || {};
  window.DPLAB_CORE["inference-lab"] = {
    panelState: panelState,
    chartRows: chartRows
  };
})();
