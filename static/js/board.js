/* heldenweb game page: zoom the board, let board targets submit their action's form, keep focus sensible
   after htmx swaps. No framework; works on top of htmx and degrades to plain links without JavaScript. */
(function () {
  "use strict";
  var KEY = "heldenweb.boardZoom";     // the player's zoom: steps in (+) or out (-) from the default
  var WHOLE = "heldenweb.boardWhole";
  var STEP = 1.5;                        // one press of + or -
  var MAX_SCALE = 8;                     // screen pixels per board unit, at most

  // Screen pixels per board unit at which a field's name (the smallest word that matters) is drawn at
  // 11 px: the server writes it on the board (data-min-scale = 11 px / the name's font size).
  var LEGIBLE = 1.375;

  function viewBox(svg, whole) {
    var box = (svg.getAttribute(whole ? "data-full" : "data-fit") || svg.getAttribute("viewBox") || "")
      .split(/\s+/).map(Number);
    return box.length === 4 && box[2] > 0 && box[3] > 0 ? box : null;
  }

  // The scale at which the shown part fits the scroller (its width, and its height up to the max-height).
  function fitScale(scroller, box) {
    var limit = parseFloat(getComputedStyle(scroller).maxHeight);
    var byWidth = scroller.clientWidth / box[2];
    return isNaN(limit) ? byWidth : Math.min(byWidth, (limit - 4) / box[3]);
  }

  // The board opens fitted to the explored cards when that is legible (one or two cards on a desktop),
  // else at the legible scale, centred on the player's hero: he pans to the rest. The whole square is
  // an overview: fitted.
  function defaultScale(scroller, svg, box, whole) {
    var fit = fitScale(scroller, box);
    if (whole) return fit;
    return Math.max(fit, parseFloat(svg.getAttribute("data-min-scale")) || LEGIBLE);
  }

  function steps() {
    var n = parseInt(sessionStorage.getItem(KEY), 10);
    return isNaN(n) ? 0 : n;
  }

  // Bring what matters into view when zoomed: the viewer's hero, else the first place to click.
  function centre(scroller) {
    var spot = scroller.querySelector(".hero-g.me") || scroller.querySelector("a.board-target");
    if (!spot || (scroller.scrollWidth <= scroller.clientWidth && scroller.scrollHeight <= scroller.clientHeight)) return;
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
      var box = viewBox(svg, whole);
      if (!box || !scroller.clientWidth) return;
      svg.setAttribute("viewBox", box.join(" "));
      scroller.parentNode.querySelectorAll('[data-zoom="whole"]').forEach(function (b) {
        b.setAttribute("aria-pressed", whole ? "true" : "false");
      });
      var fit = fitScale(scroller, box);
      var scale = defaultScale(scroller, svg, box, whole) * Math.pow(STEP, steps());
      scale = Math.max(fit, Math.min(MAX_SCALE, scale));
      var fitted = scale <= fit * 1.001;
      scroller.classList.toggle("fit", fitted);
      svg.style.width = fitted ? "" : (scale * box[2]).toFixed(1) + "px";
      if (recentre) centre(scroller);
    });
  }

  function init(root) {
    (root || document).querySelectorAll(".zoom-controls").forEach(function (c) { c.hidden = false; });
    applyZoom(root, true);
  }

  // One change of zoom, from a button (data-zoom) or a key on the focused board: in, out, whole, reset.
  function changeZoom(what) {
    if (what === "whole" || what === "reset") {
      // "Whole board" toggles the overview; "Fit" goes back to the explored cards. Both start again
      // from their own default (fitted for the overview, legible for the explored cards).
      var whole = what === "whole" && sessionStorage.getItem(WHOLE) !== "1";
      sessionStorage.setItem(WHOLE, whole ? "1" : "0");
      sessionStorage.removeItem(KEY);
      applyZoom(document, true);
      return;
    }
    var scroller = document.querySelector(".board-scroll");
    var svg = scroller && scroller.querySelector(".board-svg");
    var box = svg && viewBox(svg, sessionStorage.getItem(WHOLE) === "1");
    var n = steps() + (what === "in" ? 1 : -1);
    if (box) {
      // Not past the fitted view (out) nor the largest scale (in): a press that changes nothing is not kept.
      var base = defaultScale(scroller, svg, box, sessionStorage.getItem(WHOLE) === "1");
      var fit = fitScale(scroller, box);
      var lowest = Math.floor(Math.log(fit / base) / Math.log(STEP) + 1e-9);
      var highest = Math.ceil(Math.log(MAX_SCALE / base) / Math.log(STEP) - 1e-9);
      n = Math.max(Math.min(0, lowest), Math.min(highest, n));
    }
    sessionStorage.setItem(KEY, String(n));
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
