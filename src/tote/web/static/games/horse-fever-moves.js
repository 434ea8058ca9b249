// Horse Fever: what one may do now (purchases, keeping a card, offers, the starting
// lineup, bets with amounts, race-fixing face down, photo finishes, odds changes,
// auctions) and the card tiles. The choice of card, horse and kind of bet lives here
// between views; a choice that sends nothing draws the page again (rerender).

import { h, toast } from "../js/ui.js";
import { rerender } from "./horse-fever.js";
import { HORSE, LANES, cap, cardName, horseName, ink, money } from "./horse-fever-words.js";

const DECK_NAMES = { action: "Action", target: "Target", assistant: "Assistant", horse: "Horse" };

export function canAct(view, ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && !view.over && view.turn.seats.includes(ctx.seat);
}

export let selectedCard = null;
export let betChoice = { stable: null, bet: "win" };
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

export function cardTile(view, id, { selected = false, onclick = null, action = null } = {}) {
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
    h("small.card-kind", null, info.kind || "card"), // its kind in words, not its code ("A08")
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

export function actions(view, send, ctx) {
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
