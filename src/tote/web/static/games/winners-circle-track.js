// Winner's Circle's track: the oval raced counter-clockwise with its spaces, the
// finish line and the pace chip, the horses on it (finished ones past the line) and
// the infield's lines about the race and the phase.

import { fill, s, readableText } from "../js/ui.js";
import { PLACES, cap, horseColour, ink, movableHorses } from "./winners-circle-horses.js";

const TRACK = { cx: 220, cy: 122, a: 105, r: 92, spaces: 36 };

/** Centre and heading (degrees) of distance d along the oval, from the finish line,
 *  counter-clockwise: right along the bottom straight, up, left along the top, down. */
function along(d) {
  const { cx, cy, a, r } = TRACK;
  const half = Math.PI * r;
  const P = 4 * a + 2 * half;
  d = ((d % P) + P) % P;
  if (d < a) return { x: cx + d, y: cy + r, angle: 0 };
  d -= a;
  if (d < half) {
    const phi = Math.PI / 2 - d / r;
    return { x: cx + a + r * Math.cos(phi), y: cy + r * Math.sin(phi), angle: (-(d / r) * 180) / Math.PI };
  }
  d -= half;
  if (d < 2 * a) return { x: cx + a - d, y: cy - r, angle: 180 };
  d -= 2 * a;
  if (d < half) {
    const phi = -Math.PI / 2 - d / r;
    return { x: cx - a + r * Math.cos(phi), y: cy + r * Math.sin(phi), angle: 180 - (d / r) * 180 / Math.PI };
  }
  d -= half;
  return { x: cx - a + d, y: cy + r, angle: 0 };
}

function perimeter() {
  return 4 * TRACK.a + 2 * Math.PI * TRACK.r;
}

function spacePoint(space, spaces = TRACK.spaces) {
  const step = perimeter() / spaces;
  return along((space - 0.5) * step);
}

/** Offset from the lane's centre line towards the infield (negative: outside). */
function inward(point, by) {
  const rad = (point.angle * Math.PI) / 180;
  // Heading (cos, sin); the infield is to the left of travel on screen: (sin, -cos).
  return { x: point.x + Math.sin(rad) * by, y: point.y - Math.cos(rad) * by };
}

function stadium(offset) {
  // The oval's outline at ``offset`` from the lane's centre line (positive: inside).
  const { cx, cy, a, r } = TRACK;
  const R = r - offset;
  return `M ${cx - a} ${cy + R} L ${cx + a} ${cy + R} A ${R} ${R} 0 0 0 ${cx + a} ${cy - R} L ${cx - a} ${cy - R} A ${R} ${R} 0 0 0 ${cx - a} ${cy + R} Z`;
}

function buildTrack(spaces, pace) {
  const P = perimeter();
  const step = P / spaces;
  const half = 15;
  const cells = [];
  for (let k = 1; k <= spaces; k += 1) {
    const d0 = (k - 1) * step + 0.7;
    const d1 = k * step - 0.7;
    const corners = [inward(along(d0), half), inward(along(d1), half), inward(along(d1), -half), inward(along(d0), -half)];
    // Curved cells get a point in the middle of each edge, so they follow the oval.
    const mid = along((d0 + d1) / 2);
    const points = [corners[0], inward(mid, half), corners[1], corners[2], inward(mid, -half), corners[3]];
    cells.push(
      s("polygon", {
        points: points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "),
        class: k === pace ? "cell pace-cell" : "cell",
        "data-space": String(k),
      }),
    );
  }
  const labels = [];
  for (let k = 1; k <= spaces; k += 1) {
    if (k % 3 !== 0 && k !== 1) continue;
    const p = inward(spacePoint(k, spaces), half + 9);
    labels.push(s("text.space-no", { x: p.x.toFixed(1), y: (p.y + 3).toFixed(1) }, String(k)));
  }
  const line = along(0);
  const paceAt = inward(spacePoint(pace, spaces), half + 24);
  return readableText(s(
    "svg.track",
    { viewBox: `0 0 440 ${2 * TRACK.cy}`, role: "img", "aria-label": "The race track" },
    s("rect.grass", { x: "0", y: "0", width: "440", height: String(2 * TRACK.cy), rx: "16" }),
    s("path.rail", { d: stadium(-half - 1.5) }),
    s("path.infield", { d: stadium(half + 1.5) }),
    s("g.cells", null, cells),
    s("g.labels", null, labels),
    s(
      "g.finish-line",
      { transform: `translate(${line.x} ${line.y})` },
      s("rect", { x: "-2.5", y: String(-half - 1), width: "5", height: String(2 * half + 2), class: "finish" }),
      s("text.finish-label", { x: "0", y: String(half + 10) }, "finish"),
    ),
    s(
      "g.pace-chip",
      { transform: `translate(${paceAt.x.toFixed(1)} ${paceAt.y.toFixed(1)})` },
      s("circle", { r: "9" }),
      s("text", { y: "3.5" }, "P"),
      s("title", null, `Pace chip on space ${pace}: the first horse to reach it becomes the pace horse`),
    ),
    s("g.infield-text"),
    s("g.horses"),
  ));
}

export function drawTrack(holder, view, ctx) {
  const st = view.state;
  const pace = st.pace_space;
  let svg = holder.querySelector("svg.track");
  if (!svg || svg.dataset.pace !== String(pace)) {
    svg = buildTrack(TRACK.spaces, pace);
    svg.dataset.pace = String(pace);
    fill(holder, svg);
  }
  svg.querySelector(".pace-chip").classList.toggle("taken", Boolean(st.pace_horse));
  const movable = movableHorses(view, ctx);
  // Horses: several may share a space (Crowded Field): fan them out towards the infield.
  const bySpace = {};
  for (const horse of st.horses) {
    if (horse.space !== null && horse.space !== undefined) (bySpace[horse.space] ||= []).push(horse.name);
  }
  const layer = svg.querySelector("g.horses");
  const seen = new Set();
  const order = Object.keys(PLACES);
  for (const horse of st.horses) {
    let token = layer.querySelector(`g.horse[data-horse="${CSS.escape(horse.name)}"]`);
    const onTrack = horse.space !== null && horse.space !== undefined;
    if (!onTrack && !horse.finished) {
      if (token) token.remove();
      continue;
    }
    seen.add(horse.name);
    if (!token) {
      token = s(
        "g.horse",
        { "data-horse": horse.name },
        s("circle", { r: "12", fill: horseColour(horse.name) }),
        s("text", { y: "4.5", fill: ink(horse.name) }, String(horse.gate)),
        s("text.place-badge", { y: "25" }),
        s("title"),
      );
      layer.append(token);
    }
    // Finished horses stand past the finish line, in finishing order (1st ahead).
    const place = horse.finished ? order.indexOf(horse.finished) : -1;
    const stack = place >= 0 ? null : bySpace[horse.space];
    const p = place >= 0 ? inward(along(14 + (order.length - 1 - place) * 25), 28) : inward(spacePoint(horse.space), stack.length > 1 ? -6 + stack.indexOf(horse.name) * (28 / stack.length) : 0);
    token.style.transform = `translate(${p.x.toFixed(1)}px, ${p.y.toFixed(1)}px)`;
    token.classList.toggle("finished", place >= 0);
    token.dataset.place = place >= 0 ? PLACES[horse.finished] : "";
    token.querySelector("text.place-badge").textContent = place >= 0 ? PLACES[horse.finished] : "";
    token.classList.toggle("movable", movable.has(horse.name));
    token.classList.toggle("moved", !horse.face_up);
    token.classList.toggle("pace", horse.pace_horse);
    token.querySelector("title").textContent = place >= 0 ? `${cap(horse.name)}: ${PLACES[horse.finished]}, past the finish line` : `${cap(horse.name)} on space ${horse.space}, ${horse.to_finish} to the finish`;
  }
  for (const token of [...layer.querySelectorAll("g.horse")]) if (!seen.has(token.dataset.horse)) token.remove();
  drawInfield(svg.querySelector("g.infield-text"), view, ctx);
}

function drawInfield(group, view, ctx) {
  const st = view.state;
  const { cx, cy } = TRACK;
  const lines = [];
  lines.push(s("text.infield-title", { x: String(cx), y: String(cy - 26) }, view.over ? "Final standings" : `Race ${st.race} of ${st.races}${st.multiplier !== 1 ? `  ·  pays ×${st.multiplier}` : ""}`));
  if (st.rolled) {
    lines.push(
      s(
        "g.die",
        { transform: `translate(${cx} ${cy + 6})` },
        s("rect", { x: "-34", y: "-16", width: "68", height: "32", rx: "7" }),
        s("text", { y: "5" }, st.rolled.toUpperCase()),
      ),
    );
  } else {
    lines.push(s("text.infield-sub", { x: String(cx), y: String(cy + 8) }, phaseText(view)));
  }
  lines.push(s("text.infield-sub", { x: String(cx), y: String(cy + 46) }, st.pace_horse ? `Pace horse: ${st.pace_horse}` : `Pace chip on space ${st.pace_space}`));
  fill(group, lines);
}

export function phaseText(view) {
  const st = view.state;
  if (view.over) return "Game over";
  switch (st.phase) {
    case "preparation":
      return "Horses go to the gates";
    case "first_bettor":
      return "Who bets first?";
    case "bets":
      return `Betting round ${bettingRound(view)} of ${st.betting_rounds}`;
    case "roll":
    case "move":
      return "They're off!";
    default:
      return st.phase;
  }
}

export function bettingRound(view) {
  const st = view.state;
  return Math.min(Math.floor(st.bets.length / view.players) + 1, st.betting_rounds);
}
