"""The package's import rules, read from the source (no module is imported).

No module of ``dplab`` uses another module's private name: not by ``from X import _name``,
not as ``module._name``, and not as ``obj._name`` where ``_name`` is defined only in
another dplab module (a private field or method of another module's object).  A helper
one topic needs from another is public in its module, or lives in a private module
(``dplab/_validation.py``, ``dplab/_exact.py``, …) whose un-underscored names are that
module's interface to the rest of the package.  A module's own private names, and private
*modules* themselves (``from dplab import _exact``), are fine.  A third-party module's private
name (``module._name``, ``from module import _name``) is refused too, except the few in
:data:`ALLOWED`, each with its reason.  Private attributes of a third-party *object* cannot
be told from the source alone; review keeps those out.
"""

from __future__ import annotations

import ast
from pathlib import Path

from dplab import MATHS_GROUPS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "dplab"

# Third-party private names that dplab uses on purpose, each in exactly one place, with
# the reason there is no public alternative.  The test fails if an entry is not used.
ALLOWED = {
    ("dplab/site/notebook.py", "_clean_inline_text"): (
        "markdown-katex's own rule for the TeX inside $`…`$; the notebook must hold exactly "
        "the formula the page renders, and markdown-katex exposes no public function for it"
    ),
}


def _is_private(name: str) -> bool:
    """``_name``; not ``__dunder__`` nor a ``_protocol_`` name (IPython's ``_repr_html_``)."""
    return name.startswith("_") and not name.startswith("__") and not name.endswith("_")


def _defined_names(tree: ast.AST) -> set[str]:
    """Every private name a module binds: functions, classes, variables, attributes, fields."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
    return {name for name in names if _is_private(name)}


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def private_uses(sources: dict[str, str]) -> list[tuple[str, int, str]]:
    """``(path, line, name)`` for each use of another module's private name.

    ``sources`` maps each module's path (``dplab/x.py``, ``dplab/views/__init__.py``) to its
    text; module names are read from the paths.
    """
    modules = {}
    for path in sources:
        parts = path.removesuffix(".py").split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[path] = ".".join(parts)
    known = set(modules.values())
    trees = {path: ast.parse(text, filename=path) for path, text in sources.items()}
    defined = {path: _defined_names(tree) for path, tree in trees.items()}
    found = []
    for path, tree in trees.items():
        this = modules[path]
        package = this if path.endswith("__init__.py") else this.rpartition(".")[0]
        others = set().union(*(names for other, names in defined.items() if other != path))
        # The local names bound to modules, and the module each stands for.
        aliases: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        aliases[alias.asname] = alias.name
                    else:
                        top = alias.name.split(".")[0]
                        aliases[top] = top
            elif isinstance(node, ast.ImportFrom):
                source = node.module or ""
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    source = ".".join([*base, *([source] if source else [])])
                for alias in node.names:
                    target = f"{source}.{alias.name}"
                    if target in known:
                        aliases[alias.asname or alias.name] = target
                    elif _is_private(alias.name) and source != this:
                        found.append((path, node.lineno, f"{source}.{alias.name}"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not _is_private(node.attr):
                continue
            base = _dotted(node.value)
            head, _, rest = (base or "").partition(".")
            module = None
            if head in aliases:
                module = ".".join([aliases[head], *([rest] if rest else [])])
            if module is not None and f"{module}.{node.attr}" in known:
                continue  # a private module, reached through its package
            if module is not None and module != this:
                name = f"{module}.{node.attr}"
            elif module is None and node.attr in others and node.attr not in defined[path]:
                name = f"{base or '<expression>'}.{node.attr}"
            else:
                continue
            found.append((path, node.lineno, name))
    return sorted(found)


def _package_sources() -> dict[str, str]:
    return {
        path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def _allowed(use: tuple[str, int, str]) -> bool:
    path, _, name = use
    return (path, name.rpartition(".")[2]) in ALLOWED


def test_no_module_uses_another_modules_private_name():
    found = [use for use in private_uses(_package_sources()) if not _allowed(use)]
    assert not found, "private names used across modules:\n" + "\n".join(
        f"{path}:{line} {name}" for path, line, name in found
    )


def test_every_allowed_private_name_is_used_in_its_one_place():
    allowed = [use for use in private_uses(_package_sources()) if _allowed(use)]
    assert sorted({(path, name.rpartition(".")[2]) for path, _, name in allowed}) == sorted(ALLOWED)


def test_the_check_catches_each_kind_of_use():
    sources = {
        "dplab/a.py": "_HIDDEN = 1\n\ndef _helper():\n    return 2\n\nclass Box:\n"
        "    def __init__(self):\n        self._inside = 3\n",
        "dplab/_shared.py": "def shared():\n    return 4\n",
        "dplab/b.py": (
            "import dplab.a\n"
            "from dplab import a as alias, _shared\n"
            "from dplab.a import _helper\n"
            "from dplab._shared import shared\n"
            "from . import a\n"
            "from .a import _HIDDEN\n"
            "import markdown_katex.extension as mk\n"
            "_mine = 5\n"
            "def f(box):\n"
            "    return (dplab.a._HIDDEN, alias._helper, a._helper, box._inside,\n"
            "            _shared.shared, shared, _mine, box._unknown, mk._clean,\n"
            "            box._repr_html_, box.__class__)\n"
        ),
    }
    assert private_uses(sources) == [
        ("dplab/b.py", 3, "dplab.a._helper"),
        ("dplab/b.py", 6, "dplab.a._HIDDEN"),
        ("dplab/b.py", 10, "box._inside"),
        ("dplab/b.py", 10, "dplab.a._HIDDEN"),
        ("dplab/b.py", 10, "dplab.a._helper"),
        ("dplab/b.py", 10, "dplab.a._helper"),
        ("dplab/b.py", 11, "markdown_katex.extension._clean"),
    ]


# --- the layers and the maths groups --------------------------------------------------------

# Modules the maths never imports (no plotting, tables, I/O or the layers above).
NOT_IN_MATHS = ("altair", "pandas", "dplab.views", "dplab.site", "os", "pathlib", "subprocess")


def _rank(module: str) -> tuple[int, int] | None:
    """``(layer, group)`` of a dplab module: layer 1 maths (group 0 the root, then
    :data:`MATHS_GROUPS` in order), 2 views, 3 site; ``None`` outside dplab."""
    parts = module.split(".")
    if parts[0] != "dplab":
        return None
    second = parts[1] if len(parts) > 1 else ""
    if second == "views":
        return (2, 0)
    if second == "site":
        return (3, 0)
    if second in MATHS_GROUPS:
        return (1, 1 + MATHS_GROUPS.index(second))
    return (1, 0)


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, module)`` for every absolute import in ``tree`` (``from a import b`` gives
    ``a.b`` and ``a``; the package's own modules use absolute imports)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def layer_violations(sources: dict[str, str]) -> list[tuple[str, int, str]]:
    """``(path, line, module)`` for each import against the layer rule of :mod:`dplab`."""
    found = []
    for path, text in sources.items():
        parts = path.removesuffix(".py").split("/")
        this = _rank(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for line, module in imported_modules(ast.parse(text, filename=path)):
            if this[0] == 1 and module.startswith(NOT_IN_MATHS):
                found.append((path, line, module))
                continue
            other = _rank(module)
            if other is None or other[0] < this[0]:
                continue
            if other[0] > this[0] or (this[0] == 1 and this[1] < other[1]):
                found.append((path, line, module))
    return sorted(set(found))


def test_every_module_imports_only_its_layer_and_the_ones_before():
    found = layer_violations(_package_sources())
    assert not found, "imports against the layer rule:\n" + "\n".join(
        f"{path}:{line} imports {module}" for path, line, module in found
    )


def test_the_layer_check_catches_each_kind_of_import():
    sources = {
        "dplab/finite.py": "import os\nfrom dplab.mechanisms import gaussian\n",
        "dplab/mechanisms/gaussian.py": "from dplab import finite\nfrom dplab.views import x\n",
        "dplab/accounting/composition.py": "from dplab.mechanisms import gaussian\n",
        "dplab/mechanisms/laplace.py": "from dplab.accounting import composition\n",
        "dplab/userlevel/metric.py": "import pandas as pd\nfrom dplab.mechanisms import laplace\n",
        "dplab/views/chart.py": (
            "import altair\nfrom dplab.site import build\nfrom dplab import finite\n"
        ),
        "dplab/site/build.py": "import os\nfrom dplab.views import chart\n",
    }
    assert layer_violations(sources) == [
        ("dplab/finite.py", 1, "os"),
        ("dplab/finite.py", 2, "dplab.mechanisms"),
        ("dplab/finite.py", 2, "dplab.mechanisms.gaussian"),
        ("dplab/mechanisms/gaussian.py", 2, "dplab.views"),
        ("dplab/mechanisms/gaussian.py", 2, "dplab.views.x"),
        ("dplab/mechanisms/laplace.py", 1, "dplab.accounting"),
        ("dplab/mechanisms/laplace.py", 1, "dplab.accounting.composition"),
        ("dplab/userlevel/metric.py", 1, "pandas"),
        ("dplab/views/chart.py", 2, "dplab.site"),
        ("dplab/views/chart.py", 2, "dplab.site.build"),
    ]


# --- the labs -------------------------------------------------------------------------------


def lab_imports_outside_labs(sources: dict[str, str]) -> list[tuple[str, int, str]]:
    """``(path, line, module)`` for each import of a lab (``dplab.views.labs.<topic>``, not the
    shared scaffolding ``dplab.views.labs._shared``) by a view outside ``dplab/views/labs/``:
    a lab builds on the views of its topic, never the reverse (:mod:`dplab.views.labs`).  The
    site, a layer above, may use a lab."""
    found = []
    for path, text in sources.items():
        if not path.startswith("dplab/views/") or path.startswith("dplab/views/labs/"):
            continue
        for line, module in imported_modules(ast.parse(text, filename=path)):
            parts = module.split(".")
            lab = len(parts) > 3 and not parts[3].startswith("_")
            if parts[:3] == ["dplab", "views", "labs"] and lab:
                found.append((path, line, module))
    return sorted(set(found))


def test_no_view_outside_the_labs_imports_a_lab():
    found = lab_imports_outside_labs(_package_sources())
    assert not found, "labs imported from outside dplab/views/labs/:\n" + "\n".join(
        f"{path}:{line} imports {module}" for path, line, module in found
    )


def test_the_lab_check_catches_each_kind_of_import():
    sources = {
        "dplab/views/gaussian.py": "from dplab.views.labs import gaussian\n",
        "dplab/views/composition.py": "from dplab.views.labs.composition import lab_grid\n",
        "dplab/views/claim_grader.py": "from dplab.views.labs._shared import lab_key\n",
        "dplab/views/numbers.py": "import dplab.views.labs.rr.lab\n",
        "dplab/site/build.py": "import dplab.views.labs.rr.lab\n",
        "dplab/views/labs/gaussian/lab.py": "from dplab.views.gaussian import density_rows\n",
        "dplab/views/labs/rr/__init__.py": "from dplab.views.labs.rr.lab import rr_lab\n",
    }
    assert lab_imports_outside_labs(sources) == [
        ("dplab/views/composition.py", 1, "dplab.views.labs.composition"),
        ("dplab/views/composition.py", 1, "dplab.views.labs.composition.lab_grid"),
        ("dplab/views/gaussian.py", 1, "dplab.views.labs.gaussian"),
        ("dplab/views/numbers.py", 1, "dplab.views.labs.rr.lab"),
    ]
