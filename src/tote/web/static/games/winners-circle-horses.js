// Winner's Circle's horses: their colours (named colours, else a hue from the name),
// the ink on them, their name chips, the places they finish in, and which of them
// the player may move now.

import { h } from "../js/ui.js";

export const PLACES = { win: "1st", place: "2nd", show: "3rd" };
const HORSE_COLOURS = {
  red: "#d62828",
  blue: "#1f6feb",
  green: "#23793b",
  yellow: "#f4c430",
  purple: "#7b2cbf",
  orange: "#f77f00",
  white: "#f4f4f0",
  black: "#222222",
  brown: "#8b5a2b",
  pink: "#e75480",
  grey: "#8a8a8a",
  gray: "#8a8a8a",
};
const LIGHT = new Set(["white", "yellow", "orange", "pink", "grey", "gray"]);

/** A horse's colour from its name (named colours first, else a hue from the name). */
export function horseColour(name) {
  if (HORSE_COLOURS[name]) return HORSE_COLOURS[name];
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${hash} 65% 45%)`;
}

export function ink(name) {
  return LIGHT.has(name) ? "#222" : "#fff";
}

export const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export function myTurn(view, ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && view.turn.seats.includes(ctx.seat) && Array.isArray(view.legal_moves);
}

export function movableHorses(view, ctx) {
  if (!myTurn(view, ctx)) return new Set();
  return new Set(view.legal_moves.filter((m) => m.type === "move_horse").map((m) => m.horse));
}

export function horseName(name) {
  return h("span.horse-name", { style: { "--horse": horseColour(name) } }, h("span.horse-swatch"), cap(name));
}
