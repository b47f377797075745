// The measure of tests/browser/layout.py (lab_reach), run in the page.
// Its argument: {blocks: where each control is scrolled to ("center", "end", …)}.
// Every lab's tables are opened first (what a reader may have opened stays in the layout).
// Scrolling, measuring and hit-testing are synchronous: the layout is brought up to date
// for each, and nothing on the page skips its rendering (the style below).
async (options) => {
  const style = document.createElement("style");
  style.textContent = ".dplab-section { content-visibility: visible !important; }"
    + " *, *::before, *::after { transition: none !important; animation: none !important; }";
  document.head.appendChild(style);
  const frames = async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((next) => requestAnimationFrame(next));
  };
  const name = (e) => e.tagName.toLowerCase()
    + (e.name ? `[name=${e.name}]` : "")
    + (e.dataset.for ? `[for=${e.dataset.for}]` : "")
    + (e.dataset.step ? `[step=${e.dataset.step}]` : "")
    + (e.name || e.dataset.for ? "" : ` "${e.textContent.trim().slice(0, 24)}"`);
  const what = (e) => (e ? name(e) + (e.className ? "." + String(e.className).split(" ")[0] : "") : "nothing");
  const covered = [];
  const far = [];
  const labs = Array.from(document.querySelectorAll("section.dplab-lab"));
  for (const lab of labs) {
    lab.querySelectorAll("details").forEach((details) => { details.open = true; });
    lab.querySelectorAll(".dplab-chart-table-toggle[aria-expanded=false]").forEach((b) => b.click());
    await frames();
    const controls = Array.from(lab.querySelectorAll("input, select, button, textarea, summary"))
      .filter((control) => control.checkVisibility());
    for (const control of controls) {
      for (const block of options.blocks) {
        control.scrollIntoView({ block, inline: "nearest", behavior: "instant" });
        const r = control.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!(hit && control.contains(hit))) {
          covered.push(`${lab.id} ${name(control)} (${block}): under ${what(hit)}`);
        }
      }
    }
    // The picture the verdict explains: its top within one screen below each slider centred.
    const chart = lab.querySelector(".dplab-chart");
    for (const slider of controls.filter((c) => c.type === "range")) {
      if (!chart) break;
      slider.scrollIntoView({ block: "center", behavior: "instant" });
      const below = chart.getBoundingClientRect().top - slider.getBoundingClientRect().top;
      if (below > innerHeight) far.push(`${lab.id} ${name(slider)}: chart ${Math.round(below)} px below`);
    }
  }
  return { labs: labs.map((lab) => lab.id), covered, far };
}
