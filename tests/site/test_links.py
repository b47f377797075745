"""The link checker: every internal link and #anchor of the built site resolves, outside
links appear only where intended, and a broken link is reported with its page and name."""

from __future__ import annotations

import shutil

import pytest

from dplab.site.build import main
from dplab.site.links import BrokenLink, broken_links, site_pages


def write(root, name, body):
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<!doctype html><html><body>{body}</body></html>", encoding="utf-8")


@pytest.fixture
def tiny_site(tmp_path):
    write(tmp_path, "index.html", '<h1 id="top">홈</h1><a href="lessons/a.html#설정">a</a>')
    write(tmp_path, "lessons/a.html", '<h2 id="설정">설정</h2><a name="old">x</a>')
    write(tmp_path, "404.html", '<a href="/nowhere.html">root-absolute, for a server</a>')
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets/site.css").write_text("")
    return tmp_path


def reasons(site, body, external=None):
    write(site, "lessons/b.html", body)
    return [(b.link, b.reason) for b in broken_links(site, ["lessons/b.html"], external)]


def test_links_that_resolve_pass(tiny_site):
    body = (
        '<a id="here" href="#here">self</a><a href="a.html">page</a>'
        '<a href="a.html#%EC%84%A4%EC%A0%95">percent-encoded Korean anchor</a>'
        '<a href="a.html#old">a named anchor</a><a href="../index.html#top">up</a>'
        '<link rel="stylesheet" href="../assets/site.css"><img src="data:image/png;base64,AA==">'
        '<a href="a.html?x=1">query</a><a href="a.html#설정?n=4&amp;p=0.9">a lab state</a>'
    )
    assert reasons(tiny_site, body) == []
    assert broken_links(tiny_site) == []  # 404.html is not checked
    assert site_pages(tiny_site) == ["index.html", "lessons/a.html", "lessons/b.html"]


@pytest.mark.parametrize(
    ("link", "reason"),
    [
        ("missing.html", "no such file"),
        ("a.html#nowhere", "no element with id 'nowhere' in lessons/a.html"),
        ("#nowhere", "no element with id 'nowhere' in lessons/b.html"),
        ("a.html#lab?n=4", "no element with id 'lab' in lessons/a.html"),
        ("../assets", "names a folder, not a file"),
        ("../../outside.html", "points outside the site"),
        ("/lessons/a.html", "root-absolute"),
        ("../assets/site.css#x", "an anchor on a file that is not a page"),
        ("https://example.org/", "a link to another host"),
        ("//example.org/x.js", "a link to another host"),
    ],
)
def test_each_kind_of_broken_link_is_named_with_its_reason(tiny_site, link, reason):
    ((found_link, found_reason),) = reasons(tiny_site, f'<a href="{link}">x</a>')
    assert found_link == link and reason in found_reason


def test_scripts_images_and_stylesheets_are_checked_too(tiny_site):
    body = '<script src="gone.js"></script><img src="gone.png"><link href="gone.css">'
    assert [link for link, _ in reasons(tiny_site, body)] == ["gone.js", "gone.png", "gone.css"]


def test_outside_links_are_allowed_only_on_the_pages_listed(tiny_site):
    body = '<a href="https://arxiv.org/abs/1805.06530">paper</a>'
    assert reasons(tiny_site, body, {"lessons/*.html": ("https://arxiv.org/abs/",)}) == []
    assert reasons(tiny_site, body, {"index.html": ("https://arxiv.org/abs/",)}) != []


@pytest.mark.build
def test_every_internal_link_and_anchor_of_the_built_site_resolves(built_site):
    pages = site_pages(built_site)
    for expected in (
        "index.html",
        "course-map.html",
        "contributing.html",
        "contributing-reference.html",
        "references.html",
        "lessons/tour.html",
        "notebooks/tour.html",
    ):
        assert expected in pages
    broken = broken_links(built_site)
    assert broken == [], "broken links:\n" + "\n".join(map(str, broken))


@pytest.mark.build
def test_a_deliberately_broken_link_fails_the_check_with_its_name(built_site, tmp_path, capsys):
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    page = site / "lessons" / "laplace.html"
    text = page.read_text(encoding="utf-8")
    text = text.replace(
        "</article>",
        '<a href="gaussian.html#no-such-section">x</a><a href="../notebooks/gone.ipynb">y</a>'
        "</article>",
        1,
    )
    page.write_text(text, encoding="utf-8")
    assert broken_links(site) == [
        BrokenLink(
            "lessons/laplace.html",
            "gaussian.html#no-such-section",
            "no element with id 'no-such-section' in lessons/gaussian.html",
        ),
        BrokenLink("lessons/laplace.html", "../notebooks/gone.ipynb", "no such file"),
    ]
    assert main(["check-links", str(site)]) == 1
    out = capsys.readouterr().out
    assert "lessons/laplace.html: gaussian.html#no-such-section" in out
    assert "lessons/laplace.html: ../notebooks/gone.ipynb (no such file)" in out
