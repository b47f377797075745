"""The site where it is read besides the checkout: hosted under a sub-path (as GitHub
Pages serves a project, e.g. ``/dp-lab/``) and unzipped from the offline bundle."""

from __future__ import annotations

import zipfile

import pytest

from dplab.site.build import build_site
from dplab.site.bundle import write_bundle
from dplab.site.project import Project
from tests.browser.conftest import serving
from tests.browser.helpers import fonts_settled, problems_on_pages
from tests.browser.test_search import type_query

pytestmark = pytest.mark.browser

PREFIX = "/dp-lab/"


@pytest.fixture(scope="module")
def hosted_site(tmp_path_factory, checkout_lock):
    """The site as the Pages workflow builds it, for an address under ``PREFIX``."""
    site_dir = tmp_path_factory.mktemp("hosted") / "site"
    with checkout_lock():
        return build_site(Project(), site_dir=site_dir, site_url=f"https://example.org{PREFIX}")


@pytest.fixture(scope="module")
def under_prefix(hosted_site):
    with serving(hosted_site, PREFIX) as root:
        yield root


# The pages checked over HTTP (every page is checked from disk, tests.browser.test_pages):
# the home page, a lesson with charts, one with a lab, a notebook page and the references;
# the not-found page below.
REPRESENTATIVE_PAGES = [
    "index.html",
    "lessons/tour.html",
    "lessons/gaussian.html",
    "notebooks/tour.html",
    "references.html",
    # the English edition, under <prefix>en/
    "en/index.html",
    "en/lessons/gaussian.html",
    "en/glossary.html",
]


def test_the_site_works_under_a_sub_path(open_page, under_prefix):
    """Representative pages load everything they need from under the prefix, every chart
    drawn: no request leaves it (each would be recorded), none fails, no console error,
    no CSP violation."""
    assert under_prefix.endswith("/dp-lab")
    pages = REPRESENTATIVE_PAGES
    assert problems_on_pages(open_page, pages, under_prefix) == {}


# Each font the page preloads (dplab.site.loading.preload_math_fonts) that no text of the
# page as loaded uses, or that was downloaded more than once (the style sheet's request
# did not take the preload's: a credentials mode that differs).
PRELOADS_UNUSED = """() => {
  const variants = {Regular: ['normal', '400'], Italic: ['italic', '400']};
  const faces = [...document.fonts].filter((face) => face.status === 'loaded');
  const links = [...document.querySelectorAll('link[rel="preload"][as="font"]')];
  return {
    preloaded: links.length,
    unused: links.filter((link) => {
      const [, family, variant] = /(KaTeX_\\w+)-(\\w+)\\.woff2$/.exec(link.href) || [];
      const [style, weight] = variants[variant] || [];
      const used = faces.some((face) => face.family.replace(/"/g, '') === family
        && face.style === style && String(face.weight) === weight);
      return !used || performance.getEntriesByName(link.href).length !== 1;
    }).map((link) => link.getAttribute('href')),
  };
}"""


def test_a_page_uses_every_font_it_preloads_and_downloads_it_once(open_page, under_prefix):
    """Over HTTP, a page with math on its first screen preloads KaTeX's two fonts of it,
    and its style sheet's fonts take those downloads; a page without math preloads none.
    (From disk no page preloads: a ``crossorigin`` preload of a file is refused, which the
    page walks, from disk, would report as console errors.)"""
    pages = [
        "lessons/gaussian.html",
        "notebooks/tour.html",
        "en/lessons/gaussian.html",
        "index.html",
    ]
    found = {
        relative: open_page(relative, site_root=under_prefix).page.evaluate(PRELOADS_UNUSED)
        for relative in pages
    }
    assert found == {
        "lessons/gaussian.html": {"preloaded": 2, "unused": []},
        "notebooks/tour.html": {"preloaded": 2, "unused": []},
        "en/lessons/gaussian.html": {"preloaded": 2, "unused": []},
        "index.html": {"preloaded": 0, "unused": []},
    }


def test_a_lesson_under_a_sub_path_draws_its_charts_and_math(open_page, under_prefix):
    page = open_page("lessons/tour.html", site_root=under_prefix).page
    charts = page.locator(".dplab-chart")
    assert charts.count() > 0
    assert page.locator(".dplab-chart svg.marks").count() == charts.count()
    fonts_settled(page)
    assert page.evaluate("document.fonts.check('16px KaTeX_Main')")


def test_search_under_a_sub_path_loads_its_index_and_links_under_the_prefix(
    open_page, under_prefix
):
    visit = open_page("lessons/tour.html", site_root=under_prefix)
    visit.page.locator("input.md-search__input").click()
    type_query(visit.page, "삼각부등식")
    links = visit.page.locator(".md-search-result__link").evaluate_all(
        "(links) => links.map((a) => a.href)"
    )
    assert links and all(link.startswith(f"{under_prefix}/") for link in links)
    assert any(link.startswith(f"{under_prefix}/lessons/") for link in links)
    assert visit.problems() == ([], [], [], [])


def test_the_not_found_page_under_a_sub_path_loads_its_assets_from_there(open_page, under_prefix):
    # GitHub Pages shows 404.html at any missing address, however deep.
    visit = open_page("no/such/page.html", site_root=under_prefix)
    assert visit.page.locator("h1").inner_text() == "404 - Not found"
    styles = visit.page.evaluate("[...document.styleSheets].map((s) => s.href).filter(Boolean)")
    assert styles and all(href.startswith(f"{under_prefix}/assets/") for href in styles)
    assert visit.page.locator(".md-header__button.md-logo").get_attribute("href") in (
        f"{PREFIX}index.html",
        PREFIX,
    )
    assert (visit.off_site, visit.failed, visit.csp_violations) == ([], [], [])


def test_a_missing_address_in_the_english_edition_shows_its_own_not_found_page(
    open_page, under_prefix
):
    """The host serves the top 404.html, which hands over to the English edition's first
    thing in its <head> and stops loading itself: no request but its own is cut short (its
    own, when it had not arrived whole), none of a style sheet or script it never needed."""
    missing = f"{under_prefix}/en/no/such/page.html"
    visit = open_page("en/no/such/page.html", site_root=under_prefix)
    visit.page.wait_for_url(f"{under_prefix}/en/404.html")
    assert visit.page.evaluate("() => document.documentElement.lang") == "en"
    assert visit.page.locator("h1").inner_text() == "404 - Not found"
    assert (visit.off_site, visit.csp_violations) == ([], [])
    assert visit.failed in ([], [f"{missing} net::ERR_ABORTED"])


@pytest.fixture(scope="module")
def unzipped_bundle(built_site, tmp_path_factory):
    """``make dist``'s bundle of the built site, unzipped into a new folder elsewhere (its
    name has a space and Korean letters, as a reader's download folder may)."""
    bundle = write_bundle(built_site, tmp_path_factory.mktemp("dist"))
    somewhere = tmp_path_factory.mktemp("내려받은 강의 ")
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(somewhere)
    return somewhere / bundle.stem


def test_the_unzipped_bundle_opens_from_disk(open_page, unzipped_bundle):
    root = unzipped_bundle.resolve().as_uri()
    pages = ["index.html", "lessons/tour.html", "en/index.html", "en/lessons/tour.html"]
    assert problems_on_pages(open_page, pages, root) == {}
