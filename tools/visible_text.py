"""The text a reader sees on each page of a built site, one text file per page, for a diff.

Compare two builds (for example main before and after a change to the words of the course)::

    .venv/bin/python tools/visible_text.py site-before /tmp/text-before --edition en
    .venv/bin/python tools/visible_text.py site /tmp/text-after --edition en
    diff -ru /tmp/text-before /tmp/text-after

Each block (paragraph, list item, heading, table cell, summary, label, button) becomes one line
with its white space collapsed.  Scripts, styles, SVG pictures and KaTeX's MathML copy are left
out (KaTeX's HTML rendering stays, so formulas appear once, as their glyphs).  Folded boxes are
included: a reader can open them.
"""

from __future__ import annotations

import argparse
from html.parser import HTMLParser
from pathlib import Path

HIDDEN = {"script", "style", "template", "svg"}
VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}  # fmt: skip
BLOCKS = {
    "p", "li", "h1", "h2", "h3", "h4", "h5", "div", "tr", "td", "th", "summary", "figcaption",
    "legend", "label", "button", "dt", "dd", "pre",
}  # fmt: skip


class VisibleText(HTMLParser):
    """Collects the visible text of one page as a list of lines, one per block."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._hidden: list[bool] = []
        self._words: list[str] = []
        self.lines: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        inside_hidden = bool(self._hidden and self._hidden[-1])
        self._hidden.append(inside_hidden or tag in HIDDEN or "katex-mathml" in classes)
        if tag in BLOCKS:
            self.end_line()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self._hidden:
            self._hidden.pop()
        if tag in BLOCKS:
            self.end_line()

    def handle_data(self, data: str) -> None:
        if not (self._hidden and self._hidden[-1]):
            self._words.append(data)

    def end_line(self) -> None:
        line = " ".join("".join(self._words).split())
        if line:
            self.lines.append(line)
        self._words = []


def page_text(html: str) -> str:
    """The visible text of one page, a block a line.

    >>> page_text("<p>One <b>two</b></p><script>x()</script><div>three</div>")
    'One two\\nthree\\n'
    """
    parser = VisibleText()
    parser.feed(html)
    parser.close()
    parser.end_line()
    return "\n".join(parser.lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="a built site (the folder with index.html)")
    parser.add_argument("out", type=Path, help="where to write one .txt per page")
    parser.add_argument("--edition", choices=("ko", "en", "all"), default="all")
    args = parser.parse_args()
    pages = sorted(args.site.rglob("*.html"))
    if args.edition == "en":
        pages = [page for page in pages if page.relative_to(args.site).parts[0] == "en"]
    elif args.edition == "ko":
        pages = [page for page in pages if page.relative_to(args.site).parts[0] != "en"]
    for page in pages:
        target = args.out / page.relative_to(args.site).with_suffix(".txt")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page_text(page.read_text("utf-8")), "utf-8")
    print(f"{len(pages)} pages written to {args.out}")


if __name__ == "__main__":
    main()
