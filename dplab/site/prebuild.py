"""The pre-build step: lessons_src/*.md → executed, rendered pages and notebooks in docs/.

It also writes the course's one style sheet, ``assets/generated/dplab.css``
(:func:`site_style_sheet`), copies the labs' scripts from their folders
(``dplab/views/labs/``) into ``assets/generated/labs/``
(:func:`dplab.site.lab_scripts.lab_assets`), and writes the references page,
``docs/references.md``, from ``lessons_src/references.bib`` and the citations of the
lessons (:mod:`dplab.site.citations`).

Beside the notebooks it puts the ``dplab`` wheel that they need (:mod:`dplab.site.wheel`).

Run before MkDocs (by ``dplab.site.build`` and by the MkDocs hook on every rebuild of
``mkdocs serve``).  Every lesson is parsed and checked first, then executed in its own
process (lessons in parallel, unchanged ones served from the cache), then rendered.
Nothing is written unless every lesson succeeded, and a file is rewritten only when its
content changed.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from os import cpu_count
from pathlib import Path

from dplab.site.bibliography import Bibliography, read_bibliography
from dplab.site.cache import ExecutionCache
from dplab.site.citations import (
    PageCitations,
    check_citations,
    cited_keys,
    references_page,
    uncited_entries,
)
from dplab.site.components import check_lesson, missing_parts
from dplab.site.editions import compare
from dplab.site.errors import LessonError
from dplab.site.execute import CellResult, execute_lesson
from dplab.site.glossary import Term, glossary_page, read_glossary, read_usage
from dplab.site.katex import KatexError, collect_formulas, renderer
from dplab.site.lab_scripts import lab_assets, lab_folders
from dplab.site.lesson import Lesson, Prose, parse_lesson, walk
from dplab.site.notebook import render_notebook
from dplab.site.project import Project
from dplab.site.render import fill_prose, render_page, results_by_cell
from dplab.site.wheel import site_wheel
from dplab.views import CHART_THEMES, LABELS, use_language

__all__ = [
    "SITE_STYLE_SHEET",
    "VENDOR_FILES",
    "BuildFailed",
    "PrebuildReport",
    "check_editions",
    "edition_differences",
    "prebuild",
    "read_course_glossary",
    "site_style_sheet",
    "style_sheet_name",
    "style_sheet_sources",
]

# (file in node_modules, file in the site's assets/vendor): what the pages load.
VENDOR_FILES: tuple[tuple[str, str], ...] = (
    ("vega/build/vega.min.js", "vega.min.js"),
    ("vega-lite/build/vega-lite.min.js", "vega-lite.min.js"),
    ("vega-embed/build/vega-embed.min.js", "vega-embed.min.js"),
    ("katex/dist/katex.min.css", "katex/katex.min.css"),
    ("iframe-worker/shim/index.js", "iframe-worker-shim.js"),
)

# The course's own style sheet (docs/assets/dplab/), which the labs' sheets build on.
SITE_STYLE_SHEET = "dplab.css"


class BuildFailed(Exception):
    """One or more lessons failed; ``errors`` holds each :class:`LessonError`."""

    def __init__(self, errors: list[LessonError]):
        self.errors = errors
        super().__init__("\n\n".join(str(e) for e in errors))


@dataclass
class PrebuildReport:
    executed: list[str] = field(default_factory=list)
    cached: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    formulas: int = 0
    formulas_rendered: int = 0
    seconds: float = 0.0


def _relative(project: Project, path: Path) -> str:
    try:
        return path.relative_to(project.root).as_posix()
    except ValueError:
        return str(path)


def _parse_all(project: Project, bibliography: Bibliography) -> list[Lesson]:
    errors: list[LessonError] = []
    lessons: list[Lesson] = []
    cited: set[str] = set()
    for path in project.lesson_files():
        try:
            lesson = parse_lesson(path)
            check_lesson(lesson)
        except LessonError as error:
            errors.append(error)
            continue
        missing = missing_parts(lesson)
        if missing:
            errors.extend(missing)
            continue
        lessons.append(lesson)
        problems = check_citations(lesson, bibliography, _relative(project, path))
        errors.extend(problems)
        if not problems:
            cited |= cited_keys(lesson)
    seen: dict[int, Lesson] = {}
    slugs: dict[str, Lesson] = {}
    for lesson in lessons:
        if lesson.meta.order in seen:
            other = seen[lesson.meta.order].path.name
            errors.append(
                LessonError(lesson.path, 3, f"order {lesson.meta.order} is already used by {other}")
            )
        if lesson.slug in slugs:
            other = slugs[lesson.slug].path.name
            errors.append(
                LessonError(lesson.path, None, f"slug {lesson.slug!r} is used by {other}")
            )
        seen[lesson.meta.order] = lesson
        slugs[lesson.slug] = lesson
    if not errors:
        errors.extend(uncited_entries(bibliography, cited))
    if errors:
        raise BuildFailed(errors)
    return sorted(lessons, key=lambda lesson: lesson.meta.order)


def edition_differences(project: Project, lessons: list[Lesson]) -> list[LessonError]:
    """How the lessons of another edition (``lessons``, parsed) differ from the source
    edition's: a lesson that one edition lacks, and every difference of skeleton
    (:mod:`dplab.site.editions`), each naming both files."""
    source_project = project.source_edition
    source = {path.name: parse_lesson(path) for path in source_project.lesson_files()}
    mine = {lesson.path.name: lesson for lesson in lessons}
    slugs = [lesson.slug for lesson in source.values()]
    errors = [
        LessonError(
            _relative(project, source_project.lessons_dir / name),
            None,
            f"this lesson has no {project.language!r} edition: write "
            f"{_relative(project, project.lessons_dir / name)} (docs/contributing.md)",
        )
        for name in sorted(set(source) - set(mine))
    ]
    errors += [
        LessonError(
            _relative(project, project.lessons_dir / name),
            None,
            f"this lesson has no source edition "
            f"{_relative(project, source_project.lessons_dir / name)}",
        )
        for name in sorted(set(mine) - set(source))
    ]
    for name in sorted(set(source) & set(mine)):
        if mine[name].meta.untranslated:
            errors.append(
                LessonError(
                    _relative(project, mine[name].path),
                    _key_line(mine[name], "untranslated"),
                    f"this edition is marked 'untranslated: true': write its prose from "
                    f"{_relative(project, source[name].path)} and remove the mark "
                    f"(docs/contributing.md)",
                )
            )
        errors += compare(source[name], mine[name], slugs, root=project.root)
    return errors


def _key_line(lesson: Lesson, key: str) -> int:
    lines = lesson.text.split("\n")
    return next((i for i, line in enumerate(lines, 1) if line.startswith(f"{key}:")), 1)


def read_course_glossary(project: Project, slugs: Iterable[str] | None = None) -> list[Term]:
    """The course's terms (:mod:`dplab.site.glossary`); none if it has no glossary file.
    ``slugs`` are the lessons' (read from the lesson files when not given).  Raise
    :class:`BuildFailed` on a mistake in it."""
    if not project.glossary_file.is_file():
        return []
    if slugs is None:
        slugs = [parse_lesson(path).slug for path in project.lesson_files()]
    try:
        return read_glossary(project.glossary_file, slugs)
    except LessonError as error:
        raise BuildFailed([error]) from None


def check_editions(editions: list[Project]) -> None:
    """Parse every edition's lessons and compare each other edition with the source
    (:func:`edition_differences`), before anything runs; raise :class:`BuildFailed`."""
    errors: list[LessonError] = []
    for edition in editions:
        try:
            bibliography = read_bibliography(edition.bibliography_file)
            lessons = _parse_all(edition, bibliography)
        except (BuildFailed, LessonError) as failed:
            errors += failed.errors if isinstance(failed, BuildFailed) else [failed]
            continue
        if edition.edition is not None:
            errors += edition_differences(edition, lessons)
        else:
            errors += [
                LessonError(
                    _relative(edition, lesson.path),
                    _key_line(lesson, "untranslated"),
                    "the source edition cannot be 'untranslated' (only another edition can)",
                )
                for lesson in lessons
                if lesson.meta.untranslated
            ]
    if errors:
        raise BuildFailed(errors)


def _execute_all(
    project: Project,
    lessons: list[Lesson],
    jobs: int | None,
    log: Callable[[str], None],
    report: PrebuildReport,
) -> dict[str, list[CellResult]]:
    cache = ExecutionCache(project.cache_dir / "lessons", project.source_root, project.language)

    def run(lesson: Lesson) -> tuple[Lesson, list[CellResult] | LessonError, bool, float]:
        start = time.perf_counter()
        cached = cache.load(lesson.slug, lesson.text)
        if cached is not None:
            return lesson, cached, True, time.perf_counter() - start
        try:
            results = execute_lesson(lesson, _relative(project, lesson.path), project.language)
        except LessonError as error:
            return lesson, error, False, time.perf_counter() - start
        cache.store(lesson.slug, lesson.text, results)
        return lesson, results, False, time.perf_counter() - start

    outcomes: dict[str, list[CellResult]] = {}
    errors: list[LessonError] = []
    width = max((len(lesson.path.name) for lesson in lessons), default=0)
    with ThreadPoolExecutor(max_workers=jobs or cpu_count() or 1) as pool:
        for number, (lesson, result, hit, seconds) in enumerate(pool.map(run, lessons), 1):
            status = "cached" if hit else ("FAILED" if isinstance(result, LessonError) else "ran")
            name = lesson.path.name
            log(f"  [{number}/{len(lessons)}] {name:<{width}}  {status:<6} {seconds:6.2f} s")
            if isinstance(result, LessonError):
                errors.append(result)
                continue
            (report.cached if hit else report.executed).append(lesson.slug)
            outcomes[lesson.slug] = result
    if errors:
        raise BuildFailed(errors)
    return outcomes


def _check_math(
    project: Project,
    lessons: list[Lesson],
    outcomes: dict[str, list[CellResult]],
    report: PrebuildReport,
) -> None:
    """Render every lesson formula in one batch; report invalid TeX with file and line."""
    located: list[tuple[Lesson, int, str, bool]] = []
    for lesson in lessons:
        by_cell = results_by_cell(lesson, outcomes[lesson.slug])
        for part in walk(lesson.parts):
            if isinstance(part, Prose):
                lines = fill_prose(part, by_cell).split("\n")
                for index, tex, display in collect_formulas(lines):
                    located.append((lesson, part.line + index, tex, display))
    before = renderer.rendered
    results = renderer.render_many((tex, display) for _, _, tex, display in located)
    report.formulas = len(located)
    report.formulas_rendered = renderer.rendered - before
    errors = [
        LessonError(_relative(project, lesson.path), line, f"invalid TeX {tex.strip()!r}: {result}")
        for (lesson, line, tex, _), result in zip(located, results, strict=True)
        if isinstance(result, KatexError)
    ]
    if errors:
        raise BuildFailed(errors)


def _write_if_changed(path: Path, content: bytes, report: PrebuildReport) -> None:
    if path.is_file() and path.read_bytes() == content:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(content)
    temporary.replace(path)
    report.written.append(path)


def _sync_directory(directory: Path, files: dict[str, bytes], report: PrebuildReport) -> None:
    """Make ``directory`` hold exactly ``files`` (relative name → content)."""
    for name, content in sorted(files.items()):
        _write_if_changed(directory / name, content, report)
    if directory.is_dir():
        for path in sorted(directory.rglob("*"), reverse=True):
            name = path.relative_to(directory).as_posix()
            if path.is_file() and name not in files:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()


def vendor_files(project: Project) -> dict[str, bytes]:
    """The third-party assets the site serves, read from ``node_modules``."""
    missing = [src for src, _ in VENDOR_FILES if not (project.node_modules / src).is_file()]
    if missing:
        raise FileNotFoundError(
            f"front-end assets are missing from {project.node_modules}: {', '.join(missing)} "
            "(run 'make setup')"
        )
    files = {dest: (project.node_modules / src).read_bytes() for src, dest in VENDOR_FILES}
    for font in sorted((project.node_modules / "katex/dist/fonts").glob("*.woff2")):
        files[f"katex/fonts/{font.name}"] = font.read_bytes()
    return files


def style_sheet_sources(project: Project) -> list[Path]:
    """The course's style sheets in the order the one sheet holds them: the site's
    (``docs/assets/dplab/dplab.css``), the one every lab shares (``dplab/views/labs/lab.css``),
    then each lab's own ``lab.css``, by the lab's folder name."""
    sources = [project.site_assets / SITE_STYLE_SHEET, project.labs_dir / "lab.css"]
    sources += [folder / "lab.css" for folder in lab_folders(project.labs_dir)]
    missing = [str(path) for path in sources[:2] if not path.is_file()]
    if missing:
        raise FileNotFoundError(f"style sheets missing: {', '.join(missing)}")
    return [path for path in sources if path.is_file()]


def style_sheet_name(project: Project, path: Path) -> str:
    """The name of a source sheet in the one sheet's banners: its path in the course
    (``docs/…``) or in the package's checkout (``dplab/…``)."""
    base = project.root if path.is_relative_to(project.root) else project.source_root
    return path.relative_to(base).as_posix()


def site_style_sheet(project: Project) -> bytes:
    """Every course style sheet in one (:func:`style_sheet_sources`), each after a banner
    comment that names it (:func:`style_sheet_name`).

    Pages link this one file instead of one per sheet: on a phone's network each further
    style sheet that must arrive before the first paint delays it (issue 9: the Gaussian
    lesson's first paint went from 2.1 to 1.65 s under Lighthouse's mobile preset when its
    seven sheets became one).  mkdocs.yml leaves the separate sheets out of the site.
    """
    return "".join(
        f"/* ---- {style_sheet_name(project, path)} ---- */\n{path.read_text('utf-8').rstrip()}\n"
        for path in style_sheet_sources(project)
    ).encode()


def script_words(language: str, scripts: Iterable[str]) -> dict[str, str]:
    """The page words in ``language`` that ``scripts`` (the texts of the scripts the site
    serves) can ask for: each key that one of them writes as a quoted literal.

    The site's scripts read a word only through ``words("<key>")`` or a map of such
    literals, never by a key built at run time (``tests/views/test_labels.py``), so no
    other word can be asked for; one that were would be a console error
    (``ready.js``), which fails the browser tests.  The other words (charts', tables' and
    labs' words that the build writes into the pages) stay out of every page's download
    (about two thirds of the catalog)."""
    texts = list(scripts)
    return {
        key: text
        for key, text in LABELS[language].items()
        if any(f'"{key}"' in script for script in texts)
    }


def site_config_js(language: str, scripts: Iterable[str]) -> bytes:
    """``window.DPLAB``: the chart themes and the page words in ``language`` that the site's
    ``scripts`` (their texts) use (:func:`script_words`)."""
    data = json.dumps(
        {"themes": CHART_THEMES, "labels": script_words(language, scripts)},
        sort_keys=True,
        ensure_ascii=False,
        indent=1,
    )
    return (
        f"// Generated from dplab.views (CHART_THEMES, LABELS).\nwindow.DPLAB = {data};\n".encode()
    )


def site_scripts(project: Project) -> list[Path]:
    """Every script of the course that the site serves: the site's own
    (``docs/assets/dplab``) and the labs' (:func:`~dplab.site.lab_scripts.lab_assets`)."""
    return sorted(project.site_assets.glob("*.js")) + list(lab_assets(project.labs_dir).values())


def prebuild(
    project: Project | None = None, *, jobs: int | None = None, log: Callable[[str], None] = print
) -> PrebuildReport:
    """Execute, render and write every lesson of ``project``; raise :class:`BuildFailed`."""
    project = project or Project()
    start = time.perf_counter()
    report = PrebuildReport()
    try:
        bibliography = read_bibliography(project.bibliography_file)
    except LessonError as error:
        raise BuildFailed([error]) from None
    lessons = _parse_all(project, bibliography)
    if project.edition is not None:
        differences = edition_differences(project, lessons)
        if differences:
            raise BuildFailed(differences)
    log(f"DP Lab: {len(lessons)} lesson(s) in {_relative(project, project.lessons_dir)}/")
    with ThreadPoolExecutor(max_workers=1) as background:
        # The package wheel the notebooks need: built (or found cached) while lessons run.
        building = background.submit(site_wheel, project.source_root)
        outcomes = _execute_all(project, lessons, jobs, log, report)
        _check_math(project, lessons, outcomes, report)
        wheel = building.result()
    pages: dict[str, bytes] = {}
    notebooks: dict[str, bytes] = {}
    by_slug = {lesson.slug: lesson for lesson in lessons}
    citations: dict[str, list[tuple[str, str]]] = {}
    with use_language(project.language):  # the words that rendering adds
        for lesson in lessons:
            source = _relative(project, lesson.path)
            cite = PageCitations(bibliography)
            page = render_page(lesson, outcomes[lesson.slug], source, by_slug, wheel.name, cite)
            citations[lesson.slug] = cite.occurrences
            pages[f"{lesson.slug}.md"] = page.encode()
            notebook = render_notebook(lesson, outcomes[lesson.slug], wheel, bibliography)
            notebooks[f"{lesson.slug}.ipynb"] = notebook.encode()
        references = references_page(bibliography, lessons, citations)
        try:
            usage = read_usage(project.glossary_file) if project.glossary_file.is_file() else []
        except LessonError as error:
            raise BuildFailed([error]) from None
        glossary = glossary_page(
            read_course_glossary(project, by_slug), project.language, by_slug, usage
        )
    notebooks[wheel.name] = wheel.path.read_bytes()  # beside the notebooks, as they say
    vendor = vendor_files(project)
    _sync_directory(project.generated_lessons, pages, report)
    _sync_directory(project.generated_notebooks, notebooks, report)
    _sync_directory(project.vendor_dir, vendor, report)
    if project.edition_site_assets is not None:  # another edition serves the same scripts
        shared = {p.name: p.read_bytes() for p in sorted(project.site_assets.glob("*.js"))}
        _sync_directory(project.edition_site_assets, shared, report)
    scripts = [path.read_text("utf-8") for path in site_scripts(project)]
    generated = {
        "dplab-config.js": site_config_js(project.language, scripts),
        "dplab.css": site_style_sheet(project),
        **{name: path.read_bytes() for name, path in lab_assets(project.labs_dir).items()},
    }
    _sync_directory(project.generated_assets, generated, report)
    _write_if_changed(project.generated_references, references.encode(), report)
    _write_if_changed(project.generated_glossary, glossary.encode(), report)
    report.seconds = time.perf_counter() - start
    log(
        f"DP Lab: {len(report.executed)} executed, {len(report.cached)} cached, "
        f"{report.formulas} formulas ({report.formulas_rendered} rendered), "
        f"{len(report.written)} file(s) written, {report.seconds:.2f} s"
    )
    return report


def clean_generated(project: Project) -> None:
    """Remove everything the pre-build writes into ``docs/``."""
    for directory in (
        project.generated_lessons,
        project.generated_notebooks,
        project.vendor_dir,
        project.generated_assets,
        project.edition_site_assets,
    ):
        if directory is None:
            continue
        shutil.rmtree(directory, ignore_errors=True)
    project.generated_references.unlink(missing_ok=True)
    project.generated_glossary.unlink(missing_ok=True)
