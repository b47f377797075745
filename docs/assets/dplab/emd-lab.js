// The d_EM lab (built by dplab.views.emd_lab), computed in the browser.
//
// Exactness. Items are integers (locations 0..4) and the datasets hold 1 to 4 items, so
// with L = lcm(m, m′) ≤ 12 every mass of the optimal coupling is a whole number of units
// 1/L and its cost is an integer number of units: plain integer arithmetic is exact here.
// On a line the monotone coupling (both lists sorted, matched in order) is optimal; the
// script walks it in units (plan) and, separately, integrates |F_K − F_K′| from the two
// empirical CDFs (integral), as dplab.userlevel.metric does. tests/browser/test_emd_lab.py checks
// both against dplab.userlevel.metric.emd_plan and dplab.userlevel.metric.emd on every pair of multisets the
// controls can make; window.DPLAB_EMD exposes the functions it calls.
//
// The lab object, its steppers, the state in the address and the decimal text of ratios
// come from lab.js (window.DPLAB_LAB).
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

  // ---------------------------------------------------------------- texts and picture

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

  // The geometry of dplab.views.emd_lab.matching_svg.
  var LEFT = 50;
  var STEP = 70;
  var ROW_A = 80;
  var ROW_B = 150;
  var DOT = 14;

  function x(location) {
    return LEFT + STEP * location;
  }

  // A new SVG element in the build-drawn picture's own namespace (the page names no other host).
  function element(parent, name, attributes, text) {
    var node = document.createElementNS(parent.namespaceURI, name);
    Object.keys(attributes).forEach(function (key) { node.setAttribute(key, String(attributes[key])); });
    if (text !== undefined) node.textContent = text;
    parent.appendChild(node);
    return node;
  }

  // Redraw the picture's flows and items (the axes and labels stay).
  function draw(svg, state) {
    svg.querySelectorAll(".dplab-emd-flow, .dplab-emd-mass, circle").forEach(function (node) {
      node.remove();
    });
    var p = plan(state.a, state.b);
    var middle = Math.floor((ROW_A + ROW_B) / 2);
    p.flows.forEach(function (f) {
      var mass = ratio(f.units, p.units);
      element(svg, "line", {
        class: "dplab-emd-flow",
        "data-source": f.source,
        "data-target": f.target,
        "data-mass": fractionText(mass),
        x1: x(f.source),
        y1: ROW_A + 8,
        x2: x(f.target),
        y2: ROW_B - 8,
        "stroke-width": 2 + 8 * f.units / p.units
      });
    });
    p.flows.forEach(function (f) {
      element(svg, "text", {
        class: "dplab-emd-mass",
        x: Math.floor((x(f.source) + x(f.target)) / 2),
        y: middle - 10
      }, fractionText(ratio(f.units, p.units)));
    });
    [[state.a, ROW_A, -1, "k"], [state.b, ROW_B, 1, "k2"]].forEach(function (row) {
      var seen = {};
      sorted(row[0]).forEach(function (item) {
        var height = seen[item] || 0;
        seen[item] = height + 1;
        element(svg, "circle", {
          class: "dplab-emd-" + row[3],
          cx: x(item),
          cy: row[1] + row[2] * DOT * height,
          r: 6
        });
      });
    });
  }

  // ---------------------------------------------------------------- one lab on the page

  function Lab(root) {
    LAB.Lab.call(this, root, "emd", "emd-lab");
    this.startQuietly(texts(this.state()));
  }

  Lab.prototype = Object.create(LAB.Lab.prototype);
  Lab.prototype.constructor = Lab;

  // The two datasets: the first `size` items of each side (the rest are kept, unused).
  Lab.prototype.state = function () {
    var top = this.data.locations.length - 1;
    var most = this.data.max_size;
    var lab = this;
    var state = { padded: {} };
    ["a", "b"].forEach(function (side) {
      var size = lab.readInt("n" + side, 1, most);
      var padded = [];
      for (var i = 1; i <= most; i++) padded.push(lab.readInt(side + i, 0, top));
      state.padded[side] = padded;
      state[side] = padded.slice(0, size);
    });
    return state;
  };

  Lab.prototype.update = function () {
    var state = this.state();
    var out = texts(state);
    var lab = this;
    Object.keys(out).forEach(function (key) { lab.show(key, out[key]); });
    ["a", "b"].forEach(function (side) {
      lab.control("n" + side).setAttribute("aria-valuetext", out["n" + side]);
      state.padded[side].forEach(function (item, i) {
        var name = side + (i + 1);
        lab.control(name).setAttribute("aria-valuetext", out[name]);
        var field = lab.root.querySelector('[data-item="' + (i + 1) + '"] [name="' + name + '"]');
        field.closest("[data-item]").hidden = i >= state[side].length;
      });
    });
    if (!this.quiet) {
      this.show("live", words("emd.lab_live", { datasets: out.datasets, distance: out.distance }));
    }
    draw(this.root.querySelector("[data-picture] svg"), state);
    this.rows = {};
    this.refresh();
  };

  window.DPLAB_EMD = {
    plan: plan,
    integral: integral,
    exactText: exactText,
    texts: texts,
    labs: []
  };

  LAB.start("emd", "emd-lab", Lab, window.DPLAB_EMD.labs);
})();
