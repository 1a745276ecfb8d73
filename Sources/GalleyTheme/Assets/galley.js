// Galley default theme: search over search/search_index.json and a table of contents that
// follows the scroll position. No dependencies.
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";

  // --- Search -------------------------------------------------------------------------
  var input = document.querySelector(".search input");
  var list = document.querySelector(".search-results");
  var index = null;
  var selected = -1;

  function load() {
    if (index) return Promise.resolve(index);
    return fetch(root + "search/search_index.json")
      .then(function (response) { return response.json(); })
      .then(function (data) { index = data.docs || []; return index; });
  }

  function score(doc, terms) {
    var title = doc.title.toLowerCase();
    var text = doc.text.toLowerCase();
    var total = 0;
    for (var i = 0; i < terms.length; i++) {
      var term = terms[i];
      if (title.indexOf(term) >= 0) total += title.indexOf(term) === 0 ? 12 : 8;
      else if (text.indexOf(term) >= 0) total += 1;
      else return 0;
    }
    return total;
  }

  function excerpt(text, term) {
    var at = text.toLowerCase().indexOf(term);
    if (at < 0) return text.slice(0, 140);
    var start = Math.max(0, at - 50);
    return (start > 0 ? "…" : "") + text.slice(start, start + 140) + "…";
  }

  function render(query) {
    var terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    list.innerHTML = "";
    selected = -1;
    if (!terms.length) { list.hidden = true; return; }
    var hits = index.map(function (doc) { return { doc: doc, score: score(doc, terms) }; })
      .filter(function (hit) { return hit.score > 0; })
      .sort(function (a, b) { return b.score - a.score; })
      .slice(0, 12);
    hits.forEach(function (hit) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + hit.doc.location;
      link.textContent = hit.doc.title;
      var text = document.createElement("p");
      text.textContent = excerpt(hit.doc.text, terms[0]);
      link.appendChild(text);
      item.appendChild(link);
      list.appendChild(item);
    });
    if (!hits.length) {
      var none = document.createElement("li");
      none.textContent = "No results";
      list.appendChild(none);
    }
    list.hidden = false;
  }

  function move(step) {
    var items = list.querySelectorAll("li");
    if (!items.length) return;
    if (selected >= 0) items[selected].classList.remove("active");
    selected = (selected + step + items.length) % items.length;
    items[selected].classList.add("active");
  }

  if (input && list) {
    input.addEventListener("input", function () { load().then(function () { render(input.value); }); });
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown") { move(1); event.preventDefault(); }
      else if (event.key === "ArrowUp") { move(-1); event.preventDefault(); }
      else if (event.key === "Enter") {
        var active = list.querySelector("li.active a") || list.querySelector("li a");
        if (active) window.location.href = active.href;
      } else if (event.key === "Escape") { list.hidden = true; input.blur(); }
    });
    document.addEventListener("keydown", function (event) {
      if ((event.key === "/" || event.key === "s") && document.activeElement !== input
          && !/INPUT|TEXTAREA/.test(document.activeElement.tagName)) {
        input.focus();
        event.preventDefault();
      }
    });
  }

  // --- Table of contents follows the scroll ---------------------------------------------
  var links = Array.prototype.slice.call(document.querySelectorAll(".page-toc a"));
  if (links.length && "IntersectionObserver" in window) {
    var byID = {};
    links.forEach(function (link) { byID[decodeURIComponent(link.hash.slice(1))] = link; });
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        links.forEach(function (link) { link.classList.remove("active"); });
        var link = byID[entry.target.id];
        if (link) link.classList.add("active");
      });
    }, { rootMargin: "0px 0px -70% 0px" });
    Object.keys(byID).forEach(function (id) {
      var heading = document.getElementById(id);
      if (heading) observer.observe(heading);
    });
  }
})();
