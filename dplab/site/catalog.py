"""The course catalog and the course map.

As a Python-Markdown extension (``dplab.site.catalog`` in ``mkdocs.yml``), a line that
reads ``[[course-catalog]]`` in a page at the top of ``docs/`` becomes the list of lessons
(the home page), and a line ``[[course-map]]`` becomes the course map: the reader's
progress, the prerequisite graph (an SVG drawn here from the lessons' ``prerequisites``),
and per lesson its goals, prerequisites and time (reading, working through, exercises; see
:mod:`dplab.site.reading`).  Prerequisites that are lessons link to them; others are
topics to know beforehand.  Progress marks are filled in the browser from the quiz
records (``components.js``): a lesson is learned when every question of its quiz was
answered right at the first answer (a retry or a shown answer does not count).  Only
``lessons_src/*.md`` is read; nothing is executed.
"""

from __future__ import annotations

import html
import unicodedata
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
    "prerequisite_graph_svg",
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
        needs = ", ".join(_prerequisite(p, slugs, prefix) for p in lesson.meta.prerequisites)
        items.append(
            f"{lesson.meta.order}. **[{lesson.meta.title}]({prefix}{lesson.slug}.md)**"
            f' <span class="dplab-progress" data-lesson="{lesson.slug}"></span>  \n'
            f"    {lesson.meta.summary}  \n"
            f"    <small>{label('catalog.prerequisites')}: {needs or label('catalog.none')}</small>"
        )
    return "\n".join(items)


def _lesson_prerequisites(lesson: Lesson, slugs: dict[str, Lesson]) -> list[str]:
    return [p for p in lesson.meta.prerequisites if p in slugs]


def _levels(lessons: list[Lesson]) -> dict[str, int]:
    """Each lesson's row in the graph: one below its deepest prerequisite lesson."""
    slugs = {lesson.slug: lesson for lesson in lessons}
    levels: dict[str, int] = {}

    def level(slug: str, path: tuple[str, ...]) -> int:
        if slug in path:
            raise ValueError(f"the prerequisites of the lessons form a cycle: {' → '.join(path)}")
        if slug not in levels:
            needs = _lesson_prerequisites(slugs[slug], slugs)
            levels[slug] = 1 + max((level(p, (*path, slug)) for p in needs), default=-1)
        return levels[slug]

    for lesson in lessons:
        level(lesson.slug, ())
    return levels


# Geometry of the graph, in SVG user units (the figure scales to the column's width).
_NODE_WIDTH, _LINE, _PAD = 300, 17, 10
_GAP_X, _GAP_Y, _MARGIN, _DETOUR = 24, 40, 12, 28
_FONT = 13


def _text_width(text: str) -> float:
    """Approximate width at font size :data:`_FONT` (wide glyphs 1 em, others 0.6 em)."""
    wide = sum(unicodedata.east_asian_width(c) in "WF" for c in text)
    return _FONT * (wide + 0.6 * (len(text) - wide))


def _wrap(text: str, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split(" "):
        if lines and _text_width(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def prerequisite_graph_svg(lessons: list[Lesson]) -> str:
    """The lessons as boxes in rows (a lesson stands below the lessons it needs) with an
    arrow from each prerequisite lesson; each box shows number, title and times.

    The SVG is one image for assistive technology (its description lists the arrows); the
    list under it has the links.  ``components.js`` marks learned lessons
    (``.dplab-map-node[data-lesson]`` gets ``is-learned``).
    """
    slugs = {lesson.slug: lesson for lesson in lessons}
    levels = _levels(lessons)
    rows: dict[int, list[Lesson]] = {}
    for lesson in lessons:
        rows.setdefault(levels[lesson.slug], []).append(lesson)
    boxes = {}
    for lesson in lessons:
        title = lesson.meta.title.split(" — ")[0]
        lines = _wrap(
            label("map.node_title", order=lesson.meta.order, title=title), _NODE_WIDTH - 2 * _PAD
        )
        lines.append(time_text(lesson_time(lesson), exercises=False))
        boxes[lesson.slug] = lines
    widest = max(len(row) for row in rows.values())
    skips = [
        levels[lesson.slug] - levels[p]
        for lesson in lessons
        for p in _lesson_prerequisites(lesson, slugs)
    ]
    right = _DETOUR * max(skips, default=1) + _MARGIN
    width = 2 * _MARGIN + widest * _NODE_WIDTH + (widest - 1) * _GAP_X + right
    place: dict[str, tuple[float, float, float]] = {}  # slug → x, y, height
    y = float(_MARGIN)
    for level in sorted(rows):
        row = rows[level]
        height = max(len(boxes[lesson.slug]) for lesson in row) * _LINE + 2 * _PAD
        row_width = len(row) * _NODE_WIDTH + (len(row) - 1) * _GAP_X
        x = _MARGIN + (widest * _NODE_WIDTH + (widest - 1) * _GAP_X - row_width) / 2
        for lesson in row:
            place[lesson.slug] = (x, y, height)
            x += _NODE_WIDTH + _GAP_X
        y += height + _GAP_Y
    total_height = y - _GAP_Y + _MARGIN
    edges, described = [], []
    for lesson in lessons:
        tx, ty, th = place[lesson.slug]
        needs = _lesson_prerequisites(lesson, slugs)
        if needs:
            described.append(
                label(
                    "map.graph_edge",
                    lesson=lesson.meta.title,
                    needs=", ".join(slugs[p].meta.title for p in needs),
                )
            )
        for p in needs:
            sx, sy, sh = place[p]
            skip = levels[lesson.slug] - levels[p]
            if skip == 1:
                path = f"M{sx + _NODE_WIDTH / 2:g},{sy + sh:g} L{tx + _NODE_WIDTH / 2:g},{ty - 3:g}"
            else:
                out = max(sx, tx) + _NODE_WIDTH + _DETOUR * skip
                path = (
                    f"M{sx + _NODE_WIDTH:g},{sy + sh / 2:g} C{out:g},{sy + sh / 2:g} "
                    f"{out:g},{ty + th / 2:g} {tx + _NODE_WIDTH + 3:g},{ty + th / 2:g}"
                )
            edges.append(
                f'<path class="dplab-map-edge" d="{path}" marker-end="url(#dplab-map-arrow)"/>'
            )
    nodes = []
    for lesson in lessons:
        x, y0, height = place[lesson.slug]
        lines = boxes[lesson.slug]
        texts = "".join(
            f'<text x="{x + _PAD:g}" y="{y0 + _PAD + (k + 0.8) * _LINE:g}"{time_class}>'
            f"{html.escape(line)}</text>"
            for k, line in enumerate(lines)
            for time_class in [' class="dplab-map-time"' if k == len(lines) - 1 else ""]
        )
        check = (
            f'<text class="dplab-map-check" x="{x + _NODE_WIDTH - _PAD:g}" '
            f'y="{y0 + _PAD + 0.8 * _LINE:g}" text-anchor="end">✓</text>'
        )
        nodes.append(
            f'<g class="dplab-map-node" data-lesson="{lesson.slug}">'
            f'<rect x="{x:g}" y="{y0:g}" width="{_NODE_WIDTH}" height="{height:g}" rx="6"/>'
            f"{texts}{check}</g>"
        )
    title = html.escape(label("map.graph_title"))
    desc = html.escape(" ".join(described) or label("map.graph_none"))
    return (
        f'<figure class="dplab-map-graph">'
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {total_height:g}" '
        f'width="{width:g}" role="img" aria-labelledby="dplab-map-title dplab-map-desc">'
        f'<title id="dplab-map-title">{title}</title><desc id="dplab-map-desc">{desc}</desc>'
        f'<defs><marker id="dplab-map-arrow" viewBox="0 0 10 10" refX="9" refY="5" '
        f'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z"/></marker></defs>'
        + "".join(edges)
        + "".join(nodes)
        + f"</svg><figcaption>{html.escape(label('map.graph_caption'))}</figcaption></figure>"
    )


def course_map_markdown(lessons: list[Lesson], prefix: str = "lessons/") -> str:
    """The course map as Markdown: progress line, graph, then per lesson a section with
    its goals, prerequisites and times."""
    slugs = {lesson.slug: lesson for lesson in lessons}
    parts = [
        f'<p class="dplab-map-progress" data-total="{len(lessons)}" aria-live="polite"></p>',
        "",
        prerequisite_graph_svg(lessons),
    ]
    for lesson in lessons:
        needs = ", ".join(_prerequisite(p, slugs, prefix) for p in lesson.meta.prerequisites)
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
    def __init__(self, md, lessons_root: str) -> None:
        super().__init__(md)
        self.project = Project(root=Path(lessons_root).resolve())

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
        self.config = {"root": [".", "the project folder that holds lessons_src/"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        md.preprocessors.register(
            _CatalogPreprocessor(md, self.getConfig("root")), "dplab_catalog", 40
        )


def makeExtension(**kwargs: object) -> CatalogExtension:
    return CatalogExtension(**kwargs)
