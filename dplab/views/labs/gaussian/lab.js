// The Gaussian lab of lesson 4 (built by dplab.views.labs.gaussian.gaussian_lab): three linked
// figures – the worst pair's densities, the certificate panel and the ε–δ curve – for the
// state of six controls (query kind, n, B, σ, ε, claimed δ).
//
// This is the lab's wiring: its controls, texts and charts on the page. What it shows for
// a state (every text, verdict and chart row, looked up in the lab's inline data) comes
// from its pure core, gaussian-lab-core.js (window.DPLAB_CORE["gaussian-lab"]), which
// mkdocs.yml loads just before it and Node checks against dplab at every state
// (tests/js/gaussian_lab.test.cjs). The lab object and its charts' rows come from lab.js
// (window.DPLAB_LAB); window.DPLAB_GAUSS lists the labs started on the page.
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var CORE = window.DPLAB_CORE["gaussian-lab"];

  // Runs of super- and subscripts become <sup>/<sub> with plain digits (rich_html).
  var SCRIPT_RUN = /([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)|([₀₁₂₃₄₅₆₇₈₉ₙ]+)/g;

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
      tag.textContent = CORE.plainText(match[0]);
      parts.push(tag);
      last = runs.lastIndex;
    }
    if (last < text.length) parts.push(document.createTextNode(text.slice(last)));
    element.replaceChildren.apply(element, parts);
  }

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
    return CORE.panelState(this.data, s);
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
    var state = CORE.panelState(this.data, s);
    var lab = this;
    Object.keys(state.texts).forEach(function (key) { lab.show(key, state.texts[key]); });
    this.mark("badge", state.verdict);
    this.control("sigma").setAttribute("aria-valuetext", "σ = " + state.texts.sigma);
    this.control("eps").setAttribute("aria-valuetext", "ε = " + state.texts.eps);
    this.root.setAttribute("data-state", JSON.stringify(s));
    if (!this.quiet) {
      this.show("live", state.live);
    }
    this.rows = CORE.chartRows(this.data, s);
    this.refresh();
  };

  // Count each chart's updates and announce them (the browser test waits on them).
  Lab.prototype.pushed = function (chart) {
    chart.dplabUpdates = (chart.dplabUpdates || 0) + 1;
    chart.dispatchEvent(new CustomEvent("dplab:gauss-updated", { bubbles: true }));
  };

  window.DPLAB_GAUSS = { labs: [] };

  LAB.start("gauss", "gaussian-lab", Lab, window.DPLAB_GAUSS.labs);
})();
