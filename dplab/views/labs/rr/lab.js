// The randomized-response lab of lesson 2 (built by dplab.views.labs.rr) on the page: its
// controls, outputs and charts. Its rules – the exact certificates computed in the browser
// with BigInt, the claimed δ, every text and verdict – are its core, rr-lab-core.js
// (window.DPLAB_CORE["rr-lab"]), which Node checks against dplab at every state of the grid.
//
// The lab object and the label texts come from lab.js (window.DPLAB_LAB).
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var CORE = window.DPLAB_CORE["rr-lab"];
  var ZERO = BigInt(0);
  var ONE = BigInt(1);

  // ---------------------------------------------------------------- one lab on the page
  // The queried pair is the select "pair" (values "s-t", in the chart's order; the bars of
  // the pairs chart pick it too), the event the lab's mask, shown as one checkbox per
  // output. Outputs above n stay in the mask and are reported as left out, as in
  // dplab.mechanisms.randomized_response.check_query; a pair beyond n is clamped to n − 1 → n or
  // n → n − 1 and the select moves there.

  function Lab(root) {
    LAB.Lab.call(this, root, "rr", "rr-lab");
    this.mask = BigInt(this.data.state.mask);
    this.broken = !this.verifyWitness();
    this.update();
  }

  Lab.prototype = Object.create(LAB.Lab.prototype);
  Lab.prototype.constructor = Lab;

  // A verdict badge: its text and its mark.
  Lab.prototype.badge = function (key, text, verdict) {
    this.show(key, text);
    this.mark(key, verdict);
  };

  // The script's own arithmetic must reproduce the exact values dplab put in the page.
  Lab.prototype.verifyWitness = function () {
    var witness = this.data.witness;
    var laws = CORE.countWeights(witness.n, witness.p_percent);
    var same = JSON.stringify(laws.map(function (law) { return law.map(String); })) === JSON.stringify(witness.weights);
    var cert = CORE.certificate(witness.n, witness.p_percent, witness.alpha_tenths);
    same = same && JSON.stringify(cert.pairs.map(function (row) { return String(row.numerator); })) === JSON.stringify(witness.pair_numerators);
    if (!same) this.fail("the script's exact values differ from the build's witness");
    return same;
  };

  // A checkbox sends both "input" and "change": flip its output once, on "change".
  Lab.prototype.changed = function (event) {
    var target = event.target;
    if (target && target.hasAttribute && target.hasAttribute("data-bit")) {
      this.mask ^= ONE << BigInt(parseInt(target.getAttribute("data-bit"), 10));
    }
    this.schedule();
  };

  // The pair the select holds: {lower, direction}.
  Lab.prototype.readPair = function () {
    var match = /^([0-9]+)-([0-9]+)$/.exec(this.control("pair").value) || [null, "1", "2"];
    var source = parseInt(match[1], 10);
    var target = parseInt(match[2], 10);
    return { lower: Math.min(source, target), direction: source < target ? "up" : "down" };
  };

  // Choose the ordered pair source → target (a bar of the chart was clicked).
  Lab.prototype.choosePair = function (source, target) {
    this.control("pair").value = source + "-" + target;
    this.touched = true;
    this.schedule();
  };

  // The pairs chart: clicking a bar chooses its pair.
  Lab.prototype.wire = function (part, view) {
    if (part !== "pairs") return;
    var lab = this;
    view.addEventListener("click", function (event, item) {
      var datum = item && item.datum;
      if (!datum || typeof datum.index !== "number") return;
      var pair = CORE.countPairs(lab.n)[datum.index];
      if (pair) lab.choosePair(pair[0], pair[1]);
    });
  };

  // The link state: the controls, then the event's outputs.
  Lab.prototype.params = function () {
    var out = LAB.Lab.prototype.params.call(this);
    var outputs = [];
    for (var y = 0; y <= this.n; y++) if ((this.mask >> BigInt(y)) & ONE) outputs.push(y);
    out.push(["event", outputs.join(",")]);
    return out;
  };

  Lab.prototype.loadParam = function (name, value) {
    if (name === "pair") {
      var match = /^([0-9]{1,3})-([0-9]{1,3})$/.exec(value);
      var n = this.readInt("n", this.data.grid.n[0], this.data.grid.n[1]);
      if (!match || Math.abs(match[1] - match[2]) !== 1 || Math.max(match[1], match[2]) > n) return false;
      this.control("pair").value = value;
      return true;
    }
    if (name === "event") {
      var top = this.readInt("n", this.data.grid.n[0], this.data.grid.n[1]);
      var outputs = value === "" ? [] : value.split(",");
      if (!outputs.every(function (y) { return /^[0-9]{1,3}$/.test(y) && parseInt(y, 10) <= top; })) return false;
      this.mask = outputs.reduce(function (mask, y) { return mask | (ONE << BigInt(y)); }, ZERO);
      return true;
    }
    return LAB.Lab.prototype.loadParam.call(this, name, value);
  };

  Lab.prototype.syncBits = function (n, effective) {
    var holder = this.root.querySelector('[data-show="bits"]');
    var boxes = holder.querySelectorAll("input[data-bit]");
    if (boxes.length !== n + 1) {
      var html = "";
      for (var y = 0; y <= n; y++) {
        html += '<label class="dplab-rr-bit"><input type="checkbox" data-bit="' + y + '"> ' + y + "</label>";
      }
      holder.innerHTML = html;
      boxes = holder.querySelectorAll("input[data-bit]");
    }
    boxes.forEach(function (box, y) {
      box.checked = ((effective >> BigInt(y)) & ONE) === ONE;
    });
  };

  // Only the pairs of size n can be chosen.
  Lab.prototype.syncPairs = function (n, source, target) {
    var select = this.control("pair");
    Array.prototype.forEach.call(select.options, function (option) {
      var ends = option.value.split("-").map(Number);
      var off = Math.max(ends[0], ends[1]) > n;
      option.hidden = off;
      option.disabled = off;
    });
    select.value = source + "-" + target;
  };

  Lab.prototype.update = function () {
    var grid = this.data.grid;
    var n = this.readInt("n", grid.n[0], grid.n[1]);
    var k = this.readInt("p", grid.p_percent[0], grid.p_percent[1]);
    var t = this.readInt("alpha", grid.alpha_tenths[0], grid.alpha_tenths[1]);
    var claimInput = this.control("delta");
    var requested = this.readPair();
    var state = { n: n, k: k, t: t, delta: claimInput.value, lower: requested.lower, direction: requested.direction, mask: this.mask };
    var shown = CORE.screen(state, !this.broken);
    var texts = shown.texts;
    var lab = this;
    this.n = n;

    ["n", "p", "alpha", "epsilon"].forEach(function (key) { lab.show(key, texts[key]); });
    this.control("p").setAttribute("aria-valuetext", shown.valuetexts.p);
    this.control("alpha").setAttribute("aria-valuetext", shown.valuetexts.alpha);
    claimInput.setAttribute("aria-invalid", shown.claim === null ? "true" : "false");
    this.root.querySelector('[data-show="delta-error"]').hidden = shown.claim !== null;
    if (shown.claim === null) this.show("delta-error", texts["delta-error"]);

    this.syncPairs(n, shown.asked.source, shown.asked.target);
    ["pair-note", "event-note"].forEach(function (key) { lab.show(key, texts[key]); });
    this.syncBits(n, shown.asked.effective);
    ["chip-event", "pair", "event-values"].forEach(function (key) { lab.show(key, texts[key]); });
    this.badge("event-badge", texts["event-badge"], shown.verdicts.event);
    ["event-verdict", "required"].forEach(function (key) { lab.show(key, texts[key]); });
    this.badge("cert-badge", texts["cert-badge"], shown.verdicts.cert);
    ["cert-verdict", "worst", "scope", "pure", "mse"].forEach(function (key) { lab.show(key, texts[key]); });
    var live = this.root.querySelector('[data-show="live"]');
    if (live && this.rows) live.textContent = shown.live;
    this.rows = CORE.chartRows(shown, n, k, t, this.data.datasets, grid.alpha_tenths[0], grid.alpha_tenths[1], !this.broken);
    this.refresh();
  };

  window.DPLAB_RR = { labs: [] };

  LAB.start("rr", "rr-lab", Lab, window.DPLAB_RR.labs);
})();
