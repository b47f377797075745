"""The data of a page's charts, labs and graders, moved out of its HTML into one script.

A lesson's charts carry their Vega-Lite specs and its labs their precomputed grids as inline
JSON (``<script type="application/json">``): about a third of a lesson's HTML, which a
reader's browser would download and parse before the first paint although nothing reads it
until a chart or lab starts.  The build therefore moves every such payload of a page into
one classic script, ``assets/generated/data/<digest>.js`` (named by its content, so a
browser caches it and two builds of the same sources write the same file), loaded at the
end of the page before the site's own scripts.  Each payload's ``<script>`` stays where it
was, empty, with ``data-dplab-data="<n>"``; ``window.DPLAB_JSON(script)`` (``ready.js``)
reads payload ``n`` from the page's data script, or the script's own text where nothing
was moved (a notebook opened in Jupyter).  A classic script loads from ``file://`` too,
where ``fetch`` does not.

The payloads are kept as JavaScript strings and parsed only when read, so loading the data
script costs the page no parse of the specs.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path

__all__ = ["PAGE_DATA_GLOBAL", "move_data_out", "page_payloads"]

PAGE_DATA_GLOBAL = "DPLAB_PAGE_DATA"

# An inline JSON payload (Material's own configuration, id="__config", stays in the page).
_PAYLOAD = re.compile(
    r'<script type="application/json"(?P<attrs>(?![^>]*\sid="__config")[^>]*)>'
    r"(?P<text>.*?)</script>",
    re.DOTALL,
)
_FIRST_SITE_SCRIPT = re.compile(r'<script src="[^"]*assets/dplab/ready\.js"')
_DATA_SCRIPT = re.compile(r'<script src="(?P<src>[^"]*assets/generated/data/[0-9a-f]+\.js)"')
_MOVED = re.compile(r'<script type="application/json"[^>]*\sdata-dplab-data="(?P<n>\d+)"')


def move_data_out(page: str, prefix: str, write: Callable[[str, str], None]) -> str:
    """``page`` with its JSON payloads moved into one data script (see the module's text).

    ``prefix`` leads from the page to ``assets/generated/``; ``write(name, text)`` stores
    the script there as ``data/<digest>.js``.  A page without payloads is returned as it
    is; a page with payloads but without the site's scripts is refused (its charts would
    find no data)."""
    payloads: list[str] = []

    def empty(match: re.Match) -> str:
        payloads.append(match.group("text"))
        number = len(payloads) - 1
        attrs = f'{match.group("attrs")} data-dplab-data="{number}"'
        return f'<script type="application/json"{attrs}></script>'

    moved = _PAYLOAD.sub(empty, page)
    if not payloads:
        return page
    anchor = _FIRST_SITE_SCRIPT.search(moved)
    if anchor is None:
        raise ValueError("a page with chart or lab data does not load assets/dplab/ready.js")
    script = (
        f"window.{PAGE_DATA_GLOBAL}=["
        + ",".join(json.dumps(text, ensure_ascii=False) for text in payloads)
        + "];\n"
    )
    name = f"data/{hashlib.sha256(script.encode('utf-8')).hexdigest()[:20]}.js"
    write(name, script)
    tag = f'<script src="{prefix}{name}"></script>'
    return moved[: anchor.start()] + tag + moved[anchor.start() :]


def page_payloads(page: str, page_path: Path) -> list[str]:
    """The JSON texts of ``page`` (the HTML of the built page at ``page_path``) in document
    order, read back from its data script where the build moved them, inline otherwise."""
    found = _DATA_SCRIPT.search(page)
    moved: list[str] = []
    if found:
        script = (page_path.parent / found.group("src")).read_text("utf-8")
        body = script.removeprefix(f"window.{PAGE_DATA_GLOBAL}=").removesuffix(";\n")
        moved = json.loads(body)
    texts = []
    for match in _PAYLOAD.finditer(page):
        number = _MOVED.match(match.group(0))
        texts.append(moved[int(number.group("n"))] if number else match.group("text"))
    return texts
