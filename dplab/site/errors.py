"""The one error type of the site build: something is wrong at a place in a lesson file."""

from __future__ import annotations

from pathlib import Path

__all__ = ["LessonError"]


class LessonError(Exception):
    """A problem in a lesson source, reported as ``file:line: message``.

    ``detail`` carries a traceback or the output of a failed tool, printed below the
    one-line summary.
    """

    def __init__(self, path: Path | str, line: int | None, message: str, detail: str = ""):
        self.path = Path(path)
        self.line = line
        self.message = message
        self.detail = detail
        where = f"{self.path}:{line}" if line is not None else f"{self.path}"
        text = f"{where}: {message}"
        if detail:
            text += "\n" + detail.rstrip()
        super().__init__(text)
