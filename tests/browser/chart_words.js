// The words of every drawn chart of a page as a reader sees them (tests.browser.chart_words).
// For each chart drawn live (svg.marks): each text the chart wrote (one per line of a text
// broken over lines) with its role (a legend's label or title, an axis's title or labels,
// the chart's title, a text mark), its box on screen and its font size as rendered (its
// font size times the SVG's display scale). Hidden charts (a walkthrough's other steps)
// are left out: they are measured when shown.
() => {
  const ROLES = ["legend-label", "legend-title", "axis-title", "axis-label", "title", "title-text",
    "title-subtitle", "mark"];
  function roleOf(text) {
    for (let g = text.parentElement; g && g.tagName.toLowerCase() !== "svg"; g = g.parentElement) {
      const role = ROLES.find((r) => g.classList.contains("role-" + r));
      if (role) return role;
    }
    return "other";
  }
  return [...document.querySelectorAll(".dplab-chart")].filter((c) => c.checkVisibility())
    .map((chart) => {
      const svg = chart.querySelector("svg.marks");
      if (!svg) return null;
      const box = chart.getBoundingClientRect();
      const drawn = svg.getBoundingClientRect();
      const scale = drawn.width / (parseFloat(svg.getAttribute("width")) || drawn.width);
      const words = [];
      for (const text of svg.querySelectorAll("text")) {
        if (!text.textContent.trim()) continue;
        const lines = text.querySelectorAll("tspan").length ? [...text.querySelectorAll("tspan")] : [text];
        const size = parseFloat(getComputedStyle(text).fontSize) * scale;
        for (const line of lines) {
          const r = line.getBoundingClientRect();
          if (r.width === 0 || !line.textContent.trim()) continue;
          words.push({text: line.textContent, role: roleOf(text), size: Math.round(size * 10) / 10,
            left: r.left, right: r.right, top: r.top, bottom: r.bottom});
        }
      }
      return {id: chart.id, spec: chart.querySelector('script[type="application/json"]').textContent,
        // What shows of the drawing: the SVG clips what it draws, its column what passes it.
        box: {left: Math.max(box.left, drawn.left), right: Math.min(box.right, drawn.right),
              top: drawn.top, bottom: drawn.bottom},
        words};
    }).filter((chart) => chart !== null);
}
