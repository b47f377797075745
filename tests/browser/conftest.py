"""Headless Chromium (Debian's) opening the built site from file:// with the network blocked.

Every request that is not for a file of the site is aborted and recorded; so is every
console error and uncaught exception.  Tests assert those lists are empty.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest

from tests.browser.helpers import Visit, open_visit

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
        root = site_root or built_site.resolve().as_uri()
        visit, context = open_visit(browser, root, relative, width=width, scheme=scheme)
        contexts.append(context)
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
