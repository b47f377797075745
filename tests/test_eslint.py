"""ESLint's configuration (tools/eslint/eslint.config.mjs, run by make lint over every
JavaScript file): it reports what it is meant to, with the globals each kind of file has."""

from __future__ import annotations

import json
import subprocess

import pytest

from dplab.site.project import REPOSITORY

ESLINT = REPOSITORY / "tools" / "eslint" / "node_modules" / ".bin" / "eslint"
CONFIG = REPOSITORY / "tools" / "eslint" / "eslint.config.mjs"


def eslint(source: str, as_file: str) -> list[tuple[int, int, str, str]]:
    """Lint source as if it were the repository's file as_file (nothing is written): the
    findings as (line, column, rule, message)."""
    if not ESLINT.exists():
        pytest.fail("ESLint is not installed: run 'make setup-eslint'")
    options = [f"--config={CONFIG}", "--format=json", f"--stdin-filename={as_file}", "--stdin"]
    run = subprocess.run(
        [str(ESLINT), *options],
        input=source,
        capture_output=True,
        text=True,
        cwd=REPOSITORY,
        timeout=120,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    [result] = json.loads(run.stdout)
    found = [(m["line"], m["column"], m["ruleId"], m["message"]) for m in result["messages"]]
    assert run.returncode == (1 if found else 0)
    return found


def test_a_page_script_with_an_unused_variable_and_an_undeclared_global_fails():
    source = '(function () {\n  "use strict";\n  var unused = 1;\n  window.x = DPLAB_NOPE;\n})();\n'
    assert eslint(source, "dplab/views/labs/probe/core.js") == [
        (3, 7, "no-unused-vars", "'unused' is assigned a value but never used."),
        (4, 14, "no-undef", "'DPLAB_NOPE' is not defined."),
    ]


def test_a_page_script_has_the_browser_and_vega_but_not_node():
    source = "window.vegaEmbed = vegaEmbed;\ndocument.title = String(vega);\nrequire('fs');\n"
    assert eslint(source, "docs/assets/dplab/probe.js") == [
        (3, 1, "no-undef", "'require' is not defined."),
    ]


def test_a_node_test_has_node_but_not_the_browser():
    source = '"use strict";\nconst fs = require("fs");\nmodule.exports = { fs, w: window };\n'
    assert eslint(source, "tests/js/probe.test.cjs") == [
        (3, 27, "no-undef", "'window' is not defined."),
    ]
