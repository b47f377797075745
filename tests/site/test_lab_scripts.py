"""The labs' scripts come from the lab folders, in order, and each page loads the scripts of
the labs and graders it holds, and no other (``dplab.site.lab_scripts``)."""

from __future__ import annotations

import re

import pytest
import yaml

from dplab.site.lab_scripts import (
    LAB_FILES,
    LABS,
    drop_unused_lab_scripts,
    lab_assets,
    lab_folders,
    lab_script_roots,
    lab_scripts,
)
from dplab.site.project import REPOSITORY

SCRIPTS = [
    "charts.js",
    "components.js",
    "lab.js",
    "claim-grader.js",
    "rr-lab.js",
    "gaussian-lab.js",
]
ROOTS = {
    "claim-grader.js": "dplab-grader",
    "rr-lab.js": "dplab-rr-lab",
    "gaussian-lab.js": "dplab-gauss-lab",
}


def served(name: str) -> str:
    """Where the site serves a script: the labs' under assets/generated/labs/."""
    folder = (
        "dplab" if name in ("charts.js", "components.js", "claim-grader.js") else "generated/labs"
    )
    return f"assets/{folder}/{name}"


def page(body: str) -> str:
    tags = "".join(f'<script src="../{served(name)}"></script>\n' for name in SCRIPTS)
    return f"<html><body>{body}{tags}</body></html>"


def loaded(html: str) -> list[str]:
    return re.findall(r'assets/(?:dplab|generated/labs)/([\w-]+\.js)"', html)


def write_lab(labs, topic: str, prefix: str, name: str | None = None) -> None:
    """A lab folder ``topic`` under ``labs`` whose wiring starts labs ``name`` on
    ``.dplab-<prefix>-lab``."""
    folder = labs / topic
    folder.mkdir(parents=True)
    (folder / "lab.py").write_text("", "utf-8")
    (folder / "core.js").write_text("window.DPLAB_CORE = {};", "utf-8")
    start = f'LAB.start("{prefix}", "{name or topic + "-lab"}", Lab, labs);'
    (folder / "lab.js").write_text(start, "utf-8")


def test_every_lab_script_of_the_site_is_found_with_the_root_it_starts_on():
    roots = lab_script_roots()
    topics = [folder.name for folder in lab_folders()]
    labs = {f"{topic}-lab{part}.js" for topic in topics for part in ("", "-core")}
    assert set(roots) == labs | {"claim-grader.js"}
    assert roots["gaussian-lab.js"] == "dplab-gauss-lab"  # named by its prefix, not its file
    assert roots["composition-lab.js"] == "dplab-comp-lab"


def test_every_lab_folder_holds_its_python_core_and_wiring():
    folders = lab_folders()
    assert {folder.name for folder in folders} >= {"rr", "laplace", "gaussian", "composition"}
    for folder in folders:
        for name in LAB_FILES:
            assert (folder / name).is_file(), folder / name
    # Every folder of dplab/views/labs/ but the package's own (_…) is a lab.
    others = [p.name for p in LABS.iterdir() if p.is_dir() and p not in folders]
    assert all(name.startswith("_") for name in others), others


class _Loader(yaml.SafeLoader):
    """mkdocs.yml as plain data (MkDocs' own tags become None)."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def test_the_hook_lists_each_core_right_before_its_wiring_after_the_shared_script():
    config = yaml.load((REPOSITORY / "mkdocs.yml").read_text("utf-8"), Loader=_Loader)
    listed = config["extra_javascript"]
    assert listed[-2:] == ["assets/generated/labs/lab.js", "assets/dplab/claim-grader.js"]
    scripts = lab_scripts()
    assert not set(scripts) & set(listed)  # the hook appends them; mkdocs.yml lists none
    assert scripts == [
        f"assets/generated/labs/{folder.name}-lab{part}.js"
        for folder in lab_folders()
        for part in ("-core", "")
    ]
    # What the pre-build copies to assets/generated/: the shared script, then each lab's
    # core and wiring, each from its folder.
    expected = {"labs/lab.js": LABS / "lab.js"}
    for folder in lab_folders():
        expected[f"labs/{folder.name}-lab-core.js"] = folder / "core.js"
        expected[f"labs/{folder.name}-lab.js"] = folder / "lab.js"
    assert list(lab_assets().items()) == list(expected.items())


@pytest.mark.parametrize(
    ("body", "kept"),
    [
        ('<div class="dplab-lab dplab-rr-lab" id="rr-lab-x"></div>', ["lab.js", "rr-lab.js"]),
        ('<section class="dplab-grader"></section>', ["lab.js", "claim-grader.js"]),
        ("<p>글만 있는 쪽</p>", []),
        (
            '<div class="dplab-gauss-lab"></div><div class="x dplab-grader"></div>',
            ["lab.js", "claim-grader.js", "gaussian-lab.js"],
        ),
    ],
)
def test_a_page_keeps_the_scripts_of_its_labs(body, kept):
    assert loaded(drop_unused_lab_scripts(page(body), ROOTS)) == [
        "charts.js",
        "components.js",
        *kept,
    ]


def test_a_labs_core_goes_where_its_lab_goes(tmp_path):
    write_lab(tmp_path, "rr", "rr")
    roots = lab_script_roots(tmp_path)
    assert roots["rr-lab-core.js"] == roots["rr-lab.js"] == "dplab-rr-lab"
    tags = "".join(
        f'<script src="assets/generated/labs/{name}"></script>'
        for name in ("lab.js", "rr-lab-core.js", "rr-lab.js")
    )
    with_lab = f'<div class="dplab-rr-lab"></div>{tags}'
    assert loaded(drop_unused_lab_scripts(with_lab, roots)) == [
        "lab.js",
        "rr-lab-core.js",
        "rr-lab.js",
    ]
    assert loaded(drop_unused_lab_scripts(f"<p>글</p>{tags}", roots)) == []


@pytest.mark.parametrize("missing", LAB_FILES)
def test_a_lab_folder_without_its_python_core_or_wiring_is_refused(tmp_path, missing):
    write_lab(tmp_path, "odd", "odd")
    (tmp_path / "odd" / missing).unlink()
    with pytest.raises(ValueError, match=rf"the lab folder .*odd lacks {re.escape(missing)}"):
        lab_script_roots(tmp_path)


def test_a_folder_of_the_package_itself_is_no_lab(tmp_path):
    write_lab(tmp_path, "rr", "rr")
    (tmp_path / "__pycache__").mkdir()
    assert [folder.name for folder in lab_folders(tmp_path)] == ["rr"]


def test_a_lab_whose_wiring_starts_labs_of_another_name_is_refused(tmp_path):
    write_lab(tmp_path, "odd", "rr", name="rr-lab")
    with pytest.raises(
        ValueError, match=r"starts labs named rr-lab: the wiring of the lab folder odd"
    ):
        lab_script_roots(tmp_path)


@pytest.mark.build
def test_each_built_page_loads_exactly_the_lab_scripts_it_needs(built_site):
    roots = lab_script_roots()
    seen = set()
    for path in sorted(built_site.rglob("*.html")):
        text = path.read_text("utf-8")
        scripts = set(loaded(text)) & (set(roots) | {"lab.js"})
        words = {w for value in re.findall(r'class="([^"]*)"', text) for w in value.split()}
        needed = {script for script, root in roots.items() if root in words}
        assert scripts == (needed | {"lab.js"} if needed else set()), path.name
        seen |= needed
    assert seen == set(roots)  # every lab script is loaded by some page
