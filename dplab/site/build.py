"""Build the whole site into a temporary folder, then swap it in; the command line.

``python -m dplab.site build`` runs the pre-build (lessons executed or taken from the
cache, pages and notebooks rendered), then MkDocs into ``site.tmp-<pid>``; only when both
succeed does it replace ``site/``.  A failed build leaves the previous site exactly as it
was.  (Under ``mkdocs serve`` the MkDocs hook runs the pre-build instead.)

``python -m dplab.site new <slug> --title "…"`` starts a lesson from the template
(:mod:`dplab.site.scaffold`); ``python -m dplab.site check-links [SITE]`` lists the broken
links of a built site (:mod:`dplab.site.links`); ``python -m dplab.site check-lesson <slug>``
builds the course and runs the checks of one lesson (:mod:`dplab.site.check_lesson`).
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import time
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException

from dplab.site.bundle import DOWNLOADS, write_bundle
from dplab.site.prebuild import BuildFailed, check_editions, prebuild
from dplab.site.project import Project
from dplab.views import current_language, use_language

__all__ = ["PREBUILT", "build_site"]

# Set in the MkDocs config when the pre-build has just run, so the hook skips it.
PREBUILT = "dplab_prebuilt"


def build_site(
    project: Project | None = None, site_dir: Path | None = None, site_url: str | None = None
) -> Path:
    """Build every edition of ``project`` into ``site_dir`` (default ``<root>/site``; another
    edition into its folder ``<edition>/`` inside) atomically, with the offline bundle of
    the whole site in ``downloads/`` (:mod:`dplab.site.bundle`); return it.

    ``site_url`` is the address the site will be served at (``mkdocs.yml`` reads it from
    ``DPLAB_SITE_URL`` when not given; another edition is served at ``<site_url><edition>/``);
    only the 404 page, the canonical links and the sitemap depend on it, and the pages open
    from disk either way.  Every edition's lessons are parsed and compared with the source
    edition's (:mod:`dplab.site.editions`) before any lesson runs."""
    project = (project or Project()).source_edition
    site_dir = (site_dir or project.site_dir).resolve()
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    temporary = site_dir.with_name(f"{site_dir.name}.tmp-{os.getpid()}")
    shutil.rmtree(temporary, ignore_errors=True)
    editions = project.editions()
    check_editions(editions)
    for edition in editions:
        prebuild(edition)
    try:
        for edition in editions:  # the source edition first: its build empties the folder
            # MkDocs reads every path of the config relative to the config file, so the
            # build runs from whatever directory the caller is in, and leaves it unchanged.
            target = temporary if edition.edition is None else temporary / edition.edition
            # The hook makes the edition's language the words' language; the caller's comes
            # back afterwards (a test process goes on in its own language after a build).
            with use_language(current_language()):
                config = load_config(
                    str(edition.config_file), site_dir=str(target), site_url=site_url
                )
                config.extra[PREBUILT] = True
                mkdocs_build(config)
        write_bundle(temporary, temporary / DOWNLOADS, with_wheel=False)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    old = site_dir.with_name(f"{site_dir.name}.old-{os.getpid()}")
    if site_dir.exists():
        site_dir.rename(old)
    temporary.rename(site_dir)
    shutil.rmtree(old, ignore_errors=True)
    return site_dir


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m dplab.site", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    build = commands.add_parser("build", help="build the site (atomically)")
    build.add_argument("--site-dir", type=Path, default=None, help="where to put the site")
    dist = commands.add_parser("dist", help="zip the built site into the offline bundle")
    dist.add_argument("--site-dir", type=Path, default=None, help="the built site (default site/)")
    dist.add_argument(
        "--dist-dir", type=Path, default=None, help="where the bundle goes (default dist/)"
    )
    new = commands.add_parser("new", help="start a new lesson from lessons_src/_template.md")
    new.add_argument("slug", help="the lesson's address: lowercase words joined by '-'")
    new.add_argument("--title", required=True, help="the lesson's title")
    new.add_argument(
        "--title-en",
        default=None,
        help="its English title (without it, the English edition is marked untranslated)",
    )
    editions = commands.add_parser(
        "check-editions", help="compare the skeletons of two editions of a lesson"
    )
    editions.add_argument("source", type=Path, help="the lesson in the source language")
    editions.add_argument("other", type=Path, help="the same lesson in another language")
    lesson = commands.add_parser(
        "check-lesson",
        help="build the course and run every check of one lesson short of the browser's",
    )
    lesson.add_argument("slug", help="the lesson's slug (laplace for lessons_src/03-laplace.md)")
    lesson.add_argument(
        "--site-dir", type=Path, default=None, help="where to build (default: a temporary folder)"
    )
    lesson.add_argument("--workers", type=int, default=2, help="pytest-xdist workers (default 2)")
    links = commands.add_parser("check-links", help="list the broken links of a built site")
    links.add_argument("site", type=Path, nargs="?", default=None, help="default: site/")
    args = parser.parse_args(argv)
    if args.command == "new":
        return _new(args.slug, args.title, args.title_en)
    if args.command == "check-editions":
        return _check_editions(args.source, args.other)
    if args.command == "check-lesson":
        from dplab.site.check_lesson import main as check_lesson

        return check_lesson(args.slug, args.site_dir, args.workers)
    if args.command == "check-links":
        return _check_links(args.site or Project().site_dir)
    if args.command == "dist":
        return _dist(args.site_dir or Project().site_dir, args.dist_dir or Project().root / "dist")
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    logging.getLogger("mkdocs").addHandler(handler)
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    start = time.perf_counter()
    try:
        site = build_site(site_dir=args.site_dir)
    except (BuildFailed, MkDocsException, FileNotFoundError) as error:
        print(f"\n{error}\n\nBuild failed; the previous site was left untouched.", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    print(f"\nSite built in {seconds:.1f} s. Open it from disk:")
    for edition in Project().editions():
        home = site / (edition.edition or "") / "index.html"
        print(f"  {edition.language}: {home}")
    return 0


def _new(slug: str, title: str, title_en: str | None) -> int:
    from dplab.site.scaffold import new_lesson

    project = Project()
    try:
        path = new_lesson(project, slug, title, {"en": title_en} if title_en else None)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    others = [
        (edition.lessons_dir / path.name).relative_to(project.root).as_posix()
        for edition in project.editions()[1:]
    ]
    print(
        f"Wrote {path.relative_to(project.root)} and {', '.join(others)}. Preview it with "
        "'make serve', replace the placeholder prose in each edition, and see "
        "docs/contributing.md."
    )
    return 0


def _check_editions(source: Path, other: Path) -> int:
    from dplab.site.check_lesson import source_problems
    from dplab.site.lesson import parse_lesson

    slugs = [parse_lesson(path).slug for path in Project().lesson_files()]
    errors, differences = source_problems([source, other], slugs)
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        return 2
    for difference in differences:
        print(difference)
    print(f"{len(differences)} difference(s) between the editions", file=sys.stderr)
    return 1 if differences else 0


def _check_links(site: Path) -> int:
    from dplab.site.links import broken_links

    if not (site / "index.html").is_file():
        print(f"error: no built site in {site} (run 'make site')", file=sys.stderr)
        return 2
    broken = broken_links(site)
    for link in broken:
        print(link)
    print(f"{len(broken)} broken link(s) in {site}", file=sys.stderr)
    return 1 if broken else 0


def _dist(site: Path, destination: Path) -> int:
    try:
        bundle = write_bundle(site, destination)
    except FileNotFoundError as error:
        print(f"\n{error}", file=sys.stderr)
        return 1
    print(f"Offline bundle: {bundle} ({bundle.stat().st_size / 2**20:.1f} MiB)")
    return 0
