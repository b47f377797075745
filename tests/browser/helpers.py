"""Helpers of the browser tests: one page at a time, network blocked and recorded, and
waits on the page's own readiness signal (docs/assets/dplab/ready.js), never on time or
on "network idle"."""

from __future__ import annotations

import contextlib
import functools
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dplab.site.project import REPOSITORY, Project

# How long a page may take to become ready. Generous on purpose: a slow machine (one core,
# a busy CI) must not fail a correct page; a page that never becomes ready fails with the
# names of the tasks it is still waiting for.
READY_TIMEOUT_MS = 120_000


@dataclass
class Visit:
    """A page opened in the browser, with everything that went wrong while it loaded."""

    page: object
    console_errors: list[str] = field(default_factory=list)
    off_site: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    csp_violations: list[str] = field(default_factory=list)

    def problems(self) -> tuple[list[str], list[str], list[str], list[str]]:
        """Console errors, requests off the site, failed requests and CSP violations."""
        return self.console_errors, self.off_site, self.failed, self.csp_violations


class PageNeverReady(AssertionError):
    """The page did not reach its readiness signal."""


class SignalNeverCame(AssertionError):
    """A promise that a test awaited in the page did not settle in time."""


# Playwright's ``evaluate`` has no timeout of its own: a promise that never settles (an
# event that never fires, a frame the page never paints) would hold the whole run. Every
# promise a test awaits goes through :func:`settle`, which bounds it in the page itself.
_SETTLE = """(...given) => {
  const {arg, ms, signal} = given[given.length - 1];
  const work = (SCRIPT)(...given.slice(0, -1), arg);
  let timer;
  const late = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no signal within ${ms} ms: ${signal}`)), ms);
  });
  return Promise.race([Promise.resolve(work), late]).finally(() => clearTimeout(timer));
}"""


def settle(target, script: str, arg=None, *, signal: str, timeout_ms: int = READY_TIMEOUT_MS):
    """Evaluate ``script`` (a JavaScript function; on a locator or element handle its first
    parameter is the element, its last is ``arg``) on ``target`` (a page, locator or
    element handle) and return what its promise resolves to. If the promise has not
    settled within ``timeout_ms``, fail with :class:`SignalNeverCame` naming ``signal``
    (what the test waited for), instead of waiting for ever."""
    payload = {"arg": arg, "ms": timeout_ms, "signal": signal}
    try:
        function = script.strip().removesuffix(";")
        return target.evaluate(_SETTLE.replace("SCRIPT", function, 1), payload)
    except Exception as error:
        if "no signal within" in str(error):
            raise SignalNeverCame(
                f"{signal}: nothing settled within {timeout_ms / 1000:.0f} s"
            ) from None
        raise


_TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def fonts_settled(page) -> None:
    """Wait until every font the page asked for has loaded or failed
    (``document.fonts.ready``)."""
    settle(page, "() => document.fonts.ready.then(() => true)", signal="document.fonts.ready")


def next_frames(page) -> None:
    """Wait until the page has painted two more frames (what it laid out is on screen)."""
    settle(page, _TWO_FRAMES, signal="two animation frames")


def wait_until_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until ``<html data-dplab-ready>`` is set (every task the page announced has
    settled); fail naming what is still pending or what failed."""
    try:
        # The value is read in the same evaluation that finds it: new work (a chart the
        # pointer wakes) may take the attribute away a moment later.
        ready = page.wait_for_function(
            "() => document.documentElement.getAttribute('data-dplab-ready')",
            timeout=timeout_ms,
            polling=100,
        ).json_value()
    except Exception as error:  # Playwright's TimeoutError, or the page went away
        state = _readiness(page)
        raise PageNeverReady(
            f"{page.url} never became ready within {timeout_ms / 1000:.0f} s: "
            f"still pending: {state.get('pending') or '(nothing announced)'}; "
            f"failed: {state.get('failed') or 'none'}; "
            f"document.readyState: {state.get('readyState')}; {type(error).__name__}"
        ) from None
    if ready != "ok":
        raise PageNeverReady(f"{page.url} became ready with failures: {_readiness(page)['failed']}")


def _readiness(page) -> dict:
    try:
        return page.evaluate(
            "() => { const r = document.documentElement; return {"
            "ready: r.getAttribute('data-dplab-ready'),"
            "pending: r.getAttribute('data-dplab-pending'),"
            "failed: r.getAttribute('data-dplab-failed'),"
            "readyState: document.readyState}; }"
        )
    except Exception as error:  # the page crashed or navigated away
        return {"ready": None, "pending": None, "failed": str(error), "readyState": "unknown"}


def draw_every_chart(page) -> None:
    """Draw the charts that wait to come near the viewport (``DPLAB_CHARTS.drawAll``, as
    before printing) and start the labs that wait likewise (``DPLAB_LAB.startAll``), and
    wait until the page is ready again."""
    page.evaluate(
        "() => { window.DPLAB_CHARTS && window.DPLAB_CHARTS.drawAll(); "
        "window.DPLAB_LAB && window.DPLAB_LAB.startAll(); }"
    )
    wait_until_ready(page)


def scroll_to_and_render(locator) -> None:
    """Scroll ``locator`` into view and wait until the browser has laid it out: a section
    off screen skips rendering (``content-visibility: auto``) and reads as empty text."""
    locator.scroll_into_view_if_needed()
    locator.page.wait_for_function(
        "(e) => e.checkVisibility({contentVisibilityAuto: true})", arg=locator.element_handle()
    )


def _origins(url: str) -> set[str]:
    """The storage origin of ``url`` (``file://`` for every file, else scheme://host:port),
    none for a page with no storage of its own (``about:blank``, ``data:``)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "file":
        return {"file://"}
    return {f"{parts.scheme}://{parts.netloc}"} if parts.scheme in ("http", "https") else set()


# Storage that a visit leaves in the tab (the palette chosen, a lesson's progress, Material's
# session state), cleared before the next visit; the call is quiet where there is none (a
# blank or crashed page).
_CLEAR_STORAGE = """() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }"""


class OnePage:
    """One browser tab for the whole session, each visit a fresh start in it.

    Every page of the site loads about twice as fast, in a third of the CPU time, in a tab
    that has loaded the site before (its style sheets, scripts and fonts are parsed and cached
    in the tab's renderer) as in a new browser context (measured: 0.6 against 1.6 CPU-seconds
    a lesson); the tests open a few hundred pages.  So :meth:`open` keeps the tab and wipes
    what a visit could leave for the next: it goes to ``about:blank`` (the old page's
    requests end there, recorded on the old visit), clears every origin's storage that the
    tab has shown (``Storage.clearDataForOrigin``, and the old page's session storage),
    moves the pointer to the corner, and sets the width, height and colour scheme afresh.
    What a test adds to the tab itself (an init script, a route) it removes.

    Every request that leaves the visit's site is recorded and aborted; console errors,
    uncaught exceptions, failed requests and CSP violations are recorded on the visit open
    when they happen.  ``open(..., shared=True)`` reuses the page as loaded when it shows the
    same address with the same options and was itself opened as shared (read-only checks
    that several tests run against one loaded lab page)."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.context = self.page = self.cdp = None
        self.visit: Visit | None = None
        self.key: tuple | None = None
        self.site_root = ""
        self.origins: set[str] = set()

    def open(
        self,
        site_root: str,
        relative: str,
        *,
        width: int = 1280,
        scheme: str = "light",
        shared: bool = False,
        draw_all: bool = True,
        height: int = 900,
    ) -> Visit:
        """Open ``site_root/relative`` at ``width`` × ``height`` in ``scheme`` and wait until
        the page is ready; with ``draw_all`` also draw every chart, as if the reader had
        scrolled through the page."""
        key = (site_root, relative, width, scheme, draw_all, height)
        if shared and self.key == (key, True):
            return self.visit
        self.key = None
        if self.page is None or self.page.is_closed():
            self._new_tab()
        else:
            self._wipe()
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.emulate_media(media="screen", color_scheme=scheme)
        self.visit, self.site_root = Visit(self.page), site_root
        self.origins |= _origins(site_root)
        try:
            self.page.goto(f"{site_root}/{relative}", wait_until="load")
            wait_until_ready(self.page)
            if draw_all:
                draw_every_chart(self.page)
        except BaseException:
            self.close()  # a page that failed to load starts no later visit
            raise
        self.key = (key, shared)
        return self.visit

    def _new_tab(self) -> None:
        self.close()
        self.context = self.browser.new_context()
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.context.route("**/*", self._route)
        page = self.page
        page.on("console", lambda m: m.type == "error" and self.visit.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.visit.console_errors.append(f"uncaught: {e}"))
        page.on("requestfailed", lambda r: self.visit.failed.append(f"{r.url} {r.failure}"))
        page.expose_binding(
            "dplabReportCspViolation", lambda _source, text: self.visit.csp_violations.append(text)
        )
        page.add_init_script(
            "document.addEventListener('securitypolicyviolation', (e) => "
            "window.dplabReportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI} "
            "(${e.sourceFile}:${e.lineNumber})`));"
        )

    def _route(self, route, request) -> None:
        url = request.url
        if url.startswith(self.site_root + "/") or url.startswith(("data:", "about:")):
            route.continue_()
        else:
            self.visit.off_site.append(url)
            route.abort()

    def _wipe(self) -> None:
        from playwright.sync_api import Error as PlaywrightError  # as the browser fixture: lazily

        try:
            self.page.evaluate(_CLEAR_STORAGE)
            self.origins |= _origins(self.page.url)
            self.page.goto("about:blank")
            for origin in sorted(self.origins):
                self.cdp.send(
                    "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"}
                )
            self.page.mouse.move(0, 0)
        except PlaywrightError:  # the tab crashed or was closed by a test: a new one
            self._new_tab()

    def release(self) -> None:
        """The test that opened the page is over: the next :meth:`open` starts afresh."""
        self.key = None

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.page = self.cdp = self.visit = self.key = None


AXE = REPOSITORY / "node_modules" / "axe-core" / "axe.min.js"


# Brings every finite animation and transition of the document to its end, in rounds, until
# none is running (an endless one, such as a spinner, is left turning). Each ends in the
# state the reader is left with, at once: awaiting their own "finished" signals instead
# hung, on some English pages in dark, until the test's 120 s ran out (a transition that
# the palette switch started and that never settled); finishing them needs no signal.
_TRANSITIONS_OVER = """() => {
  const running = () => document.getAnimations().filter((a) => a.playState === 'running'
    && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  for (let round = 0, now = running(); now.length > 0; round++, now = running()) {
    if (round === 100) throw new Error('animations keep starting after 100 rounds of finishing');
    now.forEach((a) => a.finish());
  }
}"""


@functools.cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


# Whether an element is on screen (any part of it within the viewport's height): a
# JavaScript function of the element.
IN_VIEW = (
    "(c) => { const r = c.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }"
)


def scrolled(page, scroll: str) -> tuple[int, int]:
    """Run ``scroll`` (a statement, e.g. ``scrollBy(0, innerHeight)``) on ``page`` and wait
    for two frames painted after it; return ``(scrollY, page height)`` then. The browser
    finds what is near the viewport (parts to render, lazy pictures to load, charts to draw)
    as it updates the rendering: a check made before a frame reads a layout never painted."""
    y, height = settle(
        page,
        f"async () => {{ {scroll}; await ({_TWO_FRAMES})();"
        " return [scrollY, document.documentElement.scrollHeight]; }",
        signal="two frames after a scroll",
    )
    return y, height


def read_through(page) -> None:
    """Scroll through the page a screen at a time, two frames each, and back to the top:
    every part that skips its rendering until the reader gets there (``content-visibility:
    auto``) has then been laid out once, as it is when a reader (or a screen reader) is on it."""
    y = scrolled(page, "scrollTo(0, 0)")[0]
    while (next_y := scrolled(page, "scrollBy(0, innerHeight)")[0]) > y:
        y = next_y
    scrolled(page, "scrollTo(0, 0)")
    wait_until_ready(page)


# Every part of a page that skips its rendering until the reader gets there
# (``content-visibility: auto``, dplab.css), rendered while this sheet is adopted (through the
# CSSOM, which the pages' CSP allows, unlike a <style> element).
_RENDER_EVERY_PART = """() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('.dplab-section, .jupyter-wrapper .jp-Notebook > .jp-Cell'
    + ' { content-visibility: visible !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return sheet;
}"""
_DROP_SHEET = """(sheet) => {
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
}"""


@contextlib.contextmanager
def every_part_rendered(page) -> Iterator[None]:
    """Inside, every part of the page that skips its rendering until the reader gets there
    is rendered, in the palette shown, as each is once a reader (or a screen reader) is on
    it; each keeps the size it had (``contain-intrinsic-size: auto``) when the page goes
    back to skipping what is off screen.  What :func:`read_through` gives axe, without
    scrolling through the page a screen at a time (about a second a page)."""
    sheet = page.evaluate_handle(_RENDER_EVERY_PART)
    try:
        next_frames(page)
        wait_until_ready(page)
        yield
    finally:
        sheet.evaluate(_DROP_SHEET)
        next_frames(page)


# axe's rules whose verdict depends on the colours shown: a page switched to the other
# palette changes its colours only, so the other rules need not run again there.
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def serious_axe_violations(
    page,
    within: str | None = None,
    rules: tuple[str, ...] | None = None,
    skip: tuple[str, ...] = (),
) -> list[str]:
    """What axe-core finds on a ready page with every part rendered
    (:func:`every_part_rendered`): serious or critical violations, and skipped heading
    levels, each as ``rule: first targets``.  ``within`` (a CSS selector) limits axe to one
    part of the page, scrolled into view, for a test about that part (the page as a whole is
    checked on every visit of tests.browser.test_pages); ``rules`` runs only those rules
    (e.g. :data:`COLOUR_RULES`), ``skip`` runs every rule but those.  Every part is rendered
    anew for each run: a part last rendered in light and skipped since kept its light
    colours, and axe found the links and code of such parts lacking contrast in dark, on
    every lesson (tried and measured)."""
    chosen = f"runOnly: {list(rules)!r}, " if rules else ""
    if skip:
        chosen += f"rules: {{{', '.join(f'{rule!r}: {{enabled: false}}' for rule in skip)}}}, "
    options = f"{{{chosen}resultTypes: ['violations']}}"
    if within is None:
        shown = every_part_rendered(page)
    else:
        page.locator(within).scroll_into_view_if_needed()
        next_frames(page)
        shown = contextlib.nullcontext()
    with shown:
        return axe_violations(
            page,
            options,
            "(v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order'",
            "(v) => [v.id + ': ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')]",
            within,
        )


def axe_violations(
    page, options: str, keep: str, lines: str, within: str | None = None
) -> list[str]:
    """Run axe-core on ``page`` (or the part ``within`` selects) with ``options`` (a
    JavaScript object literal) and return, for each violation that ``keep`` accepts, the
    lines that ``lines`` makes of it (both JavaScript functions of one violation).  axe-core
    is added to the page once per page load."""
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        page.add_script_tag(content=_axe_source())
    # A colour read mid-transition is no colour the reader is left with (Material's header
    # title, fading back in after read_through scrolled to the top, failed contrast so):
    # axe runs once every finite animation and transition of the page has been brought to
    # its end (no delay; tests.browser.test_waits).
    return settle(
        page,
        f"async (within) => {{ ({_TRANSITIONS_OVER})();"
        f" return (await axe.run(within || document, {options})).violations"
        f".filter({keep}).flatMap({lines}); }}",
        arg=within,
        signal="axe-core's report",
    )


def page_json(script) -> object:
    """The JSON of a chart's, lab's or grader's ``<script>`` (a locator), read as the page's
    scripts read it (``DPLAB_JSON``: from the page's data script, where the build moved it)."""
    return script.evaluate("(script) => window.DPLAB_JSON(script)")


def type_value(page, root: str, name: str, value: str) -> None:
    """Type ``value`` into the box of the stepper ``name`` of the lab ``root`` (a selector)
    and press Enter, as a reader does."""
    box = page.locator(f"{root} .dplab-lab-typed[data-for={name}]")
    box.fill(value)
    box.press("Enter")


def problems_on_pages(open_page, pages: list[str], site_root: str | None = None) -> dict:
    """Open each of ``pages`` (relative to ``site_root``; default, the built site from
    disk) with every chart drawn; return ``{page: problems}`` for those where anything went
    wrong (console errors, requests off the site, failed requests, CSP violations)."""
    problems = {}
    for relative in pages:
        visit = open_page(relative, site_root=site_root)
        if any(visit.problems()):
            problems[relative] = visit.problems()
    return problems


def scroll_under_the_header(locator) -> None:
    """Scroll the page so that ``locator``'s top sits just below Material's header, where a
    reader who scrolls down to a control stops to move it with what follows in view."""
    locator.evaluate(
        "(e) => window.scrollBy({behavior: 'instant', top: e.getBoundingClientRect().top"
        " - document.querySelector('.md-header').getBoundingClientRect().bottom - 8})"
    )


def served_core_is_the_repositorys(page, lab: str) -> None:
    """The page runs the core of ``lab`` (``<lab>-core.js``) that Node checked (``tests/js``):
    the file its script tag loads is byte-identical to the repository's
    (``dplab/views/labs/<topic>/core.js`` for the lab ``<topic>-lab``), it loads right
    before the lab's script, and it registered itself as ``window.DPLAB_CORE[lab]``."""
    sources = page.evaluate("() => Array.from(document.scripts, (s) => s.src).filter(Boolean)")
    names = [urllib.parse.urlsplit(src).path.rsplit("/", 1)[-1] for src in sources]
    core = f"{lab}-core.js"
    assert core in names, f"the page loads no {core}: {names}"
    assert names[names.index(core) + 1] == f"{lab}.js", names
    served = Path(
        urllib.request.url2pathname(urllib.parse.urlsplit(sources[names.index(core)]).path)
    )
    source = Project().labs_dir / lab.removesuffix("-lab") / "core.js"
    assert served.read_bytes() == source.read_bytes()
    assert page.evaluate(
        "(lab) => Object.keys((window.DPLAB_CORE || {})[lab] || {}).length > 0", lab
    )


def switch_palette(page, scheme: str) -> None:
    """Show a loaded page in ``scheme`` (``"light"`` or ``"dark"``) as a reader's system and
    the site's own switch do: the browser's preference (``emulate_media``), then the palette
    radio of overrides/partials/palette.html (which reads the preference only on load), and
    wait until the switch is over, every drawn chart is drawn again in that palette and the
    page is ready."""
    page.emulate_media(color_scheme=scheme)
    page.evaluate(
        "(dark) => { const input = document.querySelector("
        "`input[name=__palette][data-md-color-scheme=${dark ? 'slate' : 'default'}]`);"
        " if (!input.checked) { input.checked = true;"
        " input.dispatchEvent(new Event('change', {bubbles: true})); } }",
        scheme == "dark",
    )
    page.wait_for_function(
        "(theme) => !document.body.hasAttribute('data-md-color-switching')"
        " && [...document.querySelectorAll('.dplab-chart[data-dplab-theme]')]"
        ".every((c) => c.getAttribute('data-dplab-theme') === theme)",
        arg=scheme,
        timeout=READY_TIMEOUT_MS,
    )
    wait_until_ready(page)


def charts_refitted(page) -> None:
    """Wait until every drawn chart has run what the last resize asked of it (Vega's
    ``runAsync`` on each chart's view)."""
    settle(
        page,
        "() => Promise.all([...document.querySelectorAll('.dplab-chart')]"
        ".filter((c) => c.dplabView).map((c) => c.dplabView.runAsync())).then(() => true)",
        signal="every drawn chart run again at the new width",
    )
