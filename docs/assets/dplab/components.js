// Lesson furniture in the browser: quizzes (whether each first answer was right, kept per lesson), walkthrough
// steppers, the reader's progress marks, and printing with solutions expanded.
// Every component is readable without JavaScript; this script only adds behaviour.
(function () {
  "use strict";

  // What is kept per lesson (localStorage "dplab:lesson:<slug>"): {total, first}, where
  // first[i] says whether the first answer to the lesson's i-th question in this browser was
  // right (true), wrong or preceded by "정답 보기" (false), or not given yet (null). A later
  // answer to the same question, after a wrong one, "처음부터 다시 풀기" or a reload, never
  // changes it. The lesson is learned when every question's first answer was right.
  // The choices themselves are never kept: a page opens with an empty quiz. Older versions
  // kept {best, total, learned} under the same key, with a learned mark that clicking through
  // the options earned; such records read as not learned.
  var PREFIX = "dplab:lesson:";

  var words = window.DPLAB_WORDS.words;  // ready.js: the page's words, one reader

  function isLearned(first) {
    return first.length > 0 && first.every(function (right) { return right === true; });
  }

  // The record of a lesson; with `total` (the number of questions on this page) a record
  // kept for another number of questions (the quiz has changed since) is started afresh.
  function loadRecord(lesson, total) {
    var first = [];
    try {
      var kept = JSON.parse(window.localStorage.getItem(PREFIX + lesson)) || {};
      if (Array.isArray(kept.first) && kept.first.length === Number(kept.total)) first = kept.first;
    } catch {
      /* unreadable or disabled storage: nothing is kept */
    }
    if (total !== undefined && first.length !== total) first = [];
    first = first.map(function (right) { return right === true || right === false ? right : null; });
    if (total !== undefined) while (first.length < total) first.push(null);
    return { total: first.length, first: first, learned: isLearned(first) };
  }

  function saveRecord(lesson, record) {
    try {
      window.localStorage.setItem(PREFIX + lesson, JSON.stringify({ total: record.total, first: record.first }));
    } catch {
      /* storage may be disabled: the quiz still works for this visit */
    }
  }

  // ------------------------------------------------------------------ quiz
  // On the page a question is "open", "solved" (the right option chosen before its answer
  // was shown) or "revealed". A wrong choice shows that option's explanation and the hint
  // and leaves the question open; "정답 보기" reveals the right option. The score is the
  // record's: the questions whose first answer was right.

  function showChoice(question, chosen) {
    var right = chosen.closest(".dplab-quiz-option").dataset.correct === "true";
    var feedback = question.querySelector(".dplab-quiz-feedback");
    question.querySelectorAll(".dplab-quiz-option").forEach(function (option) {
      var picked = option.contains(chosen);
      option.classList.toggle("is-chosen", picked);
      if (picked && !right) option.classList.add("is-tried");
    });
    if (right && question.dataset.state === "open") question.dataset.state = "solved";
    if (right) question.querySelector('[data-correct="true"]').classList.add("is-revealed");
    question.classList.toggle("is-hinted", !right || question.classList.contains("is-hinted"));
    question.querySelector(".dplab-quiz-reveal").hidden = right || question.dataset.state !== "open";
    feedback.textContent = words(right ? "quiz.correct" : "quiz.wrong");
    feedback.className = "dplab-quiz-feedback " + (right ? "is-correct" : "is-wrong");
  }

  function reveal(question) {
    if (question.dataset.state === "open") question.dataset.state = "revealed";
    question.querySelector('[data-correct="true"]').classList.add("is-revealed");
    question.querySelector(".dplab-quiz-reveal").hidden = true;
    var feedback = question.querySelector(".dplab-quiz-feedback");
    feedback.textContent = words("quiz.revealed");
    feedback.className = "dplab-quiz-feedback is-revealed";
  }

  function resetQuestion(question) {
    question.dataset.state = "open";
    question.classList.remove("is-hinted");
    question.querySelectorAll(".dplab-quiz-option").forEach(function (option) {
      option.classList.remove("is-chosen", "is-tried", "is-revealed");
      option.querySelector("input").checked = false;
    });
    question.querySelector(".dplab-quiz-reveal").hidden = true;
    var feedback = question.querySelector(".dplab-quiz-feedback");
    feedback.textContent = "";
    feedback.className = "dplab-quiz-feedback";
  }

  function lessonQuestions(lesson) {
    return document.querySelectorAll('.dplab-quiz[data-lesson="' + lesson + '"] .dplab-quiz-question');
  }

  // Keep the outcome of a question's first answer (a later one changes nothing).
  function recordFirst(lesson, question, right) {
    var questions = Array.prototype.slice.call(lessonQuestions(lesson));
    var record = loadRecord(lesson, questions.length);
    var index = questions.indexOf(question);
    if (record.first[index] !== null) return;
    record.first[index] = right;
    saveRecord(lesson, record);
  }

  function updateScore(lesson) {
    var record = loadRecord(lesson, lessonQuestions(lesson).length);
    var first = record.first.filter(function (right) { return right === true; }).length;
    document.querySelectorAll('.dplab-quiz[data-lesson="' + lesson + '"]').forEach(function (quiz) {
      var lines = [words("quiz.score", { first: first, total: record.total })];
      if (record.learned) lines.push(words("quiz.done"));
      quiz.querySelector(".dplab-quiz-score").textContent = lines.join(" ");
      quiz.classList.toggle("is-learned", record.learned);
    });
  }

  function initQuiz(quiz) {
    var lesson = quiz.dataset.lesson;
    quiz.classList.add("is-interactive");
    quiz.querySelector(".dplab-quiz-controls").hidden = false;
    quiz.querySelector(".dplab-quiz-how").hidden = false;
    quiz.querySelectorAll(".dplab-quiz-question").forEach(function (question) {
      resetQuestion(question);  // also undoes the browser's own restoring of form state
      question.addEventListener("change", function (event) {
        if (!event.target.matches("input[type=radio]")) return;
        showChoice(question, event.target);
        recordFirst(lesson, question, question.dataset.state === "solved");
        updateScore(lesson);
      });
      question.querySelector(".dplab-quiz-reveal").addEventListener("click", function () {
        reveal(question);
        recordFirst(lesson, question, false);
        updateScore(lesson);
      });
    });
    quiz.querySelector(".dplab-quiz-restart").addEventListener("click", function () {
      lessonQuestions(lesson).forEach(resetQuestion);
      updateScore(lesson);
    });
    quiz.querySelector(".dplab-quiz-clear").addEventListener("click", function () {
      try { window.localStorage.removeItem(PREFIX + lesson); } catch { /* ignore */ }
      lessonQuestions(lesson).forEach(resetQuestion);
      updateScore(lesson);
    });
    updateScore(lesson);
  }

  // ----------------------------------------------------------- walkthrough

  // Each step is a list item holding its panel (a chart) and its text. Without scripts
  // every step shows; here one step shows at a time, its panel beside its text. Moving to
  // another step announces it (a live region), keeps focus on a button, and scrolls just
  // enough that the buttons and the whole step are in view when they fit on screen.
  function initWalkthrough(box) {
    var steps = Array.prototype.slice.call(box.querySelectorAll(".dplab-walkthrough-step"));
    var nav = box.querySelector(".dplab-walkthrough-nav");
    var count = box.querySelector(".dplab-walkthrough-count");
    var live = box.querySelector(".dplab-walkthrough-live");
    var previous = nav.querySelector('[data-action="previous"]');
    var next = nav.querySelector('[data-action="next"]');
    var current = 1;

    function headerBottom() {
      var header = document.querySelector(".md-header");
      return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    }

    // Scroll as little as possible so that the buttons and the step are both visible; a
    // step taller than the screen is shown from the buttons down.
    function keepInView(step) {
      var top = nav.getBoundingClientRect().top;
      var bottom = step.getBoundingClientRect().bottom;
      var roomTop = headerBottom() + 8;
      var roomBottom = window.innerHeight - 8;
      var by = 0;
      if (bottom - top > roomBottom - roomTop || top < roomTop) by = top - roomTop;
      else if (bottom > roomBottom) by = bottom - roomBottom;
      if (by) window.scrollBy({ top: by, behavior: "instant" });
    }

    function show(step, byReader) {
      var hadFocus = document.activeElement;
      current = Math.max(1, Math.min(steps.length, step));
      var shown = null;
      steps.forEach(function (item) {
        item.hidden = Number(item.dataset.step) !== current;
        if (!item.hidden) shown = item;
      });
      count.textContent = current + " / " + steps.length;
      previous.disabled = current === 1;
      next.disabled = current === steps.length;
      box.dataset.step = String(current);
      // A button that becomes disabled loses focus: hand it to the other one.
      if (hadFocus === next && next.disabled) previous.focus();
      if (hadFocus === previous && previous.disabled) next.focus();
      if (byReader) {
        var title = shown.querySelector(".dplab-walkthrough-step-title strong");
        live.textContent = live.dataset.template
          .replace("{number}", current)
          .replace("{total}", steps.length)
          .replace("{title}", title ? title.textContent : "");
        keepInView(shown);
      }
    }

    box.classList.add("is-interactive");
    nav.hidden = false;
    previous.addEventListener("click", function () { show(current - 1, true); });
    next.addEventListener("click", function () { show(current + 1, true); });
    box.addEventListener("keydown", function (event) {
      if (event.target.matches("input, select, textarea")) return;
      if (event.key === "ArrowRight") { show(current + 1, true); event.preventDefault(); }
      if (event.key === "ArrowLeft") { show(current - 1, true); event.preventDefault(); }
    });
    show(1, false);
  }

  // -------------------------------------------------------------- notation

  // A lesson page carries the course's notation in a <details> at its top (readable
  // without scripts). Here it moves into a dialog that a button in the page header opens
  // from anywhere on the page; Esc or the close button closes it and focus goes back to
  // the button.
  function initNotation(details) {
    var header = document.querySelector(".md-header__inner");
    if (!header || typeof HTMLDialogElement !== "function") return;
    var dialog = document.createElement("dialog");
    dialog.className = "dplab-notation-dialog md-typeset";
    dialog.id = "dplab-notation-dialog";
    dialog.setAttribute("aria-labelledby", "dplab-notation-title");
    var head = document.createElement("div");
    head.className = "dplab-notation-head";
    var title = document.createElement("h2");
    title.id = "dplab-notation-title";
    title.textContent = words("notation.title");
    var close = document.createElement("button");
    close.type = "button";
    close.className = "md-button dplab-notation-close";
    close.textContent = words("notation.close");
    head.append(title, close);
    dialog.append(head, details.querySelector(".dplab-notation-list"));
    document.body.appendChild(dialog);
    details.hidden = true;

    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-header__button dplab-notation-button";
    button.setAttribute("aria-haspopup", "dialog");
    button.setAttribute("aria-controls", dialog.id);
    button.title = words("notation.open");  // the word is the accessible name
    // On a phone the bar shows a sign instead of the word (dplab.css); the word stays, out of
    // sight, as the button's name.
    var glyph = document.createElement("span");
    glyph.className = "dplab-notation-glyph";
    glyph.setAttribute("aria-hidden", "true");
    glyph.textContent = "αβ";
    var word = document.createElement("span");
    word.className = "dplab-notation-word";
    word.textContent = words("notation.button");
    button.append(glyph, word);
    var search = header.querySelector(".md-search");
    header.insertBefore(button, search ? search.previousElementSibling || search : null);

    button.addEventListener("click", function () { dialog.showModal(); close.focus(); });
    close.addEventListener("click", function () { dialog.close(); });
    dialog.addEventListener("click", function (event) { if (event.target === dialog) dialog.close(); });
    dialog.addEventListener("close", function () { button.focus(); });
  }

  // -------------------------------------------------------------- progress

  function initProgress(mark) {
    var learned = loadRecord(mark.dataset.lesson).learned;
    mark.classList.toggle("is-learned", learned);
    mark.textContent = words(learned ? "map.learned" : "map.not_learned");
  }

  // The course map: learned lessons in the prerequisite graph, and how many there are.
  function initCourseMap(summary) {
    var nodes = document.querySelectorAll(".dplab-map-node");
    var learned = 0;
    nodes.forEach(function (node) {
      var done = loadRecord(node.dataset.lesson).learned;
      node.classList.toggle("is-learned", done);
      learned += done ? 1 : 0;
    });
    summary.textContent = words("map.progress", { learned: learned, total: nodes.length });
  }

  // ----------------------------------------------------------------- print

  var openedForPrint = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details:not([open])").forEach(function (details) {
      details.open = true;
      openedForPrint.push(details);
    });
    document.querySelectorAll(".dplab-walkthrough-step").forEach(function (step) { step.dataset.hiddenBefore = step.hidden; step.hidden = false; });
    // Panels of steps that were hidden were never drawn: draw them now that they show.
    if (window.DPLAB_CHARTS) window.DPLAB_CHARTS.drawAll();
  });
  window.addEventListener("afterprint", function () {
    openedForPrint.forEach(function (details) { details.open = false; });
    openedForPrint = [];
    document.querySelectorAll(".dplab-walkthrough-step").forEach(function (step) { step.hidden = step.dataset.hiddenBefore === "true"; });
  });

  // ------------------------------------------------------- accessibility

  // Material's search dialog has no accessible name; scrolling boxes (code, wide math,
  // charts on a phone) must be reachable by keyboard.
  function nameSearchDialog() {
    var dialog = document.querySelector('.md-search[role="dialog"]');
    var input = document.querySelector(".md-search__input");
    if (dialog && input && !dialog.hasAttribute("aria-label")) {
      dialog.setAttribute("aria-label", input.getAttribute("aria-label"));
    }
  }

  // A box that scrolls gets tabindex="0" (unless something inside it can take the focus),
  // and a box that scrolls sideways says so: the class "dplab-scrolls" (a shadow on the side
  // with more to see, dplab.css) and a hint under it. The build has already made every box
  // that may scroll focusable (data-dplab-scroll, dplab.site.sections.mark_scroll_boxes),
  // because measuring a box in a part of a long page that is not shown yet would force the
  // browser to lay that part out. A ResizeObserver reports each box once the browser lays
  // it out anyway (it comes near the viewport, a phone turns, a chart is redrawn); only then
  // is it measured, and a marked box that does not scroll loses its tabindex (unless it has
  // the focus: it keeps it until the focus moves on).
  var SCROLLERS = "[data-dplab-scroll], pre, pre > code, .highlight-ipynb, .katex-display, .dplab-chart, .dplab-output, .dplab-chart-table, .jp-RenderedHTMLCommon";

  // Measuring (reading the layout) and marking (changing the page) are apart, so that the
  // boxes a ResizeObserver reports together are all measured on one layout: marking one
  // box before measuring the next would make the browser lay the page out again for each.
  function measureBox(box) {
    var sideways = box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(box).overflowX);
    return { box: box, sideways: sideways, scrolls: sideways || box.scrollHeight > box.clientHeight + 1 };
  }

  function focusableIfScrolling(box) {
    markBox(measureBox(box));
  }

  function markBox(reading) {
    var box = reading.box;
    var sideways = reading.sideways;
    var scrolls = reading.scrolls;
    // A box inside that is focusable only until measured (the build's guess) does not count.
    var focusable = box.querySelector("a, button, input, select, textarea, [tabindex]:not([data-dplab-scroll])");
    if (scrolls && !focusable) {
      if (!box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("data-dplab-scroll", "");
      }
    } else if (box.hasAttribute("data-dplab-scroll") && document.activeElement !== box) {
      box.removeAttribute("tabindex");
    }
    markSideways(box, sideways);
  }

  // The hint follows the outermost box of a code block (a <pre> holds the <code> that
  // scrolls) and is hidden from screen readers: the box's role already says it scrolls.
  function markSideways(box, sideways) {
    if (box.classList.contains("dplab-scrolls") === sideways) return;
    box.classList.toggle("dplab-scrolls", sideways);
    var after = box.parentElement && box.parentElement.tagName === "PRE" ? box.parentElement : box;
    var hint = after.nextElementSibling;
    var hinted = hint && hint.classList.contains("dplab-scroll-hint");
    if (sideways && !hinted) {
      hint = document.createElement("span");
      hint.className = "dplab-scroll-hint";
      hint.setAttribute("aria-hidden", "true");
      hint.textContent = words("page.scroll_hint");
      after.insertAdjacentElement("afterend", hint);
    } else if (!sideways && hinted) {
      hint.remove();
    }
  }

  // The boxes measured so far: a font that arrives later (KaTeX loads a font the first
  // time a formula needs it) can make a box's content wider without changing the box, which
  // a ResizeObserver does not report. Such boxes are measured again once the fonts have
  // loaded, those in a part not shown when it is shown again (measuring them earlier would
  // force the browser to lay that part out).
  var measured = new Set();

  var measure = new ResizeObserver(function (entries) {
    var found = entries.map(function (entry) {
      measured.add(entry.target);
      return measureBox(entry.target);
    });
    found.forEach(markBox);
  });

  function shown(box) {
    return box.isConnected && box.checkVisibility({ contentVisibilityAuto: true });
  }

  var remeasure = new Set();

  if (document.fonts) {
    document.fonts.addEventListener("loadingdone", function () {
      var found = [];
      measured.forEach(function (box) {
        if (shown(box)) found.push(measureBox(box));
        else remeasure.add(box);
      });
      found.forEach(markBox);
    });
  }

  document.addEventListener("contentvisibilityautostatechange", function (event) {
    if (event.skipped) return;
    remeasure.forEach(function (box) {
      if (event.target.contains(box)) {
        remeasure.delete(box);
        focusableIfScrolling(box);
      }
    });
  }, true);

  function observeScrollers(root) {
    root.querySelectorAll(SCROLLERS).forEach(function (box) { measure.observe(box); });
  }

  document.addEventListener("focusout", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-dplab-scroll")) focusableIfScrolling(event.target);
  });

  // The language switch (overrides/partials/alternate.html) leads to this page in the other
  // edition; a lab's state, which the address holds as "#<lab>?<state>", goes along. A
  // heading's anchor does not: the other edition's headings have other anchors.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.dplab-edition-link") : null;
    if (link && /^#[\w-]+\?/.test(location.hash)) link.hash = location.hash;
  });

  function start() {
    nameSearchDialog();
    observeScrollers(document);
    // A chart's table view is made when the chart is drawn; its content can change size
    // without the box changing (a wider chart inside a fixed-width box): measure again.
    document.addEventListener("dplab:chart-drawn", function (event) {
      observeScrollers(event.target);
      focusableIfScrolling(event.target);
    });
    document.querySelectorAll(".dplab-quiz").forEach(initQuiz);
    document.querySelectorAll(".dplab-walkthrough").forEach(initWalkthrough);
    document.querySelectorAll(".dplab-progress").forEach(initProgress);
    document.querySelectorAll(".dplab-notation").forEach(initNotation);
    document.querySelectorAll(".dplab-map-progress").forEach(initCourseMap);
  }

  window.DPLAB_READY.whenParsed(start);
})();
