// Lesson furniture in the browser: quizzes (answers remembered per lesson), walkthrough
// steppers, the reader's progress marks, and printing with solutions expanded.
// Every component is readable without JavaScript; this script only adds behaviour.
(function () {
  "use strict";

  var PREFIX = "dplab:lesson:";

  function load(lesson) {
    try {
      return JSON.parse(window.localStorage.getItem(PREFIX + lesson)) || { answers: {}, learned: false };
    } catch (error) {
      return { answers: {}, learned: false };
    }
  }

  function save(lesson, state) {
    try {
      window.localStorage.setItem(PREFIX + lesson, JSON.stringify(state));
    } catch (error) {
      /* storage may be disabled: the quiz still works for this visit */
    }
  }

  // ------------------------------------------------------------------ quiz

  function showAnswer(question, chosen) {
    var feedback = question.querySelector(".dplab-quiz-feedback");
    question.querySelectorAll(".dplab-quiz-option").forEach(function (option) {
      var input = option.querySelector("input");
      var picked = input === chosen;
      option.classList.toggle("is-chosen", picked);
      option.classList.toggle("is-revealed", Boolean(chosen) && (picked || option.dataset.correct === "true"));
      input.checked = picked;
      input.setAttribute("aria-describedby", input.id + "-why");
    });
    if (!chosen) {
      feedback.textContent = "";
      feedback.className = "dplab-quiz-feedback";
      return;
    }
    var right = chosen.closest(".dplab-quiz-option").dataset.correct === "true";
    feedback.textContent = right ? feedback.dataset.correctText : feedback.dataset.wrongText;
    feedback.className = "dplab-quiz-feedback " + (right ? "is-correct" : "is-wrong");
  }

  function initQuiz(quiz) {
    var lesson = quiz.dataset.lesson;
    quiz.classList.add("is-interactive");
    quiz.querySelector(".dplab-quiz-controls").hidden = false;
    var state = load(lesson);
    quiz.querySelectorAll(".dplab-quiz-question").forEach(function (question) {
      var key = quiz.dataset.quiz + "-q" + question.dataset.question;
      var saved = state.answers[key];
      var chosen = saved === undefined ? null : question.querySelector('input[value="' + saved + '"]');
      showAnswer(question, chosen);
      question.addEventListener("change", function (event) {
        if (!event.target.matches("input[type=radio]")) return;
        var current = load(lesson);
        current.answers[key] = Number(event.target.value);
        save(lesson, current);
        showAnswer(question, event.target);
      });
    });
    var learned = quiz.querySelector(".dplab-learned");
    learned.checked = Boolean(state.learned);
    learned.addEventListener("change", function () {
      var current = load(lesson);
      current.learned = learned.checked;
      save(lesson, current);
    });
    quiz.querySelector(".dplab-quiz-clear").addEventListener("click", function () {
      try { window.localStorage.removeItem(PREFIX + lesson); } catch (error) { /* ignore */ }
      document.querySelectorAll('.dplab-quiz[data-lesson="' + lesson + '"]').forEach(function (other) {
        other.querySelectorAll(".dplab-quiz-question").forEach(function (q) { showAnswer(q, null); });
        other.querySelector(".dplab-learned").checked = false;
      });
    });
  }

  // ----------------------------------------------------------- walkthrough

  function initWalkthrough(box) {
    var steps = Array.prototype.slice.call(box.querySelectorAll(".dplab-walkthrough-step"));
    var nav = box.querySelector(".dplab-walkthrough-nav");
    var count = box.querySelector(".dplab-walkthrough-count");
    var previous = nav.querySelector('[data-action="previous"]');
    var next = nav.querySelector('[data-action="next"]');
    var chart = box.querySelector(".dplab-chart");
    var current = 1;

    function setChartStep() {
      if (chart && chart.dplabView) {
        try {
          chart.dplabView.signal("step", current).runAsync();
        } catch (error) {
          console.error("DP Lab walkthrough: the figure has no 'step' parameter");
        }
      }
    }

    function show(step) {
      var hadFocus = document.activeElement;
      current = Math.max(1, Math.min(steps.length, step));
      steps.forEach(function (item) { item.hidden = Number(item.dataset.step) !== current; });
      count.textContent = current + " / " + steps.length;
      previous.disabled = current === 1;
      next.disabled = current === steps.length;
      box.dataset.step = String(current);
      // A button that becomes disabled loses focus: hand it to the other one.
      if (hadFocus === next && next.disabled) previous.focus();
      if (hadFocus === previous && previous.disabled) next.focus();
      setChartStep();
    }

    box.classList.add("is-interactive");
    nav.hidden = false;
    previous.addEventListener("click", function () { show(current - 1); });
    next.addEventListener("click", function () { show(current + 1); });
    box.addEventListener("keydown", function (event) {
      if (event.target.matches("input, select, textarea")) return;
      if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
      if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
    });
    if (chart) chart.addEventListener("dplab:chart-drawn", setChartStep);
    show(1);
  }

  // -------------------------------------------------------------- progress

  function initProgress(mark) {
    var learned = load(mark.dataset.lesson).learned;
    mark.classList.toggle("is-learned", Boolean(learned));
    mark.textContent = window.DPLAB.labels[learned ? "map.learned" : "map.not_learned"];
  }

  // ----------------------------------------------------------------- print

  var openedForPrint = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details:not([open])").forEach(function (details) {
      details.open = true;
      openedForPrint.push(details);
    });
    document.querySelectorAll(".dplab-walkthrough-step").forEach(function (step) { step.dataset.hiddenBefore = step.hidden; step.hidden = false; });
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

  // A box that scrolls sideways says so: the class "dplab-scrolls" (a shadow on the side
  // with more to see, dplab.css) and a hint under it; a box that scrolls gets tabindex="0"
  // unless something inside it can take the focus. Measuring every box at once on load would force
  // the layout of the whole of a long page, including the parts it skips until the reader
  // gets there (dplab.site.sections): the boxes are measured in small slices while the
  // browser is idle (the readiness task "scroll-boxes"), and again by a ResizeObserver
  // whenever one changes size (a turned phone, a redrawn chart).
  var SCROLLERS = "pre, pre > code, .highlight-ipynb, .katex-display, .dplab-chart, .dplab-output, .dplab-chart-table, .jp-RenderedHTMLCommon";

  function focusableIfScrolling(box) {
    var sideways = box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(box).overflowX);
    var scrolls = sideways || box.scrollHeight > box.clientHeight + 1;
    var focusable = box.querySelector("a, button, input, select, textarea, [tabindex]");
    if (scrolls && !focusable && !box.hasAttribute("tabindex")) box.setAttribute("tabindex", "0");
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
      hint.textContent = window.DPLAB.labels["page.scroll_hint"];
      after.insertAdjacentElement("afterend", hint);
    } else if (!sideways && hinted) {
      hint.remove();
    }
  }

  var measure = new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { focusableIfScrolling(entry.target); });
  });

  function observeScrollers(root) {
    root.querySelectorAll(SCROLLERS).forEach(function (box) { measure.observe(box); });
  }

  var whenIdle = window.requestIdleCallback || function (work) {
    return window.setTimeout(function () { work({ didTimeout: true, timeRemaining: function () { return 0; } }); }, 16);
  };
  var SLICE_MS = 8;  // well below the 50 ms that make a long task

  function measureAllWhenIdle() {
    var queue = Array.from(document.querySelectorAll(SCROLLERS));
    var task = window.DPLAB_READY.expect("scroll-boxes");
    function work(deadline) {
      var until = performance.now() + Math.min(SLICE_MS, Math.max(deadline.timeRemaining(), 1));
      while (queue.length && performance.now() < until) focusableIfScrolling(queue.shift());
      if (queue.length) whenIdle(work, { timeout: 500 });
      else task.done();
    }
    whenIdle(work, { timeout: 500 });
  }

  function start() {
    nameSearchDialog();
    observeScrollers(document);
    measureAllWhenIdle();
    // A chart's table view is made when the chart is drawn; its content can change size
    // without the box changing (a wider chart inside a fixed-width box): measure again.
    document.addEventListener("dplab:chart-drawn", function (event) {
      observeScrollers(event.target);
      focusableIfScrolling(event.target);
    });
    document.querySelectorAll(".dplab-quiz").forEach(initQuiz);
    document.querySelectorAll(".dplab-walkthrough").forEach(initWalkthrough);
    document.querySelectorAll(".dplab-progress").forEach(initProgress);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
