// Wetten!'s betting tickets: a ticket as the grid printed on it (horses by places),
// and the form one writes a Set the Stakes or Second Bet ticket in (with Long Odds);
// what is typed stays in a draft until the ticket is written.

import { h, ordinal } from "../js/ui.js";
import { PLACES, horseNames, horseTag, money } from "./wetten-horses.js";

function cells(bets) {
  if (!bets || !bets.length) return "no bets";
  return bets.map((b) => `${money(b.stake)} on ${b.horse} ${b.place}.`).join(", ");
}

/** A betting ticket as the grid printed on it: horses by places, stakes in cells. */
export function ticketGrid(st, kind, bets, marks = {}) {
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

const drafts = { key: "", stakes: {}, longOdds: "" };

export function ticketForm(view, send, ctx) {
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
