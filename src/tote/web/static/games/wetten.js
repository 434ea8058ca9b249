// Wetten!: the track, the betting tickets, race cards and action cards, the players
// and past races.
//
// Everything comes from the view: another seat's hand, action cards and face-down
// tickets never reach this page (the server sends each seat its own view); a ticket
// or a race card laid this round shows only as "committed" until all are in.

import { fill, h, plural, seatLabel, seatTag } from "../js/ui.js";

export const title = "Wetten!";
export const scoreLabel = "$";

const PLACES = [1, 2, 3, 4];
const WINDOWS = {
  stakes: "before the Set the Stakes tickets",
  start_before: "Start, before the race cards are laid",
  start: "Start, race cards revealed",
  second_bet: "Second Bet",
  neck_and_neck: "Neck-and-Neck, race cards revealed",
};

const money = (n) => `$${Number(n).toLocaleString("en")}`;

function myTurn(view, ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && !view.over && view.turn.seats.includes(ctx.seat);
}

function horseNames(st) {
  return st.horses.map((horse) => horse.name);
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
    "table.ticket",
    null,
    h("thead", null, h("tr", null, h("th", null, "Horse"), PLACES.map((p) => h("th", null, `${p}.`)))),
    h(
      "tbody",
      null,
      names.map((name) =>
        h(
          "tr",
          null,
          h("th", null, name),
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

function describeMove(move, view) {
  const st = view.state;
  switch (move.type) {
    case "pass":
      return "Pass";
    case "buy_race_card":
      return `Buy a race card (${money(st.card_price[view.seat])})`;
    case "no_chance":
      return `No chance…: show your ticket, ${move.horse} ${move.place}. at 8x`;
    case "play_action_card": {
      const card = (st.action_cards || []).find((c) => c.card === move.card);
      const name = card ? card.name : move.card;
      const target = [move.horse, move.other_horse, move.place ? `${move.place}.` : null, move.opponent !== null && move.opponent !== undefined ? `player ${move.opponent + 1}` : null].filter(Boolean).join(" ");
      const fee = st.action_fee[view.seat];
      return `${name}${target ? ` on ${target}` : ""}${fee ? ` (fee ${money(fee)})` : ""}`;
    }
    default:
      return move.type.replace(/_/g, " ");
  }
}

function actions(view, send, ctx) {
  const st = view.state;
  if (!myTurn(view, ctx)) return null;
  if (st.stage === "set_the_stakes" || st.stage === "second_bet") return ticketForm(view, send, ctx);
  const moves = view.legal_moves || [];
  if (st.stage === "play" || st.stage === "resolve") {
    const keep = st.stage === "resolve";
    const pool = keep ? st.looking_at || [] : st.hand || [];
    const values = Object.fromEntries(pool.map((c) => [c.card, c.values]));
    return h(
      "div.actions.panel",
      { dataset: { phase: st.stage } },
      h(
        "div.move-buttons",
        null,
        moves.map((move) =>
          h(
            "button",
            { type: "button", dataset: { action: keep ? "keep-card" : "play-card", card: move.card || "" }, onclick: () => send(move) },
            move.card ? `${move.card}: ${cardValues(values[move.card] || [], st)}` : "No card to lay",
          ),
        ),
      ),
    );
  }
  return h(
    "div.actions.panel",
    { dataset: { phase: "window" } },
    h(
      "div.move-buttons",
      null,
      moves.map((move) =>
        h(
          "button",
          { type: "button", class: move.type === "pass" ? "primary" : "", dataset: { action: move.type.replace(/_/g, "-") }, onclick: () => send(move) },
          describeMove(move, view),
        ),
      ),
    ),
  );
}

function track(view) {
  const st = view.state;
  return h(
    "div.panel.wt-track",
    null,
    h("h3", null, `Track: ${st.track} fields, clockwise`),
    st.horses.map((horse) => {
      const share = Math.min(100, Math.round((100 * horse.position) / (st.track + 1)));
      return h(
        "div.wt-lane",
        { dataset: { horse: horse.name } },
        h("span.wt-name", null, `#${horse.number} ${horse.name}`),
        h("span.wt-bar", null, h("span.wt-fill", { style: { width: `${share}%` } })),
        h("span.wt-pos", null, `${horse.position}/${st.track}`),
        horse.place ? h("span.badge.place", null, `${horse.place}.`) : h("span.muted", null, horse.moved ? `+${horse.moved}` : ""),
      );
    }),
    st.revealed && st.revealed.length && st.stage !== "deal"
      ? h("p.help", null, "Cards this round: ", st.revealed.map((r) => (r.values ? `${r.card} (${cardValues(r.values, st)})` : "none")).join("; "))
      : null,
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
        h("td", null, `${money(ticket.stakes_total)} + ${money(ticket.second_total)}`, ticket.no_chance ? h("span.badge", null, `8x ${ticket.no_chance.horse} ${ticket.no_chance.place}.`) : null),
        h("td", null, `${money(st.card_price[seat])} · ${fee === null ? "–" : fee ? money(fee) : "free"}`),
      ),
    );
  }
  return h(
    "div.players.panel",
    null,
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
  return h(
    "div.panel.wt-mine",
    null,
    h("h3", null, "Your cards and tickets"),
    h("p", null, h("strong", null, "Race cards: "), st.hand.length ? st.hand.map((c) => `${c.card} (${cardValues(c.values, st)})`).join("; ") : "none"),
    h(
      "ul.wt-actions",
      null,
      (st.action_cards || []).map((c) => h("li", { dataset: { card: c.card } }, h("strong", null, c.name), ` (${c.when.join(", ")}): ${c.text}`)),
    ),
    h("p", null, h("strong", null, "Set the Stakes: "), cells(ticket.set_the_stakes), ticket.no_chance ? ` (8x on ${ticket.no_chance.horse} ${ticket.no_chance.place}.)` : ""),
    h("p", null, h("strong", null, "Second Bet: "), cells(ticket.second_bet)),
    st.insider_tip ? h("p", null, h("strong", null, `Insider Tip, player ${st.insider_tip.opponent + 1}: `), st.insider_tip.cards.map((c) => `${c.card} (${cardValues(c.values, st)})`).join("; ")) : null,
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
      list.map((a) => h("li", null, `${seatLabel(ctx, a.seat)}: ${a.name}${a.horse ? ` on ${a.horse}` : ""}${a.other_horse ? ` and ${a.other_horse}` : ""}`)),
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
            Object.entries(race.places)
              .sort((a, b) => a[1] - b[1])
              .map(([horse, place]) => `${place}. ${horse}`)
              .join(", "),
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
    h("p.help", null, "Every round each player lays a race card face down; the horses move by the sums. Action cards change a round; the first of a race is free, then 3x and 5x the minimum stake."),
    h("p.help", null, `Race cards cost $1,000, then double. Pro-Rule "No chance...": ${st.pro_rules ? "on (show your ticket in Second Bet, one bet pays 8x)" : "off in this race"}.`),
  ];
}

// ------------------------------------------------------------------ render
function section(el, name, make) {
  let node = el.querySelector(`:scope > [data-part="${name}"]`);
  if (!node) {
    node = make();
    node.dataset.part = name;
    el.append(node);
  }
  return node;
}

export function render(view, el, send, ctx) {
  if (!el.classList.contains("wt")) {
    el.replaceChildren();
    el.classList.add("wt");
  }
  fill(section(el, "banner", () => h("div")), banner(view, ctx));
  // While the player types into this very ticket form, a view (another seat
  // committing) must not redraw it under their fingers.
  const acting = section(el, "actions", () => h("div"));
  const st = view.state;
  const form = myTurn(view, ctx) && (st.stage === "set_the_stakes" || st.stage === "second_bet") ? `${st.race}-${st.stage}` : "";
  const typing = form && acting.dataset.form === form && acting.contains(document.activeElement) && document.activeElement.tagName !== "BUTTON";
  if (!typing) {
    fill(acting, actions(view, send, ctx));
    acting.dataset.form = form;
  }
  fill(section(el, "track", () => h("div")), track(view));
  fill(section(el, "announced", () => h("div")), announced(view, ctx));
  fill(section(el, "mine", () => h("div")), mine(view, ctx));
  fill(section(el, "players", () => h("div")), players(view, ctx));
  const past = section(el, "history", () => h("details.panel", { open: true }, h("summary", null, "Races"), h("div.body")));
  fill(past.querySelector(".body"), history(view, ctx));
  const help = section(el, "help", () => h("details.panel.how", null, h("summary", null, "How to play"), h("div.body")));
  fill(help.querySelector(".body"), helpLines(view));
}

// ------------------------------------------------------------------ the log
export function describeEvent(event, ctx) {
  const who = (seat) => seatLabel(ctx, seat);
  switch (event.kind) {
    case "race":
      return `Race ${event.race} begins (minimum stake ${money(event.minimum_stake)}).`;
    case "dealt":
      return Array.isArray(event.race_cards) ? `You are dealt ${event.race_cards.join(", ")} and ${event.action_cards.join(", ")}.` : "The cards are shuffled and dealt.";
    case "race_card_drawn":
      return `${who(event.seat)} draws a race card (${event.reason})${event.card ? `: ${event.card}` : ""}.`;
    case "race_card_bought":
      return `${who(event.seat)} buys a race card for ${money(event.price)}.`;
    case "tickets":
      return `${event.ticket === "set_the_stakes" ? "Set the Stakes" : "Second Bet"} tickets lie face down: ${event.totals.map((t, s) => `${who(s)} ${money(t)}`).join(", ")}.`;
    case "window":
      return `Action window: ${WINDOWS[event.timing] || event.timing}.`;
    case "pass":
      return `${who(event.seat)} passes.`;
    case "action_announced":
      return `${who(event.seat)} announces ${event.name}${event.horse ? ` on ${event.horse}` : ""}${event.fee ? ` (fee ${money(event.fee)})` : ""}.`;
    case "action_resolved":
      return `${event.name} of ${who(event.seat)} takes effect.`;
    case "action_cancelled":
      return `${event.name} of ${who(event.seat)} is cancelled.`;
    case "no_chance":
      return `${who(event.seat)} shows the ticket (${cells(event.bets)}) and marks ${event.marked.horse} ${event.marked.place}. at 8x.`;
    case "race_cards_revealed":
      return `Round ${event.round}: the cards are revealed.`;
    case "horses_moved":
      return `The horses move ${event.movement.join(", ")}.`;
    case "payout":
      return `Race ${event.race} paid: ${event.paid.length ? event.paid.map((p) => `${who(p.seat)} ${money(p.amount)}`).join(", ") : "nobody wins"}${event.ended_early ? ". The bank cannot pay every win: the game ends." : "."}`;
    case "reshuffled":
      return `The discards are reshuffled (${plural(event.cards, "card")}).`;
    case "paddock_tip_kept":
      return `${who(event.seat)} keeps a looked-at card${event.card ? ` (${event.card})` : ""}.`;
    case "no_card_left":
      return `No race card is left for ${who(event.seat)}.`;
    case "game_over":
      return "The game is over.";
    case "committed":
      return `${who(event.seat)} has committed a secret move.`;
    default:
      return null;
  }
}

