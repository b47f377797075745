"""The light/dark switch (overrides/partials/palette.html): Material's markup and storage,
driven by our script, which follows the system's preference, remembers the reader's choice
and, on load, writes no palette attribute that is already right (each such write restyles
the whole page: issue 9)."""

from __future__ import annotations

import pytest

from tests.browser.helpers import wait_until_ready

pytestmark = pytest.mark.browser

# Every change of a palette attribute on <body> while the page loads, recorded from the start
# (a write of the value already there restyles nothing, so it is not recorded). No style
# sheet selects on data-md-color-media, so it is left out.
RECORD_BODY_CHANGES = """
window.dplabBodyChanges = [];
new MutationObserver((records) => {
  records = records.filter((record) => record.target === document.body);
  records.forEach((record, i) => {
    const next = records.slice(i + 1).find((later) => later.attributeName === record.attributeName);
    const value = next ? next.oldValue : record.target.getAttribute(record.attributeName);
    if (value !== record.oldValue) window.dplabBodyChanges.push(record.attributeName);
  });
}).observe(document, {subtree: true, attributes: true, attributeOldValue: true, attributeFilter: [
  'data-md-color-scheme', 'data-md-color-primary', 'data-md-color-accent',
  'data-md-color-switching']});
"""

STATE = """() => ({
  scheme: document.body.getAttribute('data-md-color-scheme'),
  colorScheme: document.querySelector('meta[name=color-scheme]').content,
  shownSwitch: [...document.querySelectorAll('form[data-dplab-palette] label')]
    .filter((label) => !label.hidden).map((label) => label.getAttribute('for')),
  checked: document.querySelector('input[name=__palette]:checked').id,
})"""


def _reload_recording(page) -> None:
    """Reload ``page`` with RECORD_BODY_CHANGES run first, for this load only (the tab is the
    session's: tests.browser.helpers.OnePage)."""
    with page.add_init_script(RECORD_BODY_CHANGES):
        page.reload(wait_until="load")
    wait_until_ready(page)


@pytest.mark.parametrize(
    ("scheme", "expected", "writes"),
    [
        # The page is built light: nothing to write.
        (
            "light",
            {
                "scheme": "default",
                "colorScheme": "light",
                "shownSwitch": ["__palette_1"],
                "checked": "__palette_0",
            },
            [],
        ),
        # A dark system: the scheme is set once, before the first paint; nothing else.
        (
            "dark",
            {
                "scheme": "slate",
                "colorScheme": "dark",
                "shownSwitch": ["__palette_0"],
                "checked": "__palette_1",
            },
            ["data-md-color-scheme"],
        ),
    ],
)
def test_the_first_visit_follows_the_system_and_changes_only_what_differs(
    open_page, scheme, expected, writes
):
    page = open_page("lessons/randomized-response.html", scheme=scheme, draw_all=False).page
    _reload_recording(page)
    assert page.evaluate(STATE) == expected
    assert sorted(page.evaluate("window.dplabBodyChanges")) == writes


def test_the_readers_choice_switches_at_once_and_is_remembered(open_page):
    visit = open_page("lessons/tour.html", draw_all=False)
    page = visit.page
    page.locator("label[for=__palette_1]").first.click()
    dark = {
        "scheme": "slate",
        "colorScheme": "dark",
        "shownSwitch": ["__palette_0"],
        "checked": "__palette_1",
    }
    assert page.evaluate(STATE) == dark
    # The transitions are held only for the switch itself.
    page.wait_for_function("!document.body.hasAttribute('data-md-color-switching')")
    # Another page, then this one again: still dark, although the system is light.
    page.goto(page.url.replace("lessons/tour.html", "lessons/laplace.html"), wait_until="load")
    wait_until_ready(page)
    assert page.evaluate(STATE) == dark
    # Enter on the focused switch turns back to light, as Material's does.
    page.focus("#__palette_1")
    page.keyboard.press("Enter")
    assert page.evaluate(STATE)["scheme"] == "default"
    _reload_recording(page)
    assert page.evaluate(STATE)["scheme"] == "default"
    assert page.evaluate("window.dplabBodyChanges") == []
    assert visit.console_errors == []


def test_a_visit_starts_afresh_whatever_the_visit_before_left(open_page):
    """The tab is the session's (tests.browser.helpers.OnePage): a visit finds none of the
    storage, palette or colour scheme that the visit before left, on the same page or
    another."""
    page = open_page("lessons/tour.html", draw_all=False, scheme="dark").page
    page.locator("label[for=__palette_0]").first.click()  # the reader's choice: light
    page.evaluate(
        "sessionStorage.setItem('dplab:test', '1'); localStorage.setItem('dplab:test', '1')"
    )
    assert page.evaluate(STATE)["scheme"] == "default"
    for relative in ("lessons/tour.html", "lessons/laplace.html"):
        visit = open_page(relative, draw_all=False, scheme="dark")
        assert visit.page.evaluate(STATE)["scheme"] == "slate", relative  # the system's
        left = visit.page.evaluate("[localStorage.length, sessionStorage.length]")
        assert left == [0, 0], relative
        assert visit.problems() == ([], [], [], []), relative
