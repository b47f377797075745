"""Helpers for tests that build fixture projects."""

from __future__ import annotations

from pathlib import Path

from dplab.site.project import Project, copy_course

FRONT_MATTER = "---\ntitle: {title}\norder: {order}\nsummary: 요약\n---\n"


def lesson_text(body: str, *, title: str = "시험 단원", order: int = 1) -> str:
    return FRONT_MATTER.format(title=title, order=order) + body


def make_project(root: Path, lessons: dict[str, str]) -> Project:
    """A copy of the course skeleton with the given lessons instead of the course's own."""
    return copy_course(root, lessons)
