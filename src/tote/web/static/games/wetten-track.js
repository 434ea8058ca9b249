// Wetten!'s track: the clockwise stadium loop with its fields, the start gate, the
// podium, the horses (moving along the loop), the landing rings of a revealed round,
// and the legend under it.

import { fill, h, ordinal, s, readableText } from "../js/ui.js";
import { PLACES, colourOf, horseTag, inkOf } from "./wetten-horses.js";

// A stadium loop: two straights joined by half circles, raced clockwise. The
// start/finish line crosses the top straight in its middle; field 1 follows it to
// the right. Horses behind the line wait in the gate above the track; finished
// horses stand above the track past the line in finishing order, 1st furthest
// ahead (issue 15); the podium in the middle sums the places up.
const LOOP = { cx: 200, cy: 132, straight: 190, outer: 104, width: 42, top: -12 };
const VIEW = { x: 0, y: LOOP.top, w: 400, h: 254 };
const RC = LOOP.outer - LOOP.width / 2;
const ARC = Math.PI * RC;
const PERIMETER = 2 * LOOP.straight + 2 * ARC;

/** The point at centre-line distance ``d`` from the line (clockwise), ``off`` out
 *  from the centre line (positive: outwards), and the direction of travel there. */
function loopPoint(d, off = 0) {
  const r = RC + off;
  const half = LOOP.straight / 2;
  let t = ((d % PERIMETER) + PERIMETER) % PERIMETER;
  if (t < half) return { x: LOOP.cx + t, y: LOOP.cy - r, ux: 1, uy: 0 };
  t -= half;
  if (t < ARC) {
    const a = -Math.PI / 2 + t / RC;
    return { x: LOOP.cx + half + r * Math.cos(a), y: LOOP.cy + r * Math.sin(a), ux: -Math.sin(a), uy: Math.cos(a) };
  }
  t -= ARC;
  if (t < LOOP.straight) return { x: LOOP.cx + half - t, y: LOOP.cy + r, ux: -1, uy: 0 };
  t -= LOOP.straight;
  if (t < ARC) {
    const a = Math.PI / 2 + t / RC;
    return { x: LOOP.cx - half + r * Math.cos(a), y: LOOP.cy + r * Math.sin(a), ux: -Math.sin(a), uy: Math.cos(a) };
  }
  t -= ARC;
  return { x: LOOP.cx - half + t, y: LOOP.cy - r, ux: 1, uy: 0 };
}

/** The outline of field ``k`` (1-based) of ``n``: outer edge forwards, inner back. */
function fieldPath(k, n) {
  const step = PERIMETER / n;
  const pts = [];
  const parts = 6;
  for (let j = 0; j <= parts; j += 1) pts.push(loopPoint((k - 1 + j / parts) * step, LOOP.width / 2));
  for (let j = parts; j >= 0; j -= 1) pts.push(loopPoint((k - 1 + j / parts) * step, -LOOP.width / 2));
  return `M${pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join("L")}Z`;
}

/** Where a finished horse stands: above the track past the line, by its place (1st
 *  furthest ahead); horses sharing a place take the next spots, lower number first
 *  (``places``: each horse's place or null). Shared with the playback hooks. */
export function finishSpot(places, i) {
  const slot = places[i] - 1 + places.slice(0, i).filter((p) => p === places[i]).length;
  const line = loopPoint(0, LOOP.width / 2);
  // 22 past the line: the place label ("4th", 11 px or more on a phone: issue 27 item 6)
  // stands wholly past it too.
  return { x: line.x + 22 + (PLACES.length - 1 - slot) * 24, y: VIEW.y + 14, r: 8.5 };
}

const PODIUM = { x: LOOP.cx, base: LOOP.cy + 36, step: 40, heights: { 1: 32, 2: 25, 3: 19, 4: 13 }, order: [4, 2, 1, 3] };

function podiumX(place) {
  return PODIUM.x + (PODIUM.order.indexOf(place) - 1.5) * PODIUM.step;
}

function buildTrack(n) {
  const fields = [];
  const numbers = [];
  for (let k = 1; k <= n; k += 1) {
    fields.push(s("path.field", { d: fieldPath(k, n), class: k % 2 ? "odd" : "even", "data-field": String(k) }));
    if (n > 48 && k !== 1 && k % 5) continue;
    const p = loopPoint((k - 0.5) * (PERIMETER / n), LOOP.width / 2 - 6);
    numbers.push(s("text.field-no", { x: p.x.toFixed(1), y: (p.y + 2.8).toFixed(1) }, String(k)));
  }
  const a = loopPoint(0, LOOP.width / 2 + 3);
  const b = loopPoint(0, -LOOP.width / 2 - 3);
  const steps = PLACES.map((place) =>
    s(
      "g.step",
      { "data-place": String(place) },
      s("rect", { x: (podiumX(place) - PODIUM.step / 2 + 1).toFixed(1), y: String(PODIUM.base - PODIUM.heights[place]), width: String(PODIUM.step - 2), height: String(PODIUM.heights[place]), rx: "2" }),
      s("text", { x: podiumX(place).toFixed(1), y: String(PODIUM.base - PODIUM.heights[place] / 2 + 3.5) }, ordinal(place)),
    ),
  );
  return readableText(s(
    "svg.wt-track",
    { viewBox: `${VIEW.x} ${VIEW.y} ${VIEW.w} ${VIEW.h}`, role: "img", "aria-label": `The track: ${n} fields, raced clockwise`, "data-fields": String(n) },
    s("rect.turf", { x: String(VIEW.x), y: String(VIEW.y), width: String(VIEW.w), height: String(VIEW.h), rx: "14" }),
    s("g.fields", null, fields),
    s("g.numbers", null, numbers),
    s("rect.line", { x: (a.x - 2).toFixed(1), y: a.y.toFixed(1), width: "4", height: (b.y - a.y).toFixed(1) }),
    s("text.line-label", { x: (a.x + 5).toFixed(1), y: (b.y + 10).toFixed(1) }, "start / finish"),
    s("path.arrow", { d: `M${a.x + 84},${b.y + 7} l12,0 l-4,-3 m4,3 l-4,3` }),
    s("text.gate-label", { x: (a.x - 84).toFixed(1), y: String(VIEW.y + 22) }, "start gate"),
    s("g.podium", null, s("rect.podium-base", { x: String(podiumX(4) - PODIUM.step / 2 - 4), y: String(PODIUM.base), width: String(4 * PODIUM.step + 8), height: "3", rx: "1" }), steps, s("g.podium-horses")),
    s("text.infield", { x: String(LOOP.cx), y: String(LOOP.cy - 34) }),
    s("text.infield-sub", { x: String(LOOP.cx), y: String(LOOP.cy - 20) }),
    s("g.ghosts"),
    s("g.horses"),
  ));
}

/** While the revealed cards wait for the action cards: a dashed ring where each
 *  running horse would land with this round's movement (past the line, the loop
 *  goes on). */
function ghosts(st) {
  if (st.stage !== "window" || !(st.timing === "start" || st.timing === "neck_and_neck")) return [];
  const n = st.track;
  return st.horses.map((horse, i) => {
    if (horse.place || !horse.movement) return null;
    const to = horse.position + horse.movement;
    const p = loopPoint((to - 0.5) * (PERIMETER / n), -14.5 + i * 9.5);
    return s(
      "g.ghost",
      { transform: `translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`, "data-horse": String(horse.number) },
      s("circle", { r: "5", stroke: colourOf(i) }),
      s("text", { y: "0", fill: colourOf(i) }, String(horse.number)),
      s("title", null, `${horse.name}: +${horse.movement} this round, to ${to > n ? `${to - n} past the line` : `field ${to}`}`),
    );
  });
}

/** Where each horse stands: in the gate (position 0), on its field, or past the
 *  line once placed; horses sharing a spot stand side by side. */
function spots(st) {
  const n = st.track;
  const groups = new Map();
  st.horses.forEach((horse, i) => {
    const key = horse.place ? `p${horse.place}` : horse.position <= 0 ? "gate" : `f${horse.position}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(i);
  });
  const at = [];
  for (const [key, members] of groups) {
    members.forEach((i, k) => {
      const m = members.length;
      if (key === "gate") {
        const p = loopPoint(0, LOOP.width / 2);
        at[i] = { x: p.x - 12 - (m - 1 - k) * 19, y: VIEW.y + 14, r: 8 };
      } else if (key[0] === "p") {
        at[i] = finishSpot(st.horses.map((x) => x.place), i);
      } else {
        const field = Number(key.slice(1));
        const mid = (field - 0.5) * (PERIMETER / n);
        const along = Math.min(7, PERIMETER / n / 4);
        const offsets = m === 1 ? [[0, -1]] : m === 2 ? [[0, -8.5], [0, 7.5]] : [[-along, -9.5], [along, -9.5], [-along, 9.5], [along, 9.5]];
        const [da, dr] = offsets[k];
        const p = loopPoint(mid + da, dr - 4);
        at[i] = { x: p.x, y: p.y, r: m === 1 ? 9 : m === 2 ? 8 : 6.5 };
      }
    });
  }
  return at;
}

/** The podium's summary: a small disc per placed horse on its place's step. */
function podiumHorses(st) {
  return st.horses.map((horse, i) => {
    if (!horse.place) return null;
    const same = st.horses.filter((x) => x.place === horse.place);
    const k = same.indexOf(horse);
    const x = podiumX(horse.place) + (k - (same.length - 1) / 2) * Math.min(13, (PODIUM.step - 4) / same.length);
    return s(
      "g.podium-horse",
      { transform: `translate(${x.toFixed(1)} ${PODIUM.base - PODIUM.heights[horse.place] - 7})`, "data-horse": String(horse.number) },
      s("circle", { r: "6", fill: colourOf(i) }),
      s("text", { y: "0", fill: inkOf(i) }, String(horse.number)),
    );
  });
}

const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const place = (x, y) => `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;

/** The fields a horse passes on its way from ``from`` to ``to`` (clockwise), as
 *  keyframes, so that a move follows the loop instead of cutting across. */
function pathFrames(from, to, n, end) {
  const frames = [];
  const first = Math.max(from, 0);
  for (let k = first + 1; k <= Math.min(to, n); k += 1) {
    const p = loopPoint((k - 0.5) * (PERIMETER / n), -4);
    frames.push(place(p.x, p.y));
  }
  if (to > n) {
    const p = loopPoint(PERIMETER - 1, -4);
    frames.push(place(p.x + 8, p.y));
  }
  frames.push(end);
  return frames;
}

export function drawTrack(holder, view) {
  const st = view.state;
  const n = st.track;
  let svg = holder.querySelector("svg.wt-track");
  if (!svg || svg.dataset.fields !== String(n)) {
    svg = buildTrack(n);
    fill(holder, svg);
  }
  svg.querySelector("text.infield").textContent = view.over ? "The game is over" : `Race ${st.race} of ${st.races}${st.round ? ` · round ${st.round}` : ""}`;
  const last = st.history.length ? st.history[st.history.length - 1] : null;
  const winners = last ? Object.keys(last.places).filter((name) => last.places[name] === 1) : [];
  svg.querySelector("text.infield-sub").textContent = last && !st.round && !view.over ? `Race ${last.race} won by ${winners.join(" & ")}` : "";
  fill(svg.querySelector("g.ghosts"), ghosts(st));
  fill(svg.querySelector("g.podium-horses"), podiumHorses(st));
  const layer = svg.querySelector("g.horses");
  const at = spots(st);
  st.horses.forEach((horse, i) => {
    let token = layer.querySelector(`g.horse[data-horse="${horse.number}"]`);
    if (!token) {
      token = s(
        "g.horse",
        { "data-horse": String(horse.number) },
        s("circle.body", { r: "9", fill: colourOf(i) }),
        s("text.no", { y: "0", fill: inkOf(i) }, String(horse.number)),
        s("text.place-label", { y: "19" }),
        s("title"),
      );
      layer.append(token);
    }
    const spot = at[i];
    const end = place(spot.x, spot.y);
    const before = token.dataset.position === undefined ? null : Number(token.dataset.position);
    const race = token.dataset.race;
    token.querySelector("circle.body").setAttribute("r", String(spot.r));
    token.querySelector("text.no").setAttribute("font-size", String(spot.r * 1.25));
    token.querySelector("text.no").setAttribute("y", String(spot.r * 0.42));
    token.classList.toggle("placed", Boolean(horse.place));
    token.dataset.place = horse.place ? String(horse.place) : "";
    token.querySelector("text.place-label").textContent = horse.place ? ordinal(horse.place) : "";
    token.dataset.field = horse.place ? "" : String(horse.position);
    const where = horse.place ? `finished ${ordinal(horse.place)}` : horse.position <= 0 ? "behind the start line" : `on field ${horse.position} of ${n}`;
    token.querySelector("title").textContent = `#${horse.number} ${horse.name}, ${where}`;
    const moving = before !== null && race === String(st.race) && horse.position > before && token.style.transform !== end;
    const from = token.style.transform;
    token.style.transform = end;
    if (moving && !reduced() && token.animate) {
      const frames = [from, ...pathFrames(before, horse.position, n, end)];
      token.animate(
        frames.map((transform) => ({ transform })),
        { duration: Math.min(1800, 140 * frames.length), easing: "ease-in-out" },
      );
    }
    token.dataset.position = String(horse.position);
    token.dataset.race = String(st.race);
  });
}

/** Under the track: each horse's field, this round's movement and place. */
export function legend(view) {
  const st = view.state;
  const pending = st.stage === "window" && (st.timing === "start" || st.timing === "neck_and_neck");
  const rows = st.horses.map((horse) =>
    h(
      "li",
      { dataset: { horse: horse.name } },
      horseTag(st, horse.name),
      h(
        "span.where",
        null,
        horse.place ? h("span.badge.place", null, ordinal(horse.place)) : horse.position <= 0 ? "at the start" : `field ${horse.position}/${st.track}`,
      ),
      !horse.place && pending ? h("span.move.pending", { title: "this round's movement, before action cards" }, `+${horse.movement}`) : null,
      !horse.place && !pending && horse.position > 0 && horse.moved ? h("span.move", { title: "moved last round" }, `last +${horse.moved}`) : null,
    ),
  );
  return [
    h("ul.wt-legend", null, rows),
    pending ? h("p.help", null, "The cards are revealed: a dashed ring marks where each horse lands, unless an action card changes its move.") : null,
  ];
}
