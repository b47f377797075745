"""The course's glossary: one list of terms in every language, one page per edition, and a
link from each term's first use in a lesson to its entry.

``lessons_src/glossary.toml`` holds the terms, each an array entry ``[[term]]``::

    [[term]]
    id = "sensitivity"                  # the entry's anchor on every edition's page
    lesson = "laplace"                  # the lesson that introduces it
    ko = "민감도"                        # the term in each language
    en = "sensitivity"
    ko_definition = "…"                 # one or two sentences of Markdown (math allowed)
    en_definition = "…"

The pre-build writes each edition's ``glossary.md`` (:func:`glossary_page`, out of the
search index): the terms in that language's order, each with its anchor, the term in the
other languages (marked with their ``lang``, so a reader can move between editions and the
English site's check for Hangul knows the words are Korean on purpose), its definition
and the lesson that
introduces it.  On every lesson page the first use of each term in the reading text
(not in the lesson's header or notation panel, a heading, link, code, formula, control or
lab) links to its entry
(:func:`link_first_uses`).

The same file holds the course's choices among words that mean the same, per language,
each an array entry ``[[usage]]``::

    [[usage]]
    language = "en"
    use = "distribution"                # the word the course writes
    avoid = ["law", "laws"]             # the variants it does not write
    allow = ["law of large numbers"]    # phrases that hold a variant and are right (optional)
    pattern = ""                        # a regular expression for variants no phrase spells
    note = "…"                          # why, in a few words (optional)

The edition's glossary page lists them under “Words this course uses”
(:func:`glossary_page`), and ``tests/site/test_course_words.py`` fails on any variant in
the edition's catalog, notation panel, glossary, lessons and pages (:meth:`Usage.find`).
"""

from __future__ import annotations

import html
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from dplab.site.errors import LessonError
from dplab.site.lesson import SLUG, Lesson
from dplab.views import LANGUAGES, label
from dplab.views._particles import NOUN_ENDING_TAILS, NOUN_ENDINGS

__all__ = [
    "Term",
    "Usage",
    "glossary_page",
    "link_first_uses",
    "read_glossary",
    "read_usage",
    "term_pattern",
]


@dataclass(frozen=True)
class Term:
    """One term of the course: its anchor, the lesson that introduces it, and per language
    its words and definition."""

    id: str
    lesson: str
    words: dict[str, str]
    definitions: dict[str, str]


@dataclass(frozen=True)
class Usage:
    """One choice of words in one language: the word the course writes and the variants it
    does not (see the module's docstring).

    A variant in lower case is found in any case ("law" finds "Law"); one with a capital
    only as written ("Unit" does not find "unit of distance").  Each is a whole phrase, its
    words separated by any white space; a use inside an ``allow`` phrase is not a variant.

    >>> usage = Usage("en", "distribution", ("law", "laws"), ("law of large numbers",))
    >>> [found for _, found in usage.find("Two laws. The law of large numbers. A lawyer.")]
    ['laws']
    >>> [found for _, found in Usage("en", "Lesson 4", ("Unit",)).find("Unit 4, a unit ball")]
    ['Unit']
    """

    language: str
    use: str
    avoid: tuple[str, ...]
    allow: tuple[str, ...] = ()
    pattern: str = ""
    note: str = ""

    def _regex(self) -> re.Pattern[str]:
        variants = []
        for phrase in self.avoid:
            words = r"\s+".join(map(re.escape, phrase.split()))
            case = "(?i:" if phrase == phrase.lower() else "(?:"
            variants.append(f"{case}(?<![\\w-]){words}(?![\\w-]))")
        if self.pattern:
            variants.append(f"(?:{self.pattern})")
        return re.compile("|".join(variants))

    def find(self, text: str) -> list[tuple[int, str]]:
        """Each variant in ``text``: its offset and the text found."""
        allowed = [
            match.span()
            for phrase in self.allow
            for match in re.finditer(re.escape(phrase), text, re.IGNORECASE)
        ]
        return [
            (match.start(), match.group())
            for match in self._regex().finditer(text)
            if not any(start <= match.start() < end for start, end in allowed)
        ]


def read_usage(path: Path) -> list[Usage]:
    """The ``[[usage]]`` entries of the glossary file ``path``, checked (none if it has
    none)."""
    data = tomllib.loads(path.read_text("utf-8"))
    usage = []
    for number, entry in enumerate(data.get("usage", []), 1):
        name = f"usage {number} ({entry.get('use', '?')!r})"
        known = {"language", "use", "avoid", "allow", "pattern", "note"}
        if not {"language", "use", "avoid"} <= set(entry) <= known:
            raise LessonError(
                path, None, f"{name}: needs language, use and avoid; may have {known}"
            )
        if entry["language"] not in LANGUAGES:
            raise LessonError(path, None, f"{name}: language must be one of {list(LANGUAGES)}")
        lists = [entry["avoid"], entry.get("allow", [])]
        if not entry["avoid"] or not all(
            isinstance(item, str) and item.strip() for items in lists for item in items
        ):
            raise LessonError(path, None, f"{name}: avoid and allow must be lists of phrases")
        try:
            re.compile(entry.get("pattern", ""))
        except re.error as error:
            message = f"{name}: pattern is not a regular expression: {error}"
            raise LessonError(path, None, message) from None
        usage.append(
            Usage(
                language=entry["language"],
                use=entry["use"],
                avoid=tuple(entry["avoid"]),
                allow=tuple(entry.get("allow", ())),
                pattern=entry.get("pattern", ""),
                note=entry.get("note", ""),
            )
        )
    return usage


def read_glossary(path: Path, lesson_slugs: Iterable[str]) -> list[Term]:
    """The terms of ``path``, checked: every language's word and definition present, ids
    unique slugs, lessons that exist, no word given twice in one language."""
    slugs = set(lesson_slugs)
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise LessonError(path, None, f"not valid TOML: {error}") from None
    entries = data.get("term")
    if not isinstance(entries, list) or not entries:
        raise LessonError(path, None, "the glossary needs [[term]] entries")
    terms: list[Term] = []
    seen_ids: set[str] = set()
    seen_words: dict[tuple[str, str], str] = {}
    for number, entry in enumerate(entries, 1):
        name = f"term {number} ({entry.get('id', '?')!r})"
        expected = {"id", "lesson", *LANGUAGES, *(f"{lang}_definition" for lang in LANGUAGES)}
        if set(entry) != expected:
            missing, unknown = sorted(expected - set(entry)), sorted(set(entry) - expected)
            raise LessonError(path, None, f"{name}: missing keys {missing}, unknown keys {unknown}")
        if not all(isinstance(value, str) and value.strip() for value in entry.values()):
            raise LessonError(path, None, f"{name}: every value must be non-empty text")
        if not SLUG.fullmatch(entry["id"]) or entry["id"] in seen_ids:
            raise LessonError(path, None, f"{name}: the id must be a new lowercase slug")
        if entry["lesson"] not in slugs:
            raise LessonError(path, None, f"{name}: no lesson {entry['lesson']!r}")
        for lang in LANGUAGES:
            key = (lang, entry[lang].casefold())
            if key in seen_words:
                raise LessonError(path, None, f"{name}: {entry[lang]!r} is also {seen_words[key]}")
            seen_words[key] = name
        seen_ids.add(entry["id"])
        terms.append(
            Term(
                id=entry["id"],
                lesson=entry["lesson"],
                words={lang: entry[lang].strip() for lang in LANGUAGES},
                definitions={lang: entry[f"{lang}_definition"].strip() for lang in LANGUAGES},
            )
        )
    return terms


_HANGUL = "\uac00-\ud7a3"


def term_pattern(word: str) -> re.Pattern[str]:
    """The uses of ``word`` in running text: a Korean word alone or followed by a particle
    (not the start of a longer word); a Latin word in any case, singular or plural, as a
    whole word.

    >>> bool(term_pattern("민감도").search("함수의 민감도는"))
    True
    >>> bool(term_pattern("합성").search("합성곱"))
    False
    >>> term_pattern("mechanism").search("Both Mechanisms agree")[0]
    'Mechanisms'
    """
    words = r"\s+".join(map(re.escape, word.split()))
    if re.search(f"[{_HANGUL}]", word):
        endings = rf"(?:(?:{NOUN_ENDINGS})(?:{NOUN_ENDING_TAILS})?)?"
        return re.compile(rf"(?<![{_HANGUL}]){words}{endings}(?![{_HANGUL}])")
    return re.compile(rf"(?<![\w-]){words}(?:e?s)?(?![\w-])", re.IGNORECASE)


def glossary_page(
    terms: list[Term],
    language: str,
    lessons: dict[str, Lesson],
    usage: Iterable[Usage] = (),
) -> str:
    """The glossary page of the edition in ``language`` (Markdown), its terms in that
    language's order; ``lessons`` are the edition's lessons by slug.  The ``usage`` of the
    language, if any, ends the page as a list, “Words this course uses”."""
    # Out of the search index: a term's search leads to the lesson that teaches it (and the
    # glossary, which names every term in a heading, would otherwise come first).
    parts = ["---", "search:", "  exclude: true", "---", ""]
    parts += [f"# {label('glossary.title')}", "", label("glossary.intro"), ""]
    for term in sorted(terms, key=lambda t: t.words[language].casefold()):
        others = " · ".join(
            f'<span lang="{lang}">{html.escape(term.words[lang])}</span>'
            for lang in LANGUAGES
            if lang != language
        )
        lesson = lessons[term.lesson]
        parts += [
            f"## {term.words[language]} {{ #{term.id} }}",
            "",
            f"{label('glossary.other_languages')}: {others}",
            "",
            term.definitions[language],
            "",
            f"{label('glossary.introduced_in')}: [{lesson.meta.title}](lessons/{lesson.slug}.md)",
            "",
        ]
    rows = [_usage_item(choice) for choice in usage if choice.language == language]
    if rows:
        parts += [
            f"## {label('glossary.usage_title')} {{ #usage }}",
            "",
            label("glossary.usage_intro"),
            "",
            *rows,
            "",
        ]
    return "\n".join(parts)


def _usage_item(choice: Usage) -> str:
    """One choice as a list item: “- **In pictures**: not “First, in pictures” or “First,
    the picture”. Why.” (each variant quoted: a variant may hold a comma)."""
    quoted = [f"“{variant}”" for variant in choice.avoid]
    if len(quoted) > 1:
        quoted = [", ".join(quoted[:-1]) + f" {label('glossary.usage_or')} " + quoted[-1]]
    note = f" {choice.note}" if choice.note else ""
    return f"- **{choice.use}**: {label('glossary.usage_avoid')} {quoted[0]}.{note}"


# Where a term's first use is not linked: headings, links, code, formulas, controls, labs,
# figures and the page's data; and inside any element that one of these holds.
_SKIPPED_TAGS = {
    "a", "button", "code", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6",
    "kbd", "label", "nav", "option", "pre", "script", "select", "style", "summary", "svg",
    "textarea", "title",
}  # fmt: skip
# The lesson's header (summary, goals, prerequisites, time, notation panel) is no reading text.
_SKIPPED_CLASS = re.compile(
    r"(?<![\w-])(?:katex\S*|dplab-lab\S*|headerlink|dplab-(?:notation|lesson-meta|"
    r"prerequisites|goals|summary|notebook-links|output|previous|next))(?![\w-])"
)
_VOID_TAGS = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
_TOKEN = re.compile(r"<!--.*?-->|<[^>]*>|[^<]+", re.DOTALL)
_TAG = re.compile(r"<(?P<end>/)?(?P<name>[a-zA-Z][a-zA-Z0-9-]*)(?P<attrs>[^>]*?)(?P<self>/)?>")


def link_first_uses(page_html: str, terms: list[Term], language: str, glossary_href: str) -> str:
    """``page_html`` with the first use of each term in its reading text linked to the
    term's entry at ``glossary_href#<id>``.

    >>> term = Term("loss", "tour", {"ko": "손실", "en": "loss"}, {})
    >>> print(link_first_uses("<h2>Loss</h2><p>A loss, the loss.</p>", [term], "en", "g.html"))
    <h2>Loss</h2><p>A <a class="dplab-term" href="g.html#loss">loss</a>, the loss.</p>
    """
    # Longer words first, so that a term inside a longer one (differential privacy in
    # user-level differential privacy) is not linked in its place.
    by_length = sorted(terms, key=lambda term: -len(term.words[language]))
    patterns = [(term, term_pattern(term.words[language])) for term in by_length]
    linked: set[str] = set()
    out: list[str] = []
    stack: list[bool] = []  # per open element: is the text inside it skipped?
    for token in _TOKEN.findall(page_html):
        tag = _TAG.fullmatch(token) if token.startswith("<") else None
        if tag:
            name = tag["name"].lower()
            if tag["end"]:
                if stack:
                    stack.pop()
            elif not tag["self"] and name not in _VOID_TAGS:
                classes = re.search(r'class="([^"]*)"', tag["attrs"])
                skipped = name in _SKIPPED_TAGS or bool(
                    classes and _SKIPPED_CLASS.search(classes[1])
                )
                stack.append(skipped or (bool(stack) and stack[-1]))
            out.append(token)
            continue
        if token.startswith("<") or (stack and stack[-1]):
            out.append(token)
            continue
        out.append(_link_in_text(token, patterns, linked, glossary_href))
    return "".join(out)


def _link_in_text(
    text: str,
    patterns: list[tuple[Term, re.Pattern[str]]],
    linked: set[str],
    glossary_href: str,
) -> str:
    """``text`` (HTML text between tags) with the first use of each term not yet linked."""
    for term, pattern in patterns:
        if term.id in linked:
            continue
        match = pattern.search(text)
        if match:
            linked.add(term.id)
            anchor = f'<a class="dplab-term" href="{glossary_href}#{term.id}">{match[0]}</a>'
            # The rest of the text may hold other terms: link them after this one.
            before, after = text[: match.start()], text[match.end() :]
            return (
                _link_in_text(before, patterns, linked, glossary_href)
                + anchor
                + _link_in_text(after, patterns, linked, glossary_href)
            )
    return text
