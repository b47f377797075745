"""Execute one lesson's cells in a fresh process (``python -m dplab.site.worker FD``).

The parent (:mod:`dplab.site.execute`) writes the lesson as JSON on standard input and
reads one JSON message per line from the file descriptor ``FD``: ``{"event": "ready"}``
once the imports are done, then one result per cell, in order.  Code cells run like
Jupyter cells in one shared namespace (the value of a final expression is displayed;
``display(obj)`` shows more); inline cells evaluate an f-string replacement field.

Code is compiled with the lesson's file name and its real line numbers, so tracebacks
point at the lesson source.  Randomness is seeded, so outputs are reproducible.  The
course's chart renderer and theme are enabled before the first cell, as the first code cell
of each notebook enables them (:func:`dplab.views.enable`).
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import linecache
import os
import random
import sys
import traceback
from typing import Any

from dplab.site.lesson import fstring_source
from dplab.views import enable, mimebundle

__all__ = ["main"]

SEED = 20261129


class _Cell:
    """Collects what one cell prints and displays, in the order it happens."""

    def __init__(self) -> None:
        self.outputs: list[dict[str, Any]] = []
        self.stdout = io.StringIO()

    def flush_stream(self) -> None:
        text = self.stdout.getvalue()
        if text:
            self.outputs.append({"type": "stream", "name": "stdout", "text": text})
            self.stdout.seek(0)
            self.stdout.truncate()

    def display(self, obj: object, *, result: bool = False) -> None:
        self.flush_stream()
        data = mimebundle(obj)
        if data:
            self.outputs.append({"type": "display", "data": data, "result": result})


def _run_code(
    source: str, line: int, filename: str, namespace: dict[str, Any], cell: _Cell
) -> None:
    padded = "\n" * (line - 1) + source
    tree = ast.parse(padded, filename=filename, mode="exec")
    last_expr = None
    if tree.body and isinstance(last := tree.body[-1], ast.Expr):
        tree.body.pop()
        last_expr = ast.Expression(last.value)

    def display(*objs: object) -> None:
        for obj in objs:
            cell.display(obj)

    namespace["display"] = display
    with contextlib.redirect_stdout(cell.stdout), contextlib.redirect_stderr(cell.stdout):
        exec(compile(tree, filename, "exec"), namespace)
        if last_expr is not None:
            value = eval(compile(last_expr, filename, "eval"), namespace)
            if value is not None:
                cell.display(value, result=True)
    cell.flush_stream()


def _error_report(error: BaseException, filename: str) -> tuple[str, int | None]:
    frames = traceback.extract_tb(error.__traceback__)
    lesson_lines = [f.lineno for f in frames if f.filename == filename]
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    text = "".join(traceback.format_exception(type(error), error, tb))
    if isinstance(error, SyntaxError) and error.filename == filename:
        return text, error.lineno
    return text, lesson_lines[-1] if lesson_lines else None


def _seed() -> None:
    random.seed(SEED)
    with contextlib.suppress(ImportError):
        import numpy

        numpy.random.seed(SEED)


def main(fd: int) -> int:
    channel = os.fdopen(fd, "w", encoding="utf-8", buffering=1)

    def send(message: dict[str, Any]) -> None:
        channel.write(json.dumps(message, sort_keys=True, ensure_ascii=False) + "\n")
        channel.flush()

    job = json.loads(sys.stdin.read())
    filename = job["path"]
    text = job["text"]
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    _seed()
    enable(job["language"])
    namespace: dict[str, Any] = {"__name__": "__lesson__"}
    send({"event": "ready"})
    for index, item in enumerate(job["cells"]):
        cell = _Cell()
        try:
            if item["kind"] == "code":
                _run_code(item["source"], item["line"], filename, namespace, cell)
                send({"index": index, "ok": True, "outputs": cell.outputs})
            else:
                padded = "\n" * (item["line"] - 1) + fstring_source(item["field"])
                value = eval(compile(padded, filename, "eval"), namespace)
                if "\n" in value:
                    raise ValueError(f"inline value {{{{ {item['field']} }}}} contains a newline")
                send({"index": index, "ok": True, "value": value})
        except BaseException as error:
            cell.flush_stream()
            text, line = _error_report(error, filename)
            send(
                {
                    "index": index,
                    "ok": False,
                    "error": text,
                    "line": line or item["line"],
                    "outputs": cell.outputs,
                }
            )
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1])))
