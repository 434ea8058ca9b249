// Horse Fever's board: the track with its six lanes, the horses, the Action cards
// behind the lanes and the bets on each horse; the Blackboard's odds rows; and the
// line under them about the race being run.

import { fill, h, ordinal, s, seatColour, seatLabel, seatLetter, readableText, unitsPerPixel } from "../js/ui.js";
import { HORSE, LANES, cap, cardName, horseName, ink, money } from "./horse-fever-words.js";

const ODDS_ROWS = [2, 3, 4, 5, 6, 7];

const TRACK = { left: 64, square: 32, lane: 36, top: 22 };
const AFTER = 4.5; // squares drawn past the finish line: the finish area, then the cards and bets
const FINISH_AREA = 2.5; // squares past the line where finished horses stand (issue 15)
const PLACE_STEP = 10; // how much further ahead each better place stands

/** How far past the line a horse stands (its token's centre): by its place, 1st
 *  furthest ahead; one that crossed but is not yet placed (a photo finish) just
 *  past the line. Shared with the playback hooks. */
export function pastTheLine(place) {
  return TRACK.square / 2 + 2 + (place ? (6 - place) * PLACE_STEP : 0);
}

/** Where a horse stands at the start (its token's centre): shared with the playback
 *  hooks, which put the horses back there when a new round begins (issue 27, 2). */
export function startX() {
  return TRACK.left + 12;
}

function laneY(i) {
  return TRACK.top + i * TRACK.lane;
}

function squareX(square) {
  return TRACK.left + square * TRACK.square;
}

/** The racecourse (issue 27, "the boards look like the games"): a mown infield,
 *  a dirt track between white rails with a post at every square, lanes parted by
 *  chalk lines, the start line, a chequered finish line under its post, and the
 *  winners' enclosure past it, where the cards and bets lie. The squares stay
 *  countable: each is a band of raked dirt, its number on the top rail. */
function buildTrack(finish) {
  const end = squareX(finish + AFTER);
  const width = end + 6;
  const height = laneY(6) + 8;
  const top = TRACK.top - 2;
  const bottom = laneY(6);
  const line = squareX(finish);
  const defs = s(
    "defs",
    null,
    s(
      "pattern",
      { id: "hf-mown", width: "48", height: "48", patternUnits: "userSpaceOnUse", patternTransform: "rotate(35)" },
      s("rect", { width: "24", height: "48", class: "mown-a" }),
      s("rect", { x: "24", width: "24", height: "48", class: "mown-b" }),
    ),
    s(
      "pattern",
      { id: "hf-chequer", width: "6", height: "6", patternUnits: "userSpaceOnUse" },
      s("rect", { width: "6", height: "6", class: "chequer-light" }),
      s("rect", { width: "3", height: "3", class: "chequer-dark" }),
      s("rect", { x: "3", y: "3", width: "3", height: "3", class: "chequer-dark" }),
    ),
  );
  const cells = [];
  cells.push(s("rect.dirt", { x: String(TRACK.left), y: String(top), width: String(end - TRACK.left), height: String(bottom - top + 2), rx: "4" }));
  cells.push(s("rect.enclosure", { x: String(line), y: String(top), width: String(end - line), height: String(bottom - top + 2), rx: "4" }));
  LANES.forEach((colour, i) => {
    const y = laneY(i);
    cells.push(s("rect.lane-bg", { x: String(TRACK.left), y: String(y), width: String(line - TRACK.left), height: String(TRACK.lane - 2) }));
    for (let k = 1; k <= finish; k += 1) {
      cells.push(s(`rect.square${k % 2 ? "" : ".even"}`, { x: String(squareX(k - 1) + 1), y: String(y + 2), width: String(TRACK.square - 2), height: String(TRACK.lane - 6), rx: "2" }));
    }
    if (i > 0) cells.push(s("line.chalk", { x1: String(TRACK.left), y1: String(y - 1), x2: String(line), y2: String(y - 1) }));
  });
  const rails = [];
  for (const y of [top - 1, bottom + 2]) {
    rails.push(s("line.rail", { x1: String(TRACK.left - 2), y1: String(y), x2: String(end), y2: String(y) }));
    for (let k = 0; k <= finish; k += 1) {
      rails.push(s("line.post", { x1: String(squareX(k)), y1: String(y - 2.5), x2: String(squareX(k)), y2: String(y + 2.5) }));
    }
  }
  const numbers = [];
  for (let k = 1; k <= finish; k += 1) {
    numbers.push(s("text.square-no", { x: String(squareX(k - 1) + TRACK.square / 2), y: String(TRACK.top - 8) }, String(k)));
  }
  return readableText(s(
    "svg.hf-track",
    { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "The racecourse: six lanes, the finish line after square " + finish },
    defs,
    s("rect.turf", { x: "0", y: "0", width: String(width), height: String(height), rx: "12" }),
    s("g.cells", null, cells),
    s("g.rails", null, rails),
    s("line.start", { x1: String(TRACK.left + 1), y1: String(top), x2: String(TRACK.left + 1), y2: String(bottom + 2) }),
    s("g.numbers", null, numbers),
    s("rect.finish", { x: String(line - 2), y: String(top), width: "5", height: String(bottom - top + 2) }), // x + 2 is the line: horse-fever-sequence.js reads it
    s("g.finish-post", null,
      s("line.pole", { x1: String(line), y1: "3", x2: String(line), y2: String(top) }),
      s("text.finish-label", { x: String(line + 4), y: String(TRACK.top - 8) }, "finish"),
    ),
    s("g.labels"),
    s("g.cards"),
    s("g.horses"),
  ));
}

export function drawTrack(holder, view, ctx) {
  const st = view.state;
  const finish = st.race.finish_line;
  let svg = holder.querySelector("svg.hf-track");
  if (!svg || svg.dataset.finish !== String(finish)) {
    svg = buildTrack(finish);
    svg.dataset.finish = String(finish);
    fill(holder, svg);
  }
  // Drawn small (a phone), the cards and bets grow to keep their letters readable
  // (issue 27 item 6): space them by as much; lay them out again when that changes.
  const grow = unitsPerPixel(svg);
  svg.onUnit = () => drawTrack(holder, view, ctx);
  const labels = [];
  const cards = [];
  const byLane = {};
  for (const c of st.action_cards) (byLane[c.stable] ||= []).push(c);
  st.stables.forEach((stable, i) => {
    const y = laneY(i);
    const colour = stable.stable;
    labels.push(
      s(
        "g.lane-label",
        { transform: `translate(4 ${y})`, "data-stable": colour },
        s("rect", { width: "56", height: String(TRACK.lane - 4), rx: "5", fill: HORSE[colour], class: "lane-chip" }),
        s("text.lane-odds", { x: "28", y: "15", fill: ink(colour) }, stable.odds ? `1:${stable.odds}` : "–"),
        s("text.lane-name", { x: "28", y: "27", fill: ink(colour) }, colour),
        stable.owner !== null ? s("circle.owner", { cx: "50", cy: "6", r: "5.5", fill: seatColour(stable.owner) }) : null,
        stable.owner !== null ? s("text.owner-letter", { x: "50", y: "8.4" }, seatLetter(stable.owner)) : null,
        s("title", null, `${cap(colour)}: odds ${stable.odds ? `1:${stable.odds}` : "not set"}${stable.owner !== null ? `, owned by ${seatLabel(ctx, stable.owner)}` : ""}${stable.horse ? `, horse ${cardName(view, stable.horse)}` : ""}`),
      ),
    );
    // Action cards behind the lane: face down (no name) until the race shows them.
    (byLane[colour] || []).slice(0, 6).forEach((card, j) => {
      const x = squareX(finish + FINISH_AREA) + 3 + j * (grow > 1 ? 10 * grow + 1 : 7);
      cards.push(
        s(
          "g.lane-card",
          { transform: `translate(${x} ${y + 3})`, "data-seat": String(card.seat), "data-card": card.card ?? "?" },
          s("rect", { width: "11", height: "14", rx: "2", class: card.card ? "up" : "down", stroke: seatColour(card.seat) }),
          s("text.card-letter", { x: "5.5", y: "10", class: card.card ? "up" : "down" }, seatLetter(card.seat)),
          s("title", null, `${seatLabel(ctx, card.seat)}: ${card.card ? cardName(view, card.card) : "a face-down Action card"}`),
        ),
      );
    });
  });
  // Bets on the horse: the bettor's colour, W or S; the newest last.
  st.stables.forEach((stable, i) => {
    const bets = st.bets.filter((b) => b.stable === stable.stable);
    const shown = bets.slice(-4);
    shown.forEach((bet, k) => {
      const x = squareX(finish + AFTER) - 9 * grow - (shown.length - 1 - k) * 15 * grow;
      cards.push(
        s(
          "g.lane-bet",
          { transform: `translate(${x} ${laneY(i) + 25})`, "data-seat": String(bet.seat), "data-bet": bet.bet, class: bet.bet, style: { "--seat": seatColour(bet.seat) } },
          s("circle", { r: "7", fill: seatColour(bet.seat) }),
          // The seat's letter (a filled disc bets to win, a ring to show), not "AW"/"BS".
          s("text", { y: "3" }, seatLetter(bet.seat)),
          s("title", null, `${seatLabel(ctx, bet.seat)}: ${money(bet.amount)} to ${bet.bet}`),
        ),
      );
    });
    if (bets.length > shown.length) {
      cards.push(s("text.more-bets", { x: String(squareX(finish + AFTER) - 4), y: String(laneY(i) + 12) }, `+${bets.length - shown.length}`));
    }
  });
  fill(svg.querySelector("g.labels"), labels);
  fill(svg.querySelector("g.cards"), cards);
  const layer = svg.querySelector("g.horses");
  st.stables.forEach((stable, i) => {
    const colour = stable.stable;
    let token = layer.querySelector(`g.horse[data-horse="${colour}"]`);
    if (!token) {
      token = s(
        "g.horse",
        { "data-horse": colour },
        s("circle", { r: "11", fill: HORSE[colour] }),
        s("text.place", { y: "4", fill: ink(colour) }, ""),
        s("title"),
      );
      layer.append(token);
    }
    const past = Boolean(stable.place) || stable.position > finish;
    const x = stable.position === 0 ? startX() : past ? squareX(finish) + pastTheLine(stable.place) : squareX(stable.position) - TRACK.square / 2;
    token.style.transform = `translate(${x.toFixed(1)}px, ${(laneY(i) + TRACK.lane / 2 - 1).toFixed(1)}px)`;
    token.querySelector("text.place").textContent = stable.place ? ordinal(stable.place) : "";
    token.classList.toggle("placed", Boolean(stable.place));
    token.querySelector("title").textContent = `${cap(colour)} on square ${stable.position}${stable.place ? `, ${ordinal(stable.place)}` : ""}`;
  });
}

/** The Blackboard: odds rows 1:2 .. 1:7 with their Stable tokens, prices and the
 *  squares the Movement card shown gives each row. */
export function blackboard(view) {
  const st = view.state;
  const values = st.race.movement_values;
  const width = 6 * 64 + 8;
  const rows = ODDS_ROWS.map((odds, i) => {
    // Two Stables may share a row (HF 3.4 moves each token one row).
    const here = st.stables.filter((x) => x.odds === odds);
    const stable = here.length === 1 ? here[0] : null;
    const x = 4 + i * 64;
    return s(
      "g.odds-row",
      { transform: `translate(${x} 4)`, "data-odds": String(odds) },
      s("rect.slot", { width: "60", height: "70", rx: "6" }),
      s("text.odds", { x: "30", y: "16" }, `1:${odds}`),
      here.map((x, k) => s("circle", { cx: String(30 + (k - (here.length - 1) / 2) * (here.length > 2 ? 9 : 14)), cy: "34", r: here.length > 1 ? "7" : "11", fill: HORSE[x.stable], class: "token", "data-stable": x.stable })),
      here.length ? s("title", null, `${here.map((x) => cap(x.stable)).join(", ")} on 1:${odds}${st.mode === "board" && stable && stable.price ? `, Stable price ${money(stable.price)}` : ""}`) : null,
      values ? s("text.move", { x: "30", y: "63" }, `+${values[i]}`) : st.mode === "board" && here.length && here[0].price ? s("text.price", { x: "30", y: "63" }, `${here[0].price}`) : null,
    );
  });
  return readableText(s(
    "svg.hf-blackboard",
    { viewBox: `0 0 ${width} 78`, role: "img", "aria-label": "The Blackboard: odds rows" },
    s("rect.board-bg", { x: "0", y: "0", width: String(width), height: "78", rx: "8" }),
    rows,
  ));
}

export function raceLine(view) {
  const st = view.state;
  const race = st.race;
  const bits = [];
  if (race.movement_card) bits.push(`Movement card ${race.unit} of this race turned`);
  if (race.dice) bits.push(h("span", null, "Sprint dice: ", horseName(race.dice[0]), " ", horseName(race.dice[1])));
  if (race.ranking.length) bits.push(h("span", null, "Placed: ", race.ranking.map((c, i) => [i ? ", " : "", `${ordinal(i + 1)} `, horseName(c)])));
  if (!bits.length) return h("p.help.race-line", null, st.mode === "board" && (st.phase === "purchase" || st.phase === "keep") ? "Blackboard: bottom numbers are the Stable prices." : "The horses wait at the start.");
  return h("p.race-line", null, bits.map((b, i) => [i ? " · " : "", b]));
}
