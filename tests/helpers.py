"""Helpers for tests that build fixture projects."""

from __future__ import annotations

import shutil
from pathlib import Path

from dplab.site.project import REPOSITORY, Project

FRONT_MATTER = "---\ntitle: {title}\norder: {order}\nsummary: 요약\n---\n"


def lesson_text(body: str, *, title: str = "시험 단원", order: int = 1) -> str:
    return FRONT_MATTER.format(title=title, order=order) + body


def make_project(root: Path, lessons: dict[str, str]) -> Project:
    """A copy of the course skeleton (config, hand-written pages) with the given lessons."""
    root.mkdir(parents=True, exist_ok=True)
    config = (REPOSITORY / "mkdocs.yml").read_text(encoding="utf-8")
    hooks = (REPOSITORY / "dplab/site/mkdocs_hooks.py").as_posix()
    (root / "mkdocs.yml").write_text(config.replace("dplab/site/mkdocs_hooks.py", hooks), "utf-8")
    shutil.copytree(REPOSITORY / "overrides", root / "overrides")
    docs = root / "docs"
    docs.mkdir()
    for name in ("index.md", "contributing.md"):
        shutil.copy(REPOSITORY / "docs" / name, docs / name)
    shutil.copytree(REPOSITORY / "docs/assets/dplab", docs / "assets/dplab")
    (root / "lessons_src").mkdir()
    for name, text in lessons.items():
        (root / "lessons_src" / name).write_text(text, encoding="utf-8")
    return Project(root=root)
