// Draw every .dplab-chart with the site's own vega-embed, themed by Material's palette.
// The spec is inline JSON (file:// pages cannot fetch files). When the reader switches
// between light and dark, each chart is redrawn with the other theme and keeps the
// positions of its sliders.
//
// For interactive components (labs, steppers): after each draw, the container gets the
// Vega view as `container.dplabView` and receives a `dplab:chart-drawn` event whose
// `detail.view` is that view. A redraw (palette switch) sends the event again.
(function () {
  "use strict";

  var views = new Map();

  function schemeName() {
    return document.body.getAttribute("data-md-color-scheme") === "slate" ? "dark" : "light";
  }

  function embedOptions() {
    var words = window.DPLAB.labels;
    return {
      renderer: "svg",
      config: window.DPLAB.themes[schemeName()],
      actions: { export: true, source: false, compiled: false, editor: false },
      i18n: {
        SVG_ACTION: words["chart.export_svg"],
        PNG_ACTION: words["chart.export_png"],
        CLICK_TO_VIEW_ACTIONS: words["chart.menu"]
      }
    };
  }

  function draw(container) {
    var spec = JSON.parse(container.querySelector('script[type="application/json"]').textContent);
    var target = container.querySelector(".dplab-chart-view");
    if (!target) {
      target = document.createElement("div");
      target.className = "dplab-chart-view";
      container.appendChild(target);
    }
    var previous = views.get(container);
    var state = previous ? previous.getState({ data: vega.falsy, signals: vega.truthy, recurse: true }) : null;
    if (previous) previous.finalize();
    return vegaEmbed(target, spec, embedOptions()).then(function (result) {
      if (state) result.view.setState(state);
      views.set(container, result.view);
      container.dplabView = result.view;
      container.setAttribute("data-dplab-theme", schemeName());
      container.dispatchEvent(new CustomEvent("dplab:chart-drawn", { bubbles: true, detail: { view: result.view } }));
    }).catch(function (error) {
      console.error("DP Lab chart " + container.id + ": " + error);
    });
  }

  function drawAll() {
    document.querySelectorAll(".dplab-chart").forEach(draw);
  }

  function start() {
    drawAll();
    new MutationObserver(function (changes) {
      if (changes.some(function (c) { return c.attributeName === "data-md-color-scheme"; })) drawAll();
    }).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
