// Material for MkDocs starts its search worker as soon as a page loads, and the worker
// loads and indexes the whole site's search index (about 360 KB for four lessons) whether
// or not the reader ever searches. From file:// the worker is emulated in an iframe
// (iframe-worker), so that indexing even runs on the page's own main thread, before the
// reader can scroll. This script, loaded before Material's bundle, defers the search
// worker until the reader opens search (focus on the search box, its toggle or its
// keyboard shortcut); the messages Material sends before then are kept and delivered in
// order. Other workers are created as usual.
(function () {
  "use strict";

  var PageWorker = window.Worker;
  var SEARCH_WORKER = /\/workers\/search\.[^/]*\.js/;
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
    waiting.splice(0).forEach(function (worker) { worker.start(); });
  }

  window.Worker = function (url, options) {
    return SEARCH_WORKER.test(String(url)) ? OnDemandWorker(url, options) : new PageWorker(url, options);
  };
  document.addEventListener("focusin", function (event) {
    if (event.target.closest && event.target.closest(".md-search")) open();
  }, true);
  document.addEventListener("change", function (event) {
    if (event.target.id === "__search") open();
  }, true);
})();
