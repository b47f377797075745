"""On a phone (390 px) the header shows the lesson's title whole, not cut to "The ···"; a
quiz question whose title (legend) runs over several lines keeps it inside its card, on a
phone and on a desktop."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# The lessons with the longest titles of each kind: one without a subtitle (randomized
# response), one whose English title is a question (inference), the longest (item-wise).
LESSONS = [
    f"{edition}lessons/{slug}.html"
    for edition in ("", "en/")
    for slug in ("randomized-response", "inference", "user-level-itemwise")
]

TITLES = """() => Array.from(document.querySelectorAll('.md-header__topic > .md-ellipsis'))
  .filter((span) => getComputedStyle(span).display !== 'none')
  .map((span) => {
    const box = span.getBoundingClientRect();
    const header = document.querySelector('.md-header').getBoundingClientRect();
    return {
      text: span.textContent.trim(),
      cut: span.scrollWidth > span.clientWidth || span.scrollHeight > span.clientHeight,
      inside: box.top >= header.top && box.bottom <= header.bottom,
    };
  })"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_phone_header_shows_a_whole_title(open_page, lesson):
    page = open_page(lesson, width=390, draw_all=False).page
    title = page.locator("h1").first.inner_text().strip()
    shown = page.evaluate(TITLES)
    assert len(shown) == 2, shown  # the site's name, then the lesson's title
    topic = shown[1]
    assert topic["text"] and title.startswith(topic["text"].rstrip("?")), (topic, title)
    for text in shown:
        assert not text["cut"] and text["inside"], text


LEGENDS = """() => Array.from(document.querySelectorAll('.dplab-quiz-question')).map((card) => {
  const legend = card.querySelector(':scope > legend');
  const box = card.getBoundingClientRect();
  const style = getComputedStyle(card);
  const top = box.top + parseFloat(style.borderTopWidth);
  const inner = legend.getBoundingClientRect();
  const line = parseFloat(getComputedStyle(legend).lineHeight) || 20;
  return {
    lines: Math.round(inner.height / line),
    inside: inner.top >= top && inner.left >= box.left && inner.right <= box.right,
    text: legend.textContent.slice(0, 40),
  };
})"""


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize(
    "lesson", ["lessons/randomized-response.html", "en/lessons/inference.html"]
)
def test_a_quiz_title_of_several_lines_stays_inside_its_card(open_page, lesson, width):
    page = open_page(lesson, width=width, draw_all=False).page
    legends = page.evaluate(LEGENDS)
    assert legends and any(legend["lines"] >= 2 for legend in legends), legends
    assert [legend for legend in legends if not legend["inside"]] == []
