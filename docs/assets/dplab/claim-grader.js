// Exercises graded exactly in the page (dplab.views.claim_grader writes their HTML and data).
//
// A finite channel comes as integer weights over one common denominator. Every number here
// is an exact fraction {n, d} of BigInts (lab.js; window.DPLAB_FRACTION): what the reader
// types ("3/8", "0.375", "1e-3", "1,000", "−1") is read exactly by lab.js's readNumber, the
// reader of the labs' steppers too, and the worst excess of an ordered pair,
// max_S P(S) − αQ(S) = Σ_y [P_y − αQ_y]₊, is summed in integers as dplab.finite does.
// Before grading anything, each grader recomputes the build's verdict and refuses to work
// (readiness task "grader" fails) if the two disagree.
//
// The exercise is the search, so the worst pair and event (and, for a δ exercise, the
// answer) are shown only when the reader finds a breaking pair and event or presses
// "정답 보기": a wrong answer is told what is wrong and where to look.
(function () {
  "use strict";

  var ZERO = BigInt(0);
  var ONE = BigInt(1);

  // ------------------------------------------------------------ exact fractions

  // Exact rationals {n, d}, their arithmetic and the number reader: lab.js, loaded before
  // this script.
  var lab = window.DPLAB_LAB;
  var Q = lab.Q;
  var sub = lab.sub;
  var mul = lab.mul;
  var compare = lab.compare;
  var text = lab.fractionText;

  // "3", "−0.25", "1e-5", "3/8", "1,000": the exact value, or null if it is not a number.
  function parse(typed) {
    return lab.readNumber(typed).value || null;
  }

  window.DPLAB_FRACTION = {
    make: Q, parse: parse, add: lab.add, sub: sub, mul: mul, div: lab.div,
    compare: compare, text: text
  };

  // ------------------------------------------------------------ one channel

  function words(key, values) { return window.DPLAB_LAB.words(key, values); }

  // "3/16 = 0.1875", "1/6 ≈ 0.1667", "2": the course's text of an exact ratio
  // (dplab.views.laplace.exact_text).
  var shown = lab.exactText;

  function Channel(data) {
    this.outputs = data.outputs;
    this.inputs = data.inputs;
    this.denominator = BigInt(data.denominator);
    this.weights = data.weights.map(function (row) { return row.map(BigInt); });
    this.pairs = data.pairs;
  }

  // The worst excess of pair k at factor alpha and its event (the strictly positive atoms).
  Channel.prototype.pairExcess = function (k, alpha) {
    var source = this.weights[this.pairs[k][0]];
    var target = this.weights[this.pairs[k][1]];
    var total = ZERO;
    var event = [];
    for (var y = 0; y < source.length; y++) {
      var gap = alpha.d * source[y] - alpha.n * target[y];
      if (gap > ZERO) {
        total += gap;
        event.push(y);
      }
    }
    return { pair: k, event: event, excess: Q(total, alpha.d * this.denominator) };
  };

  // The smallest δ at alpha over every pair; the first worst pair in table order.
  Channel.prototype.certificate = function (alpha) {
    var worst = null;
    for (var k = 0; k < this.pairs.length; k++) {
      var row = this.pairExcess(k, alpha);
      if (!worst || compare(row.excess, worst.excess) > 0) worst = row;
    }
    return worst;
  };

  // P(S), Q(S) and P(S) − αQ(S) of pair k on the event (output indices).
  Channel.prototype.event = function (k, event, alpha) {
    var source = this.weights[this.pairs[k][0]];
    var target = this.weights[this.pairs[k][1]];
    var p = ZERO;
    var q = ZERO;
    event.forEach(function (y) {
      p += source[y];
      q += target[y];
    });
    var ps = Q(p, this.denominator);
    var qs = Q(q, this.denominator);
    return { pair: k, event: event, ps: ps, qs: qs, excess: sub(ps, mul(alpha, qs)) };
  };

  Channel.prototype.pairText = function (k) {
    return this.inputs[this.pairs[k][0]] + "→" + this.inputs[this.pairs[k][1]];
  };

  Channel.prototype.eventText = function (event) {
    var outputs = this.outputs;
    return event.length ? "{" + event.map(function (y) { return outputs[y]; }).join(", ") + "}" : "∅";
  };

  // "{0, 2}", "0 2", "∅", "" → output indices in order, or {bad: text}.
  Channel.prototype.parseEvent = function (value) {
    var items = String(value).replace(/[{}∅]/g, " ").split(/[\s,]+/).filter(Boolean);
    var chosen = {};
    for (var i = 0; i < items.length; i++) {
      var index = this.outputs.indexOf(items[i]);
      if (index < 0) return { bad: items[i] };
      chosen[index] = true;
    }
    return { event: this.outputs.map(function (_, y) { return y; }).filter(function (y) { return chosen[y]; }) };
  };

  // The sentence that shows where a claim (alpha, delta) breaks: pair, event, numbers.
  Channel.prototype.breakingText = function (worst, alpha, delta) {
    var check = this.event(worst.pair, worst.event, alpha);
    return words("grader.breaking", {
      pair: this.pairText(worst.pair),
      event: this.eventText(worst.event),
      ps: shown(check.ps),
      qs: shown(check.qs),
      excess: shown(check.excess),
      delta: shown(delta)
    });
  };

  // ------------------------------------------------------------ one exercise

  function say(box, verdict, lines) {
    box.textContent = "";
    lines.forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      box.appendChild(p);
    });
    box.dataset.verdict = verdict;
  }

  function readInput(input, problems, check, problemKey) {
    var read = lab.readNumber(input.value);
    var value = read.value;
    if (!value) {
      problems.push(words("grader.bad_number", { text: input.value, reason: words(read.reason) }));
      input.setAttribute("aria-invalid", "true");
      return null;
    }
    if (!check(value)) {
      problems.push(words(problemKey));
      input.setAttribute("aria-invalid", "true");
      return null;
    }
    input.removeAttribute("aria-invalid");
    return value;
  }

  function isAlpha(a) { return compare(a, Q(ONE, ONE)) >= 0; }
  function isDelta(d) { return compare(d, Q(ZERO, ONE)) >= 0 && compare(d, Q(ONE, ONE)) <= 0; }

  function Grader(root) {
    var data = DPLAB_JSON(root.querySelector(".dplab-grader-data"));
    var channel = new Channel(data);
    var alpha = parse(data.alpha);
    var delta = parse(data.delta);
    var worst = channel.certificate(alpha);
    var expected = data.expected;
    var agrees = compare(worst.excess, parse(expected.required)) === 0 &&
      (compare(worst.excess, delta) <= 0) === expected.passes &&
      channel.pairs[worst.pair].join() === expected.pair.join() &&
      worst.event.join() === expected.event.join();
    if (!agrees) {
      root.querySelector(".dplab-grader-error").hidden = false;
      throw new Error("the grader disagrees with the build on " + root.id);
    }
    root.querySelector(".dplab-grader-static").hidden = true;
    root.querySelector(".dplab-grader-live").hidden = false;
    var holds = compare(worst.excess, delta) <= 0;
    // Answered right or answer shown: from then on the own-claim checker names the pair
    // and event that break a failing claim (before, they could be the exercise's answer).
    var settled = false;

    root.querySelector('[data-action="reveal"]').addEventListener("click", function () {
      settled = true;
      say(root.querySelector('[data-result="answer"]'), "solution", solution());
    });

    root.querySelectorAll("form").forEach(function (form) {
      var result = root.querySelector('[data-result="' + form.dataset.form + '"]');
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        if (form.dataset.form === "own") gradeOwn(form, result);
        else if (data.task === "claim") gradeClaim(form, result);
        else gradeDelta(form, result);
      });
    });

    // What "정답 보기" shows: the verdict with the worst pair and event, or the exact δ.
    function solution() {
      var values = { required: shown(worst.excess), delta: shown(delta) };
      if (data.task === "delta") {
        var check = channel.event(worst.pair, worst.event, alpha);
        values.pair = channel.pairText(worst.pair);
        values.event = channel.eventText(worst.event);
        values.ps = shown(check.ps);
        values.qs = shown(check.qs);
        return [words("grader.solution_delta", values)];
      }
      if (holds) return [words("grader.solution_holds", values)];
      return [words("grader.solution_breaks"), channel.breakingText(worst, alpha, delta)];
    }

    function right(result, lines) {
      settled = true;
      say(result, "right", lines);
    }

    function gradeClaim(form, result) {
      var choice = form.querySelector("input[type=radio]:checked");
      if (!choice) return say(result, "invalid", [words("grader.choose")]);
      if (choice.value === "holds") {
        if (holds) return right(result, [words("grader.right_holds", { required: shown(worst.excess), delta: shown(delta) })]);
        return say(result, "wrong", [words("grader.wrong_holds"), words("grader.search")]);
      }
      var input = form.querySelector('[name="event"]');
      var parsed = channel.parseEvent(input.value);
      if (parsed.bad !== undefined) {
        input.setAttribute("aria-invalid", "true");
        return say(result, "invalid", [words("grader.bad_event", { text: parsed.bad, outputs: channel.eventText(channel.outputs.map(function (_, y) { return y; })) })]);
      }
      input.removeAttribute("aria-invalid");
      var check = channel.event(Number(form.querySelector('[name="pair"]').value), parsed.event, alpha);
      if (compare(check.excess, delta) > 0) {
        return right(result, [words("grader.right_breaks"), channel.breakingText(check, alpha, delta)]);
      }
      var values = { excess: shown(check.excess), delta: shown(delta) };
      return say(result, "wrong", [words(holds ? "grader.holds_instead" : "grader.no_break", values)]);
    }

    function gradeDelta(form, result) {
      var problems = [];
      var typed = readInput(form.querySelector('[name="delta"]'), problems, isDelta, "grader.bad_delta");
      if (!typed) return say(result, "invalid", problems);
      var order = compare(typed, worst.excess);
      if (order === 0) {
        return right(result, [words("grader.delta_right", { required: shown(worst.excess), pair: channel.pairText(worst.pair), event: channel.eventText(worst.event) })]);
      }
      if (order < 0) return say(result, "wrong", [words("grader.delta_small")]);
      return say(result, "wrong", [words("grader.delta_large")]);
    }

    function gradeOwn(form, result) {
      var problems = [];
      var ownAlpha = readInput(form.querySelector('[name="alpha"]'), problems, isAlpha, "grader.bad_alpha");
      var ownDelta = readInput(form.querySelector('[name="delta"]'), problems, isDelta, "grader.bad_delta");
      if (problems.length) return say(result, "invalid", problems);
      var own = channel.certificate(ownAlpha);
      if (compare(own.excess, ownDelta) <= 0) {
        return say(result, "right", [words("grader.own_holds", { required: shown(own.excess), delta: shown(ownDelta) })]);
      }
      var where = settled ? channel.breakingText(own, ownAlpha, ownDelta) : words("grader.own_hidden");
      return say(result, "wrong", [words("grader.own_fails", { required: shown(own.excess) }), where]);
    }
  }

  // For tests: the same arithmetic on any channel's data (dplab.views.claim_grader).
  window.DPLAB_GRADER = { Channel: Channel };

  function start() {
    var roots = document.querySelectorAll(".dplab-grader");
    if (!roots.length) return;
    var task = window.DPLAB_READY.expect("grader");
    var problem = null;
    roots.forEach(function (root) {
      try {
        new Grader(root);  // eslint-disable-line no-new
      } catch (error) {
        console.error("DP Lab grader: " + error);
        problem = error;
      }
    });
    if (problem) task.fail(String(problem));
    else task.done();
  }

  window.DPLAB_READY.whenParsed(start);
})();
