// The measure of tests/browser/layout.py (clipped_boxes), run in the page.
// Its argument: {slack: px tolerated, drawerOpen: measure Material's drawer open}.
async (options) => {
  const slack = options.slack;
  const style = document.createElement("style");
  style.textContent = ".dplab-section, .jupyter-wrapper .jp-Notebook > .jp-Cell"
    + " { content-visibility: visible !important; }"
    + " *, *::before, *::after { transition: none !important; animation: none !important; }";
  document.head.appendChild(style);
  const drawer = document.getElementById("__drawer");
  if (drawer) drawer.checked = options.drawerOpen;
  // Let the page react to the new layout first (components.js marks boxes that scroll
  // from a ResizeObserver, which runs before the next frame). A part shown for the first
  // time may need a font not loaded yet (a KaTeX delimiter size): once the layout has asked
  // for it, wait until it has arrived and the page has measured its boxes again
  // (components.js, on the font set's "loadingdone", dispatched before "ready" resolves).
  const frames = async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((next) => requestAnimationFrame(next));
  };
  await frames();
  while (document.fonts.status === "loading") {
    await document.fonts.ready;
    await frames();
  }
  const viewport = { left: 0, right: document.documentElement.clientWidth };
  const offenders = new Map();

  function describe(element) {
    const parts = [];
    for (let e = element; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      if (e.id) { parts.unshift(part + "#" + e.id); break; }
      const classes = Array.from(e.classList).filter((c) => !/^(is-|md-typeset$)/.test(c)).slice(0, 2);
      if (classes.length) part += "." + classes.join(".");
      parts.unshift(part);
    }
    return parts.join(" > ");
  }

  // What the measure reads of each element, read once per element: the layout does not
  // change while the measure runs (no await below the fonts' wait), and a page has far
  // fewer elements than text runs times their ancestors.
  const facts = new Map();
  function factsOf(e) {
    let known = facts.get(e);
    if (known === undefined) {
      const s = getComputedStyle(e);
      known = {
        transformed: s.transform !== "none",
        fixed: s.position === "fixed",
        clips: s.overflowX !== "visible",
        ellipsis: s.textOverflow === "ellipsis",
        ownHidden: e.inert || (s.clip && s.clip !== "auto")
          || (s.overflowX !== "visible" && (e.clientWidth <= 1 || e.clientHeight <= 1))
          || (!options.drawerOpen && e.classList.contains("md-sidebar") && s.position === "fixed"),
        hidden: undefined,
        inner: undefined,
        marked: undefined,
      };
      facts.set(e, known);
    }
    return known;
  }

  function hiddenByDesign(element) {
    const known = factsOf(element);
    if (known.hidden === undefined) {
      known.hidden = Boolean(known.ownHidden)
        || (element.parentElement !== null && hiddenByDesign(element.parentElement));
    }
    return known.hidden;
  }

  // Scrolls, says so, and the keyboard reaches it (the box itself, or something in it).
  function marked(box) {
    return /auto|scroll/.test(getComputedStyle(box).overflowX)
      && box.classList.contains("dplab-scrolls")
      && (box.tabIndex >= 0 || box.querySelector("a, button, input, select, textarea") !== null);
  }

  // The part of `rect` a reader sees: clipped by each ancestor that clips, and reported
  // where it is cut without that ancestor being a marked scroll box.
  // `first` is the first box that may clip: a text's own element, a graphic's parent.
  // `node`: the text node measured, if any. A text seen to overflow is measured again
  // character by character, leaving out blanks: spaces that end a wrapped line hang past
  // the box's edge (CSS Text) without showing anything.
  function check(element, first, rect, node) {
    const cut = (how, past) => {
      if (node) {
        const inked = inkedExtent(node);
        if (inked) check(element, first, inked, null);
      } else {
        report(how, element, past);
      }
    };
    let left = rect.left, right = rect.right;
    let slid = false;
    for (let a = first; a && a !== document.documentElement; a = a.parentElement) {
      const known = factsOf(a);
      if (known.transformed) slid = true;
      if (known.fixed) break;
      if (!known.clips) continue;
      if (known.inner === undefined) {
        const box = a.getBoundingClientRect();
        known.inner = { left: box.left + a.clientLeft, right: box.left + a.clientLeft + a.clientWidth };
      }
      const inner = known.inner;
      const past = Math.max(inner.left - left, right - inner.right);
      // A panel slid wholly out of its box on purpose (Material's nested navigation).
      if (slid && (right <= inner.left || left >= inner.right)) return;
      // Text cut with an ellipsis says that it is cut (Material's header and drawer).
      if (past > slack && known.ellipsis) return;
      if (past > slack) {
        if (known.marked === undefined) known.marked = marked(a);
        if (!known.marked) { cut(describe(a) + " cuts", past); return; }
      }
      left = Math.max(left, inner.left);
      right = Math.min(right, inner.right);
      if (right <= left) return;  // scrolled out of sight inside a marked box
    }
    const past = Math.max(viewport.left - left, right - viewport.right);
    if (past > slack) cut("beyond the viewport", past);
  }

  function inkedExtent(node) {
    const one = document.createRange();
    let left = Infinity, right = -Infinity;
    for (let i = 0; i < node.data.length; i++) {
      if (!/\S/.test(node.data[i])) continue;
      one.setStart(node, i);
      one.setEnd(node, i + 1);
      const r = one.getBoundingClientRect();
      if (r.width === 0) continue;
      left = Math.min(left, r.left);
      right = Math.max(right, r.right);
    }
    return right > left ? { left: left, right: right } : null;
  }

  // One line per box that cuts (or per element beyond the viewport): the largest
  // overflow, how many texts or graphics it cuts and one of them.
  function report(how, element, past) {
    const key = how === "beyond the viewport" ? describe(element) + " beyond the viewport" : how;
    const seen = offenders.get(key) || { px: 0, count: 0, example: describe(element) };
    seen.px = Math.max(seen.px, Math.round(past));
    seen.count += 1;
    offenders.set(key, seen);
  }

  const GRAPHIC = "svg, img, canvas, video, iframe, input, select, textarea, button";
  const root = options.drawerOpen ? document.querySelector(".md-sidebar--primary") : document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim()) continue;
    const element = node.parentElement;
    if (!element || element.closest("script, style, noscript, template, svg")) continue;
    if (!element.checkVisibility({ visibilityProperty: true })) continue;
    range.selectNodeContents(node);
    const rect = range.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || hiddenByDesign(element)) continue;
    check(element, element, rect, node);
  }
  for (const element of root.querySelectorAll(GRAPHIC)) {
    if (element.parentElement.closest("svg")) continue;
    if (!element.checkVisibility({ visibilityProperty: true })) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || hiddenByDesign(element)) continue;
    check(element, element.parentElement, rect, null);
  }
  if (drawer) drawer.checked = false;
  style.remove();
  return Array.from(offenders, ([where, seen]) =>
    `${where}: ${seen.px} px (${seen.count} cut, e.g. ${seen.example})`).sort();
};
