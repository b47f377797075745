"""Fixtures shared by the build and browser tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dplab.site.build import build_site
from dplab.site.project import REPOSITORY, Project, copy_course
from dplab.site.scaffold import new_lesson


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real course, built once per test session into a temporary folder."""
    return build_site(Project(), site_dir=tmp_path_factory.mktemp("site") / "site")


SCAFFOLDED_SLUG = "new-lesson"


@pytest.fixture(scope="session")
def scaffolded_site(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The course plus one lesson just started by ``new`` (untouched), built in a copy.

    The copy takes the checkout's caches, which ``built_site`` has just filled, so only the
    new lesson runs.  Nothing is written to the checkout's ``lessons_src``.
    """
    project = copy_course(tmp_path_factory.mktemp("scaffolded") / "course")
    shutil.copytree(REPOSITORY / ".cache", project.cache_dir, dirs_exist_ok=True)
    new_lesson(project, SCAFFOLDED_SLUG, "새 단원: 틀에서 시작하기")
    return build_site(project)
