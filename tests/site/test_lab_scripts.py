"""Each page loads the scripts of the labs and graders it holds, and no other
(``dplab.site.lab_scripts``)."""

from __future__ import annotations

import re

import pytest

from dplab.site.lab_scripts import ASSETS, drop_unused_lab_scripts, lab_script_roots

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


def page(body: str) -> str:
    tags = "".join(f'<script src="../assets/dplab/{name}"></script>\n' for name in SCRIPTS)
    return f"<html><body>{body}{tags}</body></html>"


def loaded(html: str) -> list[str]:
    return re.findall(r'assets/dplab/([\w-]+\.js)"', html)


def test_every_lab_script_of_the_site_is_found_with_the_root_it_starts_on():
    roots = lab_script_roots()
    labs = {p.name for p in ASSETS.glob("*-lab.js")} | {
        p.name for p in ASSETS.glob("*-lab-core.js")
    }
    assert set(roots) == labs | {"claim-grader.js"}
    assert roots["gaussian-lab.js"] == "dplab-gauss-lab"  # named by its prefix, not its file
    assert roots["composition-lab.js"] == "dplab-comp-lab"


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
    (tmp_path / "rr-lab.js").write_text('LAB.start("rr", "rr-lab", Lab, labs);', "utf-8")
    (tmp_path / "rr-lab-core.js").write_text("window.DPLAB_CORE = {};", "utf-8")
    roots = lab_script_roots(tmp_path)
    assert roots["rr-lab-core.js"] == roots["rr-lab.js"] == "dplab-rr-lab"
    tags = "".join(
        f'<script src="assets/dplab/{name}"></script>'
        for name in ("lab.js", "rr-lab-core.js", "rr-lab.js")
    )
    with_lab = f'<div class="dplab-rr-lab"></div>{tags}'
    assert loaded(drop_unused_lab_scripts(with_lab, roots)) == [
        "lab.js",
        "rr-lab-core.js",
        "rr-lab.js",
    ]
    assert loaded(drop_unused_lab_scripts(f"<p>글</p>{tags}", roots)) == []


def test_a_core_without_its_lab_is_refused(tmp_path):
    (tmp_path / "odd-lab-core.js").write_text("window.DPLAB_CORE = {};", "utf-8")
    with pytest.raises(ValueError, match=r"odd-lab-core\.js is the core of odd-lab\.js"):
        lab_script_roots(tmp_path)


def test_a_lab_script_not_named_after_its_labs_is_refused(tmp_path):
    (tmp_path / "odd.js").write_text('LAB.start("rr", "rr-lab", Lab, labs);', "utf-8")
    with pytest.raises(ValueError, match=r"odd\.js starts labs named 'rr-lab'"):
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
