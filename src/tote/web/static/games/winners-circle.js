// Winner's Circle: the page (the turn banner, the bet and move buttons, the track,
// the horse cards with their betting areas, the players' money and chips, payouts
// and history) and the exports the table, the replay and winners-circle-sequence.js
// use. The track is drawn in winners-circle-track.js; the horses' colours and names
// come from winners-circle-horses.js.
//
// Everything comes from the view: a face-down chip of another seat arrives as
// null and is drawn as "?"; this page has no other way to know its value.

import { fill, h, keepFocus, part, seatColour, seatLetter, seatName, seatTag } from "../js/ui.js";
import { PLACES, cap, horseColour, horseName, ink, movableHorses, myTurn } from "./winners-circle-horses.js";
import { bettingRound, drawTrack, phaseText } from "./winners-circle-track.js";

export { horseColour };

export const title = "Winner's Circle";
export const scoreLabel = "money";

const SYMBOLS = ["head", "cap", "saddle", "shoe"];
const DIE_FACES = { head: 3, cap: 1, saddle: 1, shoe: 1 };
const PLACE_WORDS = { win: "win", place: "place", show: "show" };

const money = (n) => Number(n).toLocaleString("en");

// ------------------------------------------------------------------ helpers
function chip(value, seat, { mine = false, faceDown = false, title = "" } = {}) {
  const hidden = value === null || value === undefined;
  return h(
    "span.chip",
    {
      class: `${hidden ? "hidden-chip" : ""} ${faceDown ? "face-down" : ""} ${mine ? "mine" : ""}`,
      style: { "--seat": seatColour(seat) },
      title,
      dataset: { seat: String(seat), chip: hidden ? "?" : String(value), letter: seatLetter(seat) },
    },
    hidden ? "?" : String(value),
  );
}

// ------------------------------------------------------------------ sections
let selectedChip = null;

function turnBanner(view, ctx) {
  const st = view.state;
  const turn = view.turn;
  if (view.over) return h("div.turn-banner.over", null, "The game is over: three races run.");
  if (turn.chance || !turn.seats.length) return h("div.turn-banner", null, phaseText(view) + "…");
  const actor = turn.seats[0];
  const mine = myTurn(view, ctx);
  if (st.phase === "bets") {
    return h(
      "div.turn-banner",
      { class: mine ? "mine" : "" },
      mine ? `Your bet: place one of your chips (round ${bettingRound(view)} of ${st.betting_rounds}).` : [seatTag(ctx, actor), ` is placing a chip (round ${bettingRound(view)} of ${st.betting_rounds}).`],
    );
  }
  if (st.phase === "move") {
    return h(
      "div.turn-banner",
      { class: mine ? "mine" : "" },
      mine ? ["You rolled ", h("strong.die-word", null, st.rolled.toUpperCase()), ": choose a face-up horse to move."] : [seatTag(ctx, actor), " rolled ", h("strong.die-word", null, String(st.rolled).toUpperCase()), " and chooses a horse."],
    );
  }
  return h("div.turn-banner", null, [seatTag(ctx, actor), " to act."]);
}

function actions(view, send, ctx) {
  const st = view.state;
  if (!myTurn(view, ctx)) return null;
  const moves = view.legal_moves;
  if (st.phase === "bets") {
    const bets = moves.filter((m) => m.type === "place_bet");
    const chips = [...new Set(bets.map((m) => m.chip))].sort((a, b) => b - a);
    if (!chips.includes(selectedChip)) selectedChip = chips[0];
    const canBet = new Set(bets.filter((m) => m.chip === selectedChip).map((m) => m.horse));
    const mine = new Set(st.bets.filter((b) => b.seat === ctx.seat).map((b) => b.horse));
    return h(
      "div.actions.panel",
      { dataset: { phase: "bets" } },
      h("div.label", null, "1. Your chip"),
      h(
        "div.chip-picker",
        { role: "radiogroup" },
        chips.map((c) =>
          h(
            "button.chip-choice",
            {
              type: "button",
              role: "radio",
              "aria-checked": String(c === selectedChip),
              class: c === selectedChip ? "selected" : "",
              dataset: { chip: String(c) },
              onclick: () => {
                selectedChip = c;
                keepFocus(lastEl, () => render(view, lastEl, send, ctx));
              },
            },
            chip(c, ctx.seat, { mine: true }),
            h("small", null, c === 0 ? "bluff: pays nothing" : c === 2 ? "two bets" : "one bet"),
          ),
        ),
      ),
      h("div.label", null, "2. The horse"),
      h(
        "div.horse-buttons",
        null,
        st.horses.map((horse) =>
          h(
            "button.horse-button",
            {
              type: "button",
              disabled: !canBet.has(horse.name),
              style: { "--horse": horseColour(horse.name), "--ink": ink(horse.name) },
              dataset: { action: "bet", horse: horse.name, chip: String(selectedChip) },
              title: mine.has(horse.name) ? "You already have a chip on this horse" : `Bet your ${selectedChip}-chip on ${horse.name}`,
              onclick: () => send({ type: "place_bet", horse: horse.name, chip: selectedChip }),
            },
            cap(horse.name),
            mine.has(horse.name) ? h("small", null, "your chip") : null,
          ),
        ),
      ),
      h("p.help", null, "A chip is a show bet: it pays if the horse finishes 1st, 2nd or 3rd, and costs 100 per bet if it comes last. One chip per horse."),
    );
  }
  if (st.phase === "move") {
    const horses = moves.filter((m) => m.type === "move_horse").map((m) => m.horse);
    const byName = Object.fromEntries(st.horses.map((x) => [x.name, x]));
    return h(
      "div.actions.panel",
      { dataset: { phase: "move" } },
      h("div.label", null, `Move a horse by its ${st.rolled} value`),
      h(
        "div.horse-buttons",
        null,
        horses.map((name) => {
          const steps = byName[name].card ? byName[name].card[st.rolled] : "?";
          return h(
            "button.horse-button",
            {
              type: "button",
              style: { "--horse": horseColour(name), "--ink": ink(name) },
              dataset: { action: "move", horse: name },
              onclick: () => send({ type: "move_horse", horse: name }),
            },
            cap(name),
            h("small", null, `+${steps}`),
          );
        }),
      ),
      h("p.help", null, "Only face-up horses may move; a moved horse waits until all the others have moved. A horse cannot land on an occupied space: it stops on the first free space behind."),
    );
  }
  return null;
}

function horseCards(view, ctx) {
  const st = view.state;
  const hidden = st.variants && st.variants.hidden_bets;
  const movable = movableHorses(view, ctx);
  return h(
    "div.horse-cards",
    null,
    st.horses.map((horse) => {
      const bets = st.bets.filter((b) => b.horse === horse.name);
      const card = horse.card;
      const status = horse.finished
        ? h("span.badge.place", null, `${PLACES[horse.finished]} (${PLACE_WORDS[horse.finished]})`)
        : card === null
          ? h("span.badge", null, "not drawn yet")
          : horse.face_up
            ? h("span.badge.up", null, "face up")
            : h("span.badge.down", null, "moved: face down");
      return h(
        "article.horse-card",
        {
          class: `${card && !horse.face_up && !horse.finished ? "face-down" : ""} ${horse.finished ? "finished" : ""} ${movable.has(horse.name) ? "movable" : ""}`,
          style: { "--horse": horseColour(horse.name), "--ink": ink(horse.name) },
          dataset: { horse: horse.name },
        },
        h(
          "header",
          null,
          h("span.gate", null, String(horse.gate)),
          h("span.name", null, cap(horse.name)),
          horse.pace_horse ? h("span.badge.pace", { title: "The pace horse pays 100 more per bet if it places" }, "pace") : null,
          status,
        ),
        card
          ? h(
              "div.values",
              null,
              SYMBOLS.map((sym) =>
                h(
                  "div.value",
                  { class: st.rolled === sym ? "rolled" : "" },
                  h("small", null, sym + (DIE_FACES[sym] > 1 ? ` ×${DIE_FACES[sym]}` : "")),
                  h("strong", null, String(card[sym])),
                ),
              ),
            )
          : null,
        card
          ? h("div.where.muted", null, horse.finished ? "crossed the finish line" : `space ${horse.space} · ${horse.to_finish} to go`)
          : null,
        h(
          "div.betting-area",
          { "aria-label": `Chips on ${horse.name}` },
          bets.length
            ? bets.map((b) => chip(b.chip, b.seat, { mine: b.seat === ctx.seat, faceDown: hidden, title: `${seatName(ctx, b.seat)}${b.chip === null ? ": face down" : `: ${b.chip}-chip`}` }))
            : h("span.muted", null, "no chips"),
        ),
      );
    }),
  );
}

function players(view, ctx) {
  const st = view.state;
  const acting = new Set(view.turn.seats);
  const hidden = st.variants && st.variants.hidden_bets;
  const rows = [];
  for (let seat = 0; seat < view.players; seat += 1) {
    const hand = st.chips[seat];
    const placed = st.bets.filter((b) => b.seat === seat);
    rows.push(
      h(
        "tr",
        { class: `${acting.has(seat) ? "acting" : ""} ${seat === ctx.seat ? "me" : ""}`, dataset: { seat: String(seat) } },
        h("td", null, seatTag(ctx, seat)),
        h("td.money", null, money(st.money[seat])),
        h(
          "td.hand",
          null,
          Array.isArray(hand)
            ? hand.length
              ? hand.map((c) => chip(c, seat, { mine: seat === ctx.seat }))
              : h("span.muted", null, "none")
            : h("span.hidden-count", { title: "Face-down chips: only their owner knows them" }, `${hand} hidden`),
        ),
        h(
          "td.placed",
          null,
          placed.length
            ? placed.map((b) => h("span.bet", null, chip(b.chip, seat, { mine: seat === ctx.seat, faceDown: hidden }), h("small", null, b.horse)))
            : h("span.muted", null, "–"),
        ),
      ),
    );
  }
  return h(
    "div.players.panel",
    null,
    h("table", null, h("thead", null, h("tr", null, h("th", null, "Player"), h("th", null, "Money"), h("th", null, "In hand"), h("th.placed", null, "Bets this race"))), h("tbody", null, rows)),
  );
}

function columnCounts(st) {
  const alternative = st.variants && st.variants.alternative_payouts;
  const counts = {};
  for (const horse of st.horses) counts[horse.name] = 0;
  for (const bet of st.bets) {
    if (counts[bet.horse] === null) continue;
    if (alternative) counts[bet.horse] += 1;
    else if (bet.chip === null) counts[bet.horse] = null;
    else counts[bet.horse] += bet.chip;
  }
  return counts;
}

function payoutTable(view) {
  const st = view.state;
  const table = st.payout_table;
  const width = table.win.length;
  const counts = columnCounts(st);
  const alternative = st.variants && st.variants.alternative_payouts;
  const header = [h("th", null, "bets →")];
  for (let i = 1; i <= width; i += 1) header.push(h("th", null, String(i)));
  const row = (name) => h("tr", null, h("th", null, `${PLACES[name]} ${name}`), table[name].map((v) => h("td", null, String(v))));
  const now = Object.entries(counts).filter(([, n]) => n !== 0);
  return [
    h("div.scroll-x.payouts-wide", null, h("table.payouts", null, h("thead", null, h("tr", null, header)), h("tbody", null, row("win"), row("place"), row("show")))),
    // On a phone the same table turned on its side, a row per number of bets, so it
    // fits the screen (issue 27 item 6).
    h(
      "table.payouts.payouts-narrow",
      null,
      h("thead", null, h("tr", null, h("th", null, "Bets"), ["win", "place", "show"].map((name) => h("th", null, `${PLACES[name]} ${name}`)))),
      h(
        "tbody",
        null,
        Array.from({ length: width }, (_, i) => h("tr", null, h("th", null, String(i + 1)), ["win", "place", "show"].map((name) => h("td", null, String(table[name][i]))))),
      ),
    ),
    h(
      "p.help",
      null,
      `Each bet on a horse that places is paid by the column of its number of ${alternative ? "chips (Alternative Payouts)" : "bets"}. `,
      `The pace horse pays +${table.pace_bonus_per_bet} per bet if it places; the last horse costs ${table.last_place_per_bet} per bet. `,
      `Race 3 pays double. A 2-chip is two bets${st.variants && st.variants.hidden_bets ? ", a 0-chip none" : ""}.`,
    ),
    h(
      "p.columns",
      null,
      h("span.label", null, "Column now: "),
      now.length ? now.map(([name, n]) => h("span.col-count", null, horseName(name), ` ${n === null ? "?" : n}`)) : h("span.muted", null, "no bets yet"),
    ),
  ];
}

function payment(p) {
  if (p.reason === "last") {
    return p.amount === 0 ? `owed for last (${p.horse}), had nothing to pay` : `${money(p.amount)} last (${p.horse})`;
  }
  return `+${money(p.amount)} ${p.reason} (${p.horse})`;
}

function history(view, ctx) {
  const races = view.state.history || [];
  if (!races.length) return h("p.muted", null, "No race finished yet.");
  return races.map((race) => {
    const bySeat = {};
    for (const p of race.payments) (bySeat[p.seat] ||= []).push(p);
    return h(
      "div.race",
      { dataset: { race: String(race.race) } },
      h(
        "div.race-head",
        null,
        h("strong", null, `Race ${race.race}`),
        race.multiplier !== 1 ? h("small", null, ` (×${race.multiplier})`) : null,
        ": ",
        h("span", null, "1st ", horseName(race.win), ", 2nd ", horseName(race.place), ", 3rd ", horseName(race.show)),
        h("span.muted", null, `; last ${race.last.join(", ")}; pace horse ${race.pace_horse || "none"}`),
      ),
      h(
        "ul.payments",
        null,
        Object.keys(race.money).map((seatKey) => {
          const seat = Number(seatKey);
          const lines = bySeat[seat] || [];
          const bets = (race.bets || []).filter((b) => b.seat === seat);
          return h(
            "li",
            { dataset: { seat: String(seat) } },
            seatTag(ctx, seat),
            ": ",
            lines.length ? lines.map(payment).join(", ") : "nothing",
            h("span.muted", null, ` → ${money(race.money[seat])}`),
            bets.length ? h("div.race-bets.muted", null, "bets: ", bets.map((b) => `${b.chip} on ${b.horse}`).join(", ")) : null,
          );
        }),
      ),
    );
  });
}

function helpLines(view) {
  const st = view.state;
  const hidden = st.variants && st.variants.hidden_bets;
  const active = Object.entries(st.variants || {})
    .filter(([, on]) => on)
    .map(([name]) => name.replace(/_/g, " "));
  return [
    h(
      "p.help",
      null,
      `Three races. Before each, everyone places ${st.betting_rounds} chips on different horses${hidden ? " face down (0, 1, 1, 2: the 0 is a bluff)" : ""}. `,
      "Then, in turn, each player rolls the die and moves one face-up horse by that horse's value for the symbol. ",
      "The first three across the line pay the bets on them; most money after three races wins.",
    ),
    h("p.help", null, "The die shows HEAD on 3 of its 6 sides, CAP, SADDLE and SHOE on one each."),
    active.length ? h("p.help", null, `Variants: ${active.join(", ")}.`) : null,
  ];
}

// ------------------------------------------------------------------ render
let lastEl = null;

export function render(view, el, send, ctx) {
  lastEl = el;
  if (!el.classList.contains("wc")) {
    el.replaceChildren();
    el.classList.add("wc");
  }
  fill(part(el, "banner", () => h("div")), turnBanner(view, ctx));
  fill(part(el, "actions", () => h("div")), actions(view, send, ctx));
  const board = part(el, "board", () => h("div.board"));
  drawTrack(board, view, ctx);
  fill(part(el, "cards", () => h("div")), horseCards(view, ctx));
  fill(part(el, "players", () => h("div")), players(view, ctx));
  const payouts = part(el, "payouts", () => h("details.panel", null, h("summary", null, "Payout table"), h("div.body")));
  fill(payouts.querySelector(".body"), payoutTable(view));
  const past = part(el, "history", () => h("details.panel", { open: true }, h("summary", null, "Race history"), h("div.body")));
  fill(past.querySelector(".body"), history(view, ctx));
  const help = part(el, "help", () => h("details.panel.how", null, h("summary", null, "How to play"), h("div.body")));
  fill(help.querySelector(".body"), helpLines(view));
}
