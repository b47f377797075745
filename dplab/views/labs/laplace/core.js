// The Laplace lab's pure core (lesson 3; the lab is built by dplab.views.labs.laplace and
// wired to its page by laplace-lab.js): given the lab's grid and a state, every number,
// text and chart row the lab shows. It touches no page, so Node loads it and checks it
// against Python's golden vectors (tests/js/golden_laplace_lab.py, laplace_lab.test.cjs).
//
// Exactness. Every control value is an exact decimal: n from a list, B = k/2, the scale b
// from a list of decimals (sent as integer ratios), ε = k/20. The sensitivity Δ (B, B/n,
// 1 or 0), the pure ε = Δ/b, the edge t = (Δ − εb)/2 of the worst event, the calibrated
// scale Δ/ε, 2b² and the error's share of the query's range are BigInt ratios. δ(ε) is
// dplab.mechanisms.laplace.delta's formula −expm1(−s) with s = (Δ/b − ε)/2: s is a ratio of two
// integers below 2^53 here, so one division gives the same correctly rounded double as
// Python's float(Fraction), and Math.expm1 finishes it (within 1e-12 of dplab's δ).
//
// The exact ratios and the decimal text of ratios come from lab.js (window.DPLAB_LAB);
// the charts' dataset names from the lab's data (dplab.views.labs.laplace.DATASETS).
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var ZERO = BigInt(0);

  // ---------------------------------------------------------------- exact rationals
  // {n, d} BigInt ratios (lab.js)

  var Q = LAB.Q;
  var sub = LAB.sub;
  var mul = LAB.mul;
  var div = LAB.div;
  var less = LAB.less;
  var isZero = LAB.isZero;
  var floatRatio = LAB.floatRatio;

  var SAFE = BigInt(Number.MAX_SAFE_INTEGER);

  // The double nearest to a ratio of integers below 2^53 (one correctly rounded division,
  // as Python's float(Fraction) gives).
  function toFloat(a) {
    if (a.n > SAFE || -a.n > SAFE || a.d > SAFE) throw new Error("ratio too large for one division");
    return Number(a.n) / Number(a.d);
  }

  // ---------------------------------------------------------------- display text
  // The rules of dplab.views.randomized_response.approx_text/decimal_text and
  // dplab.views.laplace.number_text/exact_text/tuple_text.

  var words = LAB.words;
  // The label keys of each query kind: every key written out (as dplab.views.laplace's
  // KIND_WORDS and DEFINITION_WORDS, dplab.views.labs.laplace's unit maps).
  var KIND_WORDS = { sum: "laplace.kind_sum", mean: "laplace.kind_mean", count: "laplace.kind_count", constant: "laplace.kind_constant" };
  var DEFINITION_WORDS = { sum: "laplace.def_sum", mean: "laplace.def_mean", count: "laplace.def_count", constant: "laplace.def_constant" };
  var UNIT_WORDS = { sum: "laplace.unit_sum", mean: "laplace.unit_mean", count: "laplace.unit_count", constant: "laplace.unit_constant" };
  var SQUARED_UNIT_WORDS = {
    sum: "laplace.unit2_sum", mean: "laplace.unit2_mean", count: "laplace.unit2_count", constant: "laplace.unit2_constant"
  };

  // Rounded half-up on the exact value to 4 significant digits (approx_text; lab.js).
  function approxText(a) {
    return LAB.approxRatio(a.n, a.d);
  }

  var numberText = LAB.numberText;
  var exactText = LAB.exactText;

  function tupleText(values) {
    var texts = values.map(numberText);
    if (texts.length > 6) texts = [texts[0], texts[1], "…", texts[texts.length - 1]];
    return "(" + texts.join(", ") + ")";
  }

  // ---------------------------------------------------------------- the maths on the grid

  var EPS_STEPS = 20; // ε = k/20
  var EPS_TOP = 100; // ε ≤ 5

  // Δ and Δ/b of a state {kind, n, halves (B = halves/2), scale: [num, den]}.
  function exact(state) {
    var bound = Q(state.halves, 2);
    var scale = Q(state.scale[0], state.scale[1]);
    var sensitivity = {
      sum: bound,
      mean: div(bound, Q(state.n)),
      count: Q(1),
      constant: Q(0)
    }[state.kind];
    if (!sensitivity) throw new Error("unknown query kind " + state.kind);
    return { bound: bound, scale: scale, sensitivity: sensitivity, pure: div(sensitivity, scale) };
  }

  // δ(ε) for the pure ε = Δ/b (a ratio) and ε = k/20: −expm1(−s), s = (Δ/b − ε)/2.
  function deltaAt(pure, k) {
    var num = pure.n * BigInt(EPS_STEPS) - BigInt(k) * pure.d; // 20·(Δ/b − ε)·den
    if (num <= ZERO) return 0;
    var s = toFloat(Q(num, BigInt(2 * EPS_STEPS) * pure.d));
    return -Math.expm1(-Math.min(s, 800));
  }

  function values(state) {
    var v = exact(state);
    var eps = Q(state.k, EPS_STEPS);
    var positive = less(eps, v.pure);
    var width = {
      sum: mul(Q(state.n), v.bound),
      mean: v.bound,
      count: Q(state.n),
      constant: Q(0)
    }[state.kind];
    v.eps = eps;
    v.delta = deltaAt(v.pure, state.k);
    v.edge = positive ? div(sub(v.sensitivity, mul(eps, v.scale)), Q(2)) : null;
    v.calibrated = isZero(v.sensitivity) ? Q(0) : isZero(eps) ? null : div(v.sensitivity, eps);
    v.mae = v.scale;
    v.mse = mul(Q(2), mul(v.scale, v.scale));
    v.width = width;
    return v;
  }

  function texts(state) {
    var v = values(state);
    var kind = state.kind;
    var zeros = [];
    for (var i = 0; i < state.n; i++) zeros.push(Q(0));
    var neighbour = zeros.slice();
    neighbour[0] = v.bound;
    var out = {
      n: String(state.n),
      bound: numberText(v.bound),
      scale: numberText(v.scale),
      eps: numberText(v.eps),
      query: words("laplace.lab_query", {
        name: words(KIND_WORDS[kind]),
        definition: words(DEFINITION_WORDS[kind], {
          threshold: numberText(kind === "count" ? div(v.bound, Q(2)) : Q(0)),
          constant: "0"
        })
      }),
      sensitivity: words("laplace.lab_sensitivity", { value: exactText(v.sensitivity) }),
      pair: words("laplace.lab_pair", { dataset: tupleText(zeros), neighbour: tupleText(neighbour) }),
      // f(D) = 0 and f(D′) = Δ for every kind: D is all zeros, D′ puts B first (B ≥ B/2).
      gap: words("laplace.lab_gap", { before: "0", after: numberText(v.sensitivity) }),
      pure: words("laplace.lab_pure", { value: exactText(v.pure) })
    };
    if (isZero(v.sensitivity)) {
      out.delta = words("laplace.lab_delta_same");
      out.event = words("laplace.lab_event_none");
    } else if (v.edge === null) {
      out.delta = words("laplace.lab_delta_zero");
      out.event = words("laplace.lab_event_none");
    } else {
      out.delta = words("laplace.lab_delta", { value: approxText(floatRatio(v.delta)) });
      out.event = words("laplace.lab_event", { edge: exactText(v.edge) });
    }
    if (isZero(v.sensitivity)) out.calibration = words("laplace.lab_calibration_none_needed");
    else if (v.calibrated === null) out.calibration = words("laplace.lab_calibration_impossible");
    else out.calibration = words("laplace.lab_calibration", { value: exactText(v.calibrated) });
    out.mae = words("laplace.lab_mae", { value: numberText(v.mae), unit: words(UNIT_WORDS[kind]) });
    out.mse = words("laplace.lab_mse", { value: numberText(v.mse), unit: words(SQUARED_UNIT_WORDS[kind]) });
    out.relative = isZero(v.width)
      ? words("laplace.lab_relative_constant")
      : words("laplace.lab_relative", {
        width: numberText(v.width),
        percent: approxText(div(mul(Q(100), v.mae), v.width))
      });
    return out;
  }

  // ---------------------------------------------------------------- chart rows
  // The same points and float operations as dplab.views.labs.laplace's *_rows functions.

  function densityRows(v) {
    var d = toFloat(v.sensitivity);
    var b = toFloat(v.scale);
    var low = -6 * b;
    var high = d + 6 * b;
    var ys = new Set();
    var i;
    for (i = 0; i <= 160; i++) ys.add(low + (high - low) * i / 160);
    [0, d].forEach(function (centre) {
      for (var k = -30; k <= 30; k++) ys.add(centre + b * k / 5);
    });
    if (v.edge !== null) ys.add(toFloat(v.edge));
    var sorted = Array.from(ys).filter(function (y) { return low <= y && y <= high; });
    sorted.sort(function (a, c) { return a - c; });
    var rows = [];
    var names = [[words("laplace.input"), 0], [words("laplace.neighbour"), d]];
    sorted.forEach(function (y) {
      names.forEach(function (entry) {
        rows.push({ y: y, density: Math.exp(-Math.abs(y - entry[1]) / b) / (2 * b), input: entry[0] });
      });
    });
    return rows;
  }

  function eventRows(v) {
    if (v.edge === null) return [];
    return [{ start: -6 * toFloat(v.scale), end: toFloat(v.edge), what: words("laplace.lab_event_mark") }];
  }

  function profileRows(v) {
    var what = words("laplace.lab_profile_series");
    var rows = [];
    var top = Q(EPS_TOP, EPS_STEPS);
    var pureInside = !less(top, v.pure);
    var pureOnGrid = pureInside && (v.pure.n * BigInt(EPS_STEPS)) % v.pure.d === ZERO;
    var pureDone = !pureInside || pureOnGrid;
    for (var k = 0; k <= EPS_TOP; k++) {
      var eps = Q(k, EPS_STEPS);
      if (!pureDone && less(v.pure, eps)) {
        rows.push({ eps: toFloat(v.pure), delta: 0, what: what });
        pureDone = true;
      }
      rows.push({ eps: k / EPS_STEPS, delta: deltaAt(v.pure, k), what: what });
    }
    return rows;
  }

  function pureRows(v) {
    if (less(Q(EPS_TOP, EPS_STEPS), v.pure)) return [];
    return [{ eps: toFloat(v.pure), what: words("laplace.lab_pure_series") }];
  }

  function pointRows(v) {
    return [{ eps: toFloat(v.eps), delta: v.delta, what: words("laplace.lab_point") }];
  }

  // ---------------------------------------------------------------- a state of the grid

  // The state at the controls' positions {kind, n, bound, scale, eps} (n and scale index
  // the grid's lists, bound counts halves, eps twentieths; each already within its range).
  function stateAt(grid, positions) {
    return {
      kind: grid.kinds.indexOf(positions.kind) < 0 ? grid.kinds[0] : positions.kind,
      n: grid.sizes[positions.n],
      halves: positions.bound,
      scale: grid.scales[positions.scale],
      k: positions.eps
    };
  }

  // Every chart's rows, by dataset name (datasets: the lab data's names).
  function chartRows(state, datasets) {
    var v = values(state);
    var density = {};
    density[datasets.density] = densityRows(v);
    density[datasets.event] = eventRows(v);
    var profile = {};
    profile[datasets.profile] = profileRows(v);
    profile[datasets.pure] = pureRows(v);
    profile[datasets.point] = pointRows(v);
    return { density: density, profile: profile };
  }

  window.DPLAB_CORE = window.DPLAB_CORE || {};
  window.DPLAB_CORE["laplace-lab"] = {
    exact: exact,
    deltaAt: deltaAt,
    values: values,
    texts: texts,
    stateAt: stateAt,
    chartRows: chartRows,
    approxText: approxText
  };
})();
