"""The built site in headless Chromium, from file://, with the network blocked.

Every page of the built site is loaded once per width (:func:`test_every_page_once_per_width`)
and everything that holds page by page is checked on that one visit, in both palettes;
the site served over HTTP is checked on a few representative pages (tests.browser.test_hosting).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Error as PlaywrightError

from dplab.site.security import CONTENT_SECURITY_POLICY
from tests.browser.chart_words import drawn_chart_words, pictured_chart_words
from tests.browser.helpers import (
    COLOUR_RULES,
    IN_VIEW,
    READY_TIMEOUT_MS,
    Visit,
    axe_violations,
    charts_refitted,
    draw_every_chart,
    fonts_settled,
    scroll_to_and_render,
    scrolled,
    serious_axe_violations,
    settle,
    switch_palette,
    wait_until_ready,
)
from tests.browser.layout import clipped_boxes

pytestmark = pytest.mark.browser


def all_pages(site):
    """Every page a reader can open from disk (404.html is for a web server, tested below)."""
    return sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html"
    )


@pytest.mark.parametrize("how", ["file", "http"])
def test_the_content_security_policy_is_enforced(open_page, served_site, how):
    visit = open_page("lessons/tour.html", site_root=served_site if how == "http" else None)
    policy = visit.page.locator('meta[http-equiv="Content-Security-Policy"]')
    assert policy.get_attribute("content") == CONTENT_SECURITY_POLICY
    # Something a page of ours would never do: the browser itself must refuse it.
    settle(
        visit.page,
        "() => new Promise((done) => { document.addEventListener('securitypolicyviolation', "
        "() => done(), {once: true}); const image = new Image(); "
        "image.src = 'https://example.org/pixel.png'; })",
        signal="the policy's refusal of an off-site image (securitypolicyviolation)",
    )
    assert any("img-src" in text and "example.org" in text for text in visit.csp_violations)
    assert visit.off_site == []  # refused by the policy before any request was made


def test_the_not_found_page_works_when_served(open_page, served_site):
    # Its links are root-absolute, so that a server can show it at any missing address.
    visit = open_page("404.html", site_root=served_site)
    assert visit.page.locator("h1").inner_text() == "404 - Not found"
    assert (visit.console_errors, visit.off_site, visit.failed) == ([], [], [])


def chart_svgs(page):
    """The drawn charts of a ready page: one SVG for each chart."""
    charts = page.locator(".dplab-chart").count()
    svgs = page.locator(".dplab-chart svg.marks")
    assert charts > 0 and svgs.count() == charts
    return svgs


def pages_with_charts(site) -> list[str]:
    return [p for p in all_pages(site) if 'class="dplab-chart' in (site / p).read_text("utf-8")]


DRAWN = "(c) => c.querySelector('svg.marks') !== null"
# Drawn live, or showing the build's picture of the palette on screen (dplab.site.pictures).
SHOWN = (
    "(c) => c.querySelector('svg.marks') !== null"
    " || [...c.querySelectorAll('.dplab-chart-picture img')]"
    ".some((i) => i.checkVisibility() && i.complete && i.naturalWidth > 0)"
)
# Charts that are operated rather than read (sliders of their own, a lab's): drawn live
# near the viewport, not only when the reader points at them.
OPERATED = "(c) => c.hasAttribute('data-dplab-live') || c.closest('.dplab-lab') !== null"
# What a chart on screen must be once the browser has reported it near the viewport.
SETTLED = f"(c) => ({SHOWN})(c) && (!({OPERATED})(c) || ({DRAWN})(c))"


def _unshown(page, among: str = IN_VIEW, wanted: str = SETTLED) -> list[dict]:
    """The charts that ``among`` selects (default: those on screen) and that are not as
    ``wanted`` (default: shown, and drawn if operated), with what the browser reports of
    them and of their pictures: what a failed wait or check names."""
    return page.evaluate(
        f"""() => [...document.querySelectorAll('.dplab-chart')].filter({among})
        .filter((c) => !({wanted})(c))
        .map((c) => ({{
            id: c.id, scrollY, top: Math.round(c.getBoundingClientRect().top),
            operated: ({OPERATED})(c), drawn: ({DRAWN})(c),
            skipped: !c.checkVisibility({{contentVisibilityAuto: true}}),
            pictures: [...c.querySelectorAll('.dplab-chart-picture img')].map((i) => ({{
                src: i.currentSrc, visible: i.checkVisibility(), complete: i.complete,
                width: i.naturalWidth }})),
            pending: document.documentElement.dataset.dplabPending || null,
        }}))"""
    )


# --- What every page must do, each a check of one loaded page (an AssertionError, or the
# list of what is wrong: empty when nothing is). They run in the order of
# test_every_page_once_per_width, which says what each expects of the page before it.

# Lighthouse's phone width, where the page as just loaded is measured for target size and
# contrast (the phone visit is shown at this width for that check only).
LIGHTHOUSE_PHONE = 412


def controls_and_text_as_loaded(page) -> list[str]:
    """axe's target-size and contrast rules on the page as just loaded (nothing scrolled,
    the long sections still skipping their rendering): a part laid out beyond its section's
    guessed height would put its buttons on top of the next section's (the check
    Lighthouse's accessibility score runs), and the text of a last cell that skips its
    rendering was measured against the dark footer below its guessed box (a notebook's
    reference list at 1280 px, light), a blockquote against the grey of a code cell (the
    English Gaussian notebook at 412 px, light)."""
    return axe_violations(
        page,
        "{runOnly: ['target-size', 'color-contrast'], resultTypes: ['violations']}",
        "() => true",
        "(v) => v.nodes.map((n) => v.id + ' ' + n.target.join(' '))",
    )


def charts_shown_as_the_reader_scrolls(page) -> None:
    """Scrolling a screen at a time from the top, every chart on screen is shown once the
    page is ready again: as its picture, or drawn live if it is operated; the Vega
    libraries are not loaded for charts that are only read, and a chart far below waits.
    At the end every chart is shown, and none that is only read is drawn (nobody pointed
    at it)."""
    charts = page.locator(".dplab-chart")
    # From the top, whatever an earlier check left scrolled, two frames after each scroll
    # (helpers.scrolled): without a frame in between, the loop could pass a chart on a
    # layout never painted (once, on a busy CI machine, a chart's picture had not loaded at
    # the end). Each stop is recorded, with the page's height then, for a failure to name.
    stops = [scrolled(page, "scrollTo(0, 0)")]
    far = page.evaluate(
        "() => [...document.querySelectorAll('.dplab-chart')]"
        ".filter((c) => c.getBoundingClientRect().top > 3 * innerHeight).length"
    )
    drawn_at_start = charts.evaluate_all(f"(cs) => cs.filter({DRAWN}).length")
    assert drawn_at_start <= charts.count() - far, "the far charts do not wait"
    while True:
        # A picture loads, or a drawing starts, when the browser reports the chart near
        # the viewport: wait for those themselves.
        try:
            page.wait_for_function(
                f"() => [...document.querySelectorAll('.dplab-chart')].filter({IN_VIEW})"
                f".every({SETTLED})",
                timeout=READY_TIMEOUT_MS,
            )
        except PlaywrightError as error:  # Playwright's TimeoutError: say what was not shown
            raise AssertionError(f"not shown: {_unshown(page)}") from error
        wait_until_ready(page)
        stops.append(scrolled(page, "scrollBy(0, innerHeight)"))
        if stops[-1][0] <= stops[-2][0]:  # at the bottom
            break
    # Every chart on show (a walkthrough shows one step's panel at a time).
    unshown = _unshown(page, among="(c) => c.checkVisibility()", wanted=SHOWN)
    assert unshown == [], f"not shown after the scroll, stopped at (scrollY, height) {stops}"
    read_only_drawn = charts.evaluate_all(
        f"(cs) => cs.filter((c) => !({OPERATED})(c) && ({DRAWN})(c)).length"
    )
    assert read_only_drawn == 0, "charts only read were drawn with nobody pointing at them"


def pointing_at_a_pictured_chart_draws_it(page) -> None:
    """Pointing at a chart shown as its picture draws it live in its place."""
    pictured = page.locator(".dplab-chart:has(.dplab-chart-picture img)")
    shown = "(cs) => cs.filter((c) => c.checkVisibility()).map((c) => c.id)"
    for chart_id in pictured.evaluate_all(shown):
        chart = page.locator(f"#{chart_id}")
        chart.scroll_into_view_if_needed()
        chart.hover()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.dplab-chart')]"
        f".filter((c) => c.checkVisibility()).every({DRAWN})"
    )
    wait_until_ready(page)
    assert pictured.evaluate_all(shown) == [], "still pictures after pointing at them"


def printing_draws_every_chart(page) -> None:
    """What the browser does when the reader prints draws every chart, each with a height;
    the page is shown on screen again afterwards."""
    page.emulate_media(media="print")
    page.wait_for_function("() => window.DPLAB_CHARTS.waiting() === 0")
    wait_until_ready(page)
    charts = page.locator(".dplab-chart")
    assert charts.evaluate_all(f"(cs) => cs.every({DRAWN})"), "not drawn for print"
    assert charts.evaluate_all("(cs) => cs.every((c) => c.getBoundingClientRect().height > 0)")
    page.emulate_media(media="screen")
    # Emulating the medium sends no resize event, on which Vega's charts as wide as their
    # container (dplab.views fit_width) take the screen's width again: send it.
    page.evaluate("() => window.dispatchEvent(new Event('resize'))")
    charts_refitted(page)


# The parts of a page that skip their rendering until they come near the viewport.
SKIPPING = (
    "[...document.querySelectorAll('.dplab-section, .jp-Cell')]"
    ".filter((e) => getComputedStyle(e).contentVisibility === 'auto')"
)


def jumping_in_shows_what_is_on_screen(page) -> None:
    """Parts of a page are laid out only near the viewport (content-visibility): after a
    jump (a link, the table of contents, the scrollbar) every part on screen is shown."""
    # the last section and those with a chart, a lab or the exercises are laid out from the
    # start (dplab.css): the tour keeps two that skip their rendering
    assert page.evaluate(f"() => {SKIPPING}.length") >= 2
    for fraction in (0.25, 0.5, 0.75):
        page.evaluate(f"scrollTo(0, document.documentElement.scrollHeight * {fraction})")
        page.wait_for_function(
            f"() => {SKIPPING}.filter({IN_VIEW})"
            ".every((part) => part.checkVisibility({contentVisibilityAuto: true}))",
            timeout=READY_TIMEOUT_MS,
        )
    page.evaluate("() => scrollTo(0, 0)")


CHART_WIDTHS = """(c) => {
  const column = c.getBoundingClientRect().width;
  const svg = c.querySelector('svg.marks').getBoundingClientRect();
  const menu = c.querySelector('details > summary');
  const over = menu ? menu.getBoundingClientRect() : null;
  const covers = over !== null && over.left < svg.right && over.right > svg.left
    && over.top < svg.bottom && over.bottom > svg.top;
  return {id: c.id, column: Math.round(column), chart: Math.round(svg.width), covers: covers};
}"""


def charts_wider_or_narrower_than_their_column(page) -> list[dict]:
    """Lesson and lab charts alike fill their column (within 40 px, the room a stacked
    layout leaves) without passing it, and the chart menu lies outside the drawing."""
    return [
        chart
        for chart in page.locator(".dplab-chart").evaluate_all(f"(cs) => cs.map({CHART_WIDTHS})")
        if not (chart["column"] - 40 <= chart["chart"] <= chart["column"]) or chart["covers"]
    ]


def cut_off(page) -> list[str]:
    """Every text, graphic and control of the page, and of Material's drawer (navigation
    and table of contents) opened, lies inside the viewport and inside the boxes that clip
    it, unless it is in a box marked as scrolling sideways (tests.browser.layout)."""
    return clipped_boxes(page) + [f"drawer: {c}" for c in clipped_boxes(page, drawer_open=True)]


# Every shown cell of every data table (the build's pandas tables and the charts' reader's
# tables) that holds a digit, with the number of lines its text takes: its height over
# its line height, and no more than the distinct baselines of its text (a raised or
# lowered part of a formula does not count as a line).
WRAPPED_NUMBERS = """() => Array.from(document.querySelectorAll(
  '.dplab-table tbody td, .dplab-table tbody th')).filter((cell) =>
  /[0-9]/.test(cell.textContent) && cell.checkVisibility()).map((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const bottoms = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0)
      .map((r) => Math.round(r.bottom)));
    const line = parseFloat(getComputedStyle(cell).lineHeight);
    const lines = Math.round(range.getBoundingClientRect().height / line);
    return {text: cell.textContent.trim(), lines: Math.min(lines, bottoms.size)};
  }).filter((cell) => cell.lines > 1)"""


def numbers_wrapped_with_every_table_open(page) -> list[dict]:
    """With every chart's table open, no cell of a data table that holds a number breaks
    its text over lines (a wide table scrolls inside its box instead).  Opens the tables:
    the last check of a visit."""
    page.evaluate(
        "() => document.querySelectorAll('.dplab-chart-table-toggle').forEach("
        "(b) => b.getAttribute('aria-expanded') === 'false' && b.click())"
    )
    return page.evaluate(WRAPPED_NUMBERS)


class PageChecks:
    """The checks of one visit (a page at a width), each named, run in turn; what each
    finds (or the assertion it fails) is kept under ``page at width px, palette``, and the
    visit goes on with the next check."""

    def __init__(self, visit: Visit, relative: str) -> None:
        self.page, self.relative = visit.page, relative
        self.scheme = "light"
        self.found: dict[str, list[str]] = {}

    def palette(self, scheme: str) -> None:
        self.run("palette switch", lambda: switch_palette(self.page, scheme))
        self.scheme = scheme

    def run(self, name: str, check: Callable[[], object]) -> None:
        where = f"{self.relative} at {self.page.viewport_size['width']} px, {self.scheme}"
        try:
            wrong = check()
        except (AssertionError, PlaywrightError) as error:
            wrong = f"{type(error).__name__}: {error}"
        if wrong:
            self.found.setdefault(where, []).append(f"{name}: {wrong}")

    def resize(self, width: int) -> None:
        self.page.set_viewport_size({"width": width, "height": 900})
        self.run("ready at the new width", lambda: wait_until_ready(self.page))
        self.run("charts refitted to the new width", lambda: charts_refitted(self.page))


# Phone widths measured for cut-off besides the visit's own (390): the same page shown wider
# and narrower, after the other checks; the last, the narrowest, is where numbers in tables
# must not wrap (in the dark palette, as measured since issue 21).
OTHER_PHONES = (430, 360)


def check_page(
    visit: Visit, relative: str, *, charted: bool, twin: bool = False
) -> dict[str, list[str]]:
    """Run on ``visit`` (``relative`` just loaded at 1280 or 390 px, light, no chart drawn)
    every check of :func:`test_every_page_once_per_width`; return what they found, by
    ``page at width px, palette``.

    Nothing is cut off in one palette if nothing is in the other: the dark palette changes
    colours and which of a chart's two pictures is shown, both the same size
    (tests/views/test_views.py, tests/site/test_pictures.py); so each width is measured
    once, in the palette shown, and the walk switches to dark once, for axe's colour rules
    and the phone widths after the visit's own.

    axe reads the page as just loaded (target size and contrast, where Lighthouse measured
    parts laid out at guessed heights) on a phone, at Lighthouse's 412 px, in light; at
    1280 px Lighthouse's desktop audit itself is the check (make bench-pages).

    A ``twin`` (a page of another edition, whose source edition's page is checked in full)
    skips what its words cannot change: how its charts are shown as the reader scrolls,
    prints, points or jumps (the same scripts on the same charts); at 1280 px, the dark
    palette and axe's colour rules (words change no colour; the rules that read colours
    take two thirds of a lesson's axe run); on a phone, the widths besides its own but the
    narrowest, and the tables opened there."""
    checks, page = PageChecks(visit, relative), visit.page
    width = page.viewport_size["width"]
    desktop = width == 1280
    if not desktop:  # as Lighthouse's phone measures it: light, 412 px
        checks.resize(LIGHTHOUSE_PHONE)
        checks.run("target size and contrast as loaded", lambda: controls_and_text_as_loaded(page))
        checks.resize(width)
    if charted:
        # Before any chart is drawn: the pictures the page shows, at this width and on a
        # phone at the narrowest (the same pictures in a fluid layout).
        checks.run("chart pictures' words", lambda: pictured_chart_words(page))
        if not desktop:
            narrower = width - min(OTHER_PHONES)
            checks.run(
                f"chart pictures' words at {min(OTHER_PHONES)} px",
                lambda: pictured_chart_words(page, narrower_by=narrower),
            )
    if charted and not twin:
        checks.run(
            "charts shown as the reader scrolls", lambda: charts_shown_as_the_reader_scrolls(page)
        )
        if desktop:
            checks.run("printing draws every chart", lambda: printing_draws_every_chart(page))
        else:
            checks.run(
                "pointing at a picture draws the chart",
                lambda: pointing_at_a_pictured_chart_draws_it(page),
            )
        checks.run("jumping into the page", lambda: jumping_in_shows_what_is_on_screen(page))
    checks.run("every chart drawn", lambda: draw_every_chart(page))
    checks.run("console, requests, CSP", lambda: any(visit.problems()) and visit.problems())
    if charted:
        checks.run(
            "charts as wide as their column",
            lambda: charts_wider_or_narrower_than_their_column(page),
        )
        checks.run("charts' words", lambda: drawn_chart_words(page))
    if desktop and twin:
        # One axe run, in light, of every rule but those that read colours: the twin's words
        # can change what the other rules read, not its colours (the same style sheets,
        # element for element: the edition check), which its source page's light and dark
        # runs check; its own words' contrast is checked as loaded on a phone.
        checks.run(
            "axe serious or critical", lambda: serious_axe_violations(page, skip=COLOUR_RULES)
        )
        checks.run("cut off", lambda: cut_off(page))
        return checks.found
    if desktop:
        # In dark, axe runs the rules that read colours: the palette changes the colours
        # and which picture is shown, nothing that axe's other rules read.  axe has every part
        # rendered anew even after the reader's scroll: printing in between left the
        # sideways-scrolling code boxes off screen unmarked (scrollable-region-focusable)
        # until each is laid out again, as it is when a reader gets to it.
        checks.run("axe serious or critical", lambda: serious_axe_violations(page))
        checks.run("cut off", lambda: cut_off(page))
        checks.palette("dark")
        checks.run(
            "axe serious or critical",
            lambda: serious_axe_violations(page, rules=COLOUR_RULES),
        )
        return checks.found
    checks.run("cut off", lambda: cut_off(page))
    checks.palette("dark")
    for phone in OTHER_PHONES[-1:] if twin else OTHER_PHONES:
        checks.resize(phone)
        checks.run("cut off", lambda: cut_off(page))
        if charted:
            checks.run("charts' words", lambda: drawn_chart_words(page))
    assert checks.scheme == "dark" and page.viewport_size["width"] == min(OTHER_PHONES)
    if not twin:
        checks.run("numbers wrap in tables", lambda: numbers_wrapped_with_every_table_open(page))
    return checks.found


# Each walk runs apart from the other browser tests (tests/conftest.py): under make test,
# on whichever worker asks first once the quick tests are handed out, longest first.
@pytest.mark.browser_apart
@pytest.mark.parametrize(
    ("width", "edition"), [(1280, "ko"), (1280, "en"), (390, "ko"), (390, "en")]
)
def test_every_page_once_per_width(open_page, built_site, width, edition):
    """Every page of the built site, loaded once at ``width`` (light), passes every check
    that holds page by page, on that one visit, in the order below:

    - on a phone, as just loaded at Lighthouse's 412 px, in light: axe's target-size and
      contrast rules;
    - on a page with charts, scrolled through a screen at a time: charts shown as the reader
      gets to them; at 1280 px, printing then draws every chart; at 390 px, pointing at a
      pictured chart draws it; jumping into the page shows what is on screen;
    - on a page with charts, before any is drawn, the build's pictures it shows: no word
      cut with "…", text at least 12 px as shown (at the visit's width and, on a phone, at
      the narrowest phone width);
    - every chart drawn: no console error, uncaught exception, request off the site, failed
      request or CSP violation during the visit so far; charts as wide as their column;
      each chart's words whole, inside the chart, clear of the axes' numbers and at least
      12 px as rendered (tests.browser.chart_words; on a phone at every width measured);
    - in light: axe's serious and critical violations and skipped headings (at 1280 px);
      nothing cut off, the drawer closed and open;
    - in dark: at 1280 px, axe's rules that read colours; on a phone, the page shown at 430
      and 360 px, nothing cut off; at 360 px, with every chart's table open, no number in a
      table wraps.

    The English edition's pages (``en/``) are their Korean twins' with other words: they
    skip what words cannot change (:func:`check_page`, ``twin``).

    Each failure names the page, the width and the palette; every page is checked before
    the test fails."""
    prefix = "" if edition == "ko" else f"{edition}/"
    pages = [p for p in all_pages(built_site) if (p.startswith("en/")) == bool(prefix)]
    for page in ("index.html", "lessons/tour.html", "notebooks/tour.html", "glossary.html"):
        assert prefix + page in pages
    charted = set(pages_with_charts(built_site))
    assert prefix + "lessons/randomized-response.html" in charted
    found = {}
    for relative in pages:
        visit = open_page(relative, width=width, draw_all=False)
        found.update(check_page(visit, relative, charted=relative in charted, twin=bool(prefix)))
    assert found == {}, "\n".join(f"{where}: {wrong}" for where, wrong in found.items())


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_charts_picture_is_the_one_of_the_palette_shown(open_page, scheme):
    """The build drew each chart once per palette; the page shows (and fetches) only the
    picture of the palette on screen, at the size the live chart has."""
    visit = open_page("lessons/randomized-response.html", scheme=scheme, draw_all=False)
    page = visit.page
    pictured = page.locator(".dplab-chart:not([data-dplab-live]):has(.dplab-chart-picture img)")
    chart = page.locator("#" + pictured.first.get_attribute("id"))
    scroll_to_and_render(chart)
    shown = chart.locator(".dplab-chart-picture img").evaluate_all(
        "(imgs) => imgs.filter((i) => i.checkVisibility()).map((i) => i.currentSrc)"
    )
    other = "light" if scheme == "dark" else "dark"
    assert len(shown) == 1 and shown[0].endswith(f"-{scheme}.svg"), shown
    page.wait_for_function(
        "(c) => [...c.querySelectorAll('img')].some((i) => i.checkVisibility() && i.complete)",
        arg=chart.element_handle(),
    )
    fetched = page.evaluate(
        "() => performance.getEntriesByType('resource').map((r) => r.name)"
        ".filter((n) => n.endsWith('.svg'))"
    )
    assert not any(name.endswith(f"-{other}.svg") for name in fetched), fetched
    before = chart.locator(".dplab-chart-picture img").evaluate_all(
        "(imgs) => imgs.filter((i) => i.checkVisibility())[0].getBoundingClientRect().width"
    )
    chart.hover()
    page.wait_for_function(f"({DRAWN})", arg=chart.element_handle())
    wait_until_ready(page)
    after = chart.locator("svg.marks").evaluate("(svg) => svg.getBoundingClientRect().width")
    # Without fonts the build estimates text widths: the axes may take some room more or less.
    assert abs(after - before) <= 0.25 * before, (before, after)
    assert any(visit.problems()) is False, visit.problems()


def test_moving_a_slider_changes_the_chart(open_page):
    page = open_page("lessons/tour.html").page
    chart_svgs(page)
    chart = page.locator(".dplab-chart", has=page.locator("input[type=range]")).first
    before = chart.locator("svg.marks").inner_html()
    chart.locator("input[type=range]").evaluate(
        "(el) => { el.value = '3'; el.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    settle(
        chart.locator("svg.marks"),
        "(svg, old) => new Promise((done) => { const check = () => svg.innerHTML !== old ? "
        "done() : requestAnimationFrame(check); check(); })",
        before,
        signal="the chart redrawn after the slider moved",
    )
    assert chart.locator("svg.marks").inner_html() != before


def test_charts_follow_the_palette_and_keep_the_slider(open_page):
    visit = open_page("lessons/tour.html")
    page = visit.page
    chart_svgs(page)
    assert page.locator(".dplab-chart").first.get_attribute("data-dplab-theme") == "light"
    slider = page.locator(".dplab-chart input[type=range]").first
    slider.evaluate(
        "(el) => { el.value = '2.5'; el.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    page.locator("label[for=__palette_1]").first.click()  # Material's light/dark toggle
    page.wait_for_function(
        "document.querySelector('.dplab-chart').getAttribute('data-dplab-theme') === 'dark'"
    )
    assert page.locator(".dplab-chart input[type=range]").first.input_value() == "2.5"
    assert visit.console_errors == []


def test_math_renders_with_the_site_fonts(open_page):
    page = open_page("lessons/tour.html").page
    assert page.locator(".katex").count() > 10
    assert page.locator(".katex-display").count() >= 2
    fonts_settled(page)
    assert page.evaluate("document.fonts.check('16px KaTeX_Main')")
    assert page.evaluate(
        "getComputedStyle(document.querySelector('.katex .mathnormal')).fontFamily"
    ).startswith("KaTeX_Math")


def test_notebook_page_renders_its_math_offline(open_page):
    visit = open_page("notebooks/tour.html")
    page = visit.page
    # The math is rendered when the site is built: the page is ready with it already there.
    assert page.locator(".jupyter-wrapper .jp-MarkdownOutput .katex").count() > 5
    assert page.locator(".jupyter-wrapper .jp-MarkdownOutput .katex-display").count() >= 1
    raw = page.evaluate(
        "[...document.querySelectorAll('.jupyter-wrapper .jp-MarkdownOutput')].map((cell) => {"
        " const copy = cell.cloneNode(true);"
        " copy.querySelectorAll('.katex, code, pre').forEach((e) => e.remove());"
        " return copy.textContent; }).filter((text) => text.includes('$'))"
    )
    assert raw == []
    assert page.evaluate(
        "getComputedStyle(document.querySelector('.jp-MarkdownOutput .katex .mathnormal'))"
        ".fontFamily"
    ).startswith("KaTeX_Math")
    loaded = page.evaluate(
        "[...document.fonts].filter((f) => f.status === 'loaded')"
        ".map((f) => f.family.replaceAll('\"', ''))"
    )
    assert {"KaTeX_Main", "KaTeX_Math"} <= set(loaded)
    charts = page.locator(".jupyter-wrapper .dplab-chart")
    page.wait_for_function(
        "[...document.querySelectorAll('.jupyter-wrapper .dplab-chart')].every((c) => c.dplabView)"
    )
    assert charts.count() >= 1
    assert page.locator(".jupyter-wrapper .dplab-chart svg.marks").count() == charts.count()
    link = page.locator("a[download]").first
    assert link.get_attribute("href") == "tour.ipynb"
    assert visit.console_errors == []


def test_a_notebook_cell_with_a_folded_solution_is_laid_out_from_the_start(open_page):
    """Cells far below the screen skip their rendering until the reader comes near, except
    those that hold a heading or a folded solution (dplab.css): Lighthouse's contrast check
    read a skipped solution's summary against whatever lay under it."""
    page = open_page("notebooks/tour.html", width=412, draw_all=False).page
    cells = page.evaluate(
        "() => [...document.querySelectorAll('.jp-Notebook > .jp-Cell')]"
        ".filter((c) => c.getBoundingClientRect().top > 3 * innerHeight)"
        ".map((c) => [c.querySelector('details') !== null,"
        " c.firstElementChild.checkVisibility({contentVisibilityAuto: true})])"
    )
    folded = [laid_out for has_details, laid_out in cells if has_details]
    others = [laid_out for has_details, laid_out in cells if not has_details]
    assert folded and all(folded)
    assert others and not all(others)  # the others do skip


# What the notebook pages' pruned style sheet must not change: each element's look.
_STYLE_PROPERTIES = [
    "color", "background-color", "font-family", "font-size", "font-weight", "font-style",
    "line-height", "white-space", "display", "text-align", "vertical-align", "overflow-x",
    "padding-top", "padding-right", "padding-bottom", "padding-left", "margin-top",
    "margin-bottom", "margin-left", "border-top-style", "border-top-color", "border-left-style",
    "border-left-width", "border-bottom-style", "border-bottom-width", "box-shadow",
]  # fmt: skip


@pytest.mark.parametrize(
    ("notebook", "scheme"),
    [(n, "light") for n in ("tour", "randomized-response", "gaussian", "user-level-linear")]
    + [("gaussian", "dark")],
)
def test_a_notebook_page_looks_as_with_all_of_mkdocs_jupyters_styles(
    open_page, built_site, notebook, scheme
):
    """The build keeps, of the ~600 KB of CSS that mkdocs-jupyter inlines into a notebook
    page, only the rules that can apply to the page (dplab.site.notebook.prune_css).  Adding
    every one of mkdocs-jupyter's styles back, where the pruned sheet stands, changes no
    element's computed style."""
    from mkdocs_jupyter.nbconvert2 import nb2html

    from dplab.site.notebook import externalize_styles

    original = nb2html(str(built_site / "notebooks" / f"{notebook}.ipynb"), no_prompt=True)
    styles = {}
    externalize_styles(original + "</head>", "", styles.__setitem__, prune=False)
    (full_css,) = styles.values()
    page = open_page(f"notebooks/{notebook}.html", scheme=scheme).page
    # The same elements both times (a change of look may make a script add some).
    page.evaluate("window.dplabTestElements = [...document.querySelectorAll('body *')]")
    read = (
        "(properties) => window.dplabTestElements.map((e) => {"
        " const style = getComputedStyle(e);"
        " return e.tagName + '.' + e.className + ' ' + properties.map("
        "   (p) => style.getPropertyValue(p)).join(';'); })"
    )
    pruned = page.evaluate(read, _STYLE_PROPERTIES)
    page.add_style_tag(content=full_css)
    full = page.evaluate(read, _STYLE_PROPERTIES)
    assert len(pruned) > 1000
    changed = [(a, b) for a, b in zip(pruned, full, strict=True) if a != b]
    assert changed == [], f"{len(changed)} elements look different, e.g. {changed[:3]}"


def test_search_finds_a_korean_word(open_page):
    page = open_page("index.html").page
    search = page.locator("input.md-search__input")
    search.click()
    search.fill("삼각부등식")
    search.press("End")  # Material reacts to key events, which fill() alone does not send
    result = page.locator(".md-search-result__item a").first
    result.wait_for(timeout=15000)
    hrefs = page.locator(".md-search-result__item a").evaluate_all(
        "(links) => links.map((a) => a.href)"
    )
    assert any("/lessons/tour.html" in href for href in hrefs)
    assert not any("/index.html" in href for href in hrefs)  # the word is only in the lesson
