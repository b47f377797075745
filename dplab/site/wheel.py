"""The ``dplab`` wheel that the site ships beside its notebooks.

A reader who downloads a lesson's notebook needs the package it imports.  The build makes
a wheel of the checkout's ``dplab`` (through the build backend named in ``pyproject.toml``,
run offline in a scratch copy of the sources, so no stale ``build/`` folder can leak old
modules into it) and the site serves it as ``notebooks/<wheel>``, next to the notebooks.

The wheel is byte-identical for identical sources: its zip entries are rewritten in the
same order with a fixed date (1980-01-01, the earliest a zip can hold), fixed permissions
and a fixed compression level; the ``RECORD`` hashes stay valid because no content
changes.  It is cached under ``<source_root>/.cache/wheel``, keyed on the package files,
``pyproject.toml`` (which holds the long description too) and the backend's version.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from email.message import Message
from email.parser import HeaderParser
from pathlib import Path

from packaging.requirements import Requirement

__all__ = [
    "SiteWheel",
    "normalize_wheel",
    "site_wheel",
    "wheel_metadata",
    "write_reproducible_zip",
]

FORMAT = 1
_PROJECT_FILES = ("pyproject.toml",)
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
_FILE_MODE = 0o100644  # a regular file, rw-r--r--


@dataclass(frozen=True)
class SiteWheel:
    """A built wheel and what a reader needs to know to install it."""

    path: Path
    requires_python: str  # the ``Requires-Python`` specifier, e.g. ">=3.11"
    dependencies: tuple[str, ...]  # distribution names the base install pulls in

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def minimum_python(self) -> str:
        """The lowest Python version, read from a ``>=X.Y`` ``Requires-Python``."""
        match = re.fullmatch(r">=\s*(\d+\.\d+)", self.requires_python.strip())
        if not match:
            raise ValueError(
                f"requires-python must have the form '>=X.Y' for the notebook's install "
                f"note; got {self.requires_python!r}"
            )
        return match[1]


def _backend(source_root: Path) -> tuple[str, str]:
    """The build backend module named in ``pyproject.toml`` and its installed version."""
    config = tomllib.loads((source_root / "pyproject.toml").read_text(encoding="utf-8"))
    backend = config["build-system"]["build-backend"]
    distribution = backend.split(".")[0]
    try:
        version = importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        raise FileNotFoundError(
            f"the build backend {backend!r} is not installed (it is pinned in requirements.lock; "
            "run 'make setup-python')"
        ) from None
    return backend, version


def _source_files(source_root: Path) -> list[Path]:
    package = [
        p
        for p in sorted((source_root / "dplab").rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    ]
    return [source_root / name for name in _PROJECT_FILES] + package


def _key(source_root: Path, backend: tuple[str, str]) -> str:
    digest = hashlib.sha256(f"format {FORMAT}; backend {backend}".encode())
    for path in _source_files(source_root):
        digest.update(path.relative_to(source_root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def write_reproducible_zip(path: Path, entries: Iterable[tuple[str, bytes]]) -> Path:
    """Write ``entries`` (name, content), in the order given, as the zip at ``path``, with
    a fixed date, fixed permissions and a fixed compression level: its bytes depend only on
    the entries.  Written beside ``path`` first, then renamed over it."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    with zipfile.ZipFile(temporary, "w") as target:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=_ZIP_EPOCH)
            info.create_system = 3  # Unix, so that the permissions below are read
            info.external_attr = _FILE_MODE << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(info, data, compresslevel=9)
    return temporary.replace(path)


def normalize_wheel(path: Path) -> None:
    """Rewrite the zip at ``path`` so that its bytes depend only on its entries' contents."""
    with zipfile.ZipFile(path) as source:
        entries = [(info.filename, source.read(info)) for info in source.infolist()]
    write_reproducible_zip(path, entries)


def _build(source_root: Path, backend: str, destination: Path) -> Path:
    with tempfile.TemporaryDirectory(prefix="dplab-wheel-") as scratch:
        sources = Path(scratch) / "src"
        sources.mkdir()
        for name in _PROJECT_FILES:
            shutil.copy(source_root / name, sources / name)
        shutil.copytree(
            source_root / "dplab",
            sources / "dplab",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
        output = Path(scratch) / "dist"
        output.mkdir()
        # The PEP 517 hook, as 'python -m build --no-isolation' calls it: no network.
        hook = (
            "import importlib, sys; "
            "print(importlib.import_module(sys.argv[1]).build_wheel(sys.argv[2]))"
        )
        run = subprocess.run(
            [sys.executable, "-c", hook, backend, str(output)],
            cwd=sources,
            env={**os.environ, "SOURCE_DATE_EPOCH": "315532800", "PYTHONDONTWRITEBYTECODE": "1"},
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            raise RuntimeError(f"building the dplab wheel failed:\n{run.stdout}\n{run.stderr}")
        built = output / run.stdout.strip().splitlines()[-1]
        normalize_wheel(built)
        destination.mkdir(parents=True, exist_ok=True)
        temporary = destination / f"{built.name}.{os.getpid()}.tmp"
        shutil.copyfile(built, temporary)
        return temporary.replace(destination / built.name)


def wheel_metadata(path: Path) -> Message:
    """The core metadata (``*.dist-info/METADATA``) of the wheel at ``path``."""
    with zipfile.ZipFile(path) as wheel:
        (name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
        return HeaderParser().parsestr(wheel.read(name).decode("utf-8"))


def _site_wheel(path: Path) -> SiteWheel:
    metadata = wheel_metadata(path)
    base = [Requirement(r) for r in metadata.get_all("Requires-Dist") or []]
    names = sorted({r.name for r in base if r.marker is None or r.marker.evaluate({"extra": ""})})
    return SiteWheel(path, metadata["Requires-Python"] or "", tuple(names))


def site_wheel(source_root: Path) -> SiteWheel:
    """The wheel of ``source_root``'s ``dplab``, built once per change of its sources."""
    backend = _backend(source_root)
    folder = source_root / ".cache" / "wheel" / _key(source_root, backend)
    built = sorted(folder.glob("*.whl"))
    if not built:
        for stale in folder.parent.glob("*"):  # wheels of earlier sources
            shutil.rmtree(stale, ignore_errors=True)
        built = [_build(source_root, backend[0], folder)]
    return _site_wheel(built[0])
