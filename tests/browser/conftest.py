"""Headless Chromium (Debian's) opening the built site from file:// with the network blocked.

Every request that is not for a file of the site is aborted and recorded; so is every
console error and uncaught exception.  Tests assert those lists are empty.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # no network but loopback
]


@dataclass
class Visit:
    """A page opened in the browser, with everything that went wrong while it loaded."""

    page: object
    console_errors: list[str] = field(default_factory=list)
    off_site: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


@pytest.fixture(scope="session")
def browser():
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run 'make setup'")
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def open_page(browser, built_site):
    contexts = []

    def open_(
        relative: str, *, width: int = 1280, scheme: str = "light", site_root: str | None = None
    ) -> Visit:
        context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
        contexts.append(context)
        page = context.new_page()
        visit = Visit(page)
        site_root = site_root or built_site.resolve().as_uri()

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
        return visit

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture
def served_site(built_site):
    """The site served over HTTP on the loopback interface (for pages meant for a server)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(built_site))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    thread.join()
