"""The labs as a reader uses them (issue 10): controls and verdict on one screen, typed
values and step buttons, "things to try" buttons, the randomized-response pair picker and
bar click, and lab states as links (state → address → reload → the same state and
verdict, which equal dplab's).

Pages open from ``file://`` with the network blocked (one test also over HTTP); every
wait is on the page's readiness signal or on a condition in the page, never on time.
"""

from __future__ import annotations

import contextlib
import json
from fractions import Fraction
from urllib.parse import unquote

import pytest

from dplab.mechanisms.rr_lab_grid import LAB_GRID
from dplab.views import gaussian as gv
from dplab.views import label
from dplab.views.labs import composition as clab
from dplab.views.labs import gaussian as glab
from dplab.views.labs import rr as rr_views
from dplab.views.labs.laplace import laplace_lab
from tests.browser.helpers import charts_refitted, scroll_under_the_header, wait_until_ready
from tests.browser.layout import lab_reach

pytestmark = pytest.mark.browser

RR = "lessons/randomized-response.html"
LAPLACE = "lessons/laplace.html"
GAUSS = "lessons/gaussian.html"
COMP = "lessons/composition.html"
LESSON_LABS = {  # the labs as the lessons place them (same state, same key)
    "rr": (RR, rr_views.rr_lab(4, "3/4", "3", "0", lower=1, direction="up", mask=3, key="lesson")),
    "laplace": (LAPLACE, laplace_lab("sum", 4, 1, 1, "0.5", key="lesson")),
    "gauss": (GAUSS, glab.gaussian_lab("sum", 4, 1, "1", "1", "0.13", key="lesson")),
    "comp": (COMP, clab.composition_lab(key="lesson")),
}

SHOWN = """(prefix) => { const out = {};
  document.querySelectorAll(`.dplab-${prefix}-lab [data-show]`).forEach((e) => {
    const key = e.getAttribute('data-show');
    if (!['bits', 'live', 'lab-error', 'delta-error', 'link-note'].includes(key))
      out[key] = window.DPLAB_LAB.shownText(e);
  });
  return out; }"""


def settle(page) -> None:
    """Wait until the page has run what the last action started (ready.js)."""
    page.wait_for_function(
        "() => document.documentElement.getAttribute('data-dplab-ready') === 'ok'"
    )


def shown(page, prefix: str) -> dict[str, str]:
    return page.evaluate(SHOWN, prefix)


def assert_rr_shows(page, lab: rr_views.RRLab) -> None:
    """The RR lab's outputs settle on dplab's texts for ``lab``'s state."""
    expected = lab.outputs()
    with contextlib.suppress(Exception):  # on timeout, the assertion shows the difference
        page.wait_for_function(
            f"(expected) => {{ const got = ({SHOWN})('rr'); "
            "return Object.keys(expected).every((key) => got[key] === expected[key]); }",
            arg=expected,
            timeout=5000,
        )
    got = shown(page, "rr")
    assert {key: got.get(key) for key in expected} == expected


def in_viewport(page, selector: str) -> bool | str:
    """True when the element is entirely within the viewport, else where it is."""
    return page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
          return (r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight &&
            r.right <= innerWidth) || `${selector}: ${r.top}..${r.bottom} of ${innerHeight}`; }""",
        selector,
    )


def lab_state_from_hash(hash_: str) -> dict[str, str]:
    query = hash_.split("?", 1)[1]
    return {unquote(k): unquote(v) for k, v in (part.split("=", 1) for part in query.split("&"))}


def rr_lab_from(params: dict[str, str]) -> rr_views.RRLab:
    """The RR lab of the lesson in the state a link names (from dplab)."""
    source, target = map(int, params["pair"].split("-"))
    return LESSON_LABS["rr"][1].with_state(
        n=int(params["n"]),
        p=params["p"],
        alpha=params["alpha"],
        delta=params["delta"],
        pair=(source, target),
        event=tuple(int(y) for y in params["event"].split(",") if y),
    )


# --- cause and effect on one screen ---------------------------------------------------------

SECOND_STEPPER = {"rr": "p", "laplace": "bound", "gauss": "eps", "comp": "factor"}


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
@pytest.mark.parametrize("prefix", ["rr", "laplace", "gauss", "comp"])
def test_controls_and_verdict_are_in_view_together(open_page, prefix, width, height):
    relative, _ = LESSON_LABS[prefix]
    page = open_page(relative, width=width, height=height, draw_all=False).page
    root = f".dplab-{prefix}-lab"
    name = SECOND_STEPPER[prefix]
    slider = page.locator(f"{root} input[type=range][name={name}]")
    slider.scroll_into_view_if_needed()
    settle(page)  # the charts drawn on the way have their heights: the page holds still
    slider.scroll_into_view_if_needed()
    before = slider.input_value()
    page.locator(f"{root} button[data-step='1'][data-for={name}]").click()
    page.wait_for_function(
        "([s, v]) => document.querySelector(s).value !== v",
        arg=[f"{root} input[name={name}]", before],
    )
    settle(page)
    if width < 1000:
        # Nothing sticks on a phone: the reader who scrolls down to the slider sees the
        # chip below the controls.
        scroll_under_the_header(slider)
    chip = f"{root} .dplab-lab-chip"
    assert in_viewport(page, f"{root} input[name={name}]") is True
    assert in_viewport(page, chip) is True
    text = page.locator(chip).inner_text()
    badges = ("rr.badge_pass", "rr.badge_fail", "comp.badge_pass", "comp.badge_fail")
    assert any(label(k) in text for k in badges) or prefix == "laplace"
    if prefix == "laplace":
        assert "ε" in text and "δ" in text
    if width >= 1000:
        # Reading on down the outputs: the control column stays in view beside them (for
        # 700 px, or as far as the outputs reach below the column in a shorter lab).
        page.evaluate(
            "(r) => { const body = document.querySelector(r + ' .dplab-lab-body'); "
            "const side = document.querySelector(r + ' .dplab-lab-side'); "
            "window.scrollBy(0, Math.min(700, body.getBoundingClientRect().bottom - "
            "side.getBoundingClientRect().bottom)); }",
            root,
        )
        page.wait_for_function(
            "(s) => { const r = document.querySelector(s).getBoundingClientRect(); "
            "return r.top >= 0 && r.bottom <= innerHeight; }",
            arg=chip,
        )
        assert in_viewport(page, f"{root} input[name={name}]") is True
    else:
        # On a phone nothing sticks: the controls, the chip under them, then the outputs.
        tops = page.evaluate(
            "(r) => ['form', '.dplab-lab-chip', '.dplab-lab-outputs'].map((part) => "
            "document.querySelector(r + ' ' + part).getBoundingClientRect().top)",
            root,
        )
        assert tops == sorted(tops)
        assert page.locator(chip).evaluate("(e) => getComputedStyle(e).position") == "static"
        for button in page.locator(f"{root} button[data-step]").all():
            box = button.bounding_box()
            assert box is None or (box["width"] >= 44 and box["height"] >= 44)


def lab_pages(site) -> list[str]:
    """Every lesson page of the built site that holds a lab."""
    return sorted(
        page.relative_to(site).as_posix()
        for page in site.glob("lessons/*.html")
        if '<section class="dplab-lab ' in page.read_text("utf-8")
    )


PHONES = (390, 430, 360)  # the first is loaded; the others are reached by resizing


def test_on_a_phone_nothing_covers_a_control_and_the_chart_is_near_the_sliders(
    open_page, built_site
):
    # Every control scrolled to the middle of the screen and to its bottom edge (where a
    # reader scrolling down meets it first) is what a touch there reaches, on each phone
    # width; at 390 px a chart that the slider drives begins within a screen below every
    # slider in the middle of the screen (issue 21: the inference lab's x was 1193 px above
    # its trade-off chart).  Each lab page is loaded once, at 390 px, then resized, as in
    # tests.browser.test_pages (a page laid out again at a new width, as on a phone turned).
    pages = lab_pages(built_site)
    assert {"lessons/composition.html", "lessons/inference.html"} <= set(pages)
    covered, far = [], []
    for relative in pages:
        page = open_page(relative, width=PHONES[0], height=844).page
        for width in PHONES:
            if width != PHONES[0]:
                page.set_viewport_size({"width": width, "height": 844})
                wait_until_ready(page)
                charts_refitted(page)
            reach = lab_reach(page)
            assert reach["labs"], relative
            covered += [f"{relative} at {width} px: {line}" for line in reach["covered"]]
            if width == 390:
                far += [f"{relative}: {line}" for line in reach["far"]]
    assert covered == []
    assert far == []


# --- typed values and steps ---------------------------------------------------------------


def test_steppers_take_typed_values_and_steps_and_refuse_bad_input(open_page):
    page = open_page(RR, width=390, height=844).page
    lab = page.locator(".dplab-rr-lab")
    box = lab.locator(".dplab-lab-typed[data-for=p]")
    slider = lab.locator("input[type=range][name=p]")
    error = lab.locator("#rr-lab-lesson-p-error")
    start = LESSON_LABS["rr"][1]

    box.fill("0.90")
    box.press("Enter")
    assert_rr_shows(page, start.with_state(p="0.9"))
    assert slider.input_value() == "90" and box.input_value() == "0.9"
    assert error.is_hidden()

    refusals = (("0.905", "lab.typed_off_grid", "0.9, 0.91"), ("0,9", "number.comma", None))
    for typed, key, near in refusals:
        box.fill(typed)
        box.press("Enter")
        page.wait_for_function("(e) => !e.hidden", arg=error.element_handle())
        message = error.inner_text()
        assert message.startswith(refused(typed, key))
        assert "0.5, 0.51, 0.52, …, 0.98, 0.99, 1" in message  # the values it takes
        if near:
            assert label("lab.typed_near").format(values=near) in message
        assert box.get_attribute("aria-invalid") == "true"
        assert slider.input_value() == "90"  # refused: nothing moved
        assert box.input_value() == typed  # kept for the reader to correct
    expected = start.with_state(p="0.9").outputs()
    got = shown(page, "rr")
    assert {k: got[k] for k in expected if k != "p"} == {
        k: expected[k] for k in expected if k != "p"
    }

    lab.locator("button[data-step='-1'][data-for=p]").click()
    assert_rr_shows(page, start.with_state(p="0.89"))
    assert error.is_hidden() and box.get_attribute("aria-invalid") == "false"
    for _ in range(3):
        lab.locator("button[data-step='1'][data-for=p]").click()
    assert_rr_shows(page, start.with_state(p="0.92"))
    lab.locator("button[data-step='1'][data-for=n]").click()
    assert_rr_shows(page, start.with_state(p="0.92", n=5))
    # At the ends a step stays put.
    box.fill("1")
    box.press("Enter")
    lab.locator("button[data-step='1'][data-for=p]").click()
    assert_rr_shows(page, start.with_state(p="1", n=5))


def refused(typed: str, reason: str, **values: str) -> str:
    """How a stepper's message starts when it refuses ``typed`` for ``reason`` (a label)."""
    whole = label("lab.typed_refused").split("{values}")[0]
    return whole.format(typed=typed, reason=label(reason, **values))


N_RANGE = {"low": str(min(LAB_GRID.sizes)), "high": str(max(LAB_GRID.sizes))}
# (stepper, typed, the reason it is refused or None, the value it moves to or the nearest)
SPELLINGS = (
    ("p", "−1", "lab.typed_negative", "0.5"),
    ("p", "1e3", "lab.typed_probability", "1"),
    ("p", "1,000", "lab.typed_probability", "1"),
    ("p", "1/0", "number.zero_denominator", None),
    ("p", "3/4", None, "0.75"),
    ("alpha", "3/2", None, "1.5"),
    ("alpha", "2.5e0", None, "2.5"),
    ("n", "1,000", "lab.typed_range", str(max(LAB_GRID.sizes))),
    ("n", "1e3", "lab.typed_range", str(max(LAB_GRID.sizes))),
    ("n", "−1", "lab.typed_negative", "1"),
    ("n", "8/2", None, "4"),
)


def test_steppers_read_every_spelling_and_name_what_is_wrong(open_page):
    """Issue 21: −1, 3/4, 1e3 and 1,000 were all refused as "숫자로 읽을 수 없습니다"; a
    stepper reads them with the graders' reader (lab.js readNumber), takes a value on its
    grid and otherwise says what is wrong, the values it takes and the nearest of them."""
    page = open_page(RR, width=1280, height=800).page
    lab = page.locator(".dplab-rr-lab")
    for name, typed, reason, value in SPELLINGS:
        box = lab.locator(f".dplab-lab-typed[data-for={name}]")
        slider = lab.locator(f"input[type=range][name={name}]")
        error = lab.locator(f"#rr-lab-lesson-{name}-error")
        before = slider.input_value()
        box.fill(typed)
        box.press("Enter")
        settle(page)
        if reason is None:
            assert error.is_hidden(), (typed, error.inner_text())
            assert box.input_value() == value and box.get_attribute("aria-invalid") == "false"
            texts = json.loads(slider.get_attribute("data-texts"))
            low = int(slider.get_attribute("min"))
            assert texts[int(slider.input_value()) - low] == value
            continue
        page.wait_for_function("(e) => !e.hidden", arg=error.element_handle())
        message = error.inner_text()
        values = N_RANGE if reason == "lab.typed_range" else {}
        assert message.startswith(refused(typed, reason, **values)), message
        assert "숫자로 읽을 수 없습니다" not in message  # the old reason for every refusal
        if value is not None:
            assert message.endswith(label("lab.typed_near", values=value)), message
        assert box.get_attribute("aria-invalid") == "true"
        assert slider.input_value() == before and box.input_value() == typed
    assert "음수는 안 됩니다" in label("lab.typed_negative")
    assert "0과 1 사이여야 합니다" in label("lab.typed_probability")
    # the state the accepted values made: p = 3/4, α = 2.5, n = 4
    assert_rr_shows(page, LESSON_LABS["rr"][1].with_state(p="0.75", alpha="2.5", n=4))


def test_plus_moves_every_inference_stepper_toward_larger_values(open_page):
    """Issue 21: in the inference lab "+" made Q(S) smaller."""
    page = open_page("lessons/inference.html", width=1280, height=800, draw_all=False).page
    lab = page.locator(".dplab-inference-lab").first
    for name in ("n", "p", "alpha", "prior", "event", "level"):
        box = lab.locator(f".dplab-lab-typed[data-for={name}]")
        slider = lab.locator(f"input[type=range][name={name}]")
        first, second = json.loads(slider.get_attribute("data-texts"))[:2]
        box.fill(first)
        box.press("Enter")
        settle(page)
        lab.locator(f"button[data-step='1'][data-for={name}]").click()
        settle(page)
        moved = box.input_value()
        assert moved == second, name
        assert Fraction(moved) > Fraction(first), (name, first, moved)
        assert slider.get_attribute("aria-valuetext").endswith(f" = {moved}")


# --- "things to try" ------------------------------------------------------------------------


@pytest.mark.parametrize("prefix", ["rr", "laplace", "gauss", "comp"])
def test_things_to_try_buttons_load_their_state(open_page, prefix):
    relative, lab = LESSON_LABS[prefix]
    page = open_page(relative, width=1280, height=800).page
    buttons = page.locator(f"a.dplab-lab-try[href^='#{lab.element_id}?']")
    assert buttons.count() >= 4
    for i in range(buttons.count()):
        button = buttons.nth(i)
        href = button.get_attribute("href")
        button.scroll_into_view_if_needed()
        button.click()
        page.wait_for_function("(h) => location.hash === h", arg=href)
        settle(page)
        state = lab_state_from_hash(href)
        got = page.evaluate(
            "(s) => document.querySelector(s).dplabStart().params()", f"#{lab.element_id}"
        )
        assert dict(got) == state, href
        # The lab came into view with its controls and verdict.
        assert in_viewport(page, f"#{lab.element_id} .dplab-lab-chip") is True, href
        assert in_viewport(page, f"#{lab.element_id} form input[type=range]") is True, href
        if prefix == "rr":
            assert_rr_shows(page, rr_lab_from(state))
        elif prefix == "gauss":
            expected = lab.with_state(
                kind=state["kind"],
                n=int(state["n"]),
                bound=int(state["bound"]),
                sigma=state["sigma"],
                eps=state["eps"],
                delta=state["claim"],
            ).outputs()
            got_texts = shown(page, "gauss")
            for key in ("badge", "verdict", "delta", "sensitivity"):
                assert got_texts[key] == gv.plain_text(expected[key]), (href, key)
        elif prefix == "comp":
            expected = lab.with_state(
                n=int(state["n"]),
                p=state["p"],
                k=int(state["k"]),
                factor=state["factor"],
                claim=state["claim"],
            ).outputs()
            got_texts = shown(page, "comp")
            assert {k: got_texts[k] for k in expected} == expected, href
        else:
            expected = lab.with_state(
                kind=state["kind"],
                n=int(state["n"]),
                bound=state["bound"],
                scale=state["scale"],
                eps=state["eps"],
            ).outputs()
            got_texts = shown(page, "laplace")
            assert {k: got_texts[k] for k in expected} == expected, href


# --- the pair picker and the chart --------------------------------------------------------


def test_pairs_are_picked_from_the_list_by_keyboard_and_by_clicking_a_bar(open_page):
    page = open_page(RR).page
    lab = page.locator(".dplab-rr-lab")
    start = LESSON_LABS["rr"][1]
    picker = lab.locator("select[name=pair]")
    visible = picker.evaluate(
        "(s) => Array.from(s.options).filter((o) => !o.hidden).map((o) => o.textContent)"
    )
    assert visible == ["0→1", "1→0", "1→2", "2→1", "2→3", "3→2", "3→4", "4→3"]  # the chart's
    picker.select_option("2-1")
    assert_rr_shows(page, start.with_state(pair=(2, 1)))
    picker.focus()
    page.keyboard.press("ArrowDown")  # the next pair in the chart's order
    assert_rr_shows(page, start.with_state(pair=(2, 3)))
    chosen = (
        "() => document.querySelector('.dplab-rr-lab [data-chart=pairs] .dplab-chart')"
        ".dplabView.data('rr_pairs').filter((r) => r.chosen).map((r) => r.pair)"
    )
    page.wait_for_function(f"() => ({chosen})().join() === '2→3'")

    # Click the bar of 4→3 where the reader sees it: the keyboard left the page scrolled to
    # the list, so the reader first scrolls the chart into view (a click outside the
    # viewport reaches nothing).
    point = page.evaluate(
        """() => { const chart = document.querySelector(
            '.dplab-rr-lab [data-chart=pairs] .dplab-chart');
          chart.scrollIntoView({ block: 'center' });
          const view = chart.dplabView;
          const svg = chart.querySelector('svg.marks').getBoundingClientRect();
          const [ox, oy] = view.origin();
          // the bar itself: the tallest rect drawn for 4→3 (not the floor or an outline)
          const b = view.scenegraph().root.items[0].items
            .filter((g) => g.marktype === 'rect')
            .flatMap((g) => g.items.filter((i) => i.datum && i.datum.pair === '4→3'))
            .map((i) => i.bounds)
            .sort((u, v) => (v.y2 - v.y1) - (u.y2 - u.y1))[0];
          return [svg.left + ox + (b.x1 + b.x2) / 2, svg.top + oy + (b.y1 + b.y2) / 2]; }"""
    )
    page.mouse.click(*point)
    assert_rr_shows(page, start.with_state(pair=(4, 3)))
    assert picker.input_value() == "4-3"
    page.wait_for_function(f"() => ({chosen})().join() === '4→3'")

    # n down to 2: the pair 4→3 no longer exists and moves to 2→1, saying so.
    lab.locator(".dplab-lab-typed[data-for=n]").fill("2")
    lab.locator(".dplab-lab-typed[data-for=n]").press("Enter")
    clamped = start.with_state(n=2, lower=3, direction="down")
    expected = clamped.outputs()
    assert expected["pair-note"] == label("rr.lab_pair_clamped").format(requested="4→3", pair="2→1")
    assert_rr_shows(page, clamped)
    assert picker.input_value() == "2-1"


# --- lab states as links ------------------------------------------------------------------


def test_rr_state_round_trips_through_the_address(open_page, built_site):
    page = open_page(RR).page
    lab = page.locator(".dplab-rr-lab")
    typed = lab.locator(".dplab-lab-typed[data-for=p]")
    typed.fill("0.9")
    typed.press("Enter")
    lab.locator("input[name=delta]").fill("0.05")
    lab.locator("select[name=pair]").select_option("3-4")
    lab.locator("input[data-bit='0']").uncheck()
    lab.locator("input[data-bit='1']").uncheck()
    lab.locator("input[data-bit='4']").check()
    state = LESSON_LABS["rr"][1].with_state(p="0.9", delta="0.05", pair=(3, 4), event=(4,))
    assert_rr_shows(page, state)
    # The address holds the state, written as dplab writes links.
    page.wait_for_function("(h) => location.hash === h", arg=state.href())
    assert lab.locator("a.dplab-lab-permalink").get_attribute("href") == state.href()
    address = page.evaluate("() => location.href")

    # Opened afresh (a bookmark, a shared link): the same state and verdicts.
    page = open_page(RR + state.href(), draw_all=False).page
    assert page.evaluate("() => location.href") == address
    assert_rr_shows(page, state)
    assert in_viewport(page, ".dplab-rr-lab .dplab-lab-chip") is True


def test_links_from_other_pages_and_over_http_load_their_state(open_page, served_site):
    start = LESSON_LABS["rr"][1]
    state = start.with_state(n=6, alpha="1", pair=(5, 4), event=(0, 1, 2))
    href = start.href("randomized-response.html", n=6, alpha="1", pair=(5, 4), event=(0, 1, 2))
    assert href.startswith("randomized-response.html#lab-rr?")
    page = open_page("lessons/" + href, site_root=served_site, draw_all=False).page
    assert_rr_shows(page, state)
    assert page.locator(".dplab-rr-lab [data-show=link-note]").is_hidden()

    # Values no control can take are left out, and the lab says which.
    page = open_page(RR + "#lab-rr?n=3&p=0.905&alpha=2&pair=7-8", draw_all=False).page
    assert_rr_shows(page, start.with_state(n=3, alpha="2"))
    note = page.locator(".dplab-rr-lab [data-show=link-note]")
    assert note.is_visible()
    assert note.inner_text() == label("lab.link_refused").format(values="p=0.905, pair=7-8")


@pytest.mark.parametrize("prefix", ["laplace", "gauss"])
def test_laplace_and_gauss_states_round_trip(open_page, prefix):
    relative, start = LESSON_LABS[prefix]
    if prefix == "laplace":
        state = start.with_state(kind="mean", n=100, scale="0.5", eps="1.25")
        moves = [("select[name=kind]", "mean"), ("n", "100"), ("scale", "0.5"), ("eps", "1.25")]
    else:
        state = start.with_state(kind="mean", n=16, sigma="2", eps="0.3", delta="1e-5")
        moves = [
            ("select[name=kind]", "mean"),
            ("select[name=n]", "16"),
            ("sigma", "2"),
            ("eps", "0.3"),
            ("select[name=claim]", "1e-5"),
        ]
    page = open_page(relative).page
    root = page.locator(f".dplab-{prefix}-lab")
    for control, value in moves:
        if control.startswith("select"):
            root.locator(control).select_option(value)
        else:
            root.locator(f".dplab-lab-typed[data-for={control}]").fill(value)
            root.locator(f".dplab-lab-typed[data-for={control}]").press("Enter")
    page.wait_for_function("(h) => location.hash === h", arg=state.href())
    settle(page)
    before = shown(page, prefix)
    page = open_page(relative + state.href(), draw_all=False).page
    settle(page)
    assert shown(page, prefix) == before
    expected = state.outputs()
    for key in ("delta", "pure", "badge", "verdict"):
        if key in expected:
            assert before[key] == gv.plain_text(expected[key]), key


def test_a_lab_far_below_the_fold_starts_only_when_needed(open_page):
    visit = open_page(RR, draw_all=False)
    page = visit.page
    assert page.evaluate("() => window.DPLAB_RR.labs.length") == 0
    page.locator(".dplab-rr-lab").scroll_into_view_if_needed()
    page.wait_for_function("() => window.DPLAB_RR.labs.length === 1")
    wait_until_ready(page)
    assert_rr_shows(page, LESSON_LABS["rr"][1])
    # Nothing was written to the address: the reader has not touched the lab.
    assert page.evaluate("() => location.hash") == ""
    assert visit.console_errors == []


def test_links_in_the_text_name_reachable_states():
    start = LESSON_LABS["rr"][1]
    with pytest.raises(ValueError, match="p must be on the lab's grid"):
        start.href(p="0.905")
    with pytest.raises(ValueError, match="pair must be two adjacent counts"):
        start.href(pair=(1, 3))
    with pytest.raises(ValueError, match="unknown lab state"):
        LESSON_LABS["laplace"][1].href(sigma="1")
    assert Fraction(lab_state_from_hash(start.href(p=Fraction(9, 10)))["p"]) == Fraction(9, 10)
