"""The course's one bibliography: ``lessons_src/references.bib``, read by a small BibTeX parser.

Every lesson cites from this file (:mod:`dplab.site.citations`), so each source is written
once and formatted the same way everywhere.  The parser reads the plain subset of BibTeX
that a hand-kept bibliography needs and refuses the rest with ``file:line``::

    @article{warner1965randomized,
      author  = {Warner, Stanley L.},
      title   = {Randomized Response: A Survey Technique for Eliminating Evasive Answer Bias},
      journal = {Journal of the American Statistical Association},
      year    = {1965},
      volume  = {60}, number = {309}, pages = {63--69},
    }

* entries ``@article``, ``@inproceedings``, ``@book``, ``@misc``; text outside entries,
  lines starting with ``%`` and ``@comment{…}`` are comments; ``@string``, ``@preamble``
  and ``#`` are refused;
* values in braces (nested braces are kept together and then dropped) or double quotes, or
  bare digits; names in a list joined by ``and``, each ``Family, Given`` or ``Given Family``;
* text is Unicode (write ``é``, not ``\\'e``): a backslash is refused; ``--`` becomes an
  en dash and ``~`` a non-breaking space;
* keys are lowercase letters, digits, ``-`` and ``_``; a key, or a field within an entry,
  may appear only once; each type has required fields and unknown fields are refused.

No library is used: pybtex and bibtexparser would add dependencies for a few dozen lines.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from dplab.site.errors import LessonError
from dplab.views import label

__all__ = ["Bibliography", "Entry", "Person", "parse_bibliography", "read_bibliography"]

KEY = re.compile(r"[a-z0-9][a-z0-9_-]*")
_TYPE = re.compile(r"@[ \t]*(?P<type>[A-Za-z]+)[ \t]*(?P<open>[{(])")
_FIELD_NAME = re.compile(r"[A-Za-z][A-Za-z_-]*")
_YEAR = re.compile(r"\d{4}")
_ARXIV = re.compile(r"\d{4}\.\d{4,5}(v\d+)?")
_DOI = re.compile(r"10\.\d{4,9}/\S+")

REQUIRED: dict[str, tuple[str, ...]] = {
    "article": ("author", "title", "journal", "year"),
    "inproceedings": ("author", "title", "booktitle", "year"),
    "book": ("author", "title", "publisher", "year"),
    "misc": ("author", "title", "year"),
}
OPTIONAL = frozenset(
    {"volume", "number", "pages", "series", "publisher", "doi", "eprint", "archiveprefix"}
    | {"url", "note", "howpublished", "month", "edition", "address", "primaryclass"}
)


@dataclass(frozen=True)
class Person:
    """One author: family name and given names, as written in the file."""

    family: str
    given: str = ""

    @property
    def full(self) -> str:
        return f"{self.given} {self.family}".strip()


@dataclass(frozen=True)
class Entry:
    """One source.  ``fields`` holds every field but ``author``, cleaned to plain text."""

    key: str
    type: str
    authors: tuple[Person, ...]
    fields: dict[str, str]
    line: int

    @property
    def year(self) -> str:
        return self.fields["year"]

    def short_names(self) -> str:
        """The authors as a short citation names them, in the language in force: ``Warner``;
        two authors ``Dwork·Roth`` in Korean, ``Dwork and Roth`` in English
        (``cite.two_authors``); three or more ``Imola 외``, ``Imola et al.`` (``cite.et_al``).

        >>> Entry("k", "misc", (Person("Balle"), Person("Wang")), {"year": "2018"}, 1).short_names()
        'Balle·Wang'
        """
        families = [person.family for person in self.authors]
        if len(families) <= 1:
            return "".join(families)
        if len(families) == 2:
            return label("cite.two_authors", first=families[0], second=families[1])
        return label("cite.et_al", first=families[0])

    def markdown(self) -> str:
        """The full reference as Markdown, in the one format of the course.

        Authors (given names first), year, title, then where it appeared (in italics) and
        its identifiers as links.

        >>> entry = Entry("w", "article", (Person("Warner", "Stanley L."),),
        ...     {"title": "Randomized response", "journal": "JASA", "year": "1965",
        ...      "volume": "60", "number": "309", "pages": "63–69"}, 1)
        >>> entry.markdown()
        'Stanley L. Warner (1965). Randomized response. *JASA* 60(309), 63–69.'
        """
        fields = self.fields
        authors = ", ".join(_escape(person.full) for person in self.authors)
        title = _escape(fields["title"])
        title_part = f"*{title}*." if self.type == "book" else f"{title}."
        parts = [f"{authors} ({fields['year']}).", title_part, self._venue()]
        parts.extend(self._identifiers())
        if "note" in fields:
            parts.append(_escape(fields["note"]) + ".")
        return " ".join(part for part in parts if part)

    def _venue(self) -> str:
        fields = self.fields
        if self.type == "article":
            where = f"*{_escape(fields['journal'])}*"
            if "volume" in fields:
                where += f" {fields['volume']}"
                if "number" in fields:
                    where += f"({fields['number']})"
        elif self.type == "inproceedings":
            where = f"*{_escape(fields['booktitle'])}*"
            if "series" in fields:
                where += f", {_escape(fields['series'])}"
            if "volume" in fields:
                where += f" {fields['volume']}"
        elif self.type == "book":
            where = _escape(fields["publisher"])
        else:
            where = _escape(fields.get("howpublished", ""))
        if "pages" in fields:
            where += f", {fields['pages']}"
        return f"{where}." if where else ""

    def _identifiers(self) -> list[str]:
        fields = self.fields
        links = []
        if "doi" in fields:
            links.append(f"[doi:{fields['doi']}](https://doi.org/{fields['doi']})")
        if "eprint" in fields:
            number = fields["eprint"]
            links.append(f"[arXiv:{number}](https://arxiv.org/abs/{number})")
        if "url" in fields:
            links.append(f"<{fields['url']}>")
        return [link + "." for link in links]


@dataclass(frozen=True)
class Bibliography:
    """Every entry of a bibliography file, by key, and the short label of each."""

    path: Path
    entries: dict[str, Entry]

    def label(self, key: str) -> str:
        """The short citation of ``key``: ``Balle·Wang 2018``, in English ``Balle and Wang
        2018`` (``2012a``/``2012b`` when two
        entries would read alike, in the order of their titles)."""
        entry = self.entries[key]
        alike = sorted(
            (other.fields["title"], other.key)
            for other in self.entries.values()
            if other.short_names() == entry.short_names() and other.year == entry.year
        )
        suffix = ""
        if len(alike) > 1:
            suffix = "abcdefghijklmnopqrstuvwxyz"[alike.index((entry.fields["title"], key))]
        return f"{entry.short_names()} {entry.year}{suffix}"

    def sorted_keys(self) -> list[str]:
        """Keys in the order of the references page: first author's family name, year, title."""
        return sorted(
            self.entries,
            key=lambda key: (
                [p.family.casefold() for p in self.entries[key].authors],
                self.entries[key].year,
                self.entries[key].fields["title"].casefold(),
            ),
        )


def read_bibliography(path: Path) -> Bibliography:
    """Read ``path``; a missing file is an empty bibliography."""
    if not path.is_file():
        return Bibliography(path, {})
    return parse_bibliography(path.read_text(encoding="utf-8"), path)


def parse_bibliography(text: str, path: Path) -> Bibliography:
    """Parse BibTeX ``text`` (the subset above); raise :class:`LessonError` at ``path:line``.

    >>> bib = parse_bibliography("@misc{a1, author={Ada Lovelace}, title={Notes}, year=1843}",
    ...                          Path("r.bib"))
    >>> bib.label("a1"), bib.entries["a1"].authors
    ('Lovelace 1843', (Person(family='Lovelace', given='Ada'),))
    """
    return Bibliography(path, _Parser(text, path).entries())


def _escape(text: str) -> str:
    """Plain text made safe for Markdown and HTML."""
    return re.sub(r"([\\`*_\[\]])", r"\\\1", html.escape(text, quote=False))


class _Parser:
    def __init__(self, text: str, path: Path) -> None:
        self.text = text
        self.path = path
        self.position = 0

    def line(self, position: int | None = None) -> int:
        return self.text.count("\n", 0, self.position if position is None else position) + 1

    def fail(self, message: str, position: int | None = None) -> LessonError:
        return LessonError(self.path, self.line(position), message)

    def entries(self) -> dict[str, Entry]:
        found: dict[str, Entry] = {}
        while True:
            at = self.text.find("@", self.position)
            if at < 0:
                return found
            line_start = self.text.rfind("\n", 0, at) + 1
            if self.text[line_start:at].lstrip().startswith("%"):  # a comment line
                self.position = at + 1
                continue
            match = _TYPE.match(self.text, at)
            if not match:
                raise self.fail("'@' must start an entry such as '@article{key,'", at)
            kind = match["type"].lower()
            self.position = match.end()
            if match["open"] != "{":
                raise self.fail("write entries with braces: '@type{key, ...}'", at)
            if kind == "comment":
                self.braced(at)
                continue
            if kind in ("string", "preamble"):
                raise self.fail(f"@{kind} is not supported: write each value in full", at)
            if kind not in REQUIRED:
                raise self.fail(
                    f"unknown entry type @{kind}; allowed: {', '.join(sorted(REQUIRED))}", at
                )
            entry = self.entry(kind, at)
            if entry.key in found:
                other = found[entry.key].line
                raise self.fail(f"key {entry.key!r} is already used on line {other}", at)
            found[entry.key] = entry

    def skip_space(self) -> None:
        while self.position < len(self.text) and self.text[self.position].isspace():
            self.position += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.position : self.position + 1]

    def entry(self, kind: str, start: int) -> Entry:
        self.skip_space()
        key_end = self.text.find(",", self.position)
        key = self.text[self.position : key_end if key_end >= 0 else None].strip()
        if key_end < 0 or not KEY.fullmatch(key):
            raise self.fail(
                f"entry key {key[:40]!r} must be lowercase letters, digits, '-' or '_', "
                "followed by ','",
                start,
            )
        self.position = key_end + 1
        raw: dict[str, tuple[str, int]] = {}
        while True:
            if self.peek() == "}":
                self.position += 1
                break
            if not self.peek():
                raise self.fail(f"entry {key!r} is never closed by '}}'", start)
            name_match = _FIELD_NAME.match(self.text, self.position)
            if not name_match:
                raise self.fail(f"expected a field name in entry {key!r}")
            name = name_match[0].lower()
            name_at = self.position
            self.position = name_match.end()
            if self.peek() != "=":
                raise self.fail(f"expected '=' after field {name!r}")
            self.position += 1
            value = self.value(name)
            if name in raw:
                raise self.fail(f"field {name!r} appears twice in entry {key!r}", name_at)
            raw[name] = (value, self.line(name_at))
            if self.peek() == "#":
                raise self.fail("'#' concatenation is not supported: write the value in full")
            if self.peek() == ",":
                self.position += 1
            elif not self.peek():
                raise self.fail(f"entry {key!r} is never closed by '}}'", start)
            elif self.peek() != "}":
                raise self.fail(f"expected ',' or '}}' after field {name!r}")
        return self._make_entry(kind, key, raw, start)

    def braced(self, start: int) -> str:
        """The text up to the brace that closes one already opened (braces kept inside)."""
        depth = 1
        begin = self.position
        while self.position < len(self.text):
            char = self.text[self.position]
            self.position += 1
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    return self.text[begin : self.position - 1]
        raise self.fail("this '{' is never closed", start)

    def value(self, name: str) -> str:
        start = self.position
        opening = self.peek()
        if opening == "{":
            self.position += 1
            return self.braced(self.position - 1)
        if opening == '"':
            self.position += 1
            depth = 0
            begin = self.position
            while self.position < len(self.text):
                char = self.text[self.position]
                self.position += 1
                depth += {"{": 1, "}": -1}.get(char, 0)
                if char == '"' and depth == 0:
                    return self.text[begin : self.position - 1]
            raise self.fail(f"the value of {name!r} is never closed by '\"'", start)
        digits = re.compile(r"\d+").match(self.text, self.position)
        if digits:
            self.position = digits.end()
            return digits[0]
        raise self.fail(f"the value of {name!r} must be in braces, in quotes or digits")

    def _make_entry(
        self, kind: str, key: str, raw: dict[str, tuple[str, int]], start: int
    ) -> Entry:
        for name, (value, line) in raw.items():
            if name not in REQUIRED[kind] and name not in OPTIONAL:
                allowed = ", ".join([*REQUIRED[kind], *sorted(OPTIONAL)])
                raise LessonError(
                    self.path, line, f"unknown field {name!r} in @{kind}; allowed: {allowed}"
                )
            if "\\" in value:
                raise LessonError(
                    self.path, line, f"field {name!r} has a TeX command: write Unicode text instead"
                )
        for name in REQUIRED[kind]:
            if name not in raw or not _clean(raw[name][0]):
                raise self.fail(f"@{kind} {key!r} needs the field {name!r}", start)
        fields = {name: _clean(value) for name, (value, _) in raw.items() if name != "author"}
        year_line = raw["year"][1]
        if not _YEAR.fullmatch(fields["year"]):
            raise LessonError(
                self.path, year_line, f"year must be four digits; got {fields['year']!r}"
            )
        if "doi" in fields and not _DOI.fullmatch(fields["doi"]):
            raise LessonError(
                self.path, raw["doi"][1], f"doi must read '10.NNNN/...'; got {fields['doi']!r}"
            )
        if "eprint" in fields and not _ARXIV.fullmatch(fields["eprint"]):
            raise LessonError(
                self.path,
                raw["eprint"][1],
                f"eprint must be an arXiv number such as 1805.06530; got {fields['eprint']!r}",
            )
        authors = tuple(_person(name) for name in _split_names(raw["author"][0]) if _clean(name))
        return Entry(key, kind, authors, fields, self.line(start))


def _clean(value: str) -> str:
    text = re.sub(r"[ \t\r\n]+", " ", value.replace("{", "").replace("}", "")).strip()
    return text.replace("~", "\u00a0").replace("--", "–")


def _split_names(value: str) -> list[str]:
    """Split an author list at ``and`` outside braces."""
    names, depth, begin = [], 0, 0
    for match in re.finditer(r"[{}]|\sand\s", value):
        token = match[0]
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif depth == 0:
            names.append(value[begin : match.start()])
            begin = match.end()
    names.append(value[begin:])
    return names


def _person(name: str) -> Person:
    """``Family, Given`` or ``Given Family`` (a braced group is one word)."""
    if "," in name:
        family, given = name.split(",", 1)
        return Person(_clean(family), _clean(given))
    words = re.findall(r"\{[^{}]*\}|\S+", name)
    return Person(_clean(words[-1]), _clean(" ".join(words[:-1])))
