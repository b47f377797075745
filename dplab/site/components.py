"""Lesson furniture: callouts, exercises, quizzes and walkthroughs.

A lesson writes a component as a fenced block of its own::

    ::: exercise 제목
    문제 (Markdown, math, inline values)
    --- solution
    해설
    :::

The parser (:mod:`dplab.site.lesson`) splits a component into sections at its
``--- marker`` lines.  This module checks each kind (with the file and line of any
mistake) and renders it twice: as HTML for the page, and as plain Markdown and code
cells for the notebook.  The words on buttons and titles come from the label table.

Kinds
-----
``definition``, ``theorem``, ``scope``, ``misreading``, ``note``
    A callout: a titled box (default title from the labels).
``implementation``
    An implementation note: a callout folded under its title (a ``<details>`` closed by
    default), for numerical digressions a reader may skip.  Its text stays in the page,
    so search finds it and printing opens it (``components.js``).
``exercise``
    The problem, then ``--- solution`` and the solution (folded on the page).
``quiz``
    ``--- question stem`` sections; in each, the stem, a ``hint: text`` line and a
    ``section: #anchor`` line (the lesson heading the question practises; an anchor that
    no heading of the lesson has stops the build), then options ``- [ ] text`` or
    ``- [x] text`` (exactly one correct, at least three), each followed by its
    explanation indented by four spaces.
``walkthrough``
    An executed block whose value is a :class:`dplab.views.Walkthrough` (one chart per
    step), then ``--- step title`` sections with a short text each.  Each step's panel
    stands beside its text; the page shows one step at a time with previous/next buttons
    (and the arrow keys), and a page without scripts, a printout and the notebook show
    every step.  In the notebook the figure's value is bound to the name ``walkthrough``
    and each step's panel is the output of ``walkthrough.panel(k)`` under its text.
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pymdownx.slugs import slugify

from dplab.site.errors import LessonError
from dplab.site.lesson import CodeBlock, Component, InlineValue, Lesson, Prose, Section
from dplab.views import WALKTHROUGH_MIME, label

__all__ = [
    "CALLOUTS",
    "KINDS",
    "REQUIRED_PARTS",
    "WALKTHROUGH_NAME",
    "NotebookCell",
    "QuizOption",
    "QuizQuestion",
    "RenderContext",
    "bind_last_expression",
    "check_lesson",
    "heading_anchors",
    "is_walkthrough",
    "missing_parts",
    "notebook_items",
    "page_html",
    "quiz_questions",
]

# Each callout kind and the label key of its default title (every key written out).
CALLOUTS = {
    "definition": "callout.definition",
    "theorem": "callout.theorem",
    "scope": "callout.scope",
    "misreading": "callout.misreading",
    "note": "callout.note",
    "implementation": "callout.implementation",
}
KINDS = (*CALLOUTS, "exercise", "quiz", "walkthrough")
_OPTION = re.compile(r"^- \[(?P<mark>[ xX])\](?:[ \t]+(?P<text>.*))?$")
_EXPLANATION_INDENT = "    "
_QUIZ_FIELD = re.compile(r"^(?P<name>hint|section):[ \t]*(?P<value>.*)$")
QUIZ_MIN_OPTIONS = 3  # a two-way choice is a coin toss, not a check of understanding
_HEADING = re.compile(r"^(?P<level>#{2,6})[ \t]+(?P<text>.+?)[ \t]*#*[ \t]*$")
# The anchors MkDocs gives headings: the toc extension with this slugify (mkdocs.yml).
_slug = slugify(case="lower")

Piece = str | InlineValue


@dataclass(frozen=True)
class QuizOption:
    correct: bool
    text: Prose
    explanation: Prose
    line: int


@dataclass(frozen=True)
class QuizQuestion:
    """One question: its stem, hint, the anchor of the section it practises, its options."""

    stem: Prose
    options: tuple[QuizOption, ...]
    line: int
    hint: Prose
    section: str


@dataclass(frozen=True)
class NotebookCell:
    """A code cell that a component writes for the notebook, with its outputs (in the
    worker's format, see :mod:`dplab.site.worker`)."""

    source: str
    outputs: tuple[dict, ...]
    hidden: bool = False


@dataclass
class RenderContext:
    """What a component needs from the page being rendered.

    ``fill`` turns prose into text with its inline values; ``body`` renders a list of
    parts (prose and code blocks with their outputs) as page Markdown (with
    ``without_panels=True``, leaving out a walkthrough's panels); ``outputs`` gives an
    executed block's outputs.
    """

    slug: str
    fill: Callable[[Prose], str]
    body: Callable[..., str]
    outputs: Callable[[CodeBlock], tuple[dict, ...]]
    counters: dict[str, int] = field(default_factory=dict)
    headings: dict[str, str] = field(default_factory=dict)

    def next_number(self, kind: str) -> int:
        self.counters[kind] = self.counters.get(kind, 0) + 1
        return self.counters[kind]


# ---------------------------------------------------------------- checking


def _error(path: Path, line: int, message: str) -> LessonError:
    return LessonError(path, line, message)


def _is_blank(parts: tuple[Prose | CodeBlock, ...]) -> bool:
    return all(
        isinstance(p, Prose) and all(isinstance(x, str) and not x.strip() for x in p.pieces)
        for p in parts
    )


def _markers(component: Component) -> list[str | None]:
    return [section.marker for section in component.sections]


def _check_only(component: Component, allowed: set[str | None], path: Path) -> None:
    for section in component.sections:
        if section.marker not in allowed:
            raise _error(
                path,
                section.line,
                f"'--- {section.marker}' is not part of a {component.kind} "
                f"(allowed: {', '.join(sorted(m for m in allowed if m)) or 'none'})",
            )


def _no_code(section: Section, what: str, path: Path) -> None:
    for part in section.parts:
        if isinstance(part, CodeBlock):
            raise _error(path, part.line - 1, f"a {what} cannot contain a code block")


def _prose_lines(prose: Prose) -> list[tuple[int, list[Piece]]]:
    """Split prose into its source lines, each a list of text and inline values."""
    lines: list[tuple[int, list[Piece]]] = [(prose.line, [])]
    for piece in prose.pieces:
        if isinstance(piece, InlineValue):
            lines[-1][1].append(piece)
            continue
        chunks = piece.split("\n")
        for k, chunk in enumerate(chunks):
            if k:
                lines.append((lines[-1][0] + 1, []))
            if chunk:
                lines[-1][1].append(chunk)
    return lines


def _is_blank_line(pieces: list[Piece]) -> bool:
    return all(isinstance(p, str) and not p.strip() for p in pieces)


def _text_of(pieces: list[Piece]) -> str:
    return "".join(p for p in pieces if isinstance(p, str))


def _lines_prose(lines: list[tuple[int, list[Piece]]], dedent: str = "") -> Prose:
    pieces: list[Piece] = []
    for k, (_, line) in enumerate(lines):
        if k:
            pieces.append("\n")
        for m, piece in enumerate(line):
            if m == 0 and isinstance(piece, str) and piece.startswith(dedent):
                piece = piece[len(dedent) :]
            pieces.append(piece)
    merged: list[Piece] = []
    for piece in pieces:
        if merged and isinstance(piece, str) and isinstance(merged[-1], str):
            merged[-1] += piece
        else:
            merged.append(piece)
    return Prose(line=lines[0][0] if lines else 0, pieces=tuple(p for p in merged if p != ""))


def heading_anchors(parts: Iterable[Prose | CodeBlock | Component]) -> dict[str, str]:
    """The anchor of every section heading (``##`` to ``######``) in ``parts`` → its text.

    Anchors are made as the page's table of contents makes them (``pymdownx.slugs.slugify``
    with ``case="lower"``, the setting in ``mkdocs.yml``; a repeated anchor gets ``_1``,
    ``_2``, … as the toc extension does).  Headings in fenced blocks are not headings, and a
    heading with an inline value has no anchor known before the lesson runs.
    """
    anchors: dict[str, str] = {}
    fence = ""
    for part in parts:
        if not isinstance(part, Prose):
            continue
        lines = _prose_lines(part)
        for _, pieces in lines:
            text = _text_of(pieces)
            stripped = text.lstrip()
            if fence:
                if stripped.startswith(fence):
                    fence = ""
                continue
            if stripped.startswith(("```", "~~~")):
                fence = stripped[:3]
                continue
            heading = _HEADING.match(text)
            if not heading or any(isinstance(p, InlineValue) for p in pieces):
                continue
            title = heading["text"]
            anchor = base = _slug(re.sub(r"[*`]", "", title), "-")
            count = 0
            while anchor in anchors:
                count += 1
                anchor = f"{base}_{count}"
            anchors[anchor] = title
    return anchors


def _quiz_field(
    lines: list[tuple[int, str, list[Piece]]], name: str, section: Section, path: Path
) -> tuple[int, list[Piece]]:
    found = [(number, pieces) for number, field_name, pieces in lines if field_name == name]
    if not found:
        raise _error(
            path, section.line, f"this question needs a '{name}: …' line before its options"
        )
    if len(found) > 1:
        raise _error(path, found[1][0], f"this question has more than one '{name}:' line")
    number, pieces = found[0]
    if _is_blank_line(pieces):
        raise _error(path, number, f"'{name}:' needs text after it")
    return number, pieces


def quiz_questions(
    component: Component, path: Path, anchors: dict[str, str] | None = None
) -> list[QuizQuestion]:
    """The questions of a quiz component, checked; raise :class:`LessonError` on mistakes.

    With ``anchors`` (from :func:`heading_anchors`), each question's ``section:`` must name
    one of them.
    """
    questions = []
    for section in component.sections:
        if section.marker is None:
            continue
        _no_code(section, "quiz question", path)
        lines = [
            line
            for prose in section.parts
            if isinstance(prose, Prose)  # all of them: _no_code has checked
            for line in _prose_lines(prose)
        ]
        stem: list[tuple[int, list[Piece]]] = []
        if section.title is not None:
            stem.extend(_prose_lines(section.title))
        fields: list[tuple[int, str, list[Piece]]] = []
        options: list[tuple[int, bool, list[Piece], list[tuple[int, list[Piece]]]]] = []
        for number, pieces in lines:
            text = _text_of(pieces)
            first = pieces[0] if pieces and isinstance(pieces[0], str) else ""
            option = _OPTION.match(first) if first else None
            quiz_field = _QUIZ_FIELD.match(first) if first else None
            if option:
                rest = [piece for piece in [option["text"] or "", *pieces[1:]] if piece != ""]
                if _is_blank_line(rest):
                    raise _error(path, number, "this option has no text")
                options.append((number, option["mark"] != " ", rest, []))
            elif quiz_field and options:
                raise _error(
                    path, number, f"write '{quiz_field['name']}:' before the question's options"
                )
            elif quiz_field:
                value = [p for p in [quiz_field["value"], *pieces[1:]] if p != ""]
                fields.append((number, quiz_field["name"], value))
            elif options and (first.startswith(_EXPLANATION_INDENT) or not text.strip()):
                options[-1][3].append((number, pieces))
            elif options:
                raise _error(
                    path,
                    number,
                    "an option's explanation must be indented by 4 spaces under its option",
                )
            else:
                stem.append((number, pieces))
        while stem and _is_blank_line(stem[-1][1]):
            stem.pop()
        if not stem or _lines_prose(stem).pieces == ():
            raise _error(path, section.line, "this question has no text")
        if len(options) < QUIZ_MIN_OPTIONS:
            raise _error(
                path,
                section.line,
                f"a question needs at least {QUIZ_MIN_OPTIONS} options '- [ ] …' "
                f"(a two-way choice is a guess); found {len(options)}",
            )
        correct = [o for o in options if o[1]]
        if len(correct) != 1:
            found = "no correct option" if not correct else f"{len(correct)} correct options"
            raise _error(
                path,
                section.line,
                f"a question needs exactly one correct option '- [x] …'; {found}",
            )
        hint = _quiz_field(fields, "hint", section, path)
        anchor_line, anchor_pieces = _quiz_field(fields, "section", section, path)
        anchor = _text_of(anchor_pieces).strip().removeprefix("#")
        if any(isinstance(p, InlineValue) for p in anchor_pieces) or not anchor:
            raise _error(
                path, anchor_line, "'section:' takes a heading anchor such as #the-heading-id"
            )
        if anchors is not None and anchor not in anchors:
            known = ", ".join(f"#{a}" for a in anchors) or "none"
            raise _error(
                path,
                anchor_line,
                f"'section: #{anchor}' is not the anchor of a heading of this lesson "
                f"(anchors: {known})",
            )
        built = []
        for number, is_correct, option_text, explanation in options:
            while explanation and _is_blank_line(explanation[-1][1]):
                explanation.pop()
            if not explanation:
                raise _error(
                    path, number, "every option needs an explanation, indented by 4 spaces"
                )
            built.append(
                QuizOption(
                    correct=is_correct,
                    text=_lines_prose([(number, option_text)]),
                    explanation=_lines_prose(explanation, _EXPLANATION_INDENT),
                    line=number,
                )
            )
        questions.append(
            QuizQuestion(
                stem=_lines_prose(stem),
                options=tuple(built),
                line=section.line,
                hint=_lines_prose([hint]),
                section=anchor,
            )
        )
    return questions


def _check_component(component: Component, path: Path, anchors: dict[str, str]) -> None:
    kind = component.kind
    if kind not in KINDS:
        raise _error(path, component.line, f"unknown component {kind!r}; known: {', '.join(KINDS)}")
    first = component.sections[0]
    if kind in CALLOUTS:
        _check_only(component, {None}, path)
        if _is_blank(first.parts):
            raise _error(path, component.line, f"this {kind} is empty")
    elif kind == "exercise":
        _check_only(component, {None, "solution"}, path)
        if _markers(component).count("solution") != 1:
            raise _error(
                path, component.line, "an exercise needs exactly one '--- solution' section"
            )
        if _is_blank(first.parts):
            raise _error(path, component.line, "this exercise has no problem text")
        if _is_blank(component.sections[1].parts):
            raise _error(path, component.sections[1].line, "this solution is empty")
    elif kind == "quiz":
        _check_only(component, {None, "question"}, path)
        if not _is_blank(first.parts):
            raise _error(path, first.line + 1, "write each question after a '--- question' line")
        if "question" not in _markers(component):
            raise _error(path, component.line, "a quiz needs at least one '--- question'")
        quiz_questions(component, path, anchors)
    elif kind == "walkthrough":
        _check_only(component, {None, "step"}, path)
        if not any(isinstance(p, CodeBlock) and p.executed for p in first.parts):
            raise _error(
                path,
                component.line,
                "a walkthrough starts with a 'python exec' block that draws its figure",
            )
        if "step" not in _markers(component):
            raise _error(path, component.line, "a walkthrough needs at least one '--- step'")
        for section in component.sections[1:]:
            _no_code(section, "walkthrough step", path)
            if section.title is None:
                raise _error(path, section.line, "a step needs a title: '--- step <title>'")


def check_lesson(lesson: Lesson) -> None:
    """Check every component of ``lesson``; raise :class:`LessonError` at the first mistake."""
    anchors = heading_anchors(lesson.parts)
    for part in lesson.parts:
        if isinstance(part, Component):
            _check_component(part, lesson.path, anchors)


# What every lesson of the course has (the course map, the lesson's header and the notebooks
# promise them of every lesson): goals in its front matter, then at least one exercise and one
# quiz.  check_lesson checks the parts a lesson has; this checks that none of these is missing.
REQUIRED_PARTS = ("goals", "exercise", "quiz")


def missing_parts(lesson: Lesson) -> list[LessonError]:
    """One :class:`LessonError` for each part of :data:`REQUIRED_PARTS` that ``lesson``
    lacks, at the line where it goes, saying what to add there."""
    lines = lesson.text.split("\n")
    closing = next((i + 1 for i in range(1, len(lines)) if lines[i].strip() == "---"), 1)
    last = max((i + 1 for i, line in enumerate(lines) if line.strip()), default=1)
    template = "lessons_src/_template.md, or lessons_src/en/_template.md in English"
    errors = []
    if not lesson.meta.goals:
        errors.append(
            _error(
                lesson.path,
                closing,
                "the front matter has no goals, which every lesson opens with (the lesson's "
                "header and the course map show them): add above this line 'goals: [what the "
                "reader can do after the lesson, …]', one item or more, the same number in "
                f"each edition (see {template})",
            )
        )
    components = [part for part in lesson.parts if isinstance(part, Component)]
    quizzes = [part.line for part in components if part.kind == "quiz"]
    if not any(part.kind == "exercise" for part in components):
        where, place = (quizzes[0], "above this quiz") if quizzes else (last, "after this line")
        errors.append(
            _error(
                lesson.path,
                where,
                "the lesson has no exercise, and every lesson has at least one (its notebook "
                f"gives each a cell to try it in): add {place} '::: exercise <title>', the "
                f"problem, '--- solution', the solution and ':::' (see {template})",
            )
        )
    if not quizzes:
        errors.append(
            _error(
                lesson.path,
                last,
                "the lesson has no quiz, and every lesson has one: add after this line "
                "'::: quiz', then for each question '--- question <stem>', a 'hint:' line, a "
                "'section: #<heading>' line and three options or more, and ':::' (see "
                f"{template})",
            )
        )
    return errors


# ---------------------------------------------------------------- the page


def _title(component: Component, ctx: RenderContext, default: str) -> str:
    return ctx.fill(component.title).strip() if component.title is not None else default


def _callout_html(component: Component, ctx: RenderContext) -> str:
    title = _title(component, ctx, label(CALLOUTS[component.kind]))
    body = ctx.body(component.sections[0].parts)
    if component.kind == "implementation":
        kind = label("callout.implementation")
        heading = title if component.title is None else f"{kind}: {title}"
        return (
            f'<details class="note dplab-callout dplab-implementation" markdown="1">\n'
            f"<summary>{heading}</summary>\n\n{body}\n\n</details>"
        )
    return (
        f'<div class="admonition dplab-callout dplab-{component.kind}" markdown="1">\n'
        f'<p class="admonition-title">{title}</p>\n\n{body}\n\n</div>'
    )


def _exercise_html(component: Component, ctx: RenderContext) -> str:
    number = ctx.next_number("exercise")
    heading = label("exercise.title", number=number)
    if component.title is not None:
        heading += ". " + ctx.fill(component.title).strip()
    problem = ctx.body(component.sections[0].parts)
    solution = ctx.body(component.sections[1].parts)
    return (
        f'<div class="admonition dplab-exercise" markdown="1">\n'
        f'<p class="admonition-title">{heading}</p>\n\n{problem}\n\n'
        f'<details class="dplab-solution" markdown="1">\n'
        f"<summary>{label('exercise.solution')}</summary>\n\n{solution}\n\n</details>\n</div>"
    )


def _quiz_html(component: Component, ctx: RenderContext) -> str:
    quiz = ctx.next_number("quiz")
    quiz_id = f"{ctx.slug}-quiz-{quiz}"
    title = _title(component, ctx, label("quiz.title"))
    questions = quiz_questions(component, Path(ctx.slug))
    parts = [
        f'<section class="dplab-quiz" id="{quiz_id}" data-lesson="{ctx.slug}" '
        f'data-quiz="{quiz_id}" aria-labelledby="{quiz_id}-title" markdown="1">',
        f'<h2 class="dplab-quiz-title" id="{quiz_id}-title">{title}</h2>',
        f'<p class="dplab-quiz-how" hidden>{label("quiz.how")}</p>',
    ]
    for q, question in enumerate(questions, 1):
        name = f"{quiz_id}-q{q}"
        section = ctx.headings.get(question.section, question.section)
        parts.append(
            f'<fieldset class="dplab-quiz-question" data-question="{q}" markdown="1">\n'
            f'<legend markdown="span">{label("quiz.question", number=q)}. '
            f"{ctx.fill(question.stem).strip()}</legend>\n"
            f'<p class="dplab-quiz-section">{label("quiz.section")}: '
            f'<a href="#{html.escape(question.section)}">{html.escape(section)}</a></p>'
        )
        for o, option in enumerate(question.options):
            option_id = f"{name}-o{o}"
            correct = "true" if option.correct else "false"
            answer = f' <span class="dplab-quiz-key">({label("quiz.answer")})</span>'
            parts.append(
                f'<div class="dplab-quiz-option" data-correct="{correct}" markdown="1">\n'
                f'<input type="radio" name="{name}" id="{option_id}" value="{o}" '
                f'autocomplete="off" aria-describedby="{option_id}-why">\n'
                f'<label for="{option_id}" markdown="span">{ctx.fill(option.text).strip()}'
                f"{answer if option.correct else ''}</label>\n"
                f'<div class="dplab-quiz-explanation" id="{option_id}-why" markdown="1">\n\n'
                f"{ctx.fill(option.explanation).strip()}\n\n</div>\n</div>"
            )
        parts.append(
            f'<div class="dplab-quiz-hint" markdown="1">\n\n'
            f"**{label('quiz.hint')}** {ctx.fill(question.hint).strip()}\n\n</div>\n"
            f'<p class="dplab-quiz-feedback" role="status" aria-live="polite"></p>\n'
            f'<button type="button" class="md-button dplab-quiz-reveal" hidden>'
            f"{label('quiz.reveal')}</button>\n</fieldset>"
        )
    parts.append(
        f'<div class="dplab-quiz-controls" hidden>\n'
        f'<p class="dplab-quiz-score" aria-live="polite"></p>\n'
        f'<button type="button" class="md-button dplab-quiz-restart">{label("quiz.restart")}'
        f"</button>\n"
        f'<button type="button" class="md-button dplab-quiz-clear">{label("quiz.clear")}</button>\n'
        f'<p class="dplab-quiz-note">{label("quiz.saved")}</p>\n</div>\n</section>'
    )
    return "\n".join(parts)


def is_walkthrough(output: dict) -> bool:
    """Whether a cell output is a figure in steps (:class:`dplab.views.Walkthrough`)."""
    return output["type"] == "display" and WALKTHROUGH_MIME in output["data"]


def _figure(component: Component, ctx: RenderContext) -> tuple[CodeBlock, list[dict]]:
    """The block that draws a walkthrough's figure, and its panels' MIME bundles."""
    steps = len(component.sections) - 1
    for part in component.sections[0].parts:
        if isinstance(part, CodeBlock) and part.executed:
            for output in ctx.outputs(part):
                if is_walkthrough(output):
                    panels = output["data"][WALKTHROUGH_MIME]["panels"]
                    if len(panels) != steps:
                        raise _error(
                            Path(ctx.slug),
                            component.line,
                            f"the figure has {len(panels)} panels but the walkthrough has "
                            f"{steps} steps: one panel per step",
                        )
                    return part, panels
    raise _error(
        Path(ctx.slug),
        component.line,
        "a walkthrough's figure block must end with a dplab.views.Walkthrough "
        "(one panel per step, e.g. dplab.views.laplace.walkthrough_chart(...))",
    )


def _walkthrough_html(component: Component, ctx: RenderContext) -> str:
    _, panels = _figure(component, ctx)
    box = f"{ctx.slug}-walkthrough-{ctx.next_number('walkthrough')}"
    figure = ctx.body(component.sections[0].parts, without_panels=True)
    steps = component.sections[1:]
    title = _title(component, ctx, "")
    items = []
    for number, (step, panel) in enumerate(zip(steps, panels, strict=True), 1):
        assert step.title is not None
        items.append(
            f'<li class="dplab-walkthrough-step" data-step="{number}" id="{box}-{number}" '
            f'aria-labelledby="{box}-{number}-title" markdown="1">\n'
            f'<div class="dplab-walkthrough-panel">\n{panel["text/html"]}\n</div>\n'
            f'<div class="dplab-walkthrough-text" markdown="1">\n'
            f'<p class="dplab-walkthrough-step-title" id="{box}-{number}-title">'
            f'<span class="dplab-walkthrough-number">{number}.</span> '
            f"<strong>{ctx.fill(step.title).strip()}</strong></p>\n\n"
            f"{ctx.body(step.parts)}\n\n</div>\n</li>"
        )
    heading = f'<p class="dplab-walkthrough-title">{title}</p>\n' if title else ""
    code = (
        f'<div class="dplab-walkthrough-figure" markdown="1">\n\n{figure}\n\n</div>\n'
        if figure
        else ""
    )
    return (
        f'<div class="dplab-walkthrough" id="{box}" data-steps="{len(steps)}" markdown="1">\n'
        f"{heading}{code}"
        f'<div class="dplab-walkthrough-nav" hidden>\n'
        f'<button type="button" class="md-button" data-action="previous" aria-controls="{box}">'
        f"{label('walkthrough.previous')}</button>\n"
        f'<span class="dplab-walkthrough-count">1 / {len(steps)}</span>\n'
        f'<button type="button" class="md-button md-button--primary" data-action="next" '
        f'aria-controls="{box}">{label("walkthrough.next")}</button>\n</div>\n'
        f'<p class="dplab-walkthrough-live" role="status" aria-live="polite" '
        f'data-template="{html.escape(label("walkthrough.live"))}"></p>\n'
        f'<ol class="dplab-walkthrough-steps" aria-label="{label("walkthrough.steps")}" '
        f'markdown="1">\n' + "\n".join(items) + "\n</ol>\n</div>"
    )


def page_html(component: Component, ctx: RenderContext) -> str:
    """The component as page Markdown/HTML (checked beforehand by :func:`check_lesson`)."""
    if component.kind in CALLOUTS:
        return _callout_html(component, ctx)
    return {
        "exercise": _exercise_html,
        "quiz": _quiz_html,
        "walkthrough": _walkthrough_html,
    }[component.kind](component, ctx)


# ---------------------------------------------------------------- the notebook


def _quote(text: str) -> str:
    return "\n".join(f"> {line}".rstrip() for line in text.split("\n"))


def notebook_items(
    component: Component, ctx: RenderContext, markdown: Callable[[str], str]
) -> list[str | CodeBlock | NotebookCell]:
    """The component for a notebook: Markdown texts and code blocks, in order.

    ``markdown`` converts page Markdown to notebook Markdown (math delimiters).
    """

    def prose(parts: tuple[Prose | CodeBlock, ...]) -> list[str | CodeBlock]:
        out: list[str | CodeBlock] = []
        for part in parts:
            if isinstance(part, Prose):
                text = markdown(ctx.fill(part)).strip()
                if text:
                    out.append(text)
            else:
                out.append(part)
        return out

    def joined(parts: tuple[Prose | CodeBlock, ...]) -> str:
        return "\n\n".join(p for p in prose(parts) if isinstance(p, str))

    kind = component.kind
    if kind in CALLOUTS:
        title = _title(component, ctx, label(CALLOUTS[kind]))
        return [_quote(f"**{markdown(title)}**\n\n{joined(component.sections[0].parts)}")]
    if kind == "exercise":
        # The problem, an empty cell to work in, then the solution under its own heading:
        # the code that computes the answer belongs to the solution, not above the problem.
        number = ctx.next_number("exercise")
        heading = label("exercise.title", number=number)
        if component.title is not None:
            heading += ". " + markdown(ctx.fill(component.title).strip())
        return _merged(
            [
                f"### {heading}",
                *prose(component.sections[0].parts),
                NotebookCell(f"# {label('exercise.try')}", ()),
                f"#### {label('exercise.solution_heading', number=number)}",
                *prose(component.sections[1].parts),
            ]
        )
    if kind == "quiz":
        ctx.next_number("quiz")
        lines = [f"### {markdown(_title(component, ctx, label('quiz.title')))}"]
        answers = []
        for q, question in enumerate(quiz_questions(component, Path(ctx.slug)), 1):
            lines.append(
                f"**{label('quiz.question', number=q)}.** {markdown(ctx.fill(question.stem))}"
            )
            for o, option in enumerate(question.options):
                letter = chr(ord("A") + o)
                lines.append(f"- {letter}. {markdown(ctx.fill(option.text))}")
                mark = f" ({label('quiz.answer')})" if option.correct else ""
                answers.append(
                    f"- {label('quiz.question', number=q)} {letter}{mark}: "
                    f"{markdown(ctx.fill(option.explanation))}"
                )
            lines.append(f"\n{label('quiz.hint')}: {markdown(ctx.fill(question.hint))}")
            lines.append("")
        lines.append(
            f"<details><summary>{label('quiz.explanations')}</summary>\n\n"
            + "\n".join(answers)
            + "\n\n</details>"
        )
        return ["\n".join(lines)]
    # walkthrough: the figure's code binds the figure to `walkthrough`; then each step's
    # text and, under it, its panel (`walkthrough.panel(k)`).  The title is bold text, not
    # a heading (a figure may stand before the lesson's first section heading).
    figure_block, panels = _figure(component, ctx)
    items: list[str | CodeBlock | NotebookCell] = []
    title = _title(component, ctx, "")
    if title:
        items.append(f"**{markdown(title)}**")
    for item in prose(component.sections[0].parts):
        if item is figure_block:
            items.append(
                NotebookCell(
                    bind_last_expression(figure_block.source, WALKTHROUGH_NAME),
                    tuple(o for o in ctx.outputs(figure_block) if not is_walkthrough(o)),
                    hidden=figure_block.display != "show",
                )
            )
        else:
            items.append(item)
    for number, (step, panel) in enumerate(zip(component.sections[1:], panels, strict=True), 1):
        assert step.title is not None
        step_title = markdown(ctx.fill(step.title).strip())
        items.append(f"**{number}. {step_title}**\n\n{joined(step.parts)}")
        items.append(
            NotebookCell(
                f"{WALKTHROUGH_NAME}.panel({number})",
                ({"type": "display", "data": panel, "result": True},),
            )
        )
    return items


def _merged(items: list[str | CodeBlock | NotebookCell]) -> list[str | CodeBlock | NotebookCell]:
    """``items`` with each run of Markdown texts joined into one cell."""
    out: list[str | CodeBlock | NotebookCell] = []
    for item in items:
        if isinstance(item, str) and out and isinstance(out[-1], str):
            out[-1] += "\n\n" + item
        else:
            out.append(item)
    return out


WALKTHROUGH_NAME = "walkthrough"
"""The name a notebook gives a walkthrough's figure."""


def bind_last_expression(source: str, name: str) -> str:
    """``source`` with its final expression assigned to ``name``.

    >>> print(bind_last_expression("x = 1\\nf(\\n    x,\\n)", "walkthrough"))
    x = 1
    walkthrough = f(
        x,
    )
    """
    tree = ast.parse(source)
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        raise ValueError("the figure block must end with the expression that makes the figure")
    last = tree.body[-1]
    lines = source.split("\n")
    line = lines[last.lineno - 1].encode()
    lines[last.lineno - 1] = (
        line[: last.col_offset] + f"{name} = ".encode() + line[last.col_offset :]
    ).decode()
    return "\n".join(lines)
