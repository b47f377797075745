"""The MkDocs glue, kept thin: every decision lives in plain Python in ``dplab.site``.

* ``on_config``: fixes the build date (byte-identical builds), builds the navigation
  from the lessons' front matter and names the package wheel for the notebook pages;
* ``on_pre_build``: runs the pre-build (execute, cache, render lessons and notebooks);
* ``on_config`` also hands the templates the labels and the Content-Security-Policy;
* ``on_post_page``: notebook pages get their math rendered at build time (and lose
  mkdocs-jupyter's MathJax loader), link their large shared CSS instead of inlining it,
  and lose mkdocs-jupyter's remote Mermaid loader;
* ``on_page_markdown``: the line ``[[offline-bundle]]`` becomes the link to the offline
  bundle (``dplab.site.bundle``);
* ``on_serve``: makes ``mkdocs serve`` reload when a lesson or ``dplab`` changes.
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.exceptions import PluginError

from dplab.site.build import PREBUILT
from dplab.site.bundle import MARKER as BUNDLE_MARKER
from dplab.site.bundle import bundle_link
from dplab.site.catalog import lessons_in_order
from dplab.site.errors import LessonError
from dplab.site.katex import KatexError
from dplab.site.notebook import drop_mathjax, externalize_styles, render_notebook_math
from dplab.site.prebuild import BuildFailed, prebuild
from dplab.site.project import Project
from dplab.site.security import CONTENT_SECURITY_POLICY, drop_remote_imports
from dplab.site.wheel import site_wheel, wheel_metadata
from dplab.views import LABELS, label


def _project(config) -> Project:
    return Project(root=Path(config.config_file_path).resolve().parent)


def on_config(config):
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    config.extra["dplab_labels"] = LABELS[os.environ.get("DPLAB_LANG", "ko")]
    config.extra["dplab_csp"] = CONTENT_SECURITY_POLICY
    # The file name of the package wheel in notebooks/, for the notebook pages' link,
    # and its version, which names the offline bundle that the home page links.
    wheel = site_wheel(_project(config).source_root)
    config.extra["dplab_wheel"] = wheel.name
    config.extra["dplab_version"] = wheel_metadata(wheel.path)["Version"]
    try:
        lessons = lessons_in_order(_project(config))
    except LessonError as error:
        raise PluginError(str(error)) from None
    config.nav = [
        {label("nav.home"): "index.md"},
        {label("catalog.heading"): [{x.meta.title: f"lessons/{x.slug}.md"} for x in lessons]},
        *(config.nav or []),
    ]
    return config


def on_pre_build(config):
    if config.extra.get(PREBUILT):
        return
    try:
        prebuild(_project(config))
    except (BuildFailed, FileNotFoundError) as error:
        raise PluginError(f"DP Lab pre-build failed:\n{error}") from None


def on_page_markdown(markdown, page, config, files):
    if BUNDLE_MARKER not in markdown:
        return markdown
    link = bundle_link(config.extra["dplab_version"])
    return "\n".join(
        link if line.strip() == BUNDLE_MARKER else line for line in markdown.split("\n")
    )


def on_post_page(output, page, config):
    if not page.file.src_uri.endswith(".ipynb"):
        return output
    folder = Path(config.site_dir) / "assets" / "generated"

    def write(name: str, css: str) -> None:
        target = folder / name
        if not target.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            target.write_text(css, encoding="utf-8")

    prefix = "../" * page.file.dest_uri.count("/") + "assets/generated/"
    try:
        output = render_notebook_math(drop_mathjax(output), page.file.src_uri)
    except KatexError as error:
        raise PluginError(str(error)) from None
    return externalize_styles(drop_remote_imports(output), prefix, write)


def on_serve(server, config, builder):
    project = _project(config)
    server.watch(str(project.lessons_dir))
    server.watch(str(project.root / "dplab"))
    return server
