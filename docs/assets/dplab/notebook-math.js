// Notebook pages (rendered by mkdocs-jupyter) keep math as $…$ in their Markdown cells.
// mkdocs-jupyter loads this file where it would load MathJax; it renders that math with
// the site's own KaTeX, so notebook pages need no network either. Typesetting is the
// readiness task "math" (ready.js); this script runs inside the page body, before ready.js,
// so it starts once the document is parsed.
(function () {
  "use strict";
  var base = document.currentScript.src.replace(/assets\/dplab\/notebook-math\.js.*$/, "");

  var task;

  function load(path, next) {
    var script = document.createElement("script");
    script.src = base + path;
    script.onload = next;
    script.onerror = function () { task.fail("cannot load " + path); };
    document.head.appendChild(script);
  }

  function typeset() {
    task = window.DPLAB_READY.expect("math");
    load("assets/vendor/katex/katex.min.js", function () {
      load("assets/vendor/katex/auto-render.min.js", function () {
        document.querySelectorAll(".jupyter-wrapper .jp-MarkdownOutput").forEach(function (cell) {
          renderMathInElement(cell, {
            delimiters: [
              { left: "$$", right: "$$", display: true },
              { left: "$", right: "$", display: false }
            ],
            throwOnError: false
          });
        });
        document.documentElement.setAttribute("data-dplab-math", "rendered");
        task.done();
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", typeset);
  else typeset();
})();
