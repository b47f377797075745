// The composition lab of lesson 5 (built by dplab.views.labs.composition.composition_lab): the δ
// of k fresh releases of the randomized-response count channel at a total factor A,
// counted four ways (exact, optimal, advanced, basic), and whether each proves a claim.
//
// This is the lab's wiring: its controls, texts and chart on the page. What it shows for a
// state (every text, verdict and chart row, looked up in the lab's inline data) comes from
// its pure core, composition-lab-core.js (window.DPLAB_CORE["composition-lab"]), which
// mkdocs.yml loads just before it and Node checks against dplab at every state
// (tests/js/composition_lab.test.cjs). window.DPLAB_COMP lists the labs started on the page.
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var CORE = window.DPLAB_CORE["composition-lab"];

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
    return CORE.cellState(this.data, s);
  };

  Lab.prototype.update = function () {
    var s = this.read();
    var state = CORE.cellState(this.data, s);
    var lab = this;
    Object.keys(state.texts).forEach(function (key) { lab.show(key, state.texts[key]); });
    this.mark("badge", state.verdict);
    this.control("p").setAttribute("aria-valuetext", "p = " + state.texts.p);
    this.control("k").setAttribute("aria-valuetext", "k = " + state.texts.k);
    this.control("factor").setAttribute("aria-valuetext", "A = " + state.texts.factor);
    this.root.setAttribute("data-state", JSON.stringify(s));
    if (!this.quiet) {
      this.show("live", state.live);
    }
    this.rows = { curves: state.rows };
    this.refresh();
  };

  // Count each chart's updates and announce them (the browser test waits on them).
  Lab.prototype.pushed = function (chart) {
    chart.dplabUpdates = (chart.dplabUpdates || 0) + 1;
    chart.dispatchEvent(new CustomEvent("dplab:comp-updated", { bubbles: true }));
  };

  window.DPLAB_COMP = { labs: [] };

  LAB.start("comp", "composition-lab", Lab, window.DPLAB_COMP.labs);
})();
