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

  function isAlpha(a) { return compare(a, Q(ONE, ONE)) >= 0; }
  function isDelta(d) { return compare(d, Q(ZERO, ONE)) >= 0 && compare(d, Q(ONE, ONE)) <= 0; }

  // A typed number, or null with its problem added to answer.lines and its field to
  // answer.invalid.
  function readField(answer, name, typed, check, problemKey) {
    var read = lab.readNumber(typed);
    if (!read.value) {
      answer.lines.push(words("grader.bad_number", { text: typed, reason: words(read.reason) }));
      answer.invalid.push(name);
      return null;
    }
    if (!check(read.value)) {
      answer.lines.push(words(problemKey));
      answer.invalid.push(name);
      return null;
    }
    return read.value;
  }

  function reply(verdict, lines) { return { verdict: verdict, lines: lines, invalid: [] }; }

  // The rules of one exercise, without a page: each grade* takes what the reader typed or
  // chose and returns {verdict, lines, invalid} (invalid: the names of the fields to mark).
  // verdict is "right", "wrong", "invalid" or "solution"; a wrong answer never says on which
  // side of the answer it lies, and never names the worst pair or event.
  function Exercise(data) {
    this.data = data;
    this.channel = new Channel(data);
    this.alpha = parse(data.alpha);
    this.delta = parse(data.delta);
    this.worst = this.channel.certificate(this.alpha);
    this.holds = compare(this.worst.excess, this.delta) <= 0;
  }

  // Whether the page's arithmetic reaches the build's verdict, smallest δ, pair and event.
  Exercise.prototype.agrees = function () {
    var expected = this.data.expected;
    var worst = this.worst;
    return compare(worst.excess, parse(expected.required)) === 0 &&
      this.holds === expected.passes &&
      this.channel.pairs[worst.pair].join() === expected.pair.join() &&
      worst.event.join() === expected.event.join();
  };

  // What "정답 보기" shows: the verdict with the worst pair and event, or the exact δ.
  Exercise.prototype.solution = function () {
    var channel = this.channel;
    var worst = this.worst;
    var values = { required: shown(worst.excess), delta: shown(this.delta) };
    if (this.data.task === "delta") {
      var check = channel.event(worst.pair, worst.event, this.alpha);
      values.pair = channel.pairText(worst.pair);
      values.event = channel.eventText(worst.event);
      values.ps = shown(check.ps);
      values.qs = shown(check.qs);
      return reply("solution", [words("grader.solution_delta", values)]);
    }
    if (this.holds) return reply("solution", [words("grader.solution_holds", values)]);
    return reply("solution", [words("grader.solution_breaks"), channel.breakingText(worst, this.alpha, this.delta)]);
  };

  // "break this claim": answer.choice ("holds", "breaks" or null), answer.pair (the index of
  // the ordered pair as text; "" while none is chosen) and answer.event (the typed text).
  Exercise.prototype.gradeClaim = function (answer) {
    var channel = this.channel;
    var delta = this.delta;
    if (!answer.choice) return reply("invalid", [words("grader.choose")]);
    if (answer.choice === "holds") {
      if (this.holds) return reply("right", [words("grader.right_holds", { required: shown(this.worst.excess), delta: shown(delta) })]);
      return reply("wrong", [words("grader.wrong_holds"), words("grader.search")]);
    }
    var refused = reply("invalid", []);
    var pair = answer.pair === "" || answer.pair === null || answer.pair === undefined ? -1 : Number(answer.pair);
    if (!(pair >= 0 && pair < channel.pairs.length)) {
      refused.lines.push(words("grader.no_pair"));
      refused.invalid.push("pair");
    }
    var outputs = channel.eventText(channel.outputs.map(function (_, y) { return y; }));
    var parsed = null;
    if (!String(answer.event).trim()) {
      refused.lines.push(words("grader.empty_event", { outputs: outputs }));
      refused.invalid.push("event");
    } else {
      parsed = channel.parseEvent(answer.event);
      if (parsed.bad !== undefined) {
        refused.lines.push(words("grader.bad_event", { text: parsed.bad, outputs: outputs }));
        refused.invalid.push("event");
      }
    }
    if (refused.lines.length) return refused;
    var check = channel.event(pair, parsed.event, this.alpha);
    if (compare(check.excess, delta) > 0) {
      return reply("right", [words("grader.right_breaks"), channel.breakingText(check, this.alpha, delta)]);
    }
    var values = { excess: shown(check.excess), delta: shown(delta) };
    return reply("wrong", [words(this.holds ? "grader.holds_instead" : "grader.no_break", values)]);
  };

  // "type the exact δ": a wrong value is told how to compute δ, never whether it is too
  // small or too large (that would let the reader home in on δ by halving).
  Exercise.prototype.gradeDelta = function (typed) {
    var answer = reply("invalid", []);
    var value = readField(answer, "delta", typed, isDelta, "grader.bad_delta");
    if (!value) return answer;
    var worst = this.worst;
    if (compare(value, worst.excess) === 0) {
      return reply("right", [words("grader.delta_right", { required: shown(worst.excess), pair: this.channel.pairText(worst.pair), event: this.channel.eventText(worst.event) })]);
    }
    return reply("wrong", [words("grader.delta_wrong", { typed: shown(value) })]);
  };

  // "test a claim of your own" at (alphaText, deltaText). Until the exercise is settled
  // (answered right or its answer shown) only the verdict: the smallest δ, or the pair and
  // event that break the claim, could be the exercise's answer or lead straight to it.
  Exercise.prototype.gradeOwn = function (alphaText, deltaText, settled) {
    var answer = reply("invalid", []);
    var ownAlpha = readField(answer, "alpha", alphaText, isAlpha, "grader.bad_alpha");
    var ownDelta = readField(answer, "delta", deltaText, isDelta, "grader.bad_delta");
    if (answer.lines.length) return answer;
    var own = this.channel.certificate(ownAlpha);
    var values = { required: shown(own.excess), delta: shown(ownDelta) };
    if (compare(own.excess, ownDelta) <= 0) {
      if (!settled) return reply("right", [words("grader.own_holds_hidden", values), words("grader.own_hidden")]);
      return reply("right", [words("grader.own_holds", values)]);
    }
    if (!settled) return reply("wrong", [words("grader.own_fails_hidden", values), words("grader.own_hidden")]);
    return reply("wrong", [words("grader.own_fails", values), this.channel.breakingText(own, ownAlpha, ownDelta)]);
  };

  // ------------------------------------------------------------ one grader in the page

  function say(box, answer) {
    box.textContent = "";
    answer.lines.forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      box.appendChild(p);
    });
    box.dataset.verdict = answer.verdict;
  }

  // Mark the fields the answer refused (aria-invalid), and unmark the others of the form.
  function mark(form, answer) {
    form.querySelectorAll("input[name], select[name]").forEach(function (field) {
      if (field.type === "radio") return;
      if (answer.invalid.indexOf(field.name) >= 0) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    });
  }

  function Grader(root) {
    var exercise = new Exercise(window.DPLAB_JSON(root.querySelector(".dplab-grader-data")));
    if (!exercise.agrees()) {
      root.querySelector(".dplab-grader-error").hidden = false;
      throw new Error("the grader disagrees with the build on " + root.id);
    }
    root.querySelector(".dplab-grader-static").hidden = true;
    root.querySelector(".dplab-grader-live").hidden = false;
    // Answered right or answer shown: from then on the own-claim checker states the
    // smallest δ and names the pair and event that break a failing claim.
    var settled = false;

    root.querySelector('[data-action="reveal"]').addEventListener("click", function () {
      settled = true;
      say(root.querySelector('[data-result="answer"]'), exercise.solution());
    });

    root.querySelectorAll("form").forEach(function (form) {
      var result = root.querySelector('[data-result="' + form.dataset.form + '"]');
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var answer = grade(form);
        if (form.dataset.form === "answer" && answer.verdict === "right") settled = true;
        mark(form, answer);
        say(result, answer);
      });
    });

    function field(form, name) { return form.querySelector('[name="' + name + '"]'); }

    function grade(form) {
      if (form.dataset.form === "own") {
        return exercise.gradeOwn(field(form, "alpha").value, field(form, "delta").value, settled);
      }
      if (exercise.data.task === "delta") return exercise.gradeDelta(field(form, "delta").value);
      var choice = form.querySelector("input[type=radio]:checked");
      return exercise.gradeClaim({
        choice: choice ? choice.value : null,
        pair: field(form, "pair").value,
        event: field(form, "event").value
      });
    }
  }

  // For tests: the same arithmetic on any channel's data (dplab.views.claim_grader).
  window.DPLAB_GRADER = { Channel: Channel, Exercise: Exercise };

  function start() {
    var roots = document.querySelectorAll(".dplab-grader");
    if (!roots.length) return;
    var task = window.DPLAB_READY.expect("grader");
    var problem = null;
    roots.forEach(function (root) {
      try {
        new Grader(root);
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
