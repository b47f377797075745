// The inference lab of lesson 6 (built by dplab.views.labs.inference.inference_lab) on its
// page: reads the controls, shows only the chosen mechanism's controls, and shows what the
// lab's core (inference-lab-core.js, window.DPLAB_CORE["inference-lab"]) computes for the
// state: texts, the badge's verdict and the charts' rows.
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var CORE = window.DPLAB_CORE["inference-lab"];
  var words = LAB.words;
  var panelState = CORE.panelState;

  // ---------------------------------------------------------------- one lab on the page

  var SLIDERS = ["n", "p", "scale", "sigma", "alpha", "prior", "event", "level"];
  var GRIDS = { n: "sizes", p: "ps", scale: "scales", sigma: "sigmas", alpha: "alphas", prior: "priors", event: "events", level: "levels" };

  function Lab(root) {
    LAB.Lab.call(this, root, "inference", "inference-lab");
    this.grid = this.data.grid;
    // the texts the build wrote for its state must be the ones computed here (the reader
    // may have moved a control before the lab started: those texts are still the build's)
    var built = panelState(this.grid, this.data.built).texts;
    var lab = this;
    Object.keys(built).forEach(function (key) {
      var element = root.querySelector('[data-show="' + key + '"]');
      if (element && element.tagName !== "INPUT" && LAB.shownText(element) !== built[key]) {
        lab.fail("the build wrote " + JSON.stringify(LAB.shownText(element)) + " for " + key + ", the script " + JSON.stringify(built[key]));
      }
    });
    this.updateQuietly();
  }

  Lab.prototype = Object.create(LAB.Lab.prototype);
  Lab.prototype.constructor = Lab;

  Lab.prototype.read = function () {
    var grid = this.grid;
    var lab = this;
    var mechanism = this.control("mechanism").value;
    var s = { mechanism: grid.mechanisms[mechanism] ? mechanism : "rr" };
    SLIDERS.forEach(function (name) {
      s[name] = lab.readInt(name, 0, grid[GRIDS[name]].length - 1);
    });
    return s;
  };

  Lab.prototype.state = function (s) {
    return panelState(this.grid, s);
  };

  Lab.prototype.update = function () {
    var s = this.read();
    var st = panelState(this.grid, s);
    var lab = this;
    this.root.querySelectorAll(".dplab-inference-only").forEach(function (part) {
      part.hidden = part.getAttribute("data-mechanism") !== s.mechanism;
    });
    Object.keys(st.texts).forEach(function (key) { lab.show(key, st.texts[key]); });
    this.mark("badge", st.bounded ? "pass" : "fail");
    SLIDERS.forEach(function (name) {
      var symbol = { scale: "b", sigma: "σ", alpha: "α", prior: "Pr[H]", event: "Q(S)", level: "x" }[name] || name;
      lab.control(name).setAttribute("aria-valuetext", symbol + " = " + st.texts[name]);
    });
    this.root.setAttribute("data-state", JSON.stringify(s));
    if (!this.quiet) {
      this.show("live", words("inference.lab_live", { posterior: st.texts.posterior, power: st.texts.power }));
    }
    this.rows = CORE.chartRows(this.grid, s, st);
    this.refresh();
  };

  // Count each chart's updates and announce them (the browser test waits on them).
  Lab.prototype.pushed = function (chart) {
    chart.dplabUpdates = (chart.dplabUpdates || 0) + 1;
    chart.dispatchEvent(new CustomEvent("dplab:inference-updated", { bubbles: true }));
  };

  window.DPLAB_INFERENCE = { labs: [] };

  LAB.start("inference", "inference-lab", Lab, window.DPLAB_INFERENCE.labs);
})();
