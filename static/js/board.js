/* heldenweb game page: zoom the board, let board targets submit their action's form, keep focus sensible
   after htmx swaps. No framework; works on top of htmx and degrades to plain links without JavaScript. */
(function () {
  "use strict";
  var ZOOMS = [1, 1.5, 2, 3, 4];
  var KEY = "heldenweb.boardZoom";
  var WHOLE = "heldenweb.boardWhole";

  // Screen pixels per board unit below which field codes (8 units) and names (7.5) are too small to read.
  var LEGIBLE = 1.15;

  // The first zoom at which the shown part of the board is legible in this scroller: 1 when it fits
  // legibly (one or two cards on a desktop), more on a phone or for cards far apart — the player then
  // sees his hero's or the first target's card readable and pans to the rest.
  function legibleIndex(scroller) {
    var svg = scroller && scroller.querySelector(".board-svg");
    var box = svg && (svg.getAttribute("viewBox") || "").split(/\s+/).map(Number);
    if (!box || box.length !== 4 || !box[2] || !scroller.clientWidth) return 0;
    for (var i = 0; i < ZOOMS.length; i++) {
      if (scroller.clientWidth * ZOOMS[i] / box[2] >= LEGIBLE) return i;
    }
    return ZOOMS.length - 1;
  }

  // The zoom the player chose (kept for the session), else the legible one for this board.
  function zoomIndex(scroller) {
    var stored = sessionStorage.getItem(KEY);
    var whole = sessionStorage.getItem(WHOLE) === "1";   // the whole square is an overview: unzoomed
    var i = stored !== null ? parseInt(stored, 10)
      : whole ? 0 : legibleIndex(scroller || document.querySelector(".board-scroll"));
    return isNaN(i) ? 0 : Math.max(0, Math.min(ZOOMS.length - 1, i));
  }

  // Bring what matters into view when zoomed: the first place to click, else the viewer's hero.
  function centre(scroller) {
    var spot = scroller.querySelector("a.board-target") || scroller.querySelector(".hero-g.me");
    if (!spot || scroller.scrollWidth <= scroller.clientWidth) return;
    var box = spot.getBoundingClientRect();
    var frame = scroller.getBoundingClientRect();
    scroller.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    scroller.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
  }

  function applyZoom(root, recentre) {
    (root || document).querySelectorAll(".board-scroll").forEach(function (scroller) {
      var svg = scroller.querySelector(".board-svg");
      if (!svg) return;
      // The server fits the view to the explored cards; "whole board" shows the full square.
      var whole = sessionStorage.getItem(WHOLE) === "1";
      var box = whole ? svg.getAttribute("data-full") : svg.getAttribute("data-fit");
      if (box) svg.setAttribute("viewBox", box);
      var z = ZOOMS[zoomIndex(scroller)];
      scroller.parentNode.querySelectorAll('[data-zoom="whole"]').forEach(function (b) {
        b.setAttribute("aria-pressed", whole ? "true" : "false");
      });
      svg.style.width = (z * 100) + "%";
      scroller.classList.toggle("fit", z === 1);
      if (recentre) centre(scroller);
    });
  }

  function init(root) {
    (root || document).querySelectorAll(".zoom-controls").forEach(function (c) { c.hidden = false; });
    applyZoom(root, true);
  }

  // One change of zoom, from a button (data-zoom) or a key on the focused board: in, out, whole, reset.
  function changeZoom(what) {
    var i = zoomIndex();
    if (what === "whole" || what === "reset") {
      // "Whole board" toggles the overview; "Fit" goes back to the explored cards. Both start again
      // from their own zoom (unzoomed for the overview, legible for the explored cards).
      var whole = what === "whole" && sessionStorage.getItem(WHOLE) !== "1";
      sessionStorage.setItem(WHOLE, whole ? "1" : "0");
      sessionStorage.removeItem(KEY);
      applyZoom(document, true);
      return;
    }
    i = what === "in" ? i + 1 : i - 1;
    sessionStorage.setItem(KEY, String(Math.max(0, Math.min(ZOOMS.length - 1, i))));
    applyZoom(document, true);
  }

  document.addEventListener("click", function (event) {
    var zoom = event.target.closest("[data-zoom]");
    if (zoom) {
      changeZoom(zoom.getAttribute("data-zoom"));
      return;
    }
    var target = event.target.closest("a.board-target");
    if (target) {
      var button = document.getElementById(target.getAttribute("data-option"));
      if (button) {
        event.preventDefault();
        button.click();  // the same form, the same submit button: htmx sees the button that was "clicked"
      }
    }
  });

  // Pan a zoomed board by dragging it with the mouse (touch scrolls natively; arrow keys scroll the
  // focused board). A drag that moved is not a click on a target.
  var drag = null;
  document.addEventListener("pointerdown", function (event) {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    var scroller = event.target.closest && event.target.closest(".board-scroll");
    if (!scroller || scroller.classList.contains("fit")) return;
    drag = { el: scroller, x: event.clientX, y: event.clientY, left: scroller.scrollLeft, top: scroller.scrollTop, moved: false };
  });
  document.addEventListener("pointermove", function (event) {
    if (!drag) return;
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    if (drag.moved) {
      drag.el.scrollLeft = drag.left - dx;
      drag.el.scrollTop = drag.top - dy;
    }
  });
  document.addEventListener("pointerup", function () {
    if (drag && drag.moved) {
      var swallow = function (e) { e.stopPropagation(); e.preventDefault(); };
      document.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(function () { document.removeEventListener("click", swallow, { capture: true }); }, 0);
    }
    drag = null;
  });

  // The keyboard zooms the focused board as the buttons do: + in, - out, 0 fit (arrow keys scroll it).
  var ZOOM_KEYS = { "+": "in", "=": "in", "-": "out", "0": "reset" };
  document.addEventListener("keydown", function (event) {
    var what = ZOOM_KEYS[event.key];
    if (!what || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!(event.target.closest && event.target.closest(".board-scroll"))) return;
    event.preventDefault();
    changeZoom(what);
  });

  // SVG links have no built-in "press Space": make targets behave like the buttons they stand for.
  document.addEventListener("keydown", function (event) {
    if (event.key !== " " && event.key !== "Spacebar") return;
    var target = event.target.closest && event.target.closest("a.board-target");
    if (target) {
      event.preventDefault();
      target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    }
  });

  // Keep the player's place: a swap replaces the whole game, and the browser's scroll anchoring would
  // otherwise pin whatever survives (the footer) and jump to the bottom. Remember where the window was
  // and whether the keyboard focus was inside the game, and restore both after the swap.
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "game") return;
    var active = document.activeElement;
    kept = { x: window.scrollX, y: window.scrollY, focusInside: !!(active && target.contains(active)) };
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    init(event.detail.target && event.detail.target.parentNode);
    if (kept) window.scrollTo(kept.x, kept.y);
  });

  function announce() {
    var live = document.getElementById("live-region");
    var game = document.getElementById("game");
    if (!live || !game) return;
    var parts = [];
    game.querySelectorAll(".messages.in-game .message").forEach(function (m) { parts.push(m.textContent.trim()); });
    if (game.dataset.announce) parts.push(game.dataset.announce);
    var whose = document.getElementById("whose-turn");
    if (whose) parts.push(whose.textContent.replace(/\s+/g, " ").trim());
    live.textContent = parts.join(" ");
  }

  // After an action the old button is gone, and the buttons' ids change with every position, so the
  // focus never lands on a button that now means another move: put it on the actions heading, and say
  // what happened in the live region.
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (!target || !kept) return;
    var state = kept;
    kept = null;
    window.scrollTo(state.x, state.y);
    var active = document.activeElement;
    if (state.focusInside && (!active || active === document.body)) {
      var heading = document.getElementById("actions-title");
      if (heading) heading.focus({ preventScroll: true });
    }
    announce();
    showWaiting();
  });

  // The tab title and the favicon say how many games wait for the player, also after a swap.
  function showWaiting() {
    var game = document.getElementById("game");
    if (!game || game.dataset.waiting === undefined) return;
    var n = parseInt(game.dataset.waiting, 10) || 0;
    document.title = (n ? "(" + n + ") " : "") + document.title.replace(/^\(\d+\) /, "");
    var icon = document.querySelector('link[rel="icon"][data-turn]');
    if (icon) icon.href = n ? icon.dataset.turn : icon.dataset.idle;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { init(document); });
  } else {
    init(document);
  }
})();
