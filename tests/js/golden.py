"""Golden vectors: what Python says the page's scripts must show, written once for Node.

A page's scripts (``lab.js``'s text rules, each lab's pure core) repeat rules that
``dplab`` states in Python.  Each rule is proved equal in the cheapest place that can:
Python writes, per topic, the inputs and the expected outputs as JSON (a *golden vector*),
and one ``node --test`` run (:mod:`tests.js.test_node`) loads the scripts and compares.
The browser tests then check only what needs a browser.

A topic is a module ``tests/js/golden_<name>.py`` with a function ``golden() -> object``
(JSON-serialisable) and a Node test ``tests/js/<name>.test.cjs`` that reads it with
``golden("<name>")`` from ``tests/js/load.cjs``.  Vectors are cached under
``.cache/golden/<digest>/<name>.json``, keyed on the bytes of every Python file and word
catalog (``locales/*.toml``) of ``dplab`` and of ``tests/js/golden_*.py``: an edit to
either writes them again, nothing else does.  Other
tests that need the same expectations read them with :func:`golden_vectors`.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

from dplab.site.project import REPOSITORY

JS_TESTS = Path(__file__).resolve().parent
GOLDEN_ROOT = REPOSITORY / ".cache" / "golden"

__all__ = [
    "GOLDEN_ROOT",
    "JS_TESTS",
    "golden_dir",
    "golden_vectors",
    "ratio_parts",
    "ratio_text",
    "topics",
]


def topics() -> list[str]:
    """The names of the golden topics: ``golden_<name>.py`` beside this module."""
    return sorted(path.stem.removeprefix("golden_") for path in JS_TESTS.glob("golden_*.py"))


def _digest() -> str:
    package = [p for p in (REPOSITORY / "dplab").rglob("*") if p.suffix in {".py", ".toml"}]
    sources = sorted(package) + sorted(JS_TESTS.glob("golden_*.py"))
    digest = hashlib.sha256()
    for path in sources:
        digest.update(path.relative_to(REPOSITORY).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / ".lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file is closed
        yield


def golden_dir() -> Path:
    """The folder holding every topic's vectors for the current sources (written if missing).

    Workers of one run (pytest-xdist) take a file lock, so each vector is computed once."""
    folder = GOLDEN_ROOT / _digest()
    with _locked(folder):
        for name in topics():
            path = folder / f"{name}.json"
            if not path.is_file():
                module = importlib.import_module(f"tests.js.golden_{name}")
                text = json.dumps(module.golden(), ensure_ascii=False, sort_keys=True)
                partial = path.with_suffix(".partial")
                partial.write_text(text, encoding="utf-8")
                partial.replace(path)
    return folder


def golden_vectors(name: str) -> object:
    """The vectors of topic ``name``, as Node reads them."""
    if name not in topics():
        raise ValueError(f"name: no golden topic {name!r}; topics are {topics()}")
    return json.loads((golden_dir() / f"{name}.json").read_text(encoding="utf-8"))


def ratio_parts(value: Fraction) -> list[str]:
    """An exact ratio as Node reads it into BigInts: ``[numerator, denominator]`` as decimal
    strings (no double could hold them)."""
    return [str(value.numerator), str(value.denominator)]


def ratio_text(value: Fraction) -> str:
    """An exact ratio as one string ``"numerator/denominator"``."""
    return f"{value.numerator}/{value.denominator}"
