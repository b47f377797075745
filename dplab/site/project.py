"""Where a DP Lab project keeps its parts (so tests can build fixture projects anywhere)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

__all__ = ["REPOSITORY", "Project", "copy_course"]

REPOSITORY = Path(__file__).resolve().parents[2]


class _ConfigLoader(yaml.SafeLoader):
    """Reads ``mkdocs.yml`` as plain data: MkDocs' own tags (``!ENV``, ``!relative``,
    ``!!python/...``) become ``None``, as no value this module reads carries one."""


_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)


@dataclass(frozen=True)
class Project:
    """A course project: ``lessons_src/``, ``docs/``, ``mkdocs.yml`` under ``root``."""

    root: Path = REPOSITORY
    node_modules: Path = REPOSITORY / "node_modules"
    # The checkout whose ``dplab`` package and lock files run the lessons (cache key).
    source_root: Path = REPOSITORY

    @cached_property
    def language(self) -> str:
        """The language of the site's words: ``theme.language`` in ``mkdocs.yml``, which
        Material's own interface uses too; the build reads it here, once, and passes it on
        (to the lesson workers, the pages' scripts and the templates)."""
        config = yaml.load((self.root / "mkdocs.yml").read_text("utf-8"), Loader=_ConfigLoader)
        return config["theme"]["language"]

    @property
    def lessons_dir(self) -> Path:
        return self.root / "lessons_src"

    @property
    def lesson_template(self) -> Path:
        """The lesson that ``python -m dplab.site new`` copies (not built: its name starts
        with ``_``)."""
        return self.lessons_dir / "_template.md"

    @property
    def bibliography_file(self) -> Path:
        return self.lessons_dir / "references.bib"

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
    def generated_references(self) -> Path:
        """The references page, written by the pre-build from the bibliography."""
        return self.docs_dir / "references.md"

    @property
    def generated_assets(self) -> Path:
        return self.docs_dir / "assets" / "generated"

    @property
    def site_assets(self) -> Path:
        """The site's own scripts and style sheets (``docs/assets/dplab``)."""
        return self.docs_dir / "assets" / "dplab"

    @property
    def labs_dir(self) -> Path:
        """The labs, one folder each, in the package that runs the lessons
        (``dplab/views/labs``; :mod:`dplab.views.labs` says what a folder holds)."""
        return self.source_root / "dplab" / "views" / "labs"

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


def copy_course(destination: Path, lessons: dict[str, str] | None = None) -> Project:
    """Copy the course skeleton (config, theme overrides, hand-written pages) to ``destination``.

    ``lessons`` maps file names to lesson texts (``references.bib`` to a bibliography); by
    default the course's own lessons and bibliography are copied.  Generated files and
    caches are not copied, so the copy builds from cold.  The labs are no part of the
    course's files: they come with the package that runs the lessons
    (:attr:`Project.labs_dir`).
    Used by tests and benchmarks that must not touch the checkout.
    """
    destination.mkdir(parents=True, exist_ok=True)
    config = (REPOSITORY / "mkdocs.yml").read_text(encoding="utf-8")
    hooks = (REPOSITORY / "dplab/site/mkdocs_hooks.py").as_posix()
    (destination / "mkdocs.yml").write_text(
        config.replace("dplab/site/mkdocs_hooks.py", hooks), encoding="utf-8"
    )
    shutil.copytree(REPOSITORY / "overrides", destination / "overrides")
    docs = destination / "docs"
    docs.mkdir()
    generated = Project().generated_references.name
    for page in sorted((REPOSITORY / "docs").glob("*.md")):
        if page.name != generated:
            shutil.copy(page, docs / page.name)
    shutil.copytree(REPOSITORY / "docs/assets/dplab", docs / "assets/dplab")
    lessons_dir = destination / "lessons_src"
    if lessons is None:
        shutil.copytree(REPOSITORY / "lessons_src", lessons_dir)
    else:
        lessons_dir.mkdir()
        for name, text in lessons.items():
            (lessons_dir / name).write_text(text, encoding="utf-8")
    return Project(root=destination)
