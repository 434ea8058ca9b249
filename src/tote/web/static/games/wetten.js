// Wetten!: the clockwise track with the four horses and the podium, the betting
// tickets, one's race cards and action cards, what one may do now, the players and
// past races.
//
// Everything comes from the view: another seat's hand, action cards and face-down
// tickets never reach this page (the server sends each seat its own view); a ticket
// or a race card laid this round shows only as "committed" until all are in.

import { fill, h, ordinal, part, s, seatLabel, seatTag } from "../js/ui.js";

export const title = "Wetten!";
export const scoreLabel = "$";

const PLACES = [1, 2, 3, 4];
/** Horse colours by horse number (this page's choice: the rulebook names no colours). */
const COLOURS = ["#7b2cbf", "#d62828", "#2b9348", "#f2b705"];
const LIGHT = new Set([3]);
const WINDOWS = {
  stakes: "before the Set the Stakes tickets",
  start_before: "Start, before the race cards are laid",
  start: "Start, race cards revealed",
  second_bet: "Second Bet",
  neck_and_neck: "Neck-and-Neck, race cards revealed",
};
const WHEN = {
  stakes: "before Set the Stakes",
  start_before: "Start, before the cards",
  start: "Start, cards revealed",
  second_bet: "Second Bet",
  neck_and_neck: "Neck-and-Neck",
  any: "any time",
};

const money = (n) => `$${Number(n).toLocaleString("en")}`;
const colourOf = (i) => COLOURS[i % COLOURS.length];
const inkOf = (i) => (LIGHT.has(i % COLOURS.length) ? "#222" : "#fff");

function myTurn(view, ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && !view.over && view.turn.seats.includes(ctx.seat);
}

function horseNames(st) {
  return st.horses.map((horse) => horse.name);
}

function horseIndex(st, name) {
  return st.horses.findIndex((horse) => horse.name === name);
}

/** A horse's name with its coloured number disc. */
function horseTag(st, name) {
  const i = horseIndex(st, name);
  return h(
    "span.wt-horse",
    { style: { "--horse": colourOf(i), "--horse-ink": inkOf(i) } },
    h("span.wt-disc", null, String(i + 1)),
    name,
  );
}

function cardValues(values, st) {
  return horseNames(st)
    .map((name, i) => `${name.split(" ").map((w) => w[0]).join("")} ${values[i]}`)
    .join(" · ");
}

function cells(bets) {
  if (!bets || !bets.length) return "no bets";
  return bets.map((b) => `${money(b.stake)} on ${b.horse} ${b.place}.`).join(", ");
}

// ------------------------------------------------------------------ the track
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
  return { x: line.x + 16 + (PLACES.length - 1 - slot) * 24, y: VIEW.y + 14, r: 8.5 };
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
  return s(
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
  );
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
      s("text", { y: "2.2", fill: colourOf(i) }, String(horse.number)),
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
      s("text", { y: "2.5", fill: inkOf(i) }, String(horse.number)),
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

function drawTrack(holder, view) {
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
        s("text.no", { y: "3.6", fill: inkOf(i) }, String(horse.number)),
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
function legend(view) {
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

// ------------------------------------------------------------------ cards
/** A race card's face: its four rows, one per horse, with the fields it moves. */
function raceCard(st, card, values, { onclick = null, action = null, note = "", cls = "" } = {}) {
  return h(
    onclick ? "button.wt-card" : "div.wt-card",
    {
      type: onclick ? "button" : undefined,
      class: cls,
      title: `${card}: ${cardValues(values, st)}`,
      dataset: { card: card || "", action: action || undefined },
      onclick: onclick || undefined,
    },
    h("span.card-id", null, card),
    h(
      "span.rows",
      null,
      st.horses.map((horse, i) =>
        h(
          "span.row",
          { style: { "--horse": colourOf(i), "--horse-ink": inkOf(i) } },
          h("span.wt-disc", null, String(horse.number)),
          h("span.pips", { "aria-hidden": "true" }, "●".repeat(Math.max(0, Math.min(values[i], 6)))),
          h("span.value", null, String(values[i])),
        ),
      ),
    ),
    note ? h("span.note", null, note) : null,
  );
}

/** A face-down card (a card laid this round, or none). */
function backCard(label) {
  return h("div.wt-card.back", null, h("span.card-id", null, label));
}

/** An action card's face: its name, the windows it may be announced in, its effect
 *  (``extra``: the target buttons when it may be announced now). */
function actionCard(card, extra = null) {
  return h(
    "div.wt-action-card",
    { dataset: { card: card.card } },
    h("strong.name", null, card.name),
    h("span.when", null, card.when.map((w) => WHEN[w] || w).join(" · ")),
    h("span.text", null, card.text),
    extra,
  );
}

/** A betting ticket as the grid printed on it: horses by places, stakes in cells. */
function ticketGrid(st, kind, bets, marks = {}) {
  const stake = {};
  for (const b of bets || []) stake[`${b.horse}|${b.place}`] = (stake[`${b.horse}|${b.place}`] || 0) + b.stake;
  const total = Object.values(stake).reduce((sum, v) => sum + v, 0);
  return h(
    "table.wt-grid",
    { dataset: { ticket: kind } },
    h("caption", null, kind === "set_the_stakes" ? "Set the Stakes · pays 4x" : "Second Bet · pays 2x"),
    h("thead", null, h("tr", null, h("th", null, ""), PLACES.map((p) => h("th", null, ordinal(p))))),
    h(
      "tbody",
      null,
      horseNames(st).map((name) =>
        h(
          "tr",
          null,
          h("th", null, horseTag(st, name)),
          PLACES.map((p) => {
            const cell = `${name}|${p}`;
            return h(
              "td",
              { class: stake[cell] ? "bet" : "", dataset: { horse: name, place: String(p) } },
              stake[cell] ? money(stake[cell]) : "",
              marks[cell] ? h("span.badge.mark", null, marks[cell]) : null,
            );
          }),
        ),
      ),
    ),
    h("tfoot", null, h("tr", null, h("td", { colspan: "5" }, total ? `${money(total)} on the ticket` : "no bets"))),
  );
}

// ------------------------------------------------------------------ sections
function banner(view, ctx) {
  const st = view.state;
  if (view.over) return h("div.turn-banner.over", null, st.ended_early ? "The game is over: the bank could not pay every win." : "The game is over: five races run.");
  const mine = myTurn(view, ctx);
  const waiting = view.turn.seats.filter((s) => s !== ctx.seat);
  const others = waiting.length ? [" Waiting for ", waiting.map((s, i) => [i ? ", " : "", seatTag(ctx, s)])] : null;
  const race = `Race ${st.race} of ${st.races}, minimum stake ${money(st.minimum_stake)}: `;
  if (st.stage === "set_the_stakes" || st.stage === "second_bet") {
    const what = st.stage === "set_the_stakes" ? "Set the Stakes (pays 4x)" : "Second Bet (pays 2x)";
    if (mine) return h("div.turn-banner.mine", null, `${race}write your ${what} ticket, in secret.`);
    return h("div.turn-banner", null, race, view.my_commitment ? "your ticket is written. " : `${what}. `, others);
  }
  if (st.stage === "play") {
    if (mine) return h("div.turn-banner.mine", null, `${race}lay a race card face down.`);
    return h("div.turn-banner", null, race, view.my_commitment ? "your card is laid. " : "race cards are being laid. ", others);
  }
  if (st.stage === "window") {
    const when = WINDOWS[st.timing] || st.timing;
    if (mine) return h("div.turn-banner.mine", null, `${race}${when}: announce an action card, buy a race card, or pass.`);
    return h("div.turn-banner", null, `${race}${when}: action cards and purchases. `, others);
  }
  if (st.stage === "resolve" && mine) return h("div.turn-banner.mine", null, "Paddock Tip: keep one of the cards you look at.");
  return h("div.turn-banner", null, race, "the cards are shuffled and dealt…");
}

const drafts = { key: "", stakes: {}, longOdds: "" };

function ticketForm(view, send, ctx) {
  const st = view.state;
  const key = `${st.race}-${st.stage}`;
  if (drafts.key !== key) {
    drafts.key = key;
    drafts.stakes = {};
    drafts.longOdds = "";
  }
  const names = horseNames(st);
  const ticket = st.tickets[ctx.seat];
  const second = st.stage === "second_bet";
  const grid = h(
    "table.ticket.wt-grid",
    null,
    h("caption", null, second ? "Second Bet · pays 2x" : "Set the Stakes · pays 4x"),
    h("thead", null, h("tr", null, h("th", null, ""), PLACES.map((p) => h("th", null, ordinal(p))))),
    h(
      "tbody",
      null,
      names.map((name) =>
        h(
          "tr",
          null,
          h("th", null, horseTag(st, name)),
          PLACES.map((place) => {
            const cell = `${name}|${place}`;
            return h(
              "td",
              null,
              h("input.stake", {
                type: "number",
                min: "0",
                step: "1000",
                inputmode: "numeric",
                placeholder: "–",
                "aria-label": `Stake on ${name} in place ${place}`,
                dataset: { horse: name, place: String(place) },
                value: drafts.stakes[cell] || "",
                oninput: (e) => {
                  drafts.stakes[cell] = e.target.value;
                },
              }),
            );
          }),
        ),
      ),
    ),
  );
  const longOdds =
    second && ticket.long_odds
      ? h(
          "label.row",
          null,
          "Long Odds (4x) on: ",
          h(
            "select#long-odds",
            { onchange: (e) => (drafts.longOdds = e.target.value) },
            h("option", { value: "" }, "no bet marked"),
            names.flatMap((name) => PLACES.map((p) => h("option", { value: `${name}|${p}`, selected: drafts.longOdds === `${name}|${p}` }, `${name} ${p}.`))),
          ),
        )
      : null;
  const submit = () => {
    const bets = [];
    for (const [cell, value] of Object.entries(drafts.stakes)) {
      const stake = Number(value);
      if (!value || !stake) continue;
      const [horse, place] = cell.split("|");
      bets.push({ horse, place: Number(place), stake });
    }
    const move = { type: st.stage, bets };
    if (second) {
      const [horse, place] = drafts.longOdds ? drafts.longOdds.split("|") : [];
      move.long_odds = horse ? { horse, place: Number(place) } : null;
    }
    send(move);
  };
  const total = Object.values(drafts.stakes).reduce((sum, v) => sum + (Number(v) || 0), 0);
  return h(
    "div.actions.panel",
    { dataset: { phase: st.stage } },
    h("p.help", null, `Each bet at least ${money(st.minimum_stake)} in thousands; together at most your ${money(st.cash[ctx.seat])}. Leave every cell empty for no bet.`),
    grid,
    longOdds,
    h("button.primary", { type: "button", dataset: { action: "ticket" }, onclick: submit }, total ? `Write the ticket (${money(total)})` : "Write the ticket"),
  );
}

function targetLabel(move, view, ctx) {
  const st = view.state;
  const parts = [];
  if (move.horse) parts.push(horseTag(st, move.horse));
  if (move.other_horse) parts.push(" ⇄ ", horseTag(st, move.other_horse));
  if (move.place) parts.push(` ${ordinal(move.place)}`);
  if (move.opponent !== null && move.opponent !== undefined) parts.push(seatLabel(ctx, move.opponent));
  return parts.length ? parts : "Announce";
}

function moveButton(label, move, send, { primary = false, action = null, card = null, title = "" } = {}) {
  return h(
    "button",
    {
      type: "button",
      class: primary ? "primary" : "",
      title: title || undefined,
      dataset: { action: action || move.type.replace(/_/g, "-"), card: card || undefined },
      onclick: () => send(move),
    },
    label,
  );
}

/** An action window: pass, buy, "No chance...", and each playable action card with
 *  its targets as buttons. */
function windowActions(view, send, ctx) {
  const st = view.state;
  const moves = view.legal_moves || [];
  const plain = [];
  const byCard = new Map();
  for (const move of moves) {
    if (move.type === "play_action_card") {
      if (!byCard.has(move.card)) byCard.set(move.card, []);
      byCard.get(move.card).push(move);
    } else if (move.type === "pass") plain.unshift(moveButton("Pass", move, send, { primary: true }));
    else if (move.type === "buy_race_card") plain.push(moveButton(`Buy a race card (${money(st.card_price[view.seat])})`, move, send));
    else if (move.type === "no_chance") plain.push(moveButton(["No chance…: show your ticket, 8x on ", horseTag(st, move.horse), ` ${ordinal(move.place)}`], move, send));
    else plain.push(moveButton(move.type.replace(/_/g, " "), move, send));
  }
  const fee = st.action_fee[view.seat];
  const cards = Object.fromEntries((st.action_cards || []).map((c) => [c.card, c]));
  return h(
    "div.actions.panel",
    { dataset: { phase: "window" } },
    h("div.move-buttons", null, plain),
    byCard.size
      ? [
          h("p.label", null, `Or announce an action card (${fee ? `fee ${money(fee)}` : "free"}):`),
          h(
            "div.wt-plays",
            null,
            [...byCard].map(([id, list]) =>
              actionCard(
                cards[id] || { card: id, name: id, when: [], text: "" },
                h(
                  "span.targets",
                  null,
                  list.map((move) => moveButton(targetLabel(move, view, ctx), move, send, { card: id })),
                ),
              ),
            ),
          ),
        ]
      : null,
  );
}

function actions(view, send, ctx) {
  const st = view.state;
  if (!myTurn(view, ctx)) return null;
  if (st.stage === "set_the_stakes" || st.stage === "second_bet") return ticketForm(view, send, ctx);
  if (st.stage === "play" || st.stage === "resolve") {
    const keep = st.stage === "resolve";
    const pool = keep ? st.looking_at || [] : st.hand || [];
    const values = Object.fromEntries(pool.map((c) => [c.card, c.values]));
    const moves = view.legal_moves || [];
    return h(
      "div.actions.panel",
      { dataset: { phase: st.stage } },
      h("p.label", null, keep ? "Paddock Tip: tap the card to keep" : "Tap a race card to lay it face down"),
      h(
        "div.wt-hand",
        null,
        moves.map((move) =>
          move.card
            ? raceCard(st, move.card, values[move.card] || [0, 0, 0, 0], { onclick: () => send(move), action: keep ? "keep-card" : "play-card" })
            : moveButton("No card to lay", move, send, { action: "play-card" }),
        ),
      ),
    );
  }
  return windowActions(view, send, ctx);
}

/** Below the track: the cards of this round, face down while they are being laid. */
function roundCards(view, ctx) {
  const st = view.state;
  if (st.stage === "play") {
    const committed = new Set(view.committed || []);
    return h(
      "div.wt-round",
      null,
      h("p.label", null, `Round ${st.round + 1}: race cards laid face down`),
      h(
        "div.wt-hand",
        null,
        Array.from({ length: view.players }, (_, seat) =>
          h("div.wt-laid", { dataset: { seat: String(seat) } }, committed.has(seat) ? backCard("laid") : h("div.wt-card.empty", null, "…"), seatTag(ctx, seat)),
        ),
      ),
    );
  }
  if (!st.round || !st.revealed || !st.revealed.length || st.stage === "deal") return null;
  return h(
    "div.wt-round",
    null,
    h("p.label", null, `Round ${st.round}: the race cards revealed`),
    h(
      "div.wt-hand",
      null,
      st.revealed.map((r) => h("div.wt-laid", { dataset: { seat: String(r.seat) } }, r.values ? raceCard(st, r.card, r.values) : backCard("none"), seatTag(ctx, r.seat))),
    ),
  );
}

function players(view, ctx) {
  const st = view.state;
  const acting = new Set(view.turn.seats);
  const committed = new Set(view.committed || []);
  const rows = [];
  for (let seat = 0; seat < view.players; seat += 1) {
    const ticket = st.tickets[seat];
    const fee = st.action_fee[seat];
    rows.push(
      h(
        "tr",
        { class: `${acting.has(seat) ? "acting" : ""} ${seat === ctx.seat ? "me" : ""}`, dataset: { seat: String(seat) } },
        h("td", null, seatTag(ctx, seat), committed.has(seat) ? h("span.badge.done", null, "committed") : null),
        h("td.money", null, money(st.cash[seat])),
        h("td", null, `${st.hand_sizes[seat]} / ${st.action_counts[seat]}`),
        h("td", null, `${money(ticket.stakes_total)} + ${money(ticket.second_total)}`, ticket.no_chance ? h("span.badge", null, `8x on ${ticket.no_chance.horse} ${ordinal(ticket.no_chance.place)}`) : null),
        h("td", null, `${money(st.card_price[seat])} · ${fee === null ? "–" : fee ? money(fee) : "free"}`),
      ),
    );
  }
  return h(
    "div.players.panel",
    { tabindex: "0", role: "region", "aria-label": "Players" },
    h(
      "table",
      null,
      h("thead", null, h("tr", null, h("th", null, "Player"), h("th", null, "Cash"), h("th", null, "Cards / actions"), h("th", null, "Tickets"), h("th", null, "Next card · action"))),
      h("tbody", null, rows),
    ),
    h("p.help", null, st.bank === null ? "The bank is unlimited." : `The bank holds ${money(st.bank)}.`),
  );
}

function mine(view, ctx) {
  const st = view.state;
  if (ctx.seat === null || ctx.seat === undefined || !st.hand) return null;
  const ticket = st.tickets[ctx.seat];
  const choosing = myTurn(view, ctx) && st.stage === "play";
  const laid = view.my_commitment && view.my_commitment.type === "play_race_card" ? view.my_commitment.card : null;
  const marks = {};
  if (ticket.no_chance) marks[`${ticket.no_chance.horse}|${ticket.no_chance.place}`] = "8x";
  const second = {};
  if (ticket.long_odds_cell) second[`${ticket.long_odds_cell.horse}|${ticket.long_odds_cell.place}`] = "4x";
  return h(
    "div.panel.wt-mine",
    null,
    h("h3", null, "Your cards and tickets"),
    h("p.label", null, `Race cards (${st.hand.length})`),
    choosing
      ? h("p.help", null, "Your hand is shown above: tap the card to lay.")
      : h(
          "div.wt-hand",
          null,
          st.hand.length ? st.hand.map((c) => raceCard(st, c.card, c.values, c.card === laid ? { cls: "laid", note: "laid face down" } : {})) : h("span.muted", null, "none"),
        ),
    h("p.label", null, `Action cards (${(st.action_cards || []).length})`),
    (st.action_cards || []).length ? h("div.wt-actions", null, st.action_cards.map((c) => actionCard(c))) : h("p.muted", null, "none"),
    h("p.label", null, "Your tickets"),
    h("div.wt-tickets", null, ticketGrid(st, "set_the_stakes", ticket.set_the_stakes, marks), ticketGrid(st, "second_bet", ticket.second_bet, second)),
    ticket.long_odds && !ticket.long_odds_cell ? h("p.help", null, "Long Odds: mark one Second Bet on the horse now last; it pays 4x.") : null,
    st.insider_tip
      ? [
          h("p.label", null, `Insider Tip: the hand of ${seatLabel(ctx, st.insider_tip.opponent)}`),
          h("div.wt-hand", null, st.insider_tip.cards.map((c) => raceCard(st, c.card, c.values))),
        ]
      : null,
  );
}

function announced(view, ctx) {
  const list = view.state.announced || [];
  if (!list.length) return null;
  return h(
    "div.panel",
    null,
    h("h3", null, "Announced in this window (resolved in this order)"),
    h(
      "ol",
      null,
      list.map((a) =>
        h(
          "li",
          { class: a.cancelled ? "cancelled" : "" },
          seatTag(ctx, a.seat),
          `: ${a.name}`,
          a.horse ? [" on ", horseTag(view.state, a.horse)] : null,
          a.other_horse ? [" and ", horseTag(view.state, a.other_horse)] : null,
          a.cancelled ? " (cancelled)" : "",
        ),
      ),
    ),
  );
}

function history(view, ctx) {
  const races = view.state.history || [];
  if (!races.length) return h("p.muted", null, "No race run yet.");
  return h(
    "table.history",
    null,
    h("thead", null, h("tr", null, h("th", null, "Race"), h("th", null, "Finish"), h("th", null, "Paid"))),
    h(
      "tbody",
      null,
      races.map((race) =>
        h(
          "tr",
          { dataset: { race: String(race.race) } },
          h("td", null, String(race.race)),
          h(
            "td",
            null,
            h(
              "span.wt-finish",
              null,
              Object.entries(race.places)
                .sort((a, b) => a[1] - b[1])
                .map(([horse, place]) => h("span.placed", { dataset: { horse, place: String(place) } }, `${ordinal(place)} `, horseTag(view.state, horse))),
            ),
          ),
          h("td", null, race.paid.length ? race.paid.map((p) => `${seatLabel(ctx, p.seat)} ${money(p.amount)}`).join(", ") : "nobody"),
        ),
      ),
    ),
  );
}

function helpLines(view) {
  const st = view.state;
  return [
    h("p.help", null, "Five races. Bet in secret on horse and place (Set the Stakes pays 4x), watch the Start, bet again (Second Bet pays 2x), then race to the line."),
    h("p.help", null, "The track: the horses wait at the gate behind the start/finish line and race clockwise, field 1 first; a horse past the line stands beyond it in finishing order (1st furthest ahead), and on the podium."),
    h("p.help", null, "Every round each player lays a race card face down; the horses move by the sums. Action cards change a round; the first of a race is free, then 3x and 5x the minimum stake."),
    h("p.help", null, `Race cards cost $1,000, then double. Pro-Rule "No chance...": ${st.pro_rules ? "on (show your ticket in Second Bet, one bet pays 8x)" : "off in this race"}.`),
  ];
}

// ------------------------------------------------------------------ render

export function render(view, el, send, ctx) {
  if (!el.classList.contains("wt")) {
    el.replaceChildren();
    el.classList.add("wt");
  }
  fill(part(el, "banner", () => h("div")), banner(view, ctx));
  // While the player types into this very ticket form, a view (another seat
  // committing) must not redraw it under their fingers.
  const acting = part(el, "actions", () => h("div"));
  const st = view.state;
  const form = myTurn(view, ctx) && (st.stage === "set_the_stakes" || st.stage === "second_bet") ? `${st.race}-${st.stage}` : "";
  const typing = form && acting.dataset.form === form && acting.contains(document.activeElement) && document.activeElement.tagName !== "BUTTON";
  if (!typing) {
    fill(acting, actions(view, send, ctx));
    acting.dataset.form = form;
  }
  const board = part(el, "track", () =>
    h("div.panel.wt-track-panel", null, h("h3"), h("div.wt-board"), h("div.wt-below")),
  );
  fill(board.querySelector("h3"), `Track: ${st.track} fields, clockwise`);
  drawTrack(board.querySelector(".wt-board"), view);
  fill(board.querySelector(".wt-below"), legend(view), roundCards(view, ctx));
  fill(part(el, "announced", () => h("div")), announced(view, ctx));
  fill(part(el, "mine", () => h("div")), mine(view, ctx));
  fill(part(el, "players", () => h("div")), players(view, ctx));
  const past = part(el, "history", () => h("details.panel", { open: true }, h("summary", null, "Races"), h("div.body")));
  fill(past.querySelector(".body"), history(view, ctx));
  const help = part(el, "help", () => h("details.panel.how", null, h("summary", null, "How to play"), h("div.body")));
  fill(help.querySelector(".body"), helpLines(view));
}
