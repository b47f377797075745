// What the client-side labs share (rr-lab.js, laplace-lab.js, gaussian-lab.js, whose HTML
// dplab.views._lab builds): label texts, exact decimal text of BigInt ratios, and the lab
// object's wiring to its form and charts. window.DPLAB_LAB exposes them; mkdocs.yml loads
// this script before the labs' own.
//
// Charts are ordinary .dplab-chart divs drawn by charts.js; after each (re)draw it sends
// `dplab:chart-drawn`, and the lab puts its current rows into the chart's named datasets
// through the chart's Vega view (container.dplabView).
(function () {
  "use strict";

  var ZERO = BigInt(0);
  var TWO = BigInt(2);
  var TEN = BigInt(10);

  // ---------------------------------------------------------------- label texts

  // A label with {name} placeholders; {{ and }} are literal braces (Python's str.format).
  function words(key, values) {
    var labels = (window.DPLAB && window.DPLAB.labels) || {};
    var text = Object.prototype.hasOwnProperty.call(labels, key) ? labels[key] : key;
    if (!values) return text;
    return text.replace(/\{\{|\}\}|\{(\w+)\}/g, function (whole, name) {
      if (whole === "{{") return "{";
      if (whole === "}}") return "}";
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  // ---------------------------------------------------------------- numbers as text
  // The rules of dplab.views.randomized_response (decimal_text, approx_text).

  var SUPERSCRIPT = { "-": "⁻", 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹" };

  // An integer exponent in superscript digits: -12 → "⁻¹²".
  function superscript(exponent) {
    return String(exponent).split("").map(function (ch) { return SUPERSCRIPT[ch]; }).join("");
  }

  function pow10(k) {
    return TEN ** BigInt(k);
  }

  function gcd(a, b) {
    if (a < ZERO) a = -a;
    if (b < ZERO) b = -b;
    while (b !== ZERO) {
      var r = a % b;
      a = b;
      b = r;
    }
    return a;
  }

  // The exact decimal numerator / 10^digits, without trailing zeros.
  function decimalText(numerator, digits) {
    var sign = numerator < ZERO ? "-" : "";
    var text = (numerator < ZERO ? -numerator : numerator).toString();
    while (text.length < digits + 1) text = "0" + text;
    var whole = text.slice(0, text.length - digits);
    var fraction = text.slice(text.length - digits).replace(/0+$/, "");
    return sign + whole + (fraction ? "." + fraction : "");
  }

  // num / den < 10^exponent, for num, den > 0
  function belowPower(num, den, exponent) {
    return exponent >= 0 ? num < den * pow10(exponent) : num * pow10(-exponent) < den;
  }

  // num / den (BigInts, both > 0) rounded half-up on its exact value to `significant`
  // digits: {mantissa, shift, exponent}, the rounded value being mantissa · 10^shift and
  // 10^exponent its leading digit's place (_round_half_up in Python).
  function roundHalfUp(num, den, significant) {
    var exponent = num.toString().length - den.toString().length;
    while (belowPower(num, den, exponent)) exponent--;
    while (!belowPower(num, den, exponent + 1)) exponent++;
    var shift = exponent - significant + 1;
    var mantissa;
    if (shift >= 0) {
      var scaled = den * pow10(shift);
      mantissa = (TWO * num + scaled) / (TWO * scaled);
    } else {
      var lifted = num * pow10(-shift);
      mantissa = (TWO * lifted + den) / (TWO * den);
    }
    if (mantissa === pow10(significant)) {
      mantissa /= TEN;
      shift += 1;
      exponent += 1;
    }
    return { mantissa: mantissa, shift: shift, exponent: exponent };
  }

  // The number approxRatio shows, exactly: {num, den} with den > 0.
  function roundedRatio(num, den, significant) {
    if (den < ZERO) {
      num = -num;
      den = -den;
    }
    if (num === ZERO) return { num: ZERO, den: BigInt(1) };
    var negative = num < ZERO;
    var r = roundHalfUp(negative ? -num : num, den, significant);
    var top = r.shift >= 0 ? r.mantissa * pow10(r.shift) : r.mantissa;
    return { num: negative ? -top : top, den: r.shift >= 0 ? BigInt(1) : pow10(-r.shift) };
  }

  // The ratio num / den (BigInts, den ≠ 0) rounded half-up on its exact value to
  // `significant` digits (default 4): plain from 10⁻⁴ up to 10⁶, else d.ddd×10ⁿ.
  function approxRatio(num, den, significant) {
    significant = significant || 4;
    if (den < ZERO) {
      num = -num;
      den = -den;
    }
    if (num === ZERO) return "0";
    var sign = num < ZERO ? "-" : "";
    if (num < ZERO) num = -num;
    var r = roundHalfUp(num, den, significant);
    var mantissa = r.mantissa;
    var shift = r.shift;
    var exponent = r.exponent;
    if (exponent >= -4 && exponent < 6) {
      if (shift >= 0) return sign + (mantissa * pow10(shift)).toString();
      return sign + decimalText(mantissa, -shift);
    }
    return sign + decimalText(mantissa, significant - 1) + "×10" + superscript(exponent);
  }

  // ---------------------------------------------------------------- one lab on the page

  // The part of a lab object that every lab has. The lab's root is .dplab-<prefix>-lab,
  // holding script.dplab-<prefix>-lab-data (its inline JSON), form.dplab-<prefix>-controls
  // and .dplab-<prefix>-chart holders (data-chart="<part>") around its charts; `name`
  // (the script's) starts its console messages. A lab's update() reads the
  // controls, shows its texts, sets this.rows = {<part>: {<dataset name>: rows}} and calls
  // refresh(). Labs inherit from Lab.prototype and call Lab from their constructor.
  function Lab(root, prefix, name) {
    this.root = root;
    this.prefix = prefix;
    this.name = name;
    this.data = JSON.parse(root.querySelector("script.dplab-" + prefix + "-lab-data").textContent);
    this.form = root.querySelector("form.dplab-" + prefix + "-controls");
    this.rows = null;
    this.pending = false;
    var lab = this;
    this.form.addEventListener("submit", function (event) { event.preventDefault(); });
    this.form.addEventListener("input", function () { lab.schedule(); });
    this.form.addEventListener("change", function (event) { lab.changed(event); });
    root.addEventListener("dplab:chart-drawn", function (event) { lab.push(event.target); });
  }

  // A control sent "change" (after its "input", if any).
  Lab.prototype.changed = function () {
    this.schedule();
  };

  Lab.prototype.update = function () {};

  Lab.prototype.control = function (name) {
    return this.form.elements.namedItem(name);
  };

  // A control's integer value, low when it is not a number, clamped to [low, high].
  Lab.prototype.readInt = function (name, low, high) {
    var value = parseInt(this.control(name).value, 10);
    if (isNaN(value)) value = low;
    return Math.min(high, Math.max(low, value));
  };

  Lab.prototype.show = function (key, text) {
    this.root.querySelectorAll('[data-show="' + key + '"]').forEach(function (element) {
      if (element.textContent !== text) element.textContent = text;
    });
  };

  // The verdict a badge shows (its colours: lab.css).
  Lab.prototype.mark = function (key, verdict) {
    this.root.querySelectorAll('[data-show="' + key + '"]').forEach(function (element) {
      element.setAttribute("data-verdict", verdict);
    });
  };

  // The script disagrees with the values dplab wrote: say so in the console and on the page.
  Lab.prototype.fail = function (message) {
    console.error("DP Lab " + this.name + ": " + message);
    var element = this.root.querySelector('[data-show="lab-error"]');
    if (element) element.hidden = false;
  };

  // One update per frame, however many events arrive.
  // The update is a readiness task (ready.js) until it has run.
  Lab.prototype.schedule = function () {
    if (this.pending) return;
    this.pending = true;
    var lab = this;
    var task = window.DPLAB_READY.expect("lab-update:" + this.name);
    window.requestAnimationFrame(function () {
      lab.pending = false;
      try {
        lab.update();
      } finally {
        task.done();
      }
    });
  };

  // Put the current rows into every chart of the lab.
  Lab.prototype.refresh = function () {
    var lab = this;
    this.root.querySelectorAll(".dplab-" + this.prefix + "-chart .dplab-chart").forEach(function (chart) {
      lab.push(chart);
    });
  };

  // Put the current rows into a drawn chart (after a draw, a redraw, or a change).
  Lab.prototype.push = function (chart) {
    if (!chart || !chart.classList || !chart.classList.contains("dplab-chart")) return;
    var holder = chart.closest(".dplab-" + this.prefix + "-chart");
    var view = chart.dplabView;
    if (!holder || !view || !this.rows) return;
    var sets = this.rows[holder.getAttribute("data-chart")];
    if (!sets) return;
    Object.keys(sets).forEach(function (name) { view.data(name, sets[name]); });
    var lab = this;
    var task = window.DPLAB_READY.expect("lab-chart:" + chart.id);
    view.runAsync().then(function () {
      lab.pushed(chart);
      task.done();
    }).catch(function (error) {
      console.error("DP Lab " + lab.name + " chart: " + error);
      task.fail(error);
    });
  };

  // A chart has drawn the rows pushed into it.
  Lab.prototype.pushed = function () {};

  // Once the page has loaded, a new Make(root) for every .dplab-<prefix>-lab, into `labs`;
  // starting each is a readiness task "lab:<name>" (ready.js).
  function start(prefix, name, Make, labs) {
    var roots = document.querySelectorAll(".dplab-" + prefix + "-lab");
    var task = roots.length ? window.DPLAB_READY.expect("lab:" + name) : null;
    function run() {
      var problem;
      roots.forEach(function (root) {
        try {
          labs.push(new Make(root));
        } catch (error) {
          console.error("DP Lab " + name + ": " + error);
          problem = error;
        }
      });
      if (!task) return;
      if (problem) task.fail(problem);
      else task.done();
    }
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", run);
    } else {
      run();
    }
  }

  window.DPLAB_LAB = {
    words: words,
    superscript: superscript,
    pow10: pow10,
    gcd: gcd,
    decimalText: decimalText,
    approxRatio: approxRatio,
    roundedRatio: roundedRatio,
    Lab: Lab,
    start: start
  };
})();
