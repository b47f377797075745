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
    // The picture each slider moves: with the slider centred, the top of the nearest chart
    // it drives within one screen below it. A control drives the charts its field names
    // (data-drives: the data-chart parts, from the lab's definition), else every chart.
    const charts = Array.from(lab.querySelectorAll(".dplab-chart"));
    for (const slider of controls.filter((c) => c.type === "range")) {
      const drives = slider.closest("[data-drives]")?.dataset.drives.split(" ");
      const driven = drives
        ? drives.map((part) => lab.querySelector(`[data-chart="${part}"] .dplab-chart`))
        : charts;
      const shown = driven.filter((chart) => chart.checkVisibility());
      if (shown.length === 0) continue;
      slider.scrollIntoView({ block: "center", behavior: "instant" });
      const gaps = shown.map((chart) => chart.getBoundingClientRect().top - slider.getBoundingClientRect().top);
      const below = Math.min(...gaps);
      const which = drives ? ` (${drives.join(", ")})` : "";
      if (below > innerHeight) far.push(`${lab.id} ${name(slider)}: chart${which} ${Math.round(below)} px below`);
    }
  }
  return { labs: labs.map((lab) => lab.id), covered, far };
}
