// Horse Fever watched step by step (issue 15; see js/playback.js): the Action
// cards revealed, each Movement card, the Sprint dice, each horse placed, payoffs.

import { ordinal } from "../js/ui.js";
import { pastTheLine } from "./horse-fever.js";

const LABELS = {
  round: "Round",
  reveal: "Action cards",
  action_card: "Action card",
  movement: "Movement card",
  sprint: "Sprint dice",
  ranked: "Finish",
  payoffs: "Payoffs",
  new_odds: "New odds",
};

export function isStep(event) {
  return event.kind in LABELS;
}

export function label(event) {
  return LABELS[event.kind];
}

export function weight(event) {
  return event.kind === "payoffs" ? 4 : 1;
}

function at(token) {
  const found = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(token.style.transform || "");
  return found ? [Number(found[1]), Number(found[2])] : null;
}

/** Horses move along their lanes by the squares the card or the dice give them, up
 *  to just past the finish line; a horse placed goes to its place past the line,
 *  where the final board draws it (1st furthest ahead). */
export function animate(event, game) {
  const moved = event.kind === "movement" ? event.moved : event.kind === "sprint" ? event.sprinted : null;
  const svg = game.querySelector("svg.hf-track");
  if ((!moved && event.kind !== "ranked") || !svg) return;
  const numbers = svg.querySelectorAll("text.square-no");
  const line = svg.querySelector("rect.finish");
  if (numbers.length < 2 || !line) return;
  const square = Number(numbers[1].getAttribute("x")) - Number(numbers[0].getAttribute("x"));
  const limit = Number(line.getAttribute("x")) + 2 + pastTheLine(null);
  if (event.kind === "ranked") {
    const token = svg.querySelector(`g.horse[data-horse="${CSS.escape(event.stable)}"]`);
    const where = token && at(token);
    if (!where) return;
    const x = Number(line.getAttribute("x")) + 2 + pastTheLine(event.place);
    token.style.transform = `translate(${x.toFixed(1)}px, ${where[1].toFixed(1)}px)`;
    token.classList.add("placed");
    token.querySelector("text.place").textContent = ordinal(event.place);
    return;
  }
  for (const [colour, squares] of Object.entries(moved)) {
    const token = svg.querySelector(`g.horse[data-horse="${CSS.escape(colour)}"]`);
    const where = token && at(token);
    if (!where || !squares) continue;
    const x = Math.min(where[0] + squares * square, limit);
    token.style.transform = `translate(${x.toFixed(1)}px, ${where[1].toFixed(1)}px)`;
  }
}

function colour(game, stable) {
  const body = game.querySelector(`svg.hf-track g.horse[data-horse="${CSS.escape(stable)}"] circle`);
  return body ? body.getAttribute("fill") : stable;
}

/** Beside the sentence: the Movement card, the two Sprint dice, the horse placed. */
export function chips(event, game) {
  if (event.kind === "movement") return [{ shape: "card", text: event.card }];
  if (event.kind === "sprint") return (event.dice || []).map((stable) => ({ shape: "die", colour: colour(game, stable) }));
  if (event.kind === "ranked") return [{ shape: "disc", colour: colour(game, event.stable), text: String(event.place) }];
  if (event.kind === "action_card" && event.stable) return [{ shape: "card", colour: colour(game, event.stable) }];
  return [];
}
