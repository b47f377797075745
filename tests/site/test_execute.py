"""Executing lessons in a worker process: order, namespace, outputs, errors, timeouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from dplab.site.errors import LessonError
from dplab.site.execute import execute_lesson
from dplab.site.lesson import parse_lesson_text
from tests.helpers import lesson_text

PATH = Path("lessons_src/01-run.md")


def run(body: str):
    return execute_lesson(parse_lesson_text(lesson_text(body), PATH))


def test_blocks_share_one_namespace_in_order_and_inline_values_see_blocks_above():
    results = run(
        "```python exec\nsteps = ['a']\n```\n"
        "값 {{ len(steps) }}.\n"
        "```python exec\nsteps.append('b')\n```\n"
        "이제 {{ '+'.join(steps) }}, {{ 2/3:.3f }}, {{ steps!r }}.\n"
    )
    values = [r.value for r in results if r.value is not None]
    assert values == ["1", "a+b", "0.667", "['a', 'b']"]


def test_outputs_stdout_display_and_final_expression_in_order():
    (result,) = run("```python exec\nprint('first')\ndisplay(41)\nprint('then')\n40 + 2\n```\n")
    kinds = [(o["type"], o.get("text") or o["data"]["text/plain"]) for o in result.outputs]
    assert kinds == [
        ("stream", "first\n"),
        ("display", "41"),
        ("stream", "then\n"),
        ("display", "42"),
    ]
    assert [o.get("result") for o in result.outputs if o["type"] == "display"] == [False, True]


def test_final_assignment_or_none_displays_nothing():
    results = run("```python exec\nx = 1\n```\n```python exec\nNone\n```\n")
    assert [r.outputs for r in results] == [(), ()]


def test_dataframe_and_chart_outputs():
    (table, chart) = run(
        "```python exec\nimport pandas as pd\npd.DataFrame({'a': [1, 2]})\n```\n"
        "```python exec\nimport altair as alt\n"
        "alt.Chart(pd.DataFrame({'x': [1]})).mark_point().encode(x='x')"
        ".properties(description='한 점')\n```\n"
    )
    html = table.outputs[0]["data"]["text/html"]
    assert "<table" in html and 'class="dplab-table"' in html
    data = chart.outputs[0]["data"]
    assert data["text/html"].startswith('<div class="dplab-chart"')
    assert any(key.startswith("application/vnd.vegalite") for key in data)


def test_error_reports_lesson_file_line_and_traceback():
    with pytest.raises(LessonError) as caught:
        run("```python exec\nx = 1\n\ndef f():\n    return 1 / 0\nf()\n```\n")
    error = caught.value
    assert (error.path, error.line) == (PATH, 10)  # the line of `return 1 / 0` in the file
    assert "ZeroDivisionError" in error.detail
    assert f'File "{PATH}", line 10' in error.detail
    assert "return 1 / 0" in error.detail  # the source line is quoted from the lesson


def test_syntax_error_points_at_its_line():
    with pytest.raises(LessonError) as caught:
        run("```python exec\nx = 1\ny = (\n```\n")
    assert caught.value.line == 8
    assert "SyntaxError" in caught.value.detail


def test_inline_value_error_names_its_line():
    with pytest.raises(LessonError, match="inline value raised") as caught:
        run("첫 줄\n둘째 줄 {{ undefined_name }}\n")
    assert caught.value.line == 7
    assert "NameError" in caught.value.detail


def test_sys_exit_is_an_error_not_a_silent_stop():
    with pytest.raises(LessonError, match="raised an error") as caught:
        run("```python exec\nimport sys\nsys.exit(0)\n```\n")
    assert "SystemExit" in caught.value.detail


def test_hard_crash_of_the_process_is_reported():
    with pytest.raises(LessonError, match="process exited") as caught:
        run("```python exec\nprint('x')\n```\n```python exec\nimport os\nos._exit(3)\n```\n")
    assert caught.value.line == 10
    assert "code 3" in str(caught.value)


def test_endless_loop_is_stopped_by_the_block_timeout():
    with pytest.raises(LessonError, match=r"did not finish within 1 s") as caught:
        run("```python exec timeout=1\nwhile True:\n    pass\n```\n")
    assert caught.value.line == 7


def test_randomness_is_seeded():
    body = (
        "```python exec\nimport random\nimport numpy as np\n"
        "(random.random(), float(np.random.rand()))\n```\n"
    )
    first, second = run(body), run(body)
    assert first[0].outputs == second[0].outputs


def test_a_chart_without_a_description_fails_its_block():
    with pytest.raises(LessonError, match="raised an error") as caught:
        run(
            "```python exec\nimport altair as alt\nimport pandas as pd\n"
            "alt.Chart(pd.DataFrame({'x': [1]})).mark_point().encode(x='x')\n```\n"
        )
    assert "every chart needs a text description" in caught.value.detail
