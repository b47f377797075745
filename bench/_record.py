"""Where a benchmark keeps its figures: ``bench/results/<name>.json`` (read by bench/report.py).

Each benchmark script calls :func:`record` once, at the end, with the tables it printed.  The
file says when, where and on what the figures were measured: the date (UTC), the machine
(cores, CPU model, the system Chromium's version, Python) and the git commit (``-dirty`` when
the checkout had uncommitted changes).  A later run of the same benchmark replaces the file;
commit it with the change whose effect it measures, then ``make bench-report``.

A table is ``{"title": str, "columns": [str, ...], "rows": [[cell, ...], ...]}``; cells are
written as the report shows them (strings, or numbers printed as they are).
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def _output(command: list[str]) -> str | None:
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=30, cwd=ROOT)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return run.stdout.strip() if run.returncode == 0 else None


def commit() -> str | None:
    """The checked-out commit (short hash), ``-dirty`` if tracked files were changed."""
    head = _output(["git", "rev-parse", "--short", "HEAD"])
    if head is None:
        return None
    changed = _output(["git", "status", "--porcelain", "--untracked-files=no"])
    return f"{head}-dirty" if changed else head


def cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return platform.processor() or platform.machine()
    found = re.search(r"^model name\s*:\s*(.+)$", text, re.MULTILINE)
    return found.group(1).strip() if found else platform.machine()


def chromium_version() -> str | None:
    """The system Chromium's version (the browser the browser tests and bench-pages use)."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        return None
    found = re.search(r"\d+(?:\.\d+)+", _output([executable, "--version"]) or "")
    return found.group(0) if found else None


def machine() -> dict[str, object]:
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu_model(),
        "chromium": chromium_version(),
        "python": platform.python_version(),
    }


def record(
    name: str,
    title: str,
    command: str,
    tables: list[dict],
    notes: list[str] | None = None,
    directory: Path = RESULTS,
) -> Path:
    """Write ``<directory>/<name>.json`` and return its path."""
    if not re.fullmatch(r"[a-z0-9-]+", name):
        raise ValueError(f"name must be lower-case letters, digits and '-', got {name!r}")
    for table in tables:
        width = len(table["columns"])
        for row in table["rows"]:
            if len(row) != width:
                raise ValueError(
                    f"tables: row {row!r} of {table['title']!r} has {len(row)} cells, "
                    f"expected {width}"
                )
    result = {
        "benchmark": name,
        "title": title,
        "command": command,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit(),
        "machine": machine(),
        "tables": tables,
        "notes": notes or [],
    }
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.json"
    path.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"figures recorded in {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return path
