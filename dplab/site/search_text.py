"""What the site search indexes: the page as a reader reads it, formulas included.

Material's search plugin indexes the text of a page's HTML.  A formula rendered by KaTeX
is there twice, and neither copy reads as text: the MathML copy carries the TeX source
(``\\varepsilon``), the HTML copy is a layout of boxes whose text runs fractions and
scripts together (``\\frac{1}{2b}`` reads ``2b1``).  :func:`search_view` gives the search
plugin a copy of the page in which every formula is replaced by :func:`readable_tex`, a
one-line reading of its TeX in Unicode (``1/(2b)``, ``e^ε``, ``δ(ε) ≤ α``), so that a reader
who types ε, δ or Δ finds the formula and the result shows it legibly.  The page the
reader gets is not changed (``dplab.site.mkdocs_hooks`` swaps the copy in for indexing
only).

The reading covers the TeX the lessons use (Greek letters, relations, operator names,
fractions, roots, scripts, ``\\text``, ``aligned`` and ``cases``); any other command is
read as its name, and the result never holds a backslash or a dollar sign.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from collections.abc import Mapping, Sequence

from dplab.views import current_language, label
from dplab.views._particles import NOUN_ENDING_TAILS, NOUN_ENDINGS

__all__ = ["course_terms", "readable_tex", "search_view", "with_course_terms"]

_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "θ", "iota": "ι", "kappa": "κ",
    "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ", "varrho": "ρ",
    "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ",
    "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ",
    "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
}  # fmt: skip
_SYMBOLS = {
    **_GREEK,
    "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "approx": "≈",
    "sim": "∼", "equiv": "≡", "propto": "∝", "in": "∈", "notin": "∉", "subseteq": "⊆",
    "subset": "⊂", "cup": "∪", "cap": "∩", "setminus": "∖", "emptyset": "∅",
    "to": "→", "rightarrow": "→", "leftarrow": "←", "mapsto": "↦", "implies": "⇒",
    "Rightarrow": "⇒", "iff": "⇔", "Leftrightarrow": "⇔", "forall": "∀", "exists": "∃",
    "neg": "¬", "land": "∧", "lor": "∨", "infty": "∞", "pm": "±", "mp": "∓", "cdot": "·",
    "times": "×", "div": "÷", "ast": "∗", "star": "⋆", "circ": "∘", "bullet": "•",
    "partial": "∂", "nabla": "∇", "sum": "∑", "prod": "∏", "int": "∫", "square": "□",
    "ell": "ℓ", "prime": "′", "dots": "…", "ldots": "…", "cdots": "⋯", "mid": "|",
    "vert": "|", "lvert": "|", "rvert": "|", "Vert": "‖", "lVert": "‖", "rVert": "‖",
    "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉",
    "quad": " ", "qquad": " ", "enspace": " ", "thinspace": " ", "lbrace": "{", "rbrace": "}",
}  # fmt: skip
_OPERATORS = frozenset({
    "ln", "log", "exp", "max", "min", "sup", "inf", "lim", "det", "arg", "sin", "cos", "tan",
    "sinh", "cosh", "tanh", "Pr", "gcd",
})  # fmt: skip
_IGNORED = frozenset({
    "left", "right", "middle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
    "biggl", "biggr", "Biggl", "Biggr", "displaystyle", "textstyle", "scriptstyle", "limits",
    "nolimits",
})  # fmt: skip
_STYLES = frozenset({
    "mathrm", "mathit", "mathbf", "mathsf", "mathtt", "mathcal", "mathscr", "mathfrak",
    "boldsymbol", "bm", "text", "textrm", "textit", "textbf", "textsf", "texttt", "mbox",
    "operatorname",
})  # fmt: skip
_DOUBLE_STRUCK = {"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "E": "𝔼", "P": "ℙ"}
_ACCENTS = {"hat": "\u0302", "widehat": "\u0302", "bar": "\u0304", "overline": "\u0305",
            "tilde": "\u0303", "widetilde": "\u0303", "vec": "\u20d7", "dot": "\u0307"}  # fmt: skip
_FRACTIONS = frozenset({"frac", "tfrac", "dfrac", "cfrac"})
_CONTROL_SYMBOLS = {
    ",": " ",
    ";": " ",
    ":": " ",
    " ": " ",
    "!": "",
    "\\": "; ",
    "|": "‖",
    "$": "＄",
}
_ATOM = re.compile(
    r"\d+(?:\.\d+)?|[A-Za-z]+|[^\W\d_][\u0300-\u036f\u20d7]*[′⁰¹²³⁴⁵⁶⁷⁸⁹ⁿⁱ₀-₉ᵢⱼₖₙ]*|\W"
)
_COMMAND_NAME = re.compile(r"[A-Za-z]+|.", re.S)  # a control word or a control symbol
_PAIRS = {"(": ")", "[": "]", "{": "}", "⟨": "⟩", "|": "|"}
_SUPERSCRIPTS = str.maketrans(
    "0123456789+-−=()abcdefghijklmnoprstuvwxyz", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ"
)
_SUBSCRIPTS = str.maketrans(
    "0123456789+-−=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"
)
_SMALL_SCRIPT = re.compile(r"[-+−]?\d+|[A-Za-z]")
# Spaces that stay only between letters or digits: "2 ln 3", "e^ε φ", but "ln(x)", "max_S".
_SOFT_SPACE, _SOFT_SPACE_BEFORE = "\x00", "\x01"
_SMALL = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"
_RELATIONS = "=≤≥≠≈∼≡∝∈∉⊆⊂→←↦⇒⇔<>"


class _Reader:
    """A recursive reading of one formula's TeX, left to right."""

    def __init__(self, tex: str) -> None:
        self.tex = tex
        self.at = 0

    def read(self, until: str = "") -> str:
        """Read up to the closing ``until`` (``}`` or ``]``) or to the end."""
        out: list[str] = []
        while self.at < len(self.tex) and self.tex[self.at] != until:
            out.append(self._item(out))
        self.at += 1  # past the closing brace (or the end)
        return "".join(out)

    def argument(self) -> str:
        """One argument: a braced group, a command, or a single character."""
        while self.at < len(self.tex) and self.tex[self.at].isspace():
            self.at += 1
        if self.at >= len(self.tex):
            return ""
        if self.tex[self.at] == "{":
            self.at += 1
            return self.read("}")
        return self._item([])

    def _item(self, before: list[str]) -> str:
        char = self.tex[self.at]
        self.at += 1
        if char == "\\":
            return self._command()
        if char == "{":
            return self.read("}")
        if char == "}":
            return ""  # an unmatched closing brace (KaTeX accepted the formula): drop it
        if char in "^_":
            return _script(self.argument(), superscript=char == "^")
        if char.isspace():
            return " " if before and not before[-1].endswith(" ") else ""
        return {"'": "′", "-": "−", "~": " ", "&": " ", "$": "", "#": ""}.get(char, char)

    def _command(self) -> str:
        match = _COMMAND_NAME.match(self.tex, self.at)
        if match is None:
            return ""
        name = match.group()
        self.at = match.end()
        if not name.isalpha():
            return _CONTROL_SYMBOLS.get(name, name)
        if name in _SYMBOLS:
            return _SYMBOLS[name]
        if name in _OPERATORS:
            return _SOFT_SPACE_BEFORE + name + _SOFT_SPACE
        if name in _IGNORED:
            return ""
        if name in ("begin", "end"):
            self.argument()  # the environment's name
            return " "
        if name in _STYLES:
            return self.argument()
        if name == "mathbb":
            letter = self.argument()
            return _DOUBLE_STRUCK.get(letter, letter)
        if name in _ACCENTS:
            body = self.argument()
            return body + _ACCENTS[name] if len(body) == 1 else body
        if name in _FRACTIONS:
            numerator = self.argument()
            return f"{_grouped(numerator)}/{_grouped(self.argument())}"
        if name == "sqrt":
            if self.tex.startswith("[", self.at):
                self.at += 1
                self.read("]")
            return "√" + _grouped(self.argument())
        if name in ("overset", "underset", "stackrel"):
            over = self.argument()
            return self.argument() + _script(over, superscript=name != "underset")
        if name == "binom":
            top = self.argument()
            return f"C({top}, {self.argument()})"
        return name


def _is_atom(text: str) -> bool:
    """Whether ``text`` reads as one unit before ``/``, ``^`` or ``_`` (else it is bracketed)."""
    if _ATOM.fullmatch(text):
        return True
    close = _PAIRS.get(text[:1])
    if close is None or len(text) < 2 or text[-1] != close:
        return False
    if close == text[0]:
        return text.count(close) == 2
    depth = 0
    for char in text[:-1]:  # the opening bracket must close at the very end
        depth += (char == text[0]) - (char == close)
        if depth == 0:
            return False
    return True


def _grouped(text: str) -> str:
    text = text.strip()
    return text if _is_atom(text) else f"({text})"


def _script(text: str, *, superscript: bool) -> str:
    """A superscript or subscript: in Unicode's small digits (and one small letter) when
    they exist, otherwise after ``^`` or ``_``."""
    text = re.sub(f"[{_SOFT_SPACE}{_SOFT_SPACE_BEFORE}]", "", text).strip()
    converted = text.translate(_SUPERSCRIPTS if superscript else _SUBSCRIPTS)
    small = _SMALL_SCRIPT.fullmatch(text) and all(
        a != b for a, b in zip(text, converted, strict=True)
    )
    if small:
        return converted
    return ("^" if superscript else "_") + _grouped(text) + _SOFT_SPACE


def readable_tex(tex: str) -> str:
    """A one-line Unicode reading of the TeX formula ``tex``, for search.

    >>> readable_tex(r"\\varepsilon = \\Delta / b")
    'ε = Δ / b'
    >>> readable_tex(r"p_b(z) = \\frac{1}{2b}\\exp\\!\\left(-\\frac{|z|}{b}\\right)")
    'p_b(z) = 1/(2b) exp(−|z|/b)'
    >>> readable_tex(r"\\Pr[M(D) \\in S] \\le e^{\\varepsilon} \\Pr[M(D') \\in S] + \\delta")
    'Pr[M(D) ∈ S] ≤ e^ε Pr[M(D′) ∈ S] + δ'
    >>> readable_tex(r"\\sigma^2, \\; x_1, \\; \\mathbb{E}|Z| = \\sqrt{2/\\pi}\\,\\sigma")
    'σ², x₁, 𝔼|Z| = √(2/π) σ'
    """
    text = _Reader(tex).read()
    text = re.sub(f"{_SOFT_SPACE}(?=[^\\W_{_SMALL}])", " ", text).replace(_SOFT_SPACE, "")
    text = re.sub(f"(?:(?<=[^\\W_{_SMALL}])|(?<=[)\\]])){_SOFT_SPACE_BEFORE}", " ", text)
    text = text.replace(_SOFT_SPACE_BEFORE, "")
    text = re.sub(rf"\s*([{_RELATIONS}][{_SMALL}]*)\s*", r" \1 ", text)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\s+([,;.)\]])", r"\1", text)
    text = re.sub(r"([,;.])(?:\s*;)+", r"\1", text)  # a line break after punctuation
    text = re.sub(r"([(\[])\s+", r"\1", text)
    text = re.sub(r"(?<=[A-Za-z]) (?=[(\[])", "", text)  # ln (x) → ln(x)
    return unicodedata.normalize("NFC", text.replace("\\", "").strip())


# What comes before a page's title: the lesson's unit-and-time line, comments, blank space.
_BEFORE_TITLE = re.compile(r"\A(?:(?!<h1\b).)*(?=<h1\b)", re.S)
_KATEX_START = re.compile(r'<span class="katex(?:-display)?">')
_SPAN = re.compile(r"<span\b|</span>")
_TEX = re.compile(r'<annotation encoding="application/x-tex">(.*?)</annotation>', re.S)


def search_view(page_html: str) -> str:
    """``page_html`` as search should read it: from its title on, and with every KaTeX
    formula replaced by its :func:`readable_tex` text.

    Material's search makes whatever precedes a page's first heading (a lesson's line
    "단원 5 · 읽기 약 …", or only blank space) an entry of its own under the page's title,
    and that entry is the page's result whenever the title matches: its snippet would be
    that line, or nothing.  Starting the copy at the ``<h1>`` makes the title's section,
    with the lesson's summary, the page's entry.

    >>> search_view('<p class="meta">단원 1</p>\\n<h1 id="t">제목</h1><p>a '
    ...     '<span class="katex"><span class="katex-mathml"><math>'
    ...     '<annotation encoding="application/x-tex">x &lt; \\\\delta</annotation></math>'
    ...     '</span><span class="katex-html">x&lt;δ</span></span> b</p>')
    '<h1 id="t">제목</h1> <p>a x &lt; δ b</p>'
    """
    page_html = _NOT_INDEXED.sub("", page_html)
    page_html = _NUMBERED_LIST.sub(r"<ul\1</ul>", page_html)
    page_html = _BEFORE_TITLE.sub("", _separated(page_html), count=1)
    out: list[str] = []
    done = 0
    found = _KATEX_START.search(page_html)
    while found is not None:
        start = found.start()
        depth = 0
        for tag in _SPAN.finditer(page_html, start):
            depth += 1 if tag.group() == "<span" else -1
            if depth == 0:
                end = tag.end()
                break
        else:
            raise ValueError(f"a KaTeX formula at character {start} is never closed")
        formula = page_html[start:end]
        tex = _TEX.search(formula)
        if tex is None:
            raise ValueError(f"the KaTeX formula at character {start} carries no TeX annotation")
        reading = readable_tex(html.unescape(tex.group(1)))
        out += [page_html[done:start], html.escape(reading, quote=False)]
        done = end
        found = _KATEX_START.search(page_html, done)
    out.append(page_html[done:])
    return "".join(out)


# What a page shows that is no text of its own (the search copy leaves it out):
# * a lesson's notation panel, the same on every lesson (the course map lists the notation
#   once, and is its one place in the index);
# * the course map's "learned" marks: hidden until the reader's own progress shows them, they
#   are per-reader state, not the page's words.
_NOT_INDEXED = re.compile(
    r'<details class="dplab-notation"[^>]*>.*?</details>'
    r'|\s?<span class="dplab-map-check">[^<]*</span>',
    re.S,
)
# The course map's list: its rows carry their numbers in their text ("1. A tour…"); in a
# result an ordered list would number them again ("1. 1. A tour…").
_NUMBERED_LIST = re.compile(r'<ol(?=[^>]*\sclass="dplab-map-list")([^>]*>.*?)</ol>', re.S)
# Blocks whose tags search drops (it keeps p, li, ol, ul, pre, code, sub, sup): without a
# space between two of them, their words would run together ("정합니다.메커니즘 M입력 D를"
# from a <dt> and a <dd>), and neither a reader nor a query could tell them apart.
_BLOCK_START = re.compile(
    r"<(?:div|dl|dt|dd|table|thead|tbody|tr|td|th|caption|details|summary|section|figure"
    r"|figcaption|fieldset|legend|label|button|blockquote|nav|header|footer|article|aside"
    r"|h[1-6])\b[^>]*>|<br\b[^>]*>",
)
_BLOCK_END = re.compile(_BLOCK_START.pattern.replace("<(?:", "</(?:", 1))


def _separated(page_html: str) -> str:
    """``page_html`` with a space before and after each block search does not keep, and
    the term and description of a definition list joined by a dash.

    >>> _separated("<dl><dt>메커니즘 M</dt><dd>입력 D를</dd></dl><div>끝</div>")
    ' <dl> <dt>메커니즘 M</dt> — <dd>입력 D를</dd> </dl>  <div>끝</div> '
    """
    page_html = _BLOCK_START.sub(lambda tag: f" {tag.group()}", page_html)
    page_html = _BLOCK_END.sub(lambda tag: f"{tag.group()} ", page_html)
    return re.sub(r"(</dt>)\s*(<dd\b)", r"\1 — \2", page_html)


_HANGUL = "\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f"
_TAG = re.compile(r"<[^>]*>")


@functools.cache
def _term_patterns(language: str) -> dict[str, re.Pattern[str]]:
    # The course's terms a reader searches for, as whole words (a phrase is its words),
    # each alone or followed by a particle (dplab.views.NOUN_ENDINGS).
    terms = label("search.course_terms", language).split(" · ")
    return {
        term: re.compile(
            rf"(?<![{_HANGUL}])"
            + r"\s+".join(map(re.escape, term.split()))
            + rf"(?:(?:{NOUN_ENDINGS})(?:{NOUN_ENDING_TAILS})?)?(?![{_HANGUL}])"
        )
        for term in terms
    }


def course_terms(text: str) -> list[str]:
    """The course terms (``search.course_terms``, in the language in force) that ``text``
    (HTML) uses as whole words, once per use: the term alone or followed by a particle, not
    as the start of a longer word.

    >>> course_terms("<p>고급 합성은 합성곱과 다릅니다. 합성의 순서</p>")
    ['합성', '합성', '고급 합성']
    >>> course_terms("합성곱, 가우스분포")
    []
    """
    plain = html.unescape(_TAG.sub(" ", text))
    patterns = _term_patterns(current_language())
    return [term for term, pattern in patterns.items() for _ in pattern.finditer(plain)]


def with_course_terms(index: dict, home: Mapping[str, Sequence[str]] | None = None) -> dict:
    """Material's search ``index`` with two fields in each entry: ``terms``, the words of
    the course terms its title and text use as whole words (:func:`course_terms`); and
    ``home``, for every entry of a page that ``home`` maps to terms (a lesson → the glossary
    terms it introduces, :mod:`dplab.site.glossary`), those terms.

    Material matches every query word as a prefix ("합성" finds "합성곱"), and Korean
    particles make a term's exact token rare ("합성은", "합성을").  The fields, boosted in
    the plugin's ``fields`` (``mkdocs.yml``), rank the passages that use the term itself
    first, and above them the lesson that teaches it (later lessons use "differential
    privacy" more often than the one that defines it).  They are not shown in results.

    >>> entry = {"location": "a.html#s", "title": "합성", "text": "<p>합성곱</p>"}
    >>> indexed = with_course_terms({"config": {}, "docs": [entry]}, {"a.html": ["민감도"]})
    >>> indexed["docs"][0]["terms"], indexed["docs"][0]["home"]
    ('합성', '민감도')
    """
    home = home or {}
    docs = [
        {
            **doc,
            "terms": " ".join(course_terms(f"{doc['title']} {doc['text']}")),
            "home": " ".join(home.get(doc["location"].split("#")[0], ())),
        }
        for doc in index["docs"]
    ]
    return {**index, "docs": docs}
