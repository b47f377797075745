"""Citations in lesson prose and the references page built from them.

A lesson cites an entry of ``lessons_src/references.bib`` (:mod:`dplab.site.bibliography`)
in brackets, as Pandoc does::

    무작위 응답입니다[@warner1965randomized].          → 무작위 응답입니다(Warner 1965).
    정확한 δ[@balle2018improving, 정리 8]              → 정확한 δ(Balle·Wang 2018, 정리 8)
    두 책[@dwork2014algorithmic; @mironov2012significance]
    Dwork와 Roth의 교재[-@dwork2014algorithmic, 정의 2.4] → …교재(2014, 정의 2.4)

``-@`` leaves the names out when the sentence already says them; what follows the comma
(a theorem, a page) is written as is.  Code spans, math and fenced blocks are left alone;
``\\[@`` writes a literal bracket.  On a page each short citation links to its entry on
the references page and carries an ``id`` (``cite-<key>-<n>``, the n-th citation of that
key on the page), to which the references page links back.  In a notebook the citation
is plain text and the notebook ends with the full references it cites.

An unknown key stops the build with the lesson file and line; so does an entry of the
bibliography that no lesson cites.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from dplab.site.bibliography import KEY, Bibliography
from dplab.site.errors import LessonError
from dplab.site.lesson import Lesson, Prose, walk
from dplab.views import label

__all__ = [
    "Cite",
    "PageCitations",
    "check_citations",
    "cited_keys",
    "notebook_references",
    "parse_citation",
    "plain_citations",
    "prose_citations",
    "references_page",
    "uncited_entries",
]

_CITATION = r"(?<!\\)\[(?P<body>-?@[^\[\]\n]*)\]"
_CODE_SPAN = r"(?P<code>(?P<ticks>`+).*?(?P=ticks))"
_SCAN = re.compile(f"{_CODE_SPAN}|{_CITATION}")
_FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})")
_ITEM = re.compile(r"^\s*(?P<bare>-)?@(?P<key>[^\s,;]*)\s*(?:,\s*(?P<locator>\S.*?))?\s*$")


@dataclass(frozen=True)
class Cite:
    """One source in a citation: its key, an optional locator, names left out or not."""

    key: str
    locator: str = ""
    year_only: bool = False


def parse_citation(body: str) -> tuple[Cite, ...]:
    """The sources of one citation (the text between the brackets).

    >>> parse_citation("@a; -@b, 정리 8")
    (Cite(key='a', locator='', year_only=False), Cite(key='b', locator='정리 8', year_only=True))
    >>> parse_citation("@A")
    Traceback (most recent call last):
    ValueError: citation key 'A' must be lowercase letters, digits, '-' or '_'
    """
    cites = []
    for item in body.split(";"):
        match = _ITEM.match(item)
        if not match:
            raise ValueError(
                f"{item.strip()!r} is not a citation: write '@key' or '@key, <locator>'"
            )
        if not KEY.fullmatch(match["key"]):
            raise ValueError(
                f"citation key {match['key']!r} must be lowercase letters, digits, '-' or '_'"
            )
        cites.append(Cite(match["key"], match["locator"] or "", bool(match["bare"])))
    return tuple(cites)


def _citations(text: str) -> Iterator[tuple[int, re.Match[str]]]:
    """Each citation in ``text`` with the index of its line; code and fences skipped."""
    fence: str | None = None
    for index, line in enumerate(text.split("\n")):
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening["fence"][0] == fence[0] and len(opening["fence"]) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening["fence"]
            continue
        for match in _SCAN.finditer(line):
            if match["body"] is not None:
                yield index, match


def _replace(text: str, replacement: Callable[[tuple[Cite, ...]], str]) -> str:
    lines = text.split("\n")
    found: dict[int, list[re.Match[str]]] = {}
    for index, match in _citations(text):
        found.setdefault(index, []).append(match)
    for index, matches in found.items():
        line, pieces, position = lines[index], [], 0
        for match in matches:  # in reading order: pages number citations as they come
            pieces += [line[position : match.start()], replacement(parse_citation(match["body"]))]
            position = match.end()
        lines[index] = "".join(pieces) + line[position:]
    return "\n".join(lines)


def _source_text(prose: Prose) -> str:
    """The prose as written, an inline value standing as a one-line placeholder."""
    return "".join(p if isinstance(p, str) else "{{ }}" for p in prose.pieces)


def check_citations(lesson: Lesson, bibliography: Bibliography, source: str) -> list[LessonError]:
    """Every malformed citation and unknown key of ``lesson``, as ``source:line`` errors."""
    errors = []
    for part in walk(lesson.parts):
        if not isinstance(part, Prose):
            continue
        for index, match in _citations(_source_text(part)):
            line = part.line + index
            try:
                cites = parse_citation(match["body"])
            except ValueError as error:
                errors.append(LessonError(source, line, str(error)))
                continue
            for cite in cites:
                if cite.key not in bibliography.entries:
                    errors.append(LessonError(source, line, _unknown(cite.key, bibliography)))
    return errors


def _unknown(key: str, bibliography: Bibliography) -> str:
    message = f"unknown citation key {key!r}: no such entry in {bibliography.path.name}"
    close = difflib.get_close_matches(key, list(bibliography.entries), n=1)
    return message + (f" (did you mean {close[0]!r}?)" if close else "")


def prose_citations(prose: Prose) -> list[tuple[int, tuple[str, ...]]]:
    """Each citation of ``prose`` (already checked) as its line and the keys it cites, in
    reading order; locators are left out (they are words of the page's language)."""
    return [
        (prose.line + index, tuple(cite.key for cite in parse_citation(match["body"])))
        for index, match in _citations(_source_text(prose))
    ]


def cited_keys(lesson: Lesson) -> set[str]:
    """The keys ``lesson`` cites (its citations already checked)."""
    return {
        key
        for part in walk(lesson.parts)
        if isinstance(part, Prose)
        for _, keys in prose_citations(part)
        for key in keys
    }


def uncited_entries(bibliography: Bibliography, cited: set[str]) -> list[LessonError]:
    """An error for each entry that no lesson cites, at its line in the bibliography."""
    return [
        LessonError(
            bibliography.path,
            entry.line,
            f"entry {key!r} is cited by no lesson: cite it as [@{key}] or remove it",
        )
        for key, entry in bibliography.entries.items()
        if key not in cited
    ]


def _short(bibliography: Bibliography, cite: Cite) -> str:
    return bibliography.entries[cite.key].year if cite.year_only else bibliography.label(cite.key)


def _joined(pieces: list[str]) -> str:
    return "(" + "; ".join(pieces) + ")"


def plain_citations(bibliography: Bibliography) -> Callable[[str], str]:
    """A function that writes the citations of a text as plain short citations.

    >>> from pathlib import Path
    >>> from dplab.site.bibliography import parse_bibliography
    >>> bib = parse_bibliography("@misc{w, author={Warner, S.}, title={T}, year=1965}", Path("b"))
    >>> plain_citations(bib)("응답[@w, 3절]. 코드 `[@w]`.")
    '응답(Warner 1965, 3절). 코드 `[@w]`.'
    """

    def one(cite: Cite) -> str:
        short = _short(bibliography, cite)
        return f"{short}, {cite.locator}" if cite.locator else short

    return lambda text: _replace(text, lambda cites: _joined([one(c) for c in cites]))


@dataclass
class PageCitations:
    """Turns the citations of one lesson page into linked short citations, numbering them.

    ``occurrences`` lists ``(key, anchor id)`` in the order the page shows them.
    """

    bibliography: Bibliography
    references_href: str = "../references.html"
    occurrences: list[tuple[str, str]] = field(default_factory=list)

    def __call__(self, text: str) -> str:
        return _replace(text, lambda cites: _joined([self._link(c) for c in cites]))

    def _link(self, cite: Cite) -> str:
        number = 1 + sum(key == cite.key for key, _ in self.occurrences)
        anchor = f"cite-{cite.key}-{number}"
        self.occurrences.append((cite.key, anchor))
        link = (
            f'<a class="dplab-cite" id="{anchor}" '
            f'href="{self.references_href}#ref-{cite.key}">{_short(self.bibliography, cite)}</a>'
        )
        return f"{link}, {cite.locator}" if cite.locator else link


def notebook_references(bibliography: Bibliography, keys: set[str]) -> str:
    """The closing Markdown cell of a notebook: the full references it cites ('' if none)."""
    if not keys:
        return ""
    items = [
        f"- **{bibliography.label(key)}** · {bibliography.entries[key].markdown()}"
        for key in bibliography.sorted_keys()
        if key in keys
    ]
    return f"## {label('references.title')}\n\n" + "\n".join(items)


def references_page(
    bibliography: Bibliography, lessons: list[Lesson], occurrences: dict[str, list[tuple[str, str]]]
) -> str:
    """The references page (Markdown): each entry once, with links back to every citation.

    ``lessons`` are in course order; ``occurrences`` maps a lesson slug to the
    ``(key, anchor)`` list of its page (:class:`PageCitations`).
    """
    out = [
        f"# {label('references.title')}",
        "",
        label("references.intro") if bibliography.entries else label("references.none"),
        "",
    ]
    for key in bibliography.sorted_keys():
        entry = bibliography.entries[key]
        places = []
        for lesson in lessons:
            anchors = [anchor for cited, anchor in occurrences.get(lesson.slug, []) if cited == key]
            if not anchors:
                continue
            links = ", ".join(
                f"[{label('references.occurrence', number=n)}](lessons/{lesson.slug}.md#{anchor})"
                for n, anchor in enumerate(anchors, 1)
            )
            unit = label("lesson.unit", order=lesson.meta.order)
            places.append(f"{unit} · {lesson.meta.title}: {links}")
        back = f"{label('references.cited_in')} " + "; ".join(places) if places else ""
        out += [
            f'<div class="dplab-reference" id="ref-{key}" markdown="1">',
            "",
            f"**{bibliography.label(key)}** · {entry.markdown()}",
            "",
            # the back-links repeat lesson titles: out of the search index, where they would
            # outrank the lessons themselves on a title's words
            f'<p class="dplab-reference-places" data-search-exclude markdown="span">{back}</p>'
            if back
            else "",
            "",
            "</div>",
            "",
        ]
    return "\n".join(out).rstrip() + "\n"
