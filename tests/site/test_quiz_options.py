"""Every quiz option has words outside its formulas, in both editions.

A quiz option is a radio button whose label is the option's text; a label that is one formula
and nothing else has no accessible name (KaTeX's visible rendering is hidden from assistive
technology and axe does not read the MathML copy), which axe reports as a serious violation in
the browser walk.  This source scan catches it before any build.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "lessons_src").glob("[0-9]*.md")) + sorted(
    (ROOT / "lessons_src" / "en").glob("[0-9]*.md")
)
OPTION = re.compile(r"^- \[[ x]\] (.*)$")
MATH = re.compile(r"\$`.*?`\$")


def _quiz_options(path: Path) -> list[tuple[int, str]]:
    options, in_quiz = [], False
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if line.startswith("::: quiz"):
            in_quiz = True
        elif line.strip() == ":::":
            in_quiz = False
        elif in_quiz and (match := OPTION.match(line)):
            options.append((number, match[1]))
    return options


def test_the_scan_sees_the_quizzes():
    assert sum(len(_quiz_options(path)) for path in LESSONS) > 100


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_quiz_option_has_words_outside_its_formulas(path):
    math_only = [
        f"{path.relative_to(ROOT)}:{number}: {text}"
        for number, text in _quiz_options(path)
        if not MATH.sub("", text).strip()
    ]
    assert not math_only, "options that are a formula alone:\n" + "\n".join(math_only)
