// Wetten!: the page (the turn banner, what one may do now, the track, one's race
// cards, action cards and tickets, the players and past races) and the exports the
// table, the replay and wetten-sequence.js use. The track is drawn in wetten-track.js,
// the cards in wetten-cards.js, the tickets in wetten-tickets.js, the horses' colours
// and tags come from wetten-horses.js.
//
// Everything comes from the view: another seat's hand, action cards and face-down
// tickets never reach this page (the server sends each seat its own view); a ticket
// or a race card laid this round shows only as "committed" until all are in.

import { fill, h, ordinal, part, seatLabel, seatTag, seatTags } from "../js/ui.js";
import { actionCard, backCard, raceCard } from "./wetten-cards.js";
import { horseTag, money, myTurn } from "./wetten-horses.js";
import { ticketForm, ticketGrid, ticketRefused } from "./wetten-tickets.js";
import { drawTrack, legend } from "./wetten-track.js";

export { finishSpot } from "./wetten-track.js";

export const title = "Wetten!";

/** A refused ticket is said on its form, beside the field at fault (issue 27 item 4). */
export function refused(rule, message, el, view) {
  return ticketRefused(rule, message, el, view);
}
export const scoreLabel = "$";
/** Money at the end as on the board: "$12,000", never "12,000 $" (issue 27 item 7). */
export const formatScore = money;

const WINDOWS = {
  stakes: "before the Set the Stakes tickets",
  start_before: "Start, before the race cards are laid",
  start: "Start, race cards revealed",
  second_bet: "Second Bet",
  neck_and_neck: "Neck-and-Neck, race cards revealed",
};

// ------------------------------------------------------------------ sections
function banner(view, ctx) {
  const st = view.state;
  if (view.over) return h("div.turn-banner.over", null, st.ended_early ? "The game is over: the bank could not pay every win." : "The game is over: five races run.");
  const mine = myTurn(view, ctx);
  const waiting = view.turn.seats.filter((s) => s !== ctx.seat);
  const others = waiting.length ? [" Waiting for ", seatTags(ctx, waiting)] : null;
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
