// Carcassonne tiles drawn in SVG, and the clickable regions of their features.
//
// A tile is a <g class="tile" data-x data-y> in board units (T per tile, y grows
// south as in board.py); meeples are class="meeple" data-seat and carry their
// seat's letter. Feature regions are worked out from what the view already sends:
// cities and roads as their edges, fields as the half-edges a meeple move names.

import { s, seatColour } from "../js/ui.js";
import { seatLetter } from "./carcassonne-words.js";

export const T = 60;
const EDGES = ["N", "E", "S", "W"];
const HALVES = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
const MID = { N: [30, 0], E: [60, 30], S: [30, 60], W: [0, 30] };
const CORNERS = { N: [[0, 0], [60, 0]], E: [[60, 0], [60, 60]], S: [[60, 60], [0, 60]], W: [[0, 60], [0, 0]] };
const CAPS = {
  N: [[0, 0], [60, 0], [46, 14], [14, 14]],
  E: [[60, 0], [60, 60], [46, 46], [46, 14]],
  S: [[60, 60], [0, 60], [14, 46], [46, 46]],
  W: [[0, 60], [0, 0], [14, 14], [14, 46]],
};
/** The rim of a tile clockwise from the north-west corner: half-edge h runs from RIM[h] to RIM[h + 1]. */
const RIM = [[0, 0], [30, 0], [60, 0], [60, 30], [60, 60], [30, 60], [0, 60], [0, 30]];
const HALF = { NL: [16, 8], NR: [44, 8], EL: [52, 16], ER: [52, 44], SL: [44, 52], SR: [16, 52], WL: [8, 44], WR: [8, 16] };
const INSIDE = { N: [30, 10], E: [50, 30], S: [30, 50], W: [10, 30] };

/** Edge names turned ``rotation`` degrees clockwise ("N.W" turned 90 is "E.N"). */
function turn(label, rotation) {
  const r = rotation / 90;
  return label
    .split(".")
    .map((e) => (EDGES.includes(e) ? EDGES[(EDGES.indexOf(e) + r) % 4] : HALVES[(HALVES.indexOf(e) + 2 * r) % 8]))
    .join(".");
}

function turnEdges(edges, rotation) {
  const r = rotation / 90;
  return EDGES.map((_, k) => edges[(k - r + 4) % 4]).join("");
}

/** A tile face turned by ``rotation`` (the drawn tile is given unturned). */
export function turnedFace(face, rotation) {
  return {
    ...face,
    edges: turnEdges(face.edges, rotation),
    cities: (face.cities || []).map((c) => turn(c, rotation)),
    roads: (face.roads || []).map((c) => turn(c, rotation)),
    river: (face.river || []).map((e) => turn(e, rotation)),
    garden: face.garden ? `field:${turn(face.garden.split(":")[1], rotation)}` : null,
    meeples: [],
  };
}

const pt = (p) => p.join(",");

function meepleAt(feature) {
  if (!feature || feature === "monastery") return [30, 30];
  const [kind, where] = feature.split(":");
  const first = where.split(".")[0];
  if (kind === "field") return HALF[first] || [30, 30];
  return INSIDE[first] || [30, 30];
}

/** Where a tile's monastery stands: the middle, or (a river tile) half-way to its field edge. */
function monasteryAt(tile) {
  const open = EDGES.filter((e, i) => tile.edges[i] === "F");
  if (!(tile.river || []).length || !open.length) return [30, 30];
  const [ex, ey] = MID[open[0]];
  return [(30 + ex) / 2, (30 + ey) / 2];
}

function featureSpot(tile, feature) {
  if (feature === "monastery") return monasteryAt(tile);
  return meepleAt(feature === "garden" ? tile.garden : feature);
}

function roadPath(road) {
  const edges = road.split(".");
  return edges.length === 2 ? `M${pt(MID[edges[0]])} Q30,30 ${pt(MID[edges[1]])}` : `M${pt(MID[edges[0]])} L30,30`;
}

/**
 * A meeple (a round token) or abbot (a square) in its seat's colour, with its seat's
 * letter: a <g class="meeple-mark"> holding the token (class "meeple", "meeple abbot"
 * for the abbot, with data-seat) and the letter.
 */
function meepleMark(tile, meeple) {
  const [mx, my] = featureSpot(tile, meeple.feature);
  const letter = seatLetter(meeple.seat);
  const what = meeple.abbot ? "abbot" : "meeple";
  const data = { "data-seat": meeple.seat, "data-feature": meeple.feature };
  const g = s("g", { class: "meeple-mark", ...data }, s("title", null, `${letter}: ${what} on the ${meeple.feature.split(":")[0]}`));
  const paint = { fill: seatColour(meeple.seat), stroke: "#fff", "stroke-width": 1.6, ...data };
  g.append(
    meeple.abbot
      ? s("rect", { x: mx - 7.5, y: my - 7.5, width: 15, height: 15, rx: 2, class: "meeple abbot", ...paint })
      : s("circle", { cx: mx, cy: my, r: 7.5, class: "meeple", ...paint }),
  );
  g.append(s("text", { x: mx, y: my + 3.4, "text-anchor": "middle", "font-size": 9.5, "font-weight": 800, fill: "#fff", class: "letter", "pointer-events": "none" }, letter));
  return g;
}

/** The betting office's chips, face down: one disc per chip in its seat's colour and letter. */
function officeChips(g, chips) {
  chips.slice(0, 6).forEach((chip, i) => {
    const cx = 25 + (i % 3) * 10;
    const cy = 44 + Math.floor(i / 3) * 10;
    const letter = seatLetter(chip.seat);
    g.append(
      s(
        "g",
        { class: "chip", "data-seat": chip.seat },
        s("title", null, `${letter}: a chip face down${chip.chip ? ` (your ${chip.chip})` : ""}`),
        s("circle", { cx, cy, r: 4.6, fill: seatColour(chip.seat), stroke: "#111", "stroke-width": 0.8 }),
        s("text", { x: cx, y: cy + 2.2, "text-anchor": "middle", "font-size": 6, "font-weight": 800, fill: "#fff" }, letter),
      ),
    );
  });
}

/** One tile as an SVG group at board place (x, y). */
export function tileGroup(tile, x, y, { last = false, ghost = false } = {}) {
  const g = s("g", { transform: `translate(${x * T},${y * T})`, class: `tile${ghost ? " ghost" : ""}`, "data-x": x, "data-y": y });
  g.append(s("rect", { width: T, height: T, fill: "#8fbf63", stroke: "#6f9a47", "stroke-width": 0.6 }));
  for (const city of tile.cities || []) {
    const edges = city.split(".");
    if (edges.length === 1) {
      g.append(s("polygon", { points: CAPS[edges[0]].map(pt).join(" "), fill: "#c98d4b", stroke: "#7a4f22", "stroke-width": 1 }));
    } else {
      for (const e of edges) {
        const [a, b] = CORNERS[e];
        g.append(s("polygon", { points: [a, b, [30, 30]].map(pt).join(" "), fill: "#c98d4b", stroke: "#c98d4b", "stroke-width": 1 }));
      }
      g.append(s("circle", { cx: 30, cy: 30, r: 13, fill: "#c98d4b" }));
    }
  }
  if (tile.pennant && tile.cities && tile.cities.length) {
    const [px, py] = INSIDE[tile.cities[0].split(".")[0]];
    g.append(s("path", { d: `M${px - 5},${py - 5} h10 v5 l-5,5 l-5,-5 z`, fill: "#2d5fb3", stroke: "#fff", "stroke-width": 1 }));
  }
  const river = tile.river || [];
  if (river.length) {
    const d = river.length === 2 ? `M${pt(MID[river[0]])} Q30,30 ${pt(MID[river[1]])}` : `M${pt(MID[river[0]])} L30,30`;
    g.append(s("path", { d, fill: "none", stroke: "#3f8fd2", "stroke-width": 10, "stroke-linecap": "round", class: "water" }));
    if (river.length === 1) g.append(s("circle", { cx: 30, cy: 30, r: 10, fill: "#3f8fd2", class: "water" }));
  }
  if (tile.garden) {
    const [gx, gy] = meepleAt(tile.garden);
    const bed = s("g", { class: "garden" }, s("title", null, "garden"));
    bed.append(s("circle", { cx: gx, cy: gy, r: 6, fill: "#3d7a2a", stroke: "#e9f5d0", "stroke-width": 1 }));
    for (const [dx, dy] of [[-2.5, -2], [2.5, -2], [0, 2.5]]) bed.append(s("circle", { cx: gx + dx, cy: gy + dy, r: 1.4, fill: "#f2b8d2" }));
    g.append(bed);
  }
  for (const road of tile.roads || []) {
    const d = roadPath(road);
    g.append(s("path", { d, fill: "none", stroke: "#f4efe2", "stroke-width": 6, "stroke-linecap": "round" }));
    g.append(s("path", { d, fill: "none", stroke: "#9c927c", "stroke-width": 1, "stroke-dasharray": "3 3" }));
  }
  if ((tile.roads || []).length >= 3) g.append(s("circle", { cx: 30, cy: 30, r: 5, fill: "#7a6a55" }));
  if (tile.monastery) {
    const [cx, cy] = monasteryAt(tile);
    g.append(s("rect", { x: cx - 10, y: cy - 10, width: 20, height: 20, rx: 3, fill: "#b3412f", stroke: "#5a1c12" }));
    g.append(s("path", { d: `M${cx},${cy - 7} v14 M${cx - 6},${cy - 2} h12`, stroke: "#fff", "stroke-width": 2 }));
  }
  if (tile.office) {
    g.append(s("rect", { x: 4, y: 40, width: 16, height: 16, rx: 2, fill: "#6a3d9a", stroke: "#fff", "stroke-width": 1 }));
    g.append(s("text", { x: 12, y: 52.5, "text-anchor": "middle", "font-size": 12, fill: "#fff", "font-weight": 700 }, "$"));
    officeChips(g, tile.chips || []);
  }
  for (const meeple of tile.meeples || []) g.append(meepleMark(tile, meeple));
  if (last) g.append(s("rect", { width: T - 2, height: T - 2, x: 1, y: 1, fill: "none", stroke: "#ffe066", "stroke-width": 2.5, class: "last-frame" }));
  g.append(s("rect", { width: T - 3, height: T - 3, x: 1.5, y: 1.5, fill: "none", class: "hl-frame" }));
  return g;
}

// ------------------------------------------------------------------ regions

/** A field's area: the rim's runs of consecutive half-edges, each closed through the middle. */
function fieldShapes(halves) {
  const idx = halves.map((h) => HALVES.indexOf(h)).filter((i) => i >= 0);
  if (idx.length === 8) return [s("polygon", { points: RIM.map(pt).join(" ") })];
  const set = new Set(idx);
  const shapes = [];
  for (const start of idx) {
    if (set.has((start + 7) % 8)) continue;
    const points = [[30, 30], RIM[start]];
    let h = start;
    while (set.has(h)) {
      points.push(RIM[(h + 1) % 8]);
      h = (h + 1) % 8;
    }
    shapes.push(s("polygon", { points: points.map(pt).join(" ") }));
  }
  return shapes;
}

/** A city's area: one edge is its cap; more are the wedges from those edges to the
 * middle, as one shape per run of neighbouring edges (and the middle joining runs). */
function cityShapes(edges) {
  if (edges.length === 1) return [s("polygon", { points: CAPS[edges[0]].map(pt).join(" ") })];
  const halves = edges.flatMap((e) => [HALVES[2 * EDGES.indexOf(e)], HALVES[2 * EDGES.indexOf(e) + 1]]);
  const shapes = fieldShapes(halves);
  return shapes.length > 1 ? [...shapes, s("circle", { cx: 30, cy: 30, r: 13 })] : shapes;
}

/** The shapes that make up a feature's clickable area on ``tile``. */
function featureShapes(tile, feature) {
  if (feature === "monastery") {
    const [cx, cy] = monasteryAt(tile);
    return [s("rect", { x: cx - 12, y: cy - 12, width: 24, height: 24, rx: 4 })];
  }
  if (feature === "garden") {
    const [gx, gy] = meepleAt(tile.garden);
    return [s("circle", { cx: gx, cy: gy, r: 9 })];
  }
  const [kind, where] = feature.split(":");
  const parts = where.split(".");
  if (kind === "road") return [s("path", { d: roadPath(where), class: "stroke" })];
  if (kind === "city") return cityShapes(parts);
  return fieldShapes(parts);
}

const LAYER = { field: 0, city: 1, road: 2, monastery: 3, garden: 3 };

/**
 * The clickable, focusable regions of ``tile``'s features at (x, y): ``choices`` are
 * ``{feature, label}`` (label: what a screen reader hears); fields lie under cities,
 * roads over both, monastery and garden on top, so each region takes the clicks
 * over what it is drawn on.
 */
export function featureRegions(tile, x, y, choices) {
  const g = s("g", { class: "regions", transform: `translate(${x * T},${y * T})`, "data-x": x, "data-y": y });
  const layer = (f) => LAYER[f.split(":")[0]] ?? 0;
  for (const choice of [...choices].sort((a, b) => layer(a.feature) - layer(b.feature))) {
    g.append(
      s(
        "g",
        {
          class: `region ${choice.feature.split(":")[0]}`,
          tabindex: 0,
          role: "button",
          "aria-label": choice.label,
          "data-feature": choice.feature,
          "data-focus": `region:${choice.feature}`,
        },
        s("title", null, choice.label),
        featureShapes(tile, choice.feature),
      ),
    );
  }
  return g;
}
