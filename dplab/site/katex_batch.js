// Render many TeX formulas with one KaTeX instance: JSON array in on stdin, JSON array out.
// Input items: {"tex": "...", "displayMode": bool}; output items: {"output": html} or {"error": "..."}.
"use strict";
const katex = require("katex");

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const results = JSON.parse(input).map((item) => {
    try {
      return {
        output: katex.renderToString(item.tex, {
          displayMode: Boolean(item.displayMode),
          throwOnError: true,
          strict: "warn",
          output: "htmlAndMathml",
        }),
      };
    } catch (error) {
      return { error: String(error.message || error) };
    }
  });
  process.stdout.write(JSON.stringify(results));
});
