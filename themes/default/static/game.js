/* trfsite default theme: the game viewer. It steps through a game's main line with
   what the page embeds for each move (data-steps: from and to squares, then a castling
   rook's, an en passant capture's square or a promotion's piece), so it needs no chess
   rules of its own. Without it the page shows the final position drawn by the server.
   No dependencies. */
(function () {
  "use strict";

  var board = document.getElementById("board");
  if (!board) return;
  var GLYPH = { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659",
                k: "\u265a", q: "\u265b", r: "\u265c", b: "\u265d", n: "\u265e", p: "\u265f" };
  var ORDER = "KQRBNP";
  var FILES = "abcdefgh";
  var names = JSON.parse(board.getAttribute("data-names") || "{}");
  var squares = board.children;
  var status = document.getElementById("board-status");
  /* The score's buttons are the moves the board plays, in order: the ply of the k-th
     is k + 1, its label the move number (counted on from the score's first) and the
     button's first text (its SAN; an annotation such as "?!" follows in a child). */
  var score = document.querySelector(".moves");
  var moves = score ? Array.prototype.slice.call(score.querySelectorAll("button")) : [];
  var first = (score && score.getAttribute("data-first")) || "1.";
  var firstNumber = parseInt(first, 10) || 1, blackFirst = /\.\.\.$/.test(first) ? 1 : 0;

  function moveLabel(k) {
    var ply = k + blackFirst, number = firstNumber + Math.floor(ply / 2);
    var node = moves[k].firstChild;
    return number + (ply % 2 ? "..." : ".") + (node ? node.nodeValue : "");
  }

  function index(name) { return (8 - Number(name.charAt(1))) * 8 + FILES.indexOf(name.charAt(0)); }
  function squareName(i) { return FILES.charAt(i % 8) + String(8 - Math.floor(i / 8)); }

  function parse(placement) {
    var cells = [];
    for (var k = 0; k < placement.length; k++) {
      var c = placement.charAt(k);
      if (c === "/") continue;
      if (c >= "1" && c <= "8") { for (var n = 0; n < Number(c); n++) cells.push(""); }
      else cells.push(c);
    }
    return cells;
  }

  function placement(cells) {
    var ranks = [];
    for (var row = 0; row < 8; row++) {
      var text = "", empty = 0;
      for (var col = 0; col < 8; col++) {
        var piece = cells[row * 8 + col];
        if (!piece) { empty++; continue; }
        if (empty) { text += empty; empty = 0; }
        text += piece;
      }
      ranks.push(empty ? text + empty : text);
    }
    return ranks.join("/");
  }

  function apply(cells, step) {
    var next = cells.slice();
    var from = index(step.substr(0, 2)), to = index(step.substr(2, 2));
    var piece = next[from], rest = step.substr(4);
    next[from] = "";
    if (rest.length === 4) {  /* castling: both origins emptied first (Chess960) */
      var rookFrom = index(rest.substr(0, 2)), rook = next[rookFrom];
      next[rookFrom] = "";
      next[index(rest.substr(2, 2))] = rook;
    } else if (rest.length === 2) {
      next[index(rest)] = "";  /* the pawn taken en passant */
    } else if (rest.length === 1) {
      piece = rest;  /* promotion */
    }
    next[to] = piece;
    return next;
  }

  var positions = [parse(board.getAttribute("data-start") || "")];
  var steps = (board.getAttribute("data-steps") || "").split(" ").filter(Boolean);
  for (var s = 0; s < steps.length; s++) positions.push(apply(positions[s], steps[s]));
  var last = positions.length - 1;
  var current = last;

  function side(cells, white) {
    var found = [];
    for (var i = 0; i < 64; i++) {
      var piece = cells[i];
      if (piece && (piece === piece.toUpperCase()) === white) found.push([piece.toUpperCase(), squareName(i)]);
    }
    found.sort(function (a, b) {
      return ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
    });
    return found.map(function (p) { return (names[p[0]] || p[0]) + " " + p[1]; }).join(", ");
  }

  function show(ply) {
    ply = Math.max(0, Math.min(last, ply));
    current = ply;
    var cells = positions[ply];
    for (var i = 0; i < 64 && i < squares.length; i++) {
      squares[i].textContent = cells[i] ? GLYPH[cells[i]] + "\ufe0e" : "";
    }
    var title = ply
      ? board.getAttribute("data-after-label").replace("{move}", moveLabel(ply - 1))
      : board.getAttribute("data-start-label");
    board.setAttribute("data-fen", placement(cells));
    board.setAttribute("aria-label", title + ". " + board.getAttribute("data-white") + ": " +
      side(cells, true) + ". " + board.getAttribute("data-black") + ": " + side(cells, false) + ".");
    if (status) status.textContent = title;
    moves.forEach(function (button, k) {
      if (k === ply - 1) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    });
  }

  var actions = {
    first: function () { show(0); },
    previous: function () { show(current - 1); },
    next: function () { show(current + 1); },
    last: function () { show(last); }
  };
  var keys = { Home: "first", ArrowLeft: "previous", ArrowRight: "next", End: "last" };

  document.querySelectorAll(".board-controls, .board-help").forEach(function (el) { el.hidden = false; });
  document.querySelectorAll(".board-controls button").forEach(function (button) {
    button.addEventListener("click", function () { actions[button.getAttribute("data-go")](); });
  });
  moves.forEach(function (button, k) {
    button.addEventListener("click", function () { show(k + 1); });
  });
  document.addEventListener("keydown", function (event) {
    var action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    event.preventDefault();
    actions[action]();
  });
  show(last);
})();
