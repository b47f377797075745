"""``make shots SLUG=…`` (tools/shots.py): its arguments and when it builds, without a browser."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def shots():
    spec = importlib.util.spec_from_file_location("tools_shots", ROOT / "tools" / "shots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_unknown_slug_is_refused_naming_it_and_the_known_ones(shots, capsys):
    assert shots.main(["no-such-lesson", "--no-build"]) == 2
    error = capsys.readouterr().err
    assert "'no-such-lesson'" in error
    assert "laplace" in error and "tour" in error


def test_a_lesson_has_a_page_in_each_edition(shots, tmp_path):
    pages = shots.lesson_pages("laplace", tmp_path)
    assert pages == {
        "ko": tmp_path / "lessons" / "laplace.html",
        "en": tmp_path / "en" / "lessons" / "laplace.html",
    }


def test_the_site_is_built_when_a_page_is_missing_or_older_than_a_source(shots, tmp_path):
    page = tmp_path / "laplace.html"
    assert shots.site_is_stale([page])  # missing
    page.write_text("built", encoding="utf-8")
    os.utime(page, (1, 1))  # written long before any source
    assert shots.site_is_stale([page])
    os.utime(page, (4e9, 4e9))  # written after every source
    assert not shots.site_is_stale([page])
