"""Headless Chromium (Debian's) opening the built site from file:// with the network blocked.

Every request that is not for a file of the site is aborted and recorded; so is every
console error, uncaught exception and Content-Security-Policy violation.  Tests assert
those lists are empty.  The pages are opened in one tab, wiped between visits, and every
page is waited for through its readiness signal (``tests.browser.helpers.wait_until_ready``).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import shutil
import threading
import urllib.parse
from pathlib import Path

import pytest

from tests.browser.helpers import OnePage, Visit

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


@pytest.fixture(scope="session")
def one_page(browser):
    pages = OnePage(browser)
    yield pages
    pages.close()


@pytest.fixture
def open_page(one_page, built_site):
    """``open_page(relative, width=, scheme=, site_root=, draw_all=, height=)``: a fresh visit of
    a page of the built site, ready (with ``draw_all``, the default, every chart drawn as if
    the reader had scrolled through it), in the session's one tab, wiped of what the visit
    before (by any test) left (:class:`tests.browser.helpers.OnePage`)."""

    def open_(
        relative: str,
        *,
        width: int = 1280,
        scheme: str = "light",
        site_root: str | None = None,
        draw_all: bool = True,
        height: int = 900,
    ) -> Visit:
        root = site_root or built_site.resolve().as_uri()
        return one_page.open(
            root, relative, width=width, scheme=scheme, draw_all=draw_all, height=height
        )

    yield open_
    one_page.release()


@pytest.fixture
def shared_lab_page(one_page, built_site):
    """``shared_lab_page(relative)``: a lesson page that consecutive read-only tests share
    (it is loaded once for them); after each test, nothing went wrong on it."""
    visits = []

    def open_(relative: str):
        visit = one_page.open(built_site.resolve().as_uri(), relative, shared=True)
        visits.append(visit)
        return visit.page

    yield open_
    for visit in visits:
        assert visit.problems() == ([], [], [], [])


@contextlib.contextmanager
def serving(site: Path, prefix: str = "/"):
    """Serve ``site`` over HTTP on the loopback interface at ``http://127.0.0.1:<port>`` +
    ``prefix`` (yielded without its last ``/``), as a static host such as GitHub Pages
    does: a file missing under the prefix gets the site's ``404.html`` with status 404,
    and nothing is served outside the prefix."""
    assert prefix.startswith("/") and prefix.endswith("/")

    class StaticHost(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def translate_path(self, path: str) -> str:
            if not urllib.parse.urlsplit(path).path.startswith(prefix):
                return str(site / "(outside the prefix)")
            return super().translate_path("/" + path[len(prefix) :])

        def send_head(self):
            if Path(self.translate_path(self.path)).exists():
                return super().send_head()
            body = (site / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

    handler = functools.partial(StaticHost, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix.removesuffix('/')}"
    finally:
        server.shutdown()
        thread.join()


@pytest.fixture
def served_site(built_site):
    """The site served over HTTP on the loopback interface (for pages meant for a server)."""
    with serving(built_site) as root:
        yield root
