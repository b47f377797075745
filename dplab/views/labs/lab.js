// What the client-side labs share (rr-lab.js, laplace-lab.js, gaussian-lab.js, whose HTML
// dplab.views.labs._shared builds): exact decimal text of BigInt ratios, the lab
// object's wiring to its form and charts, its steppers (typed values and − / + buttons),
// its state as the address's fragment (links load it; the lab keeps it current), and its
// start when first needed. window.DPLAB_LAB exposes them; mkdocs.yml loads this script
// before the labs' own.
//
// Charts are ordinary .dplab-chart divs drawn by charts.js; after each (re)draw it sends
// `dplab:chart-drawn`, and the lab puts its current rows into the chart's named datasets
// through the chart's Vega view (container.dplabView).
(function () {
  "use strict";

  var ZERO = BigInt(0);
  var ONE = BigInt(1);
  var TWO = BigInt(2);
  var TEN = BigInt(10);

  // ---------------------------------------------------------------- label texts
  // words() and the Korean particles are ready.js's (every page loads it, before this).

  var words = window.DPLAB_WORDS.words;

  // ---------------------------------------------------------------- numbers as text
  // The rules of dplab.views.numbers (superscript, from_superscript, power_of_ten_text,
  // decimal_text, approx_text, rounded, value_text, fraction texts, float_text, log10_text,
  // tiny_text, shown_value), each once, checked in Node against Python's
  // (tests/js/golden_numbers.py).

  var SUPERSCRIPT = { "-": "⁻", 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹" };
  var FROM_SUPERSCRIPT = {};
  Object.keys(SUPERSCRIPT).forEach(function (plain) { FROM_SUPERSCRIPT[SUPERSCRIPT[plain]] = plain; });
  var MINUS = "−"; // the typeset minus (U+2212) of float_text, log10_text

  // An integer exponent in superscript digits: -12 → "⁻¹²".
  function superscript(exponent) {
    return String(exponent).split("").map(function (ch) { return SUPERSCRIPT[ch]; }).join("");
  }

  // Superscript digits and minus back to "-0123456789"; other characters stay.
  function fromSuperscript(text) {
    return text.replace(/[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]/g, function (ch) { return FROM_SUPERSCRIPT[ch]; });
  }

  // 10 to an integer power: "10⁻⁵" (power_of_ten_text).
  function powerOfTenText(exponent) {
    return "10" + superscript(exponent);
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
  // 10^exponent its leading digit's place (_round_half_up in Python). toward = 1 rounds
  // up instead, toward = -1 down.
  function roundHalfUp(num, den, significant, toward) {
    var exponent = num.toString().length - den.toString().length;
    while (belowPower(num, den, exponent)) exponent--;
    while (!belowPower(num, den, exponent + 1)) exponent++;
    var shift = exponent - significant + 1;
    var top = shift >= 0 ? num : num * pow10(-shift);
    var bottom = shift >= 0 ? den * pow10(shift) : den;
    var mantissa;
    if (toward > 0) mantissa = (top + bottom - ONE) / bottom;
    else if (toward < 0) mantissa = top / bottom;
    else mantissa = (TWO * top + bottom) / (TWO * bottom);
    if (mantissa === pow10(significant)) {
      mantissa /= TEN;
      shift += 1;
      exponent += 1;
    }
    return { mantissa: mantissa, shift: shift, exponent: exponent };
  }

  // How to round |num / den| so that a bound ("upper", "lower") stays one (_toward).
  function towardOf(negative, bound) {
    if (!bound) return 0;
    return (bound === "upper") === !negative ? 1 : -1;
  }

  // The number approxRatio shows, exactly: {num, den} with den > 0.
  function roundedRatio(num, den, significant, bound) {
    if (den < ZERO) {
      num = -num;
      den = -den;
    }
    if (num === ZERO) return { num: ZERO, den: BigInt(1) };
    var negative = num < ZERO;
    var r = roundHalfUp(negative ? -num : num, den, significant, towardOf(negative, bound));
    var top = r.shift >= 0 ? r.mantissa * pow10(r.shift) : r.mantissa;
    return { num: negative ? -top : top, den: r.shift >= 0 ? BigInt(1) : pow10(-r.shift) };
  }

  // The ratio num / den (BigInts, den ≠ 0) rounded half-up on its exact value to
  // `significant` digits (default 4): plain from 10⁻⁴ up to 10⁶, else d.ddd×10ⁿ. A bound
  // ("upper" or "lower") is rounded outward instead (approx_text's bound).
  function approxRatio(num, den, significant, bound) {
    significant = significant || 4;
    if (den < ZERO) {
      num = -num;
      den = -den;
    }
    if (num === ZERO) return "0";
    var sign = num < ZERO ? "-" : "";
    var toward = towardOf(num < ZERO, bound);
    if (num < ZERO) num = -num;
    var r = roundHalfUp(num, den, significant, toward);
    var mantissa = r.mantissa;
    var shift = r.shift;
    var exponent = r.exponent;
    if (exponent >= -4 && exponent < 6) {
      if (shift >= 0) return sign + (mantissa * pow10(shift)).toString();
      return sign + decimalText(mantissa, -shift);
    }
    return sign + decimalText(mantissa, significant - 1) + "×10" + superscript(exponent);
  }

  // "= x" when num / den has at most max(EXACT_DIGITS, significant) significant digits (x
  // exact), else "≈ x" rounded to `significant` digits; with the number shown
  // (value_text in dplab.views.numbers).
  var EXACT_DIGITS = 6;

  function shown(num, den, significant, bound) {
    var digits = Math.max(EXACT_DIGITS, significant);
    var exact = roundedRatio(num, den, digits);
    if (exact.num * den === num * exact.den) {
      return { text: "= " + approxRatio(num, den, digits), num: num, den: den };
    }
    var rounded = roundedRatio(num, den, significant, bound);
    return {
      text: "≈ " + approxRatio(num, den, significant, bound),
      num: rounded.num,
      den: rounded.den
    };
  }

  // value_text: bound ("upper", "lower" or nothing) as there.
  function valueText(num, den, bound) {
    return shown(num, den, 4, bound).text;
  }

  // ---------------------------------------------------------------- exact rationals
  // {n, d}: BigInt numerator and positive denominator in lowest terms.

  function Q(num, den) {
    num = BigInt(num);
    den = den === undefined ? ONE : BigInt(den);
    if (den === ZERO) throw new Error("zero denominator");
    if (den < ZERO) {
      num = -num;
      den = -den;
    }
    var g = gcd(num, den);
    if (g > ONE) {
      num /= g;
      den /= g;
    }
    return { n: num, d: den };
  }

  function add(a, b) { return Q(a.n * b.d + b.n * a.d, a.d * b.d); }
  function sub(a, b) { return Q(a.n * b.d - b.n * a.d, a.d * b.d); }
  function mul(a, b) { return Q(a.n * b.n, a.d * b.d); }
  function div(a, b) { return Q(a.n * b.d, a.d * b.n); }
  function less(a, b) { return a.n * b.d < b.n * a.d; }
  // -1, 0 or 1 for a against b.
  function compare(a, b) {
    var left = a.n * b.d;
    var right = b.n * a.d;
    return left > right ? 1 : left < right ? -1 : 0;
  }
  function isZero(a) { return a.n === ZERO; }

  // Ratios as text (dplab.views.numbers: fraction_text, number_text, fraction_decimal_text):
  // 3, 1/3; 1/4 = 0.25 when the decimal is exact in at most 6 significant digits, else
  // 1/6 ≈ 0.1667.
  function fractionText(a) {
    return a.d === BigInt(1) ? a.n.toString() : a.n + "/" + a.d;
  }

  // Whether a is a decimal with at most `significant` significant digits: whether
  // approxRatio at that many digits shows it exactly (is_short_decimal).
  function shortDecimal(a, significant) {
    var shown = roundedRatio(a.n, a.d, significant);
    return shown.num * a.d === a.n * shown.den;
  }

  function numberText(a) {
    if (a.d === BigInt(1)) return a.n.toString();
    return shortDecimal(a, 6) ? approxRatio(a.n, a.d, 6) : fractionText(a);
  }

  function exactText(a) {
    if (a.d === BigInt(1)) return a.n.toString();
    if (shortDecimal(a, 6)) return fractionText(a) + " = " + approxRatio(a.n, a.d, 6);
    return fractionText(a) + " ≈ " + approxRatio(a.n, a.d, 4);
  }

  // The exact value of a finite double, as a ratio.
  function floatRatio(x) {
    if (x === 0) return Q(0);
    var view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, x);
    var high = view.getUint32(0);
    var low = view.getUint32(4);
    var sign = high >>> 31 ? -ONE : ONE;
    var exponent = (high >>> 20) & 0x7ff;
    var mantissa = (BigInt(high & 0xfffff) << BigInt(32)) + BigInt(low);
    if (exponent === 0) exponent = 1;
    else mantissa += ONE << BigInt(52);
    var shift = exponent - 1075;
    return shift >= 0
      ? Q(sign * (mantissa << BigInt(shift)))
      : Q(sign * mantissa, ONE << BigInt(-shift));
  }

  // A double as approxRatio shows its exact binary value at `digits` significant digits
  // (default 8), minus sign U+2212 (float_text).
  function floatText(value, digits) {
    var exact = floatRatio(value);
    return approxRatio(exact.n, exact.d, digits || 8).replace("-", MINUS);
  }

  // A log₁₀ with four decimals, ties away from zero on the exact binary value (toFixed's
  // rule), minus sign U+2212, also before a negative zero (log10_text).
  function log10Text(value) {
    return (Object.is(value, -0) ? MINUS : "") + value.toFixed(4).replace("-", MINUS);
  }

  // A number far below the double range from its log₁₀: "m×10ᵉ" with 5 digits (tiny_text).
  function tinyText(log10) {
    var exponent = Math.floor(log10);
    var mantissa = Math.pow(10, log10 - exponent).toFixed(4);
    if (mantissa.indexOf("10") === 0) {
      mantissa = "1.0000";
      exponent += 1;
    }
    return mantissa + "×" + powerOfTenText(exponent);
  }

  // The number a display text shows ("= 0.5", "≈ 1.235×10⁻⁷", "−2.813") as a plain
  // decimal text: "0.5", "1.235e-7", "-2.813".
  function shownDecimal(text) {
    var body = text.replace(/^= /, "").replace(/^≈ /, "").replace(/\u2212/g, "-");
    var at = body.indexOf("×10");
    return at < 0 ? body : body.slice(0, at) + "e" + fromSuperscript(body.slice(at + 3));
  }

  // That number exactly, as a ratio (shown_value) …
  function shownValue(text) {
    return exactValue(shownDecimal(text));
  }

  // … and as the nearest double (float(shown_value(text))), for a chart.
  function shownNumber(text) {
    return Number(shownDecimal(text));
  }

  // ---------------------------------------------------------------- reading a typed number
  // One reader for every number a reader types (the labs' steppers, the graders) and every
  // value text of a lab's grid: an integer, a decimal, scientific notation or a fraction of
  // two such numbers ("3/4", "1.5/2"), with a minus sign written "-" or "−" and commas
  // between groups of three digits ("1,000"). readNumber(text) is {value: {n, d}}, exact,
  // or {reason: <label key>} naming what is wrong. Checked in Node against Python's
  // fractions.Fraction (tests/js/golden_numbers.py).

  var MAX_TEXT = 200;       // longer input is not a number a reader means
  var MAX_EXPONENT = 1000;  // 1e999999999 would be a BigInt too large to build
  var PLAIN = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;
  var GROUPED = /^([+-]?)([0-9]{1,3}(?:,[0-9]{3})+)(?![0-9])/;

  // One side of a fraction: "-12.5e-3", "1,000".
  function readPart(text) {
    if (text.indexOf(",") >= 0) {
      var grouped = GROUPED.exec(text);
      if (!grouped || text.indexOf(",", grouped[0].length) >= 0) return { reason: "number.comma" };
      text = grouped[1] + grouped[2].replace(/,/g, "") + text.slice(grouped[0].length);
    }
    var m = PLAIN.exec(text);
    if (!m || (m[2] === "" && !m[3])) return { reason: "number.not_number" };
    var exponent = m[4] === undefined ? 0 : Number(m[4]);
    if (!(Math.abs(exponent) <= MAX_EXPONENT)) return { reason: "number.exponent" };
    var fraction = m[3] || "";
    var num = BigInt((m[2] || "0") + fraction);
    if (m[1] === "-") num = -num;
    var shift = exponent - fraction.length;
    return { value: shift >= 0 ? Q(num * pow10(shift)) : Q(num, pow10(-shift)) };
  }

  function readNumber(text) {
    text = String(text).replace(/\u2212/g, "-").trim();
    if (text === "") return { reason: "number.empty" };
    if (text.length > MAX_TEXT) return { reason: "number.too_long" };
    var parts = text.split("/");
    if (parts.length > 2) return { reason: "number.not_number" };
    var top = readPart(parts[0].trim());
    if (parts.length === 1 || !top.value) return top;
    var bottom = readPart(parts[1].trim());
    if (!bottom.value) return bottom;
    if (isZero(bottom.value)) return { reason: "number.zero_denominator" };
    return { value: div(top.value, bottom.value) };
  }

  // The exact value of a text the build wrote (a grid's value); an error if it is none.
  function exactValue(text) {
    var read = readNumber(text);
    if (!read.value) throw new Error("not a number: " + text);
    return read.value;
  }

  // ---------------------------------------------------------------- state in the URL
  // A lab's state lives in the address's fragment: #<lab id>?<name>=<value>&… (or
  // #lab-<prefix>?… for the first lab of that kind on the page), the names being the
  // lab's controls. dplab.views.labs._shared.LabLinks writes the same links at build time.

  var HASH = /^#([A-Za-z0-9_-]+)\?(.*)$/;

  function parseHash(hash) {
    var match = HASH.exec(hash || "");
    if (!match) return null;
    var params = [];
    match[2].split("&").forEach(function (part) {
      if (!part) return;
      var cut = part.indexOf("=");
      var key = cut < 0 ? part : part.slice(0, cut);
      var value = cut < 0 ? "" : part.slice(cut + 1);
      try {
        params.push([decodeURIComponent(key), decodeURIComponent(value)]);
      } catch {
        params.push([key, value]);
      }
    });
    return { target: match[1], params: params };
  }

  function stateQuery(params) {
    return params.map(function (pair) {
      return encodeURIComponent(pair[0]) + "=" + encodeURIComponent(pair[1]).replace(/%2C/g, ",");
    }).join("&");
  }

  // The lab root an address's fragment names, or null.
  function targetOf(hash) {
    var parsed = parseHash(hash);
    if (!parsed) return null;
    var root = document.getElementById(parsed.target);
    if (!root || !root.classList.contains("dplab-lab")) {
      var kind = /^lab-([a-z]+)$/.exec(parsed.target);
      root = kind ? document.querySelector(".dplab-" + kind[1] + "-lab") : null;
    }
    return root ? { root: root, params: parsed.params } : null;
  }

  // Start the lab an address names, load its state, and bring it into view.
  function openFromHash(hash, scroll) {
    var found = targetOf(hash);
    if (!found || !found.root.dplabStart) return false;
    var lab = found.root.dplabStart();
    if (!lab) return false;
    lab.load(found.params);
    if (scroll !== false) found.root.scrollIntoView({ block: "start" });
    return true;
  }

  window.addEventListener("hashchange", function () { openFromHash(location.hash); });

  // A link to a lab state on this page: load it even when the address already shows it.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href*='#']") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (link.pathname !== location.pathname || link.search !== location.search || !targetOf(link.hash)) return;
    event.preventDefault();
    try {
      history.pushState(history.state, "", link.hash);
    } catch {
      // some browsers refuse history changes on file:// pages: the state still loads
    }
    openFromHash(link.hash);
  });

  // ---------------------------------------------------------------- one lab on the page

  // The part of a lab object that every lab has. The lab's root is .dplab-<prefix>-lab,
  // holding script.dplab-<prefix>-lab-data (its inline JSON), form.dplab-<prefix>-controls
  // and .dplab-<prefix>-chart holders (data-chart="<part>") around its charts; `name`
  // (the script's) starts its console messages. A lab's update() reads the
  // controls, shows its texts, sets this.rows = {<part>: {<dataset name>: rows}} and calls
  // refresh(). Labs inherit from Lab.prototype and call Lab from their constructor.
  //
  // Sliders are steppers (LabHtml.slider): a range over integer positions whose texts are
  // its data-texts in increasing order (so "+" moves toward larger values), a box that
  // takes a typed value (read by readNumber, compared exactly with those texts) and − / +
  // buttons.
  function Lab(root, prefix, name) {
    this.root = root;
    this.prefix = prefix;
    this.name = name;
    this.data = window.DPLAB_JSON(root.querySelector("script.dplab-" + prefix + "-lab-data"));
    this.form = root.querySelector("form.dplab-" + prefix + "-controls");
    this.rows = null;
    this.pending = false;
    this.touched = false;
    var lab = this;
    this.form.addEventListener("submit", function (event) { event.preventDefault(); });
    this.form.addEventListener("input", function (event) {
      if (event.target.classList.contains("dplab-lab-typed")) return; // taken on "change"
      if (event.target.type === "range") lab.typedError(event.target, null, null);
      lab.touched = true;
      lab.schedule();
    });
    this.form.addEventListener("change", function (event) {
      lab.touched = true;
      if (event.target.classList.contains("dplab-lab-typed")) lab.typed(event.target);
      else lab.changed(event);
    });
    this.form.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && event.target.classList.contains("dplab-lab-typed")) {
        event.preventDefault();
        lab.touched = true;
        lab.typed(event.target);
      }
    });
    this.form.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-step]");
      if (!button) return;
      var range = lab.control(button.getAttribute("data-for"));
      var position = parseInt(range.value, 10) + parseInt(button.getAttribute("data-step"), 10);
      lab.touched = true;
      lab.moveSlider(range, position);
    });
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

  // The text an output shows (a typed box shows its value).
  function shownText(element) {
    return element.tagName === "INPUT" ? element.value : element.textContent;
  }

  Lab.prototype.show = function (key, text) {
    this.root.querySelectorAll('[data-show="' + key + '"]').forEach(function (element) {
      if (element.tagName === "INPUT") {
        // a box the reader is typing in keeps what is typed
        if (element !== document.activeElement && element.getAttribute("aria-invalid") !== "true") element.value = text;
      } else if (element.textContent !== text) {
        element.textContent = text;
      }
    });
  };

  // The verdict a badge shows (its colours: lab.css).
  Lab.prototype.mark = function (key, verdict) {
    this.root.querySelectorAll('[data-show="' + key + '"]').forEach(function (element) {
      element.setAttribute("data-verdict", verdict);
    });
  };

  // Show the current state without announcing it (on start nothing has changed yet):
  // `this.quiet` is true while update() runs.
  Lab.prototype.updateQuietly = function () {
    this.quiet = true;
    this.update();
    this.quiet = false;
  };

  // On start: check the build's texts for the initial state (`texts`, computed by the
  // lab's script), then show that state quietly.
  Lab.prototype.startQuietly = function (texts) {
    this.verifyTexts(texts);
    this.updateQuietly();
  };

  // The script disagrees with the values dplab wrote: say so in the console and on the page.
  Lab.prototype.fail = function (message) {
    console.error("DP Lab " + this.name + ": " + message);
    var element = this.root.querySelector('[data-show="lab-error"]');
    if (element) element.hidden = false;
  };

  // The texts dplab wrote for the initial state (by data-show key) must be `mine`, the
  // ones the lab's script computes for it; otherwise say so (fail).
  Lab.prototype.verifyTexts = function (mine) {
    var root = this.root;
    var differ = Object.keys(mine).filter(function (key) {
      var node = root.querySelector('[data-show="' + key + '"]');
      return !node || shownText(node) !== mine[key];
    });
    if (differ.length) this.fail("the script's values differ from the build's for " + differ.join(", "));
  };

  // --- steppers

  function textsOf(range) {
    if (!range.dplabTexts) range.dplabTexts = JSON.parse(range.getAttribute("data-texts"));
    return range.dplabTexts;
  }

  // The values a stepper takes, for a message: all of them, or the first and last three.
  function valuesText(texts) {
    if (texts.length <= 8) return texts.join(", ");
    return texts.slice(0, 3).concat(["…"], texts.slice(-3)).join(", ");
  }

  // Put a stepper at `position` (clamped to its range) and update the lab.
  Lab.prototype.moveSlider = function (range, position) {
    var low = parseInt(range.min, 10);
    var high = parseInt(range.max, 10);
    range.value = String(Math.min(high, Math.max(low, position)));
    this.typedError(range, null, null);
    this.schedule();
  };

  // Put the stepper `name` at the value `text` (read by readNumber, compared exactly with
  // its texts); false when no position has that value.
  Lab.prototype.setSlider = function (name, text) {
    var read = readNumber(text);
    return read.value ? this.setSliderTo(this.control(name), read.value) : false;
  };

  Lab.prototype.setSliderTo = function (range, value) {
    var texts = textsOf(range);
    for (var i = 0; i < texts.length; i++) {
      if (compare(exactValue(texts[i]), value) === 0) {
        this.moveSlider(range, parseInt(range.min, 10) + i);
        return true;
      }
    }
    return false;
  };

  // The reader typed a value into a stepper's box (Enter, or leaving the box).
  Lab.prototype.typed = function (box) {
    var range = this.control(box.getAttribute("data-for"));
    var text = box.value.trim();
    var read = readNumber(text);
    if (read.value && this.setSliderTo(range, read.value)) {
      box.setAttribute("aria-invalid", "false");
      box.value = textsOf(range)[parseInt(range.value, 10) - parseInt(range.min, 10)];
      return;
    }
    this.typedError(range, text, read);
  };

  // Why a stepper refuses the typed value `read` (readNumber's answer): a label key. A
  // stepper whose values are all ≥ 0 refuses a negative number as such, a probability's
  // (data-domain="probability") one outside [0, 1] as such, then one outside its range.
  function refusal(range, read, values) {
    if (!read.value) return read.reason;
    var x = read.value;
    var low = values[0];
    var high = values[values.length - 1];
    if (x.n < ZERO && low.n >= ZERO) return "lab.typed_negative";
    if (range.getAttribute("data-domain") === "probability" && (x.n < ZERO || x.n > x.d)) {
      return "lab.typed_probability";
    }
    if (less(x, low) || less(high, x)) return "lab.typed_range";
    return "lab.typed_off_grid";
  }

  // Show (text, with readNumber's answer `read`) or clear (null) the message under a
  // stepper that refused a typed value: what is wrong, the values it takes and, for a
  // number, the nearest of them on either side.
  Lab.prototype.typedError = function (range, text, read) {
    var box = this.form.querySelector('.dplab-lab-typed[data-for="' + range.name + '"]');
    var message = this.root.querySelector("#" + range.id + "-error");
    if (!box || !message) return;
    box.setAttribute("aria-invalid", text === null ? "false" : "true");
    message.hidden = text === null;
    if (text === null) return;
    var texts = textsOf(range);
    var values = texts.map(exactValue);
    var near = "";
    if (read.value) {
      var below = null;
      var above = null;
      values.forEach(function (y, i) {
        if (less(y, read.value) && (below === null || less(values[below], y))) below = i;
        if (less(read.value, y) && (above === null || less(y, values[above]))) above = i;
      });
      near = words("lab.typed_near", {
        values: [below, above].filter(function (i) { return i !== null; })
          .map(function (i) { return texts[i]; }).join(", ")
      });
    }
    var ends = { low: texts[0], high: texts[texts.length - 1] };
    message.textContent = words("lab.typed_refused", {
      typed: text.length > 20 ? text.slice(0, 20) + "…" : text,
      reason: words(refusal(range, read, values), ends),
      values: valuesText(texts)
    }) + (near ? " " + near : "");
  };

  // --- the state as an address

  // The state as [name, value] pairs: every named control, in the form's order.
  Lab.prototype.params = function () {
    var out = [];
    Array.prototype.forEach.call(this.form.elements, function (control) {
      if (!control.name || control.type === "checkbox" || control.type === "button") return;
      if (control.type === "range") {
        out.push([control.name, textsOf(control)[parseInt(control.value, 10) - parseInt(control.min, 10)]]);
      } else {
        out.push([control.name, control.value]);
      }
    });
    return out;
  };

  Lab.prototype.hash = function () {
    return "#" + this.root.id + "?" + stateQuery(this.params());
  };

  // Load a state given as [name, value] pairs (from an address); values that no control
  // can take are left out and named in the lab's note.
  Lab.prototype.load = function (params) {
    var lab = this;
    var refused = [];
    params.forEach(function (pair) {
      if (!lab.loadParam(pair[0], pair[1])) refused.push(pair[0] + "=" + pair[1]);
    });
    var note = this.root.querySelector('[data-show="link-note"]');
    if (note) {
      note.textContent = refused.length ? words("lab.link_refused", { values: refused.join(", ") }) : "";
      note.hidden = !refused.length;
    }
    this.touched = true;
    this.update();
  };

  Lab.prototype.loadParam = function (name, value) {
    var control = this.control(name);
    if (!control || !control.name || control.type === "checkbox") return false;
    if (control.type === "range") return this.setSlider(name, value);
    if (control.tagName === "SELECT") {
      var option = Array.prototype.filter.call(control.options, function (o) { return o.value === value && !o.disabled; })[0];
      if (!option) return false;
      control.value = value;
      return true;
    }
    control.value = value;
    return true;
  };

  // After an update: the permalink shows the state; once the reader has moved a control
  // or followed a link, so does the address (replacing the entry: no history per step).
  Lab.prototype.showState = function () {
    var hash = this.hash();
    this.root.querySelectorAll("a.dplab-lab-permalink").forEach(function (link) {
      link.setAttribute("href", hash);
    });
    if (!this.touched || location.hash === hash) return;
    try {
      history.replaceState(history.state, "", hash);
    } catch {
      // a browser that refuses history changes here keeps the old address
    }
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
    this.showState();
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
    var part = holder.getAttribute("data-chart");
    var sets = this.rows[part];
    if (!sets) return;
    if (!view.dplabWired) {
      view.dplabWired = true;
      this.wire(part, view);
    }
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

  // A chart's Vega view, once after each draw: a lab may listen to it (clicks).
  Lab.prototype.wire = function () {};

  // A chart has drawn the rows pushed into it.
  Lab.prototype.pushed = function () {};

  // Every .dplab-<prefix>-lab gets a new Make(root), into `labs`, when it is first needed:
  // when it comes within a screen of the viewport, when the reader reaches into it (focus,
  // pointer) or when the address names it (then its state loads from the address). Labs
  // far below the fold cost nothing on page load. Starting each is a readiness task
  // "lab:<name>" (ready.js). DPLAB_LAB.startAll() starts every lab (tests, printing).
  var starters = [];

  function start(prefix, name, Make, labs) {
    var roots = document.querySelectorAll(".dplab-" + prefix + "-lab");
    roots.forEach(function (root) {
      var lab = null;
      var broken = false;
      root.dplabStart = function () {
        if (lab || broken) return lab;
        var task = window.DPLAB_READY.expect("lab:" + name);
        try {
          lab = new Make(root);
          labs.push(lab);
          task.done();
        } catch (error) {
          broken = true;
          console.error("DP Lab " + name + ": " + error);
          task.fail(error);
        }
        return lab;
      };
      starters.push(root.dplabStart);
      ["focusin", "pointerdown"].forEach(function (type) {
        root.addEventListener(type, root.dplabStart, { capture: true, once: true });
      });
    });
    function run() {
      var observer = "IntersectionObserver" in window
        ? new IntersectionObserver(function (entries) {
          entries.forEach(function (entry) {
            if (!entry.isIntersecting) return;
            observer.unobserve(entry.target);
            entry.target.dplabStart();
          });
        }, { rootMargin: "100% 0px" })
        : null;
      var wanted = targetOf(location.hash);
      roots.forEach(function (root) {
        if (wanted && wanted.root === root) openFromHash(location.hash);
        else if (observer) observer.observe(root);
        else root.dplabStart();
      });
    }
    window.DPLAB_READY.whenParsed(run);
  }

  function startAll() {
    starters.forEach(function (begin) { begin(); });
  }

  window.DPLAB_LAB = {
    words: words,
    finalSound: window.DPLAB_WORDS.finalSound,
    fixParticle: window.DPLAB_WORDS.fixParticle,
    superscript: superscript,
    fromSuperscript: fromSuperscript,
    powerOfTenText: powerOfTenText,
    pow10: pow10,
    gcd: gcd,
    decimalText: decimalText,
    approxRatio: approxRatio,
    roundedRatio: roundedRatio,
    shown: shown,
    valueText: valueText,
    Q: Q,
    add: add,
    sub: sub,
    mul: mul,
    div: div,
    less: less,
    compare: compare,
    isZero: isZero,
    fractionText: fractionText,
    shortDecimal: shortDecimal,
    numberText: numberText,
    exactText: exactText,
    floatRatio: floatRatio,
    floatText: floatText,
    log10Text: log10Text,
    tinyText: tinyText,
    shownValue: shownValue,
    shownNumber: shownNumber,
    readNumber: readNumber,
    exactValue: exactValue,
    shownText: shownText,
    parseHash: parseHash,
    stateQuery: stateQuery,
    Lab: Lab,
    start: start,
    startAll: startAll
  };
})();
