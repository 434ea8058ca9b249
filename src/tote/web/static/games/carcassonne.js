// Carcassonne with The Bets, The River and The Abbot: the board of tiles (SVG),
// where the drawn tile fits, the meeple (and abbot), settling and betting choices,
// the players and the log. Water is drawn blue, a garden as a green flower bed, an
// abbot as a square in its owner's colour.
//
// Everything comes from the view: a chip on a betting office shows its face only
// to its owner (the view gives null for the others), and the stack of tiles is only
// a count. Placing is two clicks: a "?" place on the board (again to turn the tile
// to its next fitting rotation), then "Place tile".

import { fill, h, part, plural, s, seatColour, seatTag } from "../js/ui.js";

export const title = "Carcassonne";
export const scoreLabel = "points";

const T = 60; // tile size in SVG units
const EDGES = ["N", "E", "S", "W"];
const MID = { N: [30, 0], E: [60, 30], S: [30, 60], W: [0, 30] };
const CORNERS = { N: [[0, 0], [60, 0]], E: [[60, 0], [60, 60]], S: [[60, 60], [0, 60]], W: [[0, 60], [0, 0]] };
const CAPS = {
  N: [[0, 0], [60, 0], [46, 14], [14, 14]],
  E: [[60, 0], [60, 60], [46, 46], [46, 14]],
  S: [[60, 60], [0, 60], [14, 46], [46, 46]],
  W: [[0, 60], [0, 0], [14, 14], [14, 46]],
};
const HALF = { NL: [16, 8], NR: [44, 8], EL: [52, 16], ER: [52, 44], SL: [44, 52], SR: [16, 52], WL: [8, 44], WR: [8, 16] };
const INSIDE = { N: [30, 10], E: [50, 30], S: [30, 50], W: [10, 30] };
const PHASES = {
  draw: "Drawing a tile…",
  place: "placing the tile",
  meeple: "placing a meeple",
  settle: "choosing what the chips settle against",
  bet: "betting on the new office",
};

/** Edge names turned ``rotation`` degrees clockwise ("N.W" turned 90 is "E.N"). */
function turn(label, rotation) {
  const r = rotation / 90;
  return label
    .split(".")
    .map((e) => {
      if (EDGES.includes(e)) return EDGES[(EDGES.indexOf(e) + r) % 4];
      const halves = Object.keys(HALF);
      return halves[(halves.indexOf(e) + 2 * r) % 8];
    })
    .join(".");
}

function turnEdges(edges, rotation) {
  const r = rotation / 90;
  return EDGES.map((_, k) => edges[(k - r + 4) % 4]).join("");
}

/** A tile face turned by ``rotation`` (the drawn tile is given unturned). */
function turnedFace(face, rotation) {
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

/** One tile as an SVG group at board place (x, y). */
function tileGroup(tile, x, y, { last = false, ghost = false } = {}) {
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
    const edges = road.split(".");
    const d = edges.length === 2 ? `M${pt(MID[edges[0]])} Q30,30 ${pt(MID[edges[1]])}` : `M${pt(MID[edges[0]])} L30,30`;
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
    const chips = tile.chips || [];
    if (chips.length) {
      g.append(s("circle", { cx: 22, cy: 42, r: 7, fill: "#222", stroke: "#fff" }));
      g.append(s("text", { x: 22, y: 45.5, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, String(chips.length)));
    }
  }
  for (const meeple of tile.meeples || []) {
    const [mx, my] = meeple.feature === "monastery" ? monasteryAt(tile) : meepleAt(meeple.feature === "garden" ? tile.garden : meeple.feature);
    if (meeple.abbot) {
      g.append(s("rect", { x: mx - 7, y: my - 7, width: 14, height: 14, rx: 2, fill: seatColour(meeple.seat), stroke: "#fff", "stroke-width": 2, class: "meeple abbot", "data-seat": meeple.seat }, s("title", null, `abbot on the ${meeple.feature}`)));
    } else {
      g.append(s("circle", { cx: mx, cy: my, r: 7, fill: seatColour(meeple.seat), stroke: "#fff", "stroke-width": 2, class: "meeple", "data-seat": meeple.seat }, s("title", null, meeple.feature)));
    }
  }
  if (last) g.append(s("rect", { width: T - 2, height: T - 2, x: 1, y: 1, fill: "none", stroke: "#ffe066", "stroke-width": 2.5 }));
  return g;
}

// ------------------------------------------------------------------ placing
let pick = { key: "", x: null, y: null, i: 0 };

function myTurn(view, ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && !view.over && view.turn.seats.includes(ctx.seat) && Array.isArray(view.legal_moves);
}

function placements(view, ctx) {
  if (!myTurn(view, ctx) || view.state.phase !== "place") return [];
  return view.legal_moves.filter((m) => m.type === "place_tile");
}

function rotationsAt(moves, x, y) {
  return moves.filter((m) => m.x === x && m.y === y).map((m) => m.rotation);
}

function board(view, ctx, rerender) {
  const st = view.state;
  const moves = placements(view, ctx);
  const key = `${st.tiles.length}:${st.drawn}`;
  if (pick.key !== key) pick = { key, x: null, y: null, i: 0 };
  const spots = new Map();
  for (const m of moves) spots.set(`${m.x},${m.y}`, [m.x, m.y]);
  const places = [...st.tiles.map((t) => [t.x, t.y]), ...spots.values()];
  const xs = places.map((p) => p[0]);
  const ys = places.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const svg = s("svg", {
    viewBox: `${x0 * T - 4} ${y0 * T - 4} ${(x1 - x0 + 1) * T + 8} ${(y1 - y0 + 1) * T + 8}`,
    class: "cc-board",
    style: { width: `${(x1 - x0 + 1) * 72 + 10}px` },
    role: "img",
    "aria-label": "The board",
  });
  const [lx, ly] = st.last_placed;
  for (const tile of st.tiles) svg.append(tileGroup(tile, tile.x, tile.y, { last: tile.x === lx && tile.y === ly && st.tiles.length > 1 }));
  for (const [x, y] of spots.values()) {
    const chosen = pick.x === x && pick.y === y;
    if (chosen && st.drawn_tile) {
      const rotation = rotationsAt(moves, x, y)[pick.i % rotationsAt(moves, x, y).length];
      svg.append(tileGroup(turnedFace(st.drawn_tile, rotation), x, y, { ghost: true }));
    }
    const spot = s(
      "rect",
      {
        x: x * T + 2,
        y: y * T + 2,
        width: T - 4,
        height: T - 4,
        rx: 4,
        class: `spot${chosen ? " chosen" : ""}`,
        "data-x": x,
        "data-y": y,
        tabindex: 0,
        onclick: () => {
          if (pick.x === x && pick.y === y) pick.i += 1;
          else pick = { key, x, y, i: 0 };
          rerender();
        },
      },
      s("title", null, `${x} ${y}`),
    );
    svg.append(spot);
    if (!chosen) svg.append(s("text", { x: x * T + 30, y: y * T + 36, "text-anchor": "middle", "font-size": 16, class: "spot-mark" }, "?"));
  }
  return h("div.cc-board-wrap", null, svg);
}

// ------------------------------------------------------------------ sections
function banner(view, ctx) {
  const st = view.state;
  if (view.over) return h("div.turn-banner.over", null, "The game is over: every tile is placed.");
  const turnInfo = view.turn;
  if (turnInfo.chance || !turnInfo.seats.length) return h("div.turn-banner", null, PHASES.draw);
  const mine = myTurn(view, ctx);
  if (st.phase === "bet") {
    if (mine) return h("div.turn-banner.mine", null, "Bet: put one of your chips face down on the new betting office, or none.");
    const done = view.my_commitment ? "Your chip is down. " : "";
    return h("div.turn-banner", null, done, "Waiting for ", turnInfo.seats.map((seat, i) => [i ? ", " : "", seatTag(ctx, seat)]));
  }
  if (mine) {
    const what = { place: `Place tile ${st.drawn}: click a ? place (again to turn it), then Place tile.`, meeple: st.abbot ? "Place a meeple (or your abbot) on the tile you just placed, take your abbot back, or none." : "Place a meeple on the tile you just placed, or none.", settle: "Choose the road or city the chips settle against." };
    return h("div.turn-banner.mine", null, what[st.phase] || "Your move.");
  }
  return h("div.turn-banner", null, seatTag(ctx, turnInfo.seats[0]), ` is ${PHASES[st.phase] || "playing"}.`);
}

function featureName(label) {
  if (label === "monastery") return "monastery";
  const [kind, where] = label.split(":");
  return `${kind} ${where.replace(/\./g, " ")}`;
}

function actions(view, send, ctx, rerender) {
  if (!myTurn(view, ctx)) return null;
  const st = view.state;
  const moves = view.legal_moves;
  if (st.phase === "place") {
    const rotations = pick.x === null ? [] : rotationsAt(moves, pick.x, pick.y);
    const rotation = rotations.length ? rotations[pick.i % rotations.length] : null;
    return h(
      "div.actions.panel",
      { dataset: { phase: "place" } },
      h("p", null, pick.x === null ? "Click a ? place on the board." : `On ${pick.x} ${pick.y}, turned ${rotation}°` + (rotations.length > 1 ? ` (${rotations.length} ways fit)` : "")),
      h(
        "div.move-buttons",
        null,
        h("button", { type: "button", "data-action": "rotate", disabled: rotations.length < 2, onclick: () => { pick.i += 1; rerender(); } }, "Turn"),
        h("button.primary", { type: "button", "data-action": "place", disabled: rotation === null, onclick: () => send({ type: "place_tile", x: pick.x, y: pick.y, rotation }) }, "Place tile"),
      ),
    );
  }
  if (st.phase === "meeple") {
    return h(
      "div.actions.panel",
      { dataset: { phase: "meeple" } },
      h(
        "div.move-buttons",
        null,
        moves.map((m) => {
          if (m.type === "place_meeple") return h("button", { type: "button", "data-feature": m.feature, onclick: () => send(m) }, `Meeple on ${featureName(m.feature)}`);
          if (m.type === "place_abbot") return h("button", { type: "button", "data-abbot": m.feature, onclick: () => send(m) }, `Abbot on the ${m.feature}`);
          if (m.type === "return_abbot") return h("button", { type: "button", "data-action": "return-abbot", onclick: () => send(m) }, `Take the abbot back (+${abbotWorth(st, ctx.seat)})`);
          return h("button.ghost", { type: "button", "data-action": "no-meeple", onclick: () => send(m) }, "No meeple");
        }),
      ),
    );
  }
  if (st.phase === "settle") {
    const sizes = {};
    for (const f of st.settle.features) sizes[f.feature] = f.tiles;
    return h(
      "div.actions.panel",
      { dataset: { phase: "settle" } },
      h("div.move-buttons", null, moves.map((m) => h("button", { type: "button", "data-feature": m.feature, onclick: () => send(m) }, `${featureName(m.feature)} (${plural(sizes[m.feature], "tile")})`))),
    );
  }
  if (st.phase === "bet") {
    return h(
      "div.actions.panel",
      { dataset: { phase: "bet" } },
      h(
        "div.move-buttons",
        null,
        moves.map((m) =>
          m.type === "place_chip"
            ? h("button", { type: "button", "data-chip": m.chip, onclick: () => send(m) }, `Chip ${m.chip}`)
            : h("button.ghost", { type: "button", "data-action": "no-chip", onclick: () => send(m) }, "No chip"),
        ),
      ),
    );
  }
  return null;
}

/** What the seat's abbot scores if taken back now: 1 + the tiles around it (CA 2.2). */
function abbotWorth(st, seat) {
  const placed = new Set(st.tiles.map((t) => `${t.x},${t.y}`));
  const home = st.tiles.find((t) => (t.meeples || []).some((m) => m.abbot && m.seat === seat));
  if (!home) return 0;
  let worth = 1;
  for (const dx of [-1, 0, 1]) for (const dy of [-1, 0, 1]) if ((dx || dy) && placed.has(`${home.x + dx},${home.y + dy}`)) worth += 1;
  return worth;
}

function drawnTile(view) {
  const face = view.state.drawn_tile;
  if (!face) return null;
  const svg = s("svg", { viewBox: `-2 -2 ${T + 4} ${T + 4}`, class: "cc-drawn" });
  svg.append(tileGroup(turnedFace(face, 0), 0, 0));
  return h("div.panel.cc-drawn-panel", null, h("div.label", null, `Tile to place: ${face.tile}`), svg);
}

function players(view, ctx) {
  const st = view.state;
  const acting = new Set(view.turn.seats);
  const rows = [];
  for (let seat = 0; seat < view.players; seat += 1) {
    const chips = st.chips[seat];
    const out = st.tiles.flatMap((t) => (t.chips || []).filter((c) => c.seat === seat).map((c) => ({ ...c, x: t.x, y: t.y })));
    rows.push(
      h(
        "tr",
        { class: `${acting.has(seat) ? "acting" : ""} ${seat === ctx.seat ? "me" : ""}`, dataset: { seat: String(seat) } },
        h("td", null, seatTag(ctx, seat)),
        h("td.points", null, String(st.scores[seat])),
        h("td.meeples", null, String(st.meeples[seat])),
        st.abbot ? h("td.abbot", null, st.abbots[seat] ? "in supply" : "on the board") : null,
        st.bets ? h("td.hand", null, Array.isArray(chips) ? chips.join("  ") || "none" : `${chips} face down`) : null,
        st.bets ? h("td.placed", null, out.length ? out.map((c) => `${c.chip ?? "?"} on ${c.x} ${c.y}`).join(", ") : "–") : null,
      ),
    );
  }
  return h(
    "div.players.panel",
    null,
    h(
      "table",
      null,
      h("thead", null, h("tr", null, h("th", null, "Player"), h("th", null, "Points"), h("th", null, "Meeples"), st.abbot ? h("th", null, "Abbot") : null, st.bets ? h("th", null, "Chips") : null, st.bets ? h("th.placed", null, "Bets out") : null)),
      h("tbody", null, rows),
    ),
  );
}

function status(view) {
  const st = view.state;
  const parts = [`${plural(st.stack_size, "tile")} left`];
  if (st.discarded.length) parts.push(`discarded: ${st.discarded.join(" ")}`);
  return h("p.help", null, parts.join(" · "));
}

function helpLines(view) {
  const st = view.state;
  return [
    h("p.help", null, "Each turn: draw a tile and place it so every touching edge matches; then you may put one meeple on a road, city, field or monastery of that tile that nobody holds yet."),
    h("p.help", null, "Completed roads score 1 a tile, cities 2 a tile and pennant, monasteries 9; the most meeples wins a feature, ties score in full. Farmers score 3 per completed city at the end."),
    st.river ? h("p.help", null, "The River: the river tiles come first, from the spring to the lake; each continues the river at its open end (water meets water) and may not bend the same way as the one before; one that fits nowhere is discarded.") : null,
    st.abbot ? h("p.help", null, "The Abbot: instead of a meeple you may put your abbot on the new tile's monastery or garden (the flower bed; meeples may not go there). A garden scores like a monastery. Instead of placing a meeple you may take the abbot back and score 1 + the tiles around it at once.") : null,
    st.bets ? h("p.help", null, "The Bets: after a bookmaker tile ($) everyone may bet a chip face down on how many tiles its road or city will have. When it is scored, a matching number pays itself; the 4 chip pays 8 on exactly 4; 7+ and 8+ win at that size or more.") : null,
  ];
}

// ------------------------------------------------------------------ render

export function render(view, el, send, ctx) {
  if (!el.classList.contains("cc")) {
    el.replaceChildren();
    el.classList.add("cc");
  }
  const rerender = () => render(view, el, send, ctx);
  fill(part(el, "banner", () => h("div")), banner(view, ctx));
  fill(part(el, "actions", () => h("div")), actions(view, send, ctx, rerender));
  fill(part(el, "board", () => h("div.board")), board(view, ctx, rerender), status(view));
  fill(part(el, "drawn", () => h("div")), drawnTile(view));
  fill(part(el, "players", () => h("div")), players(view, ctx));
  const help = part(el, "help", () => h("details.panel.how", null, h("summary", null, "How to play"), h("div.body")));
  fill(help.querySelector(".body"), helpLines(view));
}
