/* People search that works offline, from file:// too: no fetch. Each index piece is
   a script (people/search/<two letters>.js) that calls trfsitePeople.add; a piece is
   loaded only when a search needs it. The folding matches trfsite.people.names. */
(function () {
  "use strict";
  var input = document.getElementById("people-search");
  if (!input) { return; }
  var results = document.getElementById("people-results");
  var status = document.getElementById("people-status");
  var busiest = document.getElementById("people-busiest");
  var folder = input.getAttribute("data-pieces") || "search/";
  // The texts come from the page (the catalogs), in its language: "{n}" is the count.
  var language = document.documentElement.lang || undefined;
  function said(name, n) {
    var text = status.getAttribute("data-" + name) || "";
    return text.replace("{n}", n === undefined ? "" : n.toLocaleString(language));
  }
  var pieces = {};    // name -> rows, once loaded
  var loading = {};   // name -> true while its script loads
  var LETTERS = { "ß": "ss", "ẞ": "ss", "Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Æ": "AE",
    "æ": "ae", "Œ": "OE", "œ": "oe", "Đ": "D", "đ": "d", "Þ": "Th", "þ": "th", "ı": "i" };

  function fold(text) {
    var out = text.replace(/[ßẞŁłØøÆæŒœĐđÞþı]/g, function (c) { return LETTERS[c]; });
    out = out.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    out = out.replace(/([aou])e/g, "$1");
    return (out.match(/[\p{L}\p{N}_]+/gu) || []).join(" ");
  }

  function pieceName(word) {
    var name = "";
    for (var i = 0; i < 2; i++) {
      var c = word.charAt(i);
      name += /^[a-z0-9]$/.test(c) ? c : "_";
    }
    return name;
  }

  window.trfsitePeople = {
    add: function (name, rows) { pieces[name] = rows; delete loading[name]; search(); }
  };

  function load(name) {
    if (pieces[name] || loading[name]) { return; }
    loading[name] = true;
    var script = document.createElement("script");
    script.src = folder + name + ".js";
    script.onerror = function () { pieces[name] = []; delete loading[name]; search(); };
    document.head.appendChild(script);
  }

  function show(rows, words) {
    results.textContent = "";
    var shown = 0;
    for (var i = 0; i < rows.length && shown < 200; i++) {
      var row = rows[i];  // [name, folded, page, federation, events, last year]
      var have = row[1].split(" ");
      var all = words.every(function (w) {
        return have.some(function (h) { return h.indexOf(w) === 0; });
      });
      if (!all) { continue; }
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = row[2] + ".html";
      a.textContent = row[0];
      li.appendChild(a);
      var facts = document.createElement("span");
      facts.className = "muted";
      facts.textContent = " " + [row[3], row[5]].filter(Boolean).join(" · ");
      li.appendChild(facts);
      results.appendChild(li);
      shown++;
    }
    return shown;
  }

  function search() {
    var words = fold(input.value).split(" ").filter(Boolean);
    if (!words.length || words[0].length < 2) {
      results.hidden = true;
      if (busiest) { busiest.hidden = false; }
      status.textContent = "";
      return;
    }
    var name = pieceName(words[0]);
    if (!pieces[name]) { status.textContent = said("searching"); load(name); return; }
    var shown = show(pieces[name], words);
    results.hidden = false;
    if (busiest) { busiest.hidden = true; }
    status.textContent = said(shown >= 200 ? "found-more" : "found", shown);
  }

  input.addEventListener("input", search);
  if (input.value) { search(); }
}());
