"""The offline bundle: the built site in one zip that opens from disk anywhere.

``python -m dplab.site dist`` (``make dist``, after ``make site``) writes
``dist/dp-lab-<version>.zip``: every file of ``site/`` under one folder ``dp-lab-<version>/``
(so unzipping never spills files into the reader's folder), which holds ``index.html``,
the lessons, the notebooks and, beside them, the ``dplab`` wheel they install.  The pages
link each other relatively and load nothing from elsewhere, so the unzipped ``index.html``
opens from disk wherever it lands.  ``<version>`` is the wheel's.

The zip is reproducible: its entries are sorted by name and written with a fixed date,
fixed permissions and a fixed compression level (``wheel.write_reproducible_zip``), so
the same site gives the same bytes.  Every build puts the bundle in the site's own
``downloads/`` (``dplab.site.build.build_site``), where the home page links it, so the link
works on the hosted site and from disk alike; the bundle leaves that folder out, so it
never contains a copy of itself, and in its copy of a page the link becomes a sentence
saying that the reader is reading the bundle.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from dplab.site.wheel import wheel_metadata, write_reproducible_zip
from dplab.views import label

__all__ = [
    "DOWNLOADS",
    "MARKER",
    "bundle_file_name",
    "bundle_link",
    "site_version",
    "write_bundle",
]

# Where the hosted site serves the bundle (relative to the site's root).
DOWNLOADS = "downloads"
# A line of a page at the top of docs/ that becomes the link to the bundle.
MARKER = "[[offline-bundle]]"


def bundle_file_name(version: str) -> str:
    """``dp-lab-<version>.zip``, the bundle's file name."""
    return f"dp-lab-{version}.zip"


_LINK = re.compile(r'<p class="dplab-bundle">.*?</p>', re.DOTALL)


def bundle_link(version: str, site_root: str = "") -> str:
    """The HTML paragraph that links the bundle from a page at the top of an edition;
    ``site_root`` is the way from there to the top of the site (``../`` from another
    edition's folder: one bundle holds every edition, so that the language switch works
    offline too)."""
    name = bundle_file_name(version)
    text = label("bundle.download").format(file=name)
    return (
        f'<p class="dplab-bundle"><a href="{site_root}{DOWNLOADS}/{name}" download>{text}</a></p>'
    )


def _site_wheel_file(site: Path) -> Path:
    wheels = sorted((site / "notebooks").glob("dplab-*.whl"))
    if len(wheels) != 1:
        raise FileNotFoundError(
            f"{site / 'notebooks'} must hold exactly one dplab wheel (found "
            f"{[w.name for w in wheels] or 'none'}): build the site first with 'make site'"
        )
    return wheels[0]


def site_version(site: Path) -> str:
    """The version of the ``dplab`` wheel that the built ``site`` serves."""
    return wheel_metadata(_site_wheel_file(site))["Version"]


def _in_bundle(name: str, content: bytes) -> bytes:
    """A file as the bundle holds it: a page's link to the bundle becomes a sentence."""
    if not name.endswith(".html") or b'class="dplab-bundle"' not in content:
        return content
    sentence = f'<p class="dplab-bundle">{label("bundle.inside")}</p>'
    return _LINK.sub(sentence, content.decode("utf-8")).encode("utf-8")


def write_bundle(site: Path, destination: Path, *, with_wheel: bool = True) -> Path:
    """Zip the built ``site`` into ``destination/dp-lab-<version>.zip`` and (``with_wheel``)
    copy its wheel beside it; return the zip's path.  ``site/downloads/`` is left out."""
    wheel = _site_wheel_file(site)
    if not sorted(site.glob("notebooks/*.ipynb")) or not (site / "index.html").is_file():
        raise FileNotFoundError(f"{site} has no index.html or no notebooks: run 'make site'")
    version = site_version(site)
    folder = Path(bundle_file_name(version)).stem
    files = sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and p.relative_to(site).parts[0] != DOWNLOADS
    )
    destination.mkdir(parents=True, exist_ok=True)
    if with_wheel:
        shutil.copyfile(wheel, destination / wheel.name)
    return write_reproducible_zip(
        destination / bundle_file_name(version),
        ((f"{folder}/{name}", _in_bundle(name, (site / name).read_bytes())) for name in files),
    )
