"""The BibTeX reader of lessons_src/references.bib: what it reads, and file:line for the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from dplab.site.bibliography import Person, parse_bibliography, read_bibliography
from dplab.site.errors import LessonError
from dplab.site.project import Project

BIB = Path("lessons_src/references.bib")

SAMPLE = """% a comment line may mention @things and [@keys]
Text between entries is a comment too.

@comment{ ignored {nested} }

@Article{warner1965randomized,
  author  = {Warner, Stanley L.},
  title   = "Randomized {Response}: A Survey Technique",
  journal = {Journal of the {American} Statistical Association},
  year    = 1965,
  volume  = {60}, number = {309}, pages = {63--69}
}

@inproceedings{b-2018_x,
  author    = {Borja Balle and Yu-Xiang Wang and {Barnes and Noble}},
  title     = {Improving  the Gaussian
               Mechanism},
  booktitle = {Proceedings of ICML},
  year      = {2018},
  eprint    = {1805.06530},
  note      = {Theorem~8},
}
"""


def parse(text):
    return parse_bibliography(text, BIB)


def test_entries_fields_and_names_are_read():
    bib = parse(SAMPLE)
    assert list(bib.entries) == ["warner1965randomized", "b-2018_x"]
    warner = bib.entries["warner1965randomized"]
    assert warner.type == "article" and warner.line == 6
    assert warner.authors == (Person("Warner", "Stanley L."),)
    assert warner.fields == {
        "title": "Randomized Response: A Survey Technique",
        "journal": "Journal of the American Statistical Association",
        "year": "1965",
        "volume": "60",
        "number": "309",
        "pages": "63–69",
    }
    balle = bib.entries["b-2018_x"]
    assert balle.authors == (
        Person("Balle", "Borja"),
        Person("Wang", "Yu-Xiang"),
        Person("Barnes and Noble", ""),
    )
    assert balle.fields["title"] == "Improving the Gaussian Mechanism"
    assert balle.fields["note"] == "Theorem\u00a08"


def test_short_labels_and_the_one_reference_format():
    bib = parse(SAMPLE)
    assert bib.label("warner1965randomized") == "Warner 1965"
    assert bib.label("b-2018_x") == "Balle 외 2018"
    assert bib.entries["warner1965randomized"].markdown() == (
        "Stanley L. Warner (1965). Randomized Response: A Survey Technique. "
        "*Journal of the American Statistical Association* 60(309), 63–69."
    )
    assert bib.entries["b-2018_x"].markdown() == (
        "Borja Balle, Yu-Xiang Wang, Barnes and Noble (2018). Improving the Gaussian Mechanism. "
        "*Proceedings of ICML*. [arXiv:1805.06530](https://arxiv.org/abs/1805.06530). "
        "Theorem\u00a08."
    )
    assert bib.sorted_keys() == ["b-2018_x", "warner1965randomized"]


def test_two_sources_that_would_read_alike_get_letters_in_title_order():
    bib = parse(
        "@misc{z, author={Ilya Mironov}, title={Rényi}, year=2012}\n"
        "@misc{y, author={Ilya Mironov}, title={On significance}, year=2012}\n"
    )
    assert (bib.label("y"), bib.label("z")) == ("Mironov 2012a", "Mironov 2012b")


def test_markdown_characters_in_a_title_are_escaped():
    bib = parse("@misc{a, author={A B}, title={x_1 * [y] <b>}, year=2000}")
    assert bib.entries["a"].markdown() == r"A B (2000). x\_1 \* \[y\] &lt;b&gt;."


ENTRY = "@misc{k,\n  author = {A B},\n  title = {T},\n  year = {2000},\n  FIELD\n}\n"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (ENTRY.replace("FIELD", "colour = {red},"), 5, "unknown field 'colour' in @misc"),
        (ENTRY.replace("FIELD", "title = {U},"), 5, "field 'title' appears twice"),
        (ENTRY.replace("FIELD", r"note = {\'e},"), 5, "TeX command: write Unicode"),
        (ENTRY.replace("FIELD", "eprint = {abc},"), 5, "eprint must be an arXiv number"),
        (ENTRY.replace("FIELD", "doi = {doi.org/x},"), 5, "doi must read '10.NNNN/...'"),
        (ENTRY.replace("FIELD", "note = {a} # {b},"), 5, "'#' concatenation is not supported"),
        (ENTRY.replace("FIELD", "note = word,"), 5, "must be in braces, in quotes or digits"),
        (ENTRY.replace("year = {2000}", "year = {20}").replace("FIELD", ""), 4, "four digits"),
        (ENTRY.replace("  title = {T},\n", "").replace("FIELD", ""), 1, "needs the field 'title'"),
        ("\n@string{x = {y}}", 2, "@string is not supported"),
        ("@unpublished{k, author={A}, title={T}, year=2000}", 1, "unknown entry type"),
        ("@misc{Key, author={A}, title={T}, year=2000}", 1, "entry key 'Key' must be lowercase"),
        ("@misc(k, author={A}, title={T}, year=2000)", 1, "write entries with braces"),
        ("@misc{k, author={A}, title={T, year=2000\n", 1, "this '{' is never closed"),
        ("@misc{k, author={A}, title={T}, year=2000\n", 1, "entry 'k' is never closed"),
        ("\n\n@ misc", 3, "'@' must start an entry"),
        (ENTRY + ENTRY.replace("FIELD", ""), 7, "key 'k' is already used on line 1"),
    ],
)
def test_what_is_not_read_is_refused_with_file_and_line(text, line, message):
    with pytest.raises(LessonError) as caught:
        parse(text.replace("FIELD", ""))
    assert caught.value.line == line
    assert message in caught.value.message
    assert str(caught.value).startswith(f"{BIB}:{line}: ")


def test_a_missing_file_is_an_empty_bibliography(tmp_path):
    assert read_bibliography(tmp_path / "references.bib").entries == {}


def test_the_course_bibliography_reads_and_every_entry_is_complete():
    bib = read_bibliography(Project().bibliography_file)
    assert len(bib.entries) >= 4
    for key, entry in bib.entries.items():
        assert entry.authors and all(person.family for person in entry.authors), key
        assert entry.markdown().startswith(entry.authors[0].full), key
