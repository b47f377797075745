r"""How long a lesson takes: reading, the lab, and the exercises with the quiz, separately.

The estimate is made from the lesson source alone (nothing is executed), so the lesson
header and the course map show the same numbers.  It counts what a careful reader has to
read and applies the rates below; the rates are stated in the contributor's guide
(``docs/contributing.md``, "읽는 시간") and are deliberately those of study, not of skimming:

* Korean prose: Hangul syllables at :data:`SYLLABLES_PER_MINUTE`; inside a proof
  (``**증명.**`` … ``∎`` or ``$`\square`$``) at :data:`PROOF_SYLLABLES_PER_MINUTE`;
* other words of prose (Latin letters, numbers outside formulas) at
  :data:`OTHER_WORDS_PER_MINUTE`;
* each inline formula :data:`INLINE_FORMULA_SECONDS`, each display formula
  :data:`DISPLAY_FORMULA_SECONDS`;
* code shown on the page (blocks ``show`` and display-only blocks) at
  :data:`CODE_LINES_PER_MINUTE`; folded and hidden code is not counted;
* a lab (an executed block that calls a ``…_lab(`` function) :data:`LAB_MINUTES`;
* an exercise :data:`EXERCISE_MINUTES` and a quiz question :data:`QUIZ_QUESTION_MINUTES`
  (their text is counted here, not in the reading time);
* implementation notes (folded, optional) are not counted.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from dplab.site.components import quiz_questions
from dplab.site.lesson import CodeBlock, Component, Lesson, Prose

__all__ = [
    "CODE_LINES_PER_MINUTE",
    "DISPLAY_FORMULA_SECONDS",
    "EXERCISE_MINUTES",
    "INLINE_FORMULA_SECONDS",
    "LAB_MINUTES",
    "OTHER_WORDS_PER_MINUTE",
    "PROOF_SYLLABLES_PER_MINUTE",
    "QUIZ_QUESTION_MINUTES",
    "SYLLABLES_PER_MINUTE",
    "LessonTime",
    "lesson_time",
]

SYLLABLES_PER_MINUTE = 300
PROOF_SYLLABLES_PER_MINUTE = 150
OTHER_WORDS_PER_MINUTE = 150
INLINE_FORMULA_SECONDS = 2
DISPLAY_FORMULA_SECONDS = 20
CODE_LINES_PER_MINUTE = 10
LAB_MINUTES = 10
EXERCISE_MINUTES = 6
QUIZ_QUESTION_MINUTES = 1

_DISPLAY_MATH = re.compile(r"^```math[^\n]*\n.*?^```[ \t]*$", re.MULTILINE | re.DOTALL)
_OTHER_FENCE = re.compile(r"^(```|~~~)[^\n]*\n(?P<body>.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL)
_INLINE_MATH = re.compile(r"\$`.+?`\$")
_MARKUP = re.compile(r"<[^>]+>|[*_`#>|]")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_OTHER_WORD = re.compile(r"[A-Za-z0-9]+")
_LAB_CALL = re.compile(r"\b\w*_lab\(")
_PROOF_START = "**증명.**"
_PROOF_ENDS = ("∎", r"\square")


@dataclass(frozen=True)
class LessonTime:
    """What a lesson asks of its reader, counted, and the minutes it takes at the rates above."""

    syllables: int
    proof_syllables: int
    other_words: int
    inline_formulas: int
    display_formulas: int
    code_lines: int
    proofs: int
    labs: int
    exercises: int
    quiz_questions: int

    @property
    def reading_minutes(self) -> int:
        minutes = (
            self.syllables / SYLLABLES_PER_MINUTE
            + self.proof_syllables / PROOF_SYLLABLES_PER_MINUTE
            + self.other_words / OTHER_WORDS_PER_MINUTE
            + (
                self.inline_formulas * INLINE_FORMULA_SECONDS
                + self.display_formulas * DISPLAY_FORMULA_SECONDS
            )
            / 60
            + self.code_lines / CODE_LINES_PER_MINUTE
        )
        return max(1, math.ceil(minutes))

    @property
    def lab_minutes(self) -> int:
        return self.labs * LAB_MINUTES

    @property
    def exercise_minutes(self) -> int:
        return self.exercises * EXERCISE_MINUTES + self.quiz_questions * QUIZ_QUESTION_MINUTES


class _Counter:
    def __init__(self) -> None:
        self.counts = dict.fromkeys(
            (
                "syllables",
                "proof_syllables",
                "other_words",
                "inline_formulas",
                "display_formulas",
                "code_lines",
                "proofs",
            ),
            0,
        )
        self.in_proof = False

    def prose(self, prose: Prose) -> None:
        text = "".join(piece if isinstance(piece, str) else " 0 " for piece in prose.pieces)
        self.counts["display_formulas"] += len(_DISPLAY_MATH.findall(text))
        text = _DISPLAY_MATH.sub(" ", text)
        for fence in _OTHER_FENCE.finditer(text):
            self.counts["code_lines"] += fence["body"].count("\n")
        text = _OTHER_FENCE.sub(" ", text)
        for line in text.split("\n"):
            if _PROOF_START in line:
                self.in_proof = True
                self.counts["proofs"] += 1
            self.counts["inline_formulas"] += len(_INLINE_MATH.findall(line))
            plain = _MARKUP.sub(" ", _INLINE_MATH.sub(" ", line))
            key = "proof_syllables" if self.in_proof else "syllables"
            self.counts[key] += len(_HANGUL.findall(plain))
            self.counts["other_words"] += len(_OTHER_WORD.findall(plain))
            if any(end in line for end in _PROOF_ENDS):
                self.in_proof = False

    def code(self, block: CodeBlock) -> None:
        if not block.executed or block.display == "show":
            self.counts["code_lines"] += block.source.count("\n") + 1


def lesson_time(lesson: Lesson) -> LessonTime:
    """Count ``lesson`` (its source only) and return its :class:`LessonTime`."""
    counter = _Counter()
    labs = exercises = questions = 0
    for part in lesson.parts:
        if isinstance(part, Prose):
            counter.prose(part)
        elif isinstance(part, CodeBlock):
            counter.code(part)
            labs += bool(part.executed and _LAB_CALL.search(part.source))
        elif part.kind == "exercise":
            exercises += 1
        elif part.kind == "quiz":
            questions += len(quiz_questions(part, Path(lesson.slug)))
        elif part.kind != "implementation":
            _count_component(part, counter)
    return LessonTime(**counter.counts, labs=labs, exercises=exercises, quiz_questions=questions)


def _count_component(component: Component, counter: _Counter) -> None:
    """A callout or a walkthrough is read like the prose around it."""
    if component.title is not None:
        counter.prose(component.title)
    for section in component.sections:
        if section.title is not None:
            counter.prose(section.title)
        for part in section.parts:
            if isinstance(part, Prose):
                counter.prose(part)
            else:
                counter.code(part)
