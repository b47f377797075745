// The Laplace lab of lesson 3 (built by dplab.views.labs.laplace) on its page: reads the
// controls, shows what the lab's core (laplace-lab-core.js, window.DPLAB_CORE["laplace-lab"])
// computes for their state and puts the core's chart rows into the charts. The lab object
// comes from lab.js (window.DPLAB_LAB).
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var CORE = window.DPLAB_CORE["laplace-lab"];
  var words = LAB.words;

  function Lab(root) {
    LAB.Lab.call(this, root, "laplace", "laplace-lab");
    this.verify();
    this.updateQuietly();
  }

  Lab.prototype = Object.create(LAB.Lab.prototype);
  Lab.prototype.constructor = Lab;

  // A state's controls: the sliders' positions index the grid (bound: halves from 1,
  // eps: twentieths from 0).
  Lab.prototype.state = function () {
    var grid = this.data.grid;
    return CORE.stateAt(grid, {
      kind: this.control("kind").value,
      n: this.readInt("n", 0, grid.sizes.length - 1),
      bound: this.readInt("bound", grid.bound_halves[0], grid.bound_halves[1]),
      scale: this.readInt("scale", 0, grid.scales.length - 1),
      eps: this.readInt("eps", grid.eps_twentieths[0], grid.eps_twentieths[1])
    });
  };

  // The texts dplab wrote for the initial state must be the ones the core computes.
  Lab.prototype.verify = function () {
    this.verifyTexts(CORE.texts(this.state()));
  };

  Lab.prototype.update = function () {
    var state = this.state();
    var out = CORE.texts(state);
    var lab = this;
    Object.keys(out).forEach(function (key) { lab.show(key, out[key]); });
    ["n", "bound", "scale", "eps"].forEach(function (name) {
      lab.control(name).setAttribute("aria-valuetext", out[name]);
    });
    if (!this.quiet) {
      this.show("live", words("laplace.lab_live", { sensitivity: out.sensitivity, pure: out.pure, delta: out.delta }));
    }
    this.rows = CORE.chartRows(state, this.data.datasets);
    this.refresh();
  };

  window.DPLAB_LAPLACE = { labs: [] };

  LAB.start("laplace", "laplace-lab", Lab, window.DPLAB_LAPLACE.labs);
})();
