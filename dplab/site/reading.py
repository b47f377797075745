r"""How long a lesson takes: read once, worked through, and its exercises.

The estimate is made from the lesson source alone (nothing is executed), so the lesson
header and the course map show the same numbers.  It counts what the reader meets and
applies the rates below; the rates are stated in the contributor's guide
(``docs/contributing-reference.md``, "읽는 시간") and are those of study, not of skimming.

*Reading* (:attr:`LessonTime.reading_minutes`) is one careful pass through the text:

* Korean prose, proofs included, at :data:`SYLLABLES_PER_MINUTE` Hangul syllables a minute;
  in a Korean lesson, other words of prose (Latin letters, numbers outside formulas) at
  :data:`OTHER_WORDS_PER_MINUTE`;
* English prose (an English edition's words, numbers outside formulas included) at
  :data:`WORDS_PER_MINUTE`;
* each inline formula :data:`INLINE_FORMULA_SECONDS`, each display formula
  :data:`DISPLAY_FORMULA_SECONDS`;
* code shown on the page (blocks ``show`` and display-only blocks) at
  :data:`CODE_LINES_PER_MINUTE`; folded and hidden code is not counted.

*Working through* (:attr:`LessonTime.working_minutes`) is the pass of a reader who checks
every step: the same, except that a proof (``**증명.**`` / ``**Proof.**`` … ``∎`` or
``$`\square`$``) is followed at :data:`PROOF_SYLLABLES_PER_MINUTE` (Korean) or
:data:`PROOF_WORDS_PER_MINUTE` (English) with :data:`PROOF_FORMULA_SECONDS` for
each of its inline formulas, each display formula takes
:data:`DISPLAY_FORMULA_WORKING_SECONDS`, and each lab (an executed block that calls a
``…_lab(`` function) :data:`LAB_MINUTES` and each quiz question
:data:`QUIZ_QUESTION_MINUTES` are added.

The exercises are counted apart (:attr:`LessonTime.exercise_minutes`,
:data:`EXERCISE_MINUTES` each), since the reader chooses how many to do; their text and
the quiz's are not part of the reading.  Implementation notes (folded, optional) are not
counted at all.

The rates are calibrated so that working through the course's longest lessons (composition
and inference) takes 45–60 minutes; ``tests/site/test_reading.py`` checks it on both.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from dplab.site.components import quiz_questions
from dplab.site.lesson import CodeBlock, Component, Lesson, Prose
from dplab.views import current_language, label

__all__ = [
    "CODE_LINES_PER_MINUTE",
    "DISPLAY_FORMULA_SECONDS",
    "DISPLAY_FORMULA_WORKING_SECONDS",
    "EXERCISE_MINUTES",
    "INLINE_FORMULA_SECONDS",
    "LAB_MINUTES",
    "OTHER_WORDS_PER_MINUTE",
    "PROOF_FORMULA_SECONDS",
    "PROOF_SYLLABLES_PER_MINUTE",
    "PROOF_WORDS_PER_MINUTE",
    "QUIZ_QUESTION_MINUTES",
    "SYLLABLES_PER_MINUTE",
    "WORDS_PER_MINUTE",
    "LessonTime",
    "lesson_time",
]

# Reading.  300 syllables a minute is about half the silent-reading speed of Korean adults
# on plain text (about 200 어절, some 600 syllables, a minute: Rhiu et al., Korean J.
# Ophthalmol. 31(3), 2017), a pace for technical prose read to be understood.
SYLLABLES_PER_MINUTE = 300
OTHER_WORDS_PER_MINUTE = 150
# English at the same pace: about half the silent-reading speed of adults on non-fiction
# (238 words a minute: Brysbaert, "How many words do we read per minute?", J. Memory and
# Language 109, 2019).
WORDS_PER_MINUTE = 120
INLINE_FORMULA_SECONDS = 2
DISPLAY_FORMULA_SECONDS = 20
CODE_LINES_PER_MINUTE = 10
# Working through: a proof followed step by step takes twice its reading; a display
# formula is checked against the line before it; the lab and the quiz are done.
PROOF_SYLLABLES_PER_MINUTE = 150
PROOF_WORDS_PER_MINUTE = 60
PROOF_FORMULA_SECONDS = 4
DISPLAY_FORMULA_WORKING_SECONDS = 45
LAB_MINUTES = 10
QUIZ_QUESTION_MINUTES = 1
# The exercises, apart.
EXERCISE_MINUTES = 6

_DISPLAY_MATH = re.compile(r"^```math[^\n]*\n.*?^```[ \t]*$", re.MULTILINE | re.DOTALL)
_OTHER_FENCE = re.compile(r"^(```|~~~)[^\n]*\n(?P<body>.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL)
_INLINE_MATH = re.compile(r"\$`.+?`\$")
_MARKUP = re.compile(r"<[^>]+>|[*_`#>|]")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_OTHER_WORD = re.compile(r"[A-Za-z0-9]+")
_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)*")
_LAB_CALL = re.compile(r"\b\w*_lab\(")
_PROOF_ENDS = ("∎", r"\square")


@dataclass(frozen=True)
class LessonTime:
    """What a lesson asks of its reader, counted, and the minutes it takes at the rates above.

    ``syllables``, ``words`` (an English edition's) and ``inline_formulas`` are those
    outside proofs; ``proof_syllables``, ``proof_words`` and ``proof_formulas`` those
    inside.  Minutes are rounded up, and at least 1.

    >>> time = LessonTime(syllables=600, proof_syllables=150, other_words=0,
    ...     inline_formulas=30, proof_formulas=15, display_formulas=4, code_lines=0,
    ...     proofs=1, labs=1, exercises=2, quiz_questions=3)
    >>> time.reading_minutes  # 2 + 0.5 + 1.5 + 4/3
    6
    >>> time.working_minutes  # 2 + 1 + 1 + 1 + 3 + 10 + 3
    21
    >>> time.exercise_minutes
    12
    """

    syllables: int
    proof_syllables: int
    other_words: int
    inline_formulas: int
    proof_formulas: int
    display_formulas: int
    code_lines: int
    proofs: int
    labs: int
    exercises: int
    quiz_questions: int
    words: int = 0
    proof_words: int = 0

    @property
    def reading_minutes(self) -> int:
        """One careful pass: proofs are read like the prose around them."""
        return self._minutes(
            SYLLABLES_PER_MINUTE, WORDS_PER_MINUTE, INLINE_FORMULA_SECONDS, DISPLAY_FORMULA_SECONDS
        )

    @property
    def working_minutes(self) -> int:
        """Every proof followed, every display formula checked, the lab and the quiz done."""
        return self._minutes(
            PROOF_SYLLABLES_PER_MINUTE,
            PROOF_WORDS_PER_MINUTE,
            PROOF_FORMULA_SECONDS,
            DISPLAY_FORMULA_WORKING_SECONDS,
            self.labs * LAB_MINUTES + self.quiz_questions * QUIZ_QUESTION_MINUTES,
        )

    @property
    def exercise_minutes(self) -> int:
        return self.exercises * EXERCISE_MINUTES

    def _minutes(
        self,
        proof_syllables_per_minute: int,
        proof_words_per_minute: int,
        proof_formula_s: int,
        display_s: int,
        extra: int = 0,
    ) -> int:
        seconds = (
            self.inline_formulas * INLINE_FORMULA_SECONDS
            + self.proof_formulas * proof_formula_s
            + self.display_formulas * display_s
        )
        minutes = (
            Fraction(self.syllables, SYLLABLES_PER_MINUTE)
            + Fraction(self.proof_syllables, proof_syllables_per_minute)
            + Fraction(self.other_words, OTHER_WORDS_PER_MINUTE)
            + Fraction(self.words, WORDS_PER_MINUTE)
            + Fraction(self.proof_words, proof_words_per_minute)
            + Fraction(seconds, 60)
            + Fraction(self.code_lines, CODE_LINES_PER_MINUTE)
            + extra
        )
        return max(1, math.ceil(minutes))


class _Counter:
    def __init__(self, language: str) -> None:
        # Korean prose is counted in syllables (its other words apart), English in words.
        self.english = language == "en"
        self.counts = dict.fromkeys(
            (
                "syllables",
                "proof_syllables",
                "other_words",
                "words",
                "proof_words",
                "inline_formulas",
                "proof_formulas",
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
        proof_marker = label("lesson.proof_marker")
        for line in text.split("\n"):
            if proof_marker in line:
                self.in_proof = True
                self.counts["proofs"] += 1
            plain = _MARKUP.sub(" ", _INLINE_MATH.sub(" ", line))
            inside = "proof_" if self.in_proof else ""
            self.counts[f"{inside}syllables"] += len(_HANGUL.findall(plain))
            self.counts["proof_formulas" if inside else "inline_formulas"] += len(
                _INLINE_MATH.findall(line)
            )
            if self.english:
                self.counts[f"{inside}words"] += len(_WORD.findall(plain))
            else:
                self.counts["other_words"] += len(_OTHER_WORD.findall(plain))
            if any(end in line for end in _PROOF_ENDS):
                self.in_proof = False

    def code(self, block: CodeBlock) -> None:
        if not block.executed or block.display == "show":
            self.counts["code_lines"] += block.source.count("\n") + 1


def lesson_time(lesson: Lesson, language: str | None = None) -> LessonTime:
    """Count ``lesson`` (its source only, written in ``language``, by default the language
    in force) and return its :class:`LessonTime`."""
    counter = _Counter(language or current_language())
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
