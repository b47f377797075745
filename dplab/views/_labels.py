"""Every word that a chart or a generated page shows, kept in one table per language.

A lesson's prose is written in its own language; these are the words the *code* puts on
the page (axis titles, button texts, captions), so that an English edition only adds a
column here.  The language is ``DPLAB_LANG`` (default ``ko``).
"""

from __future__ import annotations

import os

__all__ = ["LABELS", "label"]

LABELS: dict[str, dict[str, str]] = {
    "ko": {
        "nav.home": "처음",
        "code.fold": "코드 보기",
        "notebook.download": "이 단원을 노트북(.ipynb)으로 내려받기",
        "notebook.view": "노트북으로 보기",
        "notebook.page_title": "노트북",
        "catalog.heading": "단원 목록",
        "catalog.prerequisites": "먼저 알아두면 좋아요",
        "catalog.none": "없음",
        "chart.export_svg": "SVG로 저장",
        "chart.export_png": "PNG로 저장",
        "chart.menu": "차트 메뉴",
        "laplace.output": "출력 y",
        "laplace.density": "확률밀도",
        "laplace.loss": "프라이버시 손실 L(y)",
        "laplace.input": "입력",
        "laplace.scale": "척도 b",
        "laplace.neighbour": "인접 입력",
    },
    "en": {
        "nav.home": "Home",
        "code.fold": "Show code",
        "notebook.download": "Download this lesson as a notebook (.ipynb)",
        "notebook.view": "View as a notebook",
        "notebook.page_title": "Notebook",
        "catalog.heading": "Lessons",
        "catalog.prerequisites": "Good to know first",
        "catalog.none": "none",
        "chart.export_svg": "Save as SVG",
        "chart.export_png": "Save as PNG",
        "chart.menu": "Chart menu",
        "laplace.output": "output y",
        "laplace.density": "density",
        "laplace.loss": "privacy loss L(y)",
        "laplace.input": "input",
        "laplace.scale": "scale b",
        "laplace.neighbour": "neighbour",
    },
}


def label(key: str, lang: str | None = None) -> str:
    """The word for ``key`` in ``lang`` (default: ``DPLAB_LANG`` or Korean).

    >>> label("code.fold", "en")
    'Show code'
    """
    lang = lang or os.environ.get("DPLAB_LANG", "ko")
    if lang not in LABELS:
        raise ValueError(f"lang must be one of {sorted(LABELS)}; got {lang!r}")
    try:
        return LABELS[lang][key]
    except KeyError:
        raise KeyError(f"no label {key!r} for language {lang!r}") from None
