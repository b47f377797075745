"""Every wait of the browser tests ends: on the signal it waits for, or with an error that
names that signal. Playwright's ``evaluate`` has no timeout, so a promise awaited in the page
goes through :func:`tests.browser.helpers.settle`, which bounds it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.browser.helpers import (
    IN_VIEW,
    SignalNeverCame,
    axe_violations,
    next_frames,
    scrolled,
    settle,
)

BROWSER_TESTS = Path(__file__).parent
# What makes a script evaluated in the page return a promise that Playwright awaits.
AWAITS = ("Promise", "async", "await", "fonts.ready", ".then(")


def literal_text(node: ast.expr) -> str:
    """The constant text of a string expression (literal, implicit concatenation, the
    constant parts of an f-string); empty for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(literal_text(part) for part in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return literal_text(node.left) + literal_text(node.right)
    return ""


def unbounded_waits(source: str, filename: str) -> list[str]:
    """``file:line`` of each ``….evaluate(script, …)`` call whose script awaits something."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("evaluate", "evaluate_all", "evaluate_handle")
            and node.args
            and any(mark in literal_text(node.args[0]) for mark in AWAITS)
        ):
            found.append(f"{filename}:{node.lineno}")
    return found


def test_no_browser_test_awaits_a_promise_without_a_bound():
    found = []
    for path in sorted(BROWSER_TESTS.glob("*.py")):
        if path.name != "helpers.py":  # settle itself
            found += unbounded_waits(path.read_text("utf-8"), path.name)
    assert found == []


def test_the_scan_finds_an_awaited_promise():
    source = (
        "page.evaluate('() => new Promise((r) => requestAnimationFrame(r))')\n"
        "page.evaluate('document.fonts' '.ready')\n"
        "box.evaluate(f'async (el) => await {x}')\n"
        "page.evaluate('() => scrollY')\n"
    )
    assert unbounded_waits(source, "t.py") == ["t.py:1", "t.py:2", "t.py:3"]


@pytest.mark.browser
def test_a_signal_that_never_comes_fails_with_its_name(open_page):
    page = open_page("index.html", draw_all=False).page
    with pytest.raises(SignalNeverCame, match="an event nobody sends"):
        settle(page, "() => new Promise(() => {})", signal="an event nobody sends", timeout_ms=200)
    # What does settle is returned, with the element and the argument passed through.
    title = page.locator("h1").first
    assert settle(title, "async (h, suffix) => h.tagName + suffix", "!", signal="a tag") == "H1!"
    assert settle(page, "(n) => Promise.resolve(n + 1);", 41, signal="a sum") == 42


@pytest.mark.browser
def test_axe_reads_colours_once_transitions_have_ended(open_page):
    """A text fading from white to black over a second is measured black (on the old
    reading, axe measured it white at once and found no contrast); an endless animation
    elsewhere on the page is not waited for."""
    page = open_page("index.html", draw_all=False).page
    page.evaluate(
        """() => {
        const style = document.createElement('style');
        style.textContent = '@keyframes dplab-turn { to { transform: rotate(1turn); } }'
          + ' #dplab-spinner { animation: dplab-turn 1s linear infinite; }';
        document.head.append(style);
        const spinner = document.createElement('div');
        spinner.id = 'dplab-spinner';
        const text = document.createElement('p');
        text.id = 'dplab-fading';
        text.textContent = 'A sentence that fades in.';
        text.style.cssText = 'color: #fff; background: #fff; transition: color 1s linear';
        document.querySelector('h1').after(text, spinner);
        getComputedStyle(text).color;  // the white is applied: what follows is a transition
        text.style.color = '#000';
    }"""
    )
    found = axe_violations(
        page,
        "{runOnly: ['color-contrast'], resultTypes: ['violations']}",
        "() => true",
        "(v) => v.nodes.map((n) => n.target.join(' '))",
        "#dplab-fading",
    )
    assert found == []
    assert page.evaluate("() => document.getAnimations().length") == 1  # the spinner turns on


# The sections of a long page on screen, by their place on the page, each with whether it is
# rendered (not skipping its rendering: content-visibility).
SECTIONS_ON_SCREEN = f"""() => [...document.querySelectorAll('.dplab-section')].flatMap((s, i) =>
  ({IN_VIEW})(s) ? [[i, s.checkVisibility({{contentVisibilityAuto: true}})]] : [])"""


@pytest.mark.browser
def test_a_scroll_is_read_once_the_browser_has_rendered_what_it_brought_on_screen(open_page):
    """After ``scrolled``, the page is as the reader sees it: the sections on screen are
    rendered, at their real sizes, so what is on screen stays so frames later. On the old
    reading (scroll, then read at once) the layout read was not the one painted: the
    Gaussian lesson at half its height showed its 8th section on screen at once, its 9th
    and 10th two frames later, so a chart could pass the screen unseen by the page walk."""
    page = open_page("lessons/gaussian.html", draw_all=False).page
    for where in ("document.documentElement.scrollHeight / 2", "innerHeight * 3"):
        scrolled(page, f"scrollTo(0, {where})")
        shown = page.evaluate(SECTIONS_ON_SCREEN)
        assert shown and all(rendered for _, rendered in shown), shown
        next_frames(page)
        assert page.evaluate(SECTIONS_ON_SCREEN) == shown
