"""Every word that a chart or a generated page shows: one catalog per language.

A lesson's prose is written in its own language; these are the words the *code* puts on
the page (axis titles, button texts, captions).  Each language has one file,
``dplab/views/locales/<lang>.toml``: a flat table ``"section.name" = "text"`` whose
``{placeholders}`` are filled by :func:`label` (a Korean particle after a placeholder agrees
with the value, :func:`dplab.views.fix_particle`).

Why TOML, flat: Python reads it without a dependency (:mod:`tomllib`), long texts wrap over
lines and a comment can say where a group of words is used; JSON allows neither.  A flat
table keeps every key written exactly as the code writes it (``"gauss.kind_mean"``), so a
search for a key finds its uses and its words; no key is ever built at run time
(``tests/views/test_labels.py`` fails on a catalog key that no code names, on a key the
code names that Korean lacks, and on a difference of placeholders between languages).

Korean (:data:`SOURCE_LANGUAGE`) is complete; another language may lack a key, and then
shows the Korean words (:data:`LABELS` already holds them merged).

The language: :func:`label` takes ``lang``; without it, the language in force, Korean
unless :func:`use_language` (which :func:`dplab.views.enable` calls) chose another.  The
site build reads it once from ``mkdocs.yml`` (``theme.language``) and hands it to the
lesson worker; a notebook or a reader's own code that never chooses one gets Korean.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from types import TracebackType

from dplab.views._particles import format_with_particles

__all__ = [
    "CATALOGS",
    "LABELS",
    "LANGUAGES",
    "SOURCE_LANGUAGE",
    "current_language",
    "label",
    "use_language",
]

SOURCE_LANGUAGE = "ko"
LANGUAGES = ("ko", "en")


def _catalog(lang: str) -> dict[str, str]:
    text = resources.files("dplab.views").joinpath("locales", f"{lang}.toml").read_text("utf-8")
    return tomllib.loads(text)


# Each language's words as its file has them (another language may lack a key).
CATALOGS: dict[str, dict[str, str]] = {lang: _catalog(lang) for lang in LANGUAGES}
# Each language's words with the source language's for the keys it lacks.
LABELS: dict[str, dict[str, str]] = {
    lang: {**CATALOGS[SOURCE_LANGUAGE], **CATALOGS[lang]} for lang in LANGUAGES
}

_language = SOURCE_LANGUAGE


def _checked(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {sorted(LANGUAGES)}; got {lang!r}")
    return lang


def current_language() -> str:
    """The language that :func:`label` uses when it is given none (Korean by default)."""
    return _language


class use_language:  # named as the call it is, like Altair's enable()
    """Make ``lang`` the language in force: at once and for the rest of the process, or,
    used as ``with use_language(lang):``, only inside the block.

    >>> with use_language("en"):
    ...     label("code.fold")
    'Show code'
    >>> label("code.fold")
    '코드 보기'
    """

    def __init__(self, lang: str) -> None:
        global _language
        self._previous = _language
        _language = _checked(lang)

    def __enter__(self) -> use_language:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        global _language
        _language = self._previous


def label(key: str, lang: str | None = None, **values: object) -> str:
    """The word for ``key`` in ``lang`` (default: :func:`current_language`), falling back
    to Korean for a key that ``lang``'s catalog lacks; ``values`` fill its placeholders.

    >>> label("code.fold", "en")
    'Show code'
    >>> label("exercise.title", "ko", number=2)
    '연습 문제 2'
    """
    words = LABELS[_checked(lang or _language)]
    try:
        text = words[key]
    except KeyError:
        raise KeyError(f"no label {key!r} (dplab/views/locales/{SOURCE_LANGUAGE}.toml)") from None
    return format_with_particles(text, values) if values else text
