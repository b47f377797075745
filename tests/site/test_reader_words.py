"""The reader meets only the course's words (issue 21, §6).

Every built page except the contributing guide is scanned: the visible text (outside code blocks
and KaTeX; printed outputs of lesson blocks count as visible), the ``title``, ``aria-label``,
``alt``, ``placeholder`` and ``data-label`` attributes, the string values of the data the labs and
graders show, and the Vega-Lite specs embedded in the pages (their titles and descriptions, and
every tooltip field's title: without one, Vega-Lite shows the raw field name, such as "what").

What must not appear: build and test words (``make bench``, pytest, CI, "검사가 … 대조합니다"),
Python identifiers in prose (snake_case names outside code; in quizzes and labs not even inside
code), English error messages and the name of the course's working notes ("디지스트").  Tests and
benchmarks are described in the contributing guide, ``docs/contributing.md``.

Nor, in what the reader reads outside code blocks, their printed output and the folded
"How this is computed" boxes (``::: implementation``, shown as a ``<details>`` of class
``dplab-implementation``): the site's build ("When this page was built, the build
computed…", "빌드할 때"), the name of the ball-arithmetic library ("Arb"), exception names
(``DeltaUnderflowError``, ``ValueError``, even as inline code) and dotted names of ``dplab``
(``gaussian.certify``, ``dplab.accounting.inference.most_powerful_test``).  The reader is told
what was computed and what it means; how it was computed goes into the folded box.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dplab.site.page_data import page_payloads
from dplab.views._labels import label
from tests.helpers import spec_nodes

pytestmark = pytest.mark.build

ROOT = Path(__file__).resolve().parents[2]

# The contributing guide and its reference speak to contributors about make, pytest and
# benchmarks (in each edition: the English ones are under en/).
CONTRIBUTORS_ONLY = {
    "contributing.html",
    "en/contributing.html",
    "contributing-reference.html",
    "en/contributing-reference.html",
}

ATTRIBUTES = ("title", "aria-label", "alt", "placeholder", "data-label")
VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}  # fmt: skip

# ASCII word boundaries: a Korean particle follows a word directly ("bench가"), and Python's \b
# counts Hangul as a word character.
_A, _Z = r"(?<![A-Za-z0-9_])", r"(?![A-Za-z0-9_])"

# Words of the course's build, tests and benchmarks.  "검사" alone is course text (사건 검사,
# 주장 검사); at the start of a clause ("검사가 …", "검사는 …") it names the test suite.
# The Makefile's targets: "make test" is a build word, "make a mechanism" is English.
MAKE_TARGETS = re.search(r"^\.PHONY:(.*)$", (ROOT / "Makefile").read_text("utf-8"), re.M)[1].split()
BUILD_WORDS = re.compile(
    rf"{_A}make\s+(?:{'|'.join(map(re.escape, MAKE_TARGETS))}){_Z}"
    rf"|{_A}(?:pytest|bench(?:mark)?s?|CI){_Z}|벤치마크"
    r"|(?:^\s*|(?<=[.,:;!?)]\s))(?:검사|테스트)(?:가|는)\s|검사가\s*맡"
    r"|dplab[\w.]*(?:의\s*계산|으?로\s*계산한\s*\S+)?[과와]\s*(?:다시\s*)?대조"
)
# A Python identifier: an ASCII word with an underscore inside (rr_delta_upper_bound, e3_pair).
# One letter with one subscript (d_EM, F_K, x_i) is the ASCII spelling of a symbol, not a name.
IDENTIFIER = re.compile(
    rf"{_A}(?:[A-Za-z][A-Za-z0-9]+(?:_[A-Za-z0-9]+)+|[A-Za-z](?:_[A-Za-z0-9]+){{2,}}){_Z}"
)
# An English error message (the name of an exception alone, in code or in what a block prints,
# is the name the reader's own code meets: lesson 4 catches DeltaUnderflowError on purpose).
ENGLISH_MESSAGE = re.compile(
    rf"{_A}[A-Z][A-Za-z]*Error:|{_A}(?:Traceback|is beyond|exact limit|must be){_Z}"
)
# On an English page "must be" and "is beyond" are the course's English: only the marks of
# a printed error are.
ENGLISH_PAGE_MESSAGE = re.compile(rf"{_A}[A-Z][A-Za-z]*Error:|{_A}(?:Traceback|exact limit){_Z}")
ERROR_NAME = re.compile(rf"{_A}[A-Z][A-Za-z]*Error{_Z}")
# The working notes the course was written from are not the reader's material.
NOTES = re.compile(rf"디지스트|{_A}digest{_Z}", re.I)

# The site's build, in the reader's text: "빌드" (Korean has no other use for it), and in
# English the build as a thing ("the build computed", "at build time") or a page or site
# being built.  "build" in its ordinary senses is the course's English ("the cost that builds
# up", "building the whole channel from 16 bit vectors", "Build intermediate datasets").
SITE_BUILD = re.compile(
    rf"빌드|{_A}(?:(?:the|a|each|every|this|our)\s+build|build[- ]time|at\s+build)(?![a-z]|-up)"
    rf"|{_A}(?:site|page|pages|course|lesson)\s+(?:is|are|was|were|gets|got|has\s+been)\s+"
    rf"(?:re)?built{_Z}",
    re.I,
)
# The ball-arithmetic library (python-flint's Arb), a name of the implementation.
LIBRARY = re.compile(rf"{_A}Arb{_Z}")
# A dotted name of dplab: the package or one of its modules, then an attribute
# (gaussian.certify, dplab.accounting.inference.most_powerful_test); not a file name
# (laplace.ipynb).
MODULES = sorted(
    {p.stem if p.stem != "__init__" else p.parent.name for p in (ROOT / "dplab").rglob("*.py")}
    - {"__main__"},
    key=len,
    reverse=True,
)
# The one exception: a notebook's setup note names the call its first code cell makes
# (``notebook.install`` in the catalogs), which the reader of a notebook runs.
DOTTED_NAME = re.compile(
    rf"(?<![A-Za-z0-9_.])(?!dplab\.views\.enable\(\))(?:{'|'.join(map(re.escape, MODULES))})"
    rf"(?:\.[A-Za-z_][A-Za-z0-9_]*)+(?<!\.ipynb)(?<!\.html)(?<!\.md)(?<!\.py)(?<!\.whl){_Z}"
)
# What the reader reads must not hold these, outside code blocks, printed output and the
# folded "How this is computed" boxes (where the implementation is the subject).
IMPLEMENTATION_WORDS = {"site build": SITE_BUILD, "library": LIBRARY, "dplab name": DOTTED_NAME}

EVERYWHERE = {"working notes": NOTES}
MESSAGES = EVERYWHERE | {"English error": ENGLISH_MESSAGE}
ALL = MESSAGES | {"build word": BUILD_WORDS, "identifier": IDENTIFIER, "exception": ERROR_NAME}
ALL |= IMPLEMENTATION_WORDS
# What each kind of text is scanned for.  Build words are sentences: they are looked for in a
# whole paragraph (prose and inline code joined), since "`dplab`의 계산과 대조" spans a <code>.
# A paragraph is read whole (prose and inline code): an exception's name counts even as
# inline code.  Inside a folded "How this is computed" box ("implementation …"), the
# implementation's words (the build, Arb, exception and dplab names) are the subject.
CHECKS = {
    "code block": EVERYWHERE | {"build word": BUILD_WORDS},
    "code": MESSAGES,
    "strict code": MESSAGES | {"identifier": IDENTIFIER},
    "prose": MESSAGES | {"identifier": IDENTIFIER},
    "paragraph": {"build word": BUILD_WORDS, "exception": ERROR_NAME} | IMPLEMENTATION_WORDS,
    "output": MESSAGES | {"build word": BUILD_WORDS, "identifier": IDENTIFIER},
    "implementation code": MESSAGES,
    "implementation strict code": MESSAGES | {"identifier": IDENTIFIER},
    "implementation prose": MESSAGES | {"identifier": IDENTIFIER},
    "implementation paragraph": {"build word": BUILD_WORDS},
}  # anything else (attributes, charts, lab data): ALL
# Tags that end a paragraph of running text.
BLOCKS = {
    "p", "li", "div", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "legend", "label",
    "section", "fieldset", "pre", "br", "blockquote", "dd", "dt", "figcaption", "caption",
    "summary", "option", "button", "nav", "header", "footer", "article", "table", "ul", "ol",
    "details",
}  # fmt: skip
IMPLEMENTATION = "dplab-implementation"  # the folded box of an ``::: implementation``


def pages(site: Path) -> list[Path]:
    return sorted(
        p
        for p in site.rglob("*.html")
        if not {"assets", "search"} & set(p.relative_to(site).parts[:2])
        and p.relative_to(site).as_posix() not in CONTRIBUTORS_ONLY
    )


class _Text(HTMLParser):
    """Collects ``(where, text)`` pieces of a page: prose, code, attributes and JSON data."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, frozenset[str]]] = []
        self.pieces: list[tuple[str, str]] = []
        self.paragraph: list[str] = []

    def _flush(self) -> None:
        text = "".join(self.paragraph)
        if text.strip():
            self.pieces.append((self._within("paragraph"), text))
        self.paragraph = []

    def _within(self, kind: str) -> str:
        """``kind``, marked as inside a folded implementation box if it is.

        A notebook page shows a lesson's callouts, its implementation boxes among them, as
        block quotes with no mark of their kind: there every block quote counts as one.  Each
        is also read on its lesson's page, where only implementation boxes are let pass.
        """
        callout = self._tag_inside("blockquote") and self._inside("jp-MarkdownCell")
        return f"implementation {kind}" if callout or self._inside(IMPLEMENTATION) else kind

    def _inside(self, *classes: str) -> bool:
        return any(c in cls for _, cls in self.stack for c in classes)

    def _tag_inside(self, *tags: str) -> bool:
        return any(tag in tags for tag, _ in self.stack)

    def kind(self) -> str:
        """What the current text is: script, katex, output, code block, (strict) code or prose
        (marked "implementation …" inside a folded implementation box).

        Code inside a lab or a quiz is "strict": a question or a control speaks of what the
        computation does, not of the name of a function.
        """
        if self._tag_inside("script", "style"):
            return "script"
        if self._inside("katex"):
            return "katex"
        if self._inside("dplab-output", "jp-OutputArea") and not self._inside("dplab-lab"):
            return "output"  # what a block prints; a lab it shows is the reader's text
        if self._tag_inside("pre") or self._inside("clipboard-copy-txt"):
            return "code block"
        if self._tag_inside("code"):
            strict = self._inside("dplab-lab", "dplab-quiz")
            return self._within("strict code" if strict else "code")
        return self._within("prose")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in BLOCKS:
            self._flush()
        values = dict(attrs)
        for name in ATTRIBUTES:
            if values.get(name):
                self.pieces.append((f"@{name}", values[name] or ""))
        if tag in VOID:
            return
        classes = frozenset((values.get("class") or "").split())
        self.stack.append((tag, classes))

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS:
            self._flush()
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        kind = self.kind()
        if kind.removeprefix("implementation ") in ("prose", "code", "strict code"):
            self.paragraph.append(data)
        if data.strip():
            self.pieces.append((kind, data))

    def close(self) -> None:
        super().close()
        self._flush()


def _strings(value: object) -> Iterator[str]:
    """Every string value (not key) of a JSON document."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _vega_specs(value: object) -> Iterator[dict]:
    return (node for node in spec_nodes(value) if "encoding" in node or "mark" in node)


def tooltip_problems(document: object) -> list[str]:
    """Tooltip fields a reader would see under their raw field names."""
    problems = []
    for spec in _vega_specs(document):
        mark = spec.get("mark")
        shown = mark.get("tooltip") if isinstance(mark, dict) else None
        if shown is True or (isinstance(shown, dict) and shown.get("content") == "data"):
            problems.append(f"the mark's tooltip {shown!r} lists every field by its raw name")
        tooltip = (spec.get("encoding") or {}).get("tooltip")
        for entry in tooltip if isinstance(tooltip, list) else [tooltip] if tooltip else []:
            title = entry.get("title")
            if "field" in entry and not (isinstance(title, str) and title.strip()):
                problems.append(f"tooltip field {entry['field']!r} has no title")
    return problems


def _spec_texts(document: object) -> Iterator[str]:
    """Titles and descriptions of the charts (axes, legends, the chart's ARIA description)."""
    if isinstance(document, dict):
        for key, item in document.items():
            if key in ("title", "description") and isinstance(item, str):
                yield item
            else:
                yield from _spec_texts(item)
    elif isinstance(document, list):
        for item in document:
            yield from _spec_texts(item)


def findings(page: Path) -> list[str]:
    """Every piece of developer text a reader would meet on ``page``."""
    text = page.read_text("utf-8")
    parser = _Text()
    parser.feed(text)
    parser.close()
    pieces = list(parser.pieces)
    found = []
    for blob in page_payloads(text, page):  # the charts', labs' and graders' JSON
        document = json.loads(blob)
        # a lab's data may carry the specs of the charts it redraws
        found += [f"chart: {problem}" for problem in tooltip_problems(document)]
        if isinstance(document, dict) and "$schema" in document:
            pieces += [("chart", text) for text in _spec_texts(document)]
        else:
            # a string without a space is a name (a dataset, a field, a key), not text shown
            pieces += [("lab data", text) for text in _strings(document) if " " in text.strip()]
    english = '<html lang="en"' in text
    for where, text in pieces:
        if where in ("script", "katex"):
            continue
        for name, pattern in CHECKS.get(where, ALL).items():
            if english and name == "English error":
                pattern = ENGLISH_PAGE_MESSAGE
            for match in pattern.finditer(text):
                context = sentence(text, match.start(), match.end())
                found.append(f"{where}: {name} {match.group(0)!r} in “{context}”")
    return found


# Where a sentence ends: its full stop (or ! ?) and the space after it, or a line break.
_SENTENCE_END = re.compile(r"(?<=[.!?。])\s+|\n\s*\n")


def sentence(text: str, start: int, end: int, most: int = 240) -> str:
    """The sentence of ``text`` that holds ``text[start:end]``, on one line (at most ``most``
    characters, cut around the match).

    >>> sentence("First one. When this page was built, it ran. Last.", 20, 25)
    'When this page was built, it ran.'
    """
    begin = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    after = _SENTENCE_END.search(text, end)
    stop = after.start() if after else len(text)
    if stop - begin > most:
        begin, stop = max(begin, start - most // 2), min(stop, end + most // 2)
    return " ".join(text[begin:stop].split())


def test_the_scan_covers_the_readers_pages(built_site):
    names = {p.relative_to(built_site).as_posix() for p in pages(built_site)}
    assert {"index.html", "course-map.html", "references.html"} <= names
    assert len([n for n in names if n.startswith("lessons/")]) >= 9
    assert len([n for n in names if n.startswith("notebooks/")]) >= 9
    assert not CONTRIBUTORS_ONLY & names  # the guide and its reference speak to authors
    assert {"en/index.html", "en/lessons/gaussian.html"} <= names


# Sentences the course's pages said before issue 21 (lab intros, an implementation note, a quiz
# question, a code comment, printed errors).
DEVELOPER_TEXT = [
    "닿는 모든 상태에서 브라우저의 글을 dplab의 계산과 대조합니다.",
    "검사가 실험실의 모든 상태에서 그 값을 dplab과 다시 대조합니다.",
    "모든 상태에서 그 글을 dplab.emd_linear로 계산한 글과 대조합니다.",
    "결과는 정확한 분수입니다. 검사는 작은 n과 k에서 이 값을 비교합니다.",
    "정밀도의 mpmath로 만든 기준값과 비교하는 검사가 맡고",
    "실제 걸리는 시간은 make bench가 n마다 보고합니다.",
    "벤치마크가 우리의 정확한 값을 기준으로 비교합니다.",
    "손실 격자로 구한 rr_delta_upper_bound의 값은?",
    "k = 40 with 21 outputs and 20 pairs is beyond the exact limit: …",
    "거절: data[1] must be a number in [0, 1]; got 1.2",
    "ValueError를 냅니다.",
    "# 디지스트의 예 E3",
    # before the reviews of December 2026 (the site's build, Arb, dotted dplab names)
    "When this page was built, the build computed both fractions in all 40 cases.",
    "The build puts the channel's probabilities into the page as integer numerators.",
    "Every value was computed by dplab at build time.",
    "Every value was computed as an exact fraction when the site was built.",
    "이 페이지를 만들 때 빌드가 두 분수를 계산했습니다.",
    "실험실의 값은 빌드할 때 미리 계산한 값입니다.",
    "gaussian.certify uses ball arithmetic (Arb) at 64 bits of precision.",
    "Arb의 수는 지수 범위가 배정밀도보다 훨씬 넓습니다.",
    "dplab.accounting.inference.most_powerful_test가 이 검정을 구합니다.",
]


@pytest.mark.parametrize("text", DEVELOPER_TEXT)
def test_the_patterns_catch_developer_text(text):
    assert any(pattern.search(text) for pattern in ALL.values())


@pytest.mark.parametrize(
    "text",
    [
        "사건 하나의 검사는 질의입니다.",
        "주장 검사는 쪽 안에서 정확히 채점됩니다.",
        "이 사건 검사를 아래 실험실에서 엽니다.",
        "조절기가 닿는 모든 상태에서 실험실의 값은 dplab이 계산한 값과 같습니다.",
        "데이터셋 사이의 거리 d_EM, 누적분포함수의 차이 ∫ |F_K − F_K′| dt",
        # "build" in its ordinary senses, and dotted words that are no dplab names
        "Composition — the privacy cost that builds up over many releases",
        "Build intermediate datasets that change the differing items one at a time.",
        "building the whole channel from 16 bit vectors gives the required δ",
        "a build-up of privacy loss over the releases",
        "Download laplace.ipynb, e.g. from the lesson, and open it.",
        "The first code cell (dplab.views.enable()) sets Altair to show charts.",
        "An arbitrary pair; the harbour",
    ],
)
def test_the_patterns_let_course_text_pass(text):
    assert not any(pattern.search(text) for pattern in ALL.values())


def test_the_notebooks_install_note_is_course_text():
    # The note names the wheel file, pip install and PyPI: a reader needs them to run a
    # notebook, so they are the course's words, not developer text.
    note = label(
        "notebook.install",
        wheel="dplab-0.1.0-py3-none-any.whl",
        python="3.11",
        dependencies="numpy, scipy, mpmath, python-flint, pandas, altair",
    )
    assert "pip install dplab-0.1.0-py3-none-any.whl" in note
    assert not any(pattern.search(note) for pattern in ALL.values())


def test_a_sentence_is_read_across_its_inline_code(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(
        "<p>브라우저의 글을 <code>dplab</code>의 계산과 대조합니다.</p>"
        "<pre><code>x = 1  # make bench</code></pre>"
        '<section class="dplab-quiz"><legend><code>rr_delta_upper_bound</code>의 값은?</legend>'
        '</section><pre class="dplab-output"><code>ValueError: p is beyond 1</code></pre>',
        "utf-8",
    )
    assert [f.split(" in ")[0] for f in findings(page)] == [
        "paragraph: build word 'dplab의 계산과 대조'",
        "code block: build word 'make bench'",
        "strict code: identifier 'rr_delta_upper_bound'",
        "output: English error 'ValueError:'",
        "output: English error 'is beyond'",
    ]


def test_implementation_words_are_found_in_prose_but_not_in_code_output_or_the_folded_box(
    tmp_path,
):
    page = tmp_path / "page.html"
    page.write_text(
        "<p>When this page was built, the build computed both fractions.</p>"
        "<p><code>gaussian.delta</code>는 <code>DeltaUnderflowError</code>로 알립니다.</p>"
        "<p>공 산술(Arb)로 가둡니다.</p>"
        "<pre><code>except DeltaUnderflowError:  # gaussian.certify, Arb</code></pre>"
        '<pre class="dplab-output"><code>ValueError raised by the build</code></pre>'
        '<details class="note dplab-callout dplab-implementation"><summary>How this is '
        "computed</summary><p>The build calls <code>gaussian.certify</code>, which uses Arb "
        "and raises <code>ValueError</code>.</p></details>"
        "<p>After the box, 빌드할 때.</p>",
        "utf-8",
    )
    assert findings(page) == [
        "paragraph: site build 'page was built' in “When this page was built, the build "
        "computed both fractions.”",
        "paragraph: site build 'the build' in “When this page was built, the build computed "
        "both fractions.”",
        "paragraph: exception 'DeltaUnderflowError' in “gaussian.delta는 DeltaUnderflowError로 "
        "알립니다.”",
        "paragraph: dplab name 'gaussian.delta' in “gaussian.delta는 DeltaUnderflowError로 "
        "알립니다.”",
        "paragraph: library 'Arb' in “공 산술(Arb)로 가둡니다.”",
        "paragraph: site build '빌드' in “After the box, 빌드할 때.”",
    ]


def test_a_notebook_pages_callouts_count_as_implementation_boxes(tmp_path):
    # A notebook shows a lesson's callouts as block quotes (dplab.site.notebook); each is read
    # on the lesson's page too, where only an implementation box lets these words pass.
    page = tmp_path / "page.html"
    page.write_text(
        '<div class="jp-Cell jp-MarkdownCell"><blockquote><p><strong>계산하는 법</strong></p>'
        "<p><code>gaussian.certify</code>는 공 산술(Arb)로 가둡니다.</p></blockquote>"
        "<p><code>gaussian.certify</code>는 빌드 때 계산합니다.</p></div>",
        "utf-8",
    )
    assert [f.split(" in ")[0] for f in findings(page)] == [
        "paragraph: site build '빌드'",
        "paragraph: dplab name 'gaussian.certify'",
    ]


def test_a_tooltip_that_would_show_a_field_name_is_found():
    spec = {
        "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
        "layer": [
            {"mark": {"type": "rect", "tooltip": True}},
            {
                "mark": "line",
                "encoding": {
                    "tooltip": [
                        {"field": "what", "title": None},
                        {"field": "who", "title": " "},
                        {"field": "k", "title": "k"},
                    ]
                },
            },
        ],
    }
    assert tooltip_problems(spec) == [
        "the mark's tooltip True lists every field by its raw name",
        "tooltip field 'what' has no title",
        "tooltip field 'who' has no title",
    ]


def test_no_readers_page_shows_developer_text(built_site):
    found = [
        f"{page.relative_to(built_site).as_posix()}: {finding}"
        for page in pages(built_site)
        for finding in findings(page)
    ]
    assert not found, "\n".join(found)
