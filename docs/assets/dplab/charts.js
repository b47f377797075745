// Draw every .dplab-chart with the site's own vega-embed, themed by Material's palette.
// The spec is inline JSON (file:// pages cannot fetch files). When the reader switches
// between light and dark, each drawn chart is redrawn with the other theme and keeps the
// positions of its sliders.
//
// Charts cost the reader nothing until they are needed: the Vega libraries (about 830 KB)
// are loaded only on pages that have charts, without holding up the page (they are not
// in mkdocs.yml's extra_javascript), and each chart is drawn when it comes within one
// screen of the viewport. Before printing, every chart not drawn yet is drawn.
// `DPLAB_CHARTS.drawAll()` draws them all at once (printing, tests); `.waiting()` counts
// the charts not drawn yet.
//
// For interactive components (labs, steppers): after each draw, the container gets the
// Vega view as `container.dplabView` and receives a `dplab:chart-drawn` event whose
// `detail.view` is that view. A redraw (palette switch) sends the event again.
// Loading the libraries is the readiness task "vega", each draw "chart:<id>" (ready.js).
(function () {
  "use strict";

  var LIBRARIES = ["vega.min.js", "vega-lite.min.js", "vega-embed.min.js"];
  var base = document.currentScript.src.replace(/assets\/dplab\/charts\.js.*$/, "assets/vendor/");
  var views = new Map();
  var libraries = null;

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

  // The data a chart currently shows: Vega-Lite names the first view's data after its
  // transforms (filters by sliders included) "data_0"; a chart without transforms has
  // only its source data set.
  function shownDataName(view) {
    var names = Object.keys(view.getState({ data: vega.truthy, signals: vega.falsy, recurse: true }).data || {});
    if (names.indexOf("data_0") >= 0) return "data_0";
    return names.filter(function (n) { return n !== "root" && !/_(group|store)$/.test(n); })[0];
  }

  function cellText(value) {
    if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toPrecision(6).replace(/\.?0+$/, "");
    return value === null || value === undefined ? "" : String(value);
  }

  function fillTable(container, view) {
    var holder = container.querySelector(".dplab-chart-table");
    var name = shownDataName(view);
    var rows = name ? view.data(name) : [];
    var columns = rows.length ? Object.keys(rows[0]).filter(function (k) { return k.charAt(0) !== "_"; }) : [];
    var limit = 200;
    var words = window.DPLAB.labels;
    var table = document.createElement("table");
    table.className = "dplab-table";
    var head = table.createTHead().insertRow();
    columns.forEach(function (c) { var th = document.createElement("th"); th.scope = "col"; th.textContent = c; head.appendChild(th); });
    var body = table.createTBody();
    rows.slice(0, limit).forEach(function (row) {
      var tr = body.insertRow();
      columns.forEach(function (c) { tr.insertCell().textContent = cellText(row[c]); });
    });
    holder.replaceChildren(table);
    if (rows.length > limit) {
      var note = document.createElement("p");
      note.className = "dplab-chart-table-note";
      note.textContent = words["chart.table_rows"].replace("{shown}", limit).replace("{total}", rows.length);
      holder.appendChild(note);
    }
    return name;
  }

  function addTableToggle(container) {
    if (container.querySelector(".dplab-chart-table-toggle")) return;
    var words = window.DPLAB.labels;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button dplab-chart-table-toggle";
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", container.id + "-table");
    button.textContent = words["chart.table_show"];
    var holder = document.createElement("div");
    holder.className = "dplab-chart-table";
    holder.id = container.id + "-table";
    holder.hidden = true;
    button.addEventListener("click", function () {
      var open = holder.hidden;
      holder.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
      button.textContent = words[open ? "chart.table_hide" : "chart.table_show"];
      if (open) fillTable(container, container.dplabView);
    });
    container.appendChild(button);
    container.appendChild(holder);
  }

  function watchTable(container, view) {
    var name = shownDataName(view);
    if (!name) return;
    view.addDataListener(name, function () {
      var holder = container.querySelector(".dplab-chart-table");
      if (holder && !holder.hidden) fillTable(container, view);
    });
  }

  // The three libraries, downloaded in parallel and run in order (async = false).
  function loadLibraries() {
    if (libraries) return libraries;
    var task = window.DPLAB_READY.expect("vega");
    libraries = Promise.all(LIBRARIES.map(function (name) {
      return new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = base + name;
        script.async = false;
        script.onload = resolve;
        script.onerror = function () { reject(new Error("cannot load " + name)); };
        document.head.appendChild(script);
      });
    })).then(task.done, function (error) {
      console.error("DP Lab charts: " + error.message);
      task.fail(error.message);
      throw error;
    });
    return libraries;
  }

  function draw(container) {
    var task = window.DPLAB_READY.expect("chart:" + container.id);
    return loadLibraries().then(function () {
      return embed(container);
    }).then(task.done, function (error) {
      console.error("DP Lab chart " + container.id + ": " + error);
      task.fail(error);
    });
  }

  // Panels side by side come with a stacked layout too (dplab.views fit_width): a
  // container narrower than usermeta.dplab.stack_below draws them stacked.
  function laidOut(spec, container) {
    var meta = spec.usermeta && spec.usermeta.dplab;
    if (!meta || !meta.narrow || container.clientWidth >= meta.stack_below) return spec;
    var stacked = Object.assign({}, spec, meta.narrow);
    delete stacked.hconcat;
    return stacked;
  }

  function embed(container) {
    var spec = laidOut(JSON.parse(container.querySelector('script[type="application/json"]').textContent), container);
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
      var summary = container.querySelector("details > summary");
      if (summary) summary.setAttribute("aria-label", window.DPLAB.labels["chart.menu"]);
      addTableToggle(container);
      watchTable(container, result.view);
      var holder = container.querySelector(".dplab-chart-table");
      if (!holder.hidden) fillTable(container, result.view);
      container.dispatchEvent(new CustomEvent("dplab:chart-drawn", { bubbles: true, detail: { view: result.view } }));
      performance.mark("dplab:chart-drawn:" + container.id);  // read by bench/pages.py
    });
  }

  var waiting = new Set();
  var nearby = "IntersectionObserver" in window
    ? new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (entry.isIntersecting) drawWaiting(entry.target);
      });
    }, { rootMargin: "100% 0px 100% 0px" })
    : null;

  function drawWaiting(container) {
    if (!waiting.delete(container)) return;
    if (nearby) nearby.unobserve(container);
    draw(container);
  }

  function drawAll() {
    Array.from(waiting).forEach(drawWaiting);
    return libraries || Promise.resolve();
  }

  function start() {
    var charts = document.querySelectorAll(".dplab-chart");
    if (!charts.length) return;
    loadLibraries();
    charts.forEach(function (container) {
      waiting.add(container);
      if (nearby) nearby.observe(container);
      else drawWaiting(container);
    });
    window.addEventListener("beforeprint", drawAll);
    window.matchMedia("print").addEventListener("change", function (query) {
      if (query.matches) drawAll();
    });
    new MutationObserver(function (changes) {
      if (!changes.some(function (c) { return c.attributeName === "data-md-color-scheme"; })) return;
      Array.from(views.keys()).forEach(draw);
    }).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
  }

  // drawAll(): draw every chart now; waiting(): how many charts are not drawn yet.
  window.DPLAB_CHARTS = {
    drawAll: drawAll,
    waiting: function () { return waiting.size; }
  };

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
