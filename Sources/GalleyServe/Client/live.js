// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// galley serve's live-reload client. The page was built as build `mine` (in this script's
// address); the server says which build it serves now and whether the last rebuild failed.
// A different build means the page is stale: it reloads, keeping its scroll position. A
// failed rebuild shows its problems over the page, which stays as it was.
(function () {
  "use strict";
  var script = document.currentScript;
  var mine = script ? new URL(script.src, location.href).searchParams.get("build") : null;
  var scrollKey = "galley-live-scroll:" + location.pathname;
  var overlay = null;
  var styled = false;
  var retryDelay = 250;

  var saved = sessionStorage.getItem(scrollKey);
  if (saved !== null) {
    sessionStorage.removeItem(scrollKey);
    window.addEventListener("load", function () { window.scrollTo(0, Number(saved)); });
  }

  function reload() {
    sessionStorage.setItem(scrollKey, String(window.scrollY));
    location.reload();
  }

  function style() {
    var css = document.createElement("style");
    css.textContent =
      ".g-live{position:fixed;inset:0;z-index:1000;display:flex;align-items:flex-start;justify-content:center;" +
      "padding:4vh 1rem;background:rgba(0,0,0,.55);overflow:auto;font:15px/1.5 system-ui,sans-serif}" +
      ".g-live-box{max-width:56rem;width:100%;background:#fff;color:#1d1d1f;border-radius:8px;" +
      "border-top:6px solid #c62828;box-shadow:0 10px 40px rgba(0,0,0,.4);padding:1rem 1.25rem}" +
      ".g-live-box h2{margin:0 0 .25rem;font-size:1.15rem}.g-live-box p{margin:.25rem 0 .75rem;color:#444}" +
      ".g-live-box ol{margin:0;padding:0;list-style:none}" +
      ".g-live-box li{padding:.5rem 0;border-top:1px solid #ddd;white-space:pre-wrap;word-break:break-word;" +
      "font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}" +
      ".g-live-where{font-weight:700}.g-live-error{color:#b71c1c}.g-live-warning{color:#8a5a00}" +
      ".g-live-close{float:right;font:inherit;padding:.2rem .7rem;border:1px solid #999;border-radius:4px;background:#f5f5f5;cursor:pointer}";
    document.head.appendChild(css);
  }

  function hide() {
    if (overlay) { overlay.remove(); overlay = null; }
  }

  function show(problems) {
    hide();
    if (!styled) { style(); styled = true; }
    overlay = document.createElement("div");
    overlay.className = "g-live";
    overlay.setAttribute("role", "alertdialog");
    overlay.setAttribute("aria-labelledby", "g-live-title");
    var box = document.createElement("div");
    box.className = "g-live-box";
    var close = document.createElement("button");
    close.type = "button";
    close.className = "g-live-close";
    close.textContent = "Dismiss";
    close.addEventListener("click", hide);
    var title = document.createElement("h2");
    title.id = "g-live-title";
    title.textContent = "The site did not rebuild";
    var note = document.createElement("p");
    note.textContent = "This page is the last good build. Fix the problems below and save; the page updates by itself.";
    var list = document.createElement("ol");
    problems.forEach(function (problem) {
      var item = document.createElement("li");
      var where = document.createElement("span");
      where.className = "g-live-where";
      where.textContent = problem.location;
      var level = document.createElement("span");
      level.className = "g-live-" + problem.severity;
      level.textContent = " " + problem.severity + ": ";
      item.append(where, level, document.createTextNode(problem.message + " [" + problem.code + "]"));
      list.appendChild(item);
    });
    box.append(close, title, note, list);
    overlay.appendChild(box);
    document.body.appendChild(overlay);
    close.focus();
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && overlay) hide();
  });

  function connect() {
    var socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/__galley/live");
    socket.onopen = function () { retryDelay = 250; };
    socket.onmessage = function (event) {
      var state = JSON.parse(event.data);
      if (mine !== null && state.build !== mine) { reload(); return; }
      if (state.type === "failed") { show(state.problems); } else { hide(); }
    };
    socket.onclose = function () {
      // The server stopped or restarted: keep trying; a new server's build differs, so the
      // page reloads as soon as it answers.
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 2000);
    };
  }
  connect();
})();
