"""The dplab wheel the site ships: its metadata, its determinism, and notebooks run from it.

The slow test is the reader's path: a fresh virtual environment (not the project's
.venv) installs only the wheel from the built site and what its metadata requires, then
runs every downloaded notebook from a folder holding just the notebook and the wheel.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from dplab.site.notebook import SETUP
from dplab.site.project import REPOSITORY
from dplab.site.wheel import normalize_wheel, site_wheel, wheel_metadata

PYPROJECT = tomllib.loads((REPOSITORY / "pyproject.toml").read_text(encoding="utf-8"))
SITE_TOOLS = {"mkdocs", "mkdocs-material", "mkdocs-jupyter", "markdown-katex", "nbclient"}


def locked() -> dict[str, str]:
    pins = {}
    for line in (REPOSITORY / "requirements.lock").read_text().splitlines():
        name, version = line.split("==")
        pins[canonicalize_name(name)] = version
    return pins


def requirements(group: str | None) -> list[Requirement]:
    project = PYPROJECT["project"]
    texts = project["dependencies"] if group is None else project["optional-dependencies"][group]
    return [Requirement(text) for text in texts]


@pytest.mark.parametrize("group", [None, "site", "test"])
def test_the_lock_pins_a_version_inside_every_declared_range(group):
    pins = locked()
    outside = [
        f"{r.name}{r.specifier} (locked: {pins.get(canonicalize_name(r.name), 'missing')})"
        for r in requirements(group)
        if canonicalize_name(r.name) not in pins
        or not r.specifier.contains(pins[canonicalize_name(r.name)])
    ]
    assert outside == []


def test_the_library_declares_ranges_and_leaves_the_site_tools_to_an_extra():
    base = requirements(None)
    assert [str(r) for r in base if any(s.operator in ("==", "===") for s in r.specifier)] == []
    assert [str(r) for r in base if not any(s.operator == ">=" for s in r.specifier)] == []
    assert [str(r) for r in base if not any(s.operator == "<" for s in r.specifier)] == []
    assert SITE_TOOLS.isdisjoint(canonicalize_name(r.name) for r in base)
    assert {canonicalize_name(r.name) for r in requirements("site")} >= SITE_TOOLS


def _closure(names: set[str]) -> set[str]:
    """``names`` and every distribution they require here (extras not taken)."""
    seen: set[str] = set()
    todo = [canonicalize_name(n) for n in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for text in importlib.metadata.requires(name) or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(requirement.name))
    return seen


# Run with the site extra's own modules made unimportable, as in a reader's environment.
_WITHOUT_SITE_TOOLS = """
import importlib, importlib.abc, json, sys
blocked = set(json.loads(sys.argv[1]))

class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked or name.startswith("dplab.site"):
            raise ModuleNotFoundError(f"{name} is installed only by dplab[site]", name=name)

sys.meta_path.insert(0, Blocker())
for name in json.loads(sys.argv[2]):
    importlib.import_module(name)
print(" ".join(sorted(sys.modules)))
"""


def test_the_maths_and_views_import_nothing_that_only_the_site_extra_installs():
    base = _closure({r.name for r in requirements(None)})
    site_only = _closure({r.name for r in requirements("site")}) - base
    blocked = sorted(
        module
        for module, distributions in importlib.metadata.packages_distributions().items()
        if {canonicalize_name(d) for d in distributions} & site_only
        and not module.startswith("_")  # e.g. setuptools' _distutils_hack, loaded at start-up
    )
    assert {"mkdocs", "nbclient", "yaml", "markdown"} <= set(blocked)
    modules = sorted(
        ".".join(path.relative_to(REPOSITORY).with_suffix("").parts).removesuffix(".__init__")
        for path in (REPOSITORY / "dplab").rglob("*.py")
        if "site" not in path.relative_to(REPOSITORY / "dplab").parts
    )
    run = subprocess.run(
        [sys.executable, "-c", _WITHOUT_SITE_TOOLS, json.dumps(blocked), json.dumps(modules)],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPOSITORY,
    )
    assert run.returncode == 0, run.stderr
    loaded = set(run.stdout.split())
    assert {"dplab.views.labs.rr", "dplab.mechanisms.gaussian", "altair"} <= loaded  # it did import


def _zip(path: Path, entries: list[tuple[str, tuple[int, ...], int]]) -> bytes:
    with zipfile.ZipFile(path, "w") as archive:
        for name, date, mode in entries:
            info = zipfile.ZipInfo(name, date_time=date)
            info.external_attr = mode << 16
            archive.writestr(info, f"content of {name}")
    normalize_wheel(path)
    return path.read_bytes()


def test_normalizing_a_wheel_erases_dates_and_permissions_but_keeps_contents(tmp_path):
    names = ["pkg/__init__.py", "pkg-1.dist-info/RECORD"]
    first = _zip(tmp_path / "a.whl", [(n, (2026, 11, 30, 21, 0, 0), 0o100664) for n in names])
    second = _zip(tmp_path / "b.whl", [(n, (1999, 1, 2, 3, 4, 6), 0o100600) for n in names])
    assert first == second
    with zipfile.ZipFile(tmp_path / "a.whl") as archive:
        assert archive.namelist() == names
        assert archive.read("pkg/__init__.py") == b"content of pkg/__init__.py"
        assert {i.date_time for i in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_the_wheel_is_cached_on_its_sources_and_rebuilt_when_they_change(tmp_path):
    sources = tmp_path / "sources"
    shutil.copytree(REPOSITORY / "dplab", sources / "dplab", ignore=shutil.ignore_patterns("__py*"))
    shutil.copy(REPOSITORY / "pyproject.toml", sources / "pyproject.toml")
    first = site_wheel(sources)
    assert site_wheel(sources).path == first.path  # a cache hit: same file
    assert first.name == f"dplab-{PYPROJECT['project']['version']}-py3-none-any.whl"
    assert first.requires_python == PYPROJECT["project"]["requires-python"]
    with (sources / "dplab/mechanisms/laplace.py").open("a") as module:
        module.write("\n# changed\n")
    second = site_wheel(sources)
    assert second.path != first.path
    with zipfile.ZipFile(second.path) as archive:
        assert archive.read("dplab/mechanisms/laplace.py").endswith(b"# changed\n")


# ---------------------------------------------------------------- the built site


def _site_wheel(site: Path) -> Path:
    (wheel,) = sorted((site / "notebooks").glob("dplab-*.whl"))
    return wheel


@pytest.mark.build
def test_the_wheel_metadata_has_ranges_and_the_site_tools_only_under_the_extra(built_site):
    metadata = wheel_metadata(_site_wheel(built_site))
    required = [Requirement(r) for r in metadata.get_all("Requires-Dist")]
    base = [r for r in required if r.marker is None]
    assert base, "the wheel requires nothing"
    assert [str(r) for r in base if "==" in str(r.specifier)] == []
    assert SITE_TOOLS.isdisjoint(canonicalize_name(r.name) for r in base)
    site = {canonicalize_name(r.name) for r in required if r.marker == _extra("site")}
    assert site >= SITE_TOOLS
    assert metadata["Requires-Python"] == PYPROJECT["project"]["requires-python"]


def _extra(name: str):
    return Requirement(f'x; extra == "{name}"').marker


@pytest.mark.build
def test_every_notebook_page_and_first_cell_point_at_the_wheel(built_site):
    wheel = _site_wheel(built_site).name
    python = PYPROJECT["project"]["requires-python"].removeprefix(">=")
    notebooks = sorted((built_site / "notebooks").glob("*.ipynb"))
    assert notebooks
    for path in notebooks:
        cells = json.loads(path.read_text("utf-8"))["cells"]
        first, text = cells[0], "".join(cells[0]["source"])
        assert first["cell_type"] == "markdown", path.name
        setup = next(cell for cell in cells if cell["cell_type"] == "code")
        assert "".join(setup["source"]) == SETUP and "`dplab.views.enable()`" in text, path.name
        assert f"[{wheel}]({wheel})" in text and f"`pip install {wheel}`" in text, path.name
        assert f"파이썬 {python} 이상" in text, path.name
        page = path.with_suffix(".html").read_text("utf-8")
        assert f'<a href="{wheel}" download>dplab 패키지 내려받기 (.whl)</a>' in page, path.name
        lesson = (built_site / "lessons" / path.with_suffix(".html").name).read_text("utf-8")
        assert f'href="../notebooks/{wheel}" download' in lesson, path.name


# ---------------------------------------------------------------- a reader's machine

FRESH_VENVS = REPOSITORY / ".cache" / "wheel-venv"
KERNEL = "dplab-fresh"


# --no-compile: pip would byte-compile every installed module (about 20 s of each
# environment's 30); Python compiles the modules a notebook imports when it does.
_INSTALL = ("install", "--no-compile")


def _pip(python: Path, *arguments: str) -> None:
    run = subprocess.run(
        [str(python), "-m", "pip", "--disable-pip-version-check", "--no-input", *arguments],
        capture_output=True,
        text=True,
        check=False,
        env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")},
    )
    assert run.returncode == 0, f"pip {' '.join(arguments)} failed:\n{run.stdout}\n{run.stderr}"


def _oldest(wheel: Path) -> list[str]:
    """Each base requirement at the lowest version its range allows (``>=X`` → ``==X``)."""
    pins = []
    for text in wheel_metadata(wheel).get_all("Requires-Dist"):
        requirement = Requirement(text)
        if requirement.marker is None:
            (lowest,) = [s.version for s in requirement.specifier if s.operator == ">="]
            pins.append(f"{requirement.name}=={lowest}")
    return pins


def _fresh_environment(wheel: Path, flavour: str) -> Path:
    """A venv holding what the wheel requires (newest or oldest allowed), ipykernel, and the
    wheel itself, installed anew on every call.

    The environment is kept under .cache/wheel-venv, keyed on the flavour, the Python version
    and the wheel's ``Requires-Dist`` (not on its bytes): an edit to dplab's code reuses the
    environment and only reinstalls the wheel (``--no-deps --force-reinstall``, then
    ``pip check``), while a change of what the wheel requires gets a new, clean environment
    from PyPI.
    """
    requires = sorted(wheel_metadata(wheel).get_all("Requires-Dist"))
    key = "\n".join([flavour, sys.version, *requires])
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    home = FRESH_VENVS / flavour
    venv = home / digest
    python = venv / "bin" / "python"
    if not (venv / "installed").is_file():
        shutil.rmtree(home, ignore_errors=True)  # environments of other requirements
        base = getattr(sys, "_base_executable", sys.executable)
        subprocess.run([base, "-m", "venv", str(venv)], check=True)
        pins = _oldest(wheel) if flavour == "oldest" else []
        constraints = venv / "constraints.txt"
        constraints.write_text("".join(f"{pin}\n" for pin in pins))
        _pip(python, *_INSTALL, "--only-binary", ":all:", "-c", str(constraints), str(wheel))
        _pip(python, *_INSTALL, "ipykernel")  # what a reader's Jupyter has
        (venv / "installed").write_text(key)
    _pip(python, *_INSTALL, "--no-deps", "--force-reinstall", str(wheel))
    _pip(python, "check")
    return python


def _register_kernel(python: Path, jupyter: Path) -> None:
    """A kernelspec named KERNEL that runs ``python`` isolated (no PYTHONPATH, no user site)."""
    spec = jupyter / "kernels" / KERNEL
    spec.mkdir(parents=True, exist_ok=True)
    argv = [str(python), "-I", "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    kernel = {"argv": argv, "display_name": "fresh dplab", "language": "python"}
    (spec / "kernel.json").write_text(json.dumps(kernel))


@pytest.mark.build
@pytest.mark.slow
@pytest.mark.parametrize("flavour", ["newest", "oldest"])
def test_downloaded_notebooks_run_clean_in_a_fresh_venv_from_the_wheel_alone(
    built_site, tmp_path, monkeypatch, flavour
):
    wheel = _site_wheel(built_site)
    python = _fresh_environment(wheel, flavour)
    _register_kernel(python, tmp_path / "jupyter")
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    provenance = "import dplab, sys\nprint(dplab.__file__)\nprint(sys.prefix)"
    notebooks = sorted((built_site / "notebooks").glob("*.ipynb"))
    assert notebooks
    for path in notebooks:
        downloads = tmp_path / path.stem  # what a reader saves: the notebook and the wheel
        downloads.mkdir()
        shutil.copy(path, downloads / path.name)
        shutil.copy(wheel, downloads / wheel.name)
        notebook = nbformat.read(downloads / path.name, as_version=4)
        notebook.cells.append(nbformat.v4.new_code_cell(provenance))
        client = NotebookClient(notebook, kernel_name=KERNEL, timeout=300, allow_errors=False)
        client.execute(cwd=str(downloads))
        ran = [c for c in notebook.cells if c.cell_type == "code"]
        assert all(c.execution_count for c in ran), path.name
        where = "".join(o.get("text", "") for o in ran[-1].outputs).split()
        venv = python.parent.parent
        assert Path(where[0]).is_relative_to(venv) and Path(where[1]) == venv, where


def test_the_oldest_allowed_versions_are_read_from_the_lower_bounds(checkout_lock):
    with checkout_lock():  # a build on another worker may be making the same wheel
        wheel = site_wheel(REPOSITORY).path
    pins = _oldest(wheel)
    assert {re.sub(r"==.*", "", p) for p in pins} == {r.name for r in requirements(None)}
    assert all(re.fullmatch(r"[\w.-]+==[\d.]+", p) for p in pins)
