"""The site layer (``dplab/site/*.py``) writes no Korean word of its own: every word it
puts on a page, or reads in a lesson or the guide, comes from the catalogs
(``dplab/views/locales``) through :func:`dplab.views.label`.

Docstrings may show Korean examples (a lesson's citation, a term with its particle): they
document what the code does with Korean text and never reach a page.  Comments are not
string literals.  Every other string literal, f-strings included, is checked as written
in the source.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")


def _docstrings(tree: ast.AST) -> set[tuple[int, int]]:
    """Where each docstring (of the module, a class or a function) starts."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add((body[0].lineno, body[0].col_offset))
    return found


def korean_literals(source: str, name: str) -> list[str]:
    """``name:line: literal`` for each string literal of ``source`` written with Hangul, not
    counting docstrings (a character range written as escapes, ``"\\uac00-\\ud7a3"``, is
    not a word)."""
    docstrings = _docstrings(ast.parse(source))
    return [
        f"{name}:{token.start[0]}: {token.string}"
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.STRING
        and token.start not in docstrings
        and HANGUL.search(token.string)
    ]


def test_the_site_layer_has_no_korean_literal():
    found = [
        hit
        for path in sorted((ROOT / "dplab" / "site").glob("*.py"))
        for hit in korean_literals(path.read_text(encoding="utf-8"), path.name)
    ]
    assert found == []


def test_the_check_finds_a_korean_literal_but_not_a_docstring():
    source = '"""모듈 설명."""\n\ndef f():\n    """함수 설명."""\n    return f"{1} 외"\n'
    assert korean_literals(source, "x.py") == ['x.py:5: f"{1} 외"']
    assert korean_literals('RANGE = "\\uac00-\\ud7a3"\n', "y.py") == []
