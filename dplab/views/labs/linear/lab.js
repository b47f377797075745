// The PrivEMDLinear lab of lesson 8 (built by dplab.views.labs.linear) on the page: its
// sliders and outputs. Its rules – a state's exact values and texts – are its core,
// linear-lab-core.js (window.DPLAB_CORE["linear-lab"]), which Node checks against
// LinearLab.outputs at every state.
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var CORE = window.DPLAB_CORE["linear-lab"];

  function Lab(root) {
    LAB.Lab.call(this, root, "linear", "linear-lab");
    this.startQuietly(CORE.texts(this.state()));
  }

  Lab.prototype = Object.create(LAB.Lab.prototype);
  Lab.prototype.constructor = Lab;

  // The state: each slider's position indexes its grid.
  Lab.prototype.state = function () {
    var grid = this.data.grid;
    var lab = this;
    var state = {};
    CORE.NAMES.forEach(function (name) {
      state[name] = grid[name][lab.readInt(name, 0, grid[name].length - 1)];
    });
    return state;
  };

  Lab.prototype.update = function () {
    var state = this.state();
    var out = CORE.texts(state);
    var lab = this;
    Object.keys(out).forEach(function (key) { lab.show(key, out[key]); });
    CORE.NAMES.forEach(function (name) { lab.control(name).setAttribute("aria-valuetext", out[name]); });
    this.mark("verdict", CORE.mark(state));
    if (!this.quiet) this.show("live", CORE.live(out));
    this.rows = {};
    this.refresh();
  };

  window.DPLAB_LINEAR = { labs: [] };

  LAB.start("linear", "linear-lab", Lab, window.DPLAB_LINEAR.labs);
})();
