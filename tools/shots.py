"""Screenshots of one lesson's built pages, both editions, for a pull request.

    make shots SLUG=laplace      # or: .venv/bin/python tools/shots.py laplace

Takes full-page PNGs of ``site/lessons/<slug>.html`` and ``site/en/lessons/<slug>.html``,
opened from disk (``file://``) in the system Chromium through Playwright, at 390 px (phone)
and 1280 px (desktop), in light and dark colours: eight files,
``shots/<slug>/<lang>-<width>-<scheme>.png`` (``shots/`` is ignored by git), whose paths it
prints.  It builds the site first (``python -m dplab.site build``) only when ``site/`` lacks
the lesson's pages or a source file (tracked or new, not ignored by git) is newer than them;
``--no-build`` takes the site as it is.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIDTHS = {390: 844, 1280: 800}  # width → window height (px)
SCHEMES = ("light", "dark")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
READY_MS = 60_000
# Every part that waits for the reader is laid out (content-visibility: auto), and every chart
# and lab that waits to come near the screen is drawn, as before printing.
RENDER_ALL = """() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('.dplab-section { content-visibility: visible !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  window.DPLAB_CHARTS && window.DPLAB_CHARTS.drawAll();
  window.DPLAB_LAB && window.DPLAB_LAB.startAll();
}"""
TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def lesson_pages(slug: str, site: Path) -> dict[str, Path]:
    """``{language: built page}`` of lesson ``slug``, every edition (source first); a
    ``ValueError`` naming ``slug`` and the known slugs if there is no such lesson."""
    from dplab.site.check_lesson import lesson_files
    from dplab.site.project import Project

    project = Project(ROOT)
    lesson_files(project, slug)  # raises, naming the slug and the known ones
    return {
        edition.language: site / (edition.edition or "") / "lessons" / f"{slug}.html"
        for edition in project.editions()
    }


def _sources() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name]


def site_is_stale(pages: list[Path]) -> bool:
    """True if a page is missing or a source file (git's view: tracked or new, not ignored)
    changed after the oldest page was written."""
    if not all(page.is_file() for page in pages):
        return True
    built = min(page.stat().st_mtime for page in pages)
    try:
        sources = _sources()
    except (OSError, subprocess.CalledProcessError):
        return True  # no git: build, to be sure
    return any(path.is_file() and path.stat().st_mtime > built for path in sources)


def take(pages: dict[str, Path], out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for language, page_path in pages.items():
            for width, height in WIDTHS.items():
                for scheme in SCHEMES:
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, color_scheme=scheme
                    )
                    page = context.new_page()
                    page.goto(page_path.as_uri())
                    page.evaluate(RENDER_ALL)
                    page.evaluate(TWO_FRAMES)
                    page.wait_for_function(
                        "() => document.documentElement.getAttribute('data-dplab-ready')",
                        timeout=READY_MS,
                    )
                    path = out / f"{language}-{width}-{scheme}.png"
                    page.screenshot(path=str(path), full_page=True)
                    context.close()
                    written.append(path)
        browser.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slug", help="the lesson's slug, such as laplace")
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site")
    parser.add_argument("--out", type=Path, default=ROOT / "shots", help="PNGs go to OUT/<slug>/")
    parser.add_argument("--no-build", action="store_true", help="never build the site first")
    args = parser.parse_args(argv)
    try:
        pages = lesson_pages(args.slug, args.site)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not args.no_build and site_is_stale(list(pages.values())):
        print("site/ is missing or older than the sources: building it first", file=sys.stderr)
        if subprocess.run([sys.executable, "-m", "dplab.site", "build"], cwd=ROOT).returncode:
            return 1
    missing = [str(page) for page in pages.values() if not page.is_file()]
    if missing:
        print(f"error: not built: {', '.join(missing)} (run make site)", file=sys.stderr)
        return 1
    for path in take(pages, args.out / args.slug):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
