"""A lesson just started by ``python -m dplab.site new`` passes the page checks of every
lesson in the browser: no console error, nothing fetched off the site, no CSP violation,
axe clean, light and dark, desktop and phone width."""

from __future__ import annotations

import pytest

from tests.browser.helpers import serious_axe_violations
from tests.conftest import SCAFFOLDED_SLUG

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("scheme", "width"), [("light", 1280), ("dark", 390)])
def test_a_new_lesson_page_loads_cleanly_and_axe_finds_nothing(
    open_page, scaffolded_site, scheme, width
):
    visit = open_page(
        f"lessons/{SCAFFOLDED_SLUG}.html",
        site_root=scaffolded_site.resolve().as_uri(),
        scheme=scheme,
        width=width,
    )
    assert visit.page.locator(".dplab-chart svg.marks").count() >= 2  # walkthrough and slider
    assert visit.problems() == ([], [], [], [])
    assert serious_axe_violations(visit.page) == []
