// Horse Fever: the track with the six horses, the Blackboard's odds rows, one's own
// character, cards and hand, what one may do now (purchases, bets with amounts,
// race-fixing face down, auctions), the others' public actions and past races.
// One page for the three modes: the Board Game, the Family Game and the Party Game.
//
// Everything comes from the view: another seat's Action cards arrive as null (drawn
// face down), its Targets as a count, and a secret Party Game bet only as "committed";
// this page has no other way to know them. Card names and meanings come with the
// view, for the cards it shows.

import { fill, h, keepFocus, ordinal, part, s, seatColour, seatLabel, seatLetter, seatTag, toast } from "../js/ui.js";

export const title = "Horse Fever";
/** The result's unit: VP in the Board and Family Games, Danari in the Party Game. */
export let scoreLabel = "VP";

const LANES = ["black", "blue", "green", "red", "yellow", "white"];
const HORSE = { black: "#2b2b2b", blue: "#1f6feb", green: "#23793b", red: "#d62828", yellow: "#f4c430", white: "#f4f4f0" };
const LIGHT = new Set(["yellow", "white"]);
const ODDS_ROWS = [2, 3, 4, 5, 6, 7];
const PHASES = {
  setup_stables: "Preparation: the Stable tokens go on the Blackboard",
  setup_characters: "Preparation: Characters are dealt",
  setup_first_player: "Preparation: who is First Player?",
  copy_assistant: "Purchase Phase: Cédric Copieur copies an Assistant",
  purchase: "Purchase Phase",
  draw: "Drawing cards",
  keep: "Purchase Phase: keep one card",
  offer: "Purchase Phase: an offer to buy",
  lineup: "Starting lineup of Horse cards",
  first_bet: "Betting: first bet",
  race_fixing: "Race-fixing: Action cards face down",
  second_bet: "Betting: second bet",
  secret_bet: "Secret bets",
  change_odds: "Eric Change moves the odds",
  movement: "The race",
  sprint: "The race: sprint",
  photo_finish: "Photo finish",
  dutch_auction: "Dutch auction: the Bank buys one VP",
  english_auction: "English auction: the Bank sells one VP",
  over: "Final stage",
};
const DECK_NAMES = { action: "Action", target: "Target", assistant: "Assistant", horse: "Horse" };

const cap = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);
const money = (n) => `${Number(n).toLocaleString("en")} D`;
const ink = (colour) => (LIGHT.has(colour) ? "#222" : "#fff");

function canAct(view, ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && !view.over && view.turn.seats.includes(ctx.seat);
}

/** Names of the cards this page has been shown (a log entry may name a card the view
 *  no longer shows, such as one drawn and put back). */
const seenNames = {};

function cardName(view, id) {
  const info = view.state.cards && view.state.cards[id];
  return info ? info.name : seenNames[id] || id;
}

function horseName(colour) {
  return h("span.horse-name", { style: { "--horse": HORSE[colour] || "#888" } }, h("span.horse-swatch"), cap(colour));
}

// ------------------------------------------------------------------ the track
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

function laneY(i) {
  return TRACK.top + i * TRACK.lane;
}

function squareX(square) {
  return TRACK.left + square * TRACK.square;
}

function buildTrack(finish) {
  const width = squareX(finish + AFTER) + 6;
  const height = laneY(6) + 8;
  const cells = [];
  LANES.forEach((colour, i) => {
    const y = laneY(i);
    cells.push(s("rect.lane-bg", { x: String(TRACK.left), y: String(y), width: String(squareX(finish + AFTER) - TRACK.left), height: String(TRACK.lane - 2), rx: "4" }));
    for (let k = 1; k <= finish; k += 1) {
      cells.push(s("rect.square", { x: String(squareX(k - 1) + 1), y: String(y + 2), width: String(TRACK.square - 2), height: String(TRACK.lane - 6), rx: "3" }));
    }
  });
  const numbers = [];
  for (let k = 1; k <= finish; k += 1) {
    numbers.push(s("text.square-no", { x: String(squareX(k - 1) + TRACK.square / 2), y: String(TRACK.top - 8) }, String(k)));
  }
  const line = squareX(finish);
  return s(
    "svg.hf-track",
    { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "The race track: six lanes, the finish line after square " + finish },
    s("rect.turf", { x: "0", y: "0", width: String(width), height: String(height), rx: "12" }),
    s("g.cells", null, cells),
    s("g.numbers", null, numbers),
    s("rect.finish", { x: String(line - 2), y: String(TRACK.top - 2), width: "5", height: String(6 * TRACK.lane + 2) }),
    s("text.finish-label", { x: String(line + 2), y: String(TRACK.top - 8) }, "finish"),
    s("g.labels"),
    s("g.cards"),
    s("g.horses"),
  );
}

function drawTrack(holder, view, ctx) {
  const st = view.state;
  const finish = st.race.finish_line;
  let svg = holder.querySelector("svg.hf-track");
  if (!svg || svg.dataset.finish !== String(finish)) {
    svg = buildTrack(finish);
    svg.dataset.finish = String(finish);
    fill(holder, svg);
  }
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
      const x = squareX(finish + FINISH_AREA) + 3 + j * 7;
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
      const x = squareX(finish + AFTER) - 9 - (shown.length - 1 - k) * 15;
      cards.push(
        s(
          "g.lane-bet",
          { transform: `translate(${x} ${laneY(i) + 25})`, "data-seat": String(bet.seat) },
          s("circle", { r: "7", fill: seatColour(bet.seat) }),
          s("text", { y: "3" }, `${seatLetter(bet.seat)}${bet.bet === "win" ? "W" : "S"}`),
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
    const x = stable.position === 0 ? TRACK.left + 12 : past ? squareX(finish) + pastTheLine(stable.place) : squareX(stable.position) - TRACK.square / 2;
    token.style.transform = `translate(${x.toFixed(1)}px, ${(laneY(i) + TRACK.lane / 2 - 1).toFixed(1)}px)`;
    token.querySelector("text.place").textContent = stable.place ? ordinal(stable.place) : "";
    token.classList.toggle("placed", Boolean(stable.place));
    token.querySelector("title").textContent = `${cap(colour)} on square ${stable.position}${stable.place ? `, ${ordinal(stable.place)}` : ""}`;
  });
}

/** The Blackboard: odds rows 1:2 .. 1:7 with their Stable tokens, prices and the
 *  squares the Movement card shown gives each row. */
function blackboard(view) {
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
  return s(
    "svg.hf-blackboard",
    { viewBox: `0 0 ${width} 78`, role: "img", "aria-label": "The Blackboard: odds rows" },
    s("rect.board-bg", { x: "0", y: "0", width: String(width), height: "78", rx: "8" }),
    rows,
  );
}

function raceLine(view) {
  const st = view.state;
  const race = st.race;
  const bits = [];
  if (race.movement_card) bits.push(`Movement card ${race.movement_card} (unit ${race.unit})`);
  if (race.dice) bits.push(h("span", null, "Sprint dice: ", horseName(race.dice[0]), " ", horseName(race.dice[1])));
  if (race.ranking.length) bits.push(h("span", null, "Placed: ", race.ranking.map((c, i) => [i ? ", " : "", `${ordinal(i + 1)} `, horseName(c)])));
  if (!bits.length) return h("p.help.race-line", null, st.mode === "board" && (st.phase === "purchase" || st.phase === "keep") ? "Blackboard: bottom numbers are the Stable prices." : "The horses wait at the start.");
  return h("p.race-line", null, bits.map((b, i) => [i ? " · " : "", b]));
}

// ------------------------------------------------------------------ banner
function phaseName(st) {
  if (st.mode === "party" && st.phase === "race_fixing") return "Race-fixing: everyone plays a card face down at once";
  return PHASES[st.phase] || st.phase;
}

function banner(view, ctx) {
  const st = view.state;
  const turn = view.turn;
  const round = `${st.mode === "party" ? "Race" : "Round"} ${st.round} of ${st.rounds}`;
  if (view.over) return h("div.turn-banner.over", null, `The game is over after ${st.mode === "party" ? "race" : "round"} ${st.round}.`);
  if (turn.chance || !turn.seats.length) return h("div.turn-banner", null, `${round} · ${phaseName(st)}…`);
  const mine = canAct(view, ctx);
  if (turn.simultaneous) {
    const waiting = turn.seats.filter((seat) => seat !== ctx.seat);
    const mineDone = view.my_commitment !== null && view.my_commitment !== undefined;
    const what = st.phase === "secret_bet" ? "bet" : "card";
    return h(
      "div.turn-banner",
      { class: mine ? "mine" : "" },
      `${round} · `,
      mine ? `Your secret ${what}: the others see only that you are done.` : mineDone ? `Your ${what} is in (secret until everyone is done). Waiting for ` : `${phaseName(st)}: waiting for `,
      mine ? null : [waiting.slice(0, 6).map((seat, i) => [i ? ", " : "", seatTag(ctx, seat)]), waiting.length > 6 ? ` and ${waiting.length - 6} more` : "", "."],
    );
  }
  const actor = turn.seats[0];
  return h(
    "div.turn-banner",
    { class: mine ? "mine" : "" },
    `${round} · ${phaseName(st)}: `,
    mine ? yourTurnText(view) : [seatTag(ctx, actor), " to act."],
  );
}

function yourTurnText(view) {
  const st = view.state;
  const me = st.players[view.seat];
  switch (st.phase) {
    case "purchase":
      return `your purchase (step ${st.purchase_step} of 2).`;
    case "keep":
      return "keep one of the cards you drew.";
    case "offer":
      return `${view.state.offer ? `seat ${view.state.offer.buyer + 1}` : "a player"} wants to buy from you.`;
    case "first_bet":
      return `your bet, at least ${money(me.minimum_bet)}.`;
    case "second_bet":
      return "a second bet, or skip.";
    case "race_fixing":
      return "play an Action card face down behind a horse.";
    case "photo_finish":
      return "you order the tied horses.";
    case "dutch_auction":
      return `sell one VP to the Bank for ${money(st.auction.price)}?`;
    case "english_auction":
      return `buy one VP from the Bank for ${money(st.auction.price)}?`;
    default:
      return "your move.";
  }
}

// ------------------------------------------------------------------ actions
let selectedCard = null;
let betChoice = { stable: null, bet: "win" };
let betAmount = null;

function moveButton(label, move, send, { primary = false, title = "", small = "", disabled = false, colour = null } = {}) {
  return h(
    `button${primary ? ".primary" : ""}${colour ? ".horse-button" : ""}`,
    {
      type: "button",
      title,
      disabled,
      style: colour ? { "--horse": HORSE[colour], "--ink": ink(colour) } : undefined,
      dataset: { action: move.type, move: JSON.stringify(move) },
      onclick: () => send(move),
    },
    label,
    small ? h("small", null, small) : null,
  );
}

function purchaseActions(view, send) {
  const st = view.state;
  const moves = view.legal_moves;
  const price = 400;
  const groups = [];
  const simple = [];
  for (const m of moves) {
    if (m.type === "pass") simple.push(moveButton("Pass", m, send, { small: "+400 D from the Bank" }));
    else if (m.type === "buy_action_cards") simple.push(moveButton("2 Action cards", m, send, { small: `${price} D` }));
    else if (m.type === "buy_card") simple.push(moveButton(`${DECK_NAMES[m.deck]} card`, m, send, { small: `draw 4, keep 1 · ${price} D` }));
    else if (m.type === "take_loan") simple.push(moveButton(`${cap(m.side)} loan`, m, send, { small: m.side === "bank" ? "+2,000, repay 2,500" : "+4,000, repay 5,000" }));
  }
  groups.push(h("div.hf-buttons", null, simple));
  const stables = moves.filter((m) => m.type === "buy_stable");
  if (stables.length) {
    groups.push(h("div.label", null, "Buy a Stable"));
    groups.push(
      h(
        "div.horse-buttons",
        null,
        stables.map((m) => {
          const stable = st.stables.find((x) => x.stable === m.stable);
          return moveButton(cap(m.stable), m, send, { colour: m.stable, small: `1:${stable.odds} · ${stable.price} D` });
        }),
      ),
    );
  }
  const offers = moves.filter((m) => m.type === "buy_from_player");
  if (offers.length) {
    const select = h(
      "select.offer-select",
      { "aria-label": "Card to buy from a player" },
      offers.map((m, i) => h("option", { value: String(i) }, `${cardLabel(view, m.card)} from seat ${m.seller + 1}`)),
    );
    groups.push(h("div.label", null, "Buy from a player (twice the card's value, if they agree)"));
    groups.push(
      h(
        "div.row.offer-row",
        null,
        select,
        h("button", { type: "button", dataset: { action: "buy_from_player" }, onclick: () => send(offers[Number(select.value)]) }, "Offer"),
      ),
    );
  }
  return [h("p.help", null, `Step ${st.purchase_step} of 2. One purchase of each kind per phase; two Action cards may be bought in both steps.`), groups];
}

function cardLabel(view, card) {
  if (LANES.includes(card)) return `the ${card} Stable`;
  if (card === "target") return "a Target card";
  return cardName(view, card);
}

function cardTile(view, id, { selected = false, onclick = null, action = null } = {}) {
  const info = (view.state.cards && view.state.cards[id]) || { name: id, kind: "", text: "" };
  const kind = info.kind.split(" ")[0];
  return h(
    onclick ? "button.hf-card" : "div.hf-card",
    {
      type: onclick ? "button" : undefined,
      class: `${kind} ${selected ? "selected" : ""}`,
      "aria-pressed": onclick ? String(selected) : undefined,
      dataset: { card: id, action: action || undefined },
      onclick: onclick || undefined,
    },
    h("strong.card-name", null, info.name),
    h("small.card-kind", null, `${id} · ${info.kind}`),
    info.text ? h("span.card-text", null, info.text) : null,
  );
}

function betKinds(view, colour) {
  const st = view.state;
  const stable = st.stables.find((x) => x.stable === colour);
  if (!stable || !stable.bet_tokens_left) return [];
  const taken = new Set(st.bets.filter((b) => b.seat === view.seat && b.stable === colour).map((b) => b.bet));
  return ["win", "show"].filter((k) => !taken.has(k));
}

function betForm(view, send, ctx) {
  const st = view.state;
  const me = st.players[ctx.seat];
  const minimum = me.minimum_bet;
  const open = LANES.filter((c) => betKinds(view, c).length);
  if (!open.includes(betChoice.stable)) betChoice = { stable: open[0] || null, bet: "win" };
  if (betChoice.stable && !betKinds(view, betChoice.stable).includes(betChoice.bet)) betChoice.bet = betKinds(view, betChoice.stable)[0];
  const amount = h("input.bet-amount", {
    type: "number",
    min: String(minimum),
    max: String(me.danari),
    step: "100",
    inputmode: "numeric",
    value: String(betAmount !== null && betAmount >= minimum && betAmount <= me.danari ? betAmount : minimum),
    "aria-label": "Stake in Danari",
    oninput: (e) => {
      betAmount = Math.trunc(Number(e.currentTarget.value || 0));
    },
  });
  const kindButtons = ["win", "show"].map((kind) =>
    h(
      "button.kind-choice",
      {
        type: "button",
        class: betChoice.bet === kind ? "selected" : "",
        "aria-pressed": String(betChoice.bet === kind),
        disabled: !betChoice.stable || !betKinds(view, betChoice.stable).includes(kind),
        dataset: { kind },
        onclick: (e) => {
          betChoice.bet = kind;
          for (const b of e.currentTarget.parentNode.children) {
            b.classList.toggle("selected", b.dataset.kind === kind);
            b.setAttribute("aria-pressed", String(b.dataset.kind === kind));
          }
        },
      },
      kind === "win" ? "To Win" : "To Show",
      h("small", null, kind === "win" ? "1st: stake × odds" : "1st–3rd: stake × 2"),
    ),
  );
  const horses = st.stables.map((stable) =>
    h(
      "button.horse-button.bet-horse",
      {
        type: "button",
        disabled: !open.includes(stable.stable),
        class: betChoice.stable === stable.stable ? "selected" : "",
        "aria-pressed": String(betChoice.stable === stable.stable),
        style: { "--horse": HORSE[stable.stable], "--ink": ink(stable.stable) },
        dataset: { stable: stable.stable },
        onclick: () => {
          betChoice.stable = stable.stable;
          if (!betKinds(view, stable.stable).includes(betChoice.bet)) betChoice.bet = betKinds(view, stable.stable)[0];
          rerender();
        },
      },
      cap(stable.stable),
      h("small", null, `1:${stable.odds}${st.mode === "party" ? "" : ` · ${stable.bet_tokens_left} left`}`),
    ),
  );
  const secret = st.phase === "secret_bet";
  const form = h(
    "form.panel.actions.hf-bet",
    {
      dataset: { phase: st.phase },
      onsubmit: (e) => {
        e.preventDefault();
        if (!betChoice.stable) {
          toast("Choose the horse to bet on first.", "info", "No horse yet");
          return;
        }
        const value = Math.trunc(Number(amount.value || 0));
        send({ type: "place_bet", stable: betChoice.stable, bet: betChoice.bet, amount: value });
      },
    },
    h("h3", null, secret ? "Your secret bet" : st.phase === "first_bet" ? "Your first bet (mandatory)" : "Your second bet (optional)"),
    h("div.label", null, "1. The horse"),
    h("div.horse-buttons", null, horses),
    h("div.label", null, "2. Win or Show"),
    h("div.kind-picker", null, kindButtons),
    h("label.amount", null, h("span.label", null, `3. Stake (${money(minimum)} to ${money(me.danari)}, in 100s)`), amount),
    h(
      "div.bet-buttons",
      null,
      h("button.primary", { type: "submit", dataset: { action: "place_bet" }, disabled: !betChoice.stable }, secret ? "Bet in secret" : "Place bet"),
      st.phase === "second_bet" ? moveButton("Skip", { type: "skip_bet" }, send) : null,
    ),
    h(
      "p.help",
      null,
      secret
        ? "Everyone bets at once; bets show when all are in. Win pays stake × odds, Show (1st to 3rd) pays stake × 2."
        : `Win pays stake × odds and 3 VP; Show (1st to 3rd) pays stake × 2 and 1 VP. ${st.phase === "second_bet" ? "On the same horse only the other kind." : ""}`,
    ),
  );
  return form;
}

function fixingActions(view, send) {
  const st = view.state;
  const moves = view.legal_moves.filter((m) => m.type === "play_action_card");
  const hand = [...new Set(moves.map((m) => m.card))];
  if (!hand.includes(selectedCard)) selectedCard = hand[0];
  return [
    h("div.label", null, "1. A card from your hand"),
    h(
      "div.hf-hand",
      null,
      hand.map((id) =>
        cardTile(view, id, {
          selected: id === selectedCard,
          onclick: () => {
            selectedCard = id;
            rerender();
          },
        }),
      ),
    ),
    h("div.label", null, "2. Face down behind the horse"),
    h(
      "div.horse-buttons",
      null,
      st.stables.map((stable) => moveButton(cap(stable.stable), { type: "play_action_card", card: selectedCard, stable: stable.stable }, send, { colour: stable.stable, small: `1:${stable.odds}` })),
    ),
    h("p.help", null, st.mode === "party" ? "Everyone plays at once; the lanes show when all are down, the cards at the race." : "The others see only the lane; the cards are shown when the race starts. Cards of the same letter on one horse cancel out."),
  ];
}

function actions(view, send, ctx) {
  const st = view.state;
  if (!canAct(view, ctx)) return null;
  const moves = view.legal_moves;
  if (moves === null) return betForm(view, send, ctx);
  let body;
  switch (st.phase) {
    case "purchase":
      body = purchaseActions(view, send);
      break;
    case "race_fixing":
      body = fixingActions(view, send);
      break;
    case "keep":
    case "copy_assistant":
      body = h(
        "div.hf-hand",
        null,
        moves.map((m) => cardTile(view, m.card, { action: m.type, onclick: () => send(m) })),
      );
      break;
    case "offer": {
      const offer = st.offer;
      body = [
        h("p", null, `Seat ${offer.buyer + 1} offers ${money(offer.price)} for ${cardLabel(view, offer.card)}.`),
        h(
          "div.hf-buttons",
          null,
          moves.map((m) => (m.card === null ? moveButton("Refuse", m, send) : moveButton(`Sell ${cardLabel(view, m.card)}`, m, send, { primary: true }))),
        ),
      ];
      break;
    }
    case "lineup":
      body = h(
        "div.hf-buttons",
        null,
        moves.map((m) => (m.type === "end_lineup" ? moveButton("No (more) horses", m, send) : moveButton(`${cardName(view, m.card)} on ${m.stable}`, m, send, { colour: m.stable }))),
      );
      break;
    case "photo_finish":
      body = [h("p.help", null, "These horses tie: name the one placed first."), h("div.horse-buttons", null, moves.map((m) => moveButton(cap(m.stable), m, send, { colour: m.stable })))];
      break;
    case "change_odds":
      body = h(
        "div.hf-odds-change",
        null,
        st.stables.map((stable) =>
          h(
            "div.row",
            null,
            horseName(stable.stable),
            moves.filter((m) => m.stable === stable.stable).map((m) => moveButton(m.rows > 0 ? `+${m.rows}` : String(m.rows), m, send, { title: `${m.rows} rows` })),
          ),
        ),
      );
      break;
    case "dutch_auction":
    case "english_auction": {
      const a = st.auction;
      const selling = st.phase === "dutch_auction";
      body = [
        h("p", null, selling ? `The Bank offers ${money(a.price)} for one of your VP.` : `The Bank sells one VP for ${money(a.price)}.`, a.best !== null ? ` Best so far: seat ${a.best + 1} at ${money(a.best_price)}.` : ""),
        h(
          "div.hf-buttons",
          null,
          moves.map((m) => (m.type === "accept" ? moveButton(selling ? `Sell for ${money(a.price)}` : `Bid ${money(a.price)}`, m, send, { primary: true }) : moveButton(selling ? "Refuse" : "Pass", m, send))),
        ),
        h("p.help", null, "Refusing is final for this auction."),
      ];
      break;
    }
    default:
      body = h("div.hf-buttons", null, moves.map((m) => moveButton(m.type.replace(/_/g, " "), m, send)));
  }
  return h("div.actions.panel", { dataset: { phase: st.phase } }, body);
}

// ------------------------------------------------------------------ me and the others
function mine(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined || !view.state.players[ctx.seat]) return null;
  const st = view.state;
  const me = st.players[ctx.seat];
  const party = st.mode === "party";
  const stats = [
    ["Danari", money(me.danari)],
    party ? null : ["VP", String(me.vp)],
    party ? null : ["Minimum bet", money(me.minimum_bet)],
  ].filter(Boolean);
  const owned = [];
  if (me.stables.length) owned.push(h("div", null, h("span.label", null, "Stables "), me.stables.map((c, i) => [i ? " " : "", horseName(c)])));
  if (me.loans.length) owned.push(h("div", null, h("span.label", null, "Loans "), me.loans.map((l) => `${cap(l)} (repay ${l === "bank" ? "2,500" : "5,000"} D)`).join(", ")));
  const cards = [...me.assistants, ...me.horses, ...(st.my_targets || [])];
  const commitment = view.my_commitment;
  return h(
    "div.panel.hf-me",
    null,
    h("h3", null, me.character ? `You: ${me.character}` : "You"),
    h("div.hf-stats", null, stats.map(([k, v]) => h("div.stat", null, h("small", null, k), h("strong", null, v)))),
    owned,
    cards.length ? [h("div.label", null, "Your cards"), h("div.hf-hand", null, cards.map((id) => cardTile(view, id)))] : null,
    st.hand && st.hand.length ? [h("div.label", null, "Your Action cards"), h("div.hf-hand.my-hand", null, st.hand.map((id) => cardTile(view, id)))] : null,
    commitment && commitment.type === "place_bet" ? h("p.my-secret", null, `Your secret bet: ${money(commitment.amount)} to ${commitment.bet} on ${commitment.stable}.`) : null,
    commitment && commitment.type === "play_action_card" ? h("p.my-secret", null, `Your card: ${cardName(view, commitment.card)} behind ${commitment.stable} (secret until all have played).`) : null,
    me.eliminated ? h("p.error-text", null, "You have lost the game.") : null,
  );
}

function players(view, ctx) {
  const st = view.state;
  const party = st.mode === "party";
  const acting = new Set(view.turn.seats);
  const committed = new Set(view.committed || []);
  const head = party ? ["Player", "Danari", "Bet this race"] : ["Player", "Danari", "VP", "Cards", "Bets this round"];
  const rows = st.players.map((p) => {
    const bets = st.bets.filter((b) => b.seat === p.seat);
    const cards = party
      ? null
      : [p.character ? h("div.muted", null, p.character) : null, p.stables.map((c) => horseName(c)), h("div.muted.small-text", null, `${p.assistants.length} asst · ${p.horses.length} horse · ${p.targets} target · ${p.action_cards} action${p.loans.length ? ` · ${p.loans.length} loan` : ""}`)];
    let status = null;
    if (view.turn.simultaneous && !view.over) status = committed.has(p.seat) ? h("span.badge.done", null, "✓ done") : acting.has(p.seat) ? h("span.badge.waiting", null, "choosing…") : null;
    return h(
      "tr",
      { class: `${acting.has(p.seat) ? "acting" : ""} ${p.seat === ctx.seat ? "me" : ""} ${p.eliminated ? "out" : ""}`, dataset: { seat: String(p.seat) } },
      h("td", null, seatTag(ctx, p.seat), p.seat === st.first_player ? h("span.badge.first", { title: "First Player" }, "1st") : null, p.eliminated ? h("span.badge", null, "out") : null),
      h("td.money", null, money(p.danari)),
      party ? null : h("td.vp", null, String(p.vp)),
      party ? null : h("td.cards", null, cards),
      h("td.hf-bets", null, bets.length ? bets.map((b) => h("div.bet", null, horseName(b.stable), ` ${b.bet} ${b.amount}`)) : status || h("span.muted", null, "–")),
    );
  });
  return h(
    "div.players.panel",
    null,
    h("div.scroll-x", { tabindex: "0", role: "region", "aria-label": "Players" }, h("table", null, h("thead", null, h("tr", null, head.map((t) => h("th", null, t)))), h("tbody", null, rows))),
  );
}

function history(view) {
  const past = view.state.history || [];
  if (!past.length) return h("p.muted", null, "No race run yet.");
  return past
    .slice()
    .reverse()
    .map((race) =>
      h(
        "div.race",
        { dataset: { round: String(race.round) } },
        h("strong", null, `Race ${race.round}: `),
        race.ranking.map((c, i) => [i ? ", " : "", `${ordinal(i + 1)} `, horseName(c)]),
        h("div.muted.small-text", null, "New odds: ", LANES.map((c) => `${c} 1:${race.odds_after[c]}`).join(", ")),
      ),
    );
}

function helpLines(view) {
  const st = view.state;
  if (st.mode === "party") {
    return [
      h("p.help", null, `The Party Game (proposed): ${st.rounds} races; everyone starts with 1,000 D. Before each race everyone picks a horse, Win or Show and a stake in secret; the bets show together.`),
      h("p.help", null, "Horses move by the Movement card's number for their odds row, plus the sprint dice. Win pays stake × odds, Show (1st to 3rd) stake × 2. The game ends early when someone is broke; the richest player wins."),
    ];
  }
  return [
    h("p.help", null, st.mode === "family" ? "The Family Game: two free Action cards a round, then first bet, race-fixing, second bet and the race." : "Each round: Purchase Phase (two steps), bets (first bet, race-fixing, second bet), the race, payoffs, new odds and two auctions of one VP."),
    h("p.help", null, "Horses move by the Movement card's number for their odds row, plus one square for each sprint die showing their colour. Win pays stake × odds and 3 VP; Show (1st to 3rd) pays stake × 2 and 1 VP; Stable owners get 600/400/200 D. Most VP wins."),
  ];
}

// ------------------------------------------------------------------ render
let last = null;

function rerender() {
  if (last) keepFocus(last[1], () => render(...last));
}

export function render(view, el, send, ctx) {
  last = [view, el, send, ctx];
  for (const [id, info] of Object.entries(view.state.cards || {})) seenNames[id] = info.name;
  scoreLabel = view.state.mode === "party" ? "D" : "VP";
  if (!el.classList.contains("hf")) {
    el.replaceChildren();
    el.classList.add("hf");
  }
  const st = view.state;
  fill(part(el, "banner"), banner(view, ctx));
  // The bet form keeps what is typed while the view does not change it.
  const act = part(el, "actions");
  const key = JSON.stringify([st.phase, st.round, view.legal_moves, canAct(view, ctx), betChoice, selectedCard, st.bets.length]);
  if (act.dataset.key !== key) {
    act.dataset.key = key;
    fill(act, actions(view, send, ctx));
  }
  const board = part(el, "board", () => h("div.board.hf-board", null, h("div.track-holder"), h("div.bb-holder"), h("div.race-holder")));
  drawTrack(board.querySelector(".track-holder"), view, ctx);
  fill(board.querySelector(".bb-holder"), blackboard(view));
  fill(board.querySelector(".race-holder"), raceLine(view));
  fill(part(el, "me"), mine(view, ctx));
  fill(part(el, "players"), players(view, ctx));
  const past = part(el, "history", () => h("details.panel", { open: true }, h("summary", null, "Past races"), h("div.body")));
  fill(past.querySelector(".body"), history(view));
  const how = part(el, "help", () => h("details.panel.how", null, h("summary", null, "How to play"), h("div.body")));
  fill(how.querySelector(".body"), helpLines(view));
}
