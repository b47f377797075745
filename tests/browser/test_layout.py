"""Layout on phones, page by page: the measure of what is cut off, scroll boxes that say they
scroll, record tables as cards, and words about the arrangement that hold at every width.
What holds on every page (nothing cut off, charts as wide as their column, numbers that
never wrap) is checked on one visit of each page per width (tests.browser.test_pages)."""

from __future__ import annotations

import re

import pytest

from dplab.views._labels import label
from tests.browser.helpers import next_frames, read_through, scroll_to_and_render
from tests.browser.layout import clipped_boxes

pytestmark = pytest.mark.browser


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
