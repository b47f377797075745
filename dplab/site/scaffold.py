"""Start a new lesson from the template: ``python -m dplab.site new <slug> --title "…"``.

The new file is ``lessons_src/NN-<slug>.md``, where ``NN`` is the next free order number
(one more than the largest order any lesson has, or its file name shows).  Its text is
``lessons_src/_template.md`` with the title and order filled in: a lesson that already
uses every component (an executed block, inline values, inline and display math, a chart,
a walkthrough, definition and theorem boxes, a citation, an exercise, a quiz) and builds
as it is.  A slug that is not lowercase words joined by ``-``, a slug another lesson has,
or an empty title is refused, and nothing is written.
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

from dplab.site.errors import LessonError
from dplab.site.lesson import SLUG, parse_lesson
from dplab.site.project import Project

__all__ = ["new_lesson"]

_NUMBER = re.compile(r"^(\d+)-")


def _next_order(project: Project) -> int:
    orders = [0]
    for path in project.lesson_files():
        number = _NUMBER.match(path.name)
        if number:
            orders.append(int(number[1]))
        # A lesson being written may not parse yet; its file name still counts.
        with contextlib.suppress(LessonError):
            orders.append(parse_lesson(path).meta.order)
    return max(orders) + 1


def new_lesson(project: Project, slug: str, title: str) -> Path:
    """Write a new lesson ``slug`` titled ``title`` from the template; return its path.

    Raises ``ValueError`` naming what is wrong, and writes nothing, if the slug is not
    lowercase ASCII letters and digits joined by single ``-``, if a lesson already has
    that slug, or if the title is empty.
    """
    if not isinstance(slug, str) or not SLUG.fullmatch(slug):
        raise ValueError(
            f"slug must be lowercase letters and digits joined by single '-' "
            f"(for example 'sparse-vector'); got {slug!r}"
        )
    if not isinstance(title, str) or not title.strip():
        raise ValueError(f"title must be a non-empty text; got {title!r}")
    if "\n" in title:
        raise ValueError(f"title must be one line; got {title!r}")
    taken = [p for p in sorted(project.lessons_dir.glob(f"*-{slug}.md")) if _NUMBER.match(p.name)]
    if taken:
        raise ValueError(f"a lesson with slug {slug!r} already exists: {taken[0]}")
    template = project.lesson_template
    if not template.is_file():
        raise ValueError(f"the lesson template {template} is missing")
    order = _next_order(project)
    text = (
        template.read_text(encoding="utf-8")
        .replace("__TITLE__", json.dumps(title.strip(), ensure_ascii=False), 1)
        .replace("__ORDER__", str(order), 1)
    )
    path = project.lessons_dir / f"{order:02d}-{slug}.md"
    with path.open("x", encoding="utf-8") as file:  # never overwrite
        file.write(text)
    return path
