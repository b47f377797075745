"""Per-lesson execution cache.

A lesson's results are reused when nothing they could depend on has changed.  The key
hashes the lesson's text, every file of the ``dplab`` package (a change in the maths or
the views re-executes every lesson), the locked environment (``requirements.lock``,
``package-lock.json``) and the Python version.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path

from dplab.site.execute import CellResult

__all__ = ["ExecutionCache", "environment_digest"]

FORMAT = 1
_LOCK_FILES = ("requirements.lock", "package-lock.json")


def environment_digest(root: Path) -> str:
    """A digest of the ``dplab`` sources, the lock files and the interpreter version."""
    digest = hashlib.sha256(f"format {FORMAT}; python {sys.version}".encode())
    package = root / "dplab"
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    for name in _LOCK_FILES:
        lock = root / name
        digest.update(name.encode() + b"\0" + (lock.read_bytes() if lock.is_file() else b""))
    return digest.hexdigest()


class ExecutionCache:
    """Stores each lesson's cell results as ``<directory>/<slug>.json``.

    ``source_root`` is the checkout whose ``dplab`` sources and lock files enter the key,
    with ``language``, the language of the words that the lessons' outputs carry.
    """

    def __init__(self, directory: Path, source_root: Path, language: str) -> None:
        self.directory = directory
        self.environment = f"{environment_digest(source_root)} {language}"

    def key(self, lesson_text: str) -> str:
        return hashlib.sha256((self.environment + "\0" + lesson_text).encode()).hexdigest()

    def load(self, slug: str, lesson_text: str) -> list[CellResult] | None:
        path = self.directory / f"{slug}.json"
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
        except (FileNotFoundError, json.JSONDecodeError):
            return None
        if stored.get("key") != self.key(lesson_text):
            return None
        return [
            CellResult(outputs=tuple(cell["outputs"]), value=cell["value"])
            for cell in stored["cells"]
        ]

    def store(self, slug: str, lesson_text: str, results: list[CellResult]) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        data = {"key": self.key(lesson_text), "cells": [asdict(r) for r in results]}
        path = self.directory / f"{slug}.json"
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True), "utf-8")
        temporary.replace(path)
