// The randomized-response lab of lesson 2 (built by dplab.views.rr_lab), computed in the
// browser with exact integers.
//
// Exactness. On the lab's grid (n = 1..12, p = k/100 for k = 50..100, α = t/10 for
// t = 10..100) each count law has integer weights over 100^n: the coefficients of
// (q + a z)^c (a + q z)^(n−c) with a = k, q = 100 − k. Each ordered pair's largest event
// excess is the integer numerator Σ_y [10·w_P(y) − t·w_Q(y)]₊ over the denominator
// 10·100^n, and one event's excess has the numerator Σ_{y∈S} (10·w_P(y) − t·w_Q(y)) over the
// same denominator. A claimed δ as typed ("0.05", "3/8", "1e-5") is read exactly by
// lab.js's readNumber as D / E, and every verdict is the BigInt comparison
// D · 10·100^n ≥ N · E. Floats only draw the charts and print approximations.
// tests/browser/test_rr_lab.py checks these functions against dplab over the whole grid;
// window.DPLAB_RR exposes them.
//
// The lab object, its charts' rows (dataset names: dplab.views.randomized_response.DATASETS)
// and the decimal text of ratios come from lab.js (window.DPLAB_LAB).
(function () {
  "use strict";

  var LAB = window.DPLAB_LAB;
  var ZERO = BigInt(0);
  var ONE = BigInt(1);
  var TEN = BigInt(10);
  var HUNDRED = BigInt(100);

  // ---------------------------------------------------------------- exact arithmetic

  function deltaDenominator(n) {
    return TEN * HUNDRED ** BigInt(n);
  }

  function multiply(poly, low, high) {
    var out = new Array(poly.length + 1).fill(ZERO);
    for (var i = 0; i < poly.length; i++) {
      out[i] += poly[i] * low;
      out[i + 1] += poly[i] * high;
    }
    return out;
  }

  var lawCache = new Map();

  // laws[c][y] = 100^n · Pr[Y = y | true count c], for p = k/100.
  function countWeights(n, k) {
    var key = n + ":" + k;
    if (lawCache.has(key)) return lawCache.get(key);
    var a = BigInt(k);
    var q = BigInt(100 - k);
    var laws = [];
    for (var c = 0; c <= n; c++) {
      var poly = [ONE];
      for (var i = 0; i < c; i++) poly = multiply(poly, q, a); // reports of the c ones
      for (var j = c; j < n; j++) poly = multiply(poly, a, q); // reports of the n − c zeros
      laws.push(poly);
    }
    lawCache.set(key, laws);
    return laws;
  }

  // The 2n ordered count pairs, in dplab.mechanisms.randomized_response.count_pairs order.
  function countPairs(n) {
    var pairs = [];
    for (var c = 0; c < n; c++) {
      pairs.push([c, c + 1]);
      pairs.push([c + 1, c]);
    }
    return pairs;
  }

  // Σ_y [10·P_y − t·Q_y]₊ (over 10·100^n) and the atoms where the term is positive.
  function pairExcess(source, target, t) {
    var factor = BigInt(t);
    var total = ZERO;
    var event = [];
    for (var y = 0; y < source.length; y++) {
      var gap = TEN * source[y] - factor * target[y];
      if (gap > ZERO) {
        total += gap;
        event.push(y);
      }
    }
    return { numerator: total, event: event };
  }

  // Every ordered pair's numerator and event; the first pair attaining the maximum.
  function certificate(n, k, t) {
    var laws = countWeights(n, k);
    var pairs = countPairs(n).map(function (pair) {
      var row = pairExcess(laws[pair[0]], laws[pair[1]], t);
      return { source: pair[0], target: pair[1], numerator: row.numerator, event: row.event };
    });
    var worst = 0;
    for (var i = 1; i < pairs.length; i++) {
      if (pairs[i].numerator > pairs[worst].numerator) worst = i;
    }
    return {
      n: n,
      pairs: pairs,
      worst: worst,
      required: pairs[worst].numerator,
      denominator: deltaDenominator(n)
    };
  }

  // A claimed δ as typed, read by lab.js's readNumber like every number a reader types
  // ("0.05", "3/8", "1e-5", "5 / 100"): {claim: {numerator, denominator}} when it lies in
  // [0, 1], else {reason: <label key>} naming what is wrong (not a number, negative, above
  // 1). The build writes its δ texts in the narrower rule of dplab.views.rr_lab.parse_claim,
  // which this reads to the same value.
  function readClaim(text) {
    var read = LAB.readNumber(typeof text === "string" ? text : "");
    if (!read.value) return { reason: read.reason };
    if (read.value.n < ZERO) return { reason: "lab.typed_negative" };
    if (read.value.n > read.value.d) return { reason: "rr.lab_delta_above" };
    return { claim: { numerator: read.value.n, denominator: read.value.d } };
  }

  function parseClaim(text) {
    return readClaim(text).claim || null;
  }

  // claim ≥ numerator / denominator, by cross-multiplication (denominator > 0, claim ≥ 0).
  function covers(claim, numerator, denominator) {
    return claim.numerator * denominator >= numerator * claim.denominator;
  }

  // The event check of one ordered pair: P(S), Q(S) over 100^n, excess over 10·100^n.
  function eventCheck(n, k, t, source, target, effectiveMask) {
    var laws = countWeights(n, k);
    var ps = ZERO;
    var qs = ZERO;
    var outputs = [];
    for (var y = 0; y <= n; y++) {
      if ((effectiveMask >> BigInt(y)) & ONE) {
        ps += laws[source][y];
        qs += laws[target][y];
        outputs.push(y);
      }
    }
    return { outputs: outputs, ps: ps, qs: qs, excess: TEN * ps - BigInt(t) * qs };
  }

  // The queried pair and event as the lab reads them: the lower count is clamped to n − 1,
  // mask bits above n are ignored (dplab.mechanisms.randomized_response.check_query).
  function query(n, k, t, requestedLower, direction, mask) {
    var lower = Math.min(requestedLower, n - 1);
    var source = direction === "down" ? lower + 1 : lower;
    var target = direction === "down" ? lower : lower + 1;
    var effective = mask & ((ONE << BigInt(n + 1)) - ONE);
    var check = eventCheck(n, k, t, source, target, effective);
    return {
      lower: lower,
      source: source,
      target: target,
      effective: effective,
      ignored: mask ^ effective,
      outputs: check.outputs,
      ps: check.ps,
      qs: check.qs,
      excess: check.excess
    };
  }

  // The verdict the lab shows for a claim against an excess N / (10·100^n): "pass" exactly
  // when claim ≥ N / (10·100^n); "none" when there is no valid claim.
  function verdict(claim, numerator, n) {
    if (claim === null) return "none";
    return covers(claim, numerator, deltaDenominator(n)) ? "pass" : "fail";
  }

  // ---------------------------------------------------------------- display text
  // Same rules as dplab.views.randomized_response (decimal_text, approx_text, …).

  var words = LAB.words;
  var decimalText = LAB.decimalText;

  // A rational rounded half-up to 4 significant digits (see approx_text).
  function approxText(numerator, denominator) {
    return LAB.approxRatio(numerator, denominator, 4);
  }

  // "= x" or "≈ x" with the number shown (value_text; lab.js)
  var shown = LAB.shown;
  var valueText = LAB.valueText;

  // -1, 0 or 1 for a/b against c/d (b, d > 0).
  function order(a, b, c, d) {
    var left = a * d;
    var right = c * b;
    return left > right ? 1 : left < right ? -1 : 0;
  }

  // Both sides of an inequality at the smallest precision (≥ 4 digits) at which unequal
  // values show unequal numbers in their true order (compared_texts).
  function comparedTexts(leftNum, leftDen, rightNum, rightDen) {
    var truth = order(leftNum, leftDen, rightNum, rightDen);
    for (var significant = 4; ; significant++) {
      var left = shown(leftNum, leftDen, significant);
      var right = shown(rightNum, rightDen, significant);
      if (order(left.num, left.den, right.num, right.den) === truth) return [left.text, right.text];
    }
  }

  function fractionText(numerator, denominator) {
    var divisor = LAB.gcd(numerator, denominator);
    if (divisor > ZERO) {
      numerator /= divisor;
      denominator /= divisor;
    }
    return denominator === ONE ? numerator.toString() : numerator + "/" + denominator;
  }

  function requiredDeltaText(numerator, n) {
    var denominator = deltaDenominator(n);
    var exact = fractionText(numerator, denominator);
    if (exact.indexOf("/") < 0) return exact;
    var decimal = decimalText(numerator, 2 * n + 1);
    var text = exact + " = " + decimal;
    return decimal.length > 10 ? text + " (≈ " + approxText(numerator, denominator) + ")" : text;
  }

  function eventText(outputs) {
    return outputs.length ? "{" + outputs.join(", ") + "}" : "∅";
  }

  function pairText(source, target) {
    return source + "→" + target;
  }

  // Every place (pair and event) attaining the required δ, or that every pair gives 0.
  function worstText(cert) {
    if (cert.required === ZERO) return words("rr.lab_worst_zero");
    var places = cert.pairs.filter(function (row) { return row.numerator === cert.required; }).map(function (row) {
      return words("rr.lab_place", { pair: pairText(row.source, row.target), event: eventText(row.event) });
    });
    return words("rr.lab_worst", { places: places.join("; ") });
  }

  function alphaText(t) {
    return Math.floor(t / 10) + "." + (t % 10);
  }

  function pureText(k) {
    if (k === 100) return words("rr.lab_pure_none");
    if (k === 50) return words("rr.lab_pure_zero");
    return words("rr.lab_pure", { eps: Math.log(k / (100 - k)).toFixed(4) });
  }

  function mseText(n, k) {
    if (k === 50) return words("rr.lab_mse_none");
    var numerator = BigInt(n * k * (100 - k));
    var denominator = BigInt((2 * k - 100) * (2 * k - 100));
    var exact = fractionText(numerator, denominator);
    if (exact.indexOf("/") >= 0) exact += " ≈ " + approxText(numerator, denominator);
    return words("rr.lab_mse", { exact: exact });
  }

  function toFloat(numerator, denominator) {
    return Number(numerator) / Number(denominator);
  }

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

  Lab.prototype.badge = function (key, verdict) {
    var text = verdict === "pass" ? words("rr.badge_pass") : verdict === "fail" ? words("rr.badge_fail") : words("rr.badge_none");
    this.show(key, text);
    this.mark(key, verdict);
    return text;
  };

  // The script's own arithmetic must reproduce the exact values dplab put in the page.
  Lab.prototype.verifyWitness = function () {
    var witness = this.data.witness;
    var laws = countWeights(witness.n, witness.p_percent);
    var same = JSON.stringify(laws.map(function (law) { return law.map(String); })) === JSON.stringify(witness.weights);
    var cert = certificate(witness.n, witness.p_percent, witness.alpha_tenths);
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
    return { lower: Math.min(source, target), direction: source < target ? "up" : "down", text: pairText(source, target) };
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
      var pair = countPairs(lab.n)[datum.index];
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
    var claimRead = readClaim(claimInput.value);
    var claim = claimRead.claim || null;
    var requested = this.readPair();
    var denominator = deltaDenominator(n);
    var scale = HUNDRED ** BigInt(n);
    this.n = n;

    this.show("n", String(n));
    this.show("p", approxText(BigInt(k), HUNDRED));
    this.show("alpha", alphaText(t));
    this.control("p").setAttribute("aria-valuetext", "p = " + approxText(BigInt(k), HUNDRED));
    this.control("alpha").setAttribute("aria-valuetext", "α = " + alphaText(t));
    this.show("epsilon", words("rr.lab_epsilon", { eps: Math.log(t / 10).toFixed(4) }));
    claimInput.setAttribute("aria-invalid", claim === null ? "true" : "false");
    this.root.querySelector('[data-show="delta-error"]').hidden = claim !== null;
    if (claim === null) {
      var typed = claimInput.value.trim();
      this.show("delta-error", words("rr.lab_delta_refused", {
        typed: typed.length > 20 ? typed.slice(0, 20) + "…" : typed,
        reason: words(claimRead.reason)
      }));
    }

    // The queried pair and event (observation only: they do not change the channel).
    var asked = query(n, k, t, requested.lower, requested.direction, this.mask);
    var chosen = pairText(asked.source, asked.target);
    this.syncPairs(n, asked.source, asked.target);
    this.show("pair-note", asked.lower !== requested.lower ? words("rr.lab_pair_clamped", { requested: requested.text, pair: chosen }) : "");
    var ignored = [];
    for (var y = n + 1; BigInt(1) << BigInt(y) <= asked.ignored; y++) if ((asked.ignored >> BigInt(y)) & ONE) ignored.push(y);
    this.show(
      "event-note",
      words("rr.lab_event_set", { event: eventText(asked.outputs) }) +
        (ignored.length ? " " + words("rr.lab_event_ignored", { ignored: eventText(ignored) }) : "")
    );
    this.syncBits(n, asked.effective);
    this.show("chip-event", words("rr.lab_chip_place", { pair: chosen, event: eventText(asked.outputs) }));

    var rows = { distributions: {}, pairs: {}, profile: {} };
    this.show("pair", words("rr.lab_pair_text", { source: asked.source, target: asked.target }));
    // P(S) = ps / 100^n against αQ(S) + δ = (t·qs·10^K + D·10·100^n) / (10·100^n·10^K).
    var compared = claim === null
      ? [valueText(asked.ps, scale), "= —"]
      : comparedTexts(
        asked.ps,
        scale,
        BigInt(t) * asked.qs * claim.denominator + claim.numerator * denominator,
        denominator * claim.denominator
      );
    this.show("event-values", words("rr.lab_event_values", {
      ps: compared[0],
      qs: valueText(asked.qs, scale),
      bound: compared[1]
    }));
    var eventVerdict = this.broken ? "none" : verdict(claim, asked.excess, n);
    rows.distributions[this.data.datasets.distributions] = this.distributionRows(n, k, asked.source, asked.target, asked.outputs);
    rows.distributions[this.data.datasets.event] = asked.outputs.map(function (y) {
      return { y: y, what: words("rr.event") };
    });
    var eventBadge = this.badge("event-badge", eventVerdict);
    this.show(
      "event-verdict",
      eventVerdict === "pass" ? words("rr.lab_event_pass") : eventVerdict === "fail" ? words("rr.lab_event_fail") : ""
    );

    // The certificate: every ordered pair, every event.
    var cert = certificate(n, k, t);
    var required = words("rr.lab_required", { exact: requiredDeltaText(cert.required, n) });
    this.show("required", required);
    var certVerdict = this.broken ? "none" : verdict(claim, cert.required, n);
    var certBadge = this.badge("cert-badge", certVerdict);
    this.show(
      "cert-verdict",
      certVerdict === "pass" ? words("rr.lab_cert_pass") : certVerdict === "fail" ? words("rr.lab_cert_fail") : ""
    );
    this.show("worst", worstText(cert));
    this.show("scope", words("rr.lab_cert_scope", { pairs: 2 * n, events: Math.pow(2, n + 1) }));
    var broken = this.broken;
    rows.pairs[this.data.datasets.pairs] = cert.pairs.map(function (row, index) {
      var shown = broken ? "none" : verdict(claim, row.numerator, n);
      var pair = pairText(row.source, row.target);
      return {
        index: index,
        pair: pair,
        delta: toFloat(row.numerator, denominator),
        verdict: shown === "none" ? "—" : shown === "pass" ? words("rr.pass") : words("rr.fail"),
        mark: shown === "none" ? "" : shown === "pass" ? "✓" : "✗",
        what: words("rr.required"),
        chosen: pair === chosen
      };
    });
    var claimFloat = claim === null ? null : toFloat(claim.numerator, claim.denominator);
    rows.pairs[this.data.datasets.claim] = claim === null ? [] : [{ delta: claimFloat, what: words("rr.claim") }];

    // The privacy profile over the α grid.
    var profile = [];
    for (var s = grid.alpha_tenths[0]; s <= grid.alpha_tenths[1]; s++) {
      profile.push({ alpha: s / 10, delta: toFloat(certificate(n, k, s).required, denominator), what: words("rr.profile") });
    }
    rows.profile[this.data.datasets.profile] = profile;
    rows.profile[this.data.datasets.point] = claim === null ? [] : [{ alpha: t / 10, delta: claimFloat, what: words("rr.claim_point") }];

    this.show("pure", pureText(k));
    this.show("mse", mseText(n, k));
    var live = this.root.querySelector('[data-show="live"]');
    if (live && this.rows) {
      live.textContent = words("rr.lab_live", { event: eventBadge, certificate: certBadge, required: required });
    }
    this.rows = rows;
    this.refresh();
  };

  Lab.prototype.distributionRows = function (n, k, source, target, outputs) {
    var laws = countWeights(n, k);
    var scale = HUNDRED ** BigInt(n);
    var chosen = new Set(outputs);
    var rows = [];
    [["P", source, words("rr.law_source")], ["Q", target, words("rr.law_target")]].forEach(function (entry) {
      for (var y = 0; y <= n; y++) {
        rows.push({ y: y, who: entry[2], role: entry[0], probability: toFloat(laws[entry[1]][y], scale), in_event: chosen.has(y) });
      }
    });
    return rows;
  };

  window.DPLAB_RR = {
    countWeights: countWeights,
    countPairs: countPairs,
    deltaDenominator: deltaDenominator,
    pairExcess: pairExcess,
    certificate: certificate,
    parseClaim: parseClaim,
    readClaim: readClaim,
    covers: covers,
    eventCheck: eventCheck,
    query: query,
    verdict: verdict,
    eventText: eventText,
    worstText: worstText,
    pureText: pureText,
    mseText: mseText,
    decimalText: decimalText,
    approxText: approxText,
    valueText: valueText,
    comparedTexts: comparedTexts,
    fractionText: fractionText,
    requiredDeltaText: requiredDeltaText,
    labs: []
  };

  LAB.start("rr", "rr-lab", Lab, window.DPLAB_RR.labs);
})();
