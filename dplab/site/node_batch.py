"""Run a Node.js script of the site build over a batch of items, with a disk cache.

Two parts of the build render with the project's own front-end packages (pinned in
``package-lock.json``, the same versions the site serves): KaTeX turns TeX into HTML
(:mod:`dplab.site.katex`) and Vega draws a picture of each chart (:mod:`dplab.site.pictures`).
Both send every item that is not cached yet to one Node process as a JSON array on stdin
and read a JSON array back, one ``{"output": ...}`` or ``{"error": ...}`` per item.
Results are cached under ``.cache/<name>`` keyed on the package version, the script and
the item, so a rebuild renders nothing twice.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import subprocess
from pathlib import Path

__all__ = ["NodeBatchRenderer"]

ROOT = Path(__file__).resolve().parents[2]


class NodeBatchRenderer:
    """Render JSON items with ``script`` (next to this module); errors are ``error`` instances."""

    name: str  # of the cache folder, .cache/<name>
    package: str  # the npm package whose version keys the cache
    script: str  # file name of the Node script in dplab/site/
    suffix: str  # file suffix of a cached result
    error: type[Exception] = RuntimeError

    def __init__(self, root: Path = ROOT) -> None:
        self.node_modules = root / "node_modules"
        self.cache_dir = root / ".cache" / self.name
        self._script = Path(__file__).with_name(self.script)
        self._memory: dict[str, str] = {}
        self.rendered = 0  # items actually rendered (not served from a cache)

    @functools.cached_property
    def version(self) -> str:
        package = self.node_modules / self.package / "package.json"
        if not package.is_file():
            raise self.error(
                f"{self.package} is not installed: {package} is missing (run 'make setup')"
            )
        return json.loads(package.read_text())["version"]

    @functools.cached_property
    def _script_digest(self) -> str:
        return hashlib.sha256(self._script.read_bytes()).hexdigest()

    def _key(self, item: object) -> str:
        # The package's version and the script are read once per renderer object (the
        # builds of one process share one; neither changes while it runs).
        data = json.dumps(
            [self.version, self._script_digest, item], ensure_ascii=False, sort_keys=True
        )
        return hashlib.sha256(data.encode()).hexdigest()

    def _cache_file(self, key: str) -> Path:
        return self.cache_dir / key[:2] / f"{key}{self.suffix}"

    def _lookup(self, key: str) -> str | None:
        if key in self._memory:
            return self._memory[key]
        path = self._cache_file(key)
        if path.is_file():
            self._memory[key] = path.read_text(encoding="utf-8")
            return self._memory[key]
        return None

    def _store(self, key: str, output: str) -> None:
        self._memory[key] = output
        path = self._cache_file(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(output, encoding="utf-8")
        temporary.replace(path)

    def finish(self, output: str) -> str:
        """What is cached and returned for one rendered ``output`` (subclasses adjust it)."""
        return output

    def render_items(self, items: list[object]) -> list[str | Exception]:
        """The output for each item, or an ``error`` instance where the script failed on it."""
        keys = [self._key(item) for item in items]
        missing: dict[str, object] = {}
        for key, item in zip(keys, items, strict=True):
            if self._lookup(key) is None:
                missing.setdefault(key, item)
        errors: dict[str, Exception] = {}
        if missing:
            for key, result in zip(missing, self._run_node(list(missing.values())), strict=True):
                if "output" in result:
                    self._store(key, self.finish(result["output"]))
                else:
                    errors[key] = self.error(result["error"])
            self.rendered += len(missing) - len(errors)
        return [errors[key] if key in errors else self._memory[key] for key in keys]

    def _run_node(self, batch: list[object]) -> list[dict[str, str]]:
        env = {**os.environ, "NODE_PATH": str(self.node_modules)}
        completed = subprocess.run(
            ["node", str(self._script)],
            input=json.dumps(batch, ensure_ascii=False),
            capture_output=True,
            text=True,
            env=env,
            cwd=self.node_modules.parent,
            check=False,
        )
        if completed.returncode != 0:
            raise self.error(f"the {self.package} renderer failed: {completed.stderr.strip()}")
        return json.loads(completed.stdout)
