// The Gaussian lab of lesson 4 (built by dplab.views.gaussian.gaussian_lab): three linked
// figures – the worst pair's densities, the certificate panel and the ε–δ curve – for the
// state of six controls (query kind, n, B, σ, ε, claimed δ).
//
// Nothing about privacy is computed here. Every δ, log₁₀ δ and verdict is looked up in the
// lab's inline data, precomputed at build time by dplab over every reachable state: δ as
// the double dplab.mechanisms.gaussian.delta returns (null where it underflows), log₁₀ δ as
// log_delta / ln 10, and each verdict from dplab.mechanisms.gaussian.certify (ball arithmetic on the
// exact decimal inputs). This script formats those numbers with the same rules as
// dplab.views.gaussian (sig_text, log_text, tiny_text) and draws the two densities with
// the one formula density_rows uses. tests/browser/test_gaussian_lab.py checks the panel
// at every state, and the chart rows, against dplab; window.DPLAB_GAUSS exposes the
// functions it calls.
//
// The lab object and its charts' rows (dataset names: dplab.views.gaussian.DATASETS) come
// from lab.js (window.DPLAB_LAB).
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var INV_SQRT_2PI = 0.3989422804014327; // 1/√(2π), as in dplab.mechanisms.gaussian
  var VERDICTS = { p: "pass", f: "fail", u: "undecided" };

  // ---------------------------------------------------------------- display text

  var words = LAB.words;

  function power(exponent) {
    return "10" + LAB.superscript(exponent);
  }

  // A double to `digits` significant digits, trailing zeros dropped (sig_text).
  function sigText(value, digits) {
    digits = digits || 8;
    if (value === 0) return "0";
    var parts = Math.abs(value).toExponential(digits - 1).split("e");
    var exponent = parseInt(parts[1], 10);
    var figures = parts[0].replace(".", "").replace(/0+$/, "") || "0";
    var sign = value < 0 ? "−" : "";
    if (exponent >= -4 && exponent < 6) {
      var whole;
      var fraction;
      if (exponent >= 0) {
        whole = figures.slice(0, exponent + 1);
        while (whole.length < exponent + 1) whole += "0";
        fraction = figures.slice(exponent + 1);
      } else {
        whole = "0";
        fraction = "0".repeat(-exponent - 1) + figures;
      }
      return sign + whole + (fraction ? "." + fraction : "");
    }
    var head = figures.charAt(0) + (figures.length > 1 ? "." + figures.slice(1) : "");
    return sign + head + "×" + power(exponent);
  }

  // Runs of super- and subscripts become <sup>/<sub> with plain digits (rich_html).
  var SCRIPT_RUN = /([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)|([₀₁₂₃₄₅₆₇₈₉ₙ]+)/g;
  var PLAIN = { "⁻": "−", "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9",
    "₀": "0", "₁": "1", "₂": "2", "₃": "3", "₄": "4", "₅": "5", "₆": "6", "₇": "7", "₈": "8", "₉": "9", "ₙ": "n" };

  function plainText(text) {
    // A regular expression of its own: replace() resets the lastIndex that render() uses.
    return text.replace(/[⁻⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉ₙ]+/g, function (run) {
      return run.split("").map(function (ch) { return PLAIN[ch]; }).join("");
    });
  }

  function render(element, text) {
    if (element.dplabText === text) return;
    element.dplabText = text;
    var parts = [];
    var last = 0;
    var match;
    var runs = new RegExp(SCRIPT_RUN.source, "g");
    while ((match = runs.exec(text)) !== null) {
      if (match.index > last) parts.push(document.createTextNode(text.slice(last, match.index)));
      var tag = document.createElement(match[1] ? "sup" : "sub");
      tag.textContent = plainText(match[0]);
      parts.push(tag);
      last = runs.lastIndex;
    }
    if (last < text.length) parts.push(document.createTextNode(text.slice(last)));
    element.replaceChildren.apply(element, parts);
  }

  // log₁₀ δ with four decimals (log_text).
  function logText(value) {
    return value.toFixed(4).replace("-", "−");
  }

  // A number far below the double range from its log₁₀ (tiny_text).
  function tinyText(log10) {
    var exponent = Math.floor(log10);
    var mantissa = Math.pow(10, log10 - exponent).toFixed(4);
    if (mantissa.indexOf("10") === 0) {
      mantissa = "1.0000";
      exponent += 1;
    }
    return mantissa + "×" + power(exponent);
  }

  // ---------------------------------------------------------------- one state

  // The panel of state s = {kind, n, bound, sigma, eps, claim} (kind a name, the others
  // indices into the grid), from the lab's data only (panel_texts).
  function panelState(data, s) {
    var d = data.state_sens[s.kind][s.n][s.bound];
    var sensitivity = data.sens_value[d];
    var sigma = data.sigma_value[s.sigma];
    var eps = data.eps_value[s.eps];
    var claim = data.claim_text[s.claim];
    var logs = data.log10[d];
    var texts = {};
    var delta = null;
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
      texts.delta = underflow ? words("gauss.delta_underflow", { value: tinyText(log10) }) : "≈ " + sigText(delta);
      texts.log = "≈ " + logText(log10);
    }
    var code = data.verdicts[d][s.sigma].charAt(s.eps * data.claims.length + s.claim);
    var verdict = VERDICTS[code];
    if (!verdict) throw new Error("no verdict for state " + JSON.stringify(s));
    var edge = sensitivity === 0 ? null : -(eps * sigma * sigma) / sensitivity;
    var half = 0.5 * sensitivity + data.window_sigmas * sigma;
    var profileNotes = [];
    if (sensitivity === 0) profileNotes.push(words("gauss.note_profile_same"));
    if (data.claim_value[s.claim] === 0) profileNotes.push(words("gauss.note_claim_zero"));
    texts.query = words("gauss.kind_" + s.kind) + ": " + words("gauss.def_" + s.kind);
    texts.pair = data.pairs[s.kind][s.n][s.bound];
    texts.sensitivity = data.sens_text[d];
    texts.underflow = words(underflow ? "gauss.underflow_yes" : "gauss.underflow_no");
    texts.claim = claim;
    texts.badge = words("gauss.badge_" + verdict);
    texts.verdict = words("gauss.verdict_" + verdict, { claim: claim });
    texts.mse = words("gauss.with_unit", { value: sigText(data.mse[s.sigma]), unit: words("gauss.unit2_" + s.kind) });
    texts.mae = words("gauss.with_unit", { value: "≈ " + sigText(data.mae[s.sigma]), unit: words("gauss.unit_" + s.kind) });
    texts.sigma = data.sigma_text[s.sigma];
    texts.eps = data.eps_text[s.eps];
    texts.edge = edge === null ? words("gauss.edge_none") : words("gauss.edge", { edge: sigText(edge, 4) });
    texts["edge-note"] = edge === null ? words("gauss.note_same") : edge <= -half ? words("gauss.note_edge_outside") : "";
    texts["profile-note"] = profileNotes.join(" ");
    return {
      texts: texts,
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

  // ---------------------------------------------------------------- one lab on the page


  function Lab(root) {
    LAB.Lab.call(this, root, "gauss", "gaussian-lab");
    var lab = this;
    root.querySelectorAll("button[data-preset]").forEach(function (button) {
      button.addEventListener("click", function () {
        lab.touched = true;
        lab.set(lab.data.presets[button.getAttribute("data-preset")]);
      });
    });
    this.updateQuietly();
  }

  Lab.prototype = Object.create(LAB.Lab.prototype);
  Lab.prototype.constructor = Lab;

  // The state of the controls: {kind, n, bound, sigma, eps, claim}.
  Lab.prototype.read = function () {
    var data = this.data;
    function index(list, value, fallback) {
      var i = list.indexOf(value);
      return i < 0 ? fallback : i;
    }
    var kind = this.control("kind").value;
    return {
      kind: data.kinds.indexOf(kind) < 0 ? data.kinds[0] : kind,
      n: index(data.sizes, parseInt(this.control("n").value, 10), 0),
      bound: index(data.bounds, parseInt(this.control("bound").value, 10), 0),
      sigma: this.readInt("sigma", 0, data.sigma_text.length - 1),
      eps: this.readInt("eps", 0, data.eps_text.length - 1),
      claim: index(data.claims, this.control("claim").value, 0)
    };
  };

  // Move the controls to state s (indices as in read) and show it.
  Lab.prototype.set = function (s) {
    this.control("kind").value = s.kind;
    this.control("n").value = String(this.data.sizes[s.n]);
    this.control("bound").value = String(this.data.bounds[s.bound]);
    this.control("sigma").value = String(s.sigma);
    this.control("eps").value = String(s.eps);
    this.control("claim").value = this.data.claims[s.claim];
    this.update();
  };

  Lab.prototype.state = function (s) {
    return panelState(this.data, s);
  };

  // Texts with super- and subscripts as <sup>/<sub> (render).
  Lab.prototype.show = function (key, text) {
    var lab = this;
    this.root.querySelectorAll('[data-show="' + key + '"]').forEach(function (element) {
      if (element.tagName === "INPUT") LAB.Lab.prototype.show.call(lab, key, text);
      else render(element, text);
    });
  };

  Lab.prototype.update = function () {
    var s = this.read();
    var state = panelState(this.data, s);
    var lab = this;
    Object.keys(state.texts).forEach(function (key) { lab.show(key, state.texts[key]); });
    this.mark("badge", state.verdict);
    this.control("sigma").setAttribute("aria-valuetext", "σ = " + state.texts.sigma);
    this.control("eps").setAttribute("aria-valuetext", "ε = " + state.texts.eps);
    this.root.setAttribute("data-state", JSON.stringify(s));
    if (!this.quiet) {
      this.show("live", plainText(words("gauss.lab_live", { delta: state.texts.delta, claim: state.texts.claim, badge: state.texts.badge })));
    }
    this.rows = {
      density: densityRows(this.data, state.sensitivity, state.sigma, state.eps),
      profile: profileRows(this.data, state.sensitivityIndex, s.sigma, s.eps, s.claim)
    };
    this.refresh();
  };

  // Count each chart's updates and announce them (the browser test waits on them).
  Lab.prototype.pushed = function (chart) {
    chart.dplabUpdates = (chart.dplabUpdates || 0) + 1;
    chart.dispatchEvent(new CustomEvent("dplab:gauss-updated", { bubbles: true }));
  };

  window.DPLAB_GAUSS = {
    panelState: panelState,
    densityRows: densityRows,
    profileRows: profileRows,
    sigText: sigText,
    logText: logText,
    tinyText: tinyText,
    plainText: plainText,
    labs: []
  };

  LAB.start("gauss", "gaussian-lab", Lab, window.DPLAB_GAUSS.labs);
})();
