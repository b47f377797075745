// Material for MkDocs starts its search worker as soon as a page loads, and the worker
// loads and indexes the whole site's search index whether or not the reader ever
// searches, and the page itself loads and parses that index (to highlight the words of a
// search that led to the page). From file:// the worker is emulated in an iframe
// (iframe-worker), so that indexing even runs on the page's own main thread, before the
// reader can scroll. This script, loaded before Material's bundle, defers the search
// worker and the loading of the index (a request over HTTP, a script from file://) until
// the reader opens search (focus on the search box, its toggle or its keyboard shortcut),
// or loads the index at once on a page opened from a search result (?h=...); the messages
// Material sends before then are kept and delivered in order. Other workers, requests and
// scripts load as usual.
//
// It also lets Material see every change to the query. Material reads the search box on
// "keyup" only, and many ways of typing send no key event for the text they insert: a
// Korean or other input method on a phone, dictation, pasting with the mouse, or a
// character such as δ that is not on the keyboard. Such a query was never searched (the
// results kept saying "검색어를 입력하세요"). Every "input" event of the box is therefore
// also announced to Material as a "keyup".
(function () {
  "use strict";

  var PageWorker = window.Worker;
  var SEARCH_WORKER = /\/workers\/search\.[^/]*\.js/;
  var SEARCH_INDEX = /\/search\/search_index\.js(?:on)?(?:$|[?#])/;
  var highlighting = new URLSearchParams(location.search).has("h");
  var head = document.head;
  var appendToHead = head.appendChild;
  var request = XMLHttpRequest.prototype;
  var openRequest = request.open;
  var sendRequest = request.send;
  var waiting = [];
  var opened = false;

  function OnDemandWorker(url, options) {
    var target = new EventTarget();
    var worker = null;
    var queue = [];
    target.onmessage = null;
    target.onerror = null;
    target.postMessage = function (message) {
      if (worker) worker.postMessage(message);
      else queue.push(message);
    };
    target.terminate = function () {
      if (worker) worker.terminate();
      queue = [];
    };
    target.start = function () {
      if (worker) return;
      worker = new PageWorker(url, options);
      ["message", "error", "messageerror"].forEach(function (type) {
        worker.addEventListener(type, function (event) {
          var copy = type === "error"
            ? new ErrorEvent("error", { message: event.message, error: event.error })
            : new MessageEvent(type, { data: event.data });
          target.dispatchEvent(copy);
          var handler = target["on" + type];
          if (typeof handler === "function") handler.call(target, copy);
        });
      });
      queue.forEach(function (message) { worker.postMessage(message); });
      queue = [];
    };
    if (opened) target.start();
    else waiting.push(target);
    return target;
  }

  function open() {
    if (opened) return;
    opened = true;
    waiting.splice(0).forEach(function (task) { task.start(); });
  }

  request.open = function (method, url) {
    this.dplabSearchIndex = SEARCH_INDEX.test(String(url));
    return openRequest.apply(this, arguments);
  };
  request.send = function () {
    var xhr = this;
    var body = arguments;
    if (!xhr.dplabSearchIndex || opened || highlighting) return sendRequest.apply(xhr, body);
    waiting.push({
      start: function () {
        if (xhr.readyState === XMLHttpRequest.OPENED) sendRequest.apply(xhr, body);
      },
    });
  };

  head.appendChild = function (node) {
    var index = node instanceof HTMLScriptElement && SEARCH_INDEX.test(node.src);
    if (!index || opened || highlighting) return appendToHead.call(head, node);
    waiting.push({ start: function () { appendToHead.call(head, node); } });
    return node;
  };

  window.Worker = function (url, options) {
    return SEARCH_WORKER.test(String(url)) ? OnDemandWorker(url, options) : new PageWorker(url, options);
  };
  document.addEventListener("focusin", function (event) {
    if (event.target.closest && event.target.closest(".md-search")) open();
  }, true);
  document.addEventListener("change", function (event) {
    if (event.target.id === "__search") open();
  }, true);
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (box.matches && box.matches(".md-search__input")) box.dispatchEvent(new KeyboardEvent("keyup"));
  }, true);
})();
