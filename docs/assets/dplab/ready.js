// Page readiness: one documented signal that a page has finished the work it does on its
// own, for readers' tools and for the browser tests (which wait on it, never on time or on
// "network idle").
//
// A script that starts work the reader should wait for (a chart being drawn, a lab
// starting) announces it with `var task = DPLAB_READY.expect(name)`
// and settles it with `task.done()` or `task.fail(reason)`. The state is on <html>:
//   data-dplab-pending="chart:fig-1 lab:rr-1"  the tasks not settled yet (absent when none);
//   data-dplab-failed="chart:fig-2: reason"    the tasks that failed (absent when none);
//   data-dplab-ready="ok" | "failed"           set once the document has loaded and every
//                                               announced task has settled.
// When it is set, the document receives the event "dplab:ready". Work announced later (a
// chart redrawn for the other palette) removes data-dplab-ready until it settles again.
// mkdocs.yml loads this script before every other script of the site, so it also holds
// what every other script shares: the page's words (window.DPLAB_WORDS.words, the one
// reader of the labels, with the Korean particle rule), and the page data (DPLAB_JSON).
(function () {
  "use strict";

  // ---------------------------------------------------------------- label texts
  // The one reader of the page's words (window.DPLAB.labels, from dplab-config.js), for
  // every script of the site: charts.js, components.js, lab.js and the labs (through
  // DPLAB_LAB.words). Checked in Node against dplab.views.label (tests/js/words.test.cjs,
  // particles.test.cjs).

  // The word of "one|other" that agrees with a count: the first exactly when the count
  // reads 1 (plural_form, dplab/views/_particles.py). A placeholder {count:one|other} shows it.
  function pluralForm(value, forms) {
    var choices = forms.split("|");
    return String(value).trim() === "1" ? choices[0] : choices[choices.length - 1];
  }

  // A label with {name} placeholders; {{ and }} are literal braces (Python's str.format);
  // {name:one|other} is the word that agrees with the count name (pluralForm).
  // The Korean particle after a placeholder agrees with the value put there
  // (fixParticle; dplab.views.format_with_particles). A key the page's words lack is a
  // bug, as in Python (dplab.views.label raises): it is reported on the console, which
  // fails the browser tests, and the key is shown so that the page still works.
  function words(key, values) {
    var labels = (window.DPLAB && window.DPLAB.labels) || {};
    if (!Object.prototype.hasOwnProperty.call(labels, key)) {
      console.error("dplab: missing label " + JSON.stringify(key));
      return key;
    }
    var text = labels[key];
    if (!values) return text;
    var pieces = [];
    var previous = null;
    var at = 0;
    var field = /\{\{|\}\}|\{(\w+)(?::([^{}|]*(?:\|[^{}|]*)+))?\}/g;
    var match;
    function literal(piece) {
      pieces.push(previous === null ? piece : fixParticle(previous, piece));
      previous = null;
    }
    while ((match = field.exec(text)) !== null) {
      if (match[0] === "{{" || match[0] === "}}") {
        literal(text.slice(at, match.index) + match[0].charAt(0));
      } else {
        literal(text.slice(at, match.index));
        var known = Object.prototype.hasOwnProperty.call(values, match[1]);
        var value = known ? String(values[match[1]]) : match[0];
        if (known && match[2] !== undefined) value = pluralForm(value, match[2]);
        pieces.push(value);
        previous = known ? value : null;
      }
      at = field.lastIndex;
    }
    literal(text.slice(at));
    return pieces.join("");
  }

  // ---------------------------------------------------------------- Korean particles
  // The rules of dplab.views._particles (final_sound, fix_particle), checked in Node
  // against Python's results (tests/views/test_particles.py).

  var VOWEL = "vowel";
  var RIEUL = "rieul";
  var CONSONANT = "consonant";
  var DIGIT_SOUND = [CONSONANT, RIEUL, VOWEL, CONSONANT, VOWEL, VOWEL, CONSONANT, RIEUL, RIEUL, VOWEL];
  var LARGE_UNIT_SOUND = [CONSONANT, CONSONANT, VOWEL, CONSONANT, VOWEL];
  var LATIN_SOUND = { l: RIEUL, m: CONSONANT, n: CONSONANT, r: RIEUL };
  var GREEK_VOWEL = "αβγδζηθικλμνξπρστφχψωΔΘΛΞΠΣΦΨΩ";
  var GREEK_CONSONANT = "εοϵυΥ";
  var SYMBOL_SOUND = { "%": VOWEL, "∞": VOWEL, "′": CONSONANT, "″": CONSONANT };
  var SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺";
  var NUMBER_END = /([0-9][0-9,]*)(?:\.([0-9]+))?$/;
  var FRACTION_END = /([0-9][0-9,]*)\/[0-9][0-9,]*$/;
  var POWER_END = /[0-9][eE][+\-−]?[0-9]+$/;
  var MARKUP_END = /(?:[`$*_\s]|<\/?[a-z][^>]*>|\\[)\]])+$/;
  var PARENTHESIS_END = /\s*(?:\([^()]*\)|\[[^[\]]*\])$/;
  var CLOSING = /^(?:`\$|\*\*|\*)?/;
  var PARTICLE = new RegExp(
    "^(?:(으로|로)(?=(?:는|도|부터|서|써|의)?(?![가-힣]))" +
      "|(과|와)(?=(?:의|는|도)?(?![가-힣]))" +
      "|(을|를|이|가|은|는)(?![가-힣]))"
  );
  var PAIRS = [["을", "를"], ["이", "가"], ["은", "는"], ["과", "와"], ["으로", "로"]];

  function numberSound(integer, decimals) {
    if (decimals) return DIGIT_SOUND[+decimals.charAt(decimals.length - 1)];
    var digits = integer.replace(/,/g, "");
    var kept = digits.replace(/0+$/, "");
    if (kept === "" || kept === digits) return DIGIT_SOUND[+digits.charAt(digits.length - 1)];
    var zeros = digits.length - kept.length;
    if (zeros < 4) return CONSONANT; // …십, …백, …천
    var large = Math.floor(zeros / 4) - 1; // the last group's unit: 만 억 조 경 해
    return large < LARGE_UNIT_SOUND.length ? LARGE_UNIT_SOUND[large] : null;
  }

  function finalSound(text) {
    text = text.replace(MARKUP_END, "");
    for (;;) {
      var stripped = text.replace(PARENTHESIS_END, "").replace(MARKUP_END, "");
      if (!stripped && text) stripped = text.trim().slice(1, -1).replace(MARKUP_END, "");
      if (stripped === text) break;
      text = stripped;
    }
    if (!text) return null;
    var last = text.charAt(text.length - 1);
    var code = last.charCodeAt(0);
    if (code >= 0xac00 && code <= 0xd7a3) {
      var coda = (code - 0xac00) % 28;
      return coda === 0 ? VOWEL : coda === 8 ? RIEUL : CONSONANT;
    }
    if (SUPERSCRIPTS.indexOf(last) >= 0 || POWER_END.test(text)) return CONSONANT;
    if (last >= "0" && last <= "9") {
      var fraction = FRACTION_END.exec(text);
      if (fraction) return numberSound(fraction[1], null);
      var number = NUMBER_END.exec(text);
      return numberSound(number[1], number[2]);
    }
    if (Object.prototype.hasOwnProperty.call(SYMBOL_SOUND, last)) return SYMBOL_SOUND[last];
    if (/^[A-Za-z]$/.test(last)) return LATIN_SOUND[last.toLowerCase()] || VOWEL;
    if (GREEK_VOWEL.indexOf(last) >= 0) return VOWEL;
    if (GREEK_CONSONANT.indexOf(last) >= 0) return CONSONANT;
    return null;
  }

  function fixParticle(value, following) {
    var closing = CLOSING.exec(following)[0];
    var match = PARTICLE.exec(following.slice(closing.length));
    var sound = match ? finalSound(value) : null;
    if (sound === null) return following;
    var written = match[1] || match[2] || match[3];
    for (var k = 0; k < PAIRS.length; k++) {
      var afterConsonant = PAIRS[k][0];
      var afterVowel = PAIRS[k][1];
      if (written !== afterConsonant && written !== afterVowel) continue;
      var right = afterVowel === "로"
        ? (sound === CONSONANT ? afterConsonant : afterVowel)
        : (sound === VOWEL ? afterVowel : afterConsonant);
      return closing + right + following.slice(closing.length + written.length);
    }
    return following;
  }

  // ---------------------------------------------------------------- readiness

  var root = document.documentElement;
  var pending = new Map();
  var failures = [];
  var loaded = false;
  var counter = 0;

  function publish() {
    var names = Array.from(pending.values());
    if (names.length) root.setAttribute("data-dplab-pending", names.join(" "));
    else root.removeAttribute("data-dplab-pending");
    if (failures.length) root.setAttribute("data-dplab-failed", failures.join(" | "));
    if (!loaded || names.length) {
      root.removeAttribute("data-dplab-ready");
      return;
    }
    var verdict = failures.length ? "failed" : "ok";
    if (root.getAttribute("data-dplab-ready") === verdict) return;
    root.setAttribute("data-dplab-ready", verdict);
    performance.mark("dplab:ready");
    document.dispatchEvent(new CustomEvent("dplab:ready", { detail: { ready: verdict } }));
  }

  function expect(name) {
    var key = ++counter;
    var settled = false;
    pending.set(key, name);
    publish();
    function settle(reason) {
      if (settled) return;
      settled = true;
      pending.delete(key);
      if (reason !== undefined) failures.push(name + ": " + reason);
      publish();
    }
    return {
      done: function () { settle(); },
      fail: function (reason) { settle(String(reason)); }
    };
  }

  // Fonts are part of what the reader sees (KaTeX's and the Korean text's): those of the
  // first screen, and each font loaded later, when a part of the page that needs it is
  // shown (components.js measures boxes again once it has arrived).
  if (document.fonts && document.fonts.ready) {
    var fonts = expect("fonts");
    document.fonts.ready.then(fonts.done, fonts.fail);
    var later = null;
    document.fonts.addEventListener("loading", function () {
      if (!later) later = expect("fonts");
    });
    // Fired once the fonts being loaded have settled, also when one failed (the tests
    // report failed requests themselves).
    document.fonts.addEventListener("loadingdone", function () {
      if (later) later.done();
      later = null;
    });
  }

  window.addEventListener("load", function () {
    loaded = true;
    publish();
  });

  // Run `start` once the document is parsed, after the DOMContentLoaded listeners added
  // before it (Material's own start, in its bundle): on DOMContentLoaded if that has not
  // fired yet, else at once. The site's scripts are deferred (dplab/site/loading.py), and a
  // deferred script runs after the parser is done (readyState "interactive") but before
  // DOMContentLoaded, so readyState cannot tell; the navigation's timing can. A script
  // that started its work while deferred made Material's start force the layout of
  // everything it had changed (a lesson's style recalculated in one 0.2-0.3 s task).
  function whenParsed(start) {
    var clock = window.performance;
    var timing = clock && clock.getEntriesByType ? clock.getEntriesByType("navigation")[0] : undefined;
    var fired = timing ? timing.domContentLoadedEventStart > 0 : document.readyState !== "loading";
    if (fired) start();
    else document.addEventListener("DOMContentLoaded", start);
  }

  window.DPLAB_READY = { expect: expect, whenParsed: whenParsed };
  window.DPLAB_WORDS = { words: words, finalSound: finalSound, fixParticle: fixParticle };

  // The JSON of a chart, lab or grader: the build moves it out of the page into the page's
  // data script (dplab/site/page_data.py), leaving the empty <script data-dplab-data="n">;
  // where nothing was moved (a notebook's output), the script's own text. Parsed afresh at
  // each call: the caller may change what it gets.
  window.DPLAB_JSON = function (script) {
    var number = script.getAttribute("data-dplab-data");
    if (number === null) return JSON.parse(script.textContent);
    var data = window.DPLAB_PAGE_DATA;
    if (!data || data[number] === undefined) {
      throw new Error("the page's data script has no entry " + number);
    }
    return JSON.parse(data[number]);
  };
})();
