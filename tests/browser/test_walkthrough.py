"""The walkthrough stepper, the reader's tables of every chart and the notation panel."""

from __future__ import annotations

import pytest

from dplab.views import label
from tests.browser.helpers import (
    draw_every_chart,
    page_json,
    scroll_to_and_render,
    wait_until_ready,
)

pytestmark = pytest.mark.browser

LESSONS = ["tour", "randomized-response", "laplace", "gaussian", "inference"]

# Where the shown step, its panel and the buttons are, in viewport coordinates.
GEOMETRY = """(box) => {
  const step = box.querySelector('.dplab-walkthrough-step:not([hidden])');
  const rect = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return {
    step: Number(step.dataset.step),
    header: header,
    height: window.innerHeight,
    nav: rect(box.querySelector('.dplab-walkthrough-nav')),
    // the panel: its live chart, or the build's picture of it shown until then
    panel: rect([...step.querySelectorAll(
      '.dplab-walkthrough-panel svg.marks, .dplab-walkthrough-panel .dplab-chart-picture img'
    )].find((e) => e.checkVisibility())),
    text: rect(step.querySelector('.dplab-walkthrough-text')),
    live: box.querySelector('.dplab-walkthrough-live').textContent,
    title: step.querySelector('.dplab-walkthrough-step-title strong').textContent,
  };
}"""


def _in_view(geometry, part) -> bool:
    top, bottom = geometry[part]
    return top >= geometry["header"] - 1 and bottom <= geometry["height"] + 1


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("lesson", LESSONS)
def test_each_step_shows_its_panel_and_text_in_one_viewport(open_page, lesson, size):
    visit = open_page(f"lessons/{lesson}.html", width=size[0], draw_all=False)
    page = visit.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    box = page.locator(".dplab-walkthrough").first
    scroll_to_and_render(box)
    wait_until_ready(page)
    total = int(box.get_attribute("data-steps"))
    next_button = box.locator('[data-action="next"]')
    for step in range(2, total + 1):
        next_button.click()
        wait_until_ready(page)  # the panel of a hidden step is drawn before it is shown
        geometry = box.evaluate(GEOMETRY)
        assert geometry["step"] == step
        for part in ("nav", "panel", "text"):
            assert _in_view(geometry, part), (lesson, size, step, part, geometry)
        assert geometry["live"] == label(
            "walkthrough.live", number=step, total=total, title=geometry["title"]
        )
        if size[0] >= 1000:  # side by side: the text stands to the right of the panel
            tops = box.evaluate(
                "(b) => { const s = b.querySelector('.dplab-walkthrough-step:not([hidden])');"
                "return [s.querySelector('.dplab-walkthrough-panel').getBoundingClientRect(),"
                "s.querySelector('.dplab-walkthrough-text').getBoundingClientRect()]"
                ".map((r) => [r.left, r.right]); }"
            )
            assert tops[0][1] <= tops[1][0]
    assert next_button.is_disabled()
    page.keyboard.press("ArrowLeft")
    assert box.evaluate(GEOMETRY)["step"] == total - 1
    assert visit.problems() == ([], [], [], [])
    if lesson == "gaussian":
        page.screenshot(path=f"/tmp/lead/shots/stepper-gaussian-{size[0]}.png")


def _relative_luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    high, low = sorted((_relative_luminance(a), _relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


COLOURS = """(box) => {
  const rgb = (text) => text.match(/\\d+/g).slice(0, 3).map(Number);
  const background = rgb(getComputedStyle(document.body).backgroundColor);
  const out = [];
  box.querySelectorAll('.dplab-walkthrough-step').forEach((step) => {
    step.hidden = false;
    let faded = false;
    for (let e = step.querySelector('svg.marks'); e && e !== box; e = e.parentElement) {
      if (Number(getComputedStyle(e).opacity) < 1) faded = true;
    }
    const lines = Array.from(step.querySelectorAll('svg.marks g.mark-line path'));
    const labels = Array.from(step.querySelectorAll('svg.marks .role-axis-label text'));
    out.push({
      step: step.dataset.step,
      faded: faded,
      lines: lines.map((p) => {
        const style = getComputedStyle(p);
        return [rgb(style.stroke), Number(style.strokeOpacity || 1)];
      }),
      labels: labels.map((t) => rgb(getComputedStyle(t).fill)),
    });
  });
  return {background: background, steps: out};
}"""


@pytest.mark.parametrize("lesson", ["gaussian", "laplace"])
def test_in_the_dark_palette_every_panel_is_drawn_at_full_strength(open_page, lesson):
    page = open_page(f"lessons/{lesson}.html", scheme="dark").page
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    wait_until_ready(page)  # every chart is redrawn in the dark theme
    found = page.locator(".dplab-walkthrough").first.evaluate(COLOURS)
    background = tuple(found["background"])
    assert _relative_luminance(background) < 0.05  # the dark palette is on
    for step in found["steps"]:
        assert not step["faded"], step
        assert step["lines"] and step["labels"], step
        for colour, opacity in step["lines"]:
            assert opacity == 1 and _contrast(tuple(colour), background) >= 3, step
        for colour in step["labels"]:
            assert _contrast(tuple(colour), background) >= 4.5, step


def test_the_notebook_page_shows_every_step_with_its_panel_at_full_strength(open_page):
    page = open_page("notebooks/gaussian.html").page
    texts = page.evaluate("Array.from(document.querySelectorAll('.jp-Cell'), (c) => c.textContent)")
    for step in range(1, 5):
        assert any(f"walkthrough.panel({step})" in text for text in texts), step
    panels = page.evaluate(
        """() => Array.from(document.querySelectorAll('.jp-Notebook > .jp-Cell'))
          .filter((c) => /walkthrough\\.panel\\(\\d\\)/.test(c.textContent))
          .map((c) => { const s = c.querySelector('.dplab-chart svg.marks');
            let o = 1;
            for (let e = s; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
            return [Boolean(s), o]; })"""
    )
    assert panels == [[True, 1]] * 4


def test_without_javascript_every_step_shows_its_panel_and_text(browser, built_site):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((built_site / "lessons/randomized-response.html").as_uri())
    steps = page.locator(".dplab-walkthrough-step")
    assert steps.count() == 4
    for k in range(4):
        step = steps.nth(k)
        assert step.is_visible()
        assert step.locator(".dplab-walkthrough-panel .dplab-chart").count() == 1
        assert step.locator(".dplab-walkthrough-text").inner_text().strip()
    context.close()


def test_with_scripts_only_the_first_step_is_laid_out_before_the_stepper_starts(
    browser, built_site
):
    """From the first paint, a page that runs scripts shows the walkthrough as its stepper
    will (overrides/main.html, dplab.css): the first step only, so the pictures of the other
    steps are not fetched before the reader asks for them.  Here the stepper's script never
    arrives, so the page stays in that first state."""
    context = browser.new_context()
    page = context.new_page()
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.route("**/assets/dplab/components.js", lambda route: route.abort())
    page.goto((built_site / "lessons/randomized-response.html").as_uri(), wait_until="load")
    steps = page.locator(".dplab-walkthrough-step")
    assert steps.count() == 4
    assert [steps.nth(k).is_visible() for k in range(4)] == [True, False, False, False]
    pictures = steps.evaluate_all(
        "(steps) => steps.map((s) => [...s.querySelectorAll('.dplab-chart-picture img')]"
        ".map((i) => i.getAttribute('src').split('/').pop()))"
    )
    assert all(pictures)
    fetched = {url.rsplit("/", 1)[-1] for url in requested}
    later = {name.rsplit("-", 1)[0] for step in pictures[1:] for name in step}
    assert not any(name.startswith(tuple(later)) for name in fetched), fetched
    context.close()


INTERNAL = {"in_event", "role", "who", "xOffset", "true", "false", "what", "input", "order"}


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_chart_opens_the_readers_tables(open_page, lesson):
    """Every chart of the page, the hidden walkthrough panels and the labs' charts
    included, opens the tables its spec carries, with the reader's headers."""
    page = open_page(f"lessons/{lesson}.html").page
    draw_every_chart(page)
    charts = page.locator(".dplab-chart")
    assert charts.count() > 0
    for i in range(charts.count()):
        chart = charts.nth(i)
        spec = page_json(chart.locator('script[type="application/json"]'))
        tables = spec["usermeta"]["dplab_tables"]
        chart.evaluate("(c) => c.querySelector('.dplab-chart-table-toggle').click()")
        shown = chart.evaluate(
            """(c) => Array.from(c.querySelectorAll('.dplab-chart-table table')).map((t) => ({
              caption: t.caption.textContent,
              header: Array.from(t.tHead.rows[0].cells).map((h) => h.textContent),
              rows: t.tBodies[0].rows.length,
              cells: Array.from(t.tBodies[0].querySelectorAll('td, th')).map((x) => x.textContent),
            }))"""
        )
        assert len(shown) == len(tables), (lesson, i)
        for table, expected in zip(shown, tables, strict=True):
            header = expected.get("header") or [
                expected["index"]["title"],
                *(c["title"] for c in expected["columns"]),
            ]
            assert table["header"] == header and table["caption"] == expected["caption"]
            assert table["rows"] > 0, (lesson, i, table["caption"])
            assert not INTERNAL & set(table["header"]) and not INTERNAL & set(table["cells"])
            if "rows" in expected:
                assert table["rows"] == len(expected["rows"])


def test_the_readers_table_follows_the_slider(open_page):
    page = open_page("lessons/tour.html").page
    chart = page.locator(".dplab-chart").filter(has=page.locator("input[type=range]")).first
    chart.locator(".dplab-chart-table-toggle").click()
    first_row = chart.locator(".dplab-chart-table tbody tr").first
    before = first_row.inner_text()
    chart.locator("input[type=range]").evaluate(
        "(el) => { el.value = '2'; el.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    page.wait_for_function(
        "([c, old]) => c.querySelector('.dplab-chart-table tbody tr').innerText !== old",
        arg=[chart.element_handle(), before],
    )
    header = chart.locator(".dplab-chart-table thead th").all_inner_texts()
    assert header[0] == "y" and label("laplace.loss") in header


@pytest.mark.parametrize("width", [1280, 390])
def test_the_notation_panel_opens_and_closes_by_keyboard(open_page, width):
    visit = open_page("lessons/randomized-response.html", width=width, draw_all=False)
    page = visit.page
    page.mouse.wheel(0, 4000)  # far down the page: the button is still in the header
    button = page.locator(".dplab-notation-button")
    assert button.is_visible() and button.get_attribute("aria-haspopup") == "dialog"
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog.dplab-notation-dialog")
    assert dialog.evaluate("(d) => d.open")
    assert "α = e" in dialog.inner_text() and label("notation.title") in dialog.inner_text()
    assert dialog.evaluate("(d) => d.contains(document.activeElement)")
    page.keyboard.press("Escape")
    assert not dialog.evaluate("(d) => d.open")
    assert page.evaluate("document.activeElement.classList.contains('dplab-notation-button')")
    page.keyboard.press("Enter")
    assert dialog.evaluate("(d) => d.open")
    page.keyboard.press("Enter")  # the close button has the focus
    assert not dialog.evaluate("(d) => d.open")
    assert visit.problems() == ([], [], [], [])


def test_the_course_map_prints_the_notation(open_page):
    page = open_page("course-map.html").page
    terms = page.evaluate(
        "Array.from(document.querySelectorAll('.dplab-notation-list dt'), (t) => t.textContent)"
    )
    assert terms[:3] == ["ε", "α = eε", "δ"]
