// Wetten!'s cards: a race card's face (its four rows, one per horse), a face-down
// card, and an action card with the windows it may be announced in.

import { h } from "../js/ui.js";
import { colourOf, horseNames, inkOf } from "./wetten-horses.js";

const WHEN = {
  stakes: "before Set the Stakes",
  start_before: "Start, before the cards",
  start: "Start, cards revealed",
  second_bet: "Second Bet",
  neck_and_neck: "Neck-and-Neck",
  any: "any time",
};

function cardValues(values, st) {
  return horseNames(st)
    .map((name, i) => `${name.split(" ").map((w) => w[0]).join("")} ${values[i]}`)
    .join(" · ");
}

/** A race card's face: its four rows, one per horse, with the fields it moves. */
export function raceCard(st, card, values, { onclick = null, action = null, note = "", cls = "" } = {}) {
  return h(
    onclick ? "button.wt-card" : "div.wt-card",
    {
      type: onclick ? "button" : undefined,
      class: cls,
      title: `Race card: ${cardValues(values, st)}`,
      dataset: { card: card || "", action: action || undefined },
      onclick: onclick || undefined,
    },
    h("span.card-id", null, "Race card"),
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
export function backCard(label) {
  return h("div.wt-card.back", null, h("span.card-id", null, label));
}

/** An action card's face: its name, the windows it may be announced in, its effect
 *  (``extra``: the target buttons when it may be announced now). */
export function actionCard(card, extra = null) {
  return h(
    "div.wt-action-card",
    { dataset: { card: card.card } },
    h("strong.name", null, card.name),
    h("span.when", null, card.when.map((w) => WHEN[w] || w).join(" · ")),
    h("span.text", null, card.text),
    extra,
  );
}
