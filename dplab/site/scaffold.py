"""Start a new lesson from the template: ``python -m dplab.site new <slug> --title "…"``.

The new file is ``lessons_src/NN-<slug>.md``, where ``NN`` is the next free order number
(one more than the largest order any lesson has, or its file name shows), and the same
name in every other edition's folder (``lessons_src/en/``).  Its text is the edition's
``_template.md`` with the title and order filled in: a lesson that already
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


def new_lesson(
    project: Project, slug: str, title: str, other_titles: dict[str, str] | None = None
) -> Path:
    """Write a new lesson ``slug`` titled ``title`` from the template, in every edition of
    the course; return the source edition's path.

    Another edition's file comes from that edition's template
    (``lessons_src/<edition>/_template.md``), titled ``other_titles[edition]``; without a
    title it gets the source title and the mark ``untranslated: true``, which the build
    refuses until the edition's prose is written (``docs/contributing.md``).

    Raises ``ValueError`` naming what is wrong, and writes nothing, if the slug is not
    lowercase ASCII letters and digits joined by single ``-``, if a lesson already has
    that slug, if a title is empty, or if a template is missing.
    """
    if not isinstance(slug, str) or not SLUG.fullmatch(slug):
        raise ValueError(
            f"slug must be lowercase letters and digits joined by single '-' "
            f"(for example 'sparse-vector'); got {slug!r}"
        )
    titles: dict[str | None, str] = {None: title}
    titles.update((edition, words) for edition, words in (other_titles or {}).items())
    editions = project.source_edition.editions()
    unknown = sorted(set(titles) - {edition.edition for edition in editions}, key=str)
    if unknown:
        raise ValueError(f"other_titles names no edition of this course: {unknown}")
    for text in titles.values():
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"title must be a non-empty text; got {text!r}")
        if "\n" in text:
            raise ValueError(f"title must be one line; got {text!r}")
    source = project.source_edition
    taken = [p for p in sorted(source.lessons_dir.glob(f"*-{slug}.md")) if _NUMBER.match(p.name)]
    if taken:
        raise ValueError(f"a lesson with slug {slug!r} already exists: {taken[0]}")
    for edition in editions:
        if not edition.lesson_template.is_file():
            raise ValueError(f"the lesson template {edition.lesson_template} is missing")
    order = _next_order(source)
    files: list[tuple[Path, str]] = []
    for edition in editions:
        own_title = titles.get(edition.edition)
        text = (
            edition.lesson_template.read_text(encoding="utf-8")
            .replace("__TITLE__", json.dumps((own_title or title).strip(), ensure_ascii=False), 1)
            .replace("__ORDER__", str(order), 1)
        )
        if own_title is None:
            text = text.replace(f"\norder: {order}\n", f"\norder: {order}\nuntranslated: true\n", 1)
        files.append((edition.lessons_dir / f"{order:02d}-{slug}.md", text))
    written: list[Path] = []
    try:
        for path, text in files:
            with path.open("x", encoding="utf-8") as file:  # never overwrite
                file.write(text)
            written.append(path)
    except BaseException:
        for path in written:
            path.unlink()
        raise
    return files[0][0]
