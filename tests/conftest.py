"""Fixtures shared by the build and browser tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from dplab.site.build import build_site
from dplab.site.project import Project


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real course, built once per test session into a temporary folder."""
    return build_site(Project(), site_dir=tmp_path_factory.mktemp("site") / "site")
