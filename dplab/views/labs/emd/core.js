// The d_EM lab's pure core (lesson 7; the lab is built by dplab.views.labs.emd and wired to
// its page by emd-lab.js): given a state (two datasets), the optimal coupling, d_EM, every
// text and the picture's flows, masses and items.
//
// Exactness. Items are integers (locations 0..4) and the datasets hold 1 to 4 items, so
// with L = lcm(m, m′) ≤ 12 every mass of the optimal coupling is a whole number of units
// 1/L and its cost is an integer number of units: plain integer arithmetic is exact here.
// On a line the monotone coupling (both lists sorted, matched in order) is optimal; the
// core walks it in units (plan) and, separately, integrates |F_K − F_K′| from the two
// empirical CDFs (integral), as dplab.userlevel.metric does. It touches no page: Node checks both
// against dplab.userlevel.metric.emd_plan and dplab.userlevel.metric.emd, and the texts against
// EmdLab.outputs, on every pair of multisets the controls can make
// (tests/js/golden_emd_lab.py).
//
// The decimal text of ratios comes from lab.js (window.DPLAB_LAB).
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var words = LAB.words;

  // ---------------------------------------------------------------- exact ratios
  // Counts and units are small integers (Numbers); ratios are lab.js's {n, d} BigInts.

  function gcd(a, b) {
    return Number(LAB.gcd(BigInt(a), BigInt(b)));
  }

  var ratio = LAB.Q;

  var fractionText = LAB.fractionText;
  var exactText = LAB.exactText;

  // ---------------------------------------------------------------- the maths

  function sorted(items) {
    return items.slice().sort(function (x, y) { return x - y; });
  }

  // The monotone coupling of two datasets: {units: L, flows: [{source, target, units}],
  // cost: Σ units·|x − y|} (masses are units/L; flows merged by (source, target) in
  // the order they first occur, as dplab.userlevel.metric.emd_plan lists them).
  function plan(a, b) {
    var xs = sorted(a);
    var ys = sorted(b);
    var total = xs.length * ys.length / gcd(xs.length, ys.length);
    var unitA = total / xs.length;
    var unitB = total / ys.length;
    var leftA = unitA;
    var leftB = unitB;
    var i = 0;
    var j = 0;
    var flows = [];
    var cost = 0;
    while (i < xs.length && j < ys.length) {
      var moved = Math.min(leftA, leftB);
      var last = flows[flows.length - 1];
      if (last && last.source === xs[i] && last.target === ys[j]) last.units += moved;
      else flows.push({ source: xs[i], target: ys[j], units: moved });
      cost += moved * Math.abs(xs[i] - ys[j]);
      leftA -= moved;
      leftB -= moved;
      if (leftA === 0) { i++; leftA = unitA; }
      if (leftB === 0) { j++; leftB = unitB; }
    }
    return { units: total, flows: flows, cost: cost };
  }

  // ∫ |F_a − F_b| dt as a ratio: between consecutive points both CDFs are constant, and
  // |b|·#{x ≤ t} − |a|·#{y ≤ t} is an integer (dplab.userlevel.metric._line_emd).
  function integral(a, b) {
    var events = a.map(function (x) { return [x, b.length]; })
      .concat(b.map(function (y) { return [y, -a.length]; }));
    events.sort(function (p, q) { return p[0] - q[0] || p[1] - q[1]; });
    var total = 0;
    var gap = 0;
    for (var k = 0; k + 1 < events.length; k++) {
      gap += events[k][1];
      total += Math.abs(gap) * (events[k + 1][0] - events[k][0]);
    }
    return ratio(total, a.length * b.length);
  }

  // ---------------------------------------------------------------- texts

  function setText(items) {
    return "{" + sorted(items).join(", ") + "}";
  }

  function texts(state) {
    var a = state.a;
    var b = state.b;
    var p = plan(a, b);
    var value = exactText(integral(a, b));
    var out = {};
    ["a", "b"].forEach(function (side) {
      var items = state[side];
      out["n" + side] = String(items.length);
      state.padded[side].forEach(function (x, i) { out[side + (i + 1)] = String(x); });
    });
    out.datasets = words("emd.lab_datasets", { a: setText(a), m: a.length, b: setText(b), m2: b.length });
    out.distance = words("emd.lab_distance", { value: value });
    out.rule = words(a.length === b.length ? "emd.lab_rule_equal" : "emd.lab_rule_unequal", {
      m: a.length,
      m2: b.length,
      units: p.units,
      copies_a: p.units / a.length,
      copies_b: p.units / b.length,
      cost: p.cost,
      value: exactText(ratio(p.cost, p.units))
    });
    out.flows = p.flows.map(function (f) {
      return words("emd.lab_flow", {
        source: f.source,
        target: f.target,
        mass: fractionText(ratio(f.units, p.units)),
        distance: Math.abs(f.source - f.target)
      });
    }).join(words("emd.lab_flow_sep"));
    out.sum = words("emd.lab_sum", {
      terms: p.flows.map(function (f) {
        return fractionText(ratio(f.units, p.units)) + "·" + Math.abs(f.source - f.target);
      }).join(" + "),
      value: exactText(ratio(p.cost, p.units))
    });
    out.cdf = words("emd.lab_cdf", { value: value });
    return out;
  }

  // ---------------------------------------------------------------- the picture
  // The geometry of dplab.views.labs.emd.matching_svg.
  var LEFT = 50;
  var STEP = 70;
  var ROW_A = 80;
  var ROW_B = 150;
  var DOT = 14;

  function x(location) {
    return LEFT + STEP * location;
  }

  // The picture's parts that change with the state, in the order dplab.views.labs.emd's
  // matching_svg writes them: [element name, attributes, text or null] for each flow's
  // line, then each flow's mass, then the items of K above the top axis and those of K′
  // below the bottom one (stacked where they repeat). The axes and labels never change.
  function pictureParts(state) {
    var p = plan(state.a, state.b);
    var middle = Math.floor((ROW_A + ROW_B) / 2);
    var parts = [];
    p.flows.forEach(function (f) {
      parts.push(["line", {
        class: "dplab-emd-flow",
        "data-source": String(f.source),
        "data-target": String(f.target),
        "data-mass": fractionText(ratio(f.units, p.units)),
        x1: String(x(f.source)),
        y1: String(ROW_A + 8),
        x2: String(x(f.target)),
        y2: String(ROW_B - 8),
        "stroke-width": String(2 + 8 * f.units / p.units)
      }, null]);
    });
    p.flows.forEach(function (f) {
      parts.push(["text", {
        class: "dplab-emd-mass",
        x: String(Math.floor((x(f.source) + x(f.target)) / 2)),
        y: String(middle - 10)
      }, fractionText(ratio(f.units, p.units))]);
    });
    [[state.a, ROW_A, -1, "k"], [state.b, ROW_B, 1, "k2"]].forEach(function (row) {
      var seen = {};
      sorted(row[0]).forEach(function (item) {
        var height = seen[item] || 0;
        seen[item] = height + 1;
        parts.push(["circle", {
          class: "dplab-emd-" + row[3],
          cx: String(x(item)),
          cy: String(row[1] + row[2] * DOT * height),
          r: "6"
        }, null]);
      });
    });
    return parts;
  }

  // The state of the controls: each side's items (all of them, `padded`; past the size
  // they are kept but unused) and its size.
  function stateAt(padded, sizes) {
    return { padded: padded, a: padded.a.slice(0, sizes.a), b: padded.b.slice(0, sizes.b) };
  }

  window.DPLAB_CORE = window.DPLAB_CORE || {};
  window.DPLAB_CORE["emd-lab"] = {
    plan: plan,
    integral: integral,
    texts: texts,
    pictureParts: pictureParts,
    stateAt: stateAt
  };
})();
