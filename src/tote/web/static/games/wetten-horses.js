// Wetten!'s horses: their colours and numbered name tags, the four places; and the
// page's shared words (money in dollars, whether it is one's turn).

import { h } from "../js/ui.js";

export const PLACES = [1, 2, 3, 4];
/** Horse colours by horse number (this page's choice: the rulebook names no colours). */
const COLOURS = ["#7b2cbf", "#d62828", "#2b9348", "#f2b705"];
const LIGHT = new Set([3]);

export const money = (n) => `$${Number(n).toLocaleString("en")}`;
export const colourOf = (i) => COLOURS[i % COLOURS.length];
export const inkOf = (i) => (LIGHT.has(i % COLOURS.length) ? "#222" : "#fff");

export function myTurn(view, ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && !view.over && view.turn.seats.includes(ctx.seat);
}

export function horseNames(st) {
  return st.horses.map((horse) => horse.name);
}

function horseIndex(st, name) {
  return st.horses.findIndex((horse) => horse.name === name);
}

/** A horse's name with its coloured number disc. */
export function horseTag(st, name) {
  const i = horseIndex(st, name);
  return h(
    "span.wt-horse",
    { style: { "--horse": colourOf(i), "--horse-ink": inkOf(i) } },
    h("span.wt-disc", null, String(i + 1)),
    name,
  );
}
