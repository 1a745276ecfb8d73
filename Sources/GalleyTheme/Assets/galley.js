// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// Galley default theme: colour schemes, navigation drawer, linked tabs, copy buttons, a
// table of contents that follows the scroll, and search over the index the build writes.
// No dependencies; works from file:// (the index is loaded with <script>, not fetch).
(function () {
  "use strict";
  var doc = document;
  var html = doc.documentElement;
  var body = doc.body;
  var root = body.getAttribute("data-root") || "";
  // A multi-language site has one search index per language, in the language's folder.
  // Absolute, so that it stays right when instant navigation moves the page's address.
  var searchRoot = new URL(body.getAttribute("data-search-root") || root || "./", location.href).href;
  // The theme's words in the page's language, written by the build.
  var words = window.galleyStrings || {};
  function word(key, fallback) { return words[key] || fallback; }
  var fromFile = location.protocol === "file:";
  // The `theme.features` the site turned on, as Material names them.
  var features = (body.getAttribute("data-features") || "").split(" ");
  function feature(name) { return features.indexOf(name) >= 0; }

  // What each page needs once its content is in place: run when the page loads, and again
  // after instant navigation swaps another page's content in.
  var pageSetups = [];
  function onEachPage(setup) { pageSetups.push(setup); }
  function setUpPage() { pageSetups.forEach(function (setup) { setup(); }); }
  function $(selector, scope) { return (scope || doc).querySelector(selector); }
  function $$(selector, scope) { return Array.prototype.slice.call((scope || doc).querySelectorAll(selector)); }
  function store(key, value) {
    try {
      if (value === undefined) return localStorage.getItem(key);
      localStorage.setItem(key, value);
    } catch (error) { /* storage may be off; the choice then lasts for this page */ }
    return null;
  }

  // --- Links from file:// -----------------------------------------------------------------
  // Directory URLs name a folder; a browser reading files needs the index.html inside it.
  function fileHref(href) {
    if (!fromFile || /^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(href)) return href;
    var hash = href.indexOf("#");
    var path = hash < 0 ? href : href.slice(0, hash);
    var fragment = hash < 0 ? "" : href.slice(hash);
    if (path === "" || path === "." ) path = "./";
    if (/\/$/.test(path)) path += "index.html";
    return path + fragment;
  }
  if (fromFile) {
    $$("a[href]").forEach(function (link) { link.setAttribute("href", fileHref(link.getAttribute("href"))); });
  }

  // --- Colour schemes -----------------------------------------------------------------------
  var toggle = $(".g-scheme-toggle");
  if (toggle) {
    var names = JSON.parse(toggle.getAttribute("data-names") || "[]");
    var label = function () {
      var name = names[+html.getAttribute("data-palette-choice")] || "";
      toggle.setAttribute("aria-label", name);
      toggle.setAttribute("title", name);
      toggle.setAttribute("data-choice", html.getAttribute("data-palette-choice") || "0");
    };
    label();
    toggle.addEventListener("click", function () {
      var next = ((+html.getAttribute("data-palette-choice") || 0) + 1) % Math.max(names.length, 1);
      if (window.galleyPalette) window.galleyPalette(next);
      store("galley.palette", String(next));
      label();
    });
  }

  // --- Navigation drawer ----------------------------------------------------------------
  // The drawer and its scrim are part of the page's layout, so they are looked up each time.
  var openButton = $(".g-drawer-open");
  function setDrawer(open) {
    var nav = $("#g-nav"), scrim = $(".g-scrim");
    body.classList.toggle("g-drawer-shown", open);
    if (openButton) openButton.setAttribute("aria-expanded", open ? "true" : "false");
    if (scrim) scrim.hidden = !open;
    if (!nav) return;
    if (open) {
      var first = $(".g-drawer-close", nav) || $("a", nav);
      if (first) first.focus();
    } else if (openButton && nav.contains(doc.activeElement)) {
      openButton.focus();
    }
  }
  if (openButton) {
    openButton.addEventListener("click", function () { setDrawer(true); });
    doc.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && body.classList.contains("g-drawer-shown")) setDrawer(false);
    });
  }
  onEachPage(function () {
    var nav = $("#g-nav"), scrim = $(".g-scrim");
    var closeButton = nav && $(".g-drawer-close", nav);
    if (closeButton) closeButton.addEventListener("click", function () { setDrawer(false); });
    if (scrim) scrim.addEventListener("click", function () { setDrawer(false); });
    var current = $(".g-nav .g-current");
    if (current && nav && nav.scrollHeight > nav.clientHeight) {
      var top = current.offsetTop - nav.clientHeight / 3;
      if (top > 0) nav.scrollTop = top;
    }
  });

  // --- Page title in the header once the heading has scrolled away -------------------------
  var header = $(".g-header");
  var headingObserver = null;
  onEachPage(function () {
    var heading = $(".g-content h1");
    if (headingObserver) headingObserver.disconnect();
    if (header) header.classList.remove("g-scrolled");
    if (!header || !heading || !("IntersectionObserver" in window)) return;
    headingObserver = new IntersectionObserver(function (entries) {
      header.classList.toggle("g-scrolled", !entries[0].isIntersecting && entries[0].boundingClientRect.top < 0);
    });
    headingObserver.observe(heading);
  });

  // --- Linked tabs (content.tabs.link): a choice switches every set on the page that has a
  // tab with the same label, and is remembered for the next pages ---------------------------
  function labelFor(input) {
    var labels = input.parentNode.querySelector(".tabbed-labels");
    var own = labels ? labels.querySelector('label[for="' + input.id + '"]') : null;
    return own || doc.querySelector('label[for="' + input.id + '"]');
  }
  function chooseTab(text, except) {
    $$(".tabbed-set").forEach(function (set) {
      if (set === except) return;
      $$(":scope > .tabbed-labels > label, :scope > label", set).forEach(function (other) {
        if (other.textContent.trim() !== text) return;
        var target = doc.getElementById(other.getAttribute("for"));
        if (target && !target.checked) target.checked = true;
      });
    });
  }
  if (feature("content.tabs.link")) onEachPage(function () {
    var remembered = store("galley.tab");
    if (remembered) chooseTab(remembered, null);
    $$(".tabbed-set > input").forEach(function (input) {
      input.addEventListener("change", function () {
        if (!input.checked) return;
        var label = labelFor(input);
        if (!label) return;
        var text = label.textContent.trim();
        // The chosen tab stays where it was on the screen while the sets above it change height.
        var top = label.getBoundingClientRect().top;
        chooseTab(text, input.parentNode);
        window.scrollBy(0, label.getBoundingClientRect().top - top);
        store("galley.tab", text);
      });
    });
  });

  // --- Copy buttons on code blocks -----------------------------------------------------
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return copyBySelection(text); });
    }
    return copyBySelection(text);
  }
  // For pages the clipboard API refuses (not a secure context, or no permission).
  function copyBySelection(text) {
    var area = doc.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    body.appendChild(area);
    area.select();
    var done = false;
    try { done = doc.execCommand("copy"); } catch (error) { done = false; }
    body.removeChild(area);
    return done ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }
  // What a block says as written: the values a snippet's lines evaluated to are shown beside
  // them but were never part of the source.
  function sourceText(code) {
    var copy = code.cloneNode(true);
    // A `(1)!` comment was there only for its marker: the space before it goes with it.
    $$("[data-annotation-only]", copy).forEach(function (comment) {
      var before = comment.previousSibling;
      if (before && (before.nodeType === 3 || (before.classList && before.classList.contains("w")))) {
        before.textContent = before.textContent.replace(/[ \t]+$/, "");
      }
      comment.remove();
    });
    $$(".snippet-value, .g-annotate", copy).forEach(function (value) { value.remove(); });
    return copy.textContent.replace(/\n$/, "");
  }
  // Code blocks and what executed snippets printed.
  onEachPage(function () { $$(feature("content.code.copy") ? ".g-content .highlight, .g-content .snippet-result" : ".g-content .snippet-result").forEach(function (block) {
    var code = $("pre > code", block) || $("pre", block);
    if (!code) return;
    var button = doc.createElement("button");
    button.type = "button";
    button.className = "g-copy";
    button.setAttribute("aria-label", word("copyCode", "Copy code"));
    button.title = word("copyCode", "Copy code");
    button.addEventListener("click", function () {
      copyText(sourceText(code)).then(function () {
        button.classList.add("g-copied");
        button.setAttribute("aria-label", word("copied", "Copied"));
        setTimeout(function () { button.classList.remove("g-copied"); button.setAttribute("aria-label", word("copyCode", "Copy code")); }, 1500);
      }, function () { button.classList.add("g-copy-failed"); });
    });
    block.appendChild(button);
  }); });

  // --- Line ranges in code blocks (content.code.select) -------------------------------------
  // A button beside the copy button turns selecting on; then a click on a line selects it and
  // a shift-click the range from the line before. The range is in the address, as Material
  // writes it (`#__codelineno-<block>-<first>:<last>`), so a copied link shows the same lines.
  // The highlight is drawn behind the text, so the highlighted HTML is left as it is.
  var codeLinePattern = /^#__codelineno-(\d+)-(\d+)(?::(\d+))?$/;
  function codeBlocks() { return $$(".g-content .highlight"); }
  function blockNumber(block, index) {
    var anchor = $("code > a[id^='__codelineno-']", block);
    var found = anchor && /^__codelineno-(\d+)-/.exec(anchor.id);
    return found ? +found[1] : index;
  }
  function firstLineNumber(block) {
    var number = $("code > a.linenos", block);
    return number ? parseInt(number.getAttribute("data-linenos"), 10) || 1 : 1;
  }
  function lineCount(code) { return code.textContent.replace(/\n$/, "").split("\n").length; }
  function showLines(block, first, last) {
    var pre = $("pre", block), code = $("pre > code", block);
    if (!pre || !code) return;
    var mark = $(".g-line-selection", pre);
    if (!mark) {
      mark = doc.createElement("div");
      mark.className = "g-line-selection";
      mark.setAttribute("aria-hidden", "true");
      pre.appendChild(mark);
    }
    var height = parseFloat(getComputedStyle(code).lineHeight);
    var start = firstLineNumber(block);
    mark.style.top = (code.offsetTop + (first - start) * height) + "px";
    mark.style.height = ((last - first + 1) * height) + "px";
    block.selectedLines = [first, last];
  }
  function selectLinesFromAddress() {
    var found = codeLinePattern.exec(location.hash);
    if (!found) return;
    var blocks = codeBlocks();
    for (var i = 0; i < blocks.length; i++) {
      if (blockNumber(blocks[i], i) !== +found[1]) continue;
      var first = +found[2], last = found[3] ? +found[3] : first;
      showLines(blocks[i], Math.min(first, last), Math.max(first, last));
      if (found[3]) blocks[i].scrollIntoView({ block: "center" });
      return;
    }
  }
  function chooseLine(block, index, line, extend) {
    var range = [line, line];
    if (extend && block.selectedLines) range = [Math.min(line, block.selectedLines[0]), Math.max(line, block.selectedLines[1])];
    showLines(block, range[0], range[1]);
    var hash = "#__codelineno-" + blockNumber(block, index) + "-" + range[0] + (range[1] !== range[0] ? ":" + range[1] : "");
    if (history.replaceState) history.replaceState(history.state, "", hash);
  }
  if (feature("content.code.select")) {
    onEachPage(function () {
      codeBlocks().forEach(function (block, index) {
        var code = $("pre > code", block);
        if (!code || block.closest(".no-select")) return;
        var button = doc.createElement("button");
        button.type = "button";
        button.className = "g-select-lines";
        button.setAttribute("aria-pressed", "false");
        button.setAttribute("aria-label", word("selectLines", "Select lines"));
        button.title = word("selectLines", "Select lines");
        button.addEventListener("click", function () {
          var on = block.classList.toggle("g-selecting");
          button.setAttribute("aria-pressed", on ? "true" : "false");
        });
        block.appendChild(button);
        code.addEventListener("mousedown", function (event) {
          if (!block.classList.contains("g-selecting") || event.button !== 0) return;
          event.preventDefault();
          var height = parseFloat(getComputedStyle(code).lineHeight);
          var offset = Math.floor((event.clientY - code.getBoundingClientRect().top) / height);
          var line = firstLineNumber(block) + Math.max(0, Math.min(offset, lineCount(code) - 1));
          chooseLine(block, index, line, event.shiftKey);
        });
        // Line numbers that are links (anchor_linenums) select their line, with or without
        // the button, as in Material.
        $$("code > a[href^='#__codelineno-']", block).forEach(function (anchor, position) {
          anchor.addEventListener("click", function (event) {
            event.preventDefault();
            chooseLine(block, index, firstLineNumber(block) + position, event.shiftKey);
          });
        });
      });
      selectLinesFromAddress();
    });
    window.addEventListener("hashchange", selectLinesFromAddress);
  }

  // --- Code annotations (content.code.annotate) --------------------------------------------
  // A comment in a code block holding `(1)` is a marker for the first item of the ordered list
  // right after the block (`(1)!` also drops the comment's own characters); the marker opens
  // the item beside it. The list stays in the page for print and for readers without scripts.
  function annotate(block) {
    var list = block.nextElementSibling;
    while (list && list.classList.contains("snippet-result")) list = list.nextElementSibling;
    if (!list || list.tagName !== "OL") return;
    var items = $$(":scope > li", list);
    var found = false;
    $$("code .c, code .c1, code .cm, code .ch, code .cs, code .cpf", block).forEach(function (comment) {
      var match = /^(.*?)\((\d+)\)(!?)\s*$/.exec(comment.textContent);
      if (!match) return;
      var item = items[+match[2] - 1];
      if (!item) return;
      found = true;
      var button = doc.createElement("button");
      button.type = "button";
      button.className = "g-annotate";
      button.textContent = match[2];
      button.setAttribute("aria-expanded", "false");
      button.setAttribute("aria-label", word("annotation", "Annotation") + " " + match[2]);
      comment.textContent = match[3] ? "" : match[1];
      if (match[3]) comment.setAttribute("data-annotation-only", "");
      if (match[3] && comment.previousSibling && comment.previousSibling.nodeType === 3) {
        comment.previousSibling.nodeValue = comment.previousSibling.nodeValue.replace(/[ \t]+$/, " ");
      }
      comment.appendChild(button);
      button.addEventListener("click", function (event) {
        event.stopPropagation();
        var open = $(".g-annotation");
        var wasMine = open && open.owner === button;
        closeAnnotation();
        if (wasMine) return;
        var note = doc.createElement("div");
        note.className = "g-annotation";
        note.setAttribute("role", "note");
        note.innerHTML = item.innerHTML;
        note.owner = button;
        body.appendChild(note);
        var r = button.getBoundingClientRect();
        note.style.left = Math.max(8, Math.min(r.left + window.pageXOffset, window.pageXOffset + doc.documentElement.clientWidth - note.offsetWidth - 8)) + "px";
        note.style.top = (r.bottom + window.pageYOffset + 6) + "px";
        button.setAttribute("aria-expanded", "true");
      });
    });
    if (found) list.classList.add("g-annotations");
  }
  function closeAnnotation() {
    $$(".g-annotation").forEach(function (note) { note.owner.setAttribute("aria-expanded", "false"); note.remove(); });
  }
  if (feature("content.code.annotate")) {
    onEachPage(function () { $$(".g-content .highlight").forEach(annotate); });
    doc.addEventListener("click", function (event) { if (!event.target.closest(".g-annotation")) closeAnnotation(); });
    doc.addEventListener("keydown", function (event) { if (event.key === "Escape") closeAnnotation(); });
  }

  // --- Tooltips for titles (content.tooltips) ----------------------------------------------
  if (feature("content.tooltips")) onEachPage(function () {
    var tip = null;
    var showTip = function (element) {
      var text = element.getAttribute("data-title");
      if (!text) return;
      tip = tip || doc.createElement("div");
      tip.className = "g-tooltip";
      tip.setAttribute("role", "tooltip");
      tip.textContent = text;
      body.appendChild(tip);
      var r = element.getBoundingClientRect();
      tip.style.left = Math.max(4, Math.min(r.left + window.pageXOffset + r.width / 2 - tip.offsetWidth / 2, window.pageXOffset + doc.documentElement.clientWidth - tip.offsetWidth - 4)) + "px";
      tip.style.top = (r.bottom + window.pageYOffset + 6) + "px";
    };
    var hideTip = function () { if (tip && tip.parentNode) tip.remove(); };
    // The title moves to data-title, so the browser's own tooltip does not show as well; the
    // accessible name stays with aria-label.
    $$(".g-content [title], .g-edit[title], .g-repo[title], .g-social [title]").forEach(function (element) {
      element.setAttribute("data-title", element.getAttribute("title"));
      if (!element.hasAttribute("aria-label") && !element.textContent.trim()) element.setAttribute("aria-label", element.getAttribute("title"));
      element.removeAttribute("title");
      element.addEventListener("mouseenter", function () { showTip(element); });
      element.addEventListener("focus", function () { showTip(element); });
      element.addEventListener("mouseleave", hideTip);
      element.addEventListener("blur", hideTip);
    });
  });

  // --- Footnotes shown where they are referenced (content.footnote.tooltips) ---------------
  // Pointing at or focusing a footnote's number shows the note beside it; the footnote list
  // at the end of the page stays for print and for readers without scripts.
  var footnoteTip = null, footnoteOwner = null;
  function hideFootnote() {
    if (footnoteTip) footnoteTip.remove();
    if (footnoteOwner) footnoteOwner.removeAttribute("aria-describedby");
    footnoteTip = footnoteOwner = null;
  }
  if (feature("content.footnote.tooltips")) doc.addEventListener("keydown", function (event) { if (event.key === "Escape") hideFootnote(); });
  if (feature("content.footnote.tooltips")) onEachPage(function () {
    hideFootnote();
    $$(".g-content a.footnote-ref").forEach(function (link) {
      var note = doc.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (!note) return;
      var show = function () {
        hideFootnote();
        footnoteTip = doc.createElement("div");
        footnoteTip.className = "g-tooltip g-footnote-tip";
        footnoteTip.id = "g-footnote-tip";
        footnoteTip.setAttribute("role", "tooltip");
        footnoteTip.innerHTML = note.innerHTML;
        $$(".footnote-backref", footnoteTip).forEach(function (back) { back.remove(); });
        body.appendChild(footnoteTip);
        footnoteOwner = link;
        link.setAttribute("aria-describedby", footnoteTip.id);
        var r = link.getBoundingClientRect();
        footnoteTip.style.left = Math.max(4, Math.min(r.left + window.pageXOffset - 16, window.pageXOffset + doc.documentElement.clientWidth - footnoteTip.offsetWidth - 4)) + "px";
        footnoteTip.style.top = (r.bottom + window.pageYOffset + 6) + "px";
      };
      link.addEventListener("mouseenter", show);
      link.addEventListener("focus", show);
      link.addEventListener("mouseleave", hideFootnote);
      link.addEventListener("blur", hideFootnote);
    });
  });

  // --- Table of contents follows the scroll position ---------------------------------------
  var tocObserver = null;
  onEachPage(function () {
    var tocLinks = $$(".g-toc a, .g-toc-integrated a");
    if (tocObserver) tocObserver.disconnect();
    if (tocLinks.length && "IntersectionObserver" in window) {
      var byID = {};
      var visible = {};
      tocLinks.forEach(function (link) { byID[decodeURIComponent(link.hash.slice(1))] = link; });
      var order = Object.keys(byID);
      var mark = function () {
        var active = null;
        for (var i = 0; i < order.length; i++) {
          if (visible[order[i]]) { active = order[i]; break; }
        }
        if (!active) return;
        tocLinks.forEach(function (link) { link.classList.remove("g-active"); link.removeAttribute("aria-current"); });
        byID[active].classList.add("g-active");
        byID[active].setAttribute("aria-current", "location");
        // navigation.tracking: the address follows the section being read, so a copied link
        // or a reload comes back to it (replaced, not pushed: Back still leaves the page).
        if (feature("navigation.tracking") && history.replaceState && location.hash !== "#" + active) {
          history.replaceState(history.state, "", "#" + encodeURIComponent(active));
        }
        // toc.follow: the sidebar scrolls so that the current entry stays in sight.
        var toc = $(".g-toc");
        if (feature("toc.follow") && toc && toc.scrollHeight > toc.clientHeight) {
          var link = byID[active], offset = link.offsetTop - toc.clientHeight / 2;
          toc.scrollTop = Math.max(0, offset);
        }
      };
      var observer = tocObserver = new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) { visible[entry.target.id] = entry.isIntersecting; });
        mark();
      }, { rootMargin: "-64px 0px -60% 0px" });
      order.forEach(function (id) {
        var target = doc.getElementById(id);
        if (target) observer.observe(target);
      });
    }
  });

  // --- Versions (extra.version.provider: mike) ---------------------------------------------
  // mike publishes each version in a folder beside the others, with versions.json above them:
  // the selector lists them, and a page of a version that `extra.version.default` does not
  // name shows the `outdated` banner. From file:// (no fetch) there is no selector.
  if (body.getAttribute("data-version-provider") === "mike" && !fromFile && window.fetch) {
    var siteRoot = new URL(root || "./", location.href);
    var versionsURL = new URL("../versions.json", siteRoot);
    var here = siteRoot.pathname.replace(/\/$/, "").split("/").pop();
    fetch(versionsURL).then(function (response) { return response.ok ? response.json() : []; }).then(function (versions) {
      if (!Array.isArray(versions) || !versions.length) return;
      var current = versions.filter(function (v) { return v.version === here || (v.aliases || []).indexOf(here) >= 0; })[0];
      if (!current) return;
      var defaults = JSON.parse(body.getAttribute("data-version-default") || "[]");
      var showAlias = body.getAttribute("data-version-alias") === "true";
      var name = function (v) { return (v.title || v.version) + (showAlias && v.aliases && v.aliases.length ? " (" + v.aliases.join(", ") + ")" : ""); };
      var selector = doc.createElement("details");
      selector.className = "g-version";
      var summary = doc.createElement("summary");
      summary.textContent = current.title || current.version;
      summary.setAttribute("aria-label", word("version", "Version") + ": " + summary.textContent);
      selector.appendChild(summary);
      var list = doc.createElement("ul");
      versions.forEach(function (v) {
        var item = doc.createElement("li"), link = doc.createElement("a");
        link.href = new URL("../" + encodeURIComponent(v.version) + "/", siteRoot).href;
        link.textContent = name(v);
        if (v === current) link.setAttribute("aria-current", "true");
        item.appendChild(link);
        list.appendChild(item);
      });
      selector.appendChild(list);
      // Switching version keeps the reader on the page they are on when the other version
      // has it, as Material does: that version's sitemap lists its pages (its first, shortest
      // address is its home, whatever `site_url` was), else the reader lands on its home.
      list.addEventListener("click", function (event) {
        var link = event.target.closest("a");
        if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        var page = location.pathname.slice(siteRoot.pathname.length);
        if (!page) return;
        event.preventDefault();
        fetch(new URL("sitemap.xml", link.href)).then(function (response) { return response.ok ? response.text() : ""; }).then(function (xml) {
          var paths = [], pattern = /<loc>([^<]*)<\/loc>/g, found;
          while ((found = pattern.exec(xml))) paths.push(new URL(found[1].trim(), link.href).pathname);
          var home = paths.reduce(function (a, b) { return b.length < a.length ? b : a; }, paths[0] || "");
          var has = paths.some(function (path) { return path.slice(home.length) === page.replace(/index\.html$/, ""); });
          location.href = has ? new URL(page, link.href).href + location.hash : link.href;
        }).catch(function () { location.href = link.href; });
      });
      var titles = $(".g-titles");
      if (titles) titles.parentNode.insertBefore(selector, titles.nextSibling);
      var outdated = $(".g-outdated");
      var isDefault = defaults.indexOf(current.version) >= 0 || (current.aliases || []).some(function (a) { return defaults.indexOf(a) >= 0; });
      if (outdated && defaults.length && !isDefault) outdated.hidden = false;
    }).catch(function () { /* no versions.json: a site published without mike */ });
  }

  // --- Dates from git written as "3 days ago" (git-revision-date-localized, type: timeago) ---
  if (window.Intl && Intl.RelativeTimeFormat) onEachPage(function () {
    var relative = new Intl.RelativeTimeFormat(html.lang || "en", { numeric: "auto" });
    $$("time.g-timeago").forEach(function (element) {
      var seconds = (Date.parse(element.getAttribute("datetime")) - Date.now()) / 1000;
      var steps = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
      for (var i = 0; i < steps.length; i++) {
        if (Math.abs(seconds) >= steps[i][1] || i === steps.length - 1) {
          element.title = element.textContent;
          element.textContent = relative.format(Math.round(seconds / steps[i][1]), steps[i][0]);
          break;
        }
      }
    });
  });

  // --- Keyboard: n and p go to the next and previous page (as in Material) ----------------
  doc.addEventListener("keydown", function (event) {
    var active = doc.activeElement;
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (active && (/^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) || active.isContentEditable)) return;
    var rel = event.key === "n" ? "next" : event.key === "p" ? "prev" : null;
    var link = rel && $('link[rel="' + rel + '"]');
    if (link) { event.preventDefault(); location.href = fileHref(link.getAttribute("href")); }
  });

  // --- Header that hides while reading down (header.autohide) ------------------------------
  // --- Back-to-top button that appears while scrolling up (navigation.top) -----------------
  var lastScroll = window.pageYOffset;
  var topButton = null;
  if (feature("navigation.top")) {
    topButton = doc.createElement("button");
    topButton.type = "button";
    topButton.className = "g-top";
    topButton.hidden = true;
    topButton.textContent = word("backToTop", "Back to top");
    topButton.addEventListener("click", function () {
      window.scrollTo({ top: 0 });
      topButton.hidden = true;
      var skip = $("#content");
      if (skip) skip.focus({ preventScroll: true });
    });
    body.appendChild(topButton);
  }
  if (topButton || feature("header.autohide")) {
    window.addEventListener("scroll", function () {
      var now = window.pageYOffset, up = now < lastScroll, far = now > 400;
      if (now === lastScroll) return;
      if (topButton) topButton.hidden = !(up && far);
      if (feature("header.autohide")) body.classList.toggle("g-header-hidden", !up && now > 120);
      lastScroll = now;
    }, { passive: true });
  }

  // --- Announcement that the reader can dismiss (announce.dismiss) -------------------------
  var announce = $(".g-announce");
  if (announce && feature("announce.dismiss")) {
    // Dismissing keeps this announcement away, and only this one: a new text shows again.
    var text = announce.textContent.trim(), hash = 0;
    for (var c = 0; c < text.length; c++) hash = (hash * 31 + text.charCodeAt(c)) | 0;
    if (store("galley.announce") === String(hash)) {
      announce.hidden = true;
    } else {
      var dismiss = doc.createElement("button");
      dismiss.type = "button";
      dismiss.className = "g-icon-button g-announce-dismiss";
      dismiss.setAttribute("aria-label", word("dismiss", "Dismiss"));
      dismiss.textContent = "\u00d7";
      dismiss.addEventListener("click", function () { announce.hidden = true; store("galley.announce", String(hash)); });
      (announce.querySelector(".g-banner-inner") || announce).appendChild(dismiss);
    }
  }

  // --- The search's words marked on the page it led to (search.highlight) ------------------
  function highlightQuery() {
    var match = /[?&]h=([^&#]*)/.exec(location.search);
    var content = $(".g-content");
    if (!match || !content) return;
    var terms = decodeURIComponent(match[1].replace(/\+/g, " ")).split(/\s+/).filter(function (t) { return t.length > 1; });
    if (!terms.length) return;
    var pattern = new RegExp("(" + terms.map(function (t) { return t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|") + ")", "giu");
    var walker = doc.createTreeWalker(content, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        return node.parentNode.closest("script, style, mark, .g-copy") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    nodes.forEach(function (node) {
      var value = node.nodeValue;
      pattern.lastIndex = 0;
      if (!pattern.test(value)) return;
      var fragment = doc.createDocumentFragment(), last = 0;
      value.replace(pattern, function (found, _group, offset) {
        fragment.appendChild(doc.createTextNode(value.slice(last, offset)));
        var mark = doc.createElement("mark");
        mark.className = "g-highlight";
        mark.textContent = found;
        fragment.appendChild(mark);
        last = offset + found.length;
        return found;
      });
      fragment.appendChild(doc.createTextNode(value.slice(last)));
      node.parentNode.replaceChild(fragment, node);
    });
  }
  if (feature("search.highlight")) onEachPage(highlightQuery);
  // A result's link with the query, for the page to mark it.
  function withQuery(href, text) {
    if (!feature("search.highlight")) return href;
    var hash = href.indexOf("#");
    var path = hash < 0 ? href : href.slice(0, hash), fragment = hash < 0 ? "" : href.slice(hash);
    return path + (path.indexOf("?") < 0 ? "?" : "&") + "h=" + encodeURIComponent(text.trim()).replace(/%20/g, "+") + fragment;
  }

  // --- Search ------------------------------------------------------------------------------
  // Tokenizing mirrors SearchTokenizer in the build: words lowercased without accents,
  // Chinese/Japanese/Korean runs as character pairs.
  function isIdeographic(code) {
    return (code >= 0x3040 && code <= 0x30FF) || (code >= 0x3400 && code <= 0x4DBF) ||
      (code >= 0x4E00 && code <= 0x9FFF) || (code >= 0xAC00 && code <= 0xD7AF) ||
      (code >= 0xF900 && code <= 0xFAFF) || (code >= 0x20000 && code <= 0x2FFFF);
  }
  var wordCharacter = /[\p{L}\p{N}\p{M}]/u;
  var upper = /\p{Lu}/u, lower = /\p{Ll}/u, digit = /\p{N}/u;
  function fold(text) { return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, ""); }
  function length(text) { return Array.from(text).length; }
  function camelParts(chars) {
    var parts = [], start = 0;
    for (var i = 1; i < chars.length; i++) {
      if (!upper.test(chars[i])) continue;
      var afterLower = lower.test(chars[i - 1]) || digit.test(chars[i - 1]);
      var beforeLower = upper.test(chars[i - 1]) && i + 1 < chars.length && lower.test(chars[i + 1]);
      if (afterLower || beforeLower) { parts.push(chars.slice(start, i).join("")); start = i; }
    }
    parts.push(chars.slice(start).join(""));
    return parts;
  }
  function tokenize(text, wholeWordsOnly) {
    var terms = [], word = [], ideographs = [];
    function keep(term) { var n = length(term); if (n > 1 && n <= 40) terms.push(term); }
    function endWord() {
      if (!word.length) return;
      keep(fold(word.join("")));
      var parts = camelParts(word);
      if (parts.length > 1 && !wholeWordsOnly) parts.forEach(function (part) { keep(fold(part)); });
      word = [];
    }
    function endIdeographs() {
      if (!ideographs.length) return;
      if (ideographs.length === 1) terms.push(ideographs[0]);
      for (var i = 0; i + 1 < ideographs.length; i++) terms.push(ideographs[i] + ideographs[i + 1]);
      ideographs = [];
    }
    Array.from(text).forEach(function (character) {
      if (isIdeographic(character.codePointAt(0))) { endWord(); ideographs.push(character); }
      else if (wordCharacter.test(character)) { endIdeographs(); word.push(character); }
      else { endWord(); endIdeographs(); }
    });
    endWord();
    endIdeographs();
    return terms;
  }

  var search = window.galleySearch = { tokenize: tokenize };
  var data = null, texts = {}, textWaiters = {}, decoded = {};
  search.index = function (payload) { data = payload; };
  search.text = function (payload) {
    texts[payload.shard] = payload.texts;
    (textWaiters[payload.shard] || []).forEach(function (wake) { wake(); });
    delete textWaiters[payload.shard];
  };

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var script = doc.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = function () { resolve(); };
      script.onerror = function () { reject(new Error("cannot load " + src)); };
      doc.head.appendChild(script);
    });
  }
  var indexLoading = null;
  function loadIndex() {
    if (!indexLoading) indexLoading = loadScript(searchRoot + "search/index.js").then(function () { return data; });
    return indexLoading;
  }
  function loadText(shard) {
    if (texts[shard]) return Promise.resolve(texts[shard]);
    return new Promise(function (resolve) {
      var first = !textWaiters[shard];
      (textWaiters[shard] = textWaiters[shard] || []).push(function () { resolve(texts[shard]); });
      if (first) loadScript(searchRoot + "search/text/" + shard + ".js").catch(function () { resolve(null); });
    });
  }

  // Sections holding term number `t`, as [section, weight] pairs.
  function postings(t) {
    if (decoded[t]) return decoded[t];
    var list = data.postings[t], result = new Array(list.length), section = 0;
    for (var i = 0; i < list.length; i++) {
      section += list[i] >> 3;
      result[i] = [section, list[i] & 7];
    }
    return (decoded[t] = result);
  }
  function lowerBound(term) {
    var low = 0, high = data.terms.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (data.terms[middle] < term) low = middle + 1; else high = middle;
    }
    return low;
  }
  // search.suggest: the most frequent index word that the query's last word begins, or null.
  function suggestion(text) {
    var last = /(\S+)$/.exec(text);
    if (!last || /\s$/.test(text)) return null;
    var word = fold(last[1]);
    if (length(word) < 2) return null;
    var best = null, bestCount = 0;
    for (var t = lowerBound(word); t < data.terms.length && t < lowerBound(word) + 200; t++) {
      var term = data.terms[t];
      if (term.indexOf(word) !== 0) break;
      if (term.length > word.length && data.postings[t].length > bestCount) { best = term; bestCount = data.postings[t].length; }
    }
    return best ? text + best.slice(word.length) : null;
  }
  // Levenshtein distance, or limit + 1 once it must exceed `limit`.
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var previous = [], row = [];
    for (var j = 0; j <= b.length; j++) previous[j] = j;
    for (var i = 1; i <= a.length; i++) {
      row = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (row[j] < best) best = row[j];
      }
      if (best > limit) return limit + 1;
      previous = row;
    }
    return previous[b.length];
  }
  // English words are also matched by their stems, as Material's search does (lunr's
  // stemmer there): "dumps" and "dumping" find "dump". A light suffix stripper, not Porter's
  // algorithm: it serves ranking only, as a stem match counts nearly as the word itself.
  var stemsEnglish = /^en(-|$)/i.test(doc.documentElement.getAttribute("lang") || "en");
  function stem(word) {
    if (!stemsEnglish || word.length < 4 || /[^a-z]/.test(word)) return word;
    var root = word;
    if (/ies$/.test(root)) root = root.slice(0, -3) + "y";
    else if (/(ches|shes|sses|xes|zes)$/.test(root)) root = root.slice(0, -2);
    else if (/[^su]s$/.test(root)) root = root.slice(0, -1);
    else if (/..(ing|ed)$/.test(root)) {
      root = root.replace(/(ing|ed)$/, "");
      if (/([^aeiouls])\1$/.test(root)) root = root.slice(0, -1);
    }
    root = root.replace(/e$/, "");
    return root.length >= 3 ? root : word;
  }
  // Index terms matching one query word: the word itself, words of its stem, words it
  // begins, and (for words of four letters or more) words one or two edits away. Each comes
  // with how much it counts.
  function matchingTerms(word) {
    var found = [], at = lowerBound(word), seen = {};
    if (data.terms[at] === word) { found.push([at, 1]); seen[at] = true; }
    var root = stem(word);
    if (root !== word || stemsEnglish) {
      var prefix = root.slice(0, Math.max(3, root.length - 1));
      for (var k = lowerBound(prefix), n = 0; k < data.terms.length && n < 200 && data.terms[k].lastIndexOf(prefix, 0) === 0; k++, n++) {
        if (!seen[k] && stem(data.terms[k]) === root) { found.push([k, 0.9]); seen[k] = true; }
      }
    }
    for (var i = at; i < data.terms.length && found.length < 60 && data.terms[i].lastIndexOf(word, 0) === 0; i++) {
      if (!seen[i]) { found.push([i, 0.55]); seen[i] = true; }
    }
    var size = word.length;
    if (size >= 4 && !isIdeographic(word.codePointAt(0))) {
      var limit = size >= 8 ? 2 : 1;
      for (i = 0; i < data.terms.length; i++) {
        var term = data.terms[i];
        if (seen[i] || term[0] !== word[0] || Math.abs(term.length - size) > limit) continue;
        var edits = distance(word, term, limit);
        if (edits <= limit) found.push([i, edits === 1 ? 0.35 : 0.2]);
      }
    }
    return found;
  }
  // How much of a title the query's words make up, 0–1: of two headings that hold the query,
  // the one that is about less else ranks first ("Dumping the heap" over "Experimental Neo4j
  // heap dump exploration"), as a search engine's length normalization does.
  // English words that say nothing of what a heading is about; a title's share of the
  // query is counted without them ("Dumping the heap" is all query).
  var functionWords = stemsEnglish ? new Set(("an and are as at be by can do does for from has have how in into is it its" +
    " of off on or our so than that the their them then there these they this to was we were what when where which who" +
    " why will with you your").split(" ")) : new Set();
  function titleCoverage(title, words) {
    var tokens = tokenize(title, true).filter(function (token) { return !functionWords.has(token) || words.indexOf(token) >= 0; });
    if (!tokens.length) return 0;
    var roots = words.map(stem);
    var covered = tokens.filter(function (token) {
      var root = stem(token);
      return words.some(function (word, i) { return token.lastIndexOf(word, 0) === 0 || root === roots[i]; });
    });
    return covered.length / tokens.length;
  }
  function weightScore(weight, isPage) {
    var inTitle = weight & 4;
    return (inTitle ? (isPage ? 14 : 10) : 0) + (weight & 3);
  }
  function query(text) {
    var words = tokenize(text, true);
    if (!words.length) return { words: [], hits: [] };
    var totals = null, matched = [];
    var perWord = words.map(function (word) {
      var scores = {};
      matchingTerms(word).forEach(function (match) {
        matched.push(data.terms[match[0]]);
        postings(match[0]).forEach(function (posting) {
          var isPage = typeof data.sections[posting[0]] === "number";
          var score = weightScore(posting[1], isPage) * match[1];
          if (!(scores[posting[0]] >= score)) scores[posting[0]] = score;
        });
      });
      return scores;
    });
    // Every word must match; with none in common, sections matching most words are next best.
    perWord.forEach(function (scores) {
      if (totals === null) { totals = {}; Object.keys(scores).forEach(function (s) { totals[s] = scores[s]; }); return; }
      Object.keys(totals).forEach(function (s) { if (scores[s] === undefined) delete totals[s]; else totals[s] += scores[s]; });
    });
    if (!Object.keys(totals).length && perWord.length > 1) {
      totals = {};
      perWord.forEach(function (scores) {
        Object.keys(scores).forEach(function (s) { totals[s] = (totals[s] || 0) + scores[s] / perWord.length; });
      });
    }
    var hits = Object.keys(totals).map(function (s) { return { section: +s, score: totals[s] }; });
    // A page titled with the query, or a section named by it as a symbol's is (`makeSink(of:)`
    // for "makesink"), ranks over sections that only hold its words. A heading in prose that
    // happens to be the query ("Heap Growth" in a changelog) gets no more than its words'.
    var wanted = bareTitle(text);
    hits.forEach(function (hit) {
      var info = sectionInfo(hit.section);
      if (wanted && bareTitle(info.title) === wanted && (info.isPage || /`|\(/.test(info.title) || !/\s/.test(wanted))) hit.score += info.isPage ? 16 : 12;
    });
    hits.sort(byScore);
    // Headings over repeated mentions: a section's title made of the query counts for more
    // than one where it is a word among many, or not there at all. Only hits that the bonus
    // (at most 8) can bring into the first 20 are weighed, so a broad query stays fast.
    var reach = hits.length > 20 ? hits[19].score - 8 : -Infinity;
    for (var h = 0; h < hits.length && hits[h].score >= reach; h++) {
      hits[h].score += 8 * titleCoverage(sectionInfo(hits[h].section).title, words);
    }
    hits.sort(byScore);
    return { words: words, terms: matched, hits: hits.slice(0, 20) };
  }
  // The ranked hits for `text` as [title, address, score, section], for tests and benchmarks.
  search.rank = function (text) {
    return loadIndex().then(function () {
      return query(text).hits.map(function (hit) { var info = sectionInfo(hit.section); return [info.title, info.href, hit.score, hit.section]; });
    });
  };

  function byScore(a, b) { return b.score - a.score || a.section - b.section; }
  // A title or query lowercased, without an argument list or backquotes: how a symbol is named.
  function bareTitle(text) {
    return String(text).replace(/`/g, "").replace(/\(.*\)$/, "").trim().toLowerCase();
  }
  function sectionInfo(id) {
    var entry = data.sections[id];
    var page = typeof entry === "number" ? entry : entry[0];
    var url = data.pages[page][0];
    var anchor = typeof entry === "number" ? "" : entry[1];
    return {
      page: data.pages[page][1],
      pageNumber: page,
      title: typeof entry === "number" ? data.pages[page][1] : entry[2],
      href: fileHref(root + (url || "./") + (anchor ? "#" + anchor : "")),
      isPage: typeof entry === "number"
    };
  }
  function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  function highlighter(terms) {
    var unique = terms.filter(function (term, i) { return terms.indexOf(term) === i; })
      .sort(function (a, b) { return b.length - a.length; }).slice(0, 30);
    return unique.length ? new RegExp("(" + unique.map(escapeRegExp).join("|") + ")", "giu") : null;
  }
  // Appends `text` to `element`, with the parts `pattern` matches in <mark>.
  function appendMarked(element, text, pattern) {
    if (!pattern) { element.appendChild(doc.createTextNode(text)); return; }
    var last = 0;
    text.replace(pattern, function (match, _group, offset) {
      element.appendChild(doc.createTextNode(text.slice(last, offset)));
      var mark = doc.createElement("mark");
      mark.textContent = match;
      element.appendChild(mark);
      last = offset + match.length;
      return match;
    });
    element.appendChild(doc.createTextNode(text.slice(last)));
  }
  function excerpt(text, pattern) {
    if (!text) return "";
    var at = -1;
    if (pattern) { pattern.lastIndex = 0; var found = pattern.exec(text); if (found) at = found.index; }
    var start = Math.max(0, at - 60);
    if (start > 0) { var space = text.indexOf(" ", start); if (space >= 0 && space < at) start = space + 1; }
    var piece = text.slice(start, start + 180);
    return (start > 0 ? "… " : "") + piece + (start + 180 < text.length ? " …" : "");
  }

  var input = $("#g-search-input");
  var results = $("#g-search-results");
  var status = $(".g-search-status");
  var selected = -1;
  var lastQuery = null;
  var eagerShards = 4, excerptWatcher = null;
  // The text shard holding section `id`: the last whose first section is not past it.
  function shardOf(id) {
    var low = 0, high = data.shards.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (data.shards[middle] <= id) low = middle; else high = middle - 1;
    }
    return low;
  }

  function setExpanded(open) {
    results.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    body.classList.toggle("g-searching", open);
  }
  function select(index) {
    var options = $$("[role=option]", results);
    if (!options.length) return;
    if (selected >= 0 && options[selected]) options[selected].setAttribute("aria-selected", "false");
    selected = (index + options.length) % options.length;
    options[selected].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", options[selected].id);
    options[selected].scrollIntoView({ block: "nearest" });
  }
  function show(text) {
    if (text === lastQuery) return;
    lastQuery = text;
    var found = query(text);
    results.innerHTML = "";
    selected = -1;
    input.removeAttribute("aria-activedescendant");
    if (!found.words.length) { setExpanded(false); status.textContent = ""; return; }
    var pattern = highlighter(found.words.concat(found.terms));
    var pending = {}, shardOrder = [];
    // Results grouped per page: pages in the order of their best hit, each page's own entry
    // first, then its sections, which show under it.
    var groups = {}, pageOrder = [];
    found.hits.forEach(function (hit) {
      var info = sectionInfo(hit.section);
      hit.info = info;
      if (!groups[info.pageNumber]) { groups[info.pageNumber] = []; pageOrder.push(info.pageNumber); }
      groups[info.pageNumber].push(hit);
    });
    var ordered = [];
    pageOrder.forEach(function (page) {
      var hits = groups[page];
      hits.sort(function (a, b) { return (b.info.isPage ? 1 : 0) - (a.info.isPage ? 1 : 0); });
      hits.forEach(function (hit, i) { hit.child = i > 0; ordered.push(hit); });
    });
    ordered.forEach(function (hit, position) {
      var info = hit.info;
      var option = doc.createElement("a");
      option.id = "g-search-option-" + position;
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      option.className = "g-search-result" + (info.isPage ? " g-search-page" : "") + (hit.child ? " g-search-child" : "");
      option.href = withQuery(info.href, text);
      var title = doc.createElement("span");
      title.className = "g-search-title";
      appendMarked(title, info.title, pattern);
      option.appendChild(title);
      if (!info.isPage && !hit.child) {
        var page = doc.createElement("span");
        page.className = "g-search-in";
        page.textContent = info.page;
        option.appendChild(page);
      }
      var snippet = doc.createElement("span");
      snippet.className = "g-search-excerpt";
      option.appendChild(snippet);
      results.appendChild(option);
      var shard = shardOf(hit.section);
      if (!pending[shard]) { pending[shard] = []; shardOrder.push(shard); }
      pending[shard].push([hit.section, snippet, option]);
    });
    // Excerpts come from the text shards. The first few shards the results need are loaded
    // at once; a result whose shard is past them gets its excerpt when it scrolls into view,
    // so no query loads more than `eagerShards` shards (each about 24 KB) up front.
    function fill(shard) {
      if (pending[shard].filled) return;
      pending[shard].filled = true;
      loadText(shard).then(function (list) {
        if (!list || lastQuery !== text) return;
        pending[shard].forEach(function (item) {
          appendMarked(item[1], excerpt(list[item[0] - data.shards[shard]], pattern), pattern);
        });
      });
    }
    shardOrder.slice(0, eagerShards).forEach(fill);
    if (shardOrder.length > eagerShards) {
      if (excerptWatcher) excerptWatcher.disconnect();
      var waiting = new Map();
      shardOrder.slice(eagerShards).forEach(function (shard) {
        pending[shard].forEach(function (item) { waiting.set(item[2], shard); });
      });
      excerptWatcher = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) { if (entry.isIntersecting && waiting.has(entry.target)) fill(waiting.get(entry.target)); });
      }, { root: results }) : null;
      waiting.forEach(function (shard, option) { if (excerptWatcher) excerptWatcher.observe(option); else fill(shard); });
    }
    if (!found.hits.length) {
      var none = doc.createElement("p");
      none.className = "g-search-none";
      none.textContent = word("noResults", "No results") + ": “" + text.trim() + "”";
      results.appendChild(none);
    }
    status.textContent = found.hits.length
      ? (found.hits.length === 1 ? word("oneResult", "1 result") : word("resultCount", "%d results").replace("%d", found.hits.length))
      : word("noResults", "No results");
    setExpanded(true);
  }

  // The suggested completion, drawn as faint text behind what the reader typed.
  var ghost = null;
  function suggest(text) {
    if (!ghost) return;
    var completion = text && data ? suggestion(text) : null;
    ghost.textContent = "";
    ghost.hidden = !completion;
    if (!completion) return;
    var typed = doc.createElement("span");
    typed.className = "g-search-typed";
    typed.textContent = text;
    ghost.appendChild(typed);
    ghost.appendChild(doc.createTextNode(completion.slice(text.length)));
    ghost.style.left = input.offsetLeft + "px";
    ghost.setAttribute("data-completion", completion);
  }
  function acceptSuggestion() {
    var completion = ghost && !ghost.hidden && ghost.getAttribute("data-completion");
    if (!completion || input.selectionStart !== input.value.length) return false;
    input.value = completion;
    input.dispatchEvent(new Event("input"));
    return true;
  }
  if (input && results) {
    if (feature("search.suggest")) {
      ghost = doc.createElement("span");
      ghost.className = "g-search-suggest";
      ghost.setAttribute("aria-hidden", "true");
      ghost.hidden = true;
      input.parentNode.insertBefore(ghost, input);
    }
    // search.share: a button that copies a link to this search (`?q=`, which any page opens
    // with the search done).
    if (feature("search.share")) {
      var share = doc.createElement("button");
      share.type = "button";
      share.className = "g-search-share";
      share.hidden = true;
      share.setAttribute("aria-label", word("shareSearch", "Share this search"));
      share.title = word("shareSearch", "Share this search");
      share.addEventListener("click", function (event) {
        event.preventDefault();
        var address = new URL(location.href);
        address.hash = "";
        address.search = "?q=" + encodeURIComponent(input.value.trim());
        copyText(address.href).then(function () {
          share.classList.add("g-copied");
          status.textContent = word("copied", "Copied");
          setTimeout(function () { share.classList.remove("g-copied"); }, 1500);
        });
      });
      input.parentNode.insertBefore(share, input.nextSibling);
      input.addEventListener("input", function () { share.hidden = !input.value.trim(); });
    }
    input.addEventListener("focus", function () { loadIndex().catch(function () {}); });
    input.addEventListener("input", function () {
      var text = input.value;
      loadIndex().then(function () { if (input.value === text) { show(text); suggest(text); } }, function () {
        results.innerHTML = '<p class="g-search-none">The search index could not be loaded.</p>';
        setExpanded(true);
      });
    });
    input.addEventListener("keydown", function (event) {
      if ((event.key === "ArrowRight" || event.key === "Tab") && !event.shiftKey && acceptSuggestion()) { event.preventDefault(); }
      else if (event.key === "ArrowDown") { select(selected + 1); event.preventDefault(); }
      else if (event.key === "ArrowUp") { select(selected - 1); event.preventDefault(); }
      else if (event.key === "Enter") {
        var options = $$("[role=option]", results);
        var target = options[selected >= 0 ? selected : 0];
        // A click, so that instant navigation (when on) takes it like any link.
        if (target) { event.preventDefault(); setExpanded(false); target.click(); }
      } else if (event.key === "Escape") {
        if (!results.hidden) setExpanded(false); else { input.value = ""; input.blur(); lastQuery = null; }
      }
    });
    results.addEventListener("click", function () { setExpanded(false); });
    // A page opened with `?q=` opens with that search done.
    var asked = /[?&]q=([^&#]*)/.exec(location.search);
    if (asked) {
      input.value = decodeURIComponent(asked[1].replace(/\+/g, " "));
      input.dispatchEvent(new Event("input"));
      input.focus();
    }

    doc.addEventListener("click", function (event) {
      if (!results.hidden && !event.target.closest(".g-search")) setExpanded(false);
    });
    doc.addEventListener("keydown", function (event) {
      var active = doc.activeElement;
      var typing = active && (/^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) || active.isContentEditable);
      if ((event.key === "/" || event.key === "s" || event.key === "S") && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        input.focus();
        input.select();
      }
    });
  }

  // --- Diagrams wider than the column -------------------------------------------------------
  // A diagram drawn at build time is as wide as its layout. When the column is narrower, it is
  // scaled to fit as long as its text stays legible (11 px, from the drawing's 14 px);
  // beyond that it scrolls sideways, with shadows at the edges that say there is more. Any
  // diagram opens full-screen at its own size from its button or a click on it.
  var legibleScale = 11 / 14;
  function fitDiagrams() {
    $$(".g-content .g-diagram > svg").forEach(function (svg) {
      var figure = svg.parentNode;
      var natural = parseFloat(svg.getAttribute("width")) || 0;
      figure.classList.remove("g-diagram-fitted", "g-diagram-scrolls");
      svg.style.width = "";
      var room = figure.clientWidth;
      if (!natural || !room || room >= natural) return;
      if (room / natural >= legibleScale) {
        svg.style.width = room + "px";
        figure.classList.add("g-diagram-fitted");
      } else {
        figure.classList.add("g-diagram-scrolls");
      }
    });
  }
  var diagramViewer = null;
  function closeDiagram() {
    if (!diagramViewer) return;
    var opener = diagramViewer.opener;
    diagramViewer.remove();
    diagramViewer = null;
    body.classList.remove("g-viewing-diagram");
    if (opener) opener.focus();
  }
  function openDiagram(figure, opener) {
    closeDiagram();
    var svg = $("svg", figure);
    diagramViewer = doc.createElement("div");
    diagramViewer.className = "g-diagram-viewer";
    diagramViewer.setAttribute("role", "dialog");
    diagramViewer.setAttribute("aria-modal", "true");
    var title = $("title", svg);
    if (title) diagramViewer.setAttribute("aria-label", title.textContent);
    diagramViewer.opener = opener;
    var close = doc.createElement("button");
    close.type = "button";
    close.className = "g-icon-button g-diagram-close";
    close.setAttribute("aria-label", word("dismiss", "Dismiss"));
    close.textContent = "\u00d7";
    close.addEventListener("click", closeDiagram);
    var copy = svg.cloneNode(true);
    copy.style.width = "";
    // Ids stay unique on the page: the copy's title and description get their own.
    $$("[id]", copy).forEach(function (element) { element.id += "-full"; });
    copy.setAttribute("aria-labelledby", (copy.getAttribute("aria-labelledby") || "").split(" ").map(function (id) { return id && id + "-full"; }).join(" "));
    var stage = doc.createElement("div");
    stage.className = "g-diagram-stage";
    stage.appendChild(copy);
    diagramViewer.appendChild(close);
    diagramViewer.appendChild(stage);
    diagramViewer.addEventListener("click", function (event) { if (event.target === diagramViewer || event.target === stage) closeDiagram(); });
    body.appendChild(diagramViewer);
    body.classList.add("g-viewing-diagram");
    close.focus();
  }
  doc.addEventListener("keydown", function (event) { if (event.key === "Escape" && diagramViewer) closeDiagram(); });
  onEachPage(function () {
    closeDiagram();
    $$(".g-content .g-diagram").forEach(function (figure) {
      if (!$("svg", figure) || $(".g-diagram-open", figure)) return;
      var open = doc.createElement("button");
      open.type = "button";
      open.className = "g-diagram-open";
      open.setAttribute("aria-label", word("fullScreen", "Full screen"));
      open.title = word("fullScreen", "Full screen");
      open.addEventListener("click", function () { openDiagram(figure, open); });
      figure.appendChild(open);
      $("svg", figure).addEventListener("click", function (event) {
        // A link in the diagram (a flowchart's `click`) is followed, not zoomed.
        if (!event.target.closest("a")) openDiagram(figure, open);
      });
    });
    fitDiagrams();
  });
  var fitTimer = null;
  window.addEventListener("resize", function () { clearTimeout(fitTimer); fitTimer = setTimeout(fitDiagrams, 100); });

  // --- Cookie consent (extra.consent) ------------------------------------------------------
  // The dialog shows until the reader has chosen, and again from any link to `#__consent`.
  // The choice (which of the listed cookies they agree to) is kept in the browser; analytics
  // runs only with `analytics` agreed to. From file:// the dialog does not show, as nothing
  // there would set a cookie.
  var consentDialog = $("#__consent");
  function consentChoice() {
    try { return JSON.parse(store("galley-consent") || "null"); } catch (error) { return null; }
  }
  function showConsent(open) {
    if (!consentDialog) return;
    consentDialog.hidden = !open;
    if (open) { var first = $("button, input", consentDialog); if (first) first.focus(); }
  }
  if (consentDialog) {
    var consentForm = $("form", consentDialog);
    var chosen = consentChoice();
    if (chosen) $$("input[name]", consentForm).forEach(function (box) { box.checked = !!chosen[box.name]; });
    else if (!fromFile) setTimeout(function () { showConsent(true); }, 250);
    var manage = $(".g-consent-manage", consentForm);
    if (manage) manage.addEventListener("click", function () {
      var settings = $(".g-consent-settings", consentForm);
      settings.hidden = !settings.hidden;
      manage.setAttribute("aria-expanded", settings.hidden ? "false" : "true");
    });
    var decide = function (event) {
      event.preventDefault();
      if (event.type === "reset") $$("input[name]", consentForm).forEach(function (box) { box.checked = false; });
      var choice = {};
      $$("input[name]", consentForm).forEach(function (box) { if (box.checked) choice[box.name] = true; });
      var wasRunning = analyticsStarted;
      store("galley-consent", JSON.stringify(choice));
      showConsent(false);
      if (location.hash === "#__consent" && history.replaceState) history.replaceState(history.state, "", location.pathname + location.search);
      // Agreeing starts analytics on this page; taking it back needs a fresh page to stop it.
      if (choice.analytics) startAnalytics(); else if (wasRunning) location.reload();
    };
    consentForm.addEventListener("submit", decide);
    consentForm.addEventListener("reset", decide);
    var askedForConsent = function () { if (location.hash === "#__consent") showConsent(true); };
    window.addEventListener("hashchange", askedForConsent);
    askedForConsent();
    doc.addEventListener("keydown", function (event) { if (event.key === "Escape" && !consentDialog.hidden && consentChoice()) showConsent(false); });
  }

  // --- Google Analytics 4 (extra.analytics) -------------------------------------------------
  // As Material sends them: the page view (again for each page instant navigation shows), a
  // `search` event with the search's words when the field is left, and a `feedback` event
  // from the "Was this page helpful?" widget, which shows only while analytics runs.
  var analyticsMeta = $('meta[name="galley-analytics"]');
  var analyticsStarted = false;
  function gtag() { window.dataLayer.push(arguments); }
  function startAnalytics() {
    if (analyticsStarted || !analyticsMeta || fromFile) return;
    var property = analyticsMeta.getAttribute("content");
    analyticsStarted = true;
    window.dataLayer = window.dataLayer || [];
    window.gtag = window.gtag || gtag;
    gtag("js", new Date());
    gtag("config", property);
    var script = doc.createElement("script");
    script.async = true;
    script.src = "https://www.googletagmanager.com/gtag/js?id=" + encodeURIComponent(property);
    doc.head.appendChild(script);
    if (input) input.addEventListener("blur", function () { if (input.value.trim()) gtag("event", "search", { search_term: input.value.trim() }); });
    var shownPath = location.pathname;
    onEachPage(function () {
      if (location.pathname !== shownPath) { shownPath = location.pathname; gtag("config", property, { page_path: location.pathname }); }
    });
    setUpFeedback();
  }
  function setUpFeedback() {
    var form = $(".g-content form.g-feedback");
    if (!form || !analyticsStarted || form.hasAttribute("data-ready")) return;
    form.setAttribute("data-ready", "");
    form.hidden = false;
    $$(".g-feedback-rating", form).forEach(function (button) {
      button.addEventListener("click", function (event) {
        event.preventDefault();
        var value = button.getAttribute("data-value");
        gtag("event", "feedback", { page: location.pathname, data: value });
        $("fieldset", form).disabled = true;
        $$(".g-feedback-note", form).forEach(function (note) { note.hidden = note.getAttribute("data-value") !== value; });
      });
    });
  }
  onEachPage(setUpFeedback);
  if (analyticsMeta && (!consentDialog || (consentChoice() || {}).analytics)) startAnalytics();

  // --- Instant navigation (navigation.instant) ---------------------------------------------
  // A link to another page of the site fetches it and swaps its layout in, keeping the header,
  // the search (its loaded index too) and the scripts; the address, the title and the history
  // follow. Pages are fetched ahead when the pointer rests on a link. From file:// (no fetch)
  // and for anything that is not one of the site's pages, links work as usual.
  if (feature("navigation.instant") && !fromFile && window.fetch && window.DOMParser && history.pushState) {
    var siteBase = new URL(root || "./", location.href);
    // The head's files are the same on every page; written out absolutely, they stay right
    // (and are not fetched again) when the address changes.
    $$('link[href]').forEach(function (link) { link.setAttribute("href", link.href); });
    var fetched = {};
    var progress = null, progressTimer = null;
    var pageAddress = function (url) { var u = new URL(url, location.href); u.hash = ""; return u.href; };
    var isSitePage = function (url) {
      return url.origin === location.origin && url.pathname.indexOf(siteBase.pathname) === 0
        && !/\.(?!html?$)[a-z0-9]+$/i.test(url.pathname) && !/\/(search|assets)\//.test(url.pathname.slice(siteBase.pathname.length - 1));
    };
    var load = function (address) {
      if (!fetched[address]) {
        fetched[address] = fetch(address, { credentials: "same-origin" }).then(function (response) {
          var type = response.headers.get("content-type") || "";
          if (!response.ok || type.indexOf("text/html") < 0) throw new Error("not a page");
          return response.text();
        });
        fetched[address].catch(function () { delete fetched[address]; });
      }
      return fetched[address];
    };
    var startProgress = function () {
      if (!feature("navigation.instant.progress")) return;
      progressTimer = setTimeout(function () {
        progress = progress || doc.createElement("div");
        progress.className = "g-progress";
        body.appendChild(progress);
      }, 400);
    };
    var stopProgress = function () {
      clearTimeout(progressTimer);
      if (progress && progress.parentNode) progress.remove();
    };
    var swap = function (next) {
      var layout = $(".g-layout"), nextLayout = next.querySelector(".g-layout");
      doc.title = next.title;
      layout.replaceWith(doc.adoptNode(nextLayout));
      var tabs = $(".g-tabs"), nextTabs = next.querySelector(".g-tabs");
      if (tabs && nextTabs) tabs.replaceWith(doc.adoptNode(nextTabs));
      var title = $(".g-page-title"), nextTitle = next.querySelector(".g-page-title");
      if (title && nextTitle) title.textContent = nextTitle.textContent;
      // The head's page-specific links and meta tags.
      $$('link[rel="prev"], link[rel="next"], link[rel="canonical"], meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]').forEach(function (e) { e.remove(); });
      $$('link[rel="prev"], link[rel="next"], link[rel="canonical"], meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]', next.head).forEach(function (e) {
        doc.head.appendChild(doc.adoptNode(e));
      });
      ["class", "data-root"].forEach(function (name) {
        if (next.body.hasAttribute(name)) body.setAttribute(name, next.body.getAttribute(name)); else body.removeAttribute(name);
      });
      root = body.getAttribute("data-root") || "";
      body.classList.remove("g-drawer-shown", "g-searching");
      // Scripts in the new content run once, as they would on a page load.
      $$(".g-layout script").forEach(function (old) {
        var script = doc.createElement("script");
        Array.prototype.slice.call(old.attributes).forEach(function (a) { script.setAttribute(a.name, a.value); });
        script.textContent = old.textContent;
        old.replaceWith(script);
      });
    };
    var go = function (url, push, scrollTop) {
      var address = pageAddress(url);
      startProgress();
      load(address).then(function (text) {
        stopProgress();
        var next = new DOMParser().parseFromString(text, "text/html");
        var nextRoot = new URL(next.body.getAttribute("data-search-root") || next.body.getAttribute("data-root") || "./", address).href;
        var ownRoot = new URL(body.getAttribute("data-search-root") || root || "./", location.href).href;
        // Another language, or a page not laid out by this theme: a normal load.
        if (!next.querySelector(".g-layout") || next.documentElement.lang !== html.lang || nextRoot !== ownRoot) {
          location.href = url;
          return;
        }
        if (push) {
          history.replaceState({ scroll: window.pageYOffset }, "");
          history.pushState({ scroll: 0 }, "", url);
        }
        swap(next);
        setUpPage();
        if (results) { results.hidden = true; input.setAttribute("aria-expanded", "false"); }
        var target = new URL(url, location.href).hash;
        var anchor = target && doc.getElementById(decodeURIComponent(target.slice(1)));
        if (anchor) anchor.scrollIntoView(); else window.scrollTo(0, scrollTop || 0);
        var main = $("#content");
        if (main && push) main.focus({ preventScroll: true });
      }, function () {
        stopProgress();
        location.href = url;
      });
    };
    doc.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a[href]");
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (link.target && link.target !== "_self" || link.hasAttribute("download")) return;
      var url = new URL(link.href, location.href);
      if (!isSitePage(url)) return;
      // A jump within the page is the browser's.
      if (pageAddress(url) === pageAddress(location.href) && url.hash) return;
      event.preventDefault();
      go(url.href, true);
    });
    history.scrollRestoration = "manual";
    var shownAddress = pageAddress(location.href);
    window.addEventListener("popstate", function (event) {
      if (pageAddress(location.href) === shownAddress) return;
      go(location.href, false, event.state && event.state.scroll);
    });
    onEachPage(function () { shownAddress = pageAddress(location.href); });
    // Prefetch: the page behind a link the pointer rests on for a moment.
    var hoverTimer = null;
    doc.addEventListener("mouseover", function (event) {
      var link = event.target.closest && event.target.closest("a[href]");
      if (!link) return;
      clearTimeout(hoverTimer);
      // Resolved now: a link read after a swap (the pointer still on it) would resolve its
      // relative address from the new page's, and fetch a page that does not exist.
      var url = new URL(link.href, location.href);
      hoverTimer = setTimeout(function () {
        if (!link.isConnected) return;
        if (isSitePage(url) && pageAddress(url) !== pageAddress(location.href)) load(pageAddress(url)).catch(function () {});
      }, 65);
    });
  }

  setUpPage();
})();
