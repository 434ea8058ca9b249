// Horse Fever watched step by step (issue 15; see js/playback.js): the Action
// cards revealed, each Movement card, the Sprint dice, each horse placed, payoffs.
// The line under the track follows the race as it is shown, and a new round puts the
// horses back at the start (issue 27, 2: "The horses wait at the start." while they
// ran, and a next race starting with the horses past the finish).

import { ordinal } from "../js/ui.js";
import { pastTheLine } from "./horse-fever.js";
import { startX } from "./horse-fever-track.js";

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

/** What the banner says is being watched (js/playback.js). */
export function moment(event) {
  if (event.kind === "round") return `round ${event.round} of ${event.rounds} begins`;
  if (event.kind === "reveal" || event.kind === "action_card") return "the Action cards before the race";
  if (event.kind === "movement" || event.kind === "sprint" || event.kind === "ranked") return "the race";
  if (event.kind === "payoffs") return "the payoffs";
  if (event.kind === "new_odds") return "the new odds";
  return null;
}

export function weight(event) {
  return event.kind === "payoffs" ? 4 : 1;
}

function at(token) {
  const found = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(token.style.transform || "");
  return found ? [Number(found[1]), Number(found[2])] : null;
}

/** The board follows the step: a new round puts the horses back at the start; in the
 *  race they move (below), and the line under the track tells the step. */
export function animate(event, game) {
  if (event.kind === "round") {
    backToTheStart(game);
    return;
  }
  moveTokens(event, game);
  // After the tokens have moved: the line tells the step as the board shows it.
  if (event.kind === "movement" || event.kind === "sprint" || event.kind === "ranked") tellTheRace(event, game);
}

/** Horses move along their lanes by the squares the card or the dice give them, up
 *  to just past the finish line; a horse placed goes to its place past the line,
 *  where the final board draws it (1st furthest ahead). */
function moveTokens(event, game) {
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
  if (event.kind === "movement") return [{ shape: "card", text: "Movement" }]; // not its code ("M03")
  if (event.kind === "sprint") return (event.dice || []).map((stable) => ({ shape: "die", colour: colour(game, stable) }));
  if (event.kind === "ranked") return [{ shape: "disc", colour: colour(game, event.stable), text: String(event.place) }];
  if (event.kind === "action_card" && event.stable) return [{ shape: "card", colour: colour(game, event.stable) }];
  return [];
}

/** A new round (HF 4.3): every horse back at the start, no place, the line says so. */
function backToTheStart(game) {
  const svg = game.querySelector("svg.hf-track");
  if (!svg) return;
  for (const token of svg.querySelectorAll("g.horse")) {
    const where = at(token);
    if (where) token.style.transform = `translate(${startX().toFixed(1)}px, ${where[1].toFixed(1)}px)`;
    token.classList.remove("placed");
    const place = token.querySelector("text.place");
    if (place) place.textContent = "";
  }
  const line = game.querySelector(".race-line");
  if (line) {
    line.className = "help race-line";
    line.textContent = "The horses wait at the start.";
  }
}

/** The line under the track during the race: the card or dice of this step and the
 *  horses placed so far (read from the tokens the steps have placed). */
function tellTheRace(event, game) {
  const line = game.querySelector(".race-line");
  const svg = game.querySelector("svg.hf-track");
  if (!line || !svg) return;
  const bits = [];
  if (event.kind === "movement") bits.push("A Movement card turned");
  if (event.kind === "sprint") bits.push(`Sprint dice: ${(event.dice || []).join(", ") || "none"}`);
  const placed = [...svg.querySelectorAll("g.horse.placed")]
    .map((token) => [parseInt(token.querySelector("text.place").textContent, 10), token.dataset.horse])
    .filter(([place]) => place > 0)
    .sort((a, b) => a[0] - b[0]);
  if (placed.length) bits.push(`Placed: ${placed.map(([place, horse]) => `${ordinal(place)} ${horse}`).join(", ")}`);
  if (!bits.length) bits.push("The race is on.");
  line.className = "race-line";
  line.textContent = bits.join(" · ");
}
