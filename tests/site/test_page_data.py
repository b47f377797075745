"""The charts', labs' and graders' JSON moved out of each page into its data script
(``dplab.site.page_data``), and read back by ``ready.js``'s ``DPLAB_JSON`` as written."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from dplab.site.page_data import move_data_out, page_payloads
from dplab.site.project import REPOSITORY

READY_JS = REPOSITORY / "docs" / "assets" / "dplab" / "ready.js"

# What a payload may hold that a careless move would break: an escaped end tag, Korean,
# the line separators JavaScript once refused in strings, quotes and backslashes.
AWKWARD = {"title": '거짓 양성률 <\\/script> \u2028\u2029 "q" \\ end', "values": [1, 0.5]}
PAGE = (
    "<html><head></head><body>"
    '<div class="dplab-chart" id="chart-1"><script type="application/json">{first}</script></div>'
    '<script type="application/json" class="dplab-rr-lab-data">{second}</script>'
    '<script id="__config" type="application/json">{{"base": ".."}}</script>'
    '<script src="../assets/dplab/ready.js"></script></body></html>'
)


def moved_page(tmp_path, first: object = AWKWARD, second: object = (1, 2)):
    written = {}
    page = PAGE.format(first=json.dumps(first, ensure_ascii=False), second=json.dumps(second))
    moved = move_data_out(page, "../assets/generated/", written.__setitem__)
    for name, text in written.items():
        target = tmp_path / "assets" / "generated" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, "utf-8")
    (tmp_path / "lessons").mkdir(exist_ok=True)
    return page, moved, written


def test_the_payloads_leave_the_page_and_read_back_in_order(tmp_path):
    page, moved, written = moved_page(tmp_path)
    [name] = written
    assert re.fullmatch(r"data/[0-9a-f]{20}\.js", name)
    assert "거짓" not in moved and "[1, 2]" not in moved
    assert '<script type="application/json" data-dplab-data="0"></script>' in moved
    assert 'class="dplab-rr-lab-data" data-dplab-data="1"></script>' in moved
    assert '{"base": ".."}' in moved  # Material's configuration stays
    assert moved.index(f'src="../assets/generated/{name}"') < moved.index("assets/dplab/ready.js")
    texts = page_payloads(moved, tmp_path / "lessons" / "page.html")
    assert texts == page_payloads(page, tmp_path / "lessons" / "page.html")
    assert [json.loads(text) for text in texts] == [AWKWARD, [1, 2]]


def test_the_same_payloads_make_the_same_script_and_others_another(tmp_path):
    _, first, written = moved_page(tmp_path)
    _, again, rewritten = moved_page(tmp_path)
    _, _, different = moved_page(tmp_path, second=(1, 3))
    assert (first, written) == (again, rewritten)
    assert set(different) != set(written)


def test_a_page_without_payloads_is_left_alone_and_one_without_the_site_scripts_is_refused():
    page = "<html><body><p>글</p></body></html>"
    assert move_data_out(page, "../assets/generated/", pytest.fail) == page
    with pytest.raises(ValueError, match=r"ready\.js"):
        move_data_out(
            '<script type="application/json">{}</script>', "assets/generated/", lambda *_: None
        )


def test_ready_js_reads_each_payload_as_python_wrote_it(tmp_path):
    """In Node, as the page does: run ready.js and the data script, then DPLAB_JSON."""
    _, _, written = moved_page(tmp_path)
    [script] = written.values()
    program = (
        "const attrs = () => ({setAttribute() {}, removeAttribute() {}, getAttribute() {}});"
        "globalThis.window = globalThis; globalThis.document = {documentElement: attrs(),"
        " addEventListener() {}}; globalThis.addEventListener = () => {};"
        "const fs = require('fs');"
        "eval(fs.readFileSync(process.argv[1], 'utf8'));"
        "eval(fs.readFileSync(process.argv[2], 'utf8'));"
        "const read = (n) => DPLAB_JSON({getAttribute: () => n});"
        "const inline = DPLAB_JSON({getAttribute: () => null, textContent: '[7]'});"
        "let missing; try { read('9'); } catch (error) { missing = error.message; }"
        "console.log(JSON.stringify([read('0'), read('1'), inline, missing]));"
    )
    data = tmp_path / "data.js"
    data.write_text(script, "utf-8")
    run = subprocess.run(
        ["node", "-e", program, str(READY_JS), str(data)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(run.stdout) == [AWKWARD, [1, 2], [7], "the page's data script has no entry 9"]


@pytest.mark.build
def test_no_built_page_carries_its_data_inline(built_site):
    """Every chart, lab and grader payload of the site is in its page's data script, and
    each reads back as JSON; the lessons' pages shrink by the size of their data."""
    inline = re.compile(r'<script type="application/json"(?![^>]*data-dplab-data)[^>]*>(?!</)')
    checked = 0
    for page in sorted(built_site.rglob("*.html")):
        text = page.read_text("utf-8")
        left = [m.group(0) for m in inline.finditer(text) if 'id="__config"' not in m.group(0)]
        assert left == [], page.relative_to(built_site)
        for payload in page_payloads(text, page):
            json.loads(payload)
            checked += 1
    assert checked > 100
