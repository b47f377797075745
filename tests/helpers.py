"""Helpers for tests that build fixture projects."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from dplab.site.project import Project, copy_course

FRONT_MATTER = "---\ntitle: {title}\norder: {order}\nsummary: 요약\n---\n"


def lesson_text(body: str, *, title: str = "시험 단원", order: int = 1) -> str:
    return FRONT_MATTER.format(title=title, order=order) + body


def make_project(root: Path, lessons: dict[str, str]) -> Project:
    """A copy of the course skeleton with the given lessons instead of the course's own."""
    return copy_course(root, lessons)


LAB_JS = Path(__file__).parents[1] / "docs" / "assets" / "dplab" / "lab.js"
# Just enough of a browser for lab.js to define window.DPLAB_LAB in Node.
_NODE_PRELUDE = """
global.window = { addEventListener() {} };
global.document = { addEventListener() {}, readyState: "complete", querySelectorAll: () => [] };
global.location = { hash: "" };
require(process.argv[1]);
const lab = window.DPLAB_LAB;
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
"""


def run_lab_js(body: str, payload: object) -> object:
    """Run ``body`` in Node after loading lab.js (``lab`` is window.DPLAB_LAB, ``input``
    the JSON of ``payload``); ``body`` writes its answer as JSON to stdout, returned here.
    The labs' text rules are checked this way against Python's, once, without a browser."""
    run = subprocess.run(
        ["node", "-e", _NODE_PRELUDE + body, str(LAB_JS)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(run.stdout)
