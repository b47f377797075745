"""Benchmark the site build; prints figures and records them in bench/results/build.json.

Run: make bench, or .venv/bin/python bench/build.py (about two minutes: a cold build).

Measured on a copy of the course in a temporary folder, so the checkout's caches are
neither used nor disturbed:

* cold build: empty lesson, KaTeX and notebook caches;
* warm build: nothing changed;
* one lesson edited: a sentence appended to the first lesson;
* math: 1,000 distinct formulas through the batched KaTeX renderer, cold and cached;
* sizes: the largest page and the whole site.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import tempfile
import time
from pathlib import Path

from _record import record  # bench/, the script's folder

from dplab.site import katex
from dplab.site.build import build_site
from dplab.site.prebuild import prebuild
from dplab.site.project import copy_course


def timed(action) -> tuple[float, object]:
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        result = action()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        project = copy_course(root / "course")
        katex.renderer.cache_dir = root / "katex-cache"  # cold math as well
        rows: list[tuple[str, str]] = []

        cold_prebuild, report = timed(lambda: prebuild(project))
        cold_rest, site = timed(lambda: build_site(project))
        rows.append(("cold build", f"{cold_prebuild + cold_rest:.2f} s"))
        rows.append(
            (
                f"  pre-build: execute {len(report.executed)} lesson(s), "
                f"render {report.formulas_rendered} formulas",
                f"{cold_prebuild:.2f} s",
            )
        )
        rows.append(("  MkDocs (with mkdocs-jupyter) and the rest", f"{cold_rest:.2f} s"))
        warm, _ = timed(lambda: build_site(project))
        rows.append(("warm build, no change", f"{warm:.2f} s"))
        lesson = project.lesson_files()[0]
        lesson.write_text(lesson.read_text() + "\n한 문장을 덧붙였습니다.\n", encoding="utf-8")
        edited, _ = timed(lambda: build_site(project))
        rows.append((f"build after editing {lesson.name}", f"{edited:.2f} s"))

        formulas = [
            (rf"\sum_{{i=1}}^{{{k}}} \frac{{x_i^{{2}}}}{{\sigma_{{{k}}}}}", k % 3 == 0)
            for k in range(1000)
        ]
        math_cold, _ = timed(lambda: katex.renderer.render_many(formulas))
        katex.renderer._memory.clear()
        math_warm, _ = timed(lambda: katex.renderer.render_many(formulas))
        rows.append(("1,000 formulas, cold (one KaTeX process)", f"{math_cold:.2f} s"))
        rows.append(("1,000 formulas, from the disk cache", f"{math_warm:.2f} s"))

        pages = sorted(site.rglob("*.html"), key=lambda p: p.stat().st_size)
        largest = pages[-1]
        total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        rows.append(
            (
                f"largest page ({largest.relative_to(site)})",
                f"{largest.stat().st_size / 1024:.0f} KiB",
            )
        )
        rows.append(("total site size", f"{total / 1024 / 1024:.1f} MiB"))

    width = max(len(name) for name, _ in rows)
    print(f"{'DP Lab build benchmark':<{width}}  value")
    for name, value in rows:
        print(f"{name:<{width}}  {value:>9}")
    record(
        "build",
        "Site build: cold, warm, one lesson edited; KaTeX; sizes",
        "make bench (bench/build.py)",
        [{"title": "build benchmark", "columns": ["what", "measured"], "rows": rows}],
    )


if __name__ == "__main__":
    main()
