// Carcassonne tiles drawn in SVG, and the clickable regions of their features.
//
// A tile is a <g class="tile" data-x data-y> in board units (T per tile, y grows
// south as in board.py); meeples are class="meeple" data-seat and carry their
// seat's letter. Feature regions are worked out from what the view already sends:
// cities and roads as their edges, fields as the half-edges a meeple move names.

import { s, seatColour } from "../js/ui.js";
import { seatLetter } from "./carcassonne-words.js";
import { cityPath, drawCity, drawField, drawJunction, drawMonastery, drawOffice, drawRiver, drawRoad, officeSpot } from "./carcassonne-art.js";

export const T = 60;
const EDGES = ["N", "E", "S", "W"];
const HALVES = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
const MID = { N: [30, 0], E: [60, 30], S: [30, 60], W: [0, 30] };
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
    rotation: ((face.rotation || 0) + rotation) % 360,
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

/** The betting office's chips, face down: one disc per chip in its seat's colour and
 * letter, in rows of three beside the office at ``[ox, oy]`` (below it, or above it
 * when it stands low on the tile). */
function officeChips(g, chips, [ox, oy]) {
  const below = oy < 36;
  chips.slice(0, 6).forEach((chip, i) => {
    const cx = Math.min(44, Math.max(16, ox)) + ((i % 3) - 1) * 10;
    const row = Math.floor(i / 3);
    const cy = below ? oy + 12 + row * 10 : oy - 12 - row * 10;
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

/** One tile as an SVG group at board place (x, y), drawn as players know it
 * (carcassonne-art.js; issue 27). */
export function tileGroup(tile, x, y, { last = false, ghost = false } = {}) {
  const g = s("g", { transform: `translate(${x * T},${y * T})`, class: `tile${ghost ? " ghost" : ""}`, "data-x": x, "data-y": y });
  drawField(g);
  const river = tile.river || [];
  if (river.length) drawRiver(g, river, tile.tile);
  (tile.cities || []).forEach((city, i) => drawCity(g, city.split("."), Boolean(tile.pennant) && i === 0));
  if (tile.garden) {
    const [gx, gy] = meepleAt(tile.garden);
    const bed = s("g", { class: "garden" }, s("title", null, "garden"));
    bed.append(s("circle", { cx: gx, cy: gy, r: 6.5, fill: "#3d7a2a", stroke: "#5c4a2e", "stroke-width": 1.2, "stroke-dasharray": "1.6 0.8" }));
    for (const [dx, dy, c] of [[-2.5, -2, "#f2b8d2"], [2.5, -2, "#fff2a8"], [0, 2.5, "#f2b8d2"], [0, -0.2, "#e85d75"]]) bed.append(s("circle", { cx: gx + dx, cy: gy + dy, r: 1.4, fill: c }));
    g.append(bed);
  }
  for (const road of tile.roads || []) drawRoad(g, road.split("."));
  if ((tile.roads || []).length >= 3) drawJunction(g);
  if (tile.monastery) drawMonastery(g, monasteryAt(tile));
  if (tile.office) {
    const spot = officeSpot(tile);
    drawOffice(g, spot);
    officeChips(g, tile.chips || [], spot);
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

/** A city's area: the outline it is drawn with (carcassonne-art.js). */
function cityShapes(edges) {
  return [cityPath(edges)];
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
