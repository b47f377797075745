"""Run a lesson's code in its own worker process, with a timeout for every block.

A crash, ``sys.exit`` or an endless loop in a lesson cannot take the build down: the
worker (:mod:`dplab.site.worker`) is a separate process group, killed when a block runs
past its timeout.  Results come back as JSON over a private pipe; whatever the lesson
prints goes to the cell's output, not into that pipe.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dplab.site.errors import LessonError
from dplab.site.lesson import CodeBlock, InlineValue, Lesson, Prose, walk
from dplab.views import SOURCE_LANGUAGE

__all__ = ["STARTUP_TIMEOUT", "CellResult", "execute_lesson", "lesson_cells"]

STARTUP_TIMEOUT = 120.0
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class CellResult:
    """What one cell produced: outputs of a code block, or the text of an inline value."""

    outputs: tuple[dict[str, Any], ...] = ()
    value: str | None = None


def lesson_cells(lesson: Lesson) -> list[CodeBlock | InlineValue]:
    """The lesson's executed blocks and inline values, in the order they are evaluated."""
    cells: list[CodeBlock | InlineValue] = []
    for part in walk(lesson.parts):
        if isinstance(part, CodeBlock):
            if part.executed:
                cells.append(part)
        elif isinstance(part, Prose):
            cells.extend(p for p in part.pieces if isinstance(p, InlineValue))
    return cells


def _job(lesson: Lesson, display_path: str, language: str) -> str:
    cells = [
        {"kind": "code", "source": c.source, "line": c.line}
        if isinstance(c, CodeBlock)
        else {"kind": "inline", "field": c.field, "line": c.line}
        for c in lesson_cells(lesson)
    ]
    return json.dumps(
        {"path": display_path, "text": lesson.text, "cells": cells, "language": language}
    )


class _Messages:
    """Reads newline-delimited JSON from a pipe, each message with its own deadline."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def next(self, timeout: float) -> dict[str, Any] | None:
        """The next message; ``None`` at end of stream; ``TimeoutError`` past ``timeout``."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)


def _worker_environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def execute_lesson(
    lesson: Lesson, display_path: str | None = None, language: str = SOURCE_LANGUAGE
) -> list[CellResult]:
    """Run every cell of ``lesson``, its views' words in ``language``; raise
    :class:`LessonError` at the first failure."""
    display_path = display_path or str(lesson.path)
    cells = lesson_cells(lesson)
    read_fd, write_fd = os.pipe()
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "dplab.site.worker", str(write_fd)],
            stdin=subprocess.PIPE,
            stdout=log,
            stderr=log,
            pass_fds=(write_fd,),
            env=_worker_environment(),
            cwd=ROOT,
            start_new_session=True,
        )
        os.close(write_fd)
        messages = _Messages(read_fd)
        try:
            assert process.stdin is not None
            process.stdin.write(_job(lesson, display_path, language).encode())
            process.stdin.close()
            return _collect(lesson, display_path, cells, messages, process, log)
        finally:
            os.close(read_fd)
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _collect(
    lesson: Lesson,
    display_path: str,
    cells: list[CodeBlock | InlineValue],
    messages: _Messages,
    process: subprocess.Popen[bytes],
    log: Any,
) -> list[CellResult]:
    def died(line: int | None, what: str) -> LessonError:
        process.wait()
        log.seek(0)
        tail = log.read().decode(errors="replace")[-4000:]
        return LessonError(
            display_path,
            line,
            f"the lesson's process exited (code {process.returncode}) {what}",
            tail,
        )

    try:
        ready = messages.next(STARTUP_TIMEOUT)
    except TimeoutError:
        raise LessonError(display_path, None, "the lesson's process did not start") from None
    if ready is None:
        raise died(None, "before running any block")
    results: list[CellResult] = []
    for cell in cells:
        timeout = cell.timeout if isinstance(cell, CodeBlock) else 60.0
        try:
            message = messages.next(timeout)
        except TimeoutError:
            os.killpg(process.pid, signal.SIGKILL)
            raise LessonError(
                display_path, cell.line, f"this block did not finish within {timeout:g} s"
            ) from None
        if message is None:
            raise died(cell.line, "while running this block")
        if not message["ok"]:
            kind = "block" if isinstance(cell, CodeBlock) else "inline value"
            raise LessonError(
                display_path, message["line"], f"this {kind} raised an error", message["error"]
            )
        results.append(
            CellResult(outputs=tuple(message.get("outputs", ())), value=message.get("value"))
        )
    return results
