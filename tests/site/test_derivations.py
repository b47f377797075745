"""The course's derivations live in the repository and every citation of them resolves
(issue 22, §2).

``dplab/userlevel/DERIVATIONS.md`` holds the derivations of the d_EM modules and lessons 7–9,
one numbered section per topic (``## N. Title``).  Docstrings and tests cite a section as
``DERIVATIONS.md §N`` (several as ``§4, §5 and §6``); each cited number must be a section of
the file, and a path written before the name must be the file's.  The team's working notes
outside the repository are cited nowhere: a reader of the repository cannot open them.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).parents[2]
DERIVATIONS = REPOSITORY / "dplab" / "userlevel" / "DERIVATIONS.md"
PATH = DERIVATIONS.relative_to(REPOSITORY).as_posix()

# Where citations are looked for: the package, the tests, the lessons and the site's sources.
SCANNED = ("dplab", "tests", "lessons_src", "docs")
SUFFIXES = {".py", ".md", ".js", ".cjs", ".yml", ".bib"}

HEADING = re.compile(r"^## (\d+)\. \S", re.M)
# A citation: the file's name, then its section numbers up to the end of the phrase
# (a full stop, a semicolon, a colon, a bracket or a blank line).
CITATION = re.compile(r"(\S*)DERIVATIONS\.md`*([^.;:()\n]*(?:\n[^.;:()\n]+)*)")
SECTION = re.compile(r"§\s*(\d+)")
# The notes file outside the repository, its companion script, and the "digest" they were
# called in docstrings (built from parts so that this file does not match itself).
NOTES = re.compile(
    "|".join(
        (
            "shared" + "/notes",
            "dem" + "dp\\.md",
            "dem" + "dp_bruteforce",
            r"\bdigest's|\bdigest\s+(?:§|E\d|example|`|of Imola)",
            r"\bthe digest\b(?!\s+of\b)",  # not a hash: "a digest of the sources"
        )
    ),
    re.I,
)
# Sentences about what the authors could read describe the writing, not the mathematics.
ACCESS = re.compile(r"not available|could not be read|could not read|were not recovered", re.I)


def source_files() -> list[Path]:
    return sorted(
        path
        for folder in SCANNED
        for path in (REPOSITORY / folder).rglob("*")
        if path.is_file()
        and path.suffix in SUFFIXES
        and "generated" not in path.parts
        and path != Path(__file__)
    )


def sections() -> set[int]:
    return {int(number) for number in HEADING.findall(DERIVATIONS.read_text("utf-8"))}


def citations(text: str) -> list[tuple[int, str, set[int]]]:
    """``(line, path written before the name, cited section numbers)`` for each citation."""
    found = []
    if "DERIVATIONS.md" not in text:  # most files: skip the slow search
        return found
    for match in CITATION.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        prefix = match.group(1).strip("`'\"(")
        found.append((line, prefix, {int(n) for n in SECTION.findall(match.group(2))}))
    return found


def problems(name: str, text: str, known: set[int]) -> list[str]:
    """What is wrong with the citations in ``text`` (``name``: the file, for the message)."""
    folder = PATH.removesuffix("DERIVATIONS.md")
    wrong = []
    for line, prefix, numbers in citations(text):
        if prefix and prefix != folder:
            wrong.append(f"{name}:{line}: cites {prefix}DERIVATIONS.md, not {PATH}")
        wrong += [
            f"{name}:{line}: §{n} is not a section of {PATH}" for n in sorted(numbers - known)
        ]
    return wrong


def test_the_sections_are_numbered_one_to_n_in_order():
    numbers = [int(n) for n in HEADING.findall(DERIVATIONS.read_text("utf-8"))]
    assert numbers == list(range(1, len(numbers) + 1)), numbers
    assert len(numbers) >= 10


def test_every_cited_section_exists_and_the_path_is_the_files():
    known = sections()
    found, cited = [], 0
    for path in source_files():
        text = path.read_text("utf-8")
        cited += sum(len(numbers) for _, _, numbers in citations(text))
        found += problems(path.relative_to(REPOSITORY).as_posix(), text, known)
    assert not found, "\n".join(found)
    assert cited >= 20  # the modules and their tests do cite the file


def test_no_citation_of_the_notes_outside_the_repository_remains():
    found = [
        f"{path.relative_to(REPOSITORY)}:{number}: {line.strip()}"
        for path in source_files()
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if NOTES.search(line)
    ]
    assert not found, "\n".join(found)


def test_the_derivations_say_what_is_claimed_not_what_could_be_read():
    text = DERIVATIONS.read_text("utf-8")
    assert not ACCESS.search(text)
    for module in ("metric", "emd_linear", "frequency", "itemwise", "amplification", "sampling"):
        path = REPOSITORY / "dplab" / "userlevel" / f"{module}.py"
        assert not ACCESS.search(path.read_text("utf-8"))
    # every topic says where it is checked and what is the paper's, derived, not claimed
    bodies = re.split(r"^## \d+\. ", text, flags=re.M)[1:]
    for number, body in enumerate(bodies, 1):
        assert "**Paper, derived, not claimed.**" in body, number
        if number < len(bodies):  # the last section is the table of examples
            assert "**Checked by exact computation.**" in body, number


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see ``dplab/userlevel/DERIVATIONS.md`` §9.", [(1, "dplab/userlevel/", {9})]),
        ("(DERIVATIONS.md §4, §5 and §6)", [(1, "", {4, 5, 6})]),
        ("x\n``DERIVATIONS.md`` §10, and\n§11 for example E9).", [(2, "", {10, 11})]),
        ("dplab/DERIVATIONS.md §2; then §7 of something else", [(1, "dplab/", {2})]),
        ("DERIVATIONS.md §3\n\n§8 starts another paragraph", [(1, "", {3})]),
    ],
)
def test_the_citation_parser(text, expected):
    assert citations(text) == expected


def test_the_checks_find_a_missing_section_a_wrong_path_and_the_old_notes():
    known = sections()
    missing = max(known) + 1
    assert problems("x.py", f"(DERIVATIONS.md §{missing})", known) == [
        f"x.py:1: §{missing} is not a section of {PATH}"
    ]
    assert problems("x.py", "dplab/DERIVATIONS.md §1.", known) == [
        f"x.py:1: cites dplab/DERIVATIONS.md, not {PATH}"
    ]
    assert problems("x.py", f"``{PATH}`` §1, §2 and §{max(known)}.", known) == []
    # the citations this file replaced (issue 22, §2)
    for old in (
        "below are the course's own (digest ``" + "shared/notes/" + "demdp.md`` §4 and example E9",
        "The reference follows the digest's companion script (" + "demdp_bruteforce.py)",
        "δ = 0).  Digest example E3 (the naive bound attained) and E4 (not always):",
        "# d_EM = 1 unit, same mean (digest E8)",
    ):
        assert NOTES.search(old), old


def _cited_tests(text: str) -> list[tuple[str, str]]:
    """``(test file, function)`` for every ``tests/….py::name`` and every following
    ``::name`` of the same paragraph (which names a function of the same file)."""
    cited = []
    for paragraph in re.split(r"\n\s*\n", text):
        current = None
        for path, name in re.findall(r"`(tests/[\w/]+\.py)?::(\w+)`", paragraph):
            current = path or current
            assert current, f"::{name} without a test file before it"
            cited.append((current, name))
    return cited


def test_the_cited_tests_and_functions_exist():
    text = DERIVATIONS.read_text("utf-8")
    tests = _cited_tests(text)
    assert len(tests) >= 30
    missing = [
        f"{path}::{name}"
        for path, name in tests
        if not (REPOSITORY / path).is_file()
        or not re.search(rf"^def {name}\(", (REPOSITORY / path).read_text("utf-8"), re.M)
    ]
    names = set(re.findall(r"`(dplab(?:\.\w+)+\.\w+)`", text))
    assert len(names) >= 10
    for dotted in sorted(names):
        module, attribute = dotted.rsplit(".", 1)
        try:  # a function or class of a module, or a module named in full
            if not hasattr(importlib.import_module(module), attribute):
                importlib.import_module(dotted)
        except ModuleNotFoundError:
            missing.append(dotted)
    assert not missing, "\n".join(missing)
