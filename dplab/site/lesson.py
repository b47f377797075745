"""Parse a lesson source file: YAML front matter, prose with inline values, code blocks.

A lesson is one Markdown file in ``lessons_src/`` named ``NN-slug.md``::

    ---
    title: 라플라스 메커니즘
    order: 1
    summary: 한 문장 요약
    prerequisites: [other-slug, 조건부 확률]
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import yaml

from dplab.site.errors import LessonError

__all__ = [
    "DEFAULT_TIMEOUT",
    "CodeBlock",
    "FrontMatter",
    "InlineValue",
    "Lesson",
    "Prose",
    "parse_lesson",
    "parse_lesson_text",
]

DEFAULT_TIMEOUT = 60.0
Display = Literal["show", "fold", "hide"]

_FILE_NAME = re.compile(r"^(?P<number>\d+)-(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_INLINE = re.compile(r"(?<!\\)\{\{(?P<field>.*?)\}\}")
_FRONT_MATTER_KEYS = {
    "title": (str, True),
    "order": (int, True),
    "summary": (str, True),
    "prerequisites": (list, False),
}


@dataclass(frozen=True)
class FrontMatter:
    """The lesson's metadata.  ``prerequisites`` names lesson slugs or free-text topics."""

    title: str
    order: int
    summary: str
    prerequisites: tuple[str, ...] = ()


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
class Lesson:
    path: Path
    slug: str
    meta: FrontMatter
    parts: tuple[Prose | CodeBlock, ...]
    text: str = field(repr=False)

    @property
    def executed_blocks(self) -> tuple[CodeBlock, ...]:
        return tuple(p for p in self.parts if isinstance(p, CodeBlock) and p.executed)


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
    parts = _parse_body(lines, body_start, path)
    return Lesson(path=path, slug=match["slug"], meta=meta, parts=parts, text=text)


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
        if isinstance(value, bool) or not isinstance(value, kind):
            raise LessonError(
                path, key_line(key), f"{key} must be a {kind.__name__}; got {value!r}"
            )
        if kind is str and not value.strip():
            raise LessonError(path, key_line(key), f"{key} must not be empty")
    prerequisites = data.get("prerequisites", [])
    if not all(isinstance(p, str) and p.strip() for p in prerequisites):
        raise LessonError(
            path, key_line("prerequisites"), "prerequisites must be a list of non-empty strings"
        )
    meta = FrontMatter(
        title=data["title"].strip(),
        order=data["order"],
        summary=data["summary"].strip(),
        prerequisites=tuple(p.strip() for p in prerequisites),
    )
    return meta, end + 1


def _parse_body(lines: list[str], start: int, path: Path) -> tuple[Prose | CodeBlock, ...]:
    parts: list[Prose | CodeBlock] = []
    prose: list[str] = []
    prose_start = start + 1
    i = start
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            prose.append(lines[i])
            i += 1
            continue
        closing = _find_closing_fence(lines, i, match)
        if closing is None:
            raise LessonError(path, i + 1, "this code fence is never closed")
        info = match["info"].strip().split()
        if info and info[0] == "python":
            if prose:
                parts.append(_make_prose(prose, prose_start, path))
            source = "\n".join(lines[i + 1 : closing])
            parts.append(_make_code_block(info[1:], match["indent"], source, i + 1, path))
            prose = []
            prose_start = closing + 2
        else:
            prose.extend(lines[i : closing + 1])
        i = closing + 1
    if prose:
        parts.append(_make_prose(prose, prose_start, path))
    return tuple(parts)


def _find_closing_fence(lines: list[str], opening: int, match: re.Match[str]) -> int | None:
    fence = match["fence"]
    for j in range(opening + 1, len(lines)):
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
