"""Parse a lesson source file: YAML front matter, prose with inline values, code blocks.

A lesson is one Markdown file in ``lessons_src/`` named ``NN-slug.md``::

    ---
    title: 라플라스 메커니즘
    order: 1
    summary: 한 문장 요약
    prerequisites: [other-slug, 조건부 확률]
    goals: [이 단원을 마치면 할 수 있는 일]
    ---

    Prose with math $`\\varepsilon`$ and an inline value {{ eps:.3f }}.

    ```python exec fold
    eps = 1 / 2
    ```

Code fences whose info string is ``python exec`` are executed, in order, in one
namespace per lesson; ``python`` alone is shown but not run.  Options after ``exec``:
``show`` (default), ``fold`` (code in a collapsed box), ``hide`` (code not shown, output
shown) and ``timeout=SECONDS``.  ``{{ … }}`` in prose is an f-string replacement field
(``{{ x:.3f }}``, ``{{ frac!s }}``) evaluated after the blocks above it have run;
``\\{{`` writes a literal ``{{``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, cast

import yaml

from dplab.site.errors import LessonError

__all__ = [
    "DEFAULT_TIMEOUT",
    "SLUG",
    "CodeBlock",
    "Component",
    "FrontMatter",
    "InlineValue",
    "Lesson",
    "Prose",
    "Section",
    "parse_lesson",
    "parse_lesson_text",
    "walk",
]

DEFAULT_TIMEOUT = 60.0
Display = Literal["show", "fold", "hide"]

SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_FILE_NAME = re.compile(rf"^(?P<number>\d+)-(?P<slug>{SLUG.pattern})\.md$")
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_INLINE = re.compile(r"(?<!\\)\{\{(?P<field>.*?)\}\}")
_COMPONENT_OPEN = re.compile(r"^:::[ \t]*(?P<kind>[a-z][a-z-]*)(?:[ \t]+(?P<title>\S.*?))?[ \t]*$")
_COMPONENT_CLOSE = re.compile(r"^:::[ \t]*$")
_SECTION = re.compile(r"^---[ \t]+(?P<marker>[a-z][a-z-]*)(?:[ \t]+(?P<title>\S.*?))?[ \t]*$")
_FRONT_MATTER_KEYS = {
    "title": (str, True),
    "order": (int, True),
    "summary": (str, True),
    "prerequisites": (list, False),
    "goals": (list, False),
    # In another edition: its prose is still to be written (the build refuses it).
    "untranslated": (bool, False),
}


@dataclass(frozen=True)
class FrontMatter:
    """The lesson's metadata.  ``prerequisites`` names lesson slugs or free-text topics;
    ``goals`` says what the reader can do after the lesson (shown on the course map)."""

    title: str
    order: int
    summary: str
    prerequisites: tuple[str, ...] = ()
    goals: tuple[str, ...] = ()
    untranslated: bool = False


@dataclass(frozen=True)
class InlineValue:
    """``{{ field }}`` in prose: an f-string replacement field and the line it stands on."""

    field: str
    line: int


@dataclass(frozen=True)
class Prose:
    """Markdown text between code blocks; ``pieces`` alternate text and inline values."""

    line: int
    pieces: tuple[str | InlineValue, ...]


@dataclass(frozen=True)
class CodeBlock:
    """A fenced Python block.  ``line`` is the line of its first source line."""

    source: str
    line: int
    executed: bool
    display: Display = "show"
    timeout: float = DEFAULT_TIMEOUT


@dataclass(frozen=True)
class Section:
    """A part of a component body, opened by ``--- marker title`` (``marker`` is ``None``
    for what stands before the first such line)."""

    marker: str | None
    title: Prose | None
    line: int
    parts: tuple[Prose | CodeBlock, ...]


@dataclass(frozen=True)
class Component:
    """A ``::: kind title`` … ``:::`` block: a quiz, an exercise, a callout, a walkthrough.

    The parser only splits it into sections; :mod:`dplab.site.components` checks and
    renders each kind.
    """

    kind: str
    title: Prose | None
    line: int
    sections: tuple[Section, ...]


Part = Prose | CodeBlock | Component


@dataclass(frozen=True)
class Lesson:
    path: Path
    slug: str
    meta: FrontMatter
    parts: tuple[Part, ...]
    text: str = field(repr=False)


def walk(parts: tuple[Part, ...]) -> Iterator[Prose | CodeBlock]:
    """Every prose piece and code block, in document order, components included."""
    for part in parts:
        if isinstance(part, Component):
            if part.title is not None:
                yield part.title
            for section in part.sections:
                if section.title is not None:
                    yield section.title
                yield from section.parts
        else:
            yield part


def parse_lesson(path: Path) -> Lesson:
    """Read and parse ``path``; raise :class:`LessonError` naming the line of any problem."""
    return parse_lesson_text(path.read_text(encoding="utf-8"), path)


def parse_lesson_text(text: str, path: Path) -> Lesson:
    match = _FILE_NAME.match(path.name)
    if not match:
        raise LessonError(
            path, None, "a lesson file must be named NN-slug.md (digits, '-', lowercase slug)"
        )
    lines = text.split("\n")
    meta, body_start = _parse_front_matter(lines, path)
    parts = _parse_body(lines, body_start, len(lines), path)
    return Lesson(path=path, slug=match["slug"], meta=meta, parts=parts, text=text)


# Characters of math or markup: a title is shown as plain text in places that render neither.
_NOT_IN_A_TITLE = "$`_^\\<>*"


def _parse_front_matter(lines: list[str], path: Path) -> tuple[FrontMatter, int]:
    if not lines or lines[0].strip() != "---":
        raise LessonError(path, 1, "a lesson must start with YAML front matter between '---' lines")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise LessonError(path, 1, "the front matter is not closed by a '---' line") from None
    try:
        data = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        raise LessonError(path, line, f"front matter is not valid YAML: {error}") from None
    if not isinstance(data, dict):
        raise LessonError(path, 2, "front matter must be a mapping of keys to values")

    def key_line(key: str) -> int:
        for i in range(1, end):
            if lines[i].startswith(f"{key}:"):
                return i + 1
        return 1

    unknown = sorted(set(data) - set(_FRONT_MATTER_KEYS))
    if unknown:
        allowed = ", ".join(sorted(_FRONT_MATTER_KEYS))
        raise LessonError(
            path,
            key_line(unknown[0]),
            f"unknown front-matter key {unknown[0]!r}; allowed: {allowed}",
        )
    for key, (kind, required) in _FRONT_MATTER_KEYS.items():
        if key not in data:
            if required:
                raise LessonError(path, 1, f"front matter is missing the required key {key!r}")
            continue
        value = data[key]
        if (kind is not bool and isinstance(value, bool)) or not isinstance(value, kind):
            raise LessonError(
                path, key_line(key), f"{key} must be a {kind.__name__}; got {value!r}"
            )
        if kind is str and isinstance(value, str) and not value.strip():
            raise LessonError(path, key_line(key), f"{key} must not be empty")
    for key in ("prerequisites", "goals"):
        if not all(isinstance(item, str) and item.strip() for item in data.get(key, [])):
            raise LessonError(path, key_line(key), f"{key} must be a list of non-empty strings")
    for key in ("summary", "goals"):
        texts = [data[key]] if isinstance(data.get(key), str) else data.get(key, [])
        if any("$" in text for text in texts):
            raise LessonError(
                path,
                key_line(key),
                f"{key} must not hold math: it is shown on the home page and the course map, "
                f"where formulas are not rendered; write a symbol with HTML (d<sub>EM</sub>)",
            )
    plain = set(data["title"]) & set(_NOT_IN_A_TITLE)
    if plain:
        raise LessonError(
            path,
            key_line("title"),
            f"title must be plain words (it names the page in the navigation, the browser tab "
            f"and links, where math and markup are not rendered); got {data['title']!r} with "
            f"{' '.join(sorted(plain))}: name the notion in words and write its formula in the "
            f"lesson text",
        )
    meta = FrontMatter(
        title=data["title"].strip(),
        order=data["order"],
        summary=data["summary"].strip(),
        prerequisites=tuple(p.strip() for p in data.get("prerequisites", [])),
        goals=tuple(g.strip() for g in data.get("goals", [])),
        untranslated=data.get("untranslated", False),
    )
    return meta, end + 1


def _parse_body(
    lines: list[str], start: int, stop: int, path: Path, *, components: bool = True
) -> tuple[Part, ...]:
    """Parse ``lines[start:stop]`` into prose, code blocks and (at top level) components."""
    parts: list[Part] = []
    prose: list[str] = []
    prose_start = start + 1

    def flush() -> None:
        if any(line.strip() for line in prose):
            parts.append(_make_prose(prose, prose_start, path))
        prose.clear()

    i = start
    while i < stop:
        opening = _COMPONENT_OPEN.match(lines[i])
        if opening:
            if not components:
                raise LessonError(path, i + 1, "components cannot be nested inside components")
            flush()
            component_end = _find_component_end(lines, i, stop, path)
            parts.append(_make_component(lines, i, component_end, opening, path))
            i = component_end + 1
            prose_start = i + 1
            continue
        if _COMPONENT_CLOSE.match(lines[i]):
            raise LessonError(path, i + 1, "':::' closes no component")
        match = _FENCE.match(lines[i])
        if not match:
            prose.append(lines[i])
            i += 1
            continue
        closing = _find_closing_fence(lines, i, match, stop)
        if closing is None:
            raise LessonError(path, i + 1, "this code fence is never closed")
        info = match["info"].strip().split()
        if info and info[0] == "python":
            flush()
            source = "\n".join(lines[i + 1 : closing])
            parts.append(_make_code_block(info[1:], match["indent"], source, i + 1, path))
            prose_start = closing + 2
        else:
            prose.extend(lines[i : closing + 1])
        i = closing + 1
    flush()
    return tuple(parts)


def _find_component_end(lines: list[str], opening: int, stop: int, path: Path) -> int:
    """The index of the ``:::`` line that closes the component opened at ``opening``."""
    i = opening + 1
    while i < stop:
        fence = _FENCE.match(lines[i])
        if fence:
            closing = _find_closing_fence(lines, i, fence, stop)
            i = (closing if closing is not None else stop) + 1
            continue
        if _COMPONENT_CLOSE.match(lines[i]):
            return i
        if _COMPONENT_OPEN.match(lines[i]):
            raise LessonError(path, i + 1, "components cannot be nested inside components")
        i += 1
    raise LessonError(path, opening + 1, "this component is never closed by a ':::' line")


def _make_component(
    lines: list[str], opening: int, closing: int, match: re.Match[str], path: Path
) -> Component:
    boundaries: list[tuple[int, re.Match[str] | None]] = [(opening, None)]
    i = opening + 1
    while i < closing:
        fence = _FENCE.match(lines[i])
        if fence:
            i = (_find_closing_fence(lines, i, fence, closing) or closing) + 1
            continue
        section = _SECTION.match(lines[i])
        if section:
            boundaries.append((i, section))
        i += 1
    sections = []
    for k, (begin, section) in enumerate(boundaries):
        end = boundaries[k + 1][0] if k + 1 < len(boundaries) else closing
        title = None
        if section is not None and section["title"]:
            title = _make_prose([section["title"]], begin + 1, path)
        sections.append(
            Section(
                marker=section["marker"] if section else None,
                title=title,
                line=begin + 1,
                # components=False: a section holds prose and code blocks only
                parts=cast(
                    tuple[Prose | CodeBlock, ...],
                    _parse_body(lines, begin + 1, end, path, components=False),
                ),
            )
        )
    title = _make_prose([match["title"]], opening + 1, path) if match["title"] else None
    return Component(kind=match["kind"], title=title, line=opening + 1, sections=tuple(sections))


def _find_closing_fence(
    lines: list[str], opening: int, match: re.Match[str], stop: int | None = None
) -> int | None:
    fence = match["fence"]
    for j in range(opening + 1, len(lines) if stop is None else stop):
        stripped = lines[j].strip()
        if stripped and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
            return j
    return None


def _make_code_block(
    options: list[str], indent: str, source: str, fence_line: int, path: Path
) -> CodeBlock:
    if not options:
        return CodeBlock(source=source, line=fence_line + 1, executed=False)
    if options[0] != "exec":
        raise LessonError(
            path, fence_line, f"unknown code-block option {options[0]!r}; write 'python exec [...]'"
        )
    if indent:
        raise LessonError(path, fence_line, "an executed block must start at the left margin")
    display: Display = "show"
    timeout = DEFAULT_TIMEOUT
    for option in options[1:]:
        if option in ("show", "fold", "hide"):
            display = option  # type: ignore[assignment]
        elif option.startswith("timeout="):
            try:
                timeout = float(option.removeprefix("timeout="))
            except ValueError:
                timeout = float("nan")
            if not 0 < timeout <= 3600:
                raise LessonError(
                    path,
                    fence_line,
                    f"timeout must be a number of seconds in (0, 3600]; got {option}",
                )
        else:
            raise LessonError(
                path,
                fence_line,
                f"unknown code-block option {option!r}; allowed: show, fold, hide, timeout=SECONDS",
            )
    return CodeBlock(
        source=source, line=fence_line + 1, executed=True, display=display, timeout=timeout
    )


def _make_prose(lines: list[str], first_line: int, path: Path) -> Prose:
    pieces: list[str | InlineValue] = []
    text: list[str] = []
    for offset, line in enumerate(lines):
        number = first_line + offset
        position = 0
        for match in _INLINE.finditer(line):
            text.append(line[position : match.start()])
            pieces.append("".join(text))
            text = []
            pieces.append(InlineValue(_check_field(match["field"], number, path), number))
            position = match.end()
        rest = line[position:]
        if re.search(r"(?<!\\)\{\{", rest):
            raise LessonError(
                path, number, "an inline value '{{' is not closed by '}}' on its line"
            )
        text.append(rest.replace("\\{{", "{{"))
        text.append("\n")
    pieces.append("".join(text)[:-1])
    return Prose(line=first_line, pieces=tuple(p for p in pieces if p != ""))


def _check_field(field_text: str, line: int, path: Path) -> str:
    field_text = field_text.strip()
    if not field_text:
        raise LessonError(path, line, "an inline value '{{ }}' is empty")
    try:
        compile(fstring_source(field_text), str(path), "eval")
    except SyntaxError as error:
        raise LessonError(
            path, line, f"inline value {{{{ {field_text} }}}} is not valid: {error.msg}"
        ) from None
    return field_text


def fstring_source(field_text: str) -> str:
    """The Python source of an f-string whose only replacement field is ``field_text``."""
    return "f" + repr("{" + field_text + "}")
