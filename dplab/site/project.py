"""Where a DP Lab project keeps its parts (so tests can build fixture projects anywhere)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["REPOSITORY", "Project"]

REPOSITORY = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Project:
    """A course project: ``lessons_src/``, ``docs/``, ``mkdocs.yml`` under ``root``."""

    root: Path = REPOSITORY
    node_modules: Path = REPOSITORY / "node_modules"
    # The checkout whose ``dplab`` package and lock files run the lessons (cache key).
    source_root: Path = REPOSITORY

    @property
    def lessons_dir(self) -> Path:
        return self.root / "lessons_src"

    @property
    def docs_dir(self) -> Path:
        return self.root / "docs"

    @property
    def generated_lessons(self) -> Path:
        return self.docs_dir / "lessons"

    @property
    def generated_notebooks(self) -> Path:
        return self.docs_dir / "notebooks"

    @property
    def generated_assets(self) -> Path:
        return self.docs_dir / "assets" / "generated"

    @property
    def vendor_dir(self) -> Path:
        return self.docs_dir / "assets" / "vendor"

    @property
    def cache_dir(self) -> Path:
        return self.root / ".cache"

    @property
    def site_dir(self) -> Path:
        return self.root / "site"

    def lesson_files(self) -> list[Path]:
        return sorted(p for p in self.lessons_dir.glob("*.md") if not p.name.startswith("_"))
