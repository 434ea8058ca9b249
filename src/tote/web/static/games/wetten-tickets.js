// Wetten!'s betting tickets: a ticket as the grid printed on it (horses by places),
// and the form one writes a Set the Stakes or Second Bet ticket in (with Long Odds);
// what is typed stays in a draft until the ticket is written.

import { h, ordinal, refusal } from "../js/ui.js";
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

const drafts = { key: "", stakes: {}, longOdds: "", error: null };
const STEP = 1000; // ruling 2: bets are multiples of 1000 (the smallest banknote)

/**
 * What is wrong with the ticket as typed, before it is sent (issue 27 item 4): the
 * first cell whose stake is under the race's minimum or not in thousands (WT 2.3), or
 * a total over the cash at hand (WT 2.4). null when the rules engine may judge it.
 */
function faultOf(st, seat) {
  let total = 0;
  for (const [cell, value] of Object.entries(drafts.stakes)) {
    if (value === "" || value === undefined) continue;
    const stake = Number(value);
    if (!Number.isInteger(stake) || stake < 0) return { cell, rule: "WT 2.3", text: `a stake is a whole number of dollars, not “${value}”` };
    if (!stake) continue;
    if (stake < st.minimum_stake || stake % STEP) {
      return { cell, rule: "WT 2.3 minimum stake", text: `each bet in this race is at least ${money(st.minimum_stake)}, in thousands: ${money(stake)} is not` };
    }
    total += stake;
  }
  if (total > st.cash[seat]) return { cell: "total", rule: "WT 2.4 only money at hand", text: `the ticket totals ${money(total)} but you have ${money(st.cash[seat])}` };
  return null;
}

/** The message under the form: one at a time, beside the field at fault. */
function errorNode(error) {
  return h("p.field-error#ticket-error", { role: "alert", hidden: !error }, error ? refusal(error.rule, error.text) : null);
}

/** Put `error` on the form on the page (and keep it for the next redraw). */
function showError(root, error) {
  drafts.error = error;
  const form = root.querySelector(".actions[data-ticket-form]");
  if (!form) return false;
  for (const input of form.querySelectorAll("input.stake")) {
    const at = error && error.cell === `${input.dataset.horse}|${input.dataset.place}`;
    input.setAttribute("aria-invalid", at ? "true" : "false");
  }
  const button = form.querySelector("button[data-action=ticket]");
  if (button) button.classList.toggle("at-fault", Boolean(error && error.cell === "total"));
  form.querySelector("#ticket-error").replaceWith(errorNode(error));
  if (error && error.cell && error.cell !== "total") {
    const [horse, place] = error.cell.split("|");
    const input = form.querySelector(`input.stake[data-horse="${CSS.escape(horse)}"][data-place="${place}"]`);
    if (input) input.focus({ preventScroll: false });
  }
  return true;
}

/**
 * The server refused the ticket (the module's `refused` hook): say it once, on the
 * form, beside the field at fault; what was typed stays. false when no form is shown.
 */
export function ticketRefused(rule, message, el, view) {
  if (!el.querySelector(".actions[data-ticket-form]")) return false;
  const st = view.state;
  let cell = null;
  if (/^WT 2\.4/.test(rule)) cell = "total";
  else if (/^WT 2\.3/.test(rule)) {
    const bad = Object.entries(drafts.stakes).find(([, v]) => v && (Number(v) < st.minimum_stake || Number(v) % STEP));
    cell = bad ? bad[0] : null;
  }
  return showError(el, { cell, rule, text: message });
}

export function ticketForm(view, send, ctx) {
  const st = view.state;
  const key = `${st.race}-${st.stage}`;
  if (drafts.key !== key) {
    drafts.key = key;
    drafts.stakes = {};
    drafts.longOdds = "";
    drafts.error = null;
  }
  const invalid = (cell) => (drafts.error && drafts.error.cell === cell ? "true" : "false");
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
                "aria-invalid": invalid(cell),
                "aria-describedby": "ticket-error",
                dataset: { horse: name, place: String(place) },
                value: drafts.stakes[cell] || "",
                oninput: (e) => {
                  drafts.stakes[cell] = e.target.value;
                  // Mending the field at fault takes its message away.
                  if (drafts.error && (drafts.error.cell === cell || drafts.error.cell === "total")) showError(e.target.closest(".actions").parentElement, null);
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
  const submit = (event) => {
    const fault = faultOf(st, ctx.seat);
    if (fault) {
      showError(event.target.closest(".actions").parentElement, fault);
      return;
    }
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
    { dataset: { phase: st.stage, ticketForm: "" } },
    h("p.help", null, `Each bet at least ${money(st.minimum_stake)} in thousands; together at most your ${money(st.cash[ctx.seat])}. Leave every cell empty for no bet.`),
    grid,
    drafts.error && drafts.error.cell !== "total" ? errorNode(drafts.error) : null,
    longOdds,
    drafts.error && drafts.error.cell === "total" ? errorNode(drafts.error) : null,
    !drafts.error ? errorNode(null) : null,
    h("button.primary", { type: "button", class: invalid("total") === "true" ? "at-fault" : "", "aria-describedby": "ticket-error", dataset: { action: "ticket" }, onclick: submit }, total ? `Write the ticket (${money(total)})` : "Write the ticket"),
  );
}
