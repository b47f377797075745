// Draw a picture (SVG) of each Vega-Lite chart with the project's own vega and vega-lite.
// JSON array in on stdin, JSON array out. Input items: {"spec": {...}, "config": {...}}
// (config: the palette's chart theme, as the page applies it); output items:
// {"output": svg} or {"error": "..."}. Without a canvas, Vega estimates text widths from
// the font size, so the pictures are the same on every machine.
import * as vega from "vega";
import * as vegaLite from "vega-lite";

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", async () => {
  const results = [];
  for (const item of JSON.parse(input)) {
    try {
      const compiled = vegaLite.compile(item.spec, { config: item.config }).spec;
      const view = new vega.View(vega.parse(compiled), { renderer: "none" });
      results.push({ output: await view.toSVG() });
      view.finalize();
    } catch (error) {
      results.push({ error: String(error.message || error) });
    }
  }
  process.stdout.write(JSON.stringify(results));
});
