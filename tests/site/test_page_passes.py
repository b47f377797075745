"""The passes over a built page: one named, ordered list (issue 39, §2)."""

from __future__ import annotations

import pytest
from mkdocs.exceptions import PluginError

from dplab.site import mkdocs_hooks
from dplab.site.mkdocs_hooks import PAGE_PASSES, PagePass, run_page_passes


def _context(src_uri: str = "lessons/x.md") -> mkdocs_hooks._PageContext:
    return mkdocs_hooks._PageContext(
        src_uri=src_uri, toc=[], prefix="assets/generated/", write=lambda n, t: None, lab_roots={}
    )


def test_the_passes_have_distinct_names_and_the_templates_get_only_theirs():
    names = [page_pass.name for page_pass in PAGE_PASSES]
    assert len(set(names)) == len(names)
    assert [p.name for p in PAGE_PASSES if p.on_templates] == [
        "drop unused lab scripts",
        "defer scripts",
    ]
    # Deferring looks at every script the page still has: it comes after the lab scripts
    # are dropped, and the font preload goes in last, before the first style sheet.
    assert names.index("drop unused lab scripts") < names.index("defer scripts")
    assert names[-1] == "preload math fonts"


def test_passes_run_in_order_and_a_failure_names_the_page_and_the_pass(monkeypatch):
    seen: list[str] = []

    def recorder(name: str, fail: bool = False) -> PagePass:
        def run(html: str, context: object) -> str:
            seen.append(name)
            if fail:
                raise ValueError("broken chart")
            return html + name

        return PagePass(name, run)

    passes = (recorder("a"), PagePass("nb", lambda h, c: h + "nb", True), recorder("b"))
    monkeypatch.setattr(mkdocs_hooks, "PAGE_PASSES", passes)
    assert run_page_passes("", _context(), notebook=False, template=False) == "ab"
    assert run_page_passes("", _context(), notebook=True, template=False) == "anbb"
    monkeypatch.setattr(mkdocs_hooks, "PAGE_PASSES", (recorder("a"), recorder("c", fail=True)))
    with pytest.raises(PluginError, match=r"lessons/y\.md: c: broken chart"):
        run_page_passes("", _context("lessons/y.md"), notebook=False, template=False)
