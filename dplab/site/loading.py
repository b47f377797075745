"""How a page loads: every script with a ``src`` deferred, the first screen's math fonts
preloaded.

Material writes its bundle, the polyfills and every script of ``extra_javascript`` as
parser-blocking ``<script src>`` tags (the polyfills in ``<head>``, the rest at the end of
``<body>``); the build adds each lab's scripts and the page's data script among them
(:mod:`dplab.site.lab_scripts`, :mod:`dplab.site.page_data`).  :func:`defer_scripts` marks
every one of them ``defer``, as the last step of the build of a page.  The scripts still
run in the order of the page, after the parser has read the whole document and before
``DOMContentLoaded``, as they did at the end of ``<body>``; inline scripts (Material's
palette and storage helpers) are left as they are and use none of them.

Why: the browser gives a parser-blocking script "High" priority and a deferred one "Low",
and Lighthouse's simulated first contentful paint counts every High request that ended,
and the running of every such script, before the paint it observed.  When headless
Chromium withholds a page's first frame (issue 20 §6; ``bench/pages.py``), the observed
paint comes after every script had loaded and run: the Korean Gaussian lesson's simulated
FCP went from 1.96 s to 2.87 s.  Deferred, the scripts are outside that count, and the FCP
of such a run is the FCP of a clean one (1.975 s in both, the same trace re-simulated with
its paint moved one second later).

A deferred script runs while ``document.readyState`` is already ``"interactive"``, so a
script that starts its work on ``DOMContentLoaded`` must not take that state to mean the
event has passed: ``DPLAB_READY.whenParsed`` (``ready.js``) waits for the event itself.

The same count takes in every "VeryHigh" request that ended before that paint: the
KaTeX fonts too, which the browser asks for only once it has laid out a formula, a
round trip after the style sheets.  :func:`preload_math_fonts` preloads the two fonts of
nearly every formula (``KaTeX_Main``, upright, the font of ``.katex`` itself;
``KaTeX_Math``, italic, of ``.mathnormal`` variables) on every page whose first screen
holds math: what comes before its first ``<h2>``, never in a section that skips its
rendering (:mod:`dplab.site.sections`).  They are then asked for beside the style sheets
and cost a withheld run little more than a clean one: the Korean Gaussian lesson's
simulated FCP, 1.42 s clean and 2.06 s withheld with its scripts deferred, was 1.39 s and
1.56 s with the preload.  Over HTTP, ``tests/browser/test_hosting.py`` checks that each
preloaded font is the one the page uses, downloaded once.

>>> defer_scripts('<script src="a.js"></script><script>x()</script>')
'<script src="a.js" defer></script><script>x()</script>'
>>> defer_scripts('<script type="module" src="m.js"></script><script async src="b.js"></script>')
'<script type="module" src="m.js"></script><script async src="b.js"></script>'
"""

from __future__ import annotations

import json
import re

__all__ = ["FIRST_SCREEN_FONTS", "defer_scripts", "preload_math_fonts"]

# The KaTeX fonts of nearly every formula: the upright roman of .katex, the italic of
# .mathnormal (katex.min.css).
FIRST_SCREEN_FONTS = ("KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2")
_KATEX_SHEET = re.compile(
    r'<link rel="stylesheet" href="(?P<base>[^"]*assets/vendor/katex/)katex\.min\.css">'
)
_ARTICLE = re.compile(r"<article\b")

_SCRIPT_TAG = re.compile(r"<script(?P<attrs>\s[^>]*)>")
# A script the browser does not block the parser for already: deferred, asynchronous, a
# module, or not a classic script at all (JSON data).
_NOT_BLOCKING = re.compile(r"\s(?:defer|async|type=)")


def defer_scripts(page: str) -> str:
    """``page`` with ``defer`` added to every ``<script>`` that has a ``src`` and would
    block the parser (see the module's text)."""

    def defer(match: re.Match) -> str:
        attrs = match.group("attrs")
        if " src=" not in attrs or _NOT_BLOCKING.search(attrs):
            return match.group(0)
        return f"<script{attrs} defer>"

    return _SCRIPT_TAG.sub(defer, page)


def preload_math_fonts(page: str) -> str:
    """``page`` with :data:`FIRST_SCREEN_FONTS` preloaded if its article holds KaTeX math
    before its first ``<h2>``; else ``page`` unchanged.  The preload comes before the
    page's first style sheet: a script after one waits for it to arrive.

    The preload needs ``crossorigin`` (a font is fetched in CORS mode, and a preload in
    another mode is fetched twice), which Chromium refuses for a file opened from disk
    (origin ``null``): so a small script adds the
    ``<link rel="preload">`` only when the page is served; from disk there is no network
    to save.

    >>> sheet = '<link rel="stylesheet" href="../assets/vendor/katex/katex.min.css">'
    >>> page = preload_math_fonts(sheet + '<article><p><span class="katex">x</span><h2>')
    >>> script = page[: page.index("<link")]
    >>> script.startswith('<script>location.protocol === "file:" || ["KaTeX_Main-Regular.woff2"')
    True
    >>> '"../assets/vendor/katex/fonts/" + font' in script
    True
    >>> later = sheet + '<article><p>text</p><h2>A</h2><span class="katex">'
    >>> preload_math_fonts(later) == later
    True
    """
    sheet = _KATEX_SHEET.search(page)
    article = _ARTICLE.search(page)
    if sheet is None or article is None:
        return page
    end = page.find("<h2", article.end())
    if 'class="katex"' not in page[article.end() : end if end >= 0 else len(page)]:
        return page
    fonts = json.dumps(list(FIRST_SCREEN_FONTS))
    folder = json.dumps(sheet.group("base") + "fonts/")
    script = (
        f'<script>location.protocol === "file:" || {fonts}.forEach(function (font) {{'
        ' var link = document.createElement("link"); link.rel = "preload";'
        ' link.as = "font"; link.type = "font/woff2"; link.crossOrigin = "anonymous";'
        f" link.href = {folder} + font; document.head.appendChild(link); }});</script>"
    )
    first = page.index('<link rel="stylesheet"')
    return page[:first] + script + page[first:]
