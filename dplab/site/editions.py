"""One course in two languages: the skeleton that both editions of a lesson must share.

A lesson is written once per language (``lessons_src/NN-slug.md`` in the source language,
``lessons_src/<lang>/NN-slug.md`` in another); only the prose is written twice.  Everything
that the build computes or checks from the source must be the same in both, so that the
editions cannot drift:

* the front matter's ``order``, the lesson slugs among the ``prerequisites`` (at the same
  places) and the number of goals;
* every code block: the same options and the same Python tokens, comments aside (a comment
  is prose, in the reader's language);
* the same components in the same order, with the same sections; a quiz with the same
  questions, options and keys, each question pointing to the same section of the lesson;
* in every stretch of prose between two of those (and in each title), the same inline
  values (the expression and its format, in any order within the stretch), the same
  citation keys in the same order, and links to the same lessons.

Headings, explanations, option texts, hints, comments and citation locators are free.

:func:`skeleton` reduces a parsed lesson to that list of :class:`Bone`; :func:`compare`
returns a :class:`~dplab.site.errors.LessonError` for every difference, each naming the
place in both files.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from dplab.site.citations import prose_citations
from dplab.site.components import heading_anchors, quiz_questions
from dplab.site.errors import LessonError
from dplab.site.lesson import CodeBlock, Component, InlineValue, Lesson, Part, Prose

__all__ = ["Bone", "compare", "skeleton"]

_LESSON_LINK = re.compile(r"\]\((?P<file>[a-z0-9]+(?:-[a-z0-9]+)*\.md)(?:#[^)]*)?\)")


# A prose bone's value: its inline values and lesson links with their counts, its citations.
_ProseValue = tuple[
    tuple[tuple[str, int], ...], tuple[tuple[str, ...], ...], tuple[tuple[str, int], ...]
]


@dataclass(frozen=True)
class Bone:
    """One element of a lesson's skeleton: what it is (``kind``), what must be equal in the
    other edition (``value``), and the line it stands on (for the error message)."""

    kind: str
    value: object
    line: int
    source: str = ""  # a code block's text, to find the line of a difference
    places: tuple[tuple[str, int], ...] = ()  # prose: each inline value's first line


def _located_tokens(source: str) -> list[tuple[int, str, int]] | None:
    """The tokens of a code block without its comments, each with its row (``None`` if the
    source does not tokenize)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    return [
        (token.type, token.string, token.start[0])
        for token in tokens
        if token.type not in (tokenize.COMMENT, tokenize.NL)
    ]


def _code_tokens(source: str) -> tuple[tuple[int, str], ...] | str:
    """What must be equal in a code block: its tokens without comments (the source itself
    if it does not tokenize)."""
    located = _located_tokens(source)
    if located is None:
        return source
    return tuple((kind, text) for kind, text, _ in located)


def _first_difference(source: str, other: str) -> tuple[int, int]:
    """The rows (from 1) of the first token that differs between two code blocks."""
    mine, theirs = _located_tokens(source) or [], _located_tokens(other) or []
    for a, b in zip(mine, theirs, strict=False):
        if a[:2] != b[:2]:
            return a[2], b[2]

    def row_after(tokens: list[tuple[int, str, int]], count: int) -> int:
        return tokens[count][2] if len(tokens) > count else (tokens[-1][2] if tokens else 1)

    shorter = min(len(mine), len(theirs))
    return row_after(mine, shorter), row_after(theirs, shorter)


class _Stretch:
    """The values, citations and lesson links of the prose between two structural bones."""

    def __init__(self) -> None:
        self.line: int | None = None
        self.fields: Counter[str] = Counter()
        self.citations: list[tuple[str, ...]] = []
        self.links: Counter[str] = Counter()
        self.places: dict[str, int] = {}

    def add(self, prose: Prose) -> None:
        if self.line is None:
            self.line = prose.line
        text = []
        for piece in prose.pieces:
            if isinstance(piece, InlineValue):
                self.fields[piece.field] += 1
                self.places.setdefault(piece.field, piece.line)
                text.append("{{ }}")
            else:
                text.append(piece)
        self.citations += [keys for _, keys in prose_citations(prose)]
        self.links.update(match["file"] for match in _LESSON_LINK.finditer("".join(text)))

    def bone(self, fallback_line: int) -> Bone:
        value = (
            tuple(sorted(self.fields.items())),
            tuple(self.citations),
            tuple(sorted(self.links.items())),
        )
        line = self.line if self.line is not None else fallback_line
        return Bone("prose", value, line, places=tuple(self.places.items()))


def _heading_places(parts: tuple[Part, ...]) -> dict[str, int]:
    """Each heading anchor → the number of code blocks and components before it: the place
    of the section in the skeleton, the same in both editions whatever the headings say."""
    places: dict[str, int] = {}
    structural = 0
    for index, part in enumerate(parts):
        if isinstance(part, Prose):
            for anchor in heading_anchors(parts[: index + 1]):
                places.setdefault(anchor, structural)
        else:
            structural += 1
    return places


def skeleton(lesson: Lesson, lesson_slugs: Iterable[str] = ()) -> list[Bone]:
    """The skeleton of ``lesson`` (already checked by
    :func:`~dplab.site.components.check_lesson`); ``lesson_slugs`` are the course's lessons,
    which a prerequisite may name."""
    slugs = set(lesson_slugs)
    meta = lesson.meta
    bones = [
        Bone("order", meta.order, 1),
        Bone(
            "prerequisite lessons",
            tuple((i, p) for i, p in enumerate(meta.prerequisites) if p in slugs),
            1,
        ),
        Bone("number of goals", len(meta.goals), 1),
    ]
    places = _heading_places(lesson.parts)
    stretch = _Stretch()

    def close_stretch(line: int) -> None:
        nonlocal stretch
        bones.append(stretch.bone(line))
        stretch = _Stretch()

    def code(block: CodeBlock) -> None:
        close_stretch(block.line)
        value = (block.executed, block.display, block.timeout, _code_tokens(block.source))
        bones.append(Bone("code block", value, block.line, block.source))

    def body(parts: tuple[Prose | CodeBlock, ...]) -> None:
        for part in parts:
            if isinstance(part, Prose):
                stretch.add(part)
            else:
                code(part)

    for part in lesson.parts:
        if isinstance(part, Prose):
            stretch.add(part)
        elif isinstance(part, CodeBlock):
            code(part)
        else:
            close_stretch(part.line)
            bones.append(Bone("component", part.kind, part.line))
            if part.title is not None:
                stretch.add(part.title)
            for section in part.sections:
                if section.marker is not None:
                    close_stretch(section.line)
                    bones.append(Bone("section", section.marker, section.line))
                if section.title is not None:
                    stretch.add(section.title)
                body(section.parts)
            if part.kind == "quiz":
                bones += _quiz_bones(part, lesson.path, places)
            close_stretch(part.line)
            bones.append(Bone("end of component", part.kind, part.line))
    close_stretch(len(lesson.text.split("\n")))
    return bones


def _quiz_bones(quiz: Component, path: Path, places: dict[str, int]) -> list[Bone]:
    return [
        Bone(
            "quiz question",
            (
                tuple(option.correct for option in question.options),
                places.get(question.section.lstrip("#")),
            ),
            question.line,
        )
        for question in quiz_questions(quiz, path)
    ]


def _describe(bone: Bone) -> str:
    if bone.kind == "prose":
        fields, citations, links = cast(_ProseValue, bone.value)
        described = [
            "inline values " + (", ".join(f"{{{{ {f} }}}}×{n}" for f, n in fields) or "none"),
            "citations " + (", ".join("; ".join(keys) for keys in citations) or "none"),
            "lesson links " + (", ".join(f"{f}×{n}" for f, n in links) or "none"),
        ]
        return "prose with " + ", ".join(described)
    if bone.kind == "code block":
        executed, display, timeout, _ = cast(tuple[bool, str, float, object], bone.value)
        kind = f"python exec {display}" if executed else "python (shown only)"
        return f"a code block ({kind}, timeout {timeout:g} s)"
    if bone.kind == "quiz question":
        keys, place = cast(tuple[tuple[bool, ...], object], bone.value)
        marks = "".join("x" if key else "-" for key in keys)
        return f"a question with keys [{marks}] on the section after skeleton element {place}"
    return f"{bone.kind} {bone.value!r}"


def _prose_difference(source: Bone, other: Bone) -> str:
    names = ("inline values", "citations (in order)", "links to lessons")
    differing = [
        name
        for name, mine, theirs in zip(names, source.value, other.value, strict=True)  # type: ignore[call-overload]
        if mine != theirs
    ]
    return " and ".join(differing)


def _value_lines(source: Bone, other: Bone) -> tuple[int, int]:
    """For each of two prose bones, the line of its first inline value that the other
    lacks (or has a different number of times); the stretch's first line if none."""
    counts_mine, counts_theirs = dict(source.value[0]), dict(other.value[0])  # type: ignore[index]
    differing = {
        field
        for field in set(counts_mine) | set(counts_theirs)
        if counts_mine.get(field) != counts_theirs.get(field)
    }

    def first(bone: Bone) -> int:
        lines = [line for field, line in bone.places if field in differing]
        return min(lines, default=bone.line)

    return first(source), first(other)


def compare(
    source: Lesson, other: Lesson, lesson_slugs: Iterable[str] = (), root: Path | None = None
) -> list[LessonError]:
    """Every difference between the skeletons of two editions of a lesson, as errors at the
    place in ``other`` that name the place in ``source``; after a difference of structure
    (a code block, a component or a section more or less) the rest is not compared."""
    slugs = tuple(lesson_slugs)

    def name(lesson: Lesson) -> str:
        path = lesson.path
        return (
            path.relative_to(root).as_posix() if root and path.is_relative_to(root) else str(path)
        )

    mine, theirs = skeleton(source, slugs), skeleton(other, slugs)
    errors: list[LessonError] = []
    for bone, twin in zip(mine, theirs, strict=False):
        where = f"{name(source)}:{bone.line}"
        if bone.kind != twin.kind:
            errors.append(
                LessonError(
                    name(other),
                    twin.line,
                    f"the editions' skeletons part here: this edition has {_describe(twin)}, "
                    f"where {where} has {_describe(bone)}",
                )
            )
            return errors
        if bone.value == twin.value:
            continue
        if bone.kind == "prose":
            mine_line, their_line = _value_lines(bone, twin)
            errors.append(
                LessonError(
                    name(other),
                    their_line,
                    f"this prose differs from {name(source)}:{mine_line} in its "
                    f"{_prose_difference(bone, twin)}: here {_describe(twin)}; there "
                    f"{_describe(bone)}",
                )
            )
            continue
        elif bone.kind == "code block":
            mine_row, their_row = _first_difference(bone.source, twin.source)
            where = f"{name(source)}:{bone.line + mine_row - 1}"
            errors.append(
                LessonError(
                    name(other),
                    twin.line + their_row - 1,
                    f"this code differs from {where} (the editions' code blocks may differ in "
                    f"comments only): {_describe(twin)} against {_describe(bone)}",
                )
            )
            continue
        else:
            message = f"{_describe(twin)} here, where {where} has {_describe(bone)}"
        errors.append(LessonError(name(other), twin.line, message))
        if bone.kind in ("component", "section", "end of component"):
            return errors
    if len(mine) != len(theirs):
        longer, shorter = (source, other) if len(mine) > len(theirs) else (other, source)
        extra = (mine if longer is source else theirs)[min(len(mine), len(theirs))]
        errors.append(
            LessonError(
                name(shorter),
                len(shorter.text.split("\n")),
                f"this edition ends where {name(longer)}:{extra.line} goes on with "
                f"{_describe(extra)}",
            )
        )
    return errors
