"""The offline bundle (``make dist``): one reproducible zip of the built site, its
notebooks and its wheel, never a copy of itself.  The browser opens it from disk in
tests/browser/test_hosting.py."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from dplab.site.build import main
from dplab.site.bundle import DOWNLOADS, bundle_file_name, site_version, write_bundle


def fake_site(root: Path, version: str = "1.2.3") -> Path:
    """A small built site: pages, a notebook, the wheel beside it, a published bundle."""
    files = {
        "index.html": "<h1>home</h1>",
        "lessons/a.html": "<h1>a</h1>",
        "notebooks/a.ipynb": "{}",
        "assets/x.css": "body {}",
        f"{DOWNLOADS}/{bundle_file_name('1.0.0')}": "an older bundle",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    with zipfile.ZipFile(root / f"notebooks/dplab-{version}-py3-none-any.whl", "w") as wheel:
        wheel.writestr(f"dplab-{version}.dist-info/METADATA", f"Name: dplab\nVersion: {version}\n")
    return root


def test_the_bundle_holds_the_site_under_one_folder_but_not_its_downloads(tmp_path):
    site = fake_site(tmp_path / "site")
    bundle = write_bundle(site, tmp_path / "dist")
    assert bundle == tmp_path / "dist" / "dp-lab-1.2.3.zip"
    assert (tmp_path / "dist" / "dplab-1.2.3-py3-none-any.whl").read_bytes() == (
        site / "notebooks/dplab-1.2.3-py3-none-any.whl"
    ).read_bytes()
    with zipfile.ZipFile(bundle) as archive:
        names = archive.namelist()
        assert archive.read("dp-lab-1.2.3/lessons/a.html") == b"<h1>a</h1>"
        dates = {info.date_time for info in archive.infolist()}
    assert names == [
        "dp-lab-1.2.3/assets/x.css",
        "dp-lab-1.2.3/index.html",
        "dp-lab-1.2.3/lessons/a.html",
        "dp-lab-1.2.3/notebooks/a.ipynb",
        "dp-lab-1.2.3/notebooks/dplab-1.2.3-py3-none-any.whl",
    ]
    assert dates == {(1980, 1, 1, 0, 0, 0)}


def test_the_bundle_is_byte_identical_for_the_same_site(tmp_path):
    site = fake_site(tmp_path / "site")
    first = write_bundle(site, tmp_path / "one").read_bytes()
    for path in site.rglob("*"):  # new modification times, same contents
        path.touch()
    assert write_bundle(site, tmp_path / "two").read_bytes() == first


def test_a_site_without_its_wheel_or_notebooks_is_refused(tmp_path):
    site = fake_site(tmp_path / "site")
    (site / "notebooks/a.ipynb").unlink()
    with pytest.raises(FileNotFoundError, match="no notebooks: run 'make site'"):
        write_bundle(site, tmp_path / "dist")
    (site / "notebooks/dplab-1.2.3-py3-none-any.whl").unlink()
    with pytest.raises(FileNotFoundError, match=r"exactly one dplab wheel \(found none\)"):
        write_bundle(site, tmp_path / "dist")
    assert not (tmp_path / "dist").exists()


def test_the_command_line_writes_the_bundle_or_says_why_not(tmp_path, capsys):
    site = fake_site(tmp_path / "site")
    assert main(["dist", "--site-dir", str(site), "--dist-dir", str(tmp_path / "d")]) == 0
    assert "dp-lab-1.2.3.zip" in capsys.readouterr().out
    assert main(["dist", "--site-dir", str(tmp_path / "none")]) == 1
    assert "build the site first with 'make site'" in capsys.readouterr().err


@pytest.mark.build
def test_the_real_bundle_has_every_page_notebook_and_the_wheel(built_site, tmp_path):
    bundle = write_bundle(built_site, tmp_path)
    folder = bundle.stem + "/"
    with zipfile.ZipFile(bundle) as archive:
        names = {name.removeprefix(folder) for name in archive.namelist()}
    assert all(name.startswith(folder) for name in archive.namelist())
    site = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()}
    assert names == {name for name in site if not name.startswith(DOWNLOADS + "/")}
    notebooks = {n for n in names if n.startswith("notebooks/") and n.endswith(".ipynb")}
    lessons = {n for n in names if n.startswith("lessons/") and n.endswith(".html")}
    assert {f"notebooks/{Path(n).stem}.ipynb" for n in lessons} == notebooks
    assert f"notebooks/dplab-{site_version(built_site)}-py3-none-any.whl" in names


@pytest.mark.build
def test_the_home_page_links_the_bundle_that_every_build_puts_in_the_site(built_site, tmp_path):
    name = bundle_file_name(site_version(built_site))
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert f'<a href="{DOWNLOADS}/{name}" download>' in home
    published = built_site / DOWNLOADS / name
    assert published.read_bytes() == write_bundle(built_site, tmp_path).read_bytes()
    with zipfile.ZipFile(published) as archive:
        bundled_home = archive.read(f"{Path(name).stem}/index.html").decode("utf-8")
    assert 'class="dplab-bundle"' in bundled_home and DOWNLOADS + "/" not in bundled_home
