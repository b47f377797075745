"""Lessons say what a source claims, what the lesson derives and what is not claimed, never
what the course's authors could or could not read (issue 20, §2).

A sentence such as "논문의 본문을 볼 수 없어서" or "이 강의의 자료에서 확인하지 못했으므로"
tells the reader about the writing of the course, not about the mathematics; the lesson
should cite the paper's claim, label its own results "이 강의가 유도" and say plainly what it
does not claim.
"""

from __future__ import annotations

from pathlib import Path

import pytest

LESSONS = sorted((Path(__file__).parents[2] / "lessons_src").glob("[0-9]*.md"))

# phrases that describe the authors' access to sources
PHRASES = ("볼 수 없", "확인하지 못", "자료에서", "자료로는", "요약 자료")


def test_there_are_lessons_to_scan():
    assert len(LESSONS) >= 9


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_no_lesson_speaks_about_the_courses_own_sources(path):
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if any(phrase in line for phrase in PHRASES)
    ]
    assert not found, "\n".join(found)
