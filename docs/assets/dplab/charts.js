// Draw every .dplab-chart with the site's own vega-embed, themed by Material's palette.
// The spec is inline JSON (file:// pages cannot fetch files). When the reader switches
// between light and dark, each drawn chart is redrawn with the other theme and keeps the
// positions of its sliders.
//
// Charts cost the reader nothing until they are needed. The build has put a picture of
// each chart in its <div>, one per palette (dplab.site.pictures): the reader sees the
// chart at once, and the Vega libraries (about 830 KB) are loaded only when a chart is
// drawn live, without holding up the page (they are not in mkdocs.yml's
// extra_javascript). A chart is drawn live, replacing its picture, as soon as the reader
// points at it, touches it, focuses it or opens its table; a chart that exists to be operated (its own sliders: data-dplab-live; a lab's) is
// drawn when it comes within one screen of the viewport. Before printing, every chart not drawn yet is
// drawn. `DPLAB_CHARTS.drawAll()` draws them all at once (printing, tests); `.waiting()`
// counts the charts not drawn yet. Each chart marks `dplab:chart-shown:<id>` when its
// picture or its live view is first on screen (read by bench/pages.py).
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
  var words = window.DPLAB_WORDS.words;  // ready.js: the page's words, one reader

  function schemeName() {
    return document.body.getAttribute("data-md-color-scheme") === "slate" ? "dark" : "light";
  }

  function embedOptions() {
    return {
      renderer: "svg",
      config: window.DPLAB.themes[schemeName()],
      actions: { export: true, source: false, compiled: false, editor: false },
      i18n: {
        SVG_ACTION: words("chart.export_svg"),
        PNG_ACTION: words("chart.export_png"),
        CLICK_TO_VIEW_ACTIONS: words("chart.menu")
      }
    };
  }

  // The reader's tables of a chart ("데이터를 표로 보기"): the chart's spec carries them in
  // `usermeta.dplab_tables` (dplab/views/_tables.py), already in the reader's words and
  // shape. A fixed table lists its cells; a live one says how to read the chart's current
  // data (a lab or a slider changes them): which dataset, which field makes the rows,
  // and for each column the field of the row whose `where` fields match.
  function specOf(container) {
    if (!container.dplabSpec) {
      container.dplabSpec = window.DPLAB_JSON(container.querySelector('script[type="application/json"]'));
    }
    return container.dplabSpec;
  }

  function readerTables(container) {
    var meta = specOf(container).usermeta;
    return (meta && meta.dplab_tables) || [];
  }

  // A live table's number: 4 significant digits (toPrecision), trailing zeros dropped. The
  // chart tables' own rule: the build writes a fixed table's cells itself, and
  // dplab.views.numbers has no twin of it.
  function numberText(value) {
    if (Number.isInteger(value)) return String(value);
    return value.toPrecision(4).replace(/(\.\d*?)0+(e|$)/, "$1$2").replace(/\.(e|$)/, "$1");
  }

  function cellText(value, format) {
    if (value === null || value === undefined) return "";
    if (format === "yesno") return words(value ? "table.yes" : "table.no");
    if (format === "number" && typeof value === "number") return numberText(value);
    return String(value);
  }

  function liveRows(table, view) {
    var rows = view.data(table.source) || [];
    if (table.filter) {
      var wanted = view.signal(table.filter.signal);
      rows = rows.filter(function (row) { return Math.abs(row[table.filter.field] - wanted) < 1e-9; });
    }
    var order = [];
    var groups = new Map();
    rows.forEach(function (row) {
      var key = row[table.index.field];
      if (!groups.has(key)) { groups.set(key, []); order.push(key); }
      groups.get(key).push(row);
    });
    return order.map(function (key) {
      var group = groups.get(key);
      return [cellText(key, table.index.format)].concat(table.columns.map(function (column) {
        var match = group.filter(function (row) {
          return Object.keys(column.where || {}).every(function (f) { return row[f] === column.where[f]; });
        })[0];
        return match ? cellText(match[column.field], column.format) : "";
      }));
    });
  }

  function tableElement(spec, view) {
    var header = spec.rows ? spec.header : [spec.index.title].concat(spec.columns.map(function (c) { return c.title; }));
    var rows = spec.rows || liveRows(spec, view);
    var limit = 200;
    var table = document.createElement("table");
    table.className = "dplab-table";
    table.createCaption().textContent = spec.caption;
    var head = table.createTHead().insertRow();
    header.forEach(function (title) {
      var th = document.createElement("th");
      th.scope = "col";
      th.textContent = title;
      head.appendChild(th);
    });
    var body = table.createTBody();
    rows.slice(0, limit).forEach(function (cells) {
      var tr = body.insertRow();
      cells.forEach(function (text, k) {
        var cell = k === 0 ? document.createElement("th") : document.createElement("td");
        if (k === 0) cell.scope = "row";
        cell.textContent = text;
        tr.appendChild(cell);
      });
    });
    var parts = [table];
    if (rows.length > limit) {
      var note = document.createElement("p");
      note.className = "dplab-chart-table-note";
      note.textContent = words("chart.table_rows", { shown: limit, total: rows.length });
      parts.push(note);
    }
    return parts;
  }

  function fillTable(container, view) {
    var holder = container.querySelector(".dplab-chart-table");
    var tables = readerTables(container);
    var parts = [];
    tables.forEach(function (spec) { parts = parts.concat(tableElement(spec, view)); });
    if (tables.some(function (spec) { return !spec.rows; })) {
      var note = document.createElement("p");
      note.className = "dplab-chart-table-note";
      note.textContent = words("chart.table_approx");
      parts.push(note);
    }
    holder.replaceChildren.apply(holder, parts);
  }

  function addTableToggle(container) {
    if (container.querySelector(".dplab-chart-table-toggle")) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button dplab-chart-table-toggle";
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", container.id + "-table");
    button.textContent = words("chart.table_show");
    var holder = document.createElement("div");
    holder.className = "dplab-chart-table";
    holder.id = container.id + "-table";
    holder.hidden = true;
    button.addEventListener("click", function () {
      var open = holder.hidden;
      holder.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
      button.textContent = words(open ? "chart.table_hide" : "chart.table_show");
      // Fixed tables need no live chart; a live table of a chart still shown as its
      // picture is filled once the chart is drawn (embed).
      var fixed = readerTables(container).every(function (spec) { return spec.rows; });
      if (open && (container.dplabView || fixed)) fillTable(container, container.dplabView);
      else if (open) drawWaiting(container);
    });
    container.appendChild(button);
    container.appendChild(holder);
  }

  // A live table follows its data (a lab replaces them) and its filter's slider.
  function watchTable(container, view) {
    readerTables(container).forEach(function (spec) {
      if (spec.rows) return;
      function refill() {
        var holder = container.querySelector(".dplab-chart-table");
        if (holder && !holder.hidden) fillTable(container, view);
      }
      view.addDataListener(spec.source, refill);
      if (spec.filter) view.addSignalListener(spec.filter.signal, refill);
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
    var spec = laidOut(window.DPLAB_JSON(container.querySelector('script[type="application/json"]')), container);
    var target = container.querySelector(".dplab-chart-view");
    if (!target) {
      target = document.createElement("div");
      target.className = "dplab-chart-view";
      container.insertBefore(target, container.querySelector(".dplab-chart-table-toggle"));
    }
    var previous = views.get(container);
    var state = previous ? previous.getState({ data: vega.falsy, signals: vega.truthy, recurse: true }) : null;
    if (previous) previous.finalize();
    return vegaEmbed(target, spec, embedOptions()).then(function (result) {
      if (state) result.view.setState(state);
      views.set(container, result.view);
      container.dplabView = result.view;
      container.querySelectorAll(".dplab-chart-picture").forEach(function (picture) { picture.remove(); });
      markShown(container);
      container.setAttribute("data-dplab-theme", schemeName());
      var summary = container.querySelector("details > summary");
      if (summary) summary.setAttribute("aria-label", words("chart.menu"));
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

  function markShown(container) {
    var name = "dplab:chart-shown:" + container.id;
    if (!performance.getEntriesByName(name).length) performance.mark(name);
  }

  function operated(container) {
    return container.hasAttribute("data-dplab-live")
      || !container.querySelector(".dplab-chart-picture")
      || container.closest(".dplab-lab") !== null;
  }

  // A chart shown as its picture is drawn live at the reader's first sign of interest in
  // it (a walkthrough's panels are pictures of fixed steps: they too wait for that).
  function drawOnIntent(container) {
    function wake() { drawWaiting(container); }
    // pointermove, not pointerenter: a page scrolled under a resting mouse is not interest.
    ["pointermove", "pointerdown", "focusin", "touchstart"].forEach(function (type) {
      container.addEventListener(type, wake, { once: true, passive: true });
    });
    container.querySelectorAll(".dplab-chart-picture img").forEach(function (image) {
      if (image.complete && image.naturalWidth) markShown(container);
      else image.addEventListener("load", function () { markShown(container); }, { once: true });
    });
  }

  function start() {
    var charts = document.querySelectorAll(".dplab-chart");
    if (!charts.length) return;
    charts.forEach(function (container) {
      waiting.add(container);
      addTableToggle(container);
      if (!operated(container)) drawOnIntent(container);
      else if (nearby) nearby.observe(container);
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
    window.addEventListener("resize", refitWider);
  }

  // A chart as wide as its container refits on the window's resize (Vega-Lite sets its
  // width to the container's, and the layout takes the axes and legends out of it). A
  // container now as wide as the plot was before gives the width it already has: no
  // change to Vega, and the chart kept its old size, wider than its box (a lab's chart
  // from 430 to 360 px). Once the charts have run at the new width, such a chart is
  // drawn again.
  function fillsContainer(spec) {
    var panels = [spec].concat(spec.vconcat || [], spec.hconcat || []);
    return panels.some(function (panel) { return panel.width === "container"; });
  }

  function refitWider() {
    var task = window.DPLAB_READY.expect("charts refitted");
    requestAnimationFrame(function () {
      Promise.all(Array.from(views.keys()).map(function (container) {
        return views.get(container).runAsync().then(function () {
          var svg = container.querySelector("svg.marks");
          var wider = svg && svg.getBoundingClientRect().width > container.clientWidth + 1;
          if (wider && fillsContainer(specOf(container))) return draw(container);
        });
      })).then(function () { task.done(); }, function (error) { task.fail(String(error)); });
    });
  }

  // drawAll(): draw every chart now; draw(container): that chart now, if not drawn yet;
  // waiting(): how many charts are not drawn yet.
  window.DPLAB_CHARTS = {
    drawAll: drawAll,
    draw: drawWaiting,
    waiting: function () { return waiting.size; }
  };

  window.DPLAB_READY.whenParsed(start);
})();
