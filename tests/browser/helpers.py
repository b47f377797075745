"""Helpers of the browser tests: pages opened with the network blocked and recorded."""

from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass
class Visit:
    """A page opened in the browser, with everything that went wrong while it loaded."""

    page: object
    console_errors: list[str] = field(default_factory=list)
    off_site: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def open_visit(
    browser, site_root: str, relative: str, *, width: int = 1280, scheme: str = "light"
) -> tuple[Visit, object]:
    """Open ``site_root/relative`` in a fresh context that records and blocks what leaves
    the site; return the visit and its context (close it when done)."""
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    visit = Visit(page)

    def route(route_, request):
        if request.url.startswith(site_root + "/") or request.url.startswith("data:"):
            route_.continue_()
        else:
            visit.off_site.append(request.url)
            route_.abort()

    context.route("**/*", route)
    page.on("console", lambda m: m.type == "error" and visit.console_errors.append(m.text))
    page.on("pageerror", lambda e: visit.console_errors.append(f"uncaught: {e}"))
    page.on("requestfailed", lambda r: visit.failed.append(f"{r.url} {r.failure}"))
    page.goto(f"{site_root}/{relative}", wait_until="load")
    page.wait_for_load_state("networkidle")
    return visit, context


def module_lab_page(browser, built_site, lesson: str, ready: str):
    """A lesson page opened once for a module's exhaustive lab checks; a generator for a
    module-scoped fixture that finally asserts no console error and nothing off the site."""
    visit, context = open_visit(browser, built_site.resolve().as_uri(), lesson)
    visit.page.wait_for_function(ready)
    yield visit.page
    assert (visit.console_errors, visit.off_site) == ([], [])
    context.close()


def run_json(page, function: str, argument: object) -> object:
    """Call ``function`` in the page with ``argument``, both ways as one JSON string
    (Playwright's structured arguments are slow for thousands of small items)."""
    text = page.evaluate(
        f"(text) => JSON.stringify(({function})(JSON.parse(text)))", json.dumps(argument)
    )
    return json.loads(text)
