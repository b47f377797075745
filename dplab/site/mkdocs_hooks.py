"""The MkDocs glue, kept thin: every decision lives in plain Python in ``dplab.site``.

* ``on_config``: fixes the build date (byte-identical builds), builds the navigation
  from the lessons' front matter and names the package wheel for the notebook pages;
* ``on_pre_build``: runs the pre-build (execute, cache, render lessons and notebooks);
* ``on_config`` also makes the site's language (``theme.language``) the words' language,
  hands the templates the labels and the Content-Security-Policy, names the light/dark
  switch from the labels, and appends each lab's scripts, from the lab folders, to the
  scripts ``mkdocs.yml`` lists (``dplab.site.lab_scripts.lab_scripts``);
* ``on_page_context``: Material's search indexes a copy of each page in which formulas
  read as text (``dplab.site.search_text``); notebook pages, which repeat their lesson,
  are not indexed;
* ``on_post_build``: each search entry gets the course terms it uses as whole words
  (``dplab.site.search_text.with_course_terms``), a field ``mkdocs.yml`` boosts;
* ``on_post_page``: the passes of :data:`PAGE_PASSES`, in that order (``on_post_template``:
  the ones marked for templates).  Every chart gets its pictures drawn at build time
  (``dplab.site.pictures``); the charts', labs' and graders' JSON moves into the page's
  data script (``dplab.site.page_data``); a page keeps the scripts of the labs it holds
  only (``dplab.site.lab_scripts``; ``on_post_template``: the 404 page, no lab); every
  box that may scroll is focusable until the page has measured it
  (``dplab.site.sections.mark_scroll_boxes``); notebook pages get their math rendered at
  build time (and lose mkdocs-jupyter's MathJax loader), heading ids that
  their table of contents links to, link their large shared CSS instead of inlining it,
  and lose mkdocs-jupyter's remote Mermaid loader;
* ``on_page_markdown``: the line ``[[offline-bundle]]`` becomes the link to the offline
  bundle (``dplab.site.bundle``);
* ``on_serve``: makes ``mkdocs serve`` reload when a lesson or ``dplab`` changes.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import CombinedEvent, event_priority

from dplab.site.build import PREBUILT
from dplab.site.bundle import MARKER as BUNDLE_MARKER
from dplab.site.bundle import bundle_link
from dplab.site.catalog import lessons_in_order
from dplab.site.errors import LessonError
from dplab.site.glossary import link_first_uses
from dplab.site.katex import KatexError
from dplab.site.lab_scripts import drop_unused_lab_scripts, lab_script_roots, lab_scripts
from dplab.site.loading import defer_scripts, preload_math_fonts
from dplab.site.notebook import (
    anchor_headings,
    drop_mathjax,
    externalize_styles,
    render_notebook_math,
)
from dplab.site.page_data import move_data_out
from dplab.site.pictures import ChartPictureError, add_pictures
from dplab.site.prebuild import BuildFailed, prebuild, read_course_glossary
from dplab.site.project import Project
from dplab.site.search_text import search_view, with_course_terms
from dplab.site.sections import mark_scroll_boxes
from dplab.site.security import CONTENT_SECURITY_POLICY, drop_remote_imports
from dplab.site.wheel import site_wheel, wheel_metadata
from dplab.views import LABELS, label, use_language


def _project(config) -> Project:
    return Project.of_config(Path(config.config_file_path))


# The words of the light/dark switch, by the colour scheme that each palette entry sets.
_PALETTE_TOGGLES = {"default": "palette.to_dark", "slate": "palette.to_light"}


def on_config(config):
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    # The site's language, chosen once in mkdocs.yml, is the words' language in this
    # process (the pre-build passes it to the lesson workers).
    language = _project(config).language
    use_language(language)
    config.extra["dplab_language"] = language  # read on every page: no config file re-read
    config.extra["dplab_labels"] = LABELS[language]
    for option in config.theme["palette"]:
        option["toggle"]["name"] = label(_PALETTE_TOGGLES[option["scheme"]])
    config.extra["dplab_csp"] = CONTENT_SECURITY_POLICY
    project = _project(config)
    # The catalog lists this edition's lessons; another edition lives at <site>/<edition>/.
    config.mdx_configs.setdefault("dplab.site.catalog", {})["edition"] = project.edition or ""
    if project.edition is not None and config.site_url:
        config.site_url = f"{config.site_url.rstrip('/')}/{project.edition}/"
    _offer_editions(config, project)
    try:
        config.extra["dplab_glossary"] = read_course_glossary(project)
    except BuildFailed as error:
        raise PluginError(str(error)) from None
    # Each lab's scripts, from its folder, after those mkdocs.yml lists (once).
    listed = {str(script) for script in config.extra_javascript}
    labs = lab_scripts(_project(config).labs_dir)
    config.extra_javascript.extend(script for script in labs if script not in listed)
    # mkdocs-jupyter's cache is relative to the working directory unless given: keep it in
    # the project's caches, so that a build started from any directory writes nothing there.
    jupyter = config.plugins["mkdocs-jupyter"].config
    jupyter["cache_dir"] = str(_project(config).cache_dir / "mkdocs-jupyter")
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


def _offer_editions(config, project: Project) -> None:
    """The language switch (Material's header menu, our ``partials/alternate.html``) and
    the ``hreflang`` links in each page's head (``main.html``): every edition of the
    course, each named in its own language, with the way from this edition's root to that
    edition's root; the templates add the page's own address, so that the switch leads to
    the same page.  ``extra.alternate`` is set to ``True``, not to a list: Material's
    header then includes the partial, and its head writes no links of its own (they would
    go through the ``url`` filter, which cannot climb above the edition's root)."""
    editions = project.editions()
    if len(editions) < 2:
        return
    here = "" if project.edition is None else "../"
    config.extra["alternate"] = True
    config.extra["dplab_editions"] = [
        {
            "lang": edition.language,
            "name": label("site.language_name", lang=edition.language),
            "root": ""
            if edition.edition == project.edition
            else here + ("" if edition.edition is None else f"{edition.edition}/"),
            "current": edition.edition == project.edition,
        }
        for edition in editions
    ]


def on_pre_build(config):
    if config.extra.get(PREBUILT):
        return
    try:
        prebuild(_project(config))
    except (BuildFailed, FileNotFoundError) as error:
        raise PluginError(f"DP Lab pre-build failed:\n{error}") from None


def on_page_content(html, page, config, files):
    # A lesson links the first use of each course term to its glossary entry.
    if not page.file.src_uri.startswith("lessons/"):
        return html
    terms = config.extra["dplab_glossary"]
    return link_first_uses(html, terms, config.extra["dplab_language"], "../glossary.html")


def on_page_markdown(markdown, page, config, files):
    if BUNDLE_MARKER not in markdown:
        return markdown
    site_root = "" if _project(config).edition is None else "../"
    link = bundle_link(config.extra["dplab_version"], site_root)
    return "\n".join(
        link if line.strip() == BUNDLE_MARKER else line for line in markdown.split("\n")
    )


# Material's search plugin strips these attributes from the pages it has indexed.
_SEARCH_ATTRIBUTE = re.compile(r'\s?data-search-\w+="[^"]+"')
_BEFORE_SEARCH: dict[str, str] = {}


@event_priority(100)  # before Material's search plugin indexes the page
def _index_what_the_reader_reads(context, page, config, nav):
    if page.file.src_uri.endswith(".ipynb"):
        # A notebook page repeats its lesson, with TeX source for its math and Korean
        # headings without ids (so every section would share one address).
        page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
        return context
    _BEFORE_SEARCH[page.file.src_uri] = page.content
    page.content = search_view(page.content)
    return context


@event_priority(-100)  # after Material's search plugin has indexed the page
def _serve_the_page_itself(context, page, config, nav):
    original = _BEFORE_SEARCH.pop(page.file.src_uri, None)
    if original is not None:
        page.content = _SEARCH_ATTRIBUTE.sub("", original)
    return context


on_page_context = CombinedEvent(_index_what_the_reader_reads, _serve_the_page_itself)


@event_priority(-50)  # after Material's search plugin writes the index, before offline copies it
def on_post_build(config):
    path = Path(config.site_dir) / "search" / "search_index.json"
    if path.exists():
        language = config.extra["dplab_language"]
        home: dict[str, list[str]] = {}
        for term in config.extra["dplab_glossary"]:
            home.setdefault(f"lessons/{term.lesson}.html", []).append(term.words[language])
        index = with_course_terms(json.loads(path.read_text("utf-8")), home)
        path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), "utf-8")


@dataclass(frozen=True)
class _PageContext:
    """What the passes over a built page need to know of it."""

    src_uri: str
    toc: list[tuple[str, str]]  # (id, title) of every heading of its table of contents
    prefix: str  # from the page to assets/generated/
    write: Callable[[str, str], None]  # writes a generated asset once
    lab_roots: dict[str, str]  # each lab script and its root class (lab_script_roots)


@dataclass(frozen=True)
class PagePass:
    """One pass over a built page's HTML: ``run(html, context) -> html``."""

    name: str
    run: Callable[[str, _PageContext], str]
    notebooks_only: bool = False
    on_templates: bool = False  # also over the static templates (the 404 page: no lab, no chart)


# Every pass over a built page, in the order they run (on_post_page; on_post_template runs the
# ones marked for templates).  Each is a plain function of dplab.site with its own tests.
PAGE_PASSES = (
    PagePass("drop mkdocs-jupyter's MathJax loader", lambda h, c: drop_mathjax(h), True),
    PagePass("render a notebook's math", lambda h, c: render_notebook_math(h, c.src_uri), True),
    PagePass(
        "anchor a notebook's headings", lambda h, c: anchor_headings(h, c.toc, c.src_uri), True
    ),
    PagePass("drop remote imports", lambda h, c: drop_remote_imports(h), True),
    PagePass("link shared styles", lambda h, c: externalize_styles(h, c.prefix, c.write), True),
    PagePass("draw chart pictures", lambda h, c: add_pictures(h, c.prefix, c.write)),
    PagePass("move data into the data script", lambda h, c: move_data_out(h, c.prefix, c.write)),
    PagePass(
        "drop unused lab scripts",
        lambda h, c: drop_unused_lab_scripts(h, c.lab_roots),
        on_templates=True,
    ),
    PagePass("mark scroll boxes", lambda h, c: mark_scroll_boxes(h)),
    PagePass("defer scripts", lambda h, c: defer_scripts(h), on_templates=True),
    PagePass("preload math fonts", lambda h, c: preload_math_fonts(h)),
)


def run_page_passes(html: str, context: _PageContext, *, notebook: bool, template: bool) -> str:
    """``html`` after every pass of :data:`PAGE_PASSES` that applies, in order."""
    for page_pass in PAGE_PASSES:
        if (page_pass.notebooks_only and not notebook) or (template and not page_pass.on_templates):
            continue
        try:
            html = page_pass.run(html, context)
        except (KatexError, ChartPictureError, ValueError) as error:
            raise PluginError(f"{context.src_uri}: {page_pass.name}: {error}") from None
    return html


def _generated_writer(config) -> Callable[[str, str], None]:
    folder = Path(config.site_dir) / "assets" / "generated"

    def write(name: str, text: str) -> None:
        target = folder / name
        if not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")

    return write


def on_post_page(output, page, config):
    context = _PageContext(
        src_uri=page.file.src_uri,
        toc=[(item.id, item.title) for item in _flatten(page.toc)],
        prefix="../" * page.file.dest_uri.count("/") + "assets/generated/",
        write=_generated_writer(config),
        lab_roots=lab_script_roots(_project(config).labs_dir),
    )
    notebook = page.file.src_uri.endswith(".ipynb")
    return run_page_passes(output, context, notebook=notebook, template=False)


def on_post_template(output_content, template_name, config):
    # The static templates (404.html) are no pages, and hold no lab either.
    context = _PageContext(
        src_uri=template_name,
        toc=[],
        prefix="assets/generated/",
        write=_generated_writer(config),
        lab_roots=lab_script_roots(_project(config).labs_dir),
    )
    return run_page_passes(output_content, context, notebook=False, template=True)


def _flatten(items):
    for item in items:
        yield item
        yield from _flatten(item.children)


def on_serve(server, config, builder):
    project = _project(config)
    server.watch(str(project.lessons_dir))
    server.watch(str(project.root / "dplab"))
    return server
