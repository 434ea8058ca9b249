// Carcassonne's tiles drawn as players know them (issue 27, "the boards look like
// the games"): green fields with tufts of grass, cities in warm stone behind a wall
// with battlements and red roofs, pennants as blue shields, roads of pale earth with
// their stones, monasteries as a chapel with a bell tower, the river with its banks,
// the bookmaker's office as a small booth with a striped awning and a $ sign. All
// drawn here in SVG from the tile's edges; no artwork is copied.
//
// A city's outline is one of five shapes (a cap on one edge, a corner on two
// neighbouring edges, a band across the tile, three sides, the whole tile), drawn
// for the north and turned into place; its clickable region (carcassonne-tiles.js)
// is the same outline, so what lights up is what is drawn.

import { s } from "../js/ui.js";

const EDGES = ["N", "E", "S", "W"];
const HALVES = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
const HALF = { NL: [16, 8], NR: [44, 8], EL: [52, 16], ER: [52, 44], SL: [44, 52], SR: [16, 52], WL: [8, 44], WR: [8, 16] };
const MID = { N: [30, 0], E: [60, 30], S: [30, 60], W: [0, 30] };

export const PAINT = {
  field: "#8bbd58",
  tuft: "#6e9b40",
  city: "#d9b67d",
  wall: "#7f7465",
  stones: "#c4b8a3",
  roof: "#b8432f",
  roofEdge: "#6f2619",
  house: "#f2e6c9",
  road: "#efe4c6",
  roadEdge: "#a2916f",
  cobble: "#a99a7d",
  water: "#4f9ad9",
  bank: "#2f6fa8",
  ripple: "#cde7fb",
  shield: "#2c5bb5",
};

/**
 * The five city outlines, drawn with the city on the north (and west, east...):
 * ``edges``: the edges it touches (indices N=0...), ``d``: its area, ``wall``: the line
 * of its wall (towards the fields), ``shield``: where a pennant goes, ``roofs``.
 */
const OUTLINES = [
  { edges: [0], d: "M0,0 H60 Q30,28 0,0 Z", wall: "M60,0 Q30,28 0,0", shield: [30, 6], roofs: [[14, 4], [46, 4]] },
  { edges: [0, 3], d: "M0,60 V0 H60 Q36,36 0,60 Z", wall: "M60,0 Q36,36 0,60", shield: [13, 13], roofs: [[30, 6], [7, 31], [22, 22]] },
  { edges: [1, 3], d: "M0,0 Q30,20 60,0 V60 Q30,40 0,60 Z", wall: "M0,0 Q30,20 60,0 M0,60 Q30,40 60,60", shield: [30, 30], roofs: [[11, 25], [49, 25], [13, 41], [47, 41]] },
  { edges: [0, 1, 3], d: "M0,0 H60 V60 Q30,28 0,60 Z", wall: "M60,60 Q30,28 0,60", shield: [30, 24], roofs: [[12, 10], [48, 10], [12, 34], [48, 34], [30, 8]] },
  { edges: [0, 1, 2, 3], d: "M0,0 H60 V60 H0 Z", wall: "", shield: [30, 30], roofs: [[12, 12], [48, 12], [12, 48], [48, 48], [30, 12], [30, 49]] },
];

/** A point of a tile turned ``k`` quarter turns clockwise about its middle. */
function turnPoint([x, y], k) {
  let p = [x, y];
  for (let i = 0; i < k; i += 1) p = [60 - p[1], p[0]];
  return p;
}

/** The outline of a city touching ``edges`` ("N.W" split) and the quarter turns from
 * the drawn one: ``{outline, k}``; null for a shape no tile has. */
export function cityOutline(edges) {
  const want = edges.map((e) => EDGES.indexOf(e)).sort().join(",");
  for (const outline of OUTLINES) {
    if (outline.edges.length !== edges.length) continue;
    for (let k = 0; k < 4; k += 1) {
      if (outline.edges.map((e) => (e + k) % 4).sort().join(",") === want) return { outline, k };
    }
  }
  return null;
}

/** The city's area as one path, turned into place (for drawing and for its region). */
export function cityPath(edges, attrs = {}) {
  const found = cityOutline(edges);
  if (!found) return s("path", { d: "M0,0 H60 Q30,28 0,0 Z", ...attrs });
  return s("path", { d: found.outline.d, transform: found.k ? `rotate(${90 * found.k} 30 30)` : null, ...attrs });
}

function house(g, [x, y], scale = 1) {
  const w = 3.2 * scale;
  g.append(s("rect", { x: x - w, y: y - 1, width: 2 * w, height: 4.2 * scale, fill: PAINT.house, stroke: "#8a6f4d", "stroke-width": 0.4 }));
  g.append(s("polygon", { points: `${x - w - 0.8},${y - 0.6} ${x},${y - 4.6 * scale} ${x + w + 0.8},${y - 0.6}`, fill: PAINT.roof, stroke: PAINT.roofEdge, "stroke-width": 0.5 }));
}

/** A pennant: a blue heater shield with a white cross-stroke, at (x, y). */
function shield(g, [x, y]) {
  const p = s("g", { class: "pennant" }, s("title", null, "pennant"));
  p.append(s("path", { d: `M${x - 4.2},${y - 4.6} h8.4 v3.8 q0,4.2 -4.2,5.8 q-4.2,-1.6 -4.2,-5.8 z`, fill: PAINT.shield, stroke: "#fff", "stroke-width": 0.9 }));
  p.append(s("path", { d: `M${x},${y - 3.4} v7 M${x - 2.6},${y - 1.2} h5.2`, stroke: "#fff", "stroke-width": 0.9 }));
  g.append(p);
}

/** A city segment: its area, its wall with battlements, its roofs and (first city of a
 * tile with one) its pennant. */
export function drawCity(g, edges, pennant) {
  const found = cityOutline(edges);
  g.append(cityPath(edges, { fill: PAINT.city, stroke: PAINT.city, "stroke-width": 0.5, class: "city" }));
  if (!found) return;
  const { outline, k } = found;
  const turn = k ? `rotate(${90 * k} 30 30)` : null;
  if (outline.wall) {
    g.append(s("path", { d: outline.wall, transform: turn, fill: "none", stroke: PAINT.wall, "stroke-width": 3.2, class: "wall" }));
    g.append(s("path", { d: outline.wall, transform: turn, fill: "none", stroke: PAINT.stones, "stroke-width": 1.3, "stroke-dasharray": "2.2 1.6" }));
  }
  const roofs = outline.roofs.filter((_, i) => !pennant || i < outline.roofs.length - (outline.edges.length > 1 ? 1 : 0));
  for (const spot of roofs) house(g, turnPoint(spot, k));
  if (pennant) shield(g, turnPoint(outline.shield, k));
}

/** A few tufts of grass on the field (under whatever else the tile shows). */
export function drawField(g) {
  g.append(s("rect", { width: 60, height: 60, fill: PAINT.field, stroke: "#6f9a47", "stroke-width": 0.6 }));
  const tufts = [[9, 38], [49, 23], [37, 51], [21, 13], [45, 41], [13, 52], [26, 40], [52, 8]];
  g.append(s("path", { d: tufts.map(([x, y]) => `M${x - 1.6},${y} l0.8,-2.4 l0.8,2.4 l0.8,-2.6 l0.8,2.6`).join(" "), fill: "none", stroke: PAINT.tuft, "stroke-width": 0.6, "stroke-linejoin": "round" }));
}

function pathBetween(ends) {
  const p = (e) => MID[e].join(",");
  return ends.length === 2 ? `M${p(ends[0])} Q30,30 ${p(ends[1])}` : `M${p(ends[0])} L30,30`;
}

/** The river: water between darker banks, with ripples; the spring a small pool,
 * the lake a round one. */
export function drawRiver(g, river, tile) {
  const d = pathBetween(river);
  g.append(s("path", { d, fill: "none", stroke: PAINT.bank, "stroke-width": 12, class: "water" }));
  g.append(s("path", { d, fill: "none", stroke: PAINT.water, "stroke-width": 9.5, class: "water" }));
  if (river.length === 1) {
    const r = tile === "RL" ? 14 : 8;
    g.append(s("circle", { cx: 30, cy: 30, r: r + 1.2, fill: PAINT.bank, class: "water" }));
    g.append(s("circle", { cx: 30, cy: 30, r, fill: PAINT.water, class: "water" }));
    g.append(s("circle", { cx: 30, cy: 30, r: r * 0.55, fill: "none", stroke: PAINT.ripple, "stroke-width": 0.8, "stroke-dasharray": "3 3" }));
  }
  g.append(s("path", { d, fill: "none", stroke: PAINT.ripple, "stroke-width": 0.9, "stroke-dasharray": "3 5" }));
}

/** A road of pale earth with darker verges and a line of stones. */
export function drawRoad(g, ends) {
  const d = pathBetween(ends);
  g.append(s("path", { d, fill: "none", stroke: PAINT.roadEdge, "stroke-width": 7 }));
  g.append(s("path", { d, fill: "none", stroke: PAINT.road, "stroke-width": 5.2, class: "road" }));
  g.append(s("path", { d, fill: "none", stroke: PAINT.cobble, "stroke-width": 1.5, "stroke-linecap": "round", "stroke-dasharray": "0.01 3.2" }));
}

/** Where three or four roads meet: a little house in the middle. */
export function drawJunction(g) {
  g.append(s("circle", { cx: 30, cy: 30, r: 5.5, fill: PAINT.road, stroke: PAINT.roadEdge, "stroke-width": 0.8 }));
  house(g, [30, 31], 1.25);
}

/** A monastery at (cx, cy): a chapel with a red roof, a door, and a bell tower. */
export function drawMonastery(g, [cx, cy]) {
  const m = s("g", { class: "monastery" }, s("title", null, "monastery"));
  const stone = { fill: PAINT.house, stroke: "#7a6a55", "stroke-width": 0.6 };
  m.append(s("rect", { x: cx - 9, y: cy - 1, width: 14, height: 9.5, ...stone }));
  m.append(s("polygon", { points: `${cx - 10.5},${cy - 0.5} ${cx - 7},${cy - 6} ${cx + 3.5},${cy - 6} ${cx + 6.5},${cy - 0.5}`, fill: PAINT.roof, stroke: PAINT.roofEdge, "stroke-width": 0.6 }));
  m.append(s("rect", { x: cx + 4, y: cy - 8, width: 6, height: 16.5, ...stone }));
  m.append(s("polygon", { points: `${cx + 3.2},${cy - 7.6} ${cx + 7},${cy - 13} ${cx + 10.8},${cy - 7.6}`, fill: PAINT.roof, stroke: PAINT.roofEdge, "stroke-width": 0.6 }));
  m.append(s("path", { d: `M${cx + 7},${cy - 16.5} v3.4 M${cx + 5.6},${cy - 15.3} h2.8`, stroke: "#4a3b2a", "stroke-width": 0.8 }));
  m.append(s("rect", { x: cx - 3.6, y: cy + 3.4, width: 3.4, height: 5.1, rx: 1.7, fill: "#5a4632" }));
  m.append(s("rect", { x: cx + 5.8, y: cy - 4.5, width: 2.4, height: 3, rx: 1.2, fill: "#5a4632" }));
  g.append(m);
}

/**
 * Where the bookmaker's office stands: in the tile's largest field (the view says
 * only that the tile has one; on the shipped bookmaker tiles it is the largest,
 * the south one of two alike), found from the rim's half-edges not taken by a city
 * and split where a road or the river meets an edge.
 */
export function officeSpot(tile) {
  const cityEdges = new Set((tile.cities || []).flatMap((c) => c.split(".")));
  const cut = new Set([...(tile.roads || []), ...(tile.river || [])].flatMap((r) => r.split(".")));
  const free = HALVES.map((h) => !cityEdges.has(h[0]));
  const runs = [];
  let run = [];
  const start = free.findIndex((f, i) => f && !(free[(i + 7) % 8] && !splits(HALVES[(i + 7) % 8], HALVES[i], cut)));
  if (start < 0) return free.every(Boolean) ? [30, 30] : [30, 45];
  for (let n = 0; n < 8; n += 1) {
    const i = (start + n) % 8;
    if (!free[i]) {
      if (run.length) runs.push(run);
      run = [];
      continue;
    }
    if (run.length && splits(run[run.length - 1], HALVES[i], cut)) {
      runs.push(run);
      run = [];
    }
    run.push(HALVES[i]);
  }
  if (run.length) runs.push(run);
  const most = Math.max(...runs.map((r) => r.length));
  const largest = runs.filter((r) => r.length === most);
  const south = ["SL", "WL", "NL", "EL"][(tile.rotation || 0) / 90] ?? "SL";
  const best = largest.length === 1 ? largest[0] : largest.find((r) => r.includes(south));
  if (!best) return [30, 30];
  const cx = best.reduce((a, h) => a + HALF[h][0], 0) / best.length;
  const cy = best.reduce((a, h) => a + HALF[h][1], 0) / best.length;
  const clamp = (v) => Math.min(50, Math.max(10, v));
  return [clamp(cx + (cx - 30) * 0.3), clamp(cy + (cy - 30) * 0.3)];
}

/** Whether neighbouring half-edges ``a`` then ``b`` (clockwise) are parted: by a road
 * or the river meeting their shared edge. */
function splits(a, b, cut) {
  return a[0] === b[0] && cut.has(a[0]);
}

/** The bookmaker's office at (x, y): a booth with a striped awning and a $ sign. */
export function drawOffice(g, [x, y]) {
  const o = s("g", { class: "office" }, s("title", null, "the bookmaker's office"));
  o.append(s("rect", { x: x - 7, y: y - 3, width: 14, height: 9, fill: "#f6ebc9", stroke: "#4a2f6b", "stroke-width": 0.7 }));
  o.append(s("polygon", { points: `${x - 8.5},${y - 2.5} ${x - 6},${y - 7} ${x + 6},${y - 7} ${x + 8.5},${y - 2.5}`, fill: "#6a3d9a", stroke: "#4a2f6b", "stroke-width": 0.6 }));
  o.append(s("path", { d: `M${x - 4},${y - 7} l-1,4.5 M${x},${y - 7} v4.5 M${x + 4},${y - 7} l1,4.5`, stroke: "#fff", "stroke-width": 1.3 }));
  o.append(s("circle", { cx: x, cy: y + 1.6, r: 3.3, fill: "#f1c232", stroke: "#7a5a00", "stroke-width": 0.5 }));
  o.append(s("path", { d: `M${x + 1.3},${y + 0.2} c-0.5,-0.7 -2.6,-0.7 -2.6,0.4 c0,1.2 2.6,0.6 2.6,1.9 c0,1.1 -2.1,1.1 -2.6,0.3 M${x},${y - 1.2} v5.6`, fill: "none", stroke: "#4a3500", "stroke-width": 0.7 }));
  g.append(o);
}
