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
// mkdocs.yml loads this script before every other script of the site.
(function () {
  "use strict";

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

  window.DPLAB_READY = { expect: expect };

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
