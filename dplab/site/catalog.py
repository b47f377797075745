"""The course catalog and the course map.

As a Python-Markdown extension (``dplab.site.catalog`` in ``mkdocs.yml``), a line that
reads ``[[course-catalog]]`` in a page at the top of ``docs/`` becomes the list of lessons
(the home page), and a line ``[[course-map]]`` becomes the course map: the reader's
progress, the lessons in the course order with the lessons each one needs (from their
``prerequisites``), and per lesson its goals, prerequisites and time (reading, working
through, exercises; see :mod:`dplab.site.reading`).  Prerequisites that are lessons
link to them; others are topics to know beforehand.  Progress marks are filled in the
browser from the quiz records (``components.js``): a lesson is learned when every
question of its quiz was answered right at the first answer (a retry or a shown answer
does not count).  Only ``lessons_src/*.md`` is read; nothing is executed.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from markdown import Extension
from markdown.preprocessors import Preprocessor

from dplab.site.lesson import Lesson, parse_lesson
from dplab.site.project import Project
from dplab.site.reading import lesson_time
from dplab.site.render import time_text
from dplab.views import label

__all__ = [
    "MAP_MARKER",
    "MARKER",
    "catalog_markdown",
    "course_map_markdown",
    "lessons_in_order",
    "makeExtension",
    "prerequisite_list",
]

MARKER = "[[course-catalog]]"
MAP_MARKER = "[[course-map]]"


def lessons_in_order(project: Project) -> list[Lesson]:
    return sorted((parse_lesson(p) for p in project.lesson_files()), key=lambda x: x.meta.order)


def _prerequisite(text: str, slugs: dict[str, Lesson], prefix: str) -> str:
    lesson = slugs.get(text)
    return f"[{lesson.meta.title}]({prefix}{text}.md)" if lesson else text


def catalog_markdown(lessons: list[Lesson], prefix: str = "lessons/") -> str:
    """The catalog as Markdown; links are ``prefix + slug + '.md'``."""
    slugs = {lesson.slug: lesson for lesson in lessons}
    items = []
    for lesson in lessons:
        needs = label("catalog.separator").join(
            _prerequisite(p, slugs, prefix) for p in lesson.meta.prerequisites
        )
        items.append(
            f"{lesson.meta.order}. **[{lesson.meta.title}]({prefix}{lesson.slug}.md)**"
            f' <span class="dplab-progress" data-lesson="{lesson.slug}"></span>  \n'
            f"    {lesson.meta.summary}  \n"
            f"    <small>{label('catalog.prerequisites')}: {needs or label('catalog.none')}</small>"
        )
    return "\n".join(items)


def _lesson_prerequisites(lesson: Lesson, slugs: dict[str, Lesson]) -> list[str]:
    return [p for p in lesson.meta.prerequisites if p in slugs]


def _check_order(lessons: list[Lesson], slugs: dict[str, Lesson]) -> None:
    """Every lesson a lesson needs comes before it in the course order (so reading the
    lessons by their numbers always reads what a lesson needs first; no cycle either)."""
    for lesson in lessons:
        for p in _lesson_prerequisites(lesson, slugs):
            if slugs[p].meta.order >= lesson.meta.order:
                raise ValueError(
                    f"lesson {lesson.slug!r} (order {lesson.meta.order}) needs {p!r}, "
                    f"whose order {slugs[p].meta.order} does not come before it"
                )


def _short_title(lesson: Lesson) -> str:
    return label("map.node_title", order=lesson.meta.order, title=lesson.meta.title.split(" — ")[0])


def prerequisite_list(lessons: list[Lesson], prefix: str = "lessons/") -> str:
    """The lessons as rows in the course order, each with its number, title (a link),
    reading time and a chip (a link) for each lesson it needs, which always comes before
    it (the chips in the course order too).

    Markdown in HTML (``md_in_html``), so that the links are checked and rewritten like
    any other.  ``components.js`` marks learned lessons (``.dplab-map-node[data-lesson]``
    gets ``is-learned``, which shows its ``.dplab-map-check``).
    """
    slugs = {lesson.slug: lesson for lesson in lessons}
    _check_order(lessons, slugs)
    rows = []
    for lesson in lessons:
        title = label("map.node_title", order=lesson.meta.order, title=lesson.meta.title)
        chips = " ".join(
            f"[{_short_title(slugs[p])}]({prefix}{p}.md){{ .dplab-map-chip }}"
            for p in sorted(_lesson_prerequisites(lesson, slugs), key=lambda p: slugs[p].meta.order)
        )
        rows.append(
            f'<li class="dplab-map-node" data-lesson="{lesson.slug}" markdown="block">\n'
            f'<p class="dplab-map-title" markdown="span">[{title}]({prefix}{lesson.slug}.md)'
            f' <span class="dplab-map-check">{label("map.learned")}</span></p>\n'
            f'<p class="dplab-map-time">{time_text(lesson_time(lesson), exercises=False)}</p>\n'
            f'<p class="dplab-map-needs" markdown="span">{label("map.needs")}: '
            f"{chips or label('catalog.none')}</p>\n"
            f"</li>"
        )
    name = html.escape(label("map.list_title"))
    return "\n".join(
        [
            f'<ol class="dplab-map-list" role="list" aria-label="{name}" markdown="block">',
            *rows,
            "</ol>",
            "",
            f'<p class="dplab-map-caption">{label("map.list_caption")}</p>',
        ]
    )


def course_map_markdown(lessons: list[Lesson], prefix: str = "lessons/") -> str:
    """The course map as Markdown: progress line, the list of lessons with what each
    needs, then per lesson a section with its goals, prerequisites and times."""
    slugs = {lesson.slug: lesson for lesson in lessons}
    parts = [
        f'<p class="dplab-map-progress" data-total="{len(lessons)}" aria-live="polite"></p>',
        "",
        prerequisite_list(lessons, prefix),
    ]
    for lesson in lessons:
        needs = label("catalog.separator").join(
            _prerequisite(p, slugs, prefix) for p in lesson.meta.prerequisites
        )
        goals = "\n".join(f"- {goal}" for goal in lesson.meta.goals)
        parts += [
            "",
            f"## {lesson.meta.order}. [{lesson.meta.title}]({prefix}{lesson.slug}.md)"
            f' <span class="dplab-progress" data-lesson="{lesson.slug}"></span>',
            "",
            lesson.meta.summary,
            "",
        ]
        if goals:
            parts += [f"**{label('map.goals')}**", "", goals, ""]
        parts += [
            f"**{label('catalog.prerequisites')}**: {needs or label('catalog.none')}  ",
            f"**{label('map.time')}**: {time_text(lesson_time(lesson))}",
        ]
    return "\n".join(parts)


class _CatalogPreprocessor(Preprocessor):
    def __init__(self, md, lessons_root: str | os.PathLike[str], edition: str) -> None:
        super().__init__(md)
        self.project = Project(root=Path(lessons_root).resolve(), edition=edition or None)

    def run(self, lines: list[str]) -> list[str]:
        markers = {MARKER: catalog_markdown, MAP_MARKER: course_map_markdown}
        if not any(line.strip() in markers for line in lines):
            return lines
        lessons = lessons_in_order(self.project)
        out: list[str] = []
        for line in lines:
            make = markers.get(line.strip())
            out.extend(["", *make(lessons).split("\n"), ""] if make else [line])
        return out


class CatalogExtension(Extension):
    def __init__(self, **kwargs: object) -> None:
        # mkdocs.yml gives the folder of the config file (never the working directory).
        self.config = {
            "root": [".", "the project folder that holds lessons_src/"],
            # set by the MkDocs hook from the config file it builds (dplab.site.project)
            "edition": ["", "the edition whose lessons are listed ('' for the source)"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        md.preprocessors.register(
            _CatalogPreprocessor(md, self.getConfig("root"), self.getConfig("edition")),
            "dplab_catalog",
            40,
        )


def makeExtension(**kwargs: object) -> CatalogExtension:
    return CatalogExtension(**kwargs)
