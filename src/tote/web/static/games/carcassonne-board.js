// The Carcassonne board: an SVG kept across views, panned by dragging (pointer
// events), zoomed with the wheel, by pinching (two pointers), with the +, − and Fit
// buttons or + and - keys, and moved with the arrow keys when focused. Its contents
// are redrawn on every view; the pan and zoom stay until the player presses Fit.
//
// On one's own turn it takes the moves: a "?" place chooses where the drawn tile goes
// (again, or R, turns it; Enter places it), and a feature of the tile just placed
// takes the meeple (or, settling bets, names the road or city). A click on a place
// where the tile cannot go says why and sends nothing; a drag is never a click.
// Issue 27 item 1: the tile in hand sits beside the board (carcassonne-hand.js) and
// follows the pointer, or the keyboard focus, over the "?" places, turned the way it
// would go there; it may be turned in hand before a place is chosen.

import { h, s } from "../js/ui.js";
import { T, featureRegions, tileGroup, turnedFace } from "./carcassonne-tiles.js";
import { featureWords, placeName } from "./carcassonne-words.js";
import { handPanel } from "./carcassonne-hand.js";

const DRAG = { mouse: 6, pen: 6, touch: 12 }; // pixels a pointer moves before a press becomes a drag
const [K_MIN, K_MAX, K_FIT] = [0.1, 4, 2];
const STEPS = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const OPPOSITE = { N: 2, E: 3, S: 0, W: 1 };
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** Each table's pan and zoom, kept while the page lives (a new view never resets it). */
const views = new Map();
/** The player's choice for the drawn tile: the place (x, y) or none, and ``turn``: the
 * tile's rotation in hand (at a place, the rotation it is shown and placed with). */
let pick = { key: "", x: null, y: null, turn: 0 };

// ------------------------------------------------------------------ whose move
export function myTurn(view, ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && !view.over && view.turn.seats.includes(ctx.seat) && Array.isArray(view.legal_moves);
}

function placements(view, ctx) {
  if (!myTurn(view, ctx) || view.state.phase !== "place") return [];
  return view.legal_moves.filter((m) => m.type === "place_tile");
}

function rotationsAt(moves, x, y) {
  return moves.filter((m) => m.x === x && m.y === y).map((m) => m.rotation);
}

/** Of the rotations that fit (``ways``), the first at ``turn`` or clockwise after it. */
function fitFrom(ways, turn) {
  const sorted = [...ways].sort((a, b) => a - b);
  return sorted.find((r) => r >= turn) ?? sorted[0];
}

/** Where the drawn tile is to go and how it is turned, or null: ``{x, y, rotation, ways}``. */
export function chosen(view, ctx) {
  const moves = placements(view, ctx);
  if (pick.x === null || pick.key !== pickKey(view)) return null;
  const ways = rotationsAt(moves, pick.x, pick.y);
  if (!ways.length) return null;
  return { x: pick.x, y: pick.y, rotation: fitFrom(ways, pick.turn), ways: ways.length };
}

function pickKey(view) {
  return `${view.state.tiles.length}:${view.state.drawn}`;
}

/** Turn the drawn tile (``dir`` 1: clockwise, -1: anticlockwise): at the chosen place to
 * its next fitting rotation, in hand by a quarter; false when there is nothing to turn. */
export function turnTile(view, ctx, dir = 1) {
  if (!placements(view, ctx).length) return false;
  if (pick.key !== pickKey(view)) pick = { key: pickKey(view), x: null, y: null, turn: 0 };
  const c = chosen(view, ctx);
  if (!c) {
    pick.turn = (pick.turn + 90 * dir + 360) % 360;
    return true;
  }
  if (c.ways < 2) return false;
  const ways = rotationsAt(placements(view, ctx), c.x, c.y).sort((a, b) => a - b);
  pick.turn = ways[(ways.indexOf(c.rotation) + dir + ways.length) % ways.length];
  return true;
}

/** The tile in hand as the hand panel shows it: mine to place or another's, turned. */
function handState(view, ctx, rerender) {
  const c = chosen(view, ctx);
  const mine = placements(view, ctx).length > 0;
  return {
    mine,
    rotation: c ? c.rotation : mine && pick.key === pickKey(view) ? pick.turn : 0,
    place: c ? [c.x, c.y] : null,
    ways: c ? c.ways : 4,
    turn: (dir) => turnTile(view, ctx, dir) && rerender(),
  };
}

/**
 * The meeple step's (or the settling step's) choices on the board: per feature,
 * what a click on it sends, ``{feature, label, moves}``, and ``x``, ``y``: the tile they lie on.
 */
export function featureChoices(view, ctx) {
  const st = view.state;
  if (!myTurn(view, ctx)) return null;
  if (st.phase === "meeple") {
    const [x, y] = st.last_placed;
    const offered = view.legal_moves.filter((m) => m.type === "place_meeple" || m.type === "place_abbot");
    const labels = [...new Set(offered.map((m) => m.feature))];
    const choices = labels.map((feature) => {
      const moves = offered.filter((m) => m.feature === feature);
      const who = moves.length > 1 ? "Meeple or abbot" : moves[0].type === "place_abbot" ? "Abbot" : "Meeple";
      return { feature, moves, label: `${who} on ${featureWords(feature, labels)}` };
    });
    return { x, y, choices };
  }
  if (st.phase === "settle" && st.settle) {
    const labels = st.settle.features.map((f) => f.feature);
    const choices = st.settle.features.map((f) => ({
      feature: f.feature,
      moves: view.legal_moves.filter((m) => m.type === "settle_bets" && m.feature === f.feature),
      label: `Settle against ${featureWords(f.feature, labels)} (${f.tiles} ${f.tiles === 1 ? "tile" : "tiles"})`,
    }));
    return { x: st.settle.x, y: st.settle.y, choices: choices.filter((c) => c.moves.length) };
  }
  return null;
}

// ------------------------------------------------------------------ why not here
/** Why the drawn tile cannot go on (x, y), in words, naming the rule (CC 2.2; The River, CR 2.2-2.3). */
function whyNot(view, x, y) {
  const st = view.state;
  const at = new Map(st.tiles.map((t) => [`${t.x},${t.y}`, t]));
  if (at.has(`${x},${y}`)) return "A tile already lies there.";
  const around = Object.entries(STEPS)
    .map(([side, [dx, dy]]) => [side, at.get(`${x + dx},${y + dy}`)])
    .filter(([, t]) => t);
  if (!around.length) return "Not there: a tile must touch one already on the board (CC 2.2).";
  const face = st.drawn_tile;
  const fits = face && [0, 90, 180, 270].some((r) => {
    const turned = turnedFace(face, r);
    return around.every(([side, t]) => turned.edges["NESW".indexOf(side)] === t.edges[OPPOSITE[side]]);
  });
  if (fits && (st.river || (face.river || []).length)) return "Not there: the river must go on from its open end (CR 2.2) and may not bend the same way twice running (CR 2.3).";
  return "Not there: no turn of this tile matches the edges around it: a city meets a city, a road a road, a field a field (CC 2.2).";
}

// ------------------------------------------------------------------ the board
function boardState(node, ctx) {
  if (node._cc) return node._cc;
  const key = ctx.tableId || "table";
  const keep = views.get(key) || { k: 1, tx: 0, ty: 0, auto: true };
  views.set(key, keep);
  const svg = s("svg", { class: "cc-board", tabindex: 0, role: "group", "aria-label": "The board: arrow keys move it, + and - zoom, F fits it; Tab goes to the places and features you may choose", "data-focus": "board" });
  const layer = s("g", { class: "cc-view" });
  svg.append(layer);
  const note = h("p.cc-note", { role: "status", "aria-live": "polite" });
  const hand = h("div.cc-hand.panel", { dataset: { focus: "hand" } });
  const preview = s("g", { class: "cc-preview" });
  const tool = (label, text, act) => h("button.small", { type: "button", "aria-label": label, title: label, dataset: { zoom: act } }, text);
  const tools = h("div.cc-tools", null, tool("Zoom in", "+", "in"), tool("Zoom out", "−", "out"), tool("Fit the whole board", "Fit", "fit"));
  const status = h("p.help");
  const st = { svg, layer, note, status, hand, preview, hover: null, focus: null, keep, pointers: new Map(), drag: null, pinch: null, suppress: false, cur: null };
  node._cc = st;
  fillOnce(node, tools, note, h("div.cc-area", null, hand, h("div.cc-board-wrap", null, svg)), status);
  tools.addEventListener("click", (e) => {
    const act = e.target.closest("[data-zoom]")?.dataset.zoom;
    if (act === "fit") fit(st, true);
    else if (act) zoomAbout(st, ...centre(st), act === "in" ? 1.25 : 0.8);
  });
  listen(st);
  if (typeof ResizeObserver === "function") new ResizeObserver(() => st.keep.auto && fit(st, false)).observe(svg);
  return st;
}

function fillOnce(node, ...children) {
  node.replaceChildren(...children);
}

function centre(st) {
  const r = st.svg.getBoundingClientRect();
  return [r.width / 2, r.height / 2];
}

function apply(st) {
  const { k, tx, ty } = st.keep;
  st.layer.setAttribute("transform", `translate(${tx.toFixed(2)} ${ty.toFixed(2)}) scale(${k.toFixed(4)})`);
  grow(st.svg, k);
}

/**
 * Issue 27 item 6: a late board at Fit (a phone above all) is drawn so small that its
 * meeples were specks and its letters a few pixels. The board's user unit is k screen
 * pixels; each mark grows about its centre by just enough for its letter to be 11 px
 * (a meeple's 9.5-unit letter, a chip's 6-unit one, a place's 16-unit "?"), never
 * shrinking: the stylesheet scales .meeple-mark, .chip and .spot-mark by these.
 */
function grow(svg, k) {
  const by = (size) => Math.max(1, 11.5 / (size * k)).toFixed(3);
  svg.style.setProperty("--cc-meeple", by(9.5));
  svg.style.setProperty("--cc-chip", by(6));
  svg.style.setProperty("--cc-mark", by(16));
}

function zoomAbout(st, px, py, factor) {
  const keep = st.keep;
  const k = Math.min(K_MAX, Math.max(K_MIN, keep.k * factor));
  keep.tx = px - ((px - keep.tx) * k) / keep.k;
  keep.ty = py - ((py - keep.ty) * k) / keep.k;
  keep.k = k;
  keep.auto = false;
  apply(st);
}

function panBy(st, dx, dy) {
  st.keep.tx += dx;
  st.keep.ty += dy;
  st.keep.auto = false;
  apply(st);
}

/** The board's extent in board units: every tile and the places around them, where
 * a tile may come (so the view does not jump between the steps of a turn). */
function extent(st) {
  const cells = [...st.layer.querySelectorAll("g.tile:not(.ghost)")].map((n) => [Number(n.dataset.x), Number(n.dataset.y)]);
  if (!cells.length) return [-1, -1, 2, 2];
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  return [Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 2, Math.max(...ys) + 2];
}

/** Show the whole board, as large as fits (Fit; and while the player has not moved it). */
function fit(st, asked) {
  const r = st.svg.getBoundingClientRect();
  if (!r.width || !r.height) return;
  const [x0, y0, x1, y1] = extent(st);
  const pad = 0.1;
  const [bw, bh] = [(x1 - x0 + 2 * pad) * T, (y1 - y0 + 2 * pad) * T];
  const k = Math.max(K_MIN / 2, Math.min(r.width / bw, r.height / bh, K_FIT));
  Object.assign(st.keep, { k, tx: (r.width - bw * k) / 2 - (x0 - pad) * T * k, ty: (r.height - bh * k) / 2 - (y0 - pad) * T * k });
  if (asked) st.keep.auto = true;
  apply(st);
}

/** Pan just enough for the tile place (x, y) to be seen whole. */
function reveal(st, x, y) {
  const r = st.svg.getBoundingClientRect();
  const { k, tx, ty } = st.keep;
  const [left, top] = [tx + x * T * k, ty + y * T * k];
  const size = T * k;
  let dx = 0;
  let dy = 0;
  if (left < 0) dx = -left + 8;
  else if (left + size > r.width) dx = r.width - left - size - 8;
  if (top < 0) dy = -top + 8;
  else if (top + size > r.height) dy = r.height - top - size - 8;
  if (dx || dy) panBy(st, dx, dy);
}

function local(st, e) {
  const r = st.svg.getBoundingClientRect();
  return [e.clientX - r.left, e.clientY - r.top];
}

// ------------------------------------------------------------------ input
function listen(st) {
  const svg = st.svg;
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    st.suppress = false;
    st.pointers.set(e.pointerId, local(st, e));
    if (st.pointers.size === 1) st.drag = { at: local(st, e), tx: st.keep.tx, ty: st.keep.ty, moved: false, id: e.pointerId };
    if (st.pointers.size === 2) {
      const [a, b] = [...st.pointers.values()];
      st.pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], k: st.keep.k, tx: st.keep.tx, ty: st.keep.ty };
      if (st.drag) st.drag.moved = true;
      for (const id of st.pointers.keys()) if (!svg.hasPointerCapture(id)) try { svg.setPointerCapture(id); } catch { /* the pointer is gone */ }
    }
  });
  svg.addEventListener("pointermove", (e) => {
    if (!st.pointers.has(e.pointerId)) return;
    const p = local(st, e);
    st.pointers.set(e.pointerId, p);
    if (st.pinch && st.pointers.size >= 2) {
      const [a, b] = [...st.pointers.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
      const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const pin = st.pinch;
      const k = Math.min(K_MAX, Math.max(K_MIN, (pin.k * d) / pin.d));
      Object.assign(st.keep, { k, tx: mid[0] - ((pin.mid[0] - pin.tx) * k) / pin.k, ty: mid[1] - ((pin.mid[1] - pin.ty) * k) / pin.k, auto: false });
      apply(st);
      return;
    }
    const drag = st.drag;
    if (!drag || drag.id !== e.pointerId) return;
    const [dx, dy] = [p[0] - drag.at[0], p[1] - drag.at[1]];
    if (!drag.moved && Math.hypot(dx, dy) < (DRAG[e.pointerType] || 6)) return;
    if (!drag.moved) {
      drag.moved = true;
      try { svg.setPointerCapture(e.pointerId); } catch { /* the pointer is gone */ }
      svg.classList.add("dragging");
    }
    Object.assign(st.keep, { tx: drag.tx + dx, ty: drag.ty + dy, auto: false });
    apply(st);
  });
  const end = (e) => {
    if (!st.pointers.delete(e.pointerId)) return;
    if (st.drag && st.drag.moved) st.suppress = true;
    if (st.pinch && st.pointers.size === 1) {
      const [[id, at]] = [...st.pointers.entries()];
      st.drag = { at, tx: st.keep.tx, ty: st.keep.ty, moved: true, id };
    }
    if (st.pointers.size < 2) st.pinch = null;
    if (!st.pointers.size) {
      st.drag = null;
      svg.classList.remove("dragging");
    }
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  svg.addEventListener("lostpointercapture", end);
  svg.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 32 : e.deltaMode === 2 ? 400 : 1;
      zoomAbout(st, ...local(st, e), Math.exp(-e.deltaY * unit * 0.0015));
    },
    { passive: false },
  );
  svg.addEventListener("click", (e) => onClick(st, e), true);
  svg.addEventListener("keydown", (e) => onKey(st, e));
  svg.addEventListener("focusin", (e) => {
    const cell = e.target.closest(".spot, .regions");
    if (cell) reveal(st, Number(cell.dataset.x), Number(cell.dataset.y));
    st.focus = e.target.closest(".spot") ? [Number(cell.dataset.x), Number(cell.dataset.y)] : null;
    showPreview(st);
  });
  svg.addEventListener("focusout", () => {
    st.focus = null;
    showPreview(st);
  });
  // The tile in hand follows the pointer over the "?" places (issue 27 item 1).
  svg.addEventListener("pointerover", (e) => {
    const spot = e.target instanceof Element && e.target.closest(".spot");
    st.hover = spot && e.pointerType !== "touch" ? [Number(spot.dataset.x), Number(spot.dataset.y)] : null;
    showPreview(st);
  });
  svg.addEventListener("pointerleave", () => {
    st.hover = null;
    showPreview(st);
  });
}

/** Draw the tile in hand on the "?" place under the pointer (else the focused one),
 * turned as it would go there; nothing on the chosen place, which shows it already. */
function showPreview(st) {
  const cur = st.cur;
  const at = st.hover || st.focus;
  st.preview.replaceChildren();
  for (const mark of st.layer.querySelectorAll(".spot-mark.hidden")) mark.classList.remove("hidden");
  if (!cur || !at || busy(st)) return;
  const face = cur.view.state.drawn_tile;
  const ways = rotationsAt(placements(cur.view, cur.ctx), at[0], at[1]);
  const c = chosen(cur.view, cur.ctx);
  if (!face || !ways.length || (c && c.x === at[0] && c.y === at[1])) return;
  const turn = pick.key === pickKey(cur.view) ? pick.turn : 0;
  const ghost = tileGroup(turnedFace(face, fitFrom(ways, turn)), at[0], at[1], { ghost: true });
  ghost.classList.add("preview");
  st.preview.append(ghost);
  const mark = st.layer.querySelector(`.spot-mark[data-x="${at[0]}"][data-y="${at[1]}"]`);
  if (mark) mark.classList.add("hidden");
}

function busy(st) {
  return Boolean(st.svg.closest(".busy"));
}

function say(st, text) {
  st.note.textContent = text || "";
}

function onClick(st, e) {
  if (st.suppress) {
    st.suppress = false;
    e.stopPropagation();
    return;
  }
  const cur = st.cur;
  if (!cur || busy(st)) return;
  const region = e.target.closest(".region");
  if (region) return activate(st, region.dataset.feature);
  const spot = e.target.closest(".spot");
  if (spot) return choose(st, Number(spot.dataset.x), Number(spot.dataset.y), false);
  if (!placements(cur.view, cur.ctx).length) return;
  const [px, py] = local(st, e);
  const { k, tx, ty } = st.keep;
  say(st, whyNot(cur.view, Math.floor((px - tx) / k / T), Math.floor((py - ty) / k / T)));
}

/** A "?" place clicked (or Space): choose it, or turn the tile if it is chosen; ``place``: Enter. */
function choose(st, x, y, place) {
  const cur = st.cur;
  const key = pickKey(cur.view);
  const c = chosen(cur.view, cur.ctx);
  if (c && c.x === x && c.y === y) {
    if (place) return cur.send({ type: "place_tile", x, y, rotation: c.rotation });
    turnTile(cur.view, cur.ctx, 1);
  } else {
    const turn = pick.key === key ? pick.turn : 0;
    pick = { key, x, y, turn: fitFrom(rotationsAt(placements(cur.view, cur.ctx), x, y), turn) };
  }
  say(st, "");
  cur.rerender();
}

function activate(st, feature) {
  const cur = st.cur;
  const found = (featureChoices(cur.view, cur.ctx)?.choices || []).find((c) => c.feature === feature);
  if (!found) return;
  if (found.moves.length === 1) return cur.send(found.moves[0]);
  say(st, `${found.label}? Choose with the buttons above.`);
  const button = document.querySelector(`.cc .actions button[data-feature="${CSS.escape(feature)}"], .cc .actions button[data-abbot="${CSS.escape(feature)}"]`);
  if (button) button.focus();
}

function onKey(st, e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const cur = st.cur;
  const region = e.target.closest(".region");
  const spot = e.target.closest(".spot");
  if (cur && !busy(st) && region && (e.key === "Enter" || e.key === " ")) {
    e.preventDefault();
    return activate(st, region.dataset.feature);
  }
  if (cur && !busy(st) && spot) {
    const [x, y] = [Number(spot.dataset.x), Number(spot.dataset.y)];
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      return choose(st, x, y, e.key === "Enter");
    }
    if (e.key === "Escape" && pick.x !== null) {
      pick = { ...pick, x: null, y: null };
      return cur.rerender();
    }
    if (ARROWS[e.key]) {
      e.preventDefault();
      return nextSpot(st, x, y, ARROWS[e.key]);
    }
  }
  if (e.target !== st.svg) return;
  if (ARROWS[e.key]) {
    e.preventDefault();
    const [dx, dy] = ARROWS[e.key];
    return panBy(st, -dx * 48, -dy * 48);
  }
  if (e.key === "+" || e.key === "=") zoomAbout(st, ...centre(st), 1.25);
  else if (e.key === "-" || e.key === "_") zoomAbout(st, ...centre(st), 0.8);
  else if (e.key === "f" || e.key === "F") fit(st, true);
}

/** Arrow keys on a "?" place: the nearest place that way gets the focus. */
function nextSpot(st, x, y, [dx, dy]) {
  let best = null;
  let bestScore = Infinity;
  for (const node of st.layer.querySelectorAll(".spot")) {
    const [ox, oy] = [Number(node.dataset.x) - x, Number(node.dataset.y) - y];
    const ahead = ox * dx + oy * dy;
    if (ahead <= 0) continue;
    const score = ahead + 2 * Math.abs(ox * dy - oy * dx);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  if (best) best.focus();
}

// ------------------------------------------------------------------ drawing
/** Draw the board for ``view`` into ``node`` (the board part), keeping pan and zoom. */
export function drawBoard(node, view, ctx, send, rerender, statusLine) {
  const st = boardState(node, ctx);
  st.cur = { view, ctx, send, rerender };
  const board = view.state;
  const moves = placements(view, ctx);
  if (pick.key !== pickKey(view)) pick = { key: pickKey(view), x: null, y: null, turn: 0 };
  if (!moves.length) say(st, "");
  const spots = new Map();
  for (const m of moves) spots.set(`${m.x},${m.y}`, [m.x, m.y]);
  const [lx, ly] = board.last_placed;
  const betOn = board.phase === "bet" && board.bet_on ? board.bet_on : null;
  const items = board.tiles.map((tile) => {
    const g = tileGroup(tile, tile.x, tile.y, { last: tile.x === lx && tile.y === ly && board.tiles.length > 1 });
    if (betOn && tile.x === betOn[0] && tile.y === betOn[1]) g.classList.add("bet-on");
    return g;
  });
  // Marks grown past their tile (issue 27 item 6) lie over the tiles around it.
  items.sort((a, b) => Number(Boolean(a.querySelector(".meeple-mark, .chip"))) - Number(Boolean(b.querySelector(".meeple-mark, .chip"))));
  const c = chosen(view, ctx);
  const ordered = [...spots.values()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const [x, y] of ordered) {
    const here = c && c.x === x && c.y === y;
    if (here && board.drawn_tile) items.push(tileGroup(turnedFace(board.drawn_tile, c.rotation), x, y, { ghost: true }));
    const name = placeName(x, y);
    const label = here ? `${name}, turned ${c.rotation}°: Enter places the tile${c.ways > 1 ? ", Space or R turns it" : ""}` : `${name}: Space chooses this place`;
    items.push(
      s(
        "rect",
        { x: x * T + 2, y: y * T + 2, width: T - 4, height: T - 4, rx: 4, class: `spot${here ? " chosen" : ""}`, "data-x": x, "data-y": y, tabindex: 0, role: "button", "aria-label": label, "data-focus": `spot:${x},${y}` },
        s("title", null, name),
      ),
    );
    if (!here) items.push(s("text", { x: x * T + 30, y: y * T + 36, "text-anchor": "middle", "font-size": 16, class: "spot-mark", "data-x": x, "data-y": y }, "?"));
    if (here && c.ways > 1) items.push(turnBadge(x, y));
  }
  items.push(st.preview);
  const features = featureChoices(view, ctx);
  if (features && features.choices.length) {
    const tile = board.tiles.find((t) => t.x === features.x && t.y === features.y);
    if (tile) items.push(featureRegions(tile, features.x, features.y, features.choices));
  }
  st.layer.replaceChildren(...items);
  st.status.replaceChildren(statusLine);
  st.hand.replaceChildren(...handPanel(view, ctx, handState(view, ctx, rerender)).flat());
  showPreview(st);
  if (st.keep.auto) fit(st, false);
  else apply(st);
  return st;
}

/** On the chosen place, a turning arrow in its corner: a click there (or R) turns the
 * tile (drawn only; the place itself takes the click). */
function turnBadge(x, y) {
  const [cx, cy] = [x * T + T - 11, y * T + 11];
  return s(
    "g",
    { class: "turn-badge", "pointer-events": "none", "aria-hidden": "true" },
    s("circle", { cx, cy, r: 8, fill: "#1d2327", stroke: "#ffe066", "stroke-width": 1.2 }),
    s("path", { d: `M${cx - 4},${cy + 1} A4.2,4.2 0 1 1 ${cx + 1},${cy + 4}`, fill: "none", stroke: "#fff", "stroke-width": 1.6 }),
    s("path", { d: `M${cx + 3.6},${cy + 1.8} l-2.8,2.4 l3.2,1.6 z`, fill: "#fff" }),
  );
}
