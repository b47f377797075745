"""Fixtures shared by the build and browser tests, and the suite's rules for running in parallel.

``make test`` runs pytest-xdist with two workers and ``--dist loadgroup``.  Every browser test
is put in one group here, so one worker runs them all, one after another (one Chromium), and
the other tests are spread over both workers; each long browser test marked
``browser_apart`` (the page walks) is a group of its own, handed out once the quick tests
have been, to whichever worker asks first (a worker's Chromium is its own: never more than
one per worker).  Builds from the checkout write
its generated pages and caches, so they hold one lock shared by the workers of the run, and
the sites that several workers read are built once per run (``shared_build``).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from _pytest.nodeid import NodeId

from dplab.site.build import build_site
from dplab.site.check_lesson import BUILT_SITE, CHECK_LESSON
from dplab.site.project import REPOSITORY, Project, copy_course
from dplab.site.scaffold import new_lesson

BROWSER_GROUP = "browser"
APART_GROUP = "browser-apart"


def concerns_lesson(item: pytest.Item, stem: str) -> bool:
    """Whether ``item`` is one of the checks of one lesson (``stem``, as ``03-laplace``) that
    ``python -m dplab.site check-lesson`` runs (it sets :data:`CHECK_LESSON`): no browser test
    and no slow one; every test of the built course (those that read ``built_site``, not the
    site that a scaffolded lesson adds); and every other test that names the lesson, by its
    parameters (the scans parametrized over every lesson) or, if it has no lesson among
    them, in its file (the lesson's own claims tests)."""
    if item.get_closest_marker("browser") or item.get_closest_marker("slow"):
        return False
    fixtures = getattr(item, "fixturenames", ())
    if item.get_closest_marker("build"):
        return "built_site" in fixtures and "scaffolded_site" not in fixtures
    parameters = item.name.partition("[")[2]
    if _LESSON_STEM.search(parameters):  # parametrized by lesson: this lesson's only
        return stem in parameters
    return stem in _source_text(item.path)


# A lesson file's stem in a test's parameters ("03-laplace.md", "03-laplace-ko").
_LESSON_STEM = re.compile(r"(?<![\w-])\d{2}-[a-z]")


_TEXTS: dict[Path, str] = {}


def _source_text(path: Path) -> str:
    if path not in _TEXTS:
        _TEXTS[path] = path.read_text("utf-8") if path.suffix == ".py" else ""
    return _TEXTS[path]


@pytest.hookimpl(trylast=True)  # after pytest-xdist's own hook (see _join_group)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests into their groups, and every test in the order in which xdist is to
    hand it out (:func:`_handed_out`; with ``--no-loadscope-reorder``, pyproject.toml, xdist
    hands out the groups in the order collected).  The longest units go out first, as a good
    schedule does: with the walks handed out last, xdist (which gives a worker its next unit
    while two of its tests are still pending, because a worker runs a test only once it
    knows the next) gave three of the four walks to one worker, which ran them in turn while
    the other had nothing left to do for six minutes (make test, fresh clone, both
    editions: 20 min).  Under ``check-lesson`` only the checks of its lesson are kept
    (:func:`concerns_lesson`)."""
    stem = os.environ.get(CHECK_LESSON)
    if stem:
        kept = [item for item in items if concerns_lesson(item, stem)]
        chosen = {id(item) for item in kept}
        config.hook.pytest_deselected(items=[i for i in items if id(i) not in chosen])
        items[:] = kept
    for item in items:
        if item.get_closest_marker("browser"):
            apart = item.get_closest_marker("browser_apart") is not None
            group = f"{APART_GROUP}-{item.name}" if apart else BROWSER_GROUP
            item.add_marker(pytest.mark.xdist_group(group))
            if getattr(config.option, "loadgroup", False):  # an xdist worker, --dist loadgroup
                _join_group(item, group)
    items.sort(key=_handed_out)


def _handed_out(item: pytest.Item) -> int:
    """Where ``item`` stands in the order of handing out (a stable sort keeps the rest): the
    browser group, the tests that need no build, the slow build tests (a minute each: handed
    out last, two went to one worker while the other idled), the walks, the other build
    tests (short ones, which even out the two workers' ends)."""
    if item.get_closest_marker("browser_apart"):
        return 3
    if item.get_closest_marker("browser"):
        return 0
    if item.get_closest_marker("build"):
        return 2 if item.get_closest_marker("slow") else 4
    return 1


def _join_group(item: pytest.Item, group: str) -> None:
    """Give ``item`` the node id ``<id>@<group>``, from which xdist's scheduler reads the group.

    pytest-xdist 3.8 does this in its own hook by setting ``item._nodeid``, which pytest 9.2
    no longer reads (its node ids are structured: pytest-xdist issue 1386), so the groups
    were silently ignored.  Remove this once the pinned xdist sets the structured id itself;
    if pytest changes it again, the run stops here instead of opening two browsers at once.
    """
    grouped = f"{item.nodeid}@{group}"
    if item.nodeid.endswith(f"@{group}"):
        return
    item._id = NodeId.parse(grouped)
    if item.nodeid != grouped:
        raise pytest.UsageError(f"cannot put {item.nodeid} in the xdist group {group!r}")


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this run that all workers share (each worker's base is in it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def checkout_lock(
    tmp_path_factory: pytest.TempPathFactory,
) -> Callable[[], contextlib.AbstractContextManager[None]]:
    """``with checkout_lock():`` around anything that builds from the checkout (it writes the
    checkout's ``docs/`` and ``.cache/``), so that no two workers of the run do it at once."""
    path = _run_folder(tmp_path_factory) / "checkout.lock"

    @contextlib.contextmanager
    def held() -> Iterator[None]:
        with path.open("w") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file is closed
            yield

    return held


@pytest.fixture(scope="session")
def shared_build(tmp_path_factory, checkout_lock) -> Callable[[str, Callable[[Path], Path]], Path]:
    """``shared_build(name, build)``: the site that ``build(folder)`` makes in an empty
    ``folder`` (and returns), built once per run for all workers.  The first worker that needs
    it builds it under the lock; the others wait, then reuse it.  A build that failed is
    reported to the others without building again."""

    def shared(name: str, build: Callable[[Path], Path]) -> Path:
        folder = _run_folder(tmp_path_factory) / name
        done, failed = folder.with_name(f"{name}.done"), folder.with_name(f"{name}.failed")
        with checkout_lock():
            if failed.is_file():
                pytest.fail(f"building {name} failed in another worker:\n{failed.read_text()}")
            if not done.is_file():
                folder.mkdir()
                try:
                    site = build(folder)
                except BaseException as error:
                    failed.write_text(f"{type(error).__name__}: {error}")
                    raise
                done.write_text(site.relative_to(folder).as_posix())
            return folder / done.read_text()

    return shared


@pytest.fixture(scope="session")
def built_site(shared_build) -> Path:
    """The real course, built once per test run into a temporary folder (or the site that
    ``check-lesson`` has just built from the checkout, named by :data:`BUILT_SITE`)."""
    if os.environ.get(BUILT_SITE):
        return Path(os.environ[BUILT_SITE])
    return shared_build("site", lambda folder: build_site(Project(), site_dir=folder / "site"))


SCAFFOLDED_SLUG = "new-lesson"
# Caches under .cache/ that the tests write and no build reads (tests/js/golden.py, the
# notebook environments of tests/site/test_notebook.py).
TEST_ONLY_CACHES = ("golden", "wheel-venv")


@pytest.fixture(scope="session")
def scaffolded_site(built_site: Path, shared_build) -> Path:
    """The course (both editions) plus one lesson just started by ``new`` (untouched, its
    English title given), built in a copy.

    The copy takes the checkout's build caches, which ``built_site`` has just filled, so only
    the new lesson runs; not the tests' own caches (:data:`TEST_ONLY_CACHES`: the readers'
    notebook environments alone hold about 1 GB, and copying them took most of a minute).
    Nothing is written to the checkout's ``lessons_src``.
    """

    def build(folder: Path) -> Path:
        project = copy_course(folder / "course", editions=("en",))
        shutil.copytree(
            REPOSITORY / ".cache",
            project.cache_dir,
            dirs_exist_ok=True,
            ignore=lambda directory, names: [
                name
                for name in names
                if Path(directory) == REPOSITORY / ".cache" and name in TEST_ONLY_CACHES
            ],
        )
        new_lesson(
            project,
            SCAFFOLDED_SLUG,
            "새 단원: 틀에서 시작하기",
            {"en": "A new lesson: started from the template"},
        )
        return build_site(project)

    return shared_build("scaffolded", build)
