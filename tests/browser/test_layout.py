"""Every page at phone widths: nothing cut off, scroll boxes that say they scroll, charts as
wide as their column, and words about the arrangement that hold at every width."""

from __future__ import annotations

import re

import pytest

from dplab.views._labels import label
from tests.browser.helpers import next_frames, read_through, scroll_to_and_render
from tests.browser.layout import clipped_boxes
from tests.browser.test_pages import all_pages, pages_with_charts

pytestmark = pytest.mark.browser

PHONES = [360, 390, 430]


@pytest.mark.parametrize(
    ("width", "scheme"), [(w, s) for w in PHONES for s in ("light", "dark")] + [(1280, "light")]
)
def test_nothing_a_reader_needs_is_cut_off(open_page, built_site, width, scheme):
    """Every text, graphic and control of every page, and of Material's drawer (navigation
    and table of contents) opened, lies inside the viewport and inside the boxes that clip
    it, unless it is in a box marked as scrolling sideways (tests.browser.layout)."""
    cut = {}
    for relative in all_pages(built_site):
        page = open_page(relative, width=width, scheme=scheme).page
        found = clipped_boxes(page) + [
            f"drawer: {c}" for c in clipped_boxes(page, drawer_open=True)
        ]
        if found:
            cut[relative] = found
    assert cut == {}


def test_the_measure_finds_what_is_cut_off(open_page):
    """The measure itself: a formula made too wide for its box, in a box that clips
    without saying so, is reported with its overflow; marked as scrolling, it is not."""
    page = open_page("lessons/tour.html", width=390, draw_all=False).page
    assert clipped_boxes(page) == []
    page.evaluate(
        "() => { const box = document.querySelector('.katex-display');"
        " box.classList.remove('dplab-scrolls'); box.style.overflowX = 'hidden';"
        " box.querySelector('.katex').style.fontSize = '4em'; }"
    )
    cut = clipped_boxes(page)
    assert len(cut) == 1 and re.search(r"> span\.katex-display cuts: ", cut[0]), cut
    assert int(re.search(r"cuts: (\d+) px", cut[0]).group(1)) > 100
    page.evaluate(
        "() => { const box = document.querySelector('.katex-display');"
        " box.style.overflowX = 'auto'; box.classList.add('dplab-scrolls'); box.tabIndex = 0; }"
    )
    assert clipped_boxes(page) == []


def test_a_box_that_scrolls_sideways_says_so(open_page):
    """At 360 px, each box that scrolls sideways has a shadow edge, a hint under it and
    takes the keyboard focus; one that stops scrolling (its text made smaller) loses them."""
    page = open_page("lessons/gaussian.html", width=360, draw_all=False).page
    read_through(page)  # a box is measured when the browser lays it out
    boxes = page.evaluate(
        """() => Array.from(document.querySelectorAll('.dplab-scrolls')).map((box) => {
          const after = box.parentElement.tagName === 'PRE' ? box.parentElement : box;
          const hint = after.nextElementSibling;
          return {
            scrolls: box.scrollWidth > box.clientWidth,
            focusable: box.tabIndex >= 0
              || box.querySelector('a, button, input, select, textarea') !== null,
            shadow: getComputedStyle(box).backgroundImage.includes('gradient'),
            hint: hint && hint.classList.contains('dplab-scroll-hint') ? hint.textContent : null,
          };
        })"""
    )
    assert len(boxes) >= 3
    expected = {
        "scrolls": True,
        "focusable": True,
        "shadow": True,
        "hint": label("page.scroll_hint"),
    }
    assert all(box == expected for box in boxes), boxes
    locator = page.locator("pre > code.dplab-scrolls:not(details:not([open]) code)").first
    hints = page.locator(".dplab-scroll-hint").count()
    scroll_to_and_render(locator)  # a box skipped off screen is not measured again
    code = locator.element_handle()  # this box, even once it no longer matches
    code.evaluate(  # now it fits
        "(box) => [box, ...box.querySelectorAll('*')].forEach((e) => { e.style.fontSize = '1px'; })"
    )
    page.wait_for_function("(box) => !box.classList.contains('dplab-scrolls')", arg=code)
    assert page.locator(".dplab-scroll-hint").count() == hints - 1


def test_a_box_is_measured_again_when_a_font_arrives(open_page):
    """A font that arrives late can widen a formula without changing its box (no resize
    to observe): once the fonts have loaded, every box measured so far is measured again."""
    page = open_page("lessons/gaussian.html", width=360, draw_all=False).page
    read_through(page)
    box = page.locator(".katex-display:not(.dplab-scrolls)").first
    scroll_to_and_render(box)
    handle = box.element_handle()
    handle.evaluate(  # as a wider glyph would: the content grows, the box does not
        "(box) => { box.querySelector('.katex-html').style.paddingRight = '600px'; }"
    )
    # Nothing reports it until the fonts settle.
    next_frames(page)
    assert not handle.evaluate("(box) => box.classList.contains('dplab-scrolls')")
    page.evaluate("() => document.fonts.dispatchEvent(new Event('loadingdone'))")
    assert handle.evaluate("(box) => box.classList.contains('dplab-scrolls') && box.tabIndex === 0")


def test_record_tables_are_cards_on_a_phone_and_tables_on_a_desktop(open_page):
    """The certificate table: on a phone each row is a card whose lines carry the column
    titles (the verdict included); on a desktop it is a table."""
    table = "table[data-dplab-layout='cards']"
    cells = (
        "(t) => Array.from(t.querySelectorAll('tbody tr:first-child td')).map(td => ["
        "td.dataset.label, getComputedStyle(td).display,"
        " getComputedStyle(td, '::before').content])"
    )
    heads = "(t) => Array.from(t.querySelectorAll('thead th')).map(th => th.textContent)"
    page = open_page("lessons/randomized-response.html", width=390, draw_all=False).page
    certificate = page.locator(table).first
    titles = certificate.evaluate(heads)
    assert titles[-1].startswith(label("rr.col_verdict").split("{")[0])
    shown = certificate.evaluate(cells)
    assert [c[0] for c in shown] == titles
    assert all(display == "flex" and before == f'"{title}"' for title, display, before in shown)
    page.set_viewport_size({"width": 1280, "height": 900})
    assert {c[1] for c in certificate.evaluate(cells)} == {"table-cell"}


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


def test_numbers_in_data_tables_never_wrap_on_a_phone(open_page, built_site):
    """At 360 px, with every chart's table open, no cell of a data table that holds a
    number breaks its text over lines (a wide table scrolls inside its box instead)."""
    wrapped = {}
    for relative in all_pages(built_site):
        text = (built_site / relative).read_text("utf-8")
        if "dplab-table" not in text and "dplab-chart" not in text:
            continue
        page = open_page(relative, width=360, scheme="dark").page
        page.evaluate(
            "() => document.querySelectorAll('.dplab-chart-table-toggle').forEach("
            "(b) => b.getAttribute('aria-expanded') === 'false' && b.click())"
        )
        if found := page.evaluate(WRAPPED_NUMBERS):
            wrapped[relative] = found
    assert wrapped == {}


CHART_WIDTHS = """(c) => {
  const column = c.getBoundingClientRect().width;
  const svg = c.querySelector('svg.marks').getBoundingClientRect();
  const menu = c.querySelector('details > summary');
  const over = menu ? menu.getBoundingClientRect() : null;
  const covers = over !== null && over.left < svg.right && over.right > svg.left
    && over.top < svg.bottom && over.bottom > svg.top;
  return {id: c.id, column: Math.round(column), chart: Math.round(svg.width), covers: covers};
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_charts_are_as_wide_as_their_column_and_the_menu_covers_nothing(
    open_page, built_site, width
):
    """Lesson and lab charts alike fill their column (within 40 px, the room a
    stacked layout leaves) without passing it, and the chart menu lies outside the
    drawing."""
    wrong = []
    for relative in pages_with_charts(built_site):
        page = open_page(relative, width=width).page
        for chart in page.locator(".dplab-chart").evaluate_all(f"(cs) => cs.map({CHART_WIDTHS})"):
            if not (chart["column"] - 40 <= chart["chart"] <= chart["column"]) or chart["covers"]:
                wrong.append((relative, chart))
    assert wrong == []


PANELS = """() => Array.from(document.querySelectorAll('.dplab-gauss-lab .dplab-lab-panel')).map(
  (p) => { const r = p.getBoundingClientRect(), h = p.querySelector('h3').textContent.trim();
           return {heading: h, top: r.top, left: r.left}; })"""


@pytest.mark.parametrize("width", [1280, 390])
def test_the_gaussian_lab_text_names_its_panels_by_their_headings(open_page, width):
    """The text before the Gaussian lab names its three panels by their headings, never by
    their place (a phone puts the charts first, lab.css); at 1280 and 390 px the panels
    exist, and the two charts come in the order the text describes them."""
    page = open_page("lessons/gaussian.html", width=width, draw_all=False).page
    panels = page.evaluate(PANELS)
    headings = [
        label(k) for k in ("gauss.panel_heading", "gauss.density_heading", "gauss.profile_heading")
    ]
    assert sorted(p["heading"] for p in panels) == sorted(headings)
    reading = sorted(panels, key=lambda p: (round(p["top"] / 8), p["left"]))
    text = page.evaluate(
        "(first) => Array.from(document.querySelectorAll('.md-content p')).map("
        "(p) => p.textContent.replace(/\\s+/g, ' ')).find((t) => t.includes(first))",
        headings[0],
    )
    assert sorted(headings, key=text.index) == headings
    charts = [p["heading"] for p in reading if p["heading"] != headings[0]]
    assert charts == headings[1:]
    assert not re.search(r"첫째|둘째|셋째|왼쪽 위|오른쪽 위|그 옆|왼쪽의|오른쪽의", text)


def test_the_course_map_is_read_at_the_body_text_size_on_a_phone(open_page):
    """Issue 21, point 3: at 360 px the map's labels were drawn about 5 px tall (an SVG
    scaled down to the column). Every text of the map is at least 14 px, as set and as
    drawn, and nothing of the page reaches beyond the viewport."""
    page = open_page("course-map.html", width=360, scheme="dark").page
    sizes = page.evaluate(
        """() => {
          const sizes = [];
          for (const row of document.querySelectorAll('.dplab-map-node')) {
            const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              const drawn = Array.from(range.getClientRects()).filter((r) => r.width > 0);
              if (!drawn.length) continue;  // hidden (a mark not earned)
              sizes.push({
                text: node.textContent.trim(),
                set: parseFloat(getComputedStyle(node.parentElement).fontSize),
                drawn: Math.min(...drawn.map((r) => r.height)),
              });
            }
          }
          return sizes;
        }"""
    )
    small = [s for s in sizes if s["set"] < 14 or s["drawn"] < 14]
    assert small == []
    assert len(sizes) >= 3 * 9  # number and title, time, prerequisites of every lesson
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert clipped_boxes(page) == []
