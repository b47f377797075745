"""Which lab scripts the site serves, in which order, and which of them a page loads.

Each lab lives in a folder of its own, ``dplab/views/labs/<topic>/`` (:mod:`dplab.views.labs`):
its pure *core* (``core.js``: states, numbers, texts and verdicts, which Node checks
against Python's golden vectors in ``tests/js``) and its *wiring* to the page (``lab.js``),
beside the script every lab shares, ``dplab/views/labs/lab.js``.  The pre-build copies them
into ``docs/assets/generated/labs/`` under the names the pages know them by
(:func:`lab_assets`): ``lab.js``, and for each lab ``<topic>-lab-core.js`` then
``<topic>-lab.js``.  ``mkdocs.yml`` lists the site-wide scripts and the shared
``labs/lab.js``; the MkDocs hook appends each lab's core then wiring (:func:`lab_scripts`),
so that adding a lab is adding a folder.

A page loads the scripts of the labs and graders it holds, and no other.  Material puts every
listed script on every page, in order; a lab's script only starts the labs of its kind that
it finds on the page (``DPLAB_LAB.start(prefix, name, …)`` looks for
``.dplab-<prefix>-lab``), so on any other page it is bytes to download and code to compile
for nothing.  The build reads from each lab's wiring which kind of lab it starts, and removes
from a page the tags of the scripts whose labs the page does not hold
(:func:`drop_unused_lab_scripts`); ``lab.js``, which every lab and the grader use, stays
where one of them stays, and a lab's core stays exactly where its wiring stays.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from dplab.site.project import Project

__all__ = [
    "GENERATED_LABS",
    "drop_unused_lab_scripts",
    "lab_assets",
    "lab_script_roots",
    "lab_scripts",
]

LABS = Project().labs_dir
SHARED = "lab.js"
# Where the pre-build puts the labs' scripts, under docs/assets/generated/.
GENERATED_LABS = "labs"
# The grader starts itself on .dplab-grader (claim-grader.js), not through DPLAB_LAB.start.
GRADER = {"claim-grader.js": "dplab-grader"}
# What each lab folder must hold: its Python, its core and its wiring (a style sheet is optional).
LAB_FILES = ("lab.py", "core.js", "lab.js")
_START = re.compile(r'LAB\.start\("(?P<prefix>[\w-]+)", "(?P<name>[\w-]+)"')
_TAG = re.compile(
    r'<script src="[^"]*assets/(?:dplab|generated/labs)/(?P<file>[\w-]+\.js)"></script>\s*'
)


def lab_folders(labs: Path = LABS) -> list[Path]:
    """The folder of each lab under ``labs``, by name: every folder whose name does not
    start with ``_``; raise ``ValueError`` for one that lacks one of :data:`LAB_FILES`."""
    folders = sorted(
        path for path in labs.iterdir() if path.is_dir() and not path.name.startswith("_")
    )
    for folder in folders:
        missing = [name for name in LAB_FILES if not (folder / name).is_file()]
        if missing:
            raise ValueError(f"the lab folder {folder} lacks {', '.join(missing)}")
    return folders


def lab_assets(labs: Path = LABS) -> dict[str, Path]:
    """Each lab script the site serves, by its name under ``assets/generated/`` (the
    shared ``labs/lab.js``, then each lab's ``labs/<topic>-lab-core.js`` and
    ``labs/<topic>-lab.js``), and the file it is copied from."""
    assets = {f"{GENERATED_LABS}/{SHARED}": labs / SHARED}
    for folder in lab_folders(labs):
        assets[f"{GENERATED_LABS}/{folder.name}-lab-core.js"] = folder / "core.js"
        assets[f"{GENERATED_LABS}/{folder.name}-lab.js"] = folder / "lab.js"
    return assets


def lab_scripts(labs: Path = LABS) -> list[str]:
    """The addresses (relative to the site) of the labs' own scripts in the order pages
    load them: each lab's core right before its wiring.  ``mkdocs.yml`` lists the shared
    ``assets/generated/labs/lab.js`` before them; the MkDocs hook appends these."""
    shared = f"{GENERATED_LABS}/{SHARED}"
    return [f"assets/generated/{name}" for name in lab_assets(labs) if name != shared]


@functools.cache
def lab_script_roots(labs: Path = LABS) -> dict[str, str]:
    """Each lab or grader script the site serves, by file name, and the class of the root
    it starts on (a lab's core, the root of its wiring)."""
    roots = dict(GRADER)
    for folder in lab_folders(labs):
        name = f"{folder.name}-lab"
        starts = {
            match.group("name"): match.group("prefix")
            for match in _START.finditer((folder / "lab.js").read_text("utf-8"))
        }
        if set(starts) != {name}:
            raise ValueError(
                f"{folder / 'lab.js'} starts labs named {', '.join(sorted(starts)) or 'none'}: "
                f"the wiring of the lab folder {folder.name} starts labs named {name!r} "
                "(the build finds its scripts by that name)"
            )
        roots[f"{name}.js"] = roots[f"{name}-core.js"] = f"dplab-{starts[name]}-lab"
    return roots


def drop_unused_lab_scripts(page: str, roots: dict[str, str]) -> str:
    """``page`` without the tags of the lab scripts (``roots``: script → root class, as
    :func:`lab_script_roots` finds them) whose root class no element of the page has."""
    classes = set(re.findall(r'class="([^"]*)"', page))
    present = {word for value in classes for word in value.split()}
    needed = {script for script, root in roots.items() if root in present}

    def keep(match: re.Match) -> str:
        script = match.group("file")
        if script == SHARED:
            return match.group(0) if needed else ""
        return "" if script in roots and script not in needed else match.group(0)

    return _TAG.sub(keep, page)
