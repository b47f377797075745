// The randomized-response lab's rules (the lab of lesson 2, built by dplab.views.labs.rr),
// with no page: its exact certificates, the claimed δ as typed, the event check and every
// text the lab shows for a state. rr-lab.js wires them to the page.
//
// Exactness. On the lab's grid (n = 1..12, p = k/100 for k = 50..100, α = t/10 for
// t = 10..100) each count law has integer weights over 100^n: the coefficients of
// (q + a z)^c (a + q z)^(n−c) with a = k, q = 100 − k. Each ordered pair's largest event
// excess is the integer numerator Σ_y [10·w_P(y) − t·w_Q(y)]₊ over the denominator
// 10·100^n, and one event's excess has the numerator Σ_{y∈S} (10·w_P(y) − t·w_Q(y)) over the
// same denominator. A claimed δ as typed ("0.05", "3/8", "1e-5") is read exactly by
// lab.js's readNumber as D / E, and every verdict is the BigInt comparison
// D · 10·100^n ≥ N · E. Floats only draw the charts and print approximations.
// Node checks these functions against dplab at every state of the grid
// (tests/js/rr_lab.test.cjs, vectors from tests/js/golden_rr_lab.py).
//
// The decimal text of ratios and the label texts come from lab.js (window.DPLAB_LAB).
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
  // 1). The build writes its δ texts in the narrower rule of dplab.views.labs.rr.parse_claim,
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

  // A rational rounded half-up to 4 significant digits (approx_text), and an exact one in
  // lowest terms (fraction_text): lab.js's.
  var approxRatio = LAB.approxRatio;
  function fractionText(numerator, denominator) {
    return LAB.fractionText(LAB.Q(numerator, denominator));
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

  function requiredDeltaText(numerator, n) {
    var denominator = deltaDenominator(n);
    var exact = fractionText(numerator, denominator);
    if (exact.indexOf("/") < 0) return exact;
    var decimal = decimalText(numerator, 2 * n + 1);
    var text = exact + " = " + decimal;
    return decimal.length > 10 ? text + " (≈ " + approxRatio(numerator, denominator) + ")" : text;
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
    if (exact.indexOf("/") >= 0) exact += " ≈ " + approxRatio(numerator, denominator);
    return words("rr.lab_mse", { exact: exact });
  }

  function toFloat(numerator, denominator) {
    return Number(numerator) / Number(denominator);
  }

  // The outputs y ≥ from whose bit 2^y is in mask.
  function bits(mask, from) {
    var out = [];
    for (var y = from; ONE << BigInt(y) <= mask; y++) if ((mask >> BigInt(y)) & ONE) out.push(y);
    return out;
  }

  function badgeText(verdict) {
    return verdict === "pass" ? words("rr.badge_pass") : verdict === "fail" ? words("rr.badge_fail") : words("rr.badge_none");
  }

  // ---------------------------------------------------------------- one state of the lab
  // A state: {n, k, t, delta (the δ box's text), lower, direction ("up" | "down"), mask
  // (BigInt: the event's outputs as bits)}; trusted is false when the script's arithmetic
  // differs from the build's witness (then no verdict is shown). Returns every text the lab
  // shows (keyed by data-show name, as dplab.views.labs.rr.RRLab.outputs), the verdicts, the
  // slider's value texts, the live announcement, and the pieces the page and charts need.
  // A refused δ text gives "delta-error" and the verdict "none".
  function screen(state, trusted) {
    var n = state.n;
    var k = state.k;
    var t = state.t;
    var claimRead = readClaim(state.delta);
    var claim = claimRead.claim || null;
    var denominator = deltaDenominator(n);
    var scale = HUNDRED ** BigInt(n);
    var requested = state.direction === "down" ? pairText(state.lower + 1, state.lower) : pairText(state.lower, state.lower + 1);
    var texts = {};
    texts.n = String(n);
    texts.p = approxRatio(BigInt(k), HUNDRED);
    texts.alpha = alphaText(t);
    texts.epsilon = words("rr.lab_epsilon", { eps: Math.log(t / 10).toFixed(4) });
    if (claim === null) {
      var typed = (typeof state.delta === "string" ? state.delta : "").trim();
      texts["delta-error"] = words("rr.lab_delta_refused", {
        typed: typed.length > 20 ? typed.slice(0, 20) + "…" : typed,
        reason: words(claimRead.reason)
      });
    }

    // The queried pair and event (observation only: they do not change the channel).
    var asked = query(n, k, t, state.lower, state.direction, state.mask);
    var chosen = pairText(asked.source, asked.target);
    texts["pair-note"] = asked.lower !== state.lower ? words("rr.lab_pair_clamped", { requested: requested, pair: chosen }) : "";
    var ignored = bits(asked.ignored, n + 1);
    texts["event-note"] = words("rr.lab_event_set", { event: eventText(asked.outputs) }) +
      (ignored.length ? " " + words("rr.lab_event_ignored", { ignored: eventText(ignored) }) : "");
    texts["chip-event"] = words("rr.lab_chip_place", { pair: chosen, event: eventText(asked.outputs) });
    texts.pair = words("rr.lab_pair_text", { source: asked.source, target: asked.target });
    // P(S) = ps / 100^n against αQ(S) + δ = (t·qs·E + D·10·100^n) / (10·100^n·E).
    var compared = claim === null
      ? [valueText(asked.ps, scale), "= —"]
      : comparedTexts(
        asked.ps,
        scale,
        BigInt(t) * asked.qs * claim.denominator + claim.numerator * denominator,
        denominator * claim.denominator
      );
    texts["event-values"] = words("rr.lab_event_values", { ps: compared[0], qs: valueText(asked.qs, scale), bound: compared[1] });
    var eventVerdict = trusted ? verdict(claim, asked.excess, n) : "none";
    texts["event-badge"] = badgeText(eventVerdict);
    texts["event-verdict"] = eventVerdict === "pass" ? words("rr.lab_event_pass") : eventVerdict === "fail" ? words("rr.lab_event_fail") : "";

    // The certificate: every ordered pair, every event.
    var cert = certificate(n, k, t);
    texts.required = words("rr.lab_required", { exact: requiredDeltaText(cert.required, n) });
    var certVerdict = trusted ? verdict(claim, cert.required, n) : "none";
    texts["cert-badge"] = badgeText(certVerdict);
    texts["cert-verdict"] = certVerdict === "pass" ? words("rr.lab_cert_pass") : certVerdict === "fail" ? words("rr.lab_cert_fail") : "";
    texts.worst = worstText(cert);
    texts.scope = words("rr.lab_cert_scope", { pairs: 2 * n, events: Math.pow(2, n + 1) });
    texts.pure = pureText(k);
    texts.mse = mseText(n, k);
    return {
      texts: texts,
      verdicts: { event: eventVerdict, cert: certVerdict },
      valuetexts: { p: "p = " + texts.p, alpha: "α = " + texts.alpha },
      live: words("rr.lab_live", { event: texts["event-badge"], certificate: texts["cert-badge"], required: texts.required }),
      claim: claim,
      asked: asked,
      chosen: chosen,
      cert: cert
    };
  }

  // ---------------------------------------------------------------- chart rows
  // The rows of the lab's charts (dataset names: dplab.views.randomized_response.DATASETS,
  // given as names), as dplab.views.randomized_response's *_rows write them.

  function distributionRows(n, k, source, target, outputs) {
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
  }

  // Every chart's rows for a screen (screen()'s result) at alphas t = low..high (the α grid).
  function chartRows(shown, n, k, t, names, low, high, trusted) {
    var claim = shown.claim;
    var denominator = deltaDenominator(n);
    var rows = { distributions: {}, pairs: {}, profile: {} };
    rows.distributions[names.distributions] = distributionRows(n, k, shown.asked.source, shown.asked.target, shown.asked.outputs);
    rows.distributions[names.event] = shown.asked.outputs.map(function (y) {
      return { y: y, what: words("rr.event") };
    });
    rows.pairs[names.pairs] = shown.cert.pairs.map(function (row, index) {
      var mark = trusted ? verdict(claim, row.numerator, n) : "none";
      var pair = pairText(row.source, row.target);
      return {
        index: index,
        pair: pair,
        delta: toFloat(row.numerator, denominator),
        verdict: mark === "none" ? "—" : mark === "pass" ? words("rr.pass") : words("rr.fail"),
        mark: mark === "none" ? "" : mark === "pass" ? "✓" : "✗",
        what: words("rr.required"),
        chosen: pair === shown.chosen
      };
    });
    var claimFloat = claim === null ? null : toFloat(claim.numerator, claim.denominator);
    rows.pairs[names.claim] = claim === null ? [] : [{ delta: claimFloat, what: words("rr.claim") }];
    var profile = [];
    for (var s = low; s <= high; s++) {
      profile.push({ alpha: s / 10, delta: toFloat(certificate(n, k, s).required, denominator), what: words("rr.profile") });
    }
    rows.profile[names.profile] = profile;
    rows.profile[names.point] = claim === null ? [] : [{ alpha: t / 10, delta: claimFloat, what: words("rr.claim_point") }];
    return rows;
  }

  window.DPLAB_CORE = window.DPLAB_CORE || {};
  window.DPLAB_CORE["rr-lab"] = {
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
    pairText: pairText,
    worstText: worstText,
    pureText: pureText,
    mseText: mseText,
    valueText: valueText,
    comparedTexts: comparedTexts,
    fractionText: fractionText,
    requiredDeltaText: requiredDeltaText,
    screen: screen,
    chartRows: chartRows
  };
})();
