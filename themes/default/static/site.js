/* trfsite default theme: sortable tables and the home page search. No dependencies. */
(function () {
  "use strict";

  function cellValue(row, index) {
    var cell = row.children[index];
    if (!cell) return "";
    var sortKey = cell.getAttribute("data-sort");
    return sortKey !== null ? sortKey : cell.textContent.trim();
  }

  function asNumber(text) {
    if (text === "") return null;
    var cleaned = text.replace("\u00bd", ".5").replace(",", ".").replace(/[\s%\u00a0]/g, "");
    if (!/^[-+]?\d*\.?\d+$/.test(cleaned)) return NaN;
    return parseFloat(cleaned);
  }

  function compare(a, b) {
    var x = asNumber(a), y = asNumber(b);
    if (x === null && y === null) return 0;
    if (x === null) return 1; /* empty values always last */
    if (y === null) return -1;
    if (!isNaN(x) && !isNaN(y)) return x - y;
    return a.localeCompare(b, undefined, { sensitivity: "base", numeric: true });
  }

  function sortTable(table, header) {
    var headers = Array.prototype.slice.call(header.parentNode.children);
    var index = headers.indexOf(header);
    var body = table.tBodies[0];
    if (!body) return;
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    var rows = Array.prototype.slice.call(body.rows);
    var decorated = rows.map(function (row, position) {
      return { row: row, key: cellValue(row, index), position: position };
    });
    decorated.sort(function (p, q) {
      var order = compare(p.key, q.key);
      if (order === 0) return p.position - q.position;
      if (p.key === "" || q.key === "") return order; /* keep empty last either way */
      return ascending ? order : -order;
    });
    headers.forEach(function (h) { h.removeAttribute("aria-sort"); });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    decorated.forEach(function (item) { body.appendChild(item.row); });
  }

  function setUpSorting() {
    var tables = document.querySelectorAll("table.sortable");
    Array.prototype.forEach.call(tables, function (table) {
      var buttons = table.querySelectorAll("thead th button.sort");
      Array.prototype.forEach.call(buttons, function (button) {
        button.addEventListener("click", function () {
          sortTable(table, button.closest("th"));
        });
      });
    });
  }

  function setUpSearch() {
    var search = document.getElementById("event-search");
    var list = document.getElementById("event-list");
    if (!search || !list) return;
    var kind = document.getElementById("event-kind");
    var year = document.getElementById("event-year");
    var none = document.getElementById("no-match");
    var cards = list.querySelectorAll(".event-card");

    function apply() {
      var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      var wantedKind = kind ? kind.value : "";
      var wantedYear = year ? year.value : "";
      var shown = 0;
      Array.prototype.forEach.call(cards, function (card) {
        var text = card.getAttribute("data-search") || "";
        var ok = words.every(function (w) { return text.indexOf(w) !== -1; });
        if (wantedKind && card.getAttribute("data-kind") !== wantedKind) ok = false;
        if (wantedYear && card.getAttribute("data-year") !== wantedYear) ok = false;
        card.hidden = !ok;
        if (ok) shown += 1;
      });
      if (none) none.hidden = shown !== 0;
    }

    search.addEventListener("input", apply);
    if (kind) kind.addEventListener("change", apply);
    if (year) year.addEventListener("change", apply);
    apply();
  }

  // A quoted line of the validation page is wider than a phone: its caret (column 69
  // of a player line) would be out of sight. Scroll each excerpt to show its caret;
  // the caret's line scrolls with the quoted one.
  function showCarets() {
    var marks = document.querySelectorAll("pre.source .caret-mark");
    Array.prototype.forEach.call(marks, function (mark) {
      var pre = mark.closest("pre");
      var right = mark.offsetLeft + mark.offsetWidth;
      if (right > pre.clientWidth - 16) {
        pre.scrollLeft = right - pre.clientWidth / 2;
      }
    });
  }

  // Light or dark, as the reader chose (the head's script applied a stored choice
  // before the page was drawn); without one, as the system says. Storage may be
  // blocked (private windows, file:// in some browsers): the choice then lasts the page.
  var THEME_KEY = "trfsite-theme";

  function effectiveTheme() {
    var chosen = document.documentElement.getAttribute("data-theme");
    if (chosen === "dark" || chosen === "light") return chosen;
    var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    return dark ? "dark" : "light";
  }

  function setUpThemeToggle() {
    var button = document.querySelector("button.theme-toggle");
    if (!button) return;
    button.hidden = false;
    button.setAttribute("aria-pressed", String(effectiveTheme() === "dark"));
    button.addEventListener("click", function () {
      var next = effectiveTheme() === "dark" ? "light" : "dark";
      document.documentElement.setAttribute("data-theme", next);
      button.setAttribute("aria-pressed", String(next === "dark"));
      try {
        window.localStorage.setItem(THEME_KEY, next);
      } catch (blocked) {
        /* not remembered: storage is blocked */
      }
    });
  }

  function ready() {
    setUpSorting();
    setUpSearch();
    showCarets();
    setUpThemeToggle();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
