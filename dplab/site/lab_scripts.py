"""A page loads the scripts of the labs and graders it holds, and no other.

``mkdocs.yml`` lists every script of the site once (Material puts them on every page, in
that order); a lab's script only starts the labs of its kind that it finds on the page
(``DPLAB_LAB.start(prefix, name, …)`` looks for ``.dplab-<prefix>-lab``), so on any other
page it is bytes to download and code to compile for nothing.  The build reads from each
lab script which kind of lab it starts, and removes from a page the tags of the scripts
whose labs the page does not hold; ``lab.js``, which every lab and the grader use, stays
where one of them stays.

A lab's rules that need no page (its *core*: states, numbers, texts and verdicts) live in a
script of their own, ``<lab>-core.js`` beside ``<lab>.js``, which Node loads to check them
against Python's golden vectors (``tests/js``); a page keeps a lab's core exactly where it
keeps the lab's script, and ``mkdocs.yml`` lists the core before it.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from dplab.site.project import Project

__all__ = ["drop_unused_lab_scripts", "lab_script_roots"]

ASSETS = Project().site_assets
SHARED = "lab.js"
# The grader starts itself on .dplab-grader (claim-grader.js), not through DPLAB_LAB.start.
GRADER = {"claim-grader.js": "dplab-grader"}
CORE_SUFFIX = "-core"
_START = re.compile(r'LAB\.start\("(?P<prefix>[\w-]+)", "(?P<name>[\w-]+)"')
_TAG = re.compile(r'<script src="[^"]*assets/dplab/(?P<file>[\w-]+\.js)"></script>\s*')


@functools.cache
def lab_script_roots(folder: Path = ASSETS) -> dict[str, str]:
    """Each lab or grader script of ``folder`` and the class of the root it starts on."""
    roots = dict(GRADER)
    scripts = sorted(folder.glob("*.js"))
    for script in scripts:
        for match in _START.finditer(script.read_text("utf-8")):
            if match.group("name") != script.stem:
                raise ValueError(
                    f"{script.name} starts labs named {match.group('name')!r}: a lab script "
                    "is named after its labs (the build finds it by that name)"
                )
            roots[script.name] = f"dplab-{match.group('prefix')}-lab"
    for core in (script for script in scripts if script.stem.endswith(CORE_SUFFIX)):
        lab = core.stem.removesuffix(CORE_SUFFIX) + ".js"
        if lab not in roots:
            raise ValueError(f"{core.name} is the core of {lab}, which starts no lab")
        roots[core.name] = roots[lab]
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
