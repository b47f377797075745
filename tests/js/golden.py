"""Golden vectors: what Python says the page's scripts must show, written once for Node.

A page's scripts (``lab.js``'s text rules, each lab's pure core) repeat rules that
``dplab`` states in Python.  Each rule is proved equal in the cheapest place that can:
Python writes, per topic, the inputs and the expected outputs as JSON (a *golden vector*),
and ``node --test`` (:mod:`tests.js.test_node`, one run per topic, so that pytest-xdist's
two workers share the topics) loads the scripts and compares.  The browser tests then
check only what needs a browser.

A topic is a module ``tests/js/golden_<name>.py`` with a function ``golden() -> object``
(JSON-serialisable) and a Node test ``tests/js/<name>.test.cjs`` that reads it with
``golden("<name>")`` from ``tests/js/load.cjs``.  A topic's vectors are cached as
``.cache/golden/<name>/<digest>.json``, keyed on the bytes of what can change them: its
golden module, the Python modules it imports from ``dplab`` and ``tests`` (followed
through their imports, found in the source with :mod:`ast`, so nothing is imported to
know), this module, and every word catalog (``dplab/**/*.toml``).  An edit to the
Gaussian lab's views writes the Gaussian vectors again, not the randomized-response ones.
Other tests that need the same expectations read them with :func:`golden_vectors`.
"""

from __future__ import annotations

import ast
import contextlib
import fcntl
import functools
import hashlib
import importlib
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

from dplab.site.project import REPOSITORY

JS_TESTS = Path(__file__).resolve().parent
GOLDEN_ROOT = REPOSITORY / ".cache" / "golden"
_LOCAL_PACKAGES = ("dplab", "tests")

__all__ = [
    "GOLDEN_ROOT",
    "JS_TESTS",
    "cases_file",
    "golden_file",
    "golden_vectors",
    "ratio_parts",
    "ratio_text",
    "sources_of",
    "topics",
]


def topics() -> list[str]:
    """The names of the golden topics: ``golden_<name>.py`` beside this module."""
    return sorted(path.stem.removeprefix("golden_") for path in JS_TESTS.glob("golden_*.py"))


def _module_file(name: str) -> Path | None:
    """The source of module ``name`` of this repository (a package: its ``__init__.py``)."""
    base = REPOSITORY.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imported(path: Path) -> set[str]:
    """The names of the repository's modules that ``path`` may import: every ``import a.b``
    and ``from a.b import c`` (``a.b.c`` too, in case ``c`` is a module), with their parent
    packages, anywhere in the file."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
        if isinstance(node, ast.Import):
            found = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in found:
            parts = name.split(".")
            if parts[0] in _LOCAL_PACKAGES:
                names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return names


@functools.cache
def sources_of(name: str) -> tuple[Path, ...]:
    """Every file whose bytes can change topic ``name``'s vectors, sorted."""
    files = set((REPOSITORY / "dplab").rglob("*.toml"))
    pending = [
        _module_file(m) for m in ("tests", "tests.js", "tests.js.golden", f"tests.js.golden_{name}")
    ]
    while pending:
        path = pending.pop()
        if path in files:
            continue
        files.add(path)
        pending.extend(filter(None, map(_module_file, _imported(path))))
    return tuple(sorted(files))


def _digest(name: str) -> str:
    digest = hashlib.sha256()
    for path in sources_of(name):
        digest.update(path.relative_to(REPOSITORY).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / ".lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file is closed
        yield


def golden_file(name: str) -> Path:
    """The file of topic ``name``'s vectors for the current sources (written if missing).

    Workers of one run (pytest-xdist) take a file lock per topic, so each topic is computed
    once, and two workers compute two topics at a time."""
    if name not in topics():
        raise ValueError(f"name: no golden topic {name!r}; topics are {topics()}")
    folder = GOLDEN_ROOT / name
    path = folder / f"{_digest(name)}.json"
    with _locked(folder):
        if not path.is_file():
            module = importlib.import_module(f"tests.js.golden_{name}")
            text = json.dumps(module.golden(), ensure_ascii=False, sort_keys=True)
            partial = path.with_suffix(".partial")
            partial.write_text(text, encoding="utf-8")
            partial.replace(path)
            for stale in folder.glob("*.json"):  # earlier sources' vectors and their counts
                if not stale.name.startswith(path.stem):
                    stale.unlink()
    return path


def cases_file(name: str) -> Path:
    """Where the last Node run of topic ``name`` counted its cases (beside its vectors)."""
    return golden_file(name).with_suffix(".cases.json")


def golden_vectors(name: str) -> object:
    """The vectors of topic ``name``, as Node reads them."""
    return json.loads(golden_file(name).read_text(encoding="utf-8"))


def ratio_parts(value: Fraction) -> list[str]:
    """An exact ratio as Node reads it into BigInts: ``[numerator, denominator]`` as decimal
    strings (no double could hold them)."""
    return [str(value.numerator), str(value.denominator)]


def ratio_text(value: Fraction) -> str:
    """An exact ratio as one string ``"numerator/denominator"``."""
    return f"{value.numerator}/{value.denominator}"
