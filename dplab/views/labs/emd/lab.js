// The d_EM lab of lesson 7 (built by dplab.views.labs.emd) on its page: reads the controls,
// shows what the lab's core (emd-lab-core.js, window.DPLAB_CORE["emd-lab"]) computes for
// their state, hides the items past each size and redraws the picture's flows and items
// from the core's parts. The lab object, its steppers and the state in the address come
// from lab.js (window.DPLAB_LAB).
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var CORE = window.DPLAB_CORE["emd-lab"];
  var words = LAB.words;

  // Redraw the picture's flows and items (the axes and labels stay), in the build-drawn
  // picture's own namespace (the page names no other host).
  function draw(svg, state) {
    svg.querySelectorAll(".dplab-emd-flow, .dplab-emd-mass, circle").forEach(function (node) {
      node.remove();
    });
    CORE.pictureParts(state).forEach(function (part) {
      var node = document.createElementNS(svg.namespaceURI, part[0]);
      Object.keys(part[1]).forEach(function (key) { node.setAttribute(key, part[1][key]); });
      if (part[2] !== null) node.textContent = part[2];
      svg.appendChild(node);
    });
  }

  // ---------------------------------------------------------------- one lab on the page

  function Lab(root) {
    LAB.Lab.call(this, root, "emd", "emd-lab");
    this.startQuietly(CORE.texts(this.state()));
  }

  Lab.prototype = Object.create(LAB.Lab.prototype);
  Lab.prototype.constructor = Lab;

  // The two datasets: the first `size` items of each side (the rest are kept, unused).
  Lab.prototype.state = function () {
    var top = this.data.locations.length - 1;
    var most = this.data.max_size;
    var lab = this;
    var padded = {};
    var sizes = {};
    ["a", "b"].forEach(function (side) {
      sizes[side] = lab.readInt("n" + side, 1, most);
      padded[side] = [];
      for (var i = 1; i <= most; i++) padded[side].push(lab.readInt(side + i, 0, top));
    });
    return CORE.stateAt(padded, sizes);
  };

  Lab.prototype.update = function () {
    var state = this.state();
    var out = CORE.texts(state);
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

  window.DPLAB_EMD = { labs: [] };

  LAB.start("emd", "emd-lab", Lab, window.DPLAB_EMD.labs);
})();
