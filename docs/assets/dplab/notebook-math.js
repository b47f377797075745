// Notebook pages (rendered by mkdocs-jupyter) keep math as $…$ in their Markdown cells.
// mkdocs-jupyter loads this file where it would load MathJax; it renders that math with
// the site's own KaTeX, so notebook pages need no network either.
(function () {
  "use strict";
  var base = document.currentScript.src.replace(/assets\/dplab\/notebook-math\.js.*$/, "");

  function load(path, next) {
    var script = document.createElement("script");
    script.src = base + path;
    script.onload = next;
    document.head.appendChild(script);
  }

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
    });
  });
})();
