"""Helpers for tests that build fixture projects."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from dplab.site.cache import ExecutionCache
from dplab.site.execute import execute_lesson
from dplab.site.lesson import parse_lesson
from dplab.site.project import Project, copy_course

FRONT_MATTER = "---\ntitle: {title}\norder: {order}\nsummary: 요약\n---\n"

# The exercise and the quiz that every lesson has (dplab.site.components.REQUIRED_PARTS),
# for fixture lessons that test something else.
REQUIRED_TAIL = """
## 연습

::: exercise 연습
문제.
--- solution
풀이.
:::

::: quiz
--- question 질문?
hint: 힌트.
section: #연습
- [x] 가
    맞습니다.
- [ ] 나
    아닙니다.
- [ ] 다
    아닙니다.
:::
"""


def lesson_text(body: str, *, title: str = "시험 단원", order: int = 1) -> str:
    return FRONT_MATTER.format(title=title, order=order) + body


def complete_lesson(text: str) -> str:
    """``text`` with the parts that the build requires of every lesson: goals at the end of
    its front matter if it has none (the lines below move down by one), and an exercise and
    a quiz at its end if it has neither (:data:`REQUIRED_TAIL`)."""
    if not re.search(r"^goals:", text, re.M):
        head, _, rest = text.partition("\n---\n")
        text = f"{head}\ngoals: [할 수 있는 것]\n---\n{rest}"
    if "::: exercise" not in text and "::: quiz" not in text:
        text = text.rstrip("\n") + "\n" + REQUIRED_TAIL
    return text


def complete(lessons: dict[str, str]) -> dict[str, str]:
    """``lessons`` (file name to text), each lesson completed by :func:`complete_lesson`
    (the bibliography and templates as they are)."""
    return {
        name: complete_lesson(text)
        if name.endswith(".md") and not Path(name).name.startswith("_")
        else text
        for name, text in lessons.items()
    }


def make_project(root: Path, lessons: dict[str, str]) -> Project:
    """A copy of the course skeleton with the given lessons instead of the course's own
    (completed with the parts every lesson has: :func:`complete`)."""
    return copy_course(root, complete(lessons))


_SPEC_BLOB = re.compile(r'<script type="application/json">(.*?)</script>', re.S)


def _top_level_specs(value: object) -> Iterator[dict]:
    if isinstance(value, dict):
        if "$schema" in value:
            yield value
            return
        for item in value.values():
            yield from _top_level_specs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _top_level_specs(item)


def course_chart_specs() -> dict[str, list[dict]]:
    """Every Vega-Lite spec the course's lessons make, by lesson slug: charts, walkthrough
    panels and the charts inside labs.  The lessons' results come from the build's
    execution cache, or are computed (and stored there) when it is stale."""
    project = Project()
    cache = ExecutionCache(project.cache_dir / "lessons", project.source_root, project.language)
    charts: dict[str, list[dict]] = {}
    for path in project.lesson_files():
        lesson = parse_lesson(path)
        results = cache.load(lesson.slug, lesson.text)
        if results is None:
            results = execute_lesson(lesson, language=project.language)
            cache.store(lesson.slug, lesson.text, results)
        specs = charts.setdefault(lesson.slug, [])
        for result in results:
            for output in result.outputs:
                for blob in _SPEC_BLOB.findall(output.get("data", {}).get("text/html", "")):
                    specs += _top_level_specs(json.loads(blob))
    return charts


def spec_nodes(node: object) -> Iterator[dict]:
    """Every mapping inside a chart spec (or any JSON value), the value itself first."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from spec_nodes(value)
    elif isinstance(node, list):
        for value in node:
            yield from spec_nodes(value)


def unit_specs(spec: dict) -> list[dict]:
    """Every unit spec (a dict with a ``mark``) of a layered or concatenated chart spec, in
    order."""
    found = []
    for key in ("layer", "vconcat", "hconcat"):
        for child in spec.get(key, []):
            found += unit_specs(child)
    if "mark" in spec:
        found.append(spec)
    return found
