"""Check every link of a built site: each internal link and ``#anchor`` must resolve.

For every HTML page of the site (``404.html`` excepted: a server shows it at any address,
so its links are root-absolute), every ``href`` and ``src`` of ``a``, ``link``, ``script``,
``img``, ``source``, ``iframe``, ``video`` and ``audio`` is read.  A relative link must name
a file inside the site; with a ``#fragment``, that file must be an HTML page holding an
element with that ``id`` (or an ``a`` with that ``name``); a bare ``#fragment`` must be on
the page itself.  A lab's state link, ``#<lab id>?<state>``, needs the lab's ``id``.  A
link to another host is allowed only where :data:`EXTERNAL_LINKS` says so (the course
opens offline, so every outside link is a deliberate choice).

``python -m dplab.site check-links [SITE]`` prints the broken links, one per line.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

__all__ = ["EXTERNAL_LINKS", "SOURCE_IDENTIFIERS", "BrokenLink", "broken_links", "site_pages"]

SOURCE_IDENTIFIERS = ("https://arxiv.org/abs/", "https://doi.org/")

# Pages (a glob relative to the site) → the prefixes of the outside links they may carry; a
# page of another edition (its folder, such as en/, named by a language code) is matched as
# its twin.
_EDITION_FOLDER = re.compile(r"^[a-z]{2}/")
EXTERNAL_LINKS: dict[str, tuple[str, ...]] = {
    # the contributor reference names the Markdown extension whose math syntax the lessons use
    "contributing-reference.html": ("https://gitlab.com/mbarkhau/markdown-katex",),
    # a source's identifiers (lessons_src/references.bib): on the references page and in
    # the list of references that closes each notebook
    "references.html": SOURCE_IDENTIFIERS,
    "notebooks/*.html": SOURCE_IDENTIFIERS,
}

_LINKING = {
    "a": ("href",),
    "link": ("href",),
    "script": ("src",),
    "img": ("src",),
    "source": ("src",),
    "iframe": ("src",),
    "video": ("src", "poster"),
    "audio": ("src",),
}


@dataclass(frozen=True)
class BrokenLink:
    """A link of ``page`` (relative to the site) that does not resolve, and why."""

    page: str
    link: str
    reason: str

    def __str__(self) -> str:
        return f"{self.page}: {self.link} ({self.reason})"


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if ident := values.get("id"):
            self.ids.add(ident)
        if tag == "a" and (name := values.get("name")):
            self.ids.add(name)
        for attribute in _LINKING.get(tag, ()):
            link = values.get(attribute)
            if link is not None:
                self.links.append(link)


def site_pages(site: Path) -> list[str]:
    """The pages whose links are checked: every HTML file but ``404.html``."""
    return sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html"
    )


def broken_links(
    site: Path,
    pages: list[str] | None = None,
    external: dict[str, tuple[str, ...]] | None = None,
) -> list[BrokenLink]:
    """Every link of ``pages`` (default: :func:`site_pages`) that does not resolve."""
    external = EXTERNAL_LINKS if external is None else external
    parsed: dict[str, _PageParser] = {}

    def parse(relative: str) -> _PageParser:
        if relative not in parsed:
            parser = _PageParser()
            parser.feed((site / relative).read_text(encoding="utf-8"))
            parsed[relative] = parser
        return parsed[relative]

    broken = []
    for page in site_pages(site) if pages is None else pages:
        for link in parse(page).links:
            # another edition's page (en/references.html) as its twin in the source edition
            twin = _EDITION_FOLDER.sub("", page)
            allowed = tuple(
                prefix
                for pattern, prefixes in external.items()
                if fnmatch.fnmatchcase(twin, pattern)
                for prefix in prefixes
            )
            reason = _check(site, page, link, parse, allowed)
            if reason:
                broken.append(BrokenLink(page, link, reason))
    return broken


def _check(site: Path, page: str, link: str, parse, allowed: tuple[str, ...]) -> str | None:
    parts = urlsplit(link)
    if parts.scheme == "data":
        return None
    if parts.scheme or parts.netloc:
        if any(link.startswith(prefix) for prefix in allowed):
            return None
        return "a link to another host that this page is not meant to have"
    if parts.path.startswith("/"):
        return "root-absolute: breaks when the site opens from disk or under a sub-path"
    target = page
    if parts.path:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path)))
        if target.startswith("../") or target == "..":
            return "points outside the site"
        path = site / target
        if path.is_dir():
            return "names a folder, not a file"
        if not path.is_file():
            return "no such file"
    if parts.fragment:
        if not target.endswith(".html"):
            return "an anchor on a file that is not a page"
        # A lab's state link reads '#<lab id>?<state>' (dplab/views/labs/lab.js).
        anchor = unquote(parts.fragment).split("?", 1)[0]
        if anchor not in parse(target).ids:
            return f"no element with id {anchor!r} in {target}"
    return None
