"""The course catalog: lessons in order with summary, prerequisites and progress mark.

As a Python-Markdown extension (``dplab.site.catalog`` in ``mkdocs.yml``), a line that
reads ``[[course-catalog]]`` in a page at the top of ``docs/`` becomes the list of lessons
(the home page and the course map use it).  Prerequisites that are lessons link to them;
others are topics to know beforehand.  The progress mark is filled in the browser from
what the reader marked as learned (``components.js``).  Only the front matter of
``lessons_src/*.md`` is read; nothing is executed.
"""

from __future__ import annotations

from pathlib import Path

from markdown import Extension
from markdown.preprocessors import Preprocessor

from dplab.site.lesson import Lesson, parse_lesson
from dplab.site.project import Project
from dplab.views import label

__all__ = ["MARKER", "catalog_markdown", "lessons_in_order", "makeExtension"]

MARKER = "[[course-catalog]]"


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
        needs = ", ".join(_prerequisite(p, slugs, prefix) for p in lesson.meta.prerequisites)
        items.append(
            f"{lesson.meta.order}. **[{lesson.meta.title}]({prefix}{lesson.slug}.md)**"
            f' <span class="dplab-progress" data-lesson="{lesson.slug}"></span>  \n'
            f"    {lesson.meta.summary}  \n"
            f"    <small>{label('catalog.prerequisites')}: {needs or label('catalog.none')}</small>"
        )
    return "\n".join(items)


class _CatalogPreprocessor(Preprocessor):
    def __init__(self, md, lessons_root: str) -> None:
        super().__init__(md)
        self.project = Project(root=Path(lessons_root).resolve())

    def run(self, lines: list[str]) -> list[str]:
        if not any(line.strip() == MARKER for line in lines):
            return lines
        catalog = catalog_markdown(lessons_in_order(self.project)).split("\n")
        out: list[str] = []
        for line in lines:
            out.extend(["", *catalog, ""] if line.strip() == MARKER else [line])
        return out


class CatalogExtension(Extension):
    def __init__(self, **kwargs: object) -> None:
        self.config = {"root": [".", "the project folder that holds lessons_src/"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        md.preprocessors.register(
            _CatalogPreprocessor(md, self.getConfig("root")), "dplab_catalog", 40
        )


def makeExtension(**kwargs: object) -> CatalogExtension:
    return CatalogExtension(**kwargs)
