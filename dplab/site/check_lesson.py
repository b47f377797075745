"""``python -m dplab.site check-lesson SLUG`` (``make check-lesson SLUG=…``): the checks of one
lesson, in both editions, short of the browser's, for a contributor before a pull request.

1. The lesson's source in every edition: it parses, its components are well formed, it has
   the parts every lesson has (:func:`dplab.site.components.missing_parts`) and its editions
   share one skeleton (:mod:`dplab.site.editions`).
2. Lint (ruff) when ``dplab/`` differs from the last commit.
3. The course, both editions, built from the checkout into a folder of its own with the
   checkout's build cache, so only what changed runs again (the site in ``site/`` stays).
   The whole course is built, not the one lesson alone: the lessons link to each other, the
   glossary names the lesson that introduces each term and the bibliography refuses an entry
   no lesson cites, so a one-lesson copy would not be the site the suite checks.
4. The suite's own tests, not a copy of them: ``pytest tests/site`` (and every other test
   file that names the lesson) with ``DPLAB_CHECK_LESSON`` and ``DPLAB_BUILT_SITE`` set,
   which ``tests/conftest.py`` reads.  It keeps the tests of the built course that need no
   browser and are not slow (links, reader words, term choices, the course map, both
   editions' pages, the notebook export, the search index) and the tests that name the
   lesson (its claims tests, the source scans parametrized over every lesson); the built
   site is the one of step 3 instead of a build of its own.

It prints what it checked and where the lesson's built pages are.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dplab.site.project import Project

__all__ = ["BUILT_SITE", "CHECK_LESSON", "check_lesson_files", "lesson_files", "main"]

# tests/conftest.py reads these (its CHECK_LESSON and BUILT_SITE).
CHECK_LESSON = "DPLAB_CHECK_LESSON"
BUILT_SITE = "DPLAB_BUILT_SITE"
# Test folders that hold no test of one lesson's built pages or source.
_NOT_SEARCHED = ("browser", "js", "data")


def lesson_files(project: Project, slug: str) -> list[Path]:
    """The lesson ``slug`` in every edition (source first); raise ``ValueError`` if the
    source edition has no such lesson."""
    found = sorted(
        p for p in project.source_edition.lesson_files() if p.stem.split("-", 1)[-1] == slug
    )
    if len(found) != 1 or not found[0].stem[:1].isdigit():
        slugs = ", ".join(p.stem.split("-", 1)[-1] for p in project.lesson_files())
        raise ValueError(f"slug must name one lesson of lessons_src/ ({slugs}); got {slug!r}")
    return [edition.lessons_dir / found[0].name for edition in project.editions()]


def source_problems(paths: list[Path], slugs: list[str]) -> tuple[list[str], list[str]]:
    """The problems of a lesson's source files, every edition (source first), as
    ``(errors, differences)``: parsing, components, required parts and a missing edition
    (``file:line: message``); then, only if there are none, where the editions' skeletons
    differ.  ``check-editions`` and ``check-lesson`` both report these."""
    from dplab.site.components import check_lesson, missing_parts
    from dplab.site.editions import compare
    from dplab.site.errors import LessonError
    from dplab.site.lesson import parse_lesson

    errors: list[str] = []
    lessons = []
    for path in paths:
        if not path.is_file():
            errors.append(f"{path}: this edition of the lesson is missing")
            continue
        try:
            lesson = parse_lesson(path)
            check_lesson(lesson)
        except LessonError as error:
            errors.append(str(error))
            continue
        errors += [str(error) for error in missing_parts(lesson)]
        lessons.append(lesson)
    if errors:
        return errors, []
    source, *others = lessons
    differences = [
        str(d) for other in others for d in compare(source, other, slugs, root=Path.cwd())
    ]
    return [], differences


def check_lesson_files(paths: list[Path], slugs: list[str]) -> list[str]:
    """Every problem of the lesson's source files (:func:`source_problems`), in one list."""
    errors, differences = source_problems(paths, slugs)
    return errors + differences


def _dplab_changed(root: Path) -> bool:
    """Whether ``dplab/`` differs from the last commit (changed or new files); ``True``
    when git cannot tell."""
    try:
        status = subprocess.run(
            ["git", "status", "--porcelain", "--", "dplab"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return True
    return bool(status.stdout.strip())


def _test_paths(root: Path, stem: str) -> list[Path]:
    """``tests/site`` and every other test file that names the lesson ``stem``."""
    tests = root / "tests"
    others = [
        path
        for path in sorted(tests.rglob("test_*.py"))
        if path.relative_to(tests).parts[0] not in ("site", *_NOT_SEARCHED)
        and stem in path.read_text("utf-8")
    ]
    return [tests / "site", *others]


def _step(text: str) -> None:
    print(f"\n== {text}", flush=True)


def main(slug: str, site_dir: Path | None = None, workers: int = 2) -> int:
    from dplab.site.build import build_site
    from dplab.site.prebuild import BuildFailed

    start = time.perf_counter()
    project = Project()
    root = project.root
    try:
        paths = lesson_files(project, slug)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    here = Path.cwd()
    paths = [p.relative_to(here) if p.is_relative_to(here) else p for p in paths]
    stem = paths[0].stem
    names = ", ".join(p.as_posix() for p in paths)
    checked: list[str] = []

    _step(f"1. the source of {names}: components, required parts, editions agree")
    slugs = [p.stem.split("-", 1)[1] for p in project.lesson_files()]
    problems = check_lesson_files(paths, slugs)
    for problem in problems:
        print(problem)
    if problems:
        print(f"\n{len(problems)} problem(s) in the lesson's source; fix them first.")
        return 1
    checked.append("source: parses, components well formed, goals/exercise/quiz, editions agree")

    if _dplab_changed(root):
        _step("2. dplab/ has changed: ruff check and ruff format --check (as make lint)")
        ruff = [sys.executable, "-m", "ruff"]
        folders = ["dplab", "tests", "bench", "tools"]
        for command in (["check", *folders], ["format", "--check", *folders]):
            if subprocess.run([*ruff, *command], cwd=root).returncode:
                return 1
        checked.append("lint: ruff check and ruff format --check, as make lint")
    else:
        _step("2. dplab/ is as committed: no lint needed")

    site = (site_dir or Path(tempfile.gettempdir()) / f"dplab-check-{slug}" / "site").resolve()
    _step(f"3. building both editions into {site} (the checkout's build cache)")
    shutil.rmtree(site, ignore_errors=True)
    site.parent.mkdir(parents=True, exist_ok=True)
    built = time.perf_counter()
    try:
        build_site(project, site_dir=site)
    except BuildFailed as error:
        print(f"\n{error}\n\nThe build failed.", file=sys.stderr)
        return 1
    built = time.perf_counter() - built
    checked.append(f"build: both editions, every lesson block run or cached ({built:.0f} s)")

    paths_to_test = _test_paths(root, stem)
    shown = " ".join(p.relative_to(root).as_posix() for p in paths_to_test)
    _step(f"4. pytest {shown} (the built course's checks without a browser, and {stem}'s own)")
    environment = {**os.environ, CHECK_LESSON: stem, BUILT_SITE: str(site)}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command += ["-n", str(workers)] if workers > 1 else ["-n", "0"]
    tested = time.perf_counter()
    result = subprocess.run([*command, *map(str, paths_to_test)], cwd=root, env=environment)
    tested = time.perf_counter() - tested
    checked.append(
        f"tests ({tested:.0f} s): links and anchors, reader words, English terms, both "
        "editions' pages, course map, notebooks, search index, citations, and the tests "
        f"that name {stem}"
    )

    print(
        f"\ncheck-lesson {slug}: {'passed' if result.returncode == 0 else 'FAILED'} "
        f"in {time.perf_counter() - start:.0f} s"
    )
    for line in checked:
        print(f"  - {line}")
    print("The lesson's pages, to open from disk:")
    for edition in project.editions():
        folder = site / (edition.edition or "")
        print(f"  {edition.language}: {folder / 'lessons' / f'{slug}.html'}")
        print(f"  {edition.language} notebook: {folder / 'notebooks' / f'{slug}.html'}")
    print("Not checked here: the browser tests and the slow ones (make test).")
    return 1 if result.returncode else 0
