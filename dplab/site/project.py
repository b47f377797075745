"""Where a DP Lab project keeps its parts (so tests can build fixture projects anywhere)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, replace
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
    """A course project: ``lessons_src/``, ``docs/``, ``mkdocs.yml`` under ``root``.

    A course may have editions in other languages (issue 23): each is a config file
    ``mkdocs.<edition>.yml`` beside ``mkdocs.yml`` (which builds the source edition), with
    its lessons in ``lessons_src/<edition>/``, its pages in ``docs/<edition>/`` and its site
    in ``site/<edition>/``.  ``edition`` is ``None`` for the source edition; the lesson
    bibliography, the labs and the package are shared.
    """

    root: Path = REPOSITORY
    node_modules: Path = REPOSITORY / "node_modules"
    # The checkout whose ``dplab`` package and lock files run the lessons (cache key).
    source_root: Path = REPOSITORY
    edition: str | None = None

    @property
    def config_file(self) -> Path:
        name = "mkdocs.yml" if self.edition is None else f"mkdocs.{self.edition}.yml"
        return self.root / name

    @classmethod
    def of_config(cls, config_file: Path) -> Project:
        """The project (and edition) that an MkDocs config file builds."""
        config_file = config_file.resolve()
        parts = config_file.name.split(".")
        edition = parts[1] if len(parts) == 3 else None
        return cls(root=config_file.parent, edition=edition)

    @cached_property
    def language(self) -> str:
        """The language of the edition's words: ``theme.language`` in its config file,
        which Material's own interface uses too; the build reads it here, once, and passes
        it on (to the lesson workers, the pages' scripts and the templates)."""
        config = yaml.load(self.config_file.read_text("utf-8"), Loader=_ConfigLoader)
        return config["theme"]["language"]

    @property
    def source_edition(self) -> Project:
        return replace(self, edition=None)

    def editions(self) -> list[Project]:
        """The source edition, then every other one (by name) that has a config file."""
        others = sorted(
            path.name.split(".")[1]
            for path in self.root.glob("mkdocs.*.yml")
            if len(path.name.split(".")) == 3
        )
        return [self.source_edition, *(replace(self, edition=name) for name in others)]

    def _edition_dir(self, base: Path) -> Path:
        return base if self.edition is None else base / self.edition

    @property
    def lessons_dir(self) -> Path:
        return self._edition_dir(self.root / "lessons_src")

    @property
    def lesson_template(self) -> Path:
        """The lesson that ``python -m dplab.site new`` copies (not built: its name starts
        with ``_``)."""
        return self.lessons_dir / "_template.md"

    @property
    def bibliography_file(self) -> Path:
        """The sources that lessons cite, shared by every edition."""
        return self.root / "lessons_src" / "references.bib"

    @property
    def docs_dir(self) -> Path:
        return self._edition_dir(self.root / "docs")

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
    def generated_glossary(self) -> Path:
        """The glossary page, written by the pre-build from ``lessons_src/glossary.toml``."""
        return self.docs_dir / "glossary.md"

    @property
    def glossary_file(self) -> Path:
        """The course's terms in every language, shared by the editions."""
        return self.root / "lessons_src" / "glossary.toml"

    @property
    def generated_assets(self) -> Path:
        return self.docs_dir / "assets" / "generated"

    @property
    def site_assets(self) -> Path:
        """The site's own scripts and style sheets (``docs/assets/dplab``), written once for
        every edition (another edition's pre-build copies them into its docs)."""
        return self.root / "docs" / "assets" / "dplab"

    @property
    def edition_site_assets(self) -> Path | None:
        """Where another edition's docs hold their copy of :attr:`site_assets`."""
        return None if self.edition is None else self.docs_dir / "assets" / "dplab"

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
        return self._edition_dir(self.root / ".cache")

    @property
    def site_dir(self) -> Path:
        return self._edition_dir(self.root / "site")

    def lesson_files(self) -> list[Path]:
        return sorted(p for p in self.lessons_dir.glob("*.md") if not p.name.startswith("_"))


def copy_course(
    destination: Path, lessons: dict[str, str] | None = None, editions: tuple[str, ...] = ()
) -> Project:
    """Copy the course skeleton (config, theme overrides, hand-written pages) to ``destination``.

    ``lessons`` maps file names (``en/01-x.md`` for another edition's) to lesson texts
    (``references.bib`` to a bibliography); by default the course's own lessons and
    bibliography are copied.  ``editions`` names the other editions to copy besides the
    source edition (their config file and hand-written pages); none by default, so that a
    copy with lessons of its own needs them in one language only.  Generated files and
    caches are not copied, so the copy builds from cold.  The labs are no part of the
    course's files: they come with the package that runs the lessons
    (:attr:`Project.labs_dir`).
    Used by tests and benchmarks that must not touch the checkout.
    """
    destination.mkdir(parents=True, exist_ok=True)
    hooks = (REPOSITORY / "dplab/site/mkdocs_hooks.py").as_posix()
    source = Project()
    for edition in (None, *editions):
        project = replace(source, edition=edition)
        config = project.config_file.read_text(encoding="utf-8")
        (destination / project.config_file.name).write_text(
            config.replace("dplab/site/mkdocs_hooks.py", hooks), encoding="utf-8"
        )
        docs = destination / project.docs_dir.relative_to(REPOSITORY)
        docs.mkdir(parents=True)
        generated = {project.generated_references.name, project.generated_glossary.name}
        for page in sorted(project.docs_dir.glob("*.md")):
            if page.name not in generated:
                shutil.copy(page, docs / page.name)
    shutil.copytree(REPOSITORY / "overrides", destination / "overrides")
    shutil.copytree(REPOSITORY / "docs/assets/dplab", destination / "docs/assets/dplab")
    lessons_dir = destination / "lessons_src"
    if lessons is None:
        shutil.copytree(
            REPOSITORY / "lessons_src",
            lessons_dir,
            ignore=lambda folder, names: [
                name
                for name in names
                if Path(folder) == REPOSITORY / "lessons_src"
                and (REPOSITORY / "lessons_src" / name).is_dir()
                and name not in editions
            ],
        )
    else:
        lessons_dir.mkdir()
        for name, text in lessons.items():
            (lessons_dir / name).parent.mkdir(parents=True, exist_ok=True)
            (lessons_dir / name).write_text(text, encoding="utf-8")
    return Project(root=destination)
